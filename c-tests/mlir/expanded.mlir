// Lowered *without* `--llvm-request-c-wrappers`: the declarations of the
// Rust callees (`rust_expanded_dot`, ...) have no `llvm.emit_c_interface`, so MLIR calls it with
// the expanded convention (scalars and complex values as they are; allocated, aligned, offset, size, stride per
// memref). Only the driver asks for a C interface, for the Rust test.
module {
  func.func private @rust_expanded_dot(memref<?xf64>, memref<?xf64>) -> f64
  func.func private @rust_expanded_ramp(index) -> memref<?x2xf32>
  func.func private @rust_expanded_cnorm(f32, complex<f32>, complex<f64>) -> f64

  // Scalars and complex values in the expanded convention: the same
  // split `{T, T}` as through the C interface.
  func.func @drive_expanded_cnorm(%k: f32) -> f64 attributes {llvm.emit_c_interface} {
    %a = arith.constant 3.0 : f32
    %b = arith.constant 4.0 : f32
    %c = arith.constant 0.5 : f64
    %d = arith.constant -2.0 : f64
    %z = complex.create %a, %b : complex<f32>
    %w = complex.create %c, %d : complex<f64>
    %r = func.call @rust_expanded_cnorm(%k, %z, %w) : (f32, complex<f32>, complex<f64>) -> f64
    return %r : f64
  }

  // A memref result in the expanded convention: LLVM returns the 56-byte
  // descriptor struct through a hidden pointer on x86-64, as C does. Sum
  // of the n x 2 matrix, then freed.
  func.func @drive_expanded_ramp(%n: index) -> f32 attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant 0.0 : f32
    %m = func.call @rust_expanded_ramp(%n) : (index) -> memref<?x2xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
      %s = scf.for %j = %c0 to %c2 step %c1 iter_args(%a = %acc) -> f32 {
        %x = memref.load %m[%i, %j] : memref<?x2xf32>
        %t = arith.addf %a, %x : f32
        scf.yield %t : f32
      }
      scf.yield %s : f32
    }
    memref.dealloc %m : memref<?x2xf32>
    return %r : f32
  }

  func.func @drive_expanded(%a: memref<?xf64>, %b: memref<?xf64>) -> f64 attributes {llvm.emit_c_interface} {
    %r = func.call @rust_expanded_dot(%a, %b) : (memref<?xf64>, memref<?xf64>) -> f64
    return %r : f64
  }
}
