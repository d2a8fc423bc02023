//! MLIR's C interface in both directions, against `mlir/kernels.mlir`
//! lowered by MLIR 19 (see `build.rs`).
//!
//! - `callbacks`: Rust `#[ciface]` functions the MLIR drivers call.
//! - `kernels`: the MLIR functions, declared for Rust to call (only when
//!   MLIR 19 was found; under CI it must be).

pub mod callbacks {
    use abi_core::ciface;
    use abi_core::memref::{
        MemRef, MemRefMut, OwnedMemRef, OwnedUnrankedMemRef, ReturnedMemRef, UnrankedMemRef,
    };

    /// Sum of a dynamic 2-D memref (identity layout, checked).
    #[ciface]
    pub fn rust_sum_2d(m: MemRef<'_, f32, 2>) -> f32 {
        m.iter().sum()
    }

    /// Sum of `m[i] * (i + 1)` over a strided memref: any offset and
    /// stride, negative included.
    #[ciface]
    pub fn rust_weighted(
        #[mlir("memref<?xf32, strided<[?], offset: ?>>")] m: MemRef<'_, f32, 1>,
    ) -> f32 {
        m.iter().enumerate().map(|(i, x)| x * (i + 1) as f32).sum()
    }

    /// The value of a 0-d memref, doubled.
    #[ciface]
    pub fn rust_read_0d(m: MemRef<'_, f64, 0>) -> f64 {
        m[[]] * 2.0
    }

    /// Sum of `m[i][j][k] * (i + j + k + 1)` over a static shape.
    #[ciface]
    pub fn rust_sum_static(#[mlir("memref<2x3x4xi32>")] m: MemRef<'_, i32, 3>) -> i32 {
        let mut total = 0;
        for i in 0..2 {
            for j in 0..3 {
                for k in 0..4 {
                    total += m[[i, j, k]] * (i + j + k + 1) as i32;
                }
            }
        }
        total
    }

    /// Multiply in place.
    #[ciface]
    pub fn rust_scale(mut m: MemRefMut<'_, f32, 1>, k: f32) {
        m.for_each_mut(|x| *x *= k);
    }

    /// `y += a * x`. MLIR can pass one buffer as both (`func.call
    /// @rust_axpy(%v, %v, %a)`); the shim refuses that, since `y` is
    /// exclusive.
    #[ciface]
    pub fn rust_axpy(mut y: MemRefMut<'_, f32, 1>, x: MemRef<'_, f32, 1>, a: f32) {
        for i in 0..y.sizes()[0].min(x.sizes()[0]) {
            y[[i]] += a * x[[i]];
        }
    }

    /// `[0, 1, ..., n-1]` in a `malloc` buffer that MLIR frees.
    #[ciface]
    pub fn rust_iota(n: i64) -> OwnedMemRef<f32, 1> {
        let values: Vec<f32> = (0..n).map(|i| i as f32).collect();
        OwnedMemRef::from_slice(&values, [values.len()]).expect("allocation")
    }

    /// Two results: n ones, and an n x 3 matrix with row i = [i, 2i, 3i].
    #[ciface]
    pub fn rust_pair(n: i64) -> (OwnedMemRef<f32, 1>, OwnedMemRef<i64, 2>) {
        let n = n as usize;
        let ones = OwnedMemRef::from_slice(&vec![1.0; n], [n]).expect("allocation");
        let rows: Vec<i64> = (0..n as i64).flat_map(|i| [i, 2 * i, 3 * i]).collect();
        let matrix = OwnedMemRef::from_slice(&rows, [n, 3]).expect("allocation");
        (ones, matrix)
    }

    /// `(a / 7, b / 2)`: a multi-value scalar result.
    #[ciface]
    pub fn rust_div_mod(a: i32, b: f64) -> (i32, f64) {
        (a / 7, b / 2.0)
    }

    /// The rank of an unranked memref, times 10, plus its first size.
    #[ciface]
    pub fn rust_rank(m: UnrankedMemRef<'_, f32>) -> i64 {
        m.rank() as i64 * 10 + m.sizes().first().copied().unwrap_or(0)
    }

    /// Adds the first element of an unranked rank-1 memref to every
    /// element of `m`. MLIR handing both over one buffer would give safe
    /// code a shared and a mutable view of the same elements: the shim
    /// aborts naming both arguments instead.
    #[ciface]
    pub fn rust_add_unranked(u: UnrankedMemRef<'_, f32>, mut m: MemRefMut<'_, f32, 1>) {
        let first = u
            .ranked::<1>(&abi_core::model::mlir::MemRefType::ANY_STRIDED)
            .ok()
            .and_then(|view| view.first().copied())
            .unwrap_or(0.0);
        m.for_each_mut(|x| *x += first);
    }

    /// The sum of two unranked memrefs' ranks (either may become mutable,
    /// so they must not share memory).
    #[ciface]
    pub fn rust_two_unranked(a: UnrankedMemRef<'_, f32>, b: UnrankedMemRef<'_, f32>) -> i64 {
        (a.rank() + b.rank()) as i64
    }

    /// Panics with a local whose destructor panics again while the first
    /// panic unwinds: Rust aborts inside its panic machinery, before the
    /// shim sees the panic, and the report still names the function.
    #[ciface]
    pub fn rust_panics_while_unwinding(m: MemRef<'_, f32, 1>) -> f32 {
        let _guard = crate::exports::results::PanicsWhileUnwinding;
        panic!("first panic over {} elements", m.len());
    }

    /// An unranked result: `[0, ..., n-1]` with a heap descriptor.
    #[ciface]
    pub fn rust_unranked_iota(n: i64) -> OwnedUnrankedMemRef<f32> {
        let values: Vec<f32> = (0..n).map(|i| i as f32).collect();
        let ranked = OwnedMemRef::from_slice(&values, [values.len()]).expect("allocation");
        OwnedUnrankedMemRef::from_ranked(ranked).expect("allocation")
    }

    /// Called once per element by `drive_loop`.
    #[ciface]
    pub fn rust_weight(i: i64, x: f32) -> f32 {
        x * (i as f32 + 0.5)
    }

    /// Doubles 16-bit floats in place (the `half` feature).
    #[ciface]
    pub fn rust_double_f16(mut m: MemRefMut<'_, half::f16, 1>) {
        m.for_each_mut(|x| *x = half::f16::from_f32(x.to_f32() * 2.0));
    }

    /// Sum of bfloat16 values, in f32.
    #[ciface]
    pub fn rust_sum_bf16(m: MemRef<'_, half::bf16, 1>) -> f32 {
        m.iter().map(|x| x.to_f32()).sum()
    }

    /// `[1, 2, 3, 4]` for MLIR's `memref<4xf32>` (declared, so checked).
    #[ciface(result = "memref<4xf32>")]
    pub fn rust_four() -> OwnedMemRef<f32, 1> {
        OwnedMemRef::from_slice(&[1.0, 2.0, 3.0, 4.0], [4]).unwrap()
    }

    /// Three elements where MLIR declares `memref<4xf32>`: refused (an
    /// abort naming the function), never read past.
    #[ciface(result = "memref<4xf32>")]
    pub fn rust_three() -> OwnedMemRef<f32, 1> {
        OwnedMemRef::from_slice(&[1.0, 2.0, 3.0], [3]).unwrap()
    }

    /// The argument, transposed when `TRANSPOSE_RESULT` says so: a strided
    /// view where MLIR expects the identity layout, refused.
    #[ciface]
    pub fn rust_transpose<'a>(m: MemRef<'a, f32, 2>) -> ReturnedMemRef<'a, f32, 2> {
        let transpose = std::env::var_os("ABI_TRANSPOSE_RESULT").is_some();
        let view = if transpose { m.transposed() } else { m };
        ReturnedMemRef::Borrowed { argument: 0, view }
    }

    /// An `i1` result: whether `x` is odd.
    #[ciface]
    pub fn rust_is_odd(x: i64) -> bool {
        x % 2 != 0
    }

    /// An `i1` argument: `a` when `first`, else `b`.
    #[ciface]
    pub fn rust_pick(first: bool, a: f32, b: f32) -> f32 {
        if first { a } else { b }
    }

    /// The result of `rust_expanded_ramp`, through an alias: `#[ciface]`
    /// classifies it by its trait constants, as the memref it names.
    #[cfg(target_arch = "x86_64")]
    pub type Ramp = OwnedMemRef<f32, 2>;

    /// An `n x 2` matrix `[[i, 10 i]]`, also returned in the expanded
    /// convention (a memref descriptor by value) to `expanded.mlir`. Only
    /// on x86-64: elsewhere `expanded` with a memref result is refused.
    #[cfg(target_arch = "x86_64")]
    #[ciface(expanded)]
    pub fn rust_expanded_ramp(n: i64) -> Ramp {
        let values: Vec<f32> = (0..n).flat_map(|i| [i as f32, 10.0 * i as f32]).collect();
        OwnedMemRef::from_slice(&values, [n as usize, 2]).unwrap()
    }

    /// Also exported under the expanded convention (`rust_expanded_dot`),
    /// for MLIR modules that declare it without `llvm.emit_c_interface`.
    #[ciface(expanded)]
    pub fn rust_expanded_dot(a: MemRef<'_, f64, 1>, b: MemRef<'_, f64, 1>) -> f64 {
        a.iter().zip(b.iter()).map(|(x, y)| x * y).sum()
    }
}

/// Rust callbacks with `complex<f32>`/`complex<f64>` arguments and
/// results, called by `mlir/complex.mlir` (complex arguments are x86-64
/// only: a compile error elsewhere).
#[cfg(target_arch = "x86_64")]
// Clippy counts the generated shim's parameters against the attribute.
#[allow(clippy::too_many_arguments)]
pub mod complex_callbacks {
    use abi_core::ciface;
    use abi_core::memref::{Complex, MemRefMut, OwnedMemRef, OwnedUnrankedMemRef};

    /// `z * k`, a `num_complex` value in and out.
    #[ciface]
    pub fn rust_cscale(z: num_complex::Complex64, k: f32) -> num_complex::Complex<f64> {
        z * f64::from(k)
    }

