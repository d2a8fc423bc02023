/* C code that uses the generated header's MLIR declarations the way a C
 * program would: it fills `MemRef<N>D_<T>`, `UnrankedMemRef` and
 * `Results_...` structs from `c_tests_mlir.h` and calls
 *
 * - MLIR functions lowered by MLIR 19 (`mlir/kernels.mlir`), which proves
 *   that the header's structs and prototypes match what Clang compiled from
 *   MLIR's LLVM IR;
 * - Rust `#[ciface]` functions directly, and through MLIR drivers.
 *
 * `mlir_c_driver()` returns 0, or the line of the first failed check. It is
 * compiled by clang-19 with -std=c11 -pedantic -Werror (see build.rs). */

#include <stdint.h>
#include <stdlib.h>

#include "c_tests_mlir.h"

#define CHECK(cond)          \
    do {                     \
        if (!(cond)) {       \
            return __LINE__; \
        }                    \
    } while (0)

int mlir_c_driver(void);

static MemRef1D_f32 vector_f32(float *data, int64_t offset, int64_t size, int64_t stride) {
    MemRef1D_f32 m;
    m.allocated = data;
    m.aligned = data;
    m.offset = offset;
    m.sizes[0] = size;
    m.strides[0] = stride;
    return m;
}

static MemRef2D_f32 matrix_f32(float *data, int64_t rows, int64_t cols) {
    MemRef2D_f32 m;
    m.allocated = data;
    m.aligned = data;
    m.offset = 0;
    m.sizes[0] = rows;
    m.sizes[1] = cols;
    m.strides[0] = cols;
    m.strides[1] = 1;
    return m;
}

/* C calls MLIR: descriptors by pointer, results through the first pointer. */
static int c_calls_mlir(void) {
    float values[4] = {1.0f, 2.0f, 3.0f, 4.0f};
    MemRef1D_f32 all = vector_f32(values, 0, 4, 1);
    CHECK(_mlir_ciface_sum_1d(&all) == 10.0f);

    /* [3, 2, 1] read backwards from offset 2: 3*1 + 2*2 + 1*3. */
    MemRef1D_f32 reversed = vector_f32(values, 2, 3, -1);
    CHECK(_mlir_ciface_weighted_strided(&reversed) == 10.0f);

    float grid[6] = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f};
    MemRef2D_f32 matrix = matrix_f32(grid, 2, 3);
    _mlir_ciface_scale_2d(&matrix, 2.0f);
    for (int i = 0; i < 6; i++) {
        CHECK(grid[i] == 2.0f * (float)(i + 1));
    }

    double square[9] = {1, 0, 0, 0, 5, 0, 0, 0, 9};
    MemRef2D_f64 m3;
    m3.allocated = square;
    m3.aligned = square;
    m3.offset = 0;
    m3.sizes[0] = 3;
    m3.sizes[1] = 3;
    m3.strides[0] = 3;
    m3.strides[1] = 1;
    CHECK(_mlir_ciface_trace_3x3(&m3) == 15.0);

    float scalar = 2.5f;
    MemRef0D_f32 zero_d;
    zero_d.allocated = &scalar;
    zero_d.aligned = &scalar;
    zero_d.offset = 0;
    CHECK(_mlir_ciface_read_0d(&zero_d) == 2.5f);

    /* A buffer MLIR allocates (aligned to 64, so `aligned` may differ from
     * `allocated`); C frees `allocated`. */
    MemRef1D_f32 iota;
    _mlir_ciface_alloc_iota(&iota, 5);
    CHECK(iota.sizes[0] == 5 && iota.strides[0] == 1);
    CHECK(((uintptr_t)iota.aligned & 63) == 0);
    for (int64_t i = 0; i < 5; i++) {
        CHECK(iota.aligned[iota.offset + i] == (float)i);
    }
    free(iota.allocated);

    Results_MemRef1D_f32_MemRef2D_i64 two;
    _mlir_ciface_two_buffers(&two, 3);
    CHECK(two.r0.sizes[0] == 3 && two.r1.sizes[0] == 3 && two.r1.sizes[1] == 2);
    for (int64_t i = 0; i < 3; i++) {
        CHECK(two.r0.aligned[two.r0.offset + i] == 1.0f);
        int64_t *row = two.r1.aligned + two.r1.offset + i * two.r1.strides[0];
        CHECK(row[0] == i && row[two.r1.strides[1]] == -i);
    }
    free(two.r0.allocated);
    free(two.r1.allocated);

    Results_int32_t_double qh;
    _mlir_ciface_div_mod(&qh, 100, 3.0);
    CHECK(qh.r0 == 14 && qh.r1 == 1.5);

    /* Unranked: C passes `{rank, descriptor}`; an unranked result is a
     * heap-copied descriptor that C frees after the data. */
    UnrankedMemRef unranked;
    unranked.rank = 2;
    unranked.descriptor = &matrix;
    CHECK(_mlir_ciface_unranked_rank(&unranked) == 2);
    UnrankedMemRef result;
    _mlir_ciface_alloc_unranked(&result, 4);
    CHECK(result.rank == 1);
    MemRef1D_f32 *inner = (MemRef1D_f32 *)result.descriptor;
    CHECK(inner->sizes[0] == 4 && inner->aligned[inner->offset + 3] == 3.0f);
    free(inner->allocated);
    free(result.descriptor);

    /* A result that aliases its argument: not freed. */
    MemRef1D_f32 rest;
    _mlir_ciface_tail(&rest, &all);
    CHECK(rest.allocated == values && rest.sizes[0] == 3);
    CHECK(rest.aligned[rest.offset] == 2.0f);
    return 0;
}

