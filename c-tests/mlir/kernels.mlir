// MLIR functions the c-tests call through `#[ciface]` wrappers, and drivers
// that call Rust `#[ciface]` callbacks. Lowered by c-tests/build.rs with
// MLIR 19 (`--llvm-request-c-wrappers` gives every function, declarations
// included, its `_mlir_ciface_` interface).

module {
  // ---- Rust calls MLIR ------------------------------------------------

  func.func @sum_1d(%m: memref<?xf32>) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %n = memref.dim %m, %c0 : memref<?xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
      %x = memref.load %m[%i] : memref<?xf32>
      %s = arith.addf %acc, %x : f32
      scf.yield %s : f32
    }
    return %r : f32
  }

  // Weighted by position, so that order and offset errors show.
  func.func @weighted_strided(%m: memref<?xf32, strided<[?], offset: ?>>) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %n = memref.dim %m, %c0 : memref<?xf32, strided<[?], offset: ?>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
      %x = memref.load %m[%i] : memref<?xf32, strided<[?], offset: ?>>
      %ii = arith.index_cast %i : index to i32
      %w = arith.sitofp %ii : i32 to f32
      %w1 = arith.addf %w, %zero : f32
      %one = arith.constant 1.0 : f32
      %w2 = arith.addf %w1, %one : f32
      %p = arith.mulf %x, %w2 : f32
      %s = arith.addf %acc, %p : f32
      scf.yield %s : f32
    }
    return %r : f32
  }

  func.func @scale_2d(%m: memref<?x?xf32>, %k: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %rows = memref.dim %m, %c0 : memref<?x?xf32>
    %cols = memref.dim %m, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %rows step %c1 {
      scf.for %j = %c0 to %cols step %c1 {
        %x = memref.load %m[%i, %j] : memref<?x?xf32>
        %y = arith.mulf %x, %k : f32
        memref.store %y, %m[%i, %j] : memref<?x?xf32>
      }
    }
    return
  }

  func.func @trace_3x3(%m: memref<3x3xf64>) -> f64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %zero = arith.constant 0.0 : f64
    %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> f64 {
      %x = memref.load %m[%i, %i] : memref<3x3xf64>
      %s = arith.addf %acc, %x : f64
      scf.yield %s : f64
    }
    return %r : f64
  }

  // sum of m[i][j][k] * (100 i + 10 j + k + 1): position-sensitive.
  func.func @weighted_3d(%m: memref<?x?x?xi32>) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant 0 : i32
    %a = memref.dim %m, %c0 : memref<?x?x?xi32>
    %b = memref.dim %m, %c1 : memref<?x?x?xi32>
    %c = memref.dim %m, %c2 : memref<?x?x?xi32>
    %r = scf.for %i = %c0 to %a step %c1 iter_args(%acc = %zero) -> i32 {
      %r1 = scf.for %j = %c0 to %b step %c1 iter_args(%acc1 = %acc) -> i32 {
        %r2 = scf.for %k = %c0 to %c step %c1 iter_args(%acc2 = %acc1) -> i32 {
          %x = memref.load %m[%i, %j, %k] : memref<?x?x?xi32>
          %ii = arith.index_cast %i : index to i32
          %jj = arith.index_cast %j : index to i32
          %kk = arith.index_cast %k : index to i32
          %h = arith.constant 100 : i32
          %t = arith.constant 10 : i32
          %one = arith.constant 1 : i32
          %w0 = arith.muli %ii, %h : i32
          %w1 = arith.muli %jj, %t : i32
          %w2 = arith.addi %w0, %w1 : i32
          %w3 = arith.addi %w2, %kk : i32
          %w = arith.addi %w3, %one : i32
          %p = arith.muli %x, %w : i32
          %s = arith.addi %acc2, %p : i32
          scf.yield %s : i32
        }
        scf.yield %r2 : i32
      }
      scf.yield %r1 : i32
    }
    return %r : i32
  }

  func.func @read_0d(%m: memref<f32>) -> f32 {
    %x = memref.load %m[] : memref<f32>
    return %x : f32
  }

  func.func @alloc_iota(%n: index) -> memref<?xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = memref.alloc(%n) {alignment = 64} : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %x = arith.sitofp %ii : i32 to f32
      memref.store %x, %m[%i] : memref<?xf32>
    }
    return %m : memref<?xf32>
  }

  // A vector of n ones and an n x 2 matrix [[i, -i]].
  func.func @two_buffers(%n: index) -> (memref<?xf32>, memref<?x2xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1.0 : f32
    %a = memref.alloc(%n) : memref<?xf32>
    %b = memref.alloc(%n) : memref<?x2xi64>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %one, %a[%i] : memref<?xf32>
      %ii = arith.index_cast %i : index to i64
      %z = arith.constant 0 : i64
      %neg = arith.subi %z, %ii : i64
      memref.store %ii, %b[%i, %c0] : memref<?x2xi64>
      memref.store %neg, %b[%i, %c1] : memref<?x2xi64>
    }
    return %a, %b : memref<?xf32>, memref<?x2xi64>
  }

  func.func @div_mod(%a: i32, %b: f64) -> (i32, f64) {
    %seven = arith.constant 7 : i32
    %q = arith.divsi %a, %seven : i32
    %half = arith.constant 0.5 : f64
    %h = arith.mulf %b, %half : f64
    return %q, %h : i32, f64
  }

  func.func @unranked_rank(%m: memref<*xf32>) -> index {
    %r = memref.rank %m : memref<*xf32>
    return %r : index
  }

  func.func @alloc_unranked(%n: index) -> memref<*xf32> {
    %m = func.call @alloc_iota(%n) : (index) -> memref<?xf32>
    %u = memref.cast %m : memref<?xf32> to memref<*xf32>
    return %u : memref<*xf32>
  }

  // The argument without its first element: the result aliases it.
  func.func @tail(%m: memref<?xf32>) -> memref<?xf32, strided<[1], offset: ?>> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %m, %c0 : memref<?xf32>
    %k = arith.subi %n, %c1 : index
    %v0 = memref.subview %m[1] [%k] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: 1>>
    %v = memref.cast %v0 : memref<?xf32, strided<[1], offset: 1>> to memref<?xf32, strided<[1], offset: ?>>
    return %v : memref<?xf32, strided<[1], offset: ?>>
  }

  // The same result, which a caller declares as owned (and must refuse).
  func.func @tail_owned(%m: memref<?xf32>) -> memref<?xf32, strided<[1], offset: ?>> {
    %v = func.call @tail(%m) : (memref<?xf32>) -> memref<?xf32, strided<[1], offset: ?>>
    return %v : memref<?xf32, strided<[1], offset: ?>>
  }

  // A view reaching past the argument's elements (4 from a caller that
  // lent 2): a borrowed result must stay inside its argument.
  func.func @past_the_end(%m: memref<?xf32>) -> memref<?xf32> {
    %c4 = arith.constant 4 : index
    %r = memref.reinterpret_cast %m to offset: [0], sizes: [%c4], strides: [1] : memref<?xf32> to memref<?xf32>
    return %r : memref<?xf32>
  }

  // One buffer returned twice: two owners would free it twice.
  func.func @same_buffer_twice(%n: index) -> (memref<?xf32>, memref<?xf32>) {
    %a = memref.alloc(%n) : memref<?xf32>
    return %a, %a : memref<?xf32>, memref<?xf32>
  }

  // A buffer and a subview of it.
  func.func @buffer_and_subview(%n: index) -> (memref<?xf32>, memref<?xf32, strided<[1], offset: ?>>) {
    %c1 = arith.constant 1 : index
    %a = memref.alloc(%n) : memref<?xf32>
    %k = arith.subi %n, %c1 : index
    %v0 = memref.subview %a[1] [%k] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: 1>>
    %v = memref.cast %v0 : memref<?xf32, strided<[1], offset: 1>> to memref<?xf32, strided<[1], offset: ?>>
    return %a, %v : memref<?xf32>, memref<?xf32, strided<[1], offset: ?>>
  }

  // The argument, then a fresh buffer: a caller declaring both owned must
  // refuse the first and still free the second.
  func.func @argument_then_fresh(%m: memref<?xf32>) -> (memref<?xf32>, memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %n = memref.dim %m, %c0 : memref<?xf32>
    %b = memref.alloc(%n) : memref<?xf32>
    return %m, %b : memref<?xf32>, memref<?xf32>
  }

  memref.global "private" constant @table : memref<4xi32> = dense<[2, 3, 5, 7]>

  func.func @primes() -> memref<4xi32> {
    %t = memref.get_global @table : memref<4xi32>
    return %t : memref<4xi32>
  }

  // Elements 0, 2, 4, ... of the argument: a view with stride 2.
  func.func @every_other(%m: memref<?xf32>) -> memref<?xf32, strided<[2], offset: ?>> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %n = memref.dim %m, %c0 : memref<?xf32>
    %n1 = arith.addi %n, %c1 : index
    %k = arith.divui %n1, %c2 : index
    %v0 = memref.subview %m[0] [%k] [2] : memref<?xf32> to memref<?xf32, strided<[2]>>
    %v = memref.cast %v0 : memref<?xf32, strided<[2]>> to memref<?xf32, strided<[2], offset: ?>>
    return %v : memref<?xf32, strided<[2], offset: ?>>
  }

  // The same view under a second name, which a caller declares with the
  // identity layout (and must refuse).
  func.func @every_other_strided(%m: memref<?xf32>) -> memref<?xf32, strided<[2], offset: ?>> {
    %v = func.call @every_other(%m) : (memref<?xf32>) -> memref<?xf32, strided<[2], offset: ?>>
    return %v : memref<?xf32, strided<[2], offset: ?>>
  }

  // The first three elements, which a caller declares as `memref<4xf32>`
  // (and must refuse rather than read a fourth).
  func.func @head3(%m: memref<?xf32>) -> memref<?xf32> {
    %c3 = arith.constant 3 : index
    %r = memref.reinterpret_cast %m to offset: [0], sizes: [%c3], strides: [1] : memref<?xf32> to memref<?xf32>
    return %r : memref<?xf32>
  }

  // 16-bit float elements (Rust's `half::f16` / `half::bf16`), widened.
  func.func @sum_f16(%m: memref<?xf16>) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %n = memref.dim %m, %c0 : memref<?xf16>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
      %x = memref.load %m[%i] : memref<?xf16>
      %w = arith.extf %x : f16 to f32
      %s = arith.addf %acc, %w : f32
      scf.yield %s : f32
    }
    return %r : f32
  }

  func.func @sum_bf16(%m: memref<?xbf16>) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %n = memref.dim %m, %c0 : memref<?xbf16>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
      %x = memref.load %m[%i] : memref<?xbf16>
      %w = arith.extf %x : bf16 to f32
      %s = arith.addf %acc, %w : f32
      scf.yield %s : f32
    }
    return %r : f32
  }

  // ---- MLIR calls Rust ------------------------------------------------

  func.func private @rust_sum_2d(memref<?x?xf32>) -> f32
  func.func private @rust_weighted(memref<?xf32, strided<[?], offset: ?>>) -> f32
  func.func private @rust_read_0d(memref<f64>) -> f64
  func.func private @rust_sum_static(memref<2x3x4xi32>) -> i32
  func.func private @rust_scale(memref<?xf32>, f32)
  func.func private @rust_iota(index) -> memref<?xf32>
  func.func private @rust_pair(index) -> (memref<?xf32>, memref<?x?xi64>)
  func.func private @rust_div_mod(i32, f64) -> (i32, f64)
  func.func private @rust_rank(memref<*xf32>) -> index
  func.func private @rust_unranked_iota(index) -> memref<*xf32>
  func.func private @rust_weight(index, f32) -> f32
  func.func private @rust_double_f16(memref<?xf16>)
  func.func private @rust_sum_bf16(memref<?xbf16>) -> f32
  // Sums the buffer it is given, then frees it: Rust hands over an
  // `OwnedMemRef` and does not free it again.
  func.func @consume_sum(%m: memref<?xf32>) -> f32 {
    %s = func.call @sum_1d(%m) : (memref<?xf32>) -> f32
    memref.dealloc %m : memref<?xf32>
    return %s : f32
  }

  func.func private @rust_four() -> memref<4xf32>
  func.func private @rust_three() -> memref<4xf32>
  func.func private @rust_transpose(memref<?x?xf32>) -> memref<?x?xf32>

  // Sum of the memref<4xf32> a Rust callback returns, then freed.
  func.func @drive_four() -> f32 {
    %m = func.call @rust_four() : () -> memref<4xf32>
    %r = func.call @sum_static_4(%m) : (memref<4xf32>) -> f32
    memref.dealloc %m : memref<4xf32>
    return %r : f32
  }

  // The same with a callback that returns 3 elements: MLIR would read a
  // fourth past the buffer; the shim refuses the result.
  func.func @drive_three() -> f32 {
    %m = func.call @rust_three() : () -> memref<4xf32>
    %r = func.call @sum_static_4(%m) : (memref<4xf32>) -> f32
    memref.dealloc %m : memref<4xf32>
    return %r : f32
  }

  func.func @sum_static_4(%m: memref<4xf32>) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0.0 : f32
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f32 {
      %x = memref.load %m[%i] : memref<4xf32>
      %s = arith.addf %acc, %x : f32
      scf.yield %s : f32
    }
    return %r : f32
  }

  // `m[0][1]` of what a callback returns for an identity memref<?x?xf32>
  // (a transposed view of the argument is refused: MLIR would read it as
  // row-major).
  func.func @drive_transpose(%m: memref<?x?xf32>) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t = func.call @rust_transpose(%m) : (memref<?x?xf32>) -> memref<?x?xf32>
    %x = memref.load %t[%c0, %c1] : memref<?x?xf32>
    return %x : f32
  }

  func.func private @rust_is_odd(index) -> i1
  func.func private @rust_pick(i1, f32, f32) -> f32

  // i1 results and arguments. `arith.trunci` to i1 leaves the register
  // as it was (LLVM gives i1 no extension attribute), so only bit 0 of
  // what these return or pass is defined: `low_bit(3)` returns 3 in the
  // register.
  func.func @low_bit(%a: i32) -> i1 {
    %t = arith.trunci %a : i32 to i1
    return %t : i1
  }

  func.func @bit_and_value(%a: i32) -> (i1, i32) {
    %t = arith.trunci %a : i32 to i1
    return %t, %a : i1, i32
  }

  // How many of 0..n rust_is_odd accepts.
  func.func @drive_count_odd(%n: index) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i32 {
      %odd = func.call @rust_is_odd(%i) : (index) -> i1
      %one = arith.extui %odd : i1 to i32
      %s = arith.addi %acc, %one : i32
      scf.yield %s : i32
    }
    return %r : i32
  }

  // rust_pick(trunci(%sel), a, b): the i1 travels in a register that
  // holds all of %sel.
  func.func @drive_pick(%sel: i32, %a: f32, %b: f32) -> f32 {
    %f = arith.trunci %sel : i32 to i1
    %r = func.call @rust_pick(%f, %a, %b) : (i1, f32, f32) -> f32
    return %r : f32
  }

  func.func @drive_double_f16(%m: memref<?xf16>) {
    func.call @rust_double_f16(%m) : (memref<?xf16>) -> ()
    return
  }

  func.func @drive_sum_bf16(%m: memref<?xbf16>) -> f32 {
    %r = func.call @rust_sum_bf16(%m) : (memref<?xbf16>) -> f32
    return %r : f32
  }

  func.func @drive_sum_2d(%m: memref<?x?xf32>) -> f32 {
    %r = func.call @rust_sum_2d(%m) : (memref<?x?xf32>) -> f32
    return %r : f32
  }

  // Hands Rust the argument reversed: offset n-1, stride -1.
  func.func @drive_reversed(%m: memref<?xf32>) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %m, %c0 : memref<?xf32>
    %last = arith.subi %n, %c1 : index
    %r = memref.reinterpret_cast %m to offset: [%last], sizes: [%n], strides: [-1] : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
    %s = func.call @rust_weighted(%r) : (memref<?xf32, strided<[?], offset: ?>>) -> f32
    return %s : f32
  }

  // Hands Rust every other element starting at 1: offset 1, stride 2.
  func.func @drive_odd(%m: memref<?xf32>) -> f32 {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %n = memref.dim %m, %c0 : memref<?xf32>
    %k = arith.divui %n, %c2 : index
    %r = memref.reinterpret_cast %m to offset: [1], sizes: [%k], strides: [2] : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
    %s = func.call @rust_weighted(%r) : (memref<?xf32, strided<[?], offset: ?>>) -> f32
    return %s : f32
  }

  func.func @drive_0d(%x: f64) -> f64 {
    %m = memref.alloca() : memref<f64>
    memref.store %x, %m[] : memref<f64>
    %r = func.call @rust_read_0d(%m) : (memref<f64>) -> f64
    return %r : f64
  }

  // m[i][j][k] = 100 i + 10 j + k, then Rust sums it.
  func.func @drive_static_3d() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %m = memref.alloc() : memref<2x3x4xi32>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c3 step %c1 {
        scf.for %k = %c0 to %c4 step %c1 {
          %ii = arith.index_cast %i : index to i32
          %jj = arith.index_cast %j : index to i32
          %kk = arith.index_cast %k : index to i32
          %h = arith.constant 100 : i32
          %t = arith.constant 10 : i32
          %a = arith.muli %ii, %h : i32
          %b = arith.muli %jj, %t : i32
          %ab = arith.addi %a, %b : i32
          %v = arith.addi %ab, %kk : i32
          memref.store %v, %m[%i, %j, %k] : memref<2x3x4xi32>
        }
      }
    }
    %r = func.call @rust_sum_static(%m) : (memref<2x3x4xi32>) -> i32
    memref.dealloc %m : memref<2x3x4xi32>
    return %r : i32
  }

  func.func @drive_scale(%m: memref<?xf32>, %k: f32) {
    func.call @rust_scale(%m, %k) : (memref<?xf32>, f32) -> ()
    return
  }

  // Rust allocates with malloc; MLIR reads, then frees with memref.dealloc.
  func.func @drive_iota_sum(%n: index) -> f32 {
    %m = func.call @rust_iota(%n) : (index) -> memref<?xf32>
    %s = func.call @sum_1d(%m) : (memref<?xf32>) -> f32
    memref.dealloc %m : memref<?xf32>
    return %s : f32
  }

  // Two results from Rust: returns sum(a) + the last row of b, b freed.
  func.func @drive_pair(%n: index) -> (f32, i64, i64) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a, %b = func.call @rust_pair(%n) : (index) -> (memref<?xf32>, memref<?x?xi64>)
    %s = func.call @sum_1d(%a) : (memref<?xf32>) -> f32
    %rows = memref.dim %b, %c0 : memref<?x?xi64>
    %cols = memref.dim %b, %c1 : memref<?x?xi64>
    %last = arith.subi %rows, %c1 : index
    %x = memref.load %b[%last, %c0] : memref<?x?xi64>
    %colsi = arith.index_cast %cols : index to i64
    memref.dealloc %a : memref<?xf32>
    memref.dealloc %b : memref<?x?xi64>
    return %s, %x, %colsi : f32, i64, i64
  }

  func.func @drive_div_mod(%a: i32, %b: f64) -> (i32, f64) {
    %q, %r = func.call @rust_div_mod(%a, %b) : (i32, f64) -> (i32, f64)
    return %q, %r : i32, f64
  }

  func.func @drive_rank(%m: memref<?x?xf32>) -> index {
    %u = memref.cast %m : memref<?x?xf32> to memref<*xf32>
    %r = func.call @rust_rank(%u) : (memref<*xf32>) -> index
    return %r : index
  }

  // An unranked result from Rust: MLIR copies and frees the heap
  // descriptor, reads the data, frees it.
  func.func @drive_unranked(%n: index) -> f32 {
    %u = func.call @rust_unranked_iota(%n) : (index) -> memref<*xf32>
    %m = memref.cast %u : memref<*xf32> to memref<?xf32>
    %s = func.call @sum_1d(%m) : (memref<?xf32>) -> f32
    memref.dealloc %m : memref<?xf32>
    return %s : f32
  }

  // A Rust callback inside a loop: sum of rust_weight(i, m[i]).
  func.func @drive_loop(%m: memref<?xf32>) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %n = memref.dim %m, %c0 : memref<?xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
      %x = memref.load %m[%i] : memref<?xf32>
      %w = func.call @rust_weight(%i, %x) : (index, f32) -> f32
      %s = arith.addf %acc, %w : f32
      scf.yield %s : f32
    }
    return %r : f32
  }
}
