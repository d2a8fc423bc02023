// Lowered with `--generate-runtime-verification`: MLIR's own verifier
// checks each `memref.cast` to a type with a fixed layout at run time and
// aborts on a mismatch. The tests hand these functions descriptors and
// compare MLIR's verdict with the rule the `#[ciface]` shims apply: a
// shim never accepts what MLIR's verifier refuses.
module {
  // The default type of a 2-D memref parameter: `memref<?x?xf32>`.
  func.func @verify_identity_2d(%m: memref<?x?xf32, strided<[?, ?], offset: ?>>) -> index {
    %c = memref.cast %m : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<?x?xf32>
    %c0 = arith.constant 0 : index
    %d = memref.dim %c, %c0 : memref<?x?xf32>
    return %d : index
  }

  // A static shape with a dimension of one element: `memref<3x1xf32>`.
  func.func @verify_static_3x1(%m: memref<?x?xf32, strided<[?, ?], offset: ?>>) -> index {
    %c = memref.cast %m : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<3x1xf32>
    %c0 = arith.constant 0 : index
    %d = memref.dim %c, %c0 : memref<3x1xf32>
    return %d : index
  }

  // A declared static stride: `memref<?xf32, strided<[2], offset: ?>>`.
  func.func @verify_strided_2(%m: memref<?xf32, strided<[?], offset: ?>>) -> index {
    %c = memref.cast %m : memref<?xf32, strided<[?], offset: ?>> to memref<?xf32, strided<[2], offset: ?>>
    %c0 = arith.constant 0 : index
    %d = memref.dim %c, %c0 : memref<?xf32, strided<[2], offset: ?>>
    return %d : index
  }
}
