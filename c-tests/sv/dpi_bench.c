/* Hand-written C twins of the `bench_dpi_*` imports of c-tests, the way DPI
 * users write them: `sv/dpi_bench.sv` calls both in Verilator and
 * `cargo xtask bench` compares instruction counts and wall time. */

#include <stdint.h>

#include "svdpi.h"

/* Verilator compiles this file as C++: keep the C names. */
#ifdef __cplusplus
extern "C" {
#endif

int c_bench_add(int a, int b) {
    return (int)((unsigned)a + (unsigned)b);
}

void c_bench_add128(const svBitVecVal *a, const svBitVecVal *b, svBitVecVal *sum) {
    uint64_t carry = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t s = (uint64_t)a[i] + (uint64_t)b[i] + carry;
        sum[i] = (svBitVecVal)s;
        carry = s >> 32;
    }
}

long long c_bench_open_sum(const svOpenArrayHandle values) {
    long long total = 0;
    const int *data = (const int *)svGetArrayPtr(values);
    if (data != 0) {
        int n = svSize(values, 1);
        for (int i = 0; i < n; i++) {
            total += data[i];
        }
    } else {
        for (int i = svLow(values, 1); i <= svHigh(values, 1); i++) {
            total += *(const int *)svGetArrElemPtr1(values, i);
        }
    }
    return total;
}

#ifdef __cplusplus
}
#endif