    /// Writes every part it received, in order, to `out` (as
    /// `mlir/complex.mlir`'s `placement` does): `c` arrives in xmm6 and
    /// xmm7, everything after it on the stack.
    #[ciface]
    pub fn rust_placement(
        mut out: MemRefMut<'_, f64, 1>,
        x0: f32,
        x1: f32,
        x2: f32,
        x3: f32,
        x4: f32,
        x5: f32,
        c: Complex<f32>,
        n: i64,
        d: Complex<f64>,
        x6: f32,
        e: Complex<f32>,
    ) {
        let parts = [
            x0.into(),
            x1.into(),
            x2.into(),
            x3.into(),
            x4.into(),
            x5.into(),
            c.re.into(),
            c.im.into(),
            n as f64,
            d.re,
            d.im,
            x6.into(),
            e.re.into(),
            e.im.into(),
        ];
        for (k, part) in parts.into_iter().enumerate() {
            out[[k]] = part;
        }
    }

    /// Conjugates a 2-D memref of `complex<f32>` in place.
    #[ciface]
    pub fn rust_cconj(mut m: MemRefMut<'_, Complex<f32>, 2>) {
        m.for_each_mut(|z| *z = z.conj());
    }

    /// `[1, z, z², ...]` (`n` elements) as an unranked `complex<f64>`
    /// memref the caller frees.
    #[ciface]
    pub fn rust_cpowers(z: Complex<f64>, n: i64) -> OwnedUnrankedMemRef<Complex<f64>> {
        let mut p = Complex::new(1.0, 0.0);
        let values: Vec<Complex<f64>> = (0..n)
            .map(|_| {
                let v = p;
                p = p * z;
                v
            })
            .collect();
        let ranked = OwnedMemRef::from_slice(&values, [values.len()]).expect("allocation");
        OwnedUnrankedMemRef::from_ranked(ranked).expect("allocation")
    }

    /// `k * |z|^2 + w.re * 10 + w.im * 100`, also exported in the expanded
    /// convention (`expanded.mlir` calls it without a C interface).
    #[ciface(expanded)]
    pub fn rust_expanded_cnorm(k: f32, z: Complex<f32>, w: Complex<f64>) -> f64 {
        let norm = z * z.conj();
        f64::from(k * norm.re) + w.re * 10.0 + w.im * 100.0
    }
}

/// Rust callbacks with `vector<...>` memref elements, called by
/// `mlir/vector.mlir`.
pub mod vector_callbacks {
    use abi_core::ciface;
    use abi_core::memref::{MemRef, MemRefMut, OwnedMemRef, Vector};

    /// Element `i` becomes `[10 i, 10 i + 1, 10 i + 2]`.
    #[ciface]
    pub fn rust_vfill(mut m: MemRefMut<'_, Vector<f32, 3>, 1>) {
        for i in 0..m.sizes()[0] {
            let base = 10.0 * i as f32;
            m[[i]] = Vector::new([base, base + 1.0, base + 2.0]);
        }
    }

    /// The sum of the diagonals of a memref of `vector<4x4xf32>`.
    #[ciface]
    pub fn rust_vtrace(m: MemRef<'_, [Vector<f32, 4>; 4], 1>) -> f32 {
        m.iter()
            .map(|rows| (0..4).map(|k| rows[k][k]).sum::<f32>())
            .sum()
    }

    /// `n` elements of `vector<2x3xi16>`: element `i` is
    /// `[[i, i, i], [1, 2, 3]]` (MLIR frees it).
    #[ciface]
    pub fn rust_vrows(n: i64) -> OwnedMemRef<[Vector<i16, 3>; 2], 1> {
        let values: Vec<[Vector<i16, 3>; 2]> = (0..n)
            .map(|i| {
                let i = i as i16;
                [Vector::new([i, i, i]), Vector::new([1, 2, 3])]
            })
            .collect();
        OwnedMemRef::from_slice(&values, [values.len()]).expect("allocation")
    }
}

#[cfg(mlir_kernels)]
pub mod kernels {
    use abi_core::ciface;
    use abi_core::memref::{
        Complex, MemRef, MemRefMut, OwnedMemRef, OwnedUnrankedMemRef, ReturnedMemRef,
        UnrankedMemRef, Vector,
    };

