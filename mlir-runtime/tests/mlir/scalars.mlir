// The scalar printers `vector.print` lowers to (`printI64`, `printU64`,
// `printF32`, `printF64`, `printString`, `printOpen`, `printClose`,
// `printComma`, `printNewline`), `printFlops` (stderr), the clocks
// (`rtclock`, `nanoTime`: printed as whether they advance) and the
// allocation functions (`mlirAlloc`, `mlirAlignedAlloc`, `mlirFree`,
// `mlirAlignedFree`) (`vector.print` is `vector_print.mlir`).
module {
  func.func private @printI64(i64)
  func.func private @printU64(i64)
  func.func private @printF32(f32)
  func.func private @printF64(f64)
  func.func private @printOpen()
  func.func private @printClose()
  func.func private @printComma()
  func.func private @printNewline()
  func.func private @printFlops(f64)
  func.func private @rtclock() -> f64
  func.func private @nanoTime() -> i64 attributes { llvm.emit_c_interface }
  llvm.func @printString(!llvm.ptr)
  llvm.func @mlirAlloc(i64) -> !llvm.ptr
  llvm.func @mlirAlignedAlloc(i64, i64) -> !llvm.ptr
  llvm.func @mlirFree(!llvm.ptr)
  llvm.func @mlirAlignedFree(!llvm.ptr)
  llvm.mlir.global internal constant @hello("hello, runtime: %d %s\0A\00") {addr_space = 0 : i32}

  func.func @f32s(%x: f32) {
    call @printF32(%x) : (f32) -> ()
    call @printComma() : () -> ()
    return
  }

  func.func @main() {
    %i0 = arith.constant -9223372036854775808 : i64
    %i1 = arith.constant 9223372036854775807 : i64
    %i2 = arith.constant -1 : i64
    call @printOpen() : () -> ()
    call @printI64(%i0) : (i64) -> ()
    call @printComma() : () -> ()
    call @printI64(%i1) : (i64) -> ()
    call @printComma() : () -> ()
    call @printU64(%i2) : (i64) -> ()
    call @printClose() : () -> ()
    call @printNewline() : () -> ()

    %f0 = arith.constant 0.1 : f32
    %f1 = arith.constant -0.0 : f32
    %f2 = arith.constant 1.0e-40 : f32
    %f3 = arith.constant 3.4028235e38 : f32
    %f4 = arith.constant 0x7FC00000 : f32
    %f5 = arith.constant 0xFF800000 : f32
    %f6 = arith.constant 123456.7 : f32
    %f7 = arith.constant 1234567.0 : f32
    %f8 = arith.constant 0.0001 : f32
    %f9 = arith.constant 0.00001 : f32
    call @f32s(%f0) : (f32) -> ()
    call @f32s(%f1) : (f32) -> ()
    call @f32s(%f2) : (f32) -> ()
    call @f32s(%f3) : (f32) -> ()
    call @f32s(%f4) : (f32) -> ()
    call @f32s(%f5) : (f32) -> ()
    call @f32s(%f6) : (f32) -> ()
    call @f32s(%f7) : (f32) -> ()
    call @f32s(%f8) : (f32) -> ()
    call @printF32(%f9) : (f32) -> ()
    call @printNewline() : () -> ()

    %d0 = arith.constant 2.5e-308 : f64
    %d1 = arith.constant 1.0e100 : f64
    %d2 = arith.constant 0.333333333333 : f64
    %d3 = arith.constant 0xFFF8000000000000 : f64
    call @printF64(%d0) : (f64) -> ()
    call @printComma() : () -> ()
    call @printF64(%d1) : (f64) -> ()
    call @printComma() : () -> ()
    call @printF64(%d2) : (f64) -> ()
    call @printComma() : () -> ()
    call @printF64(%d3) : (f64) -> ()
    call @printNewline() : () -> ()

    %s = llvm.mlir.addressof @hello : !llvm.ptr
    llvm.call @printString(%s) : (!llvm.ptr) -> ()

    %flops = arith.constant 12345678901.0 : f64
    call @printFlops(%flops) : (f64) -> ()

    %t0 = call @rtclock() : () -> f64
    %t1 = call @rtclock() : () -> f64
    %later = arith.cmpf oge, %t1, %t0 : f64
    %after2020 = arith.constant 1.6e9 : f64
    %recent = arith.cmpf ogt, %t0, %after2020 : f64
    %ok = arith.andi %later, %recent : i1
    %ok64 = arith.extui %ok : i1 to i64
    call @printI64(%ok64) : (i64) -> ()
    %n0 = call @nanoTime() : () -> i64
    %n1 = call @nanoTime() : () -> i64
    %nlater = arith.cmpi sge, %n1, %n0 : i64
    %nok = arith.extui %nlater : i1 to i64
    call @printI64(%nok) : (i64) -> ()
    call @printNewline() : () -> ()

    %size = arith.constant 64 : i64
    %align = arith.constant 64 : i64
    %p = llvm.call @mlirAlloc(%size) : (i64) -> !llvm.ptr
    %v = arith.constant 7 : i64
    llvm.store %v, %p : i64, !llvm.ptr
    %w = llvm.load %p : !llvm.ptr -> i64
    call @printI64(%w) : (i64) -> ()
    llvm.call @mlirFree(%p) : (!llvm.ptr) -> ()
    %q = llvm.call @mlirAlignedAlloc(%align, %size) : (i64, i64) -> !llvm.ptr
    %qi = llvm.ptrtoint %q : !llvm.ptr to i64
    %mask = arith.constant 63 : i64
    %low = arith.andi %qi, %mask : i64
    call @printI64(%low) : (i64) -> ()
    llvm.call @mlirAlignedFree(%q) : (!llvm.ptr) -> ()
    call @printNewline() : () -> ()

    return
  }
}
