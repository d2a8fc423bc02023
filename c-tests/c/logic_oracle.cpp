// abi-core's `LogicVec` against the simulator's own 4-state utilities:
// Verilator's runtime implements svdpi.h's svGetBitselLogic,
// svPutBitselLogic, svGetPartselLogic and svPutPartselLogic on
// `svLogicVecVal` buffers. For vectors of 70 bits (three chunks, the last
// partial), from several starting patterns, every bit position and every
// value 0, 1, Z, X, each side writes and the other reads, bit by bit and
// in part-selects. Built by `cargo xtask test` against each Verilator's
// runtime and the c-tests library; prints the number of comparisons and
// exits 1 at the first disagreement.
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "svdpi.h"

extern "C" {
void abi_oracle_logic_set(svLogicVecVal *chunks, uint32_t index, uint8_t code);
uint8_t abi_oracle_logic_get(const svLogicVecVal *chunks, uint32_t index);
}

namespace {

const int kWidth = 70;
const int kChunks = 3;
long comparisons = 0;

// Canonical form: bits above the width are 0, as abi-core keeps them.
void canonical(svLogicVecVal *v) {
    const uint32_t mask = (1u << (kWidth % 32)) - 1;
    v[kChunks - 1].aval &= mask;
    v[kChunks - 1].bval &= mask;
}

bool same(const svLogicVecVal *a, const svLogicVecVal *b) {
    return std::memcmp(a, b, sizeof(svLogicVecVal) * kChunks) == 0;
}

int fail(const char *what, int pattern, int index, int code) {
    std::printf("MISMATCH: %s (pattern %d, bit %d, value %d)\n", what, pattern, index, code);
    return 1;
}

// Starting vectors: all 0, all 1, all Z, all X, and a mix of all four.
void pattern(int which, svLogicVecVal *v) {
    for (int bit = 0; bit < kWidth; bit++) {
        const int code = which < 4 ? which : (bit * 7 + 3) % 4;
        svPutBitselLogic(v, bit, static_cast<svLogic>(code));
    }
    canonical(v);
}

}  // namespace

int main() {
    for (int p = 0; p < 5; p++) {
        for (int index = 0; index < kWidth; index++) {
            for (int code = 0; code < 4; code++) {
                svLogicVecVal ours[kChunks] = {}, theirs[kChunks] = {};
                pattern(p, ours);
                pattern(p, theirs);
                // Rust writes, the simulator's runtime writes: same buffer.
                abi_oracle_logic_set(ours, index, static_cast<uint8_t>(code));
                svPutBitselLogic(theirs, index, static_cast<svLogic>(code));
                comparisons++;
                if (!same(ours, theirs)) {
                    return fail("LogicVec::set differs from svPutBitselLogic", p, index, code);
                }
                // Every bit read both ways.
                for (int bit = 0; bit < kWidth; bit++) {
                    comparisons++;
                    if (abi_oracle_logic_get(theirs, bit) != svGetBitselLogic(theirs, bit)) {
                        return fail("LogicVec::get differs from svGetBitselLogic", p, bit, code);
                    }
                }
            }
        }
        // Part-selects of every width at every offset, read by Rust bit by
        // bit from what svGetPartselLogic extracted.
        svLogicVecVal source[kChunks] = {};
        pattern(p, source);
        for (int lsb = 0; lsb < kWidth; lsb++) {
            for (int width = 1; lsb + width <= kWidth && width <= 32; width++) {
                svLogicVecVal part[kChunks] = {};
                svGetPartselLogic(part, source, lsb, width);
                for (int bit = 0; bit < width; bit++) {
                    comparisons++;
                    if (abi_oracle_logic_get(part, bit) != abi_oracle_logic_get(source, lsb + bit)) {
                        return fail("svGetPartselLogic read by LogicVec::get", p, lsb + bit, width);
                    }
                }
            }
        }
    }
    std::printf("LOGIC OK: %ld comparisons with the simulator's svdpi 4-state utilities\n", comparisons);
    return 0;
}
