// `rtsrand`/`rtrand`/`rtdrand` and `_mlir_ciface_shuffle`: LLVM's are
// `std::mt19937`, `std::uniform_int_distribution<uint64_t>` and
// `std::shuffle` from libstdc++, so every number printed here must be the
// same with both runtimes. Bounds below, at and above the generator's
// 32-bit range take libstdc++'s three paths (downscaling, direct,
// upscaling); shuffles of an even, an odd and a large length (above 65535
// elements, the one-draw-per-position path) are printed or summed.
module {
  func.func private @rtsrand(i64) -> !llvm.ptr
  func.func private @rtrand(!llvm.ptr, i64) -> i64
  func.func private @rtdrand(!llvm.ptr)
  func.func private @shuffle(memref<?xi64>, !llvm.ptr) attributes { llvm.emit_c_interface }
  func.func private @printI64(i64)
  func.func private @printU64(i64)
  func.func private @printComma()
  func.func private @printNewline()
  func.func private @printMemrefI64(memref<*xi64>) attributes { llvm.emit_c_interface }

  // `count` draws of `rtrand(g, m)` on one line.
  func.func @draws(%g: !llvm.ptr, %m: i64, %count: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %count step %c1 {
      %r = func.call @rtrand(%g, %m) : (!llvm.ptr, i64) -> i64
      func.call @printU64(%r) : (i64) -> ()
      func.call @printComma() : () -> ()
    }
    func.call @printNewline() : () -> ()
    return
  }

  // Every bound, `count` draws each, from a generator seeded with `seed`.
  func.func @bounds(%seed: i64, %count: index) {
    %g = func.call @rtsrand(%seed) : (i64) -> !llvm.ptr
    %m0 = arith.constant 0 : i64
    %m1 = arith.constant 1 : i64
    %m6 = arith.constant 6 : i64
    %m1000 = arith.constant 1000 : i64
    %m3 = arith.constant 3000000000 : i64
    %below = arith.constant 4294967294 : i64
    %at = arith.constant 4294967295 : i64
    %above = arith.constant 4294967296 : i64
    %big = arith.constant 1099511627776 : i64
    %huge = arith.constant 9223372036854775807 : i64
    %max = arith.constant -1 : i64
    func.call @draws(%g, %m0, %count) : (!llvm.ptr, i64, index) -> ()
    func.call @draws(%g, %m1, %count) : (!llvm.ptr, i64, index) -> ()
    func.call @draws(%g, %m6, %count) : (!llvm.ptr, i64, index) -> ()
    func.call @draws(%g, %m1000, %count) : (!llvm.ptr, i64, index) -> ()
    func.call @draws(%g, %m3, %count) : (!llvm.ptr, i64, index) -> ()
    func.call @draws(%g, %below, %count) : (!llvm.ptr, i64, index) -> ()
    func.call @draws(%g, %at, %count) : (!llvm.ptr, i64, index) -> ()
    func.call @draws(%g, %above, %count) : (!llvm.ptr, i64, index) -> ()
    func.call @draws(%g, %big, %count) : (!llvm.ptr, i64, index) -> ()
    func.call @draws(%g, %huge, %count) : (!llvm.ptr, i64, index) -> ()
    func.call @draws(%g, %max, %count) : (!llvm.ptr, i64, index) -> ()
    func.call @rtdrand(%g) : (!llvm.ptr) -> ()
    return
  }

  // A shuffle of `0..n` printed whole.
  func.func @shuffled(%g: !llvm.ptr, %n: index) {
    %m = memref.alloc(%n) : memref<?xi64>
    func.call @shuffle(%m, %g) : (memref<?xi64>, !llvm.ptr) -> ()
    %u = memref.cast %m : memref<?xi64> to memref<*xi64>
    func.call @printMemrefI64(%u) : (memref<*xi64>) -> ()
    memref.dealloc %m : memref<?xi64>
    return
  }

  // A shuffle of `0..n`, summed as `sum(i * m[i])` and printed.
  func.func @shuffled_sum(%g: !llvm.ptr, %n: index) {
    %m = memref.alloc(%n) : memref<?xi64>
    func.call @shuffle(%m, %g) : (memref<?xi64>, !llvm.ptr) -> ()
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i64
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
      %v = memref.load %m[%i] : memref<?xi64>
      %ii = arith.index_cast %i : index to i64
      %p = arith.muli %v, %ii : i64
      %next = arith.addi %acc, %p : i64
      scf.yield %next : i64
    }
    func.call @printI64(%sum) : (i64) -> ()
    func.call @printNewline() : () -> ()
    memref.dealloc %m : memref<?xi64>
    return
  }

  func.func @main() {
    %c4 = arith.constant 4 : index
    %s0 = arith.constant 0 : i64
    %s42 = arith.constant 42 : i64
    %wide = arith.constant 1099511627818 : i64
    func.call @bounds(%s0, %c4) : (i64, index) -> ()
    func.call @bounds(%s42, %c4) : (i64, index) -> ()
    // Seeds are taken modulo 2^32: this one draws what 42 draws.
    func.call @bounds(%wide, %c4) : (i64, index) -> ()

    %g = func.call @rtsrand(%s42) : (i64) -> !llvm.ptr
    %n0 = arith.constant 0 : index
    %n1 = arith.constant 1 : index
    %n2 = arith.constant 2 : index
    %n7 = arith.constant 7 : index
    %n10 = arith.constant 10 : index
    %n65535 = arith.constant 65535 : index
    %n65536 = arith.constant 65536 : index
    %n70000 = arith.constant 70000 : index
    func.call @shuffled(%g, %n1) : (!llvm.ptr, index) -> ()
    func.call @shuffled(%g, %n2) : (!llvm.ptr, index) -> ()
    func.call @shuffled(%g, %n7) : (!llvm.ptr, index) -> ()
    func.call @shuffled(%g, %n10) : (!llvm.ptr, index) -> ()
    func.call @shuffled_sum(%g, %n65535) : (!llvm.ptr, index) -> ()
    func.call @shuffled_sum(%g, %n65536) : (!llvm.ptr, index) -> ()
    func.call @shuffled_sum(%g, %n70000) : (!llvm.ptr, index) -> ()
    // What is left of the generator after the shuffles.
    %m = arith.constant 1000000 : i64
    func.call @draws(%g, %m, %c4) : (!llvm.ptr, i64, index) -> ()
    func.call @rtdrand(%g) : (!llvm.ptr) -> ()
    return
  }
}
