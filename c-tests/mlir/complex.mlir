// `complex<f32>` and `complex<f64>` across MLIR's C interface, both ways.
// MLIR passes a complex argument by value as the LLVM struct `{T, T}`
// (split by LLVM into two scalars) and returns a complex result through the
// C interface's leading out-pointer. Lowered with the build helper's
// default pipeline (c-tests/build.rs), C wrappers for every function.

module {
  // ---- Rust (and C) call MLIR ---------------------------------------

  func.func @cmul(%a: complex<f32>, %b: complex<f32>) -> complex<f32> {
    %p = complex.mul %a, %b : complex<f32>
    return %p : complex<f32>
  }

  func.func @cmul64(%a: complex<f64>, %b: complex<f64>) -> complex<f64> {
    %p = complex.mul %a, %b : complex<f64>
    return %p : complex<f64>
  }

  // A complex result with a scalar: `(z * z, re + im)`.
  func.func @square_and_sum(%z: complex<f32>) -> (complex<f32>, f32) {
    %sq = complex.mul %z, %z : complex<f32>
    %re = complex.re %z : complex<f32>
    %im = complex.im %z : complex<f32>
    %s = arith.addf %re, %im : f32
    return %sq, %s : complex<f32>, f32
  }

  // Where each argument lands: six floats take xmm0-xmm5, `%c` xmm6 and
  // xmm7, and everything after goes to the stack (`%d`, `%x6`, `%e`), with
  // an integer in between. Writes every part, in order, to `%out` as f64
  // (14 values).
  func.func @placement(%out: memref<?xf64>, %x0: f32, %x1: f32, %x2: f32, %x3: f32, %x4: f32, %x5: f32, %c: complex<f32>, %n: i64, %d: complex<f64>, %x6: f32, %e: complex<f32>) {
    %zero = arith.constant 0.0 : f64
    %x0_w = arith.extf %x0 : f32 to f64
    %i0 = arith.constant 0 : index
    memref.store %x0_w, %out[%i0] : memref<?xf64>
    %x1_w = arith.extf %x1 : f32 to f64
    %i1 = arith.constant 1 : index
    memref.store %x1_w, %out[%i1] : memref<?xf64>
    %x2_w = arith.extf %x2 : f32 to f64
    %i2 = arith.constant 2 : index
    memref.store %x2_w, %out[%i2] : memref<?xf64>
    %x3_w = arith.extf %x3 : f32 to f64
    %i3 = arith.constant 3 : index
    memref.store %x3_w, %out[%i3] : memref<?xf64>
    %x4_w = arith.extf %x4 : f32 to f64
    %i4 = arith.constant 4 : index
    memref.store %x4_w, %out[%i4] : memref<?xf64>
    %x5_w = arith.extf %x5 : f32 to f64
    %i5 = arith.constant 5 : index
    memref.store %x5_w, %out[%i5] : memref<?xf64>
    %c_re = complex.re %c : complex<f32>
    %c_re_w = arith.extf %c_re : f32 to f64
    %i6 = arith.constant 6 : index
    memref.store %c_re_w, %out[%i6] : memref<?xf64>
    %c_im = complex.im %c : complex<f32>
    %c_im_w = arith.extf %c_im : f32 to f64
    %i7 = arith.constant 7 : index
    memref.store %c_im_w, %out[%i7] : memref<?xf64>
    %n_w = arith.sitofp %n : i64 to f64
    %i8 = arith.constant 8 : index
    memref.store %n_w, %out[%i8] : memref<?xf64>
    %d_re = complex.re %d : complex<f64>
    %d_re_w = arith.addf %d_re, %zero : f64
    %i9 = arith.constant 9 : index
    memref.store %d_re_w, %out[%i9] : memref<?xf64>
    %d_im = complex.im %d : complex<f64>
    %d_im_w = arith.addf %d_im, %zero : f64
    %i10 = arith.constant 10 : index
    memref.store %d_im_w, %out[%i10] : memref<?xf64>
    %x6_w = arith.extf %x6 : f32 to f64
    %i11 = arith.constant 11 : index
    memref.store %x6_w, %out[%i11] : memref<?xf64>
    %e_re = complex.re %e : complex<f32>
    %e_re_w = arith.extf %e_re : f32 to f64
    %i12 = arith.constant 12 : index
    memref.store %e_re_w, %out[%i12] : memref<?xf64>
    %e_im = complex.im %e : complex<f32>
    %e_im_w = arith.extf %e_im : f32 to f64
    %i13 = arith.constant 13 : index
    memref.store %e_im_w, %out[%i13] : memref<?xf64>
    return
  }

  // ---- MLIR calls Rust ------------------------------------------------

  func.func private @rust_cscale(complex<f64>, f32) -> complex<f64>
  func.func private @rust_placement(memref<?xf64>, f32, f32, f32, f32, f32, f32, complex<f32>, i64, complex<f64>, f32, complex<f32>)

  // `rust_cscale(z, k)` called from MLIR, its result handed back.
  func.func @drive_cscale(%z: complex<f64>, %k: f32) -> complex<f64> {
    %r = func.call @rust_cscale(%z, %k) : (complex<f64>, f32) -> complex<f64>
    return %r : complex<f64>
  }

  // `rust_placement` called with the parts 1, 2, ..., 14.
  func.func @drive_placement(%out: memref<?xf64>) {
    %x0 = arith.constant 1.0 : f32
    %x1 = arith.constant 2.0 : f32
    %x2 = arith.constant 3.0 : f32
    %x3 = arith.constant 4.0 : f32
    %x4 = arith.constant 5.0 : f32
    %x5 = arith.constant 6.0 : f32
    %c_re = arith.constant 7.0 : f32
    %c_im = arith.constant 8.0 : f32
    %c = complex.create %c_re, %c_im : complex<f32>
    %n = arith.constant 9 : i64
    %d_re = arith.constant 10.0 : f64
    %d_im = arith.constant 11.0 : f64
    %d = complex.create %d_re, %d_im : complex<f64>
    %x6 = arith.constant 12.0 : f32
    %e_re = arith.constant 13.0 : f32
    %e_im = arith.constant 14.0 : f32
    %e = complex.create %e_re, %e_im : complex<f32>
    func.call @rust_placement(%out, %x0, %x1, %x2, %x3, %x4, %x5, %c, %n, %d, %x6, %e) : (memref<?xf64>, f32, f32, f32, f32, f32, f32, complex<f32>, i64, complex<f64>, f32, complex<f32>) -> ()
    return
  }
  // ---- memrefs of complex elements (`{T, T}` in memory) ---------------

  // `m[i, j] *= k` over a strided 2-D view of `complex<f32>`.
  func.func @cmem_scale(%m: memref<?x?xcomplex<f32>, strided<[?, ?], offset: ?>>, %k: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %kc = complex.create %k, %zero : complex<f32>
    %rows = memref.dim %m, %c0 : memref<?x?xcomplex<f32>, strided<[?, ?], offset: ?>>
    %cols = memref.dim %m, %c1 : memref<?x?xcomplex<f32>, strided<[?, ?], offset: ?>>
    scf.for %i = %c0 to %rows step %c1 {
      scf.for %j = %c0 to %cols step %c1 {
        %v = memref.load %m[%i, %j] : memref<?x?xcomplex<f32>, strided<[?, ?], offset: ?>>
        %p = complex.mul %v, %kc : complex<f32>
        memref.store %p, %m[%i, %j] : memref<?x?xcomplex<f32>, strided<[?, ?], offset: ?>>
      }
    }
    return
  }

  // The sum of a `complex<f64>` vector.
  func.func @csum(%m: memref<?xcomplex<f64>>) -> complex<f64> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f64
    %z = complex.create %zero, %zero : complex<f64>
    %n = memref.dim %m, %c0 : memref<?xcomplex<f64>>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> complex<f64> {
      %v = memref.load %m[%i] : memref<?xcomplex<f64>>
      %a = complex.add %acc, %v : complex<f64>
      scf.yield %a : complex<f64>
    }
    return %s : complex<f64>
  }

  // The sum of an unranked `complex<f32>` memref of rank 1.
  func.func @csum_unranked(%u: memref<*xcomplex<f32>>) -> complex<f32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %z = complex.create %zero, %zero : complex<f32>
    %m = memref.cast %u : memref<*xcomplex<f32>> to memref<?xcomplex<f32>>
    %n = memref.dim %m, %c0 : memref<?xcomplex<f32>>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> complex<f32> {
      %v = memref.load %m[%i] : memref<?xcomplex<f32>>
      %a = complex.add %acc, %v : complex<f32>
      scf.yield %a : complex<f32>
    }
    return %s : complex<f32>
  }

  // A new `n`-element `complex<f64>` memref `[i + 2i·i]`, owned by the
  // caller.
  func.func @ciota(%n: index) -> memref<?xcomplex<f64>> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = memref.alloc(%n) : memref<?xcomplex<f64>>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i64
      %re = arith.sitofp %ii : i64 to f64
      %im = arith.addf %re, %re : f64
      %v = complex.create %re, %im : complex<f64>
      memref.store %v, %m[%i] : memref<?xcomplex<f64>>
    }
    return %m : memref<?xcomplex<f64>>
  }

  func.func private @rust_cconj(memref<?x?xcomplex<f32>>)
  func.func private @rust_cpowers(complex<f64>, index) -> memref<*xcomplex<f64>>

  // `rust_cconj` conjugates `m` in place.
  func.func @drive_cconj(%m: memref<?x?xcomplex<f32>>) {
    func.call @rust_cconj(%m) : (memref<?x?xcomplex<f32>>) -> ()
    return
  }

  // The sum of `rust_cpowers(z, n)` (`[1, z, z², ...]`, unranked), freed.
  func.func @drive_cpowers(%z: complex<f64>, %n: index) -> complex<f64> {
    %u = func.call @rust_cpowers(%z, %n) : (complex<f64>, index) -> memref<*xcomplex<f64>>
    %m = memref.cast %u : memref<*xcomplex<f64>> to memref<?xcomplex<f64>>
    %s = func.call @csum(%m) : (memref<?xcomplex<f64>>) -> complex<f64>
    memref.dealloc %m : memref<?xcomplex<f64>>
    return %s : complex<f64>
  }
}