/* C calls Rust `#[ciface]` functions through the same declarations. */
static int c_calls_rust(void) {
    float grid[6] = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f};
    MemRef2D_f32 matrix = matrix_f32(grid, 2, 3);
    CHECK(_mlir_ciface_rust_sum_2d(&matrix) == 21.0f);

    float values[5] = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f};
    MemRef1D_f32 odd = vector_f32(values, 1, 2, 2); /* [2, 4] */
    CHECK(_mlir_ciface_rust_weighted(&odd) == 2.0f + 8.0f);
    /* `rust_scale` declares an identity layout: contiguous data. */
    MemRef1D_f32 all = vector_f32(values, 0, 5, 1);
    _mlir_ciface_rust_scale(&all, 10.0f);
    CHECK(values[0] == 10.0f && values[4] == 50.0f);

    MemRef1D_f32 iota;
    _mlir_ciface_rust_iota(&iota, 4);
    CHECK(iota.sizes[0] == 4 && iota.aligned[iota.offset + 3] == 3.0f);
    free(iota.allocated);

    Results_MemRef1D_f32_MemRef2D_i64 pair;
    _mlir_ciface_rust_pair(&pair, 2);
    CHECK(pair.r0.sizes[0] == 2 && pair.r1.sizes[0] == 2 && pair.r1.sizes[1] == 3);
    CHECK(pair.r1.aligned[pair.r1.offset + pair.r1.strides[0] + 2] == 3);
    free(pair.r0.allocated);
    free(pair.r1.allocated);

    Results_int32_t_double qh;
    _mlir_ciface_rust_div_mod(&qh, 100, 3.0);
    CHECK(qh.r0 == 14 && qh.r1 == 1.5);

    /* C calls MLIR, which calls Rust. */
    CHECK(_mlir_ciface_drive_sum_2d(&matrix) == 21.0f);
    return 0;
}

/* `complex<T>` as the header spells it: two scalars per argument (as LLVM
 * passes MLIR's `{T, T}`; a C struct or `_Complex` would travel in one
 * register), `Complex_<T>` behind the result pointer. */
