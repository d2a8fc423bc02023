// `vector<...>` memref elements across MLIR's C interface, both ways. LLVM
// lowers `vector<NxT>` to `<N x T>` (size and alignment: the next power of
// two of its bytes, `vector<3xf32>` 16 and 16) and `vector<RxCxT>` to
// `[R x <C x T>]`; `probe_*` store one element at index 1 so that the tests
// read where each byte landed. Lowered with the build helper's default
// pipeline (c-tests/build.rs), C wrappers for every function.

module {
  // ---- where LLVM puts element 1 ------------------------------------

  func.func @probe_3xf32(%m: memref<?xvector<3xf32>>) {
    %i = arith.constant 1 : index
    %v = arith.constant dense<[1.0, 2.0, 3.0]> : vector<3xf32>
    memref.store %v, %m[%i] : memref<?xvector<3xf32>>
    return
  }

  func.func @probe_5xf32(%m: memref<?xvector<5xf32>>) {
    %i = arith.constant 1 : index
    %v = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : vector<5xf32>
    memref.store %v, %m[%i] : memref<?xvector<5xf32>>
    return
  }

  func.func @probe_3xf64(%m: memref<?xvector<3xf64>>) {
    %i = arith.constant 1 : index
    %v = arith.constant dense<[1.0, 2.0, 3.0]> : vector<3xf64>
    memref.store %v, %m[%i] : memref<?xvector<3xf64>>
    return
  }

  func.func @probe_3xi8(%m: memref<?xvector<3xi8>>) {
    %i = arith.constant 1 : index
    %v = arith.constant dense<[1, 2, 3]> : vector<3xi8>
    memref.store %v, %m[%i] : memref<?xvector<3xi8>>
    return
  }

  func.func @probe_7xi16(%m: memref<?xvector<7xi16>>) {
    %i = arith.constant 1 : index
    %v = arith.constant dense<[1, 2, 3, 4, 5, 6, 7]> : vector<7xi16>
    memref.store %v, %m[%i] : memref<?xvector<7xi16>>
    return
  }

  func.func @probe_17xi64(%m: memref<?xvector<17xi64>>) {
    %i = arith.constant 1 : index
    %v = arith.constant dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]> : vector<17xi64>
    memref.store %v, %m[%i] : memref<?xvector<17xi64>>
    return
  }

  func.func @probe_4x4xf32(%m: memref<?xvector<4x4xf32>>) {
    %i = arith.constant 1 : index
    %v = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0], [13.0, 14.0, 15.0, 16.0]]> : vector<4x4xf32>
    memref.store %v, %m[%i] : memref<?xvector<4x4xf32>>
    return
  }

  func.func @probe_4x3xf32(%m: memref<?xvector<4x3xf32>>) {
    %i = arith.constant 1 : index
    %v = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [10.0, 11.0, 12.0]]> : vector<4x3xf32>
    memref.store %v, %m[%i] : memref<?xvector<4x3xf32>>
    return
  }

  func.func @probe_2x3xi8(%m: memref<?xvector<2x3xi8>>) {
    %i = arith.constant 1 : index
    %v = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi8>
    memref.store %v, %m[%i] : memref<?xvector<2x3xi8>>
    return
  }

  // ---- Rust (and C) call MLIR ---------------------------------------

  // `m[i, j] *= k` over a strided 2-D view of `vector<3xf32>`.
  func.func @vscale(%m: memref<?x?xvector<3xf32>, strided<[?, ?], offset: ?>>, %k: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %rows = memref.dim %m, %c0 : memref<?x?xvector<3xf32>, strided<[?, ?], offset: ?>>
    %cols = memref.dim %m, %c1 : memref<?x?xvector<3xf32>, strided<[?, ?], offset: ?>>
    %kv = vector.broadcast %k : f32 to vector<3xf32>
    scf.for %i = %c0 to %rows step %c1 {
      scf.for %j = %c0 to %cols step %c1 {
        %v = memref.load %m[%i, %j] : memref<?x?xvector<3xf32>, strided<[?, ?], offset: ?>>
        %s = arith.mulf %v, %kv : vector<3xf32>
        memref.store %s, %m[%i, %j] : memref<?x?xvector<3xf32>, strided<[?, ?], offset: ?>>
      }
    }
    return
  }

  // The sum of every lane of a 1-D memref of `vector<4x4xf32>`.
  func.func @vsum4x4(%m: memref<?xvector<4x4xf32>>) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %m, %c0 : memref<?xvector<4x4xf32>>
    %zero = arith.constant 0.0 : f32
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
      %v = memref.load %m[%i] : memref<?xvector<4x4xf32>>
      %r0 = vector.extract %v[0] : vector<4xf32> from vector<4x4xf32>
      %r1 = vector.extract %v[1] : vector<4xf32> from vector<4x4xf32>
      %r2 = vector.extract %v[2] : vector<4xf32> from vector<4x4xf32>
      %r3 = vector.extract %v[3] : vector<4xf32> from vector<4x4xf32>
      %a = arith.addf %r0, %r1 : vector<4xf32>
      %b = arith.addf %r2, %r3 : vector<4xf32>
      %c = arith.addf %a, %b : vector<4xf32>
      %s = vector.reduction <add>, %c : vector<4xf32> into f32
      %next = arith.addf %acc, %s : f32
      scf.yield %next : f32
    }
    return %sum : f32
  }

  // The sum of every lane of an unranked rank-1 memref of `vector<5xf64>`.
  func.func @vsum_unranked(%u: memref<*xvector<5xf64>>) -> f64 {
    %m = memref.cast %u : memref<*xvector<5xf64>> to memref<?xvector<5xf64>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %m, %c0 : memref<?xvector<5xf64>>
    %zero = arith.constant 0.0 : f64
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
      %v = memref.load %m[%i] : memref<?xvector<5xf64>>
      %s = vector.reduction <add>, %v : vector<5xf64> into f64
      %next = arith.addf %acc, %s : f64
      scf.yield %next : f64
    }
    return %sum : f64
  }

  // A new memref of `n` `vector<3xi8>`: element i is `[i, i + 1, i + 2]`.
  func.func @viota(%n: index) -> memref<?xvector<3xi8>> {
    %m = memref.alloc(%n) : memref<?xvector<3xi8>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %steps = arith.constant dense<[0, 1, 2]> : vector<3xi8>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i8
      %b = vector.broadcast %ii : i8 to vector<3xi8>
      %v = arith.addi %b, %steps : vector<3xi8>
      memref.store %v, %m[%i] : memref<?xvector<3xi8>>
    }
    return %m : memref<?xvector<3xi8>>
  }

  // ---- MLIR calls Rust ------------------------------------------------

  func.func private @rust_vfill(memref<?xvector<3xf32>>) attributes { llvm.emit_c_interface }
  func.func private @rust_vtrace(memref<?xvector<4x4xf32>>) -> f32 attributes { llvm.emit_c_interface }
  func.func private @rust_vrows(index) -> memref<?xvector<2x3xi16>> attributes { llvm.emit_c_interface }

  // Calls `rust_vfill(m)`.
  func.func @drive_vfill(%m: memref<?xvector<3xf32>>) {
    call @rust_vfill(%m) : (memref<?xvector<3xf32>>) -> ()
    return
  }

  // `rust_vtrace(m)`.
  func.func @drive_vtrace(%m: memref<?xvector<4x4xf32>>) -> f32 {
    %t = call @rust_vtrace(%m) : (memref<?xvector<4x4xf32>>) -> f32
    return %t : f32
  }

  // The sum of every lane of `rust_vrows(n)`, which MLIR frees.
  func.func @drive_vrows(%n: index) -> i64 {
    %m = call @rust_vrows(%n) : (index) -> memref<?xvector<2x3xi16>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i64
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
      %v = memref.load %m[%i] : memref<?xvector<2x3xi16>>
      %r0 = vector.extract %v[0] : vector<3xi16> from vector<2x3xi16>
      %r1 = vector.extract %v[1] : vector<3xi16> from vector<2x3xi16>
      %r = arith.addi %r0, %r1 : vector<3xi16>
      %w = arith.extsi %r : vector<3xi16> to vector<3xi64>
      %s = vector.reduction <add>, %w : vector<3xi64> into i64
      %next = arith.addi %acc, %s : i64
      scf.yield %next : i64
    }
    memref.dealloc %m : memref<?xvector<2x3xi16>>
    return %sum : i64
  }
}
