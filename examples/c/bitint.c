/* The C23 half of the showcase, compiled by clang-19 with -std=c23: calls
 * the `#[c_export]` functions that take and return `_BitInt(N)` values and
 * compares each result with the same arithmetic done by C itself. */
#include "abi_examples.h"

#include <stdint.h>
#include <stdio.h>

#if !ABI_HAVE_BITINT
#error "compile with a C23 compiler that has _BitInt (clang >= 16, -std=c23)"
#endif

static uint64_t state = 0x243F6A8885A308D3u;

/* xorshift64*: a fixed sequence, so a failure is reproducible. */
static uint64_t next_random(void) {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 0x2545F4914F6CDD1Du;
}

static long failures = 0;

int main(void) {
    long checks = 0;

    /* A DSP multiply-accumulate: 18-bit operands, a 48-bit accumulator
     * that wraps. C computes it in unsigned arithmetic (signed overflow is
     * undefined in C, for _BitInt too), then converts back. */
    const _BitInt(18) edges[] = {0, 1, -1, 131071, -131071 - 1, 77, -4096};
    const int edge_count = (int)(sizeof edges / sizeof edges[0]);
    for (long i = 0; i < 200000; i++) {
        _BitInt(18) a = (i < edge_count * edge_count) ? edges[i % edge_count] : (_BitInt(18))(next_random() >> 46);
        _BitInt(18) b = (i < edge_count * edge_count) ? edges[i / edge_count] : (_BitInt(18))(next_random() >> 46);
        _BitInt(48) acc = (_BitInt(48))(next_random() >> 16);
        if (i % 5 == 0) acc = (i % 10 == 0) ? (_BitInt(48))0x7FFFFFFFFFFF : -(_BitInt(48))0x7FFFFFFFFFFF - 1;
        unsigned _BitInt(48) wrapped =
            (unsigned _BitInt(48))acc + (unsigned _BitInt(48))a * (unsigned _BitInt(48))b;
        _BitInt(48) expected = (_BitInt(48))wrapped;
        _BitInt(48) got = ex_dsp_mac(acc, a, b);
        checks++;
        if (got != expected) {
            failures++;
            if (failures < 5)
                printf("C23: FAILED ex_dsp_mac(%lld, %d, %d) = %lld, C says %lld\n", (long long)acc, (int)a, (int)b,
                       (long long)got, (long long)expected);
        }
    }

    /* The weight of a 200-bit mask, passed on the stack. */
    for (long i = 0; i < 50000; i++) {
        unsigned _BitInt(200) mask = 0;
        for (int part = 0; part < 4; part++) mask = (mask << 64) | next_random();
        if (i == 0) mask = 0;
        if (i == 1) mask = ~(unsigned _BitInt(200))0;
        unsigned expected = 0;
        for (unsigned _BitInt(200) m = mask; m != 0; m &= m - 1) expected++;
        unsigned got = ex_mask_weight(mask);
        checks++;
        if (got != expected) {
            failures++;
            if (failures < 5) printf("C23: FAILED ex_mask_weight (mask %ld) = %u, C says %u\n", i, got, expected);
        }
    }

    if (failures) {
        printf("C23: %ld of %ld checks FAILED\n", failures, checks);
        return 1;
    }
    printf("C23: %ld checks passed (ex_dsp_mac on _BitInt(48)/_BitInt(18): 200000, ex_mask_weight on unsigned "
           "_BitInt(200): 50000)\n",
           checks);
    return 0;
}
