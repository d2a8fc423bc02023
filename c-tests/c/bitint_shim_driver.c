/* The `_BitInt` rows of the shim-cost benchmark (benches/shim_cost.rs):
 * calls the generated `#[c_export]` shim or the hand-written function of a
 * pair n times through the same loop, with clang-19's own `_BitInt`
 * calling convention. Built by build.rs with clang-19 -O2 -std=c2x. */
#include <stdint.h>

_BitInt(24) bench_bitint24_generated(_BitInt(24), _BitInt(24));
_BitInt(24) bench_bitint24_handwritten(_BitInt(24), _BitInt(24));
_BitInt(128) bench_bitint128_generated(_BitInt(128), _BitInt(128));
_BitInt(128) bench_bitint128_handwritten(_BitInt(128), _BitInt(128));
_BitInt(256) bench_bitint256_generated(_BitInt(256), _BitInt(256));
_BitInt(256) bench_bitint256_handwritten(_BitInt(256), _BitInt(256));

int64_t bitint_shim_drive(int width, int generated, uint64_t n);

/* The accumulator feeds each result into the next call, so no call is
 * dead; the folded value is returned so the loop is not either. */
#define DRIVE(W)                                                                 \
    do {                                                                         \
        _BitInt(W) (*f)(_BitInt(W), _BitInt(W)) =                                \
            generated ? bench_bitint##W##_generated : bench_bitint##W##_handwritten; \
        _BitInt(W) acc = 1;                                                      \
        for (uint64_t i = 0; i < n; i++) acc = f(acc, (_BitInt(W))i);            \
        return (int64_t)acc;                                                     \
    } while (0)

int64_t bitint_shim_drive(int width, int generated, uint64_t n) {
    switch (width) {
    case 24: DRIVE(24);
    case 128: DRIVE(128);
    case 256: DRIVE(256);
    default: return -1;
    }
}