static int c_passes_complex(void) {
    Complex_f32 p;
    _mlir_ciface_cmul(&p, 1.0f, 2.0f, 3.0f, 4.0f);
    CHECK(p.re == -5.0f && p.im == 10.0f);

    Results_Complex_f32_float sq;
    _mlir_ciface_square_and_sum(&sq, 3.0f, 4.0f);
    CHECK(sq.r0.re == -7.0f && sq.r0.im == 24.0f && sq.r1 == 7.0f);

    /* Every placement: registers, the last two, the stack after them; to
     * MLIR, to Rust, and to MLIR calling Rust. */
    double parts[14];
    MemRef1D_f64 out;
    int k;
    out.allocated = parts;
    out.aligned = parts;
    out.offset = 0;
    out.sizes[0] = 14;
    out.strides[0] = 1;
    _mlir_ciface_placement(&out, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f, 9, 10.0, 11.0,
                           12.0f, 13.0f, 14.0f);
    for (k = 0; k < 14; k++) {
        CHECK(parts[k] == (double)(k + 1));
        parts[k] = 0.0;
    }
    _mlir_ciface_rust_placement(&out, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f, 9, 10.0,
                                11.0, 12.0f, 13.0f, 14.0f);
    for (k = 0; k < 14; k++) {
        CHECK(parts[k] == (double)(k + 1));
    }

    {
        Complex_f64 scaled;
        _mlir_ciface_rust_cscale(&scaled, 1.5, -2.0, 2.0f);
        CHECK(scaled.re == 3.0 && scaled.im == -4.0);
        _mlir_ciface_drive_cscale(&scaled, 1.5, -2.0, 2.0f);
        CHECK(scaled.re == 3.0 && scaled.im == -4.0);
    }

    /* Memrefs of complex elements: the header's descriptors of
     * `Complex_<T>`, to MLIR and to Rust. */
    {
        Complex_f64 values[3] = {{1.0, 2.0}, {3.0, 4.0}, {5.0, -6.0}};
        MemRef1D_complex_f64 v;
        Complex_f64 sum;
        MemRef1D_complex_f64 iota;
        Complex_f32 grid[4] = {{1.0f, 1.0f}, {2.0f, -2.0f}, {3.0f, 3.0f}, {4.0f, -4.0f}};
        MemRef2D_complex_f32 g;
        v.allocated = values;
        v.aligned = values;
        v.offset = 0;
        v.sizes[0] = 3;
        v.strides[0] = 1;
        _mlir_ciface_csum(&sum, &v);
        CHECK(sum.re == 9.0 && sum.im == 0.0);
        _mlir_ciface_ciota(&iota, 4);
        CHECK(iota.sizes[0] == 4 && iota.aligned[iota.offset + 3].im == 6.0);
        free(iota.allocated);
        /* Rows in reverse (offset 2, stride -2), scaled by 2 in MLIR. */
        g.allocated = grid;
        g.aligned = grid;
        g.offset = 2;
        g.sizes[0] = 2;
        g.sizes[1] = 2;
        g.strides[0] = -2;
        g.strides[1] = 1;
        _mlir_ciface_cmem_scale(&g, 2.0f);
        CHECK(grid[0].re == 2.0f && grid[3].im == -8.0f);
        /* Rust's `rust_cconj` takes the identity layout: row-major. */
        g.offset = 0;
        g.strides[0] = 2;
        _mlir_ciface_rust_cconj(&g);
        CHECK(grid[1].im == 4.0f && grid[3].im == 8.0f);
    }
    return 0;
}

/* `vector<...>` memref elements as the header spells them: structs with
 * LLVM's size and alignment, to MLIR and to Rust. */
_Static_assert(sizeof(Vector_3xf32) == 16 && _Alignof(Vector_3xf32) == 16, "vector<3xf32>");
_Static_assert(sizeof(Vector_4x4xf32) == 64 && _Alignof(Vector_4x4xf32) == 16, "vector<4x4xf32>");
_Static_assert(sizeof(Vector_4x3xf32) == 64 && _Alignof(Vector_4x3xf32) == 16, "vector<4x3xf32>");
_Static_assert(sizeof(Vector_17xi64) == 256 && _Alignof(Vector_17xi64) == 256, "vector<17xi64>");
_Static_assert(sizeof(Vector_2x3xi8) == 8 && _Alignof(Vector_2x3xi8) == 4, "vector<2x3xi8>");

static int c_passes_vectors(void) {
    Vector_3xf32 values[3] = {{{0.0f, 0.0f, 0.0f}}, {{0.0f, 0.0f, 0.0f}}, {{0.0f, 0.0f, 0.0f}}};
    MemRef1D_vector_3xf32 v;
    Vector_4x4xf32 grids[2];
    MemRef1D_vector_4x4xf32 g;
    int r, c, k;
    v.allocated = values;
    v.aligned = values;
    v.offset = 0;
    v.sizes[0] = 3;
    v.strides[0] = 1;
    _mlir_ciface_probe_3xf32(&v);
    CHECK(values[1].lanes[0] == 1.0f && values[1].lanes[2] == 3.0f && values[2].lanes[0] == 0.0f);
    _mlir_ciface_rust_vfill(&v);
    CHECK(values[2].lanes[0] == 20.0f && values[2].lanes[2] == 22.0f);
    for (k = 0; k < 2; k++) {
        for (r = 0; r < 4; r++) {
            for (c = 0; c < 4; c++) {
                grids[k].rows[r].lanes[c] = (float)(k * 16 + r * 4 + c);
            }
        }
    }
    g.allocated = grids;
    g.aligned = grids;
    g.offset = 0;
    g.sizes[0] = 2;
    g.strides[0] = 1;
    /* 0 + 1 + ... + 31, then the diagonals 0 + 5 + 10 + 15 + 16 + 21 + 26 + 31. */
    CHECK(_mlir_ciface_vsum4x4(&g) == 496.0f);
    CHECK(_mlir_ciface_rust_vtrace(&g) == 124.0f);
    return 0;
}

int mlir_c_driver(void) {
    int failed = c_calls_mlir();
    if (failed != 0) {
        return failed;
    }
    failed = c_calls_rust();
    if (failed != 0) {
        return failed;
    }
    failed = c_passes_complex();
    if (failed != 0) {
        return failed;
    }
    return c_passes_vectors();
}
