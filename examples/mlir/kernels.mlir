// The MLIR side of the showcase, lowered by MLIR 19 in `build.rs`
// (abi-mlir-build's default pipeline, C wrappers on): Rust calls
// `@scaled_column_sum` with a strided view (a column of a row-major
// matrix), and the kernel calls back into Rust (`@clamp_in_rust`).

func.func private @clamp_in_rust(memref<?xf32>, f32)

// sum(min(column[i] * k, limit)): the clamping is done by Rust, in the
// buffer the kernel allocated, between the kernel's two loops.
func.func @scaled_column_sum(%column: memref<?xf32, strided<[?], offset: ?>>, %k: f32, %limit: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %column, %c0 : memref<?xf32, strided<[?], offset: ?>>
  %scaled = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %column[%i] : memref<?xf32, strided<[?], offset: ?>>
    %y = arith.mulf %x, %k : f32
    memref.store %y, %scaled[%i] : memref<?xf32>
  }
  func.call @clamp_in_rust(%scaled, %limit) : (memref<?xf32>, f32) -> ()
  %total = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %y = memref.load %scaled[%i] : memref<?xf32>
    %s = arith.addf %acc, %y : f32
    scf.yield %s : f32
  }
  memref.dealloc %scaled : memref<?xf32>
  return %total : f32
}
