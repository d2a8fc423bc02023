; A caller that declares the exports the way CIRCT's arcilator declares DPI
; functions: narrow integers (i8, i16) with no `signext`/`zeroext`, so the
; bits above the value are whatever the register held. Each argument is a
; 32-bit word loaded from memory (volatile, so it is not folded) and
; truncated, which leaves the word's upper bits in the register. The shims
; must read only the value's own bits (and, for a `_BitInt` narrower than
; its byte, not the padding bits either). Built by clang-19 into a program with
; this `main` (c-tests/tests/hostile_callers.rs); it prints one line per
; call and exits 0 when every result is the one the value's own bits give.

@words = global [16 x i32] [
  i32 u0x123456FD,  ; ct_widen_i8: byte 0xFD = -3
  i32 u0xABCD0005,  ; ct_widen_u16: 5
  i32 u0x7F00FF7F,  ; ct_add_i8: 127
  i32 u0x11223302,  ;   + 2 wraps to -127
  i32 u0xFFFF0001,  ; ct_add_u16: 1
  i32 u0x8000FFFF,  ;   + 65535 wraps to 0
  i32 u0x7700FF01,  ; dpi_bytes: byte 1
  i32 u0x660000FE,  ;   byte unsigned 254: sum 255, result 254 * 2 = 252
  i32 u0x5A5A8000,  ; dpi_shortints: -32768
  i32 u0x12340001,  ;   - 1 wraps to 32767, 1 echoed
  i32 u0xFFFFFF00,  ; dpi_bits: bit 0 (svBit is an unsigned char)
  i32 u0x00010001,  ;   bit 1: xor 1, and 0
  i32 u0x1234567D,  ; rt_add_s7: _BitInt(7) -3, padding bit 7 dirty (0)
  i32 u0xFFFFFF01,  ;   + 1 = -2
  i32 u0xFFFFFF01,  ; rt_add_u2: unsigned _BitInt(2) 1
  i32 u0x7F00FF01   ;   + 1 = 2
]

declare i64 @ct_widen_i8(i8)
declare i64 @ct_widen_u16(i16)
declare i8 @ct_add_i8(i8, i8)
declare i16 @ct_add_u16(i16, i16)
declare i8 @dpi_bytes(i8, i8, ptr)
declare i16 @dpi_shortints(i16, i16, ptr)
declare i8 @dpi_bits(i8, i8, ptr)
declare i8 @rt_add_s7(i8, i8)
declare i8 @rt_add_u2(i8, i8)
declare i32 @printf(ptr, ...)

@line = private constant [25 x i8] c"%s: got %lld, want %lld\0A\00"
@n0 = private constant [12 x i8] c"ct_widen_i8\00"
@n1 = private constant [13 x i8] c"ct_widen_u16\00"
@n2 = private constant [10 x i8] c"ct_add_i8\00"
@n3 = private constant [11 x i8] c"ct_add_u16\00"
@n4 = private constant [17 x i8] c"dpi_bytes result\00"
@n5 = private constant [14 x i8] c"dpi_bytes sum\00"
@n6 = private constant [21 x i8] c"dpi_shortints result\00"
@n7 = private constant [19 x i8] c"dpi_shortints echo\00"
@n8 = private constant [16 x i8] c"dpi_bits result\00"
@n9 = private constant [14 x i8] c"dpi_bits both\00"
@n10 = private constant [10 x i8] c"rt_add_s7\00"
@n11 = private constant [10 x i8] c"rt_add_u2\00"

define private i32 @word(i64 %k) {
  %p = getelementptr [16 x i32], ptr @words, i64 0, i64 %k
  %w = load volatile i32, ptr %p
  ret i32 %w
}

; Prints the line and returns 1 when `got` differs from `want`.
define private i32 @check(ptr %name, i64 %got, i64 %want) {
  call i32 (ptr, ...) @printf(ptr @line, ptr %name, i64 %got, i64 %want)
  %bad = icmp ne i64 %got, %want
  %r = zext i1 %bad to i32
  ret i32 %r
}

