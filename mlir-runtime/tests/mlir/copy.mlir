// `memref.copy` between layouts that are not contiguous, which MLIR lowers
// to `memrefCopy(elemSize, src, dst)`: f32, i8, 16-byte `complex<f64>`
// elements, ranks 1 to 3, transposed and reversed strides; each result
// printed (and allocated, freed, with `memref.alloc` / `memref.dealloc`).
module {
  func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefI8(memref<*xi8>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefC64(memref<*xcomplex<f64>>) attributes { llvm.emit_c_interface }

  memref.global "private" constant @cube : memref<2x3x4xf32> = dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]>
  memref.global "private" constant @letters : memref<2x4xi8> = dense<[[97, 98, 99, 100], [101, 102, 103, 104]]>

  func.func @main() {
    %cube = memref.get_global @cube : memref<2x3x4xf32>
    // Every other column of every row: a 2x3x2 strided source into a
    // contiguous buffer.
    %cols = memref.subview %cube[0, 0, 1] [2, 3, 2] [1, 1, 2] : memref<2x3x4xf32> to memref<2x3x2xf32, strided<[12, 4, 2], offset: 1>>
    %dst3 = memref.alloc() : memref<2x3x2xf32>
    memref.copy %cols, %dst3 : memref<2x3x2xf32, strided<[12, 4, 2], offset: 1>> to memref<2x3x2xf32>
    %u3 = memref.cast %dst3 : memref<2x3x2xf32> to memref<*xf32>
    call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
    // Into a transposed destination.
    %plane = memref.subview %cube[1, 0, 0] [1, 3, 4] [1, 1, 1] : memref<2x3x4xf32> to memref<3x4xf32, strided<[4, 1], offset: 12>>
    %buf = memref.alloc() : memref<4x3xf32>
    %bt = memref.transpose %buf (i, j) -> (j, i) : memref<4x3xf32> to memref<3x4xf32, strided<[1, 3]>>
    memref.copy %plane, %bt : memref<3x4xf32, strided<[4, 1], offset: 12>> to memref<3x4xf32, strided<[1, 3]>>
    %ub = memref.cast %buf : memref<4x3xf32> to memref<*xf32>
    call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
    // A column (stride 4).
    %col = memref.subview %cube[0, 1, 3] [1, 1, 1] [1, 1, 1] : memref<2x3x4xf32> to memref<1x1x1xf32, strided<[12, 4, 1], offset: 7>>
    %one = memref.alloc() : memref<1x1x1xf32>
    memref.copy %col, %one : memref<1x1x1xf32, strided<[12, 4, 1], offset: 7>> to memref<1x1x1xf32>
    %uo = memref.cast %one : memref<1x1x1xf32> to memref<*xf32>
    call @printMemrefF32(%uo) : (memref<*xf32>) -> ()

    %letters = memref.get_global @letters : memref<2x4xi8>
    %lt = memref.transpose %letters (i, j) -> (j, i) : memref<2x4xi8> to memref<4x2xi8, strided<[1, 4]>>
    %ldst = memref.alloc() : memref<4x2xi8>
    memref.copy %lt, %ldst : memref<4x2xi8, strided<[1, 4]>> to memref<4x2xi8>
    %ul = memref.cast %ldst : memref<4x2xi8> to memref<*xi8>
    call @printMemrefI8(%ul) : (memref<*xi8>) -> ()

    // 16-byte elements: every other one of six, reversed by a second copy.
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    %zs = memref.alloc() : memref<6xcomplex<f64>>
    scf.for %i = %c0 to %c6 step %c1 {
      %ii = arith.index_cast %i : index to i64
      %re = arith.sitofp %ii : i64 to f64
      %im = arith.negf %re : f64
      %z = complex.create %re, %im : complex<f64>
      memref.store %z, %zs[%i] : memref<6xcomplex<f64>>
    }
    %even = memref.subview %zs[0] [3] [2] : memref<6xcomplex<f64>> to memref<3xcomplex<f64>, strided<[2]>>
    %zdst = memref.alloc() : memref<3xcomplex<f64>>
    memref.copy %even, %zdst : memref<3xcomplex<f64>, strided<[2]>> to memref<3xcomplex<f64>>
    %uz = memref.cast %zdst : memref<3xcomplex<f64>> to memref<*xcomplex<f64>>
    call @printMemrefC64(%uz) : (memref<*xcomplex<f64>>) -> ()
    %odd = memref.subview %zs[1] [3] [2] : memref<6xcomplex<f64>> to memref<3xcomplex<f64>, strided<[2], offset: 1>>
    memref.copy %zdst, %odd : memref<3xcomplex<f64>> to memref<3xcomplex<f64>, strided<[2], offset: 1>>
    %uzs = memref.cast %zs : memref<6xcomplex<f64>> to memref<*xcomplex<f64>>
    call @printMemrefC64(%uzs) : (memref<*xcomplex<f64>>) -> ()

    memref.dealloc %dst3 : memref<2x3x2xf32>
    memref.dealloc %buf : memref<4x3xf32>
    memref.dealloc %one : memref<1x1x1xf32>
    memref.dealloc %ldst : memref<4x2xi8>
    memref.dealloc %zs : memref<6xcomplex<f64>>
    memref.dealloc %zdst : memref<3xcomplex<f64>>
    return
  }
}
