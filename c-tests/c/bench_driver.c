/* Calls one of a pair of functions (generated shim or hand-written) n times
 * through the same loop, so the two runs differ only in the callee. Built
 * with -O2 by build.rs. */
#include <stddef.h>
#include <stdint.h>

int32_t bench_add_generated(int32_t, int32_t);
int32_t bench_add_handwritten(int32_t, int32_t);
int32_t bench_div_generated(int32_t, int32_t, int32_t *);
int32_t bench_div_handwritten(int32_t, int32_t, int32_t *);
int64_t bench_sum_generated(const int32_t *, size_t);
int64_t bench_sum_handwritten(const int32_t *, size_t);
size_t bench_axpy_generated(int32_t *, size_t, const int32_t *, size_t);
size_t bench_axpy_handwritten(int32_t *, size_t, const int32_t *, size_t);

int64_t bench_drive(int which, int generated, uint64_t n);

static const int32_t data[16] = {1, -2, 3, -4, 5, -6, 7, -8, 9, -10, 11, -12, 13, -14, 15, -16};

int64_t bench_drive(int which, int generated, uint64_t n) {
    int64_t acc = 0;
    switch (which) {
    case 0: {
        int32_t (*f)(int32_t, int32_t) = generated ? bench_add_generated : bench_add_handwritten;
        int32_t x = 0;
        for (uint64_t i = 0; i < n; i++) x = f(x, (int32_t)i);
        acc = x;
        break;
    }
    case 1: {
        int32_t (*f)(int32_t, int32_t, int32_t *) = generated ? bench_div_generated : bench_div_handwritten;
        for (uint64_t i = 0; i < n; i++) {
            int32_t q = 0;
            acc += f(1000000, (int32_t)(i & 7), &q); /* i & 7 == 0 exercises the error path */
            acc += q;
        }
        break;
    }
    case 2: {
        int64_t (*f)(const int32_t *, size_t) = generated ? bench_sum_generated : bench_sum_handwritten;
        for (uint64_t i = 0; i < n; i++) acc += f(data, 16);
        break;
    }
    case 3: {
        size_t (*f)(int32_t *, size_t, const int32_t *, size_t) =
            generated ? bench_axpy_generated : bench_axpy_handwritten;
        int32_t out[16] = {0};
        for (uint64_t i = 0; i < n; i++) acc += (int64_t)f(out, 16, data, 16);
        for (int k = 0; k < 16; k++) acc += out[k];
        break;
    }
    }
    return acc;
}
