// Every printer of memrefs, for every element type LLVM's runtime has:
// `_mlir_ciface_printMemref<T>` (unranked, ranks 0 to 3, strided and
// transposed views), the ranked `printMemref<N>d<T>`, the C-interface-less
// `printMemref<T>(rank, ptr)` and `printMemrefShape<T>`.
module {
  func.func private @printMemrefI8(memref<*xi8>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefI16(memref<*xi16>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefI32(memref<*xi32>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefI64(memref<*xi64>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefF16(memref<*xf16>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefBF16(memref<*xbf16>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefF64(memref<*xf64>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefInd(memref<*xindex>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefC32(memref<*xcomplex<f32>>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefC64(memref<*xcomplex<f64>>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefShapeI8(memref<*xi8>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefShapeI32(memref<*xi32>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefShapeI64(memref<*xi64>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefShapeF32(memref<*xf32>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefShapeF64(memref<*xf64>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefShapeInd(memref<*xindex>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefShapeC32(memref<*xcomplex<f32>>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefShapeC64(memref<*xcomplex<f64>>) attributes { llvm.emit_c_interface }
  func.func private @printMemref0dF32(memref<f32>) attributes { llvm.emit_c_interface }
  func.func private @printMemref1dF32(memref<?xf32, strided<[?], offset: ?>>) attributes { llvm.emit_c_interface }
  func.func private @printMemref2dF32(memref<?x?xf32, strided<[?, ?], offset: ?>>) attributes { llvm.emit_c_interface }
  func.func private @printMemref3dF32(memref<?x?x?xf32>) attributes { llvm.emit_c_interface }
  func.func private @printMemref4dF32(memref<?x?x?x?xf32>) attributes { llvm.emit_c_interface }
  func.func private @printMemref1dI8(memref<?xi8>) attributes { llvm.emit_c_interface }
  func.func private @printMemref1dI32(memref<?xi32>) attributes { llvm.emit_c_interface }
  func.func private @printMemref1dI64(memref<?xi64>) attributes { llvm.emit_c_interface }
  func.func private @printMemref1dF64(memref<?xf64>) attributes { llvm.emit_c_interface }
  func.func private @printMemref1dInd(memref<?xindex>) attributes { llvm.emit_c_interface }
  func.func private @printMemref1dC32(memref<?xcomplex<f32>>) attributes { llvm.emit_c_interface }
  func.func private @printMemref1dC64(memref<?xcomplex<f64>>) attributes { llvm.emit_c_interface }

  memref.global "private" constant @f32s : memref<2x3x4xf32> = dense<[[[0.5, -1.25, 3.0e10, 1.0e-7], [12345678.0, -0.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]], [[13.0, 14.0, 15.0, 16.0], [17.0, 18.0, 19.0, 20.0], [21.0, 22.0, 23.0, 1.0e300]]]>
  memref.global "private" constant @f64s : memref<2x3xf64> = dense<[[0.1, 2.5e-300, 3.0], [1.0e15, -5.5, 0.333333333333]]>
  memref.global "private" constant @i8s : memref<4xi8> = dense<[72, 105, 33, 10]>
  memref.global "private" constant @i16s : memref<2x2xi16> = dense<[[-32768, 1], [2, 32767]]>
  memref.global "private" constant @i32s : memref<3x2xi32> = dense<[[-2147483648, 0], [7, 2147483647], [5, -6]]>
  memref.global "private" constant @i64s : memref<5xi64> = dense<[-9223372036854775808, -1, 0, 1, 9223372036854775807]>
  memref.global "private" constant @inds : memref<3xindex> = dense<[0, 42, -1]>
  memref.global "private" constant @f16s : memref<3xf16> = dense<[1.5, -0.0999755859375, 65504.0]>
  memref.global "private" constant @bf16s : memref<3xbf16> = dense<[1.5, -3.140625, 1.0e30]>
  memref.global "private" constant @one : memref<f32> = dense<42.0>
  memref.global "private" constant @row : memref<1x1xf32> = dense<[[3.5]]>

  func.func @main() {
    %f32s = memref.get_global @f32s : memref<2x3x4xf32>
    %u3 = memref.cast %f32s : memref<2x3x4xf32> to memref<*xf32>
    call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
    call @printMemrefShapeF32(%u3) : (memref<*xf32>) -> ()
    %d3 = memref.cast %f32s : memref<2x3x4xf32> to memref<?x?x?xf32>
    call @printMemref3dF32(%d3) : (memref<?x?x?xf32>) -> ()
    // A 2-D strided view (rows 1..2 of plane 1, columns 1 and 3), and its
    // transpose.
    %sub = memref.subview %f32s[1, 1, 1] [1, 2, 2] [1, 1, 2] : memref<2x3x4xf32> to memref<2x2xf32, strided<[4, 2], offset: 17>>
    %sub_d = memref.cast %sub : memref<2x2xf32, strided<[4, 2], offset: 17>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
    call @printMemref2dF32(%sub_d) : (memref<?x?xf32, strided<[?, ?], offset: ?>>) -> ()
    %t = memref.transpose %sub (i, j) -> (j, i) : memref<2x2xf32, strided<[4, 2], offset: 17>> to memref<2x2xf32, strided<[2, 4], offset: 17>>
    %t_u = memref.cast %t : memref<2x2xf32, strided<[2, 4], offset: 17>> to memref<*xf32>
    call @printMemrefF32(%t_u) : (memref<*xf32>) -> ()
    %col = memref.subview %f32s[0, 0, 2] [2, 3, 1] [1, 1, 1] : memref<2x3x4xf32> to memref<2x3xf32, strided<[12, 4], offset: 2>>
    %col_1 = memref.subview %col[0, 0] [1, 3] [1, 1] : memref<2x3xf32, strided<[12, 4], offset: 2>> to memref<3xf32, strided<[4], offset: 2>>
    %col_d = memref.cast %col_1 : memref<3xf32, strided<[4], offset: 2>> to memref<?xf32, strided<[?], offset: ?>>
    call @printMemref1dF32(%col_d) : (memref<?xf32, strided<[?], offset: ?>>) -> ()
    %four = memref.expand_shape %f32s [[0], [1], [2, 3]] output_shape [2, 3, 2, 2] : memref<2x3x4xf32> into memref<2x3x2x2xf32>
    %four_d = memref.cast %four : memref<2x3x2x2xf32> to memref<?x?x?x?xf32>
    call @printMemref4dF32(%four_d) : (memref<?x?x?x?xf32>) -> ()

    %one = memref.get_global @one : memref<f32>
    call @printMemref0dF32(%one) : (memref<f32>) -> ()
    %one_u = memref.cast %one : memref<f32> to memref<*xf32>
    call @printMemrefF32(%one_u) : (memref<*xf32>) -> ()
    call @printMemrefShapeF32(%one_u) : (memref<*xf32>) -> ()
    %row = memref.get_global @row : memref<1x1xf32>
    %row_u = memref.cast %row : memref<1x1xf32> to memref<*xf32>
    call @printMemrefF32(%row_u) : (memref<*xf32>) -> ()

    %f64s = memref.get_global @f64s : memref<2x3xf64>
    %f64_u = memref.cast %f64s : memref<2x3xf64> to memref<*xf64>
    call @printMemrefF64(%f64_u) : (memref<*xf64>) -> ()
    call @printMemrefShapeF64(%f64_u) : (memref<*xf64>) -> ()
    %f64_row = memref.subview %f64s[1, 0] [1, 3] [1, 1] : memref<2x3xf64> to memref<3xf64, strided<[1], offset: 3>>
    %f64_1 = memref.alloca() : memref<3xf64>
    memref.copy %f64_row, %f64_1 : memref<3xf64, strided<[1], offset: 3>> to memref<3xf64>
    %f64_1d = memref.cast %f64_1 : memref<3xf64> to memref<?xf64>
    call @printMemref1dF64(%f64_1d) : (memref<?xf64>) -> ()

    %i8s = memref.get_global @i8s : memref<4xi8>
    %i8_u = memref.cast %i8s : memref<4xi8> to memref<*xi8>
    call @printMemrefI8(%i8_u) : (memref<*xi8>) -> ()
    call @printMemrefShapeI8(%i8_u) : (memref<*xi8>) -> ()
    %i8_d = memref.cast %i8s : memref<4xi8> to memref<?xi8>
    call @printMemref1dI8(%i8_d) : (memref<?xi8>) -> ()

    %i16s = memref.get_global @i16s : memref<2x2xi16>
    %i16_u = memref.cast %i16s : memref<2x2xi16> to memref<*xi16>
    call @printMemrefI16(%i16_u) : (memref<*xi16>) -> ()

    %i32s = memref.get_global @i32s : memref<3x2xi32>
    %i32_u = memref.cast %i32s : memref<3x2xi32> to memref<*xi32>
    call @printMemrefI32(%i32_u) : (memref<*xi32>) -> ()
    call @printMemrefShapeI32(%i32_u) : (memref<*xi32>) -> ()
    %i32_col = memref.subview %i32s[0, 1] [3, 1] [1, 1] : memref<3x2xi32> to memref<3xi32, strided<[2], offset: 1>>
    %i32_1 = memref.alloca() : memref<3xi32>
    memref.copy %i32_col, %i32_1 : memref<3xi32, strided<[2], offset: 1>> to memref<3xi32>
    %i32_d = memref.cast %i32_1 : memref<3xi32> to memref<?xi32>
    call @printMemref1dI32(%i32_d) : (memref<?xi32>) -> ()

    %i64s = memref.get_global @i64s : memref<5xi64>
    %i64_u = memref.cast %i64s : memref<5xi64> to memref<*xi64>
    call @printMemrefI64(%i64_u) : (memref<*xi64>) -> ()
    call @printMemrefShapeI64(%i64_u) : (memref<*xi64>) -> ()
    %i64_d = memref.cast %i64s : memref<5xi64> to memref<?xi64>
    call @printMemref1dI64(%i64_d) : (memref<?xi64>) -> ()

    %inds = memref.get_global @inds : memref<3xindex>
    %ind_u = memref.cast %inds : memref<3xindex> to memref<*xindex>
    call @printMemrefInd(%ind_u) : (memref<*xindex>) -> ()
    call @printMemrefShapeInd(%ind_u) : (memref<*xindex>) -> ()
    %ind_d = memref.cast %inds : memref<3xindex> to memref<?xindex>
    call @printMemref1dInd(%ind_d) : (memref<?xindex>) -> ()

    %f16s = memref.get_global @f16s : memref<3xf16>
    %f16_u = memref.cast %f16s : memref<3xf16> to memref<*xf16>
    call @printMemrefF16(%f16_u) : (memref<*xf16>) -> ()
    %bf16s = memref.get_global @bf16s : memref<3xbf16>
    %bf16_u = memref.cast %bf16s : memref<3xbf16> to memref<*xbf16>
    call @printMemrefBF16(%bf16_u) : (memref<*xbf16>) -> ()

    // Complex memrefs, built element by element.
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = memref.alloca() : memref<2x2xcomplex<f32>>
    %c64 = memref.alloca() : memref<3xcomplex<f64>>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c2 step %c1 {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %re = arith.sitofp %ii : i32 to f32
        %im0 = arith.sitofp %jj : i32 to f32
        %half = arith.constant -0.5 : f32
        %im = arith.addf %im0, %half : f32
        %z = complex.create %re, %im : complex<f32>
        memref.store %z, %c32[%i, %j] : memref<2x2xcomplex<f32>>
      }
    }
    %c3 = arith.constant 3 : index
    scf.for %i = %c0 to %c3 step %c1 {
      %ii = arith.index_cast %i : index to i64
      %re = arith.sitofp %ii : i64 to f64
      %third = arith.constant 0.333333333333 : f64
      %im = arith.mulf %re, %third : f64
      %z = complex.create %re, %im : complex<f64>
      memref.store %z, %c64[%i] : memref<3xcomplex<f64>>
    }
    %c32_u = memref.cast %c32 : memref<2x2xcomplex<f32>> to memref<*xcomplex<f32>>
    call @printMemrefC32(%c32_u) : (memref<*xcomplex<f32>>) -> ()
    call @printMemrefShapeC32(%c32_u) : (memref<*xcomplex<f32>>) -> ()
    %c32_row = memref.subview %c32[1, 0] [1, 2] [1, 1] : memref<2x2xcomplex<f32>> to memref<2xcomplex<f32>, strided<[1], offset: 2>>
    %c32_1 = memref.alloca() : memref<2xcomplex<f32>>
    memref.copy %c32_row, %c32_1 : memref<2xcomplex<f32>, strided<[1], offset: 2>> to memref<2xcomplex<f32>>
    %c32_d = memref.cast %c32_1 : memref<2xcomplex<f32>> to memref<?xcomplex<f32>>
    call @printMemref1dC32(%c32_d) : (memref<?xcomplex<f32>>) -> ()
    %c64_u = memref.cast %c64 : memref<3xcomplex<f64>> to memref<*xcomplex<f64>>
    call @printMemrefC64(%c64_u) : (memref<*xcomplex<f64>>) -> ()
    call @printMemrefShapeC64(%c64_u) : (memref<*xcomplex<f64>>) -> ()
    %c64_d = memref.cast %c64 : memref<3xcomplex<f64>> to memref<?xcomplex<f64>>
    call @printMemref1dC64(%c64_d) : (memref<?xcomplex<f64>>) -> ()
    return
  }
}