define i32 @main() {
  %w0 = call i32 @word(i64 0)
  %a0 = trunc i32 %w0 to i8
  %r0 = call i64 @ct_widen_i8(i8 %a0)
  %f0 = call i32 @check(ptr @n0, i64 %r0, i64 -3)

  %w1 = call i32 @word(i64 1)
  %a1 = trunc i32 %w1 to i16
  %r1 = call i64 @ct_widen_u16(i16 %a1)
  %f1 = call i32 @check(ptr @n1, i64 %r1, i64 5)

  %w2 = call i32 @word(i64 2)
  %w3 = call i32 @word(i64 3)
  %a2 = trunc i32 %w2 to i8
  %a3 = trunc i32 %w3 to i8
  %r2 = call i8 @ct_add_i8(i8 %a2, i8 %a3)
  %s2 = sext i8 %r2 to i64
  %f2 = call i32 @check(ptr @n2, i64 %s2, i64 -127)

  %w4 = call i32 @word(i64 4)
  %w5 = call i32 @word(i64 5)
  %a4 = trunc i32 %w4 to i16
  %a5 = trunc i32 %w5 to i16
  %r3 = call i16 @ct_add_u16(i16 %a4, i16 %a5)
  %z3 = zext i16 %r3 to i64
  %f3 = call i32 @check(ptr @n3, i64 %z3, i64 0)

  %sum = alloca i16
  %w6 = call i32 @word(i64 6)
  %w7 = call i32 @word(i64 7)
  %a6 = trunc i32 %w6 to i8
  %a7 = trunc i32 %w7 to i8
  %r4 = call i8 @dpi_bytes(i8 %a6, i8 %a7, ptr %sum)
  %z4 = zext i8 %r4 to i64
  %f4 = call i32 @check(ptr @n4, i64 %z4, i64 252)
  %sv = load i16, ptr %sum
  %s5 = sext i16 %sv to i64
  %f5 = call i32 @check(ptr @n5, i64 %s5, i64 255)

  %echo = alloca i16
  %w8 = call i32 @word(i64 8)
  %w9 = call i32 @word(i64 9)
  %a8 = trunc i32 %w8 to i16
  %a9 = trunc i32 %w9 to i16
  %r6 = call i16 @dpi_shortints(i16 %a8, i16 %a9, ptr %echo)
  %s6 = sext i16 %r6 to i64
  %f6 = call i32 @check(ptr @n6, i64 %s6, i64 32767)
  %ev = load i16, ptr %echo
  %z7 = zext i16 %ev to i64
  %f7 = call i32 @check(ptr @n7, i64 %z7, i64 1)

  %both = alloca i8
  %w10 = call i32 @word(i64 10)
  %w11 = call i32 @word(i64 11)
  %a10 = trunc i32 %w10 to i8
  %a11 = trunc i32 %w11 to i8
  %r8 = call i8 @dpi_bits(i8 %a10, i8 %a11, ptr %both)
  %z8 = zext i8 %r8 to i64
  %f8 = call i32 @check(ptr @n8, i64 %z8, i64 1)
  %bv = load i8, ptr %both
  %z9 = zext i8 %bv to i64
  %f9 = call i32 @check(ptr @n9, i64 %z9, i64 0)

  %t0 = add i32 %f0, %f1
  %t1 = add i32 %t0, %f2
  %t2 = add i32 %t1, %f3
  %t3 = add i32 %t2, %f4
  %t4 = add i32 %t3, %f5
  %t5 = add i32 %t4, %f6
  %t6 = add i32 %t5, %f7
  %t7 = add i32 %t6, %f8
  %t8 = add i32 %t7, %f9

  %w12 = call i32 @word(i64 12)
  %w13 = call i32 @word(i64 13)
  %a12 = trunc i32 %w12 to i8
  %a13 = trunc i32 %w13 to i8
  %r10 = call i8 @rt_add_s7(i8 %a12, i8 %a13)
  %s10 = sext i8 %r10 to i64
  %f10 = call i32 @check(ptr @n10, i64 %s10, i64 -2)

  %w14 = call i32 @word(i64 14)
  %w15 = call i32 @word(i64 15)
  %a14 = trunc i32 %w14 to i8
  %a15 = trunc i32 %w15 to i8
  %r11 = call i8 @rt_add_u2(i8 %a14, i8 %a15)
  %z11 = zext i8 %r11 to i64
  %f11 = call i32 @check(ptr @n11, i64 %z11, i64 2)

  %t9 = add i32 %t8, %f10
  %t10 = add i32 %t9, %f11
  ret i32 %t10
}