    #[ciface]
    unsafe extern "C" {
        /// Sum of a vector.
        pub fn sum_1d(m: &[f32]) -> f32;
        /// Sum of `m[i] * (i + 1)`.
        pub fn weighted_strided(
            #[mlir("memref<?xf32, strided<[?], offset: ?>>")] m: MemRef<'_, f32, 1>,
        ) -> f32;
        /// Multiply every element by `k`.
        pub fn scale_2d(m: MemRefMut<'_, f32, 2>, k: f32);
        /// The trace of a 3x3 matrix.
        pub fn trace_3x3(#[mlir("memref<3x3xf64>")] m: MemRef<'_, f64, 2>) -> f64;
        /// Sum of `m[i][j][k] * (100 i + 10 j + k + 1)`.
        pub fn weighted_3d(m: MemRef<'_, i32, 3>) -> i32;
        /// The value of a 0-d memref.
        pub fn read_0d(m: MemRef<'_, f32, 0>) -> f32;
        /// `[0, ..., n-1]`, allocated by MLIR (64-byte aligned).
        pub fn alloc_iota(n: i64) -> OwnedMemRef<f32, 1>;
        /// n ones and an n x 2 matrix `[[i, -i]]`.
        pub fn two_buffers(n: i64) -> (OwnedMemRef<f32, 1>, OwnedMemRef<i64, 2>);
        /// `(a / 7, b * 0.5)`.
        pub fn div_mod(a: i32, b: f64) -> (i32, f64);
        /// The rank of an unranked memref.
        pub fn unranked_rank(m: UnrankedMemRef<'_, f32>) -> i64;
        /// `[0, ..., n-1]` as an unranked result.
        pub fn alloc_unranked(n: i64) -> OwnedUnrankedMemRef<f32>;
        /// The argument without its first element (aliases it).
        #[ciface(result = "memref<?xf32, strided<[1], offset: ?>>")]
        pub fn tail<'a>(m: MemRef<'a, f32, 1>) -> ReturnedMemRef<'a, f32, 1>;
        /// The same, declared as owned: refused, never freed.
        #[allow(dead_code)]
        #[ciface(result = "memref<?xf32, strided<[1], offset: ?>>")]
        pub fn tail_owned(m: MemRef<'_, f32, 1>) -> OwnedMemRef<f32, 1>;
        /// Elements 0, 2, 4, ... of the argument (a stride-2 view of it).
        #[ciface(result = "memref<?xf32, strided<[2], offset: ?>>")]
        pub fn every_other<'a>(m: MemRef<'a, f32, 1>) -> ReturnedMemRef<'a, f32, 1>;
        /// The same view, declared with the default identity layout
        /// (`memref<?xf32>`): refused.
        pub fn every_other_strided<'a>(m: MemRef<'a, f32, 1>) -> ReturnedMemRef<'a, f32, 1>;
        /// The first three elements, declared as `memref<4xf32>`: refused.
        #[ciface(result = "memref<4xf32>")]
        pub fn head3<'a>(m: MemRef<'a, f32, 1>) -> ReturnedMemRef<'a, f32, 1>;
        /// A constant table (`memref.get_global`).
        pub fn primes() -> ReturnedMemRef<'static, i32, 1>;
        /// The argument reinterpreted as 4 elements, whatever its size.
        pub fn past_the_end<'a>(m: MemRef<'a, f32, 1>) -> ReturnedMemRef<'a, f32, 1>;
        /// One buffer returned twice (`return %a, %a`).
        pub fn same_buffer_twice(n: i64) -> (OwnedMemRef<f32, 1>, OwnedMemRef<f32, 1>);
        /// A buffer and a subview of it, declared as two returned memrefs.
        #[ciface(result = ("_", "memref<?xf32, strided<[1], offset: ?>>"))]
        pub fn buffer_and_subview(
            n: i64,
        ) -> (
            ReturnedMemRef<'static, f32, 1>,
            ReturnedMemRef<'static, f32, 1>,
        );
        /// The argument, then a fresh buffer, both declared owned.
        pub fn argument_then_fresh(
            m: MemRef<'_, f32, 1>,
        ) -> (OwnedMemRef<f32, 1>, OwnedMemRef<f32, 1>);

        /// Calls `rust_sum_2d`.
        pub fn drive_sum_2d(m: MemRef<'_, f32, 2>) -> f32;
        /// Calls `rust_weighted` on the argument reversed (stride -1).
        pub fn drive_reversed(m: &[f32]) -> f32;
        /// Calls `rust_weighted` on elements 1, 3, 5, ... (offset 1,
        /// stride 2).
        pub fn drive_odd(m: &[f32]) -> f32;
        /// Calls `rust_read_0d` on an `alloca`'d 0-d memref.
        pub fn drive_0d(x: f64) -> f64;
        /// Calls `rust_sum_static` on a 2x3x4 memref it fills.
        pub fn drive_static_3d() -> i32;
        /// Calls `rust_scale`.
        pub fn drive_scale(m: &mut [f32], k: f32);
        /// Sums the buffer `rust_iota` allocates, then frees it.
        pub fn drive_iota_sum(n: i64) -> f32;
        /// Calls `rust_pair`: sum of the vector, `b[n-1][0]`, columns of b.
        pub fn drive_pair(n: i64) -> (f32, i64, i64);
        /// Calls `rust_div_mod`.
        pub fn drive_div_mod(a: i32, b: f64) -> (i32, f64);
        /// Calls `rust_rank` with the argument cast to unranked.
        pub fn drive_rank(m: MemRef<'_, f32, 2>) -> i64;
        /// Sums what `rust_unranked_iota` returns, then frees it.
        pub fn drive_unranked(n: i64) -> f32;
        /// Calls `rust_weight` once per element.
        pub fn drive_loop(m: &[f32]) -> f32;
        /// Sum of f16 values, widened to f32.
        pub fn sum_f16(m: &[half::f16]) -> f32;
        /// Sum of bf16 values, widened to f32.
        pub fn sum_bf16(m: &[half::bf16]) -> f32;
        /// `affine`, `math`, `complex` and `vector` lowered by the build
        /// helper's default pipeline.
        pub fn dialect_mix(m: &[f32], re: f32, im: f32) -> f32;
        /// Sum of `m`, which the callee frees (`memref.dealloc`).
        pub fn consume_sum(m: OwnedMemRef<f32, 1>) -> f32;
        /// Sum of what `rust_four` returns.
        pub fn drive_four() -> f32;
        /// Sum of what `rust_three` returns (aborts: refused result).
        pub fn drive_three() -> f32;
        /// `r[0][1]` of `rust_transpose(m)`.
        pub fn drive_transpose(m: MemRef<'_, f32, 2>) -> f32;
        /// Bit 0 of `a` as an `i1` (the register MLIR returns holds all of
        /// `a`).
        pub fn low_bit(a: i32) -> bool;
        /// Bit 0 of `a` and `a`, a multi-value result with an `i1`.
        pub fn bit_and_value(a: i32) -> (bool, i32);
        /// How many of `0..n` `rust_is_odd` accepts.
        pub fn drive_count_odd(n: i64) -> i32;
        /// `rust_pick(sel as i1, a, b)`.
        pub fn drive_pick(sel: i32, a: f32, b: f32) -> f32;
        /// Calls `rust_double_f16`.
        pub fn drive_double_f16(m: MemRefMut<'_, half::f16, 1>);
        /// Calls `rust_sum_bf16`.
        pub fn drive_sum_bf16(m: &[half::bf16]) -> f32;
    }

    // `mlir/complex.mlir`.
    #[ciface]
    unsafe extern "C" {
        /// `a * b` in `complex<f32>`.
        pub fn cmul(a: Complex<f32>, b: Complex<f32>) -> Complex<f32>;
        /// `a * b` in `complex<f64>`, with num-complex's types.
        pub fn cmul64(
            a: num_complex::Complex<f64>,
            b: num_complex::Complex64,
        ) -> num_complex::Complex64;
        /// `(z * z, re + im)`.
        pub fn square_and_sum(z: Complex<f32>) -> (Complex<f32>, f32);
        /// Writes every part it receives, in order, to `out`.
        #[allow(clippy::too_many_arguments)]
        pub fn placement(
            out: &mut [f64],
            x0: f32,
            x1: f32,
            x2: f32,
            x3: f32,
            x4: f32,
            x5: f32,
            c: Complex<f32>,
            n: i64,
            d: Complex<f64>,
            x6: f32,
            e: Complex<f32>,
        );
        /// Calls `rust_cscale` and returns its result.
        pub fn drive_cscale(z: Complex<f64>, k: f32) -> Complex<f64>;
        /// `m[i, j] *= k` over a strided view of `complex<f32>`.
        pub fn cmem_scale(
            #[mlir("memref<?x?xcomplex<f32>, strided<[?, ?], offset: ?>>")] m: MemRefMut<
                '_,
                Complex<f32>,
                2,
            >,
            k: f32,
        );
        /// The sum of a `complex<f64>` vector (num-complex's type).
        pub fn csum(m: &[num_complex::Complex64]) -> num_complex::Complex64;
        /// The sum of an unranked rank-1 `complex<f32>` memref.
        pub fn csum_unranked(m: UnrankedMemRef<'_, Complex<f32>>) -> Complex<f32>;
        /// A new memref `[i + 2i·i]` of `n` `complex<f64>`.
        pub fn ciota(n: i64) -> OwnedMemRef<Complex<f64>, 1>;
        /// Calls `rust_cconj(m)`.
        pub fn drive_cconj(m: MemRefMut<'_, Complex<f32>, 2>);
        /// The sum of `rust_cpowers(z, n)`.
        pub fn drive_cpowers(z: Complex<f64>, n: i64) -> Complex<f64>;
        /// Calls `rust_placement` with the parts 1, 2, ..., 14.
        pub fn drive_placement(out: &mut [f64]);
    }

    // `mlir/vector.mlir`.
    #[ciface]
    unsafe extern "C" {
        /// Stores `[1, 2, 3]` at index 1.
        pub fn probe_3xf32(m: MemRefMut<'_, Vector<f32, 3>, 1>);
        /// Stores `[1, ..., 5]` at index 1.
        pub fn probe_5xf32(m: MemRefMut<'_, Vector<f32, 5>, 1>);
        /// Stores `[1, 2, 3]` at index 1.
        pub fn probe_3xf64(m: MemRefMut<'_, Vector<f64, 3>, 1>);
        /// Stores `[1, 2, 3]` at index 1.
        pub fn probe_3xi8(m: MemRefMut<'_, Vector<i8, 3>, 1>);
        /// Stores `[1, ..., 7]` at index 1.
        pub fn probe_7xi16(m: MemRefMut<'_, Vector<u16, 7>, 1>);
        /// Stores `[1, ..., 17]` at index 1.
        pub fn probe_17xi64(m: MemRefMut<'_, Vector<i64, 17>, 1>);
        /// Stores `[[1, ..., 4], ..., [13, ..., 16]]` at index 1.
        pub fn probe_4x4xf32(m: MemRefMut<'_, [Vector<f32, 4>; 4], 1>);
        /// Stores `[[1, 2, 3], ..., [10, 11, 12]]` at index 1.
        pub fn probe_4x3xf32(m: MemRefMut<'_, [Vector<f32, 3>; 4], 1>);
        /// Stores `[[1, 2, 3], [4, 5, 6]]` at index 1.
        pub fn probe_2x3xi8(m: MemRefMut<'_, [Vector<i8, 3>; 2], 1>);
        /// `m[i, j] *= k`, any strides.
        pub fn vscale(
            #[mlir("memref<?x?xvector<3xf32>, strided<[?, ?], offset: ?>>")] m: MemRefMut<
                '_,
                Vector<f32, 3>,
                2,
            >,
            k: f32,
        );
        /// The sum of every lane.
        pub fn vsum4x4(m: &[[Vector<f32, 4>; 4]]) -> f32;
        /// The sum of every lane of an unranked rank-1 memref.
        pub fn vsum_unranked(m: UnrankedMemRef<'_, Vector<f64, 5>>) -> f64;
        /// `n` elements `[i, i + 1, i + 2]`.
        pub fn viota(n: i64) -> OwnedMemRef<Vector<u8, 3>, 1>;
        /// Calls `rust_vfill(m)`.
        pub fn drive_vfill(m: MemRefMut<'_, Vector<f32, 3>, 1>);
        /// `rust_vtrace(m)`.
        pub fn drive_vtrace(m: &[[Vector<f32, 4>; 4]]) -> f32;
        /// The sum of every lane of `rust_vrows(n)`.
        pub fn drive_vrows(n: i64) -> i64;
    }
}

#[cfg(all(test, mlir_kernels))]
mod tests {
    use abi_core::memref::{
        CifaceError, MemRef, MemRefDescriptor, MemRefMut, ReturnedMemRef, UnrankedMemRefDescriptor,
    };
    use abi_core::model::mlir::{MemRefError, MemRefType};

    use super::kernels::*;

    /// `c/mlir_calls.c` (clang-19) uses the generated header's descriptor
    /// structs to call the MLIR kernels and the Rust callbacks.
    #[test]
    fn c_calls_mlir_and_rust_through_the_header() {
        unsafe extern "C" {
            fn mlir_c_driver() -> core::ffi::c_int;
        }
        // SAFETY: the driver takes no arguments and frees what it allocates.
        let failed_line = unsafe { mlir_c_driver() };
        assert_eq!(
            failed_line, 0,
            "check at line {failed_line} of c/mlir_calls.c failed"
        );
    }

    /// ndarray views (the `ndarray` feature) to MLIR and back, strides kept.
    #[test]
    fn ndarray_views_to_mlir() {
        use ndarray::{Array2, arr1, s};
        let v = arr1(&[1.0f32, 2.0, 3.0, 4.0, 5.0]);
        // [5, 3, 1], weighted 1, 2, 3.
        let picked = MemRef::from_ndarray(v.slice(s![..;-2])).unwrap();
        assert_eq!(weighted_strided(picked).unwrap(), 5.0 + 6.0 + 3.0);

        let mut grid = Array2::from_shape_fn((2, 3), |(i, j)| (3 * i + j) as f32);
        scale_2d(MemRefMut::from_ndarray(grid.view_mut()).unwrap(), 2.0).unwrap();
        assert_eq!(
            grid,
            Array2::from_shape_fn((2, 3), |(i, j)| (6 * i + 2 * j) as f32)
        );
        // A transposed ndarray view is not an identity layout: refused
        // before the call, nothing is written.
        let refused = scale_2d(
            MemRefMut::from_ndarray(grid.view_mut().reversed_axes()).unwrap(),
            0.0,
        );
        assert!(refused.is_err());
        assert_eq!(grid[[1, 2]], 10.0);

        let (ones, pairs) = two_buffers(3).unwrap();
        assert_eq!(ones.view().to_ndarray(), arr1(&[1.0f32; 3]));
        assert_eq!(pairs.view().to_ndarray().column(1), arr1(&[0i64, -1, -2]));
    }

    /// `half::f16` / `half::bf16` elements both ways; the values are exact
    /// in both formats, so a wrong width or format shows as a wrong sum.
    #[test]
    fn half_precision_elements() {
        use half::{bf16, f16};
        let halves: Vec<f16> = [0.5f32, 1.5, -2.25, 1024.0]
            .iter()
            .map(|&x| f16::from_f32(x))
            .collect();
        assert_eq!(sum_f16(&halves).unwrap(), 0.5 + 1.5 - 2.25 + 1024.0);
        let brains: Vec<bf16> = [1.0f32, 2.0, 3.5, -65536.0]
            .iter()
            .map(|&x| bf16::from_f32(x))
            .collect();
        assert_eq!(sum_bf16(&brains).unwrap(), 1.0 + 2.0 + 3.5 - 65536.0);
        assert_eq!(drive_sum_bf16(&brains).unwrap(), 1.0 + 2.0 + 3.5 - 65536.0);

        let mut values = halves.clone();
        drive_double_f16(MemRefMut::from_slice(&mut values, [4]).unwrap()).unwrap();
        let doubled: Vec<f32> = values.iter().map(|x| x.to_f32()).collect();
        assert_eq!(doubled, [1.0, 3.0, -4.5, 2048.0]);
    }

    #[test]
    fn rust_calls_mlir_ranked() {
        assert_eq!(sum_1d(&[1.0, 2.0, 3.0, 4.0]).unwrap(), 10.0);
        assert_eq!(sum_1d(&[]).unwrap(), 0.0);

        // Strided with a negative stride and an offset: the reverse of
        // 0..8, and every other element from 1.
        let data: Vec<f32> = (0..8).map(|i| i as f32).collect();
        let weighted =
            |v: &[f32]| -> f32 { v.iter().enumerate().map(|(i, x)| x * (i + 1) as f32).sum() };
        let reversed = MemRef::from_slice_strided(&data, [8], [-1], 7).unwrap();
        assert_eq!(
            weighted_strided(reversed).unwrap(),
            weighted(&reversed.to_vec())
        );
        let odd = MemRef::from_slice_strided(&data, [4], [2], 1).unwrap();
        assert_eq!(
            weighted_strided(odd).unwrap(),
            weighted(&[1.0, 3.0, 5.0, 7.0])
        );

        let mut grid = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0];
        scale_2d(MemRefMut::from_slice(&mut grid, [2, 3]).unwrap(), 2.0).unwrap();
        assert_eq!(grid, [2.0, 4.0, 6.0, 8.0, 10.0, 12.0]);

        let m: Vec<f64> = (1..=9).map(f64::from).collect();
        assert_eq!(
            trace_3x3(MemRef::from_slice(&m, [3, 3]).unwrap()).unwrap(),
            15.0
        );

        let cube: Vec<i32> = (0..24).map(|x| x * 3 - 7).collect();
        let expected: i32 = (0..2)
            .flat_map(|i| (0..3).flat_map(move |j| (0..4).map(move |k| (i, j, k))))
            .map(|(i, j, k)| cube[(i * 12 + j * 4 + k) as usize] * (100 * i + 10 * j + k + 1))
            .sum();
        assert_eq!(
            weighted_3d(MemRef::from_slice(&cube, [2, 3, 4]).unwrap()).unwrap(),
            expected
        );
        assert_eq!(
            weighted_3d(MemRef::from_slice(&[], [0, 3, 4]).unwrap()).unwrap(),
            0
        );

        assert_eq!(
            read_0d(MemRef::from_slice(&[2.5f32], []).unwrap()).unwrap(),
            2.5
        );
    }

    #[test]
    fn arguments_are_checked_before_the_call() {
        let m: Vec<f64> = (0..6).map(f64::from).collect();
        let error = trace_3x3(MemRef::from_slice(&m, [2, 3]).unwrap()).unwrap_err();
        assert_eq!(
            error,
            CifaceError {
                function: "trace_3x3",
                symbol: "_mlir_ciface_trace_3x3",
                argument: Some((0, "m")),
                error: MemRefError::SizeMismatch {
                    dim: 0,
                    expected: 3,
                    found: 2
                },
            }
        );
        // MLIR would ignore the offset and strides of an identity layout:
        // a transposed view is refused instead of silently misread.
        let cube: Vec<i32> = (0..24).collect();
        let transposed = MemRef::from_slice(&cube, [2, 3, 4]).unwrap().transposed();
        let error = weighted_3d(transposed).unwrap_err();
        assert!(
            matches!(error.error, MemRefError::StrideMismatch { .. }),
            "{error}"
        );
        let shifted = MemRef::from_slice_strided(&m, [2, 2], [3, 1], 1).unwrap();
        let error =
            drive_sum_2d(MemRef::from_slice_strided(&[0f32; 4], [2, 2], [2, 1], 0).unwrap())
                .map(|_| ())
                .and(trace_3x3(shifted).map(|_| ()))
                .unwrap_err();
        assert!(
            error
                .to_string()
                .contains("`trace_3x3` (`_mlir_ciface_trace_3x3`): argument 0 `m`"),
            "{error}"
        );
    }

    #[test]
    fn rust_calls_mlir_results() {
        let iota = alloc_iota(5).unwrap();
        assert_eq!(iota.to_vec(), [0.0, 1.0, 2.0, 3.0, 4.0]);
        // `{alignment = 64}`: MLIR over-allocates and rounds `aligned` up;
        // only `allocated` is freed (valgrind would flag anything else).
        let desc = iota.descriptor();
        assert_eq!(desc.aligned as usize % 64, 0);
        assert!(desc.allocated <= desc.aligned);
        drop(iota);
        assert!(alloc_iota(0).unwrap().view().is_empty());

        let (ones, pairs) = two_buffers(3).unwrap();
        assert_eq!(ones.to_vec(), [1.0; 3]);
        assert_eq!(pairs.sizes(), [3, 2]);
        assert_eq!(pairs.to_vec(), [0, 0, 1, -1, 2, -2]);

        assert_eq!(div_mod(100, 3.0).unwrap(), (14, 1.5));
        assert_eq!(div_mod(-15, -1.0).unwrap(), (-2, -0.5));
    }

    #[test]
    fn rust_calls_mlir_unranked() {
        let mut data = [0f32; 6];
        let mut view = MemRefMut::from_slice(&mut data, [2, 3]).unwrap();
        let mut slot = MemRefDescriptor::EMPTY;
        assert_eq!(unranked_rank(view.as_unranked(&mut slot)).unwrap(), 2);
        let mut one = [1.0f32];
        let mut zero_d = MemRefMut::from_slice(&mut one, []).unwrap();
        let mut slot = MemRefDescriptor::EMPTY;
        assert_eq!(unranked_rank(zero_d.as_unranked(&mut slot)).unwrap(), 0);

        let unranked = alloc_unranked(4).unwrap();
        assert_eq!(unranked.rank(), 1);
        assert_eq!(unranked.sizes(), [4]);
        let ranked = unranked.into_ranked::<1>(&MemRefType::ANY_STRIDED).unwrap();
        assert_eq!(ranked.to_vec(), [0.0, 1.0, 2.0, 3.0]);
        // Dropped whole: both the heap descriptor and the data are freed.
        drop(alloc_unranked(3).unwrap());
    }

    #[test]
    fn aliasing_and_static_results() {
        let data = [1.0f32, 2.0, 3.0, 4.0];
        let view = MemRef::from_slice(&data, [4]).unwrap();
        match tail(view).unwrap() {
            ReturnedMemRef::Borrowed { argument, view } => {
                assert_eq!(argument, 0);
                assert_eq!(view.offset(), 1);
                assert_eq!(view.to_vec(), [2.0, 3.0, 4.0]);
            }
            other => panic!("expected a borrowed result, got {other:?}"),
        }
        // Declared owned, the aliasing result is refused (and not freed,
        // which would free `data`'s stack memory).
        let error = tail_owned(view).unwrap_err();
        assert_eq!(error.argument, None);
        assert_eq!(error.error, MemRefError::AliasesArgument { argument: 0 });
        match primes().unwrap() {
            ReturnedMemRef::Static(view) => assert_eq!(view.to_vec(), [2, 3, 5, 7]),
            other => panic!("expected static data, got {other:?}"),
        }
    }

    /// An MLIR function's memref results are checked against their
    /// declared types exactly as arguments are: the identity layout unless
    /// `#[ciface(result = "...")]` on the declaration says otherwise, and
    /// every static size and stride.
    #[test]
    fn results_are_checked_against_their_declared_types() {
        let data = [1.0f32, 2.0, 3.0, 4.0, 5.0];
        let view = MemRef::from_slice(&data, [5]).unwrap();
        let odd = every_other(view).unwrap();
        assert_eq!(
            (odd.view().strides(), odd.to_vec()),
            ([2], vec![1.0, 3.0, 5.0])
        );
        // The same descriptor, declared `memref<?xf32>` (the default).
        let error = every_other_strided(view).unwrap_err();
        assert_eq!(error.argument, None);
        assert_eq!(
            error.error,
            MemRefError::StrideMismatch {
                dim: 0,
                expected: 1,
                found: 2
            }
        );
        // Three elements where the declaration says `memref<4xf32>`.
        let error = head3(view).unwrap_err();
        assert_eq!(
            error.error,
            MemRefError::SizeMismatch {
                dim: 0,
                expected: 4,
                found: 3
            }
        );
        assert!(
            error
                .to_string()
                .starts_with("`head3` (`_mlir_ciface_head3`): result: "),
            "{error}"
        );
    }

    /// Multi-value results that share buffers: the second holder is
    /// refused, the buffer is freed exactly once, and a member after a
    /// refused one is still freed (valgrind's leak check in `cargo xtask
    /// test` proves the last two).
    #[test]
    fn results_that_share_buffers() {
        let error = same_buffer_twice(4).unwrap_err();
        assert_eq!(error.error, MemRefError::SharesResultBuffer { member: 0 });
        let error = buffer_and_subview(4).unwrap_err();
        assert_eq!(error.error, MemRefError::SharesResultBuffer { member: 0 });
        // Borrowed, but past the two elements lent: refused.
        let four = [1.0f32, 2.0, 3.0, 4.0];
        let error = past_the_end(MemRef::from_slice(&four[..2], [2]).unwrap()).unwrap_err();
        assert_eq!(error.error, MemRefError::OutsideArgument { argument: 0 });
        let inside = past_the_end(MemRef::from_slice(&four, [4]).unwrap()).unwrap();
        assert_eq!(inside.to_vec(), four);
        let data = [1.0f32, 2.0, 3.0];
        let error = argument_then_fresh(MemRef::from_slice(&data, [3]).unwrap()).unwrap_err();
        assert_eq!(error.error, MemRefError::AliasesArgument { argument: 0 });
        assert_eq!(data, [1.0, 2.0, 3.0]);
    }

    #[test]
    fn mlir_calls_rust() {
        let grid: Vec<f32> = (1..=6).map(|x| x as f32).collect();
        assert_eq!(
            drive_sum_2d(MemRef::from_slice(&grid, [2, 3]).unwrap()).unwrap(),
            21.0
        );
        assert_eq!(
            drive_sum_2d(MemRef::from_slice(&[], [0, 3]).unwrap()).unwrap(),
            0.0
        );

        let v = [1.0f32, 2.0, 3.0, 4.0, 5.0];
        // rust_weighted sees [5, 4, 3, 2, 1] through offset 4, stride -1.
        assert_eq!(drive_reversed(&v).unwrap(), 5.0 + 8.0 + 9.0 + 8.0 + 5.0);
        // ... and [2, 4] through offset 1, stride 2.
        assert_eq!(drive_odd(&v).unwrap(), 2.0 + 8.0);

        assert_eq!(drive_0d(1.25).unwrap(), 2.5);
        let expected: i32 = (0..2)
            .flat_map(|i| (0..3).flat_map(move |j| (0..4).map(move |k| (i, j, k))))
            .map(|(i, j, k)| (100 * i + 10 * j + k) * (i + j + k + 1))
            .sum();
        assert_eq!(drive_static_3d().unwrap(), expected);

        let mut w = [1.0f32, -2.0, 3.0];
        drive_scale(&mut w, -3.0).unwrap();
        assert_eq!(w, [-3.0, 6.0, -9.0]);

        // Rust allocates, MLIR frees (memref.dealloc).
        assert_eq!(drive_iota_sum(10).unwrap(), 45.0);
        assert_eq!(drive_iota_sum(0).unwrap(), 0.0);
        assert_eq!(drive_pair(4).unwrap(), (4.0, 3, 3));
        assert_eq!(drive_div_mod(50, 5.0).unwrap(), (7, 2.5));
        assert_eq!(
            drive_rank(MemRef::from_slice(&[0f32; 15], [3, 5]).unwrap()).unwrap(),
            23
        );
        assert_eq!(drive_unranked(5).unwrap(), 10.0);

        let xs: Vec<f32> = (0..100).map(|i| (i % 7) as f32).collect();
        let expected: f32 = xs
            .iter()
            .enumerate()
            .map(|(i, x)| x * (i as f32 + 0.5))
            .sum();
        assert_eq!(drive_loop(&xs).unwrap(), expected);
    }

    /// An `OwnedMemRef` argument hands its buffer to the MLIR callee,
    /// which frees it (valgrind, in `cargo xtask test`, sees no double free
    /// and no leak); one refused by its declared type stays Rust's.
    #[test]
    fn an_owned_memref_argument_is_freed_by_the_callee() {
        let owned = abi_core::memref::OwnedMemRef::from_slice(&[1.0f32, 2.0, 3.5], [3]).unwrap();
        assert_eq!(consume_sum(owned).unwrap(), 6.5);
        let empty = abi_core::memref::OwnedMemRef::<f32, 1>::zeroed([0]).unwrap();
        assert_eq!(consume_sum(empty).unwrap(), 0.0);
    }

    #[test]
    fn the_default_pipeline_lowers_affine_math_complex_and_vector() {
        // 1 + 2 + 3 + |(3 + 4i)^2| = 6 + 25, + 3 * (1 + 2 + 3 + 4) = 61.
        assert_eq!(dialect_mix(&[1.0, 4.0, 9.0], 3.0, 4.0).unwrap(), 61.0);
    }

    /// MLIR's `i1` is defined in bit 0 only: a result or argument made by
    /// `arith.trunci` arrives with the other bits of the register as they
    /// were (`low_bit(3)` returns 3 in `al`), and the shims read bit 0.
    #[test]
    fn i1_results_and_arguments_read_bit_zero() {
        for (a, bit) in [
            (3, true),
            (2, false),
            (-1, true),
            (0x7fff_fffe, false),
            (1, true),
            (0, false),
        ] {
            assert_eq!(low_bit(a).unwrap(), bit, "low_bit({a})");
            assert_eq!(bit_and_value(a).unwrap(), (bit, a), "bit_and_value({a})");
            assert_eq!(
                drive_pick(a, 1.5, -2.5).unwrap(),
                if bit { 1.5 } else { -2.5 },
                "drive_pick({a})"
            );
        }
        assert_eq!(drive_count_odd(11).unwrap(), 5);
        assert_eq!(drive_count_odd(0).unwrap(), 0);
    }

    #[test]
    fn mlir_calls_rust_with_the_expanded_convention() {
        unsafe extern "C" {
            fn _mlir_ciface_drive_expanded(
                a: *const MemRefDescriptor<f64, 1>,
                b: *const MemRefDescriptor<f64, 1>,
            ) -> f64;
        }
        let a = [1.0, 2.0, 3.0];
        let b = [4.0, 5.0, 6.0];
        let da = MemRef::from_slice(&a, [3]).unwrap().descriptor();
        let db = MemRef::from_slice(&b, [3]).unwrap().descriptor();
        // SAFETY: two rank-1 descriptors of live data, as the MLIR driver
        // declares.
        let dot = unsafe { _mlir_ciface_drive_expanded(&da, &db) };
        assert_eq!(dot, 32.0);
    }

    /// A memref result in the expanded convention: MLIR reads the
    /// descriptor Rust returns by value (through LLVM's hidden pointer on
    /// x86-64), sums it and frees the buffer.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn mlir_receives_a_memref_result_in_the_expanded_convention() {
        unsafe extern "C" {
            fn _mlir_ciface_drive_expanded_ramp(n: i64) -> f32;
        }
        for n in [0i64, 1, 5] {
            // SAFETY: the driver takes a count and frees what it gets.
            let sum = unsafe { _mlir_ciface_drive_expanded_ramp(n) };
            assert_eq!(sum, (0..n).map(|i| 11.0 * i as f32).sum::<f32>(), "n = {n}");
        }
    }

    /// Unranked memrefs take part in the overlap check: one buffer handed
    /// over as an unranked and a mutable ranked memref, or as two unranked
    /// ones, aborts naming both arguments; disjoint buffers pass. Each
    /// aborting case runs in a child process.
    #[test]
    fn unranked_arguments_that_share_memory_abort() {
        const CHILD: &str = "ABI_MLIR_UNRANKED_OVERLAP";
        unsafe extern "C" {
            fn _mlir_ciface_rust_add_unranked(
                u: *const UnrankedMemRefDescriptor,
                m: *const MemRefDescriptor<f32, 1>,
            );
            fn _mlir_ciface_rust_two_unranked(
                a: *const UnrankedMemRefDescriptor,
                b: *const UnrankedMemRefDescriptor,
            ) -> i64;
        }
        let mut shared = [1.0f32, 2.0, 3.0, 4.0];
        let mut other = [10.0f32; 4];
        let p = shared.as_mut_ptr();
        let ranked = |p: *mut f32| MemRefDescriptor {
            allocated: p,
            aligned: p,
            offset: 0,
            sizes: [4],
            strides: [1],
        };
        let mut first = ranked(p);
        let unranked = UnrankedMemRefDescriptor {
            rank: 1,
            descriptor: (&raw mut first).cast(),
        };
        if let Ok(case) = std::env::var(CHILD) {
            let same = ranked(p);
            match case.as_str() {
                // SAFETY: live descriptors of live data, as declared; the
                // shim must refuse them before the call.
                "unranked and mutable" => unsafe {
                    _mlir_ciface_rust_add_unranked(&unranked, &same)
                },
                _ => {
                    // SAFETY: as above.
                    unsafe { _mlir_ciface_rust_two_unranked(&unranked, &unranked) };
                }
            }
            return;
        }
        // Disjoint buffers: called, and the result is right.
        let disjoint = ranked(other.as_mut_ptr());
        // SAFETY: live descriptors of two distinct live buffers.
        unsafe { _mlir_ciface_rust_add_unranked(&unranked, &disjoint) };
        assert_eq!(other, [11.0; 4]);
        let mut second = ranked(other.as_mut_ptr());
        let unranked_other = UnrankedMemRefDescriptor {
            rank: 1,
            descriptor: (&raw mut second).cast(),
        };
        // SAFETY: as above.
        let ranks = unsafe { _mlir_ciface_rust_two_unranked(&unranked, &unranked_other) };
        assert_eq!(ranks, 2);
        for (case, names) in [
            (
                "unranked and mutable",
                "arguments `u: UnrankedMemRef<'_, f32>` and `m: MemRefMut<'_, f32, 1>` share memory",
            ),
            (
                "two unranked",
                "arguments `a: UnrankedMemRef<'_, f32>` and `b: UnrankedMemRef<'_, f32>` share memory",
            ),
        ] {
            let stderr = aborts_in_child(
                "mlir_ciface::tests::unranked_arguments_that_share_memory_abort",
                CHILD,
                case,
            );
            assert!(stderr.contains(names), "{case}: stderr was {stderr}");
            assert!(
                stderr.contains("_mlir_ciface_rust_"),
                "{case}: stderr was {stderr}"
            );
        }
        assert_eq!(shared, [1.0, 2.0, 3.0, 4.0]);
    }

    /// Bad descriptors from the foreign side end the process with a message
    /// naming the function; checked in a child process.
    #[test]
    fn bad_descriptors_abort_with_the_function_name() {
        const CHILD: &str = "ABI_MLIR_BAD_DESCRIPTOR";
        if let Ok(case) = std::env::var(CHILD) {
            unsafe extern "C" {
                fn _mlir_ciface_rust_sum_2d(m: *const MemRefDescriptor<f32, 2>) -> f32;
                fn _mlir_ciface_rust_weighted(m: *const MemRefDescriptor<f32, 1>) -> f32;
            }
            let mut data = [0f32; 8];
            let p = data.as_mut_ptr();
            let shifted = MemRefDescriptor {
                allocated: p,
                aligned: p,
                offset: 1,
                sizes: [2, 2],
                strides: [2, 1],
            };
            let before = MemRefDescriptor {
                allocated: p,
                aligned: p,
                offset: 2,
                sizes: [4],
                strides: [-1],
            };
            // Each call passes what the case names; the shims must refuse
            // it before reading any element.
            match case.as_str() {
                // SAFETY: as above.
                "null" => unsafe { _mlir_ciface_rust_weighted(core::ptr::null()) },
                // SAFETY: as above.
                "offset" => unsafe { _mlir_ciface_rust_sum_2d(&shifted) },
                // SAFETY: as above.
                _ => unsafe { _mlir_ciface_rust_weighted(&before) },
            };
            return;
        }
        for (case, expected) in [
            (
                "null",
                "`c_tests::mlir_ciface::callbacks::rust_weighted` (C symbol `_mlir_ciface_rust_weighted`): argument `m: MemRef<'_, f32, 1>`: invalid memref: the descriptor pointer is NULL",
            ),
            (
                "offset",
                "`_mlir_ciface_rust_sum_2d`): argument `m: MemRef<'_, f32, 2>`: invalid memref: offset 1, the layout says 0",
            ),
            (
                "before",
                "invalid memref: offset and strides reach element -1, before the aligned pointer",
            ),
        ] {
            let stderr = aborts_in_child(
                "mlir_ciface::tests::bad_descriptors_abort_with_the_function_name",
                CHILD,
                case,
            );
            assert!(stderr.contains(expected), "{case}: stderr was {stderr}");
        }
    }

    /// A panic Rust aborts for by itself (a destructor panicking while the
    /// first panic unwinds) inside a `_mlir_ciface_` export: the report
    /// still names the function and its symbol.
    #[test]
    fn panic_while_unwinding_names_the_function() {
        const CHILD: &str = "ABI_MLIR_PANIC_WHILE_UNWINDING";
        if std::env::var_os(CHILD).is_some() {
            unsafe extern "C" {
                fn _mlir_ciface_rust_panics_while_unwinding(
                    m: *const MemRefDescriptor<f32, 1>,
                ) -> f32;
            }
            let mut data = [1.0f32; 3];
            let m = MemRefDescriptor {
                allocated: data.as_mut_ptr(),
                aligned: data.as_mut_ptr(),
                offset: 0,
                sizes: [3],
                strides: [1],
            };
            // SAFETY: a live descriptor of live data; the export aborts.
            unsafe { _mlir_ciface_rust_panics_while_unwinding(&m) };
            return;
        }
        let stderr = aborts_in_child(
            "mlir_ciface::tests::panic_while_unwinding_names_the_function",
            CHILD,
            "1",
        );
        for expected in [
            "first panic over 3 elements",
            "`c_tests::mlir_ciface::callbacks::rust_panics_while_unwinding` (C symbol `_mlir_ciface_rust_panics_while_unwinding`) panicked in a destructor while a panic was unwinding",
        ] {
            assert!(
                stderr.contains(expected),
                "stderr lacks {expected:?}:\n{stderr}"
            );
        }
    }

    /// Run the test `test` of this binary again in a child process with
    /// `variable` set to `case`, check that it aborted (SIGABRT), and return
    /// what it printed on stderr.
    fn aborts_in_child(test: &str, variable: &str, case: &str) -> String {
        use std::os::unix::process::ExitStatusExt;
        let output = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", test, "--nocapture"])
            .env(variable, case)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert_eq!(
            output.status.signal(),
            Some(6),
            "{case}: expected SIGABRT, got {}; stderr:\n{stderr}",
            output.status
        );
        stderr
    }
}

/// The identity-layout rule against MLIR's own verifier: `verified.mlir`
/// is lowered with `--generate-runtime-verification`, so each of its
/// functions casts the descriptor it is given to a fixed layout and MLIR
/// aborts when the descriptor does not match. Each case runs in a child
/// process (this test binary again, running `verifier_child`).
#[cfg(all(test, mlir_kernels))]
mod verifier {
    use abi_core::memref::{MemRefDescriptor, MemRefTypeCheck};
    use abi_core::model::mlir::{Dim, MemRefLayout, MemRefType};
    use core::ffi::{c_char, c_int, c_void};

    /// The MLIR function, the type the shims check the same descriptor
    /// against, sizes, strides, offset, and whether MLIR accepts it.
    type Case = (
        &'static str,
        MemRefType,
        &'static [i64],
        &'static [i64],
        i64,
        bool,
    );

    const THREE_BY_ONE: MemRefType = MemRefType {
        text: Some("memref<3x1xf32>"),
        shape: Some(&[Dim::Static(3), Dim::Static(1)]),
        layout: MemRefLayout::Identity,
    };
    const STRIDED_2: MemRefType = MemRefType {
        text: Some("memref<?xf32, strided<[2], offset: ?>>"),
        shape: None,
        layout: MemRefLayout::Strided {
            strides: &[Dim::Static(2)],
            offset: Dim::Dynamic,
        },
    };
    const IDENTITY: MemRefType = MemRefType::DYNAMIC_IDENTITY;

    const CASES: &[Case] = &[
        ("verify_identity_2d", IDENTITY, &[2, 3], &[3, 1], 0, true),
        // A one-element inner dimension with another stride: MLIR's
        // canonical inner stride is the static 1 (the wrappers used to
        // accept this).
        ("verify_identity_2d", IDENTITY, &[2, 1], &[1, 7], 0, false),
        // A one-element outer dimension: its canonical stride is dynamic,
        // unchecked by MLIR, and irrelevant to every index.
        ("verify_identity_2d", IDENTITY, &[1, 3], &[99, 1], 0, true),
        // Outer stride wrong: MLIR does not check a dynamic stride; the
        // shims do (row-major, for the bounds): stricter is allowed.
        ("verify_identity_2d", IDENTITY, &[2, 3], &[4, 1], 0, true),
        ("verify_identity_2d", IDENTITY, &[2, 3], &[3, 1], 1, false),
        // Empty: the static strides still count.
        ("verify_identity_2d", IDENTITY, &[0, 3], &[5, 1], 0, true),
        ("verify_identity_2d", IDENTITY, &[0, 1], &[0, 0], 0, false),
        ("verify_static_3x1", THREE_BY_ONE, &[3, 1], &[1, 1], 0, true),
        (
            "verify_static_3x1",
            THREE_BY_ONE,
            &[3, 1],
            &[1, 5],
            0,
            false,
        ),
        (
            "verify_static_3x1",
            THREE_BY_ONE,
            &[3, 1],
            &[2, 1],
            0,
            false,
        ),
        (
            "verify_static_3x1",
            THREE_BY_ONE,
            &[4, 1],
            &[1, 1],
            0,
            false,
        ),
        ("verify_strided_2", STRIDED_2, &[3], &[2], 5, true),
        // A static stride on a one-element dimension still counts.
        ("verify_strided_2", STRIDED_2, &[1], &[5], 0, false),
        ("verify_strided_2", STRIDED_2, &[0], &[1], 0, false),
    ];

    unsafe extern "C" {
        fn _mlir_ciface_verify_identity_2d(m: *const MemRefDescriptor<f32, 2>) -> i64;
        fn _mlir_ciface_verify_static_3x1(m: *const MemRefDescriptor<f32, 2>) -> i64;
        fn _mlir_ciface_verify_strided_2(m: *const MemRefDescriptor<f32, 1>) -> i64;
        static mut stdout: *mut c_void;
        fn setvbuf(stream: *mut c_void, buffer: *mut c_char, mode: c_int, size: usize) -> c_int;
    }

    /// Runs the case named by `ABI_VERIFIER_CASE` (does nothing without
    /// it); the parent reads the exit status and MLIR's message.
    #[test]
    #[ignore = "run by `shims_never_accept_what_mlirs_verifier_refuses`, one case per process"]
    fn verifier_child() {
        let Ok(case) = std::env::var("ABI_VERIFIER_CASE") else {
            return;
        };
        let (function, _, sizes, strides, offset, _) = CASES[case.parse::<usize>().unwrap()];
        // MLIR reports with C `puts` and then aborts: unbuffered, or the
        // message dies in the buffer when stdout is a pipe.
        // SAFETY: glibc's `stdout` stream, read once.
        let stream = unsafe { stdout };
        // SAFETY: a valid stream, before anything is written to it.
        let status = unsafe {
            setvbuf(stream, core::ptr::null_mut(), 2 /* _IONBF */, 0)
        };
        assert_eq!(status, 0);
        let mut data = [0f32; 16];
        let base = data.as_mut_ptr();
        let dim = if let [size] = *sizes {
            let d = MemRefDescriptor::<f32, 1> {
                allocated: base,
                aligned: base,
                offset,
                sizes: [size],
                strides: [strides[0]],
            };
            // SAFETY: a well-formed descriptor of a live buffer; the
            // function only reads its metadata (`memref.dim`).
            unsafe { _mlir_ciface_verify_strided_2(&d) }
        } else {
            let d = MemRefDescriptor::<f32, 2> {
                allocated: base,
                aligned: base,
                offset,
                sizes: [sizes[0], sizes[1]],
                strides: [strides[0], strides[1]],
            };
            let verify = match function {
                "verify_identity_2d" => _mlir_ciface_verify_identity_2d,
                _ => _mlir_ciface_verify_static_3x1,
            };
            // SAFETY: as above.
            unsafe { verify(&d) }
        };
        assert_eq!(dim, sizes[0]);
    }

    #[test]
    fn shims_never_accept_what_mlirs_verifier_refuses() {
        let exe = std::env::current_exe().unwrap();
        for (i, &(function, ty, sizes, strides, offset, mlir_accepts)) in CASES.iter().enumerate() {
            let child = std::process::Command::new(&exe)
                .args(["--exact", "mlir_ciface::verifier::verifier_child"])
                .args(["--ignored", "--nocapture", "--test-threads=1"])
                .env("ABI_VERIFIER_CASE", i.to_string())
                .output()
                .unwrap();
            let printed = String::from_utf8_lossy(&child.stdout);
            let case = format!("{function}(sizes {sizes:?}, strides {strides:?}, offset {offset})");
            assert_eq!(
                child.status.success(),
                mlir_accepts,
                "MLIR's verdict on {case} changed ({}):\n{printed}{}",
                child.status,
                String::from_utf8_lossy(&child.stderr)
            );
            if !mlir_accepts {
                assert!(
                    printed.contains("Runtime op verification failed")
                        && printed.contains("memref.cast"),
                    "{case}: no message from MLIR's verifier:\n{printed}"
                );
            }
            let ours = match *sizes {
                [size] => ty.check_declared(offset, &[size], &[strides[0]]),
                _ => ty.check_declared(offset, &[sizes[0], sizes[1]], &[strides[0], strides[1]]),
            };
            assert!(
                ours.is_err() || mlir_accepts,
                "{case}: the shims accept what MLIR's verifier refuses"
            );
        }
    }
}

/// Results a Rust callback hands to MLIR, checked against the MLIR result
/// type (`#[ciface(result = "...")]`, or the identity layout): a refused
/// result aborts, so each refusal runs in a child process.
#[cfg(all(test, mlir_kernels))]
mod callback_results {
    use abi_core::memref::MemRef;

    use super::kernels::*;

    /// Runs the driver named by `ABI_RESULT_CASE` (nothing without it).
    #[test]
    #[ignore = "run by `refused_callback_results_abort_naming_the_result`, one case per process"]
    fn result_child() {
        let Ok(case) = std::env::var("ABI_RESULT_CASE") else {
            return;
        };
        let data = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0];
        let value = match case.as_str() {
            "three" => drive_three().unwrap(),
            _ => drive_transpose(MemRef::from_slice(&data, [2, 3]).unwrap()).unwrap(),
        };
        println!("MLIR read {value}");
    }

    #[test]
    fn declared_and_default_results_pass_when_they_match() {
        assert_eq!(drive_four().unwrap(), 10.0);
        let data = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0];
        assert_eq!(
            drive_transpose(MemRef::from_slice(&data, [2, 3]).unwrap()).unwrap(),
            2.0
        );
    }

    #[test]
    fn refused_callback_results_abort_naming_the_result() {
        let exe = std::env::current_exe().unwrap();
        for (case, expected) in [
            ("three", "dimension 0 has size 3, the type says 4"),
            ("transpose", "has stride"),
        ] {
            let child = std::process::Command::new(&exe)
                .args(["--exact", "mlir_ciface::callback_results::result_child"])
                .args(["--ignored", "--nocapture", "--test-threads=1"])
                .env("ABI_RESULT_CASE", case)
                .env("ABI_TRANSPOSE_RESULT", "1")
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&child.stderr);
            let stdout = String::from_utf8_lossy(&child.stdout);
            assert!(
                !child.status.success(),
                "{case}: not refused:\n{stdout}{stderr}"
            );
            assert!(
                !stdout.contains("MLIR read"),
                "{case}: MLIR read the result"
            );
            let symbol = if case == "three" {
                "_mlir_ciface_rust_three"
            } else {
                "_mlir_ciface_rust_transpose"
            };
            assert!(
                stderr.contains(symbol)
                    && stderr.contains("result 0 does not match its MLIR result type")
                    && stderr.contains(expected),
                "{case}: unexpected report:\n{stderr}"
            );
        }
    }
}

/// MLIR functions found at run time (`mlir/jit.mlir`, built into a shared
/// object nothing links): one `#[ciface(jit)]` declaration each, a handle
/// type per function (`JitRowSums`, `JitFill`) made from the address
/// `dlsym` finds.
#[cfg(mlir_kernels)]
pub mod jit {
    use abi_core::ciface;
    use abi_core::memref::{MemRef, MemRefMut, OwnedMemRef};

    #[ciface(jit)]
    unsafe extern "C" {
        /// The sum of each row of `m` into `out`.
        pub fn jit_row_sums(m: MemRef<'_, f32, 2>, out: MemRefMut<'_, f32, 1>);
        /// `n` copies of `k`, a new buffer.
        pub fn jit_fill(n: i64, k: f64) -> OwnedMemRef<f64, 1>;
    }
}

/// `#[ciface(jit)]` handles over `dlopen`ed code: the same checks as a
/// linked declaration, before and after the call.
#[cfg(all(test, mlir_kernels))]
mod jit_calls {
    use core::ffi::{c_char, c_int, c_void};

    use abi_core::memref::{MemRef, MemRefMut};
    use abi_core::model::mlir::MemRefError;

    use super::jit::{JitFill, JitRowSums};

    unsafe extern "C" {
        fn dlopen(file: *const c_char, mode: c_int) -> *mut c_void;
        fn dlsym(handle: *mut c_void, name: *const c_char) -> *mut c_void;
    }
    const RTLD_NOW: c_int = 2;

    /// The shared object, loaded once (never unloaded: the handles stay
    /// callable for the whole test run).
    fn library() -> *mut c_void {
        let path = std::ffi::CString::new(env!("C_TESTS_JIT_KERNELS")).unwrap();
        // SAFETY: a NUL-terminated path; the object has no initialisers
        // beyond what clang emits for a lowered MLIR module.
        let handle = unsafe { dlopen(path.as_ptr(), RTLD_NOW) };
        assert!(!handle.is_null(), "dlopen {path:?}");
        handle
    }

    #[test]
    fn rust_calls_mlir_found_at_run_time() {
        let lib = library();
        // SAFETY: `lib` is a loaded object; the name is NUL-terminated.
        let sums = unsafe { dlsym(lib, JitRowSums::SYMBOL.as_ptr()) };
        // SAFETY: as above.
        let fill = unsafe { dlsym(lib, JitFill::SYMBOL.as_ptr()) };
        // SAFETY: the symbol is the C interface of `mlir/jit.mlir`'s
        // function, which the declaration describes; the object is never
        // unloaded.
        let sums = unsafe { JitRowSums::from_address(sums) }.expect("found");
        // SAFETY: as above.
        let fill = unsafe { JitFill::from_address(fill) }.expect("found");
        let data = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0];
        let mut out = [0.0f32; 2];
        sums.call(
            MemRef::from_slice(&data, [2, 3]).unwrap(),
            MemRefMut::from_slice(&mut out, [2]).unwrap(),
        )
        .unwrap();
        assert_eq!(out, [6.0, 15.0]);

        // Checked as a linked call: a transposed view for an identity
        // layout is refused before the call, naming the argument.
        let transposed = MemRef::from_slice(&data, [2, 3]).unwrap().transposed();
        let mut three = [0.0f32; 3];
        let err = sums
            .call(transposed, MemRefMut::from_slice(&mut three, [3]).unwrap())
            .unwrap_err();
        assert_eq!(err.argument, Some((0, "m")));
        assert_eq!(err.symbol, "_mlir_ciface_jit_row_sums");
        assert!(matches!(err.error, MemRefError::StrideMismatch { .. }));
        assert_eq!(three, [0.0; 3]);

        // An owned result, freed by Rust.
        let filled = fill.call(4, 2.5).unwrap();
        assert_eq!(filled.to_vec(), [2.5; 4]);
        // NULL is no handle.
        // SAFETY: NULL is refused before anything is promised.
        assert!(unsafe { JitFill::from_address(core::ptr::null()) }.is_none());
    }
}

/// `complex<f32>`/`complex<f64>` against `mlir/complex.mlir`: values by
/// value both ways, results through the out-pointer, and every argument
/// placement a signature can have (registers, the last registers, the
/// stack after them).
#[cfg(all(test, mlir_kernels))]
mod complex {
    use abi_core::memref::Complex;

    use super::kernels::*;

    #[test]
    fn rust_calls_mlir_with_complex_values() {
        let a = Complex::new(1.5f32, -2.0);
        let b = Complex::new(-3.0f32, 0.25);
        assert_eq!(cmul(a, b).unwrap(), a * b);
        let (x, y) = (
            num_complex::Complex64::new(2.0, 3.0),
            num_complex::Complex64::new(-1.0, 4.5),
        );
        assert_eq!(cmul64(x, y).unwrap(), x * y);
        let z = Complex::new(3.0f32, 4.0);
        assert_eq!(square_and_sum(z).unwrap(), (z * z, 7.0));
    }

    /// Six floats, a complex in the last two SSE registers, then an
    /// integer, a `complex<f64>`, a float and a `complex<f32>` on the
    /// stack: every part arrives where MLIR reads it.
    #[test]
    fn complex_arguments_in_registers_and_on_the_stack() {
        let mut out = [0.0f64; 14];
        placement(
            &mut out,
            1.0,
            2.0,
            3.0,
            4.0,
            5.0,
            6.0,
            Complex::new(7.0, 8.0),
            9,
            Complex::new(10.0, 11.0),
            12.0,
            Complex::new(13.0, 14.0),
        )
        .unwrap();
        assert_eq!(out, core::array::from_fn(|k| (k + 1) as f64));
    }

    #[test]
    fn complex_values_in_the_expanded_convention() {
        unsafe extern "C" {
            fn _mlir_ciface_drive_expanded_cnorm(k: f32) -> f64;
        }
        // SAFETY: the driver takes a float and returns a double.
        let r = unsafe { _mlir_ciface_drive_expanded_cnorm(2.0) };
        assert_eq!(r, 2.0 * 25.0 + 5.0 - 200.0);
    }

    /// Memrefs of `complex<T>` (the LLVM struct `{T, T}` in memory):
    /// strided, ranked, unranked, an owned result, both ways.
    #[test]
    fn complex_memref_elements() {
        use abi_core::memref::{MemRef, MemRefDescriptor, MemRefMut};

        // A transposed (strided) view: MLIR scales every element once.
        let mut data: Vec<Complex<f32>> = (0..6)
            .map(|k| Complex::new(k as f32, -(k as f32)))
            .collect();
        let view = MemRefMut::from_slice_strided(&mut data, [3, 2], [1, 3], 0).unwrap();
        cmem_scale(view, 2.0).unwrap();
        let scaled: Vec<Complex<f32>> = (0..6)
            .map(|k| Complex::new(2.0 * k as f32, -2.0 * k as f32))
            .collect();
        assert_eq!(data, scaled);

        let values: Vec<num_complex::Complex64> = (1..=4)
            .map(|k| num_complex::Complex64::new(k as f64, 0.5))
            .collect();
        assert_eq!(
            csum(&values).unwrap(),
            num_complex::Complex64::new(10.0, 2.0)
        );

        let mut data = [Complex::new(1.0f32, 2.0), Complex::new(3.0, 4.0)];
        let mut view = MemRefMut::from_slice(&mut data, [2]).unwrap();
        let mut slot = MemRefDescriptor::EMPTY;
        assert_eq!(
            csum_unranked(view.as_unranked(&mut slot)).unwrap(),
            Complex::new(4.0, 6.0)
        );

        let owned = ciota(3).unwrap();
        assert_eq!(
            owned.to_vec(),
            [
                Complex::new(0.0, 0.0),
                Complex::new(1.0, 2.0),
                Complex::new(2.0, 4.0)
            ]
        );
        let shared = MemRef::from_slice(&data, [2, 1]).unwrap();
        assert_eq!(shared[[1, 0]], Complex::new(3.0, 4.0));
    }

    #[test]
    fn mlir_calls_rust_with_complex_memrefs() {
        use abi_core::memref::MemRefMut;

        let mut data = [
            Complex::new(1.0f32, 2.0),
            Complex::new(3.0, -4.0),
            Complex::new(-5.0, 6.0),
            Complex::new(7.0, 0.0),
        ];
        drive_cconj(MemRefMut::from_slice(&mut data, [2, 2]).unwrap()).unwrap();
        assert_eq!(
            data,
            [
                Complex::new(1.0, -2.0),
                Complex::new(3.0, 4.0),
                Complex::new(-5.0, -6.0),
                Complex::new(7.0, -0.0)
            ]
        );
        // 1 + i + i² + i³ = 0.
        assert_eq!(
            drive_cpowers(Complex::new(0.0, 1.0), 4).unwrap(),
            Complex::new(0.0, 0.0)
        );
        // 1 + 2 + 4 = 7.
        assert_eq!(
            drive_cpowers(Complex::new(2.0, 0.0), 3).unwrap(),
            Complex::new(7.0, 0.0)
        );
    }

    #[test]
    fn mlir_calls_rust_with_complex_values() {
        let z = Complex::new(1.25f64, -0.5);
        assert_eq!(drive_cscale(z, 4.0).unwrap(), Complex::new(5.0, -2.0));
        let mut out = [0.0f64; 14];
        drive_placement(&mut out).unwrap();
        assert_eq!(out, core::array::from_fn(|k| (k + 1) as f64));
    }
}

/// `vector<...>` memref elements against `mlir/vector.mlir` (MLIR 19 and,
/// with `cargo xtask mlir-22`, MLIR 22): LLVM's layout, read byte by byte,
/// then views of every kind both ways.
#[cfg(all(test, mlir_kernels))]
mod vector {
    use abi_core::memref::{
        MemRef, MemRefDescriptor, MemRefElement, MemRefMut, Vector, VectorLane,
    };

    use super::kernels::*;

    /// The bytes of `values`.
    fn bytes<T>(values: &[T]) -> &[u8] {
        // SAFETY: any initialised memory may be read as bytes; the
        // elements were zeroed whole (padding included) before MLIR wrote
        // them, and LLVM writes no padding.
        unsafe { core::slice::from_raw_parts(values.as_ptr().cast(), size_of_val(values)) }
    }

    /// Three zeroed elements (padding included: `zeroed`, not `new`).
    fn zeroed<E>() -> Vec<E> {
        // SAFETY: the vectors' lanes are integers or floats: all-zero
        // bytes are a value, and the padding is zeroed too.
        (0..3)
            .map(|_| unsafe { core::mem::zeroed::<E>() })
            .collect()
    }

    /// Where LLVM put element 1 of a memref of `E`, in bytes from the
    /// start, and the lanes it wrote there, read through the Rust type.
    fn probed<E: MemRefElement>(probe: impl FnOnce(MemRefMut<'_, E, 1>)) -> (usize, Vec<E>) {
        let mut data = zeroed::<E>();
        probe(MemRefMut::from_slice(&mut data, [3]).unwrap());
        let first = bytes(&data).iter().position(|&b| b != 0).unwrap();
        (first, data)
    }

    fn lanes<T: VectorLane, const N: usize>(v: Vector<T, N>) -> [T; N]
    where
        abi_core::memref::Lanes<N>: abi_core::memref::LaneCount<T::Width>,
    {
        v.into_lanes()
    }

    /// Element 1 starts where the Rust type's stride says (the first
    /// non-zero byte is in its first lane: 1.0f32 is `00 00 80 3f`), holds
    /// the lanes MLIR stored, and elements 0 and 2 are untouched.
    #[test]
    fn llvm_lays_vector_elements_out_as_the_rust_types() {
        let (at, v) = probed(|m| probe_3xf32(m).unwrap());
        assert_eq!((at, size_of::<Vector<f32, 3>>()), (16 + 2, 16));
        assert_eq!(lanes(v[1]), [1.0, 2.0, 3.0]);
        assert_eq!((lanes(v[0]), lanes(v[2])), ([0.0; 3], [0.0; 3]));
        let (at, v) = probed(|m| probe_5xf32(m).unwrap());
        assert_eq!(at, 32 + 2);
        assert_eq!(lanes(v[1]), [1.0, 2.0, 3.0, 4.0, 5.0]);
        let (at, v) = probed(|m| probe_3xf64(m).unwrap());
        assert_eq!(at, 32 + 6);
        assert_eq!(lanes(v[1]), [1.0, 2.0, 3.0]);
        let (at, v) = probed(|m| probe_3xi8(m).unwrap());
        assert_eq!(at, 4);
        assert_eq!(lanes(v[1]), [1, 2, 3]);
        let (at, v) = probed(|m| probe_7xi16(m).unwrap());
        assert_eq!(at, 16);
        assert_eq!(lanes(v[1]), [1, 2, 3, 4, 5, 6, 7]);
        let (at, v) = probed(|m| probe_17xi64(m).unwrap());
        assert_eq!(at, 256);
        assert_eq!(lanes(v[1]), core::array::from_fn(|k| k as i64 + 1));
        assert_eq!(lanes(v[2]), [0; 17]);
        let (at, v) = probed(|m| probe_4x4xf32(m).unwrap());
        assert_eq!(at, 64 + 2);
        assert_eq!(
            v[1].map(lanes),
            core::array::from_fn(|r| core::array::from_fn(|c| (4 * r + c + 1) as f32))
        );
        // Rows of `vector<3xf32>` 16 bytes apart: 4 of them, 64 bytes.
        let (at, v) = probed(|m| probe_4x3xf32(m).unwrap());
        assert_eq!(at, 64 + 2);
        assert_eq!(
            v[1].map(lanes),
            core::array::from_fn(|r| core::array::from_fn(|c| (3 * r + c + 1) as f32))
        );
        let (at, v) = probed(|m| probe_2x3xi8(m).unwrap());
        assert_eq!(at, 8);
        assert_eq!(v[1].map(lanes), [[1, 2, 3], [4, 5, 6]]);
    }

    #[test]
    fn rust_calls_mlir_with_vector_memrefs() {
        // A transposed (strided) view: MLIR scales every element once.
        let mut data: Vec<Vector<f32, 3>> = (0..6)
            .map(|k| Vector::new([k as f32, -(k as f32), 0.5]))
            .collect();
        let view = MemRefMut::from_slice_strided(&mut data, [3, 2], [1, 3], 0).unwrap();
        vscale(view, 2.0).unwrap();
        let scaled: Vec<Vector<f32, 3>> = (0..6)
            .map(|k| Vector::new([2.0 * k as f32, -2.0 * k as f32, 1.0]))
            .collect();
        assert_eq!(data, scaled);

        let grids: Vec<[Vector<f32, 4>; 4]> = (0..3)
            .map(|g| core::array::from_fn(|r| Vector::new([(g * 16 + r * 4) as f32; 4])))
            .collect();
        let expected: f32 = (0..48).map(|k| (k / 4 * 4) as f32).sum();
        assert_eq!(vsum4x4(&grids).unwrap(), expected);

        let mut data = [
            Vector::new([1.0f64, 2.0, 3.0, 4.0, 5.0]),
            Vector::new([0.5; 5]),
        ];
        let mut view = MemRefMut::from_slice(&mut data, [2]).unwrap();
        let mut slot = MemRefDescriptor::EMPTY;
        assert_eq!(vsum_unranked(view.as_unranked(&mut slot)).unwrap(), 17.5);

        let owned = viota(4).unwrap();
        assert_eq!(
            owned.to_vec().into_iter().map(lanes).collect::<Vec<_>>(),
            [[0, 1, 2], [1, 2, 3], [2, 3, 4], [3, 4, 5]]
        );
        let shared = MemRef::from_slice(&data, [2, 1]).unwrap();
        assert_eq!(shared[[1, 0]][4], 0.5);
    }

    #[test]
    fn mlir_calls_rust_with_vector_memrefs() {
        let mut data = [Vector::<f32, 3>::default(); 3];
        drive_vfill(MemRefMut::from_slice(&mut data, [3]).unwrap()).unwrap();
        assert_eq!(
            data.map(lanes),
            [[0.0, 1.0, 2.0], [10.0, 11.0, 12.0], [20.0, 21.0, 22.0]]
        );
        let grids: Vec<[Vector<f32, 4>; 4]> = (0..2)
            .map(|g| core::array::from_fn(|r| Vector::new([(g * 4 + r) as f32; 4])))
            .collect();
        assert_eq!(drive_vtrace(&grids).unwrap(), (0..8).sum::<i32>() as f32);
        // Element i: i + i + i + 1 + 2 + 3.
        assert_eq!(
            drive_vrows(4).unwrap(),
            (0..4).map(|i| 3 * i + 6).sum::<i64>()
        );
    }
}
