/* The arithmetic benchmark (benches/bitint_ops.rs), C side, built by
 * clang-19 with -O2 -std=c2x.
 *
 * clang's native `unsigned _BitInt(N)` operations are compiled here as
 * out-of-line functions; the Rust benchmark defines the same functions with
 * `UBitInt<N>`. One driver loop per operation calls either through a
 * function pointer with the C ABI, over the same 64 pseudo-random values,
 * so the two runs differ only in the code of the operation. Division runs
 * over the values and divisors of half their width (`(v >> W/2) | 1`), so
 * that quotients have about W/2 bits (clang calls `__udivei4` above 128
 * bits). */
#include <stdint.h>

#define VALUES 64

/* xorshift64, as in the Rust benchmark. */
static uint64_t next(uint64_t *s) {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

#define DEFINE(W)                                                                              \
    typedef unsigned _BitInt(W) b##W;                                                          \
    static b##W values_##W[VALUES];                                                            \
    static b##W divisors_##W[VALUES];                                                          \
    static void init_##W(void) {                                                               \
        uint64_t s = 0x9E3779B97F4A7C15ULL;                                                    \
        for (int i = 0; i < VALUES; i++) {                                                     \
            b##W v = 0;                                                                        \
            for (unsigned k = 0; k < (W + 63) / 64; k++) {                                     \
                v |= (b##W)((unsigned _BitInt(W + 64))next(&s) << (64 * k));                   \
            }                                                                                  \
            values_##W[i] = v | 1; /* odd: products never collapse to zero */                  \
            divisors_##W[i] = (values_##W[i] >> (W / 2)) | 1;                                  \
        }                                                                                      \
    }                                                                                          \
    /* Every word of the result is used, so no part of the work is dead. */                  \
    static uint64_t fold_##W(b##W acc) {                                                       \
        uint64_t r = 0;                                                                        \
        for (unsigned k = 0; k < (W + 63) / 64; k++) r ^= (uint64_t)(acc >> (64 * k));          \
        return r;                                                                              \
    }                                                                                          \
    /* clang's operations. */                                                                  \
    b##W c_add_##W(b##W a, b##W b);                                                            \
    __attribute__((noinline)) b##W c_add_##W(b##W a, b##W b) { return a + b; }                \
    b##W c_sub_##W(b##W a, b##W b);                                                            \
    __attribute__((noinline)) b##W c_sub_##W(b##W a, b##W b) { return a - b; }                \
    b##W c_div_##W(b##W a, b##W b);                                                            \
    __attribute__((noinline)) b##W c_div_##W(b##W a, b##W b) { return a / b; }                \
    b##W c_rem_##W(b##W a, b##W b);                                                            \
    __attribute__((noinline)) b##W c_rem_##W(b##W a, b##W b) { return a % b; }                \
    b##W c_shrx_##W(b##W a, b##W v, uint32_t k);                                               \
    __attribute__((noinline)) b##W c_shrx_##W(b##W a, b##W v, uint32_t k) { return (a >> k) ^ v; } \
    b##W c_mul_##W(b##W a, b##W b);                                                            \
    __attribute__((noinline)) b##W c_mul_##W(b##W a, b##W b) { return a * b; }                \
    b##W c_shlx_##W(b##W a, b##W v, uint32_t k);                                               \
    __attribute__((noinline)) b##W c_shlx_##W(b##W a, b##W v, uint32_t k) { return (a << k) ^ v; } \
    _Bool c_lt_##W(b##W a, b##W b);                                                            \
    __attribute__((noinline)) _Bool c_lt_##W(b##W a, b##W b) { return a < b; }                 \
    /* The drivers. */                                                                         \
    uint64_t drive_add_##W(b##W (*f)(b##W, b##W), uint64_t n);                                 \
    uint64_t drive_add_##W(b##W (*f)(b##W, b##W), uint64_t n) {                                \
        init_##W();                                                                            \
        b##W acc = values_##W[0];                                                              \
        for (uint64_t i = 0; i < n; i++) acc = f(acc, values_##W[i % VALUES]);                 \
        return fold_##W(acc);                                                                  \
    }                                                                                          \
    uint64_t drive_shlx_##W(b##W (*f)(b##W, b##W, uint32_t), uint64_t n);                      \
    uint64_t drive_shlx_##W(b##W (*f)(b##W, b##W, uint32_t), uint64_t n) {                     \
        init_##W();                                                                            \
        b##W acc = values_##W[0];                                                              \
        for (uint64_t i = 0; i < n; i++) acc = f(acc, values_##W[i % VALUES], (uint32_t)(i % W)); \
        return fold_##W(acc);                                                                  \
    }                                                                                          \
    uint64_t drive_div_##W(b##W (*f)(b##W, b##W), uint64_t n);                                 \
    uint64_t drive_div_##W(b##W (*f)(b##W, b##W), uint64_t n) {                                \
        init_##W();                                                                            \
        b##W acc = values_##W[0];                                                              \
        for (uint64_t i = 0; i < n; i++) acc ^= f(values_##W[i % VALUES], divisors_##W[i % VALUES]); \
        return fold_##W(acc);                                                                  \
    }                                                                                          \
    uint64_t drive_lt_##W(_Bool (*f)(b##W, b##W), uint64_t n);                                 \
    uint64_t drive_lt_##W(_Bool (*f)(b##W, b##W), uint64_t n) {                                \
        init_##W();                                                                            \
        uint64_t count = 0;                                                                    \
        for (uint64_t i = 0; i < n; i++) count += f(values_##W[i % VALUES], values_##W[(i + 1) % VALUES]); \
        return count;                                                                          \
    }

DEFINE(24)
DEFINE(64)
DEFINE(128)
DEFINE(256)
DEFINE(512)
DEFINE(1024)
