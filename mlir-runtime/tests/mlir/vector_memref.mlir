// `_mlir_ciface_printMemrefVector4x4xf32`: a 2-D memref whose elements are
// `vector<4x4xf32>` (LLVM's `[4 x <4 x float>]`, 64 bytes), printed as
// LLVM's `VectorDataPrinter` prints `Vector2D<4, 4, float>`: a 2x3 memref
// and a single element (numbers `%g` writes in each of its forms).
module {
  func.func private @printMemrefVector4x4xf32(memref<?x?xvector<4x4xf32>>) attributes { llvm.emit_c_interface }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %m = memref.alloc() : memref<2x3xvector<4x4xf32>>
    %lanes = arith.constant dense<[[0.0, 0.25, 0.5, 0.75], [1.0, 1.25, 1.5, 1.75], [2.0, 2.25, 2.5, 2.75], [3.0, 3.25, 3.5, 3.75]]> : vector<4x4xf32>
    %ten = arith.constant 10.0 : f32
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c3 step %c1 {
        %k = arith.muli %i, %c3 : index
        %kj = arith.addi %k, %j : index
        %n = arith.index_cast %kj : index to i32
        %f = arith.sitofp %n : i32 to f32
        %base = arith.mulf %f, %ten : f32
        %b = vector.broadcast %base : f32 to vector<4x4xf32>
        %v = arith.addf %b, %lanes : vector<4x4xf32>
        memref.store %v, %m[%i, %j] : memref<2x3xvector<4x4xf32>>
      }
    }
    %md = memref.cast %m : memref<2x3xvector<4x4xf32>> to memref<?x?xvector<4x4xf32>>
    call @printMemrefVector4x4xf32(%md) : (memref<?x?xvector<4x4xf32>>) -> ()
    %g = memref.alloc() : memref<1x1xvector<4x4xf32>>
    %odd = arith.constant dense<[[1.0e-7, -2.5, 3.0e10, 0.1], [5.0, 6.0, 7.0, 8.0], [-0.0, 1.0e6, 123456.7, 9.5], [13.0, 14.0, 15.0, 16.0]]> : vector<4x4xf32>
    memref.store %odd, %g[%c0, %c0] : memref<1x1xvector<4x4xf32>>
    %gd = memref.cast %g : memref<1x1xvector<4x4xf32>> to memref<?x?xvector<4x4xf32>>
    call @printMemrefVector4x4xf32(%gd) : (memref<?x?xvector<4x4xf32>>) -> ()
    memref.dealloc %m : memref<2x3xvector<4x4xf32>>
    memref.dealloc %g : memref<1x1xvector<4x4xf32>>
    return
  }
}
