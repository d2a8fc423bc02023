/* Hand-written C twins of the `bench_dpi_*` imports of c-tests:
 * `sv/dpi_bench.sv` calls both in Verilator and `cargo xtask bench`
 * compares instruction counts and wall time. Like the generated shims, the
 * twins refuse NULL and misaligned pointers (report and abort) instead of
 * trusting the simulator, so the two sides have the same behaviour. */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "svdpi.h"

/* Verilator compiles this file as C++: keep the C names. */
#ifdef __cplusplus
extern "C" {
#endif

int c_bench_add(int a, int b) {
    return (int)((unsigned)a + (unsigned)b);
}

static void refuse(const char *function, const char *argument) {
    fprintf(stderr, "%s: argument `%s` is NULL or misaligned; aborting\n", function, argument);
    abort();
}

#define CHECK_POINTER(function, p) \
    do { \
        if ((p) == 0 || (uintptr_t)(p) % sizeof(*(p)) != 0) refuse(function, #p); \
    } while (0)

int c_bench_add_out(int a, int b, int *sum) {
    CHECK_POINTER("c_bench_add_out", sum);
    *sum = (int)((unsigned)a + (unsigned)b);
    return a ^ b;
}

void c_bench_add128(const svBitVecVal *a, const svBitVecVal *b, svBitVecVal *sum) {
    CHECK_POINTER("c_bench_add128", a);
    CHECK_POINTER("c_bench_add128", b);
    CHECK_POINTER("c_bench_add128", sum);
    uint64_t carry = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t s = (uint64_t)a[i] + (uint64_t)b[i] + carry;
        sum[i] = (svBitVecVal)s;
        carry = s >> 32;
    }
}

long long c_bench_open_sum(const svOpenArrayHandle values) {
    if (values == 0) refuse("c_bench_open_sum", "values");
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

/* The overlap check the generated shim makes for an import with a
 * writable open array beside another borrowing argument: the simulator's
 * buffers compared (svGetArrayPtr, svSizeOfArray bytes), or the handles
 * when an array has no buffer. */
static void check_disjoint(const char *function, const svOpenArrayHandle a,
                           const svOpenArrayHandle b) {
    const char *pa = (const char *)svGetArrayPtr(a);
    const char *pb = (const char *)svGetArrayPtr(b);
    uintptr_t a0 = pa ? (uintptr_t)pa : (uintptr_t)a;
    uintptr_t b0 = pb ? (uintptr_t)pb : (uintptr_t)b;
    uintptr_t a1 = a0 + (pa ? (uintptr_t)svSizeOfArray(a) : 1);
    uintptr_t b1 = b0 + (pb ? (uintptr_t)svSizeOfArray(b) : 1);
    if (a0 < b1 && b0 < a1) {
        fprintf(stderr, "%s: arguments `src` and `dst` share memory; aborting\n", function);
        abort();
    }
}

void c_bench_copy_first(const svOpenArrayHandle src, const svOpenArrayHandle dst) {
    if (src == 0) refuse("c_bench_copy_first", "src");
    if (dst == 0) refuse("c_bench_copy_first", "dst");
    check_disjoint("c_bench_copy_first", src, dst);
    const int *from = (const int *)svGetArrElemPtr1(src, svLow(src, 1));
    int first = from ? *from : 0;
    int *to = (int *)svGetArrElemPtr1(dst, svLow(dst, 1));
    if (to) *to = (int)((unsigned)first + 1u);
}

void c_bench_bump_first(const svOpenArrayHandle dst) {
    if (dst == 0) refuse("c_bench_bump_first", "dst");
    int *to = (int *)svGetArrElemPtr1(dst, svLow(dst, 1));
    if (to) *to = (int)((unsigned)*to + 1u);
}

/* The twins above make the checks svdpi.h leaves to a careful C author.
 * These make the ones the generated open-array views also make on an
 * element access, so that the difference is what the Rust side costs, not
 * what it checks: an index outside svLow..svHigh is no element (the access
 * is skipped, as `get` gives `None` and `set` does nothing), and an
 * element's address must lie inside the buffer the simulator reports
 * (svGetArrayPtr, svSizeOfArray bytes; when it reports one), aligned. */
static int *checked_element(const char *function, const char *argument,
                            const svOpenArrayHandle a, int index) {
    if (index < svLow(a, 1) || index > svHigh(a, 1)) return 0;
    int *p = (int *)svGetArrElemPtr1(a, index);
    if (p == 0 || (uintptr_t)p % sizeof(int) != 0) refuse(function, argument);
    const char *base = (const char *)svGetArrayPtr(a);
    if (base != 0) {
        const char *end = base + svSizeOfArray(a);
        if ((const char *)p < base || (const char *)(p + 1) > end) {
            fprintf(stderr, "%s: element %d of `%s` lies outside its buffer; aborting\n",
                    function, index, argument);
            abort();
        }
    }
    return p;
}

void c_bench_copy_first_checked(const svOpenArrayHandle src, const svOpenArrayHandle dst) {
    if (src == 0) refuse("c_bench_copy_first_checked", "src");
    if (dst == 0) refuse("c_bench_copy_first_checked", "dst");
    check_disjoint("c_bench_copy_first_checked", src, dst);
    const int *from = checked_element("c_bench_copy_first_checked", "src", src, svLow(src, 1));
    int first = from ? *from : 0;
    int *to = checked_element("c_bench_copy_first_checked", "dst", dst, svLow(dst, 1));
    if (to) *to = (int)((unsigned)first + 1u);
}

void c_bench_bump_first_checked(const svOpenArrayHandle dst) {
    if (dst == 0) refuse("c_bench_bump_first_checked", "dst");
    int *to = checked_element("c_bench_bump_first_checked", "dst", dst, svLow(dst, 1));
    if (to) *to = (int)((unsigned)*to + 1u);
}

#ifdef __cplusplus
}
#endif
