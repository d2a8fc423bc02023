// Lowered *without* `--llvm-request-c-wrappers`: the declaration of
// `rust_expanded_dot` has no `llvm.emit_c_interface`, so MLIR calls it with
// the expanded convention (allocated, aligned, offset, size, stride per
// memref). Only the driver asks for a C interface, for the Rust test.
module {
  func.func private @rust_expanded_dot(memref<?xf64>, memref<?xf64>) -> f64

  func.func @drive_expanded(%a: memref<?xf64>, %b: memref<?xf64>) -> f64 attributes {llvm.emit_c_interface} {
    %r = func.call @rust_expanded_dot(%a, %b) : (memref<?xf64>, memref<?xf64>) -> f64
    return %r : f64
  }
}
