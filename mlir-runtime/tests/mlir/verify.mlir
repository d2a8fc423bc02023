// `verifyMemRef<T>` for every element type: equal memrefs (0), memrefs
// that differ (the count, and the first ten differences on stderr), and
// memrefs of different shapes (-1, both shapes on stderr); and the
// relative tolerance of f32 (1e-6) and f64 (1e-12).
module {
  func.func private @verifyMemRefI8(memref<*xi8>, memref<*xi8>) -> i64 attributes { llvm.emit_c_interface }
  func.func private @verifyMemRefI16(memref<*xi16>, memref<*xi16>) -> i64 attributes { llvm.emit_c_interface }
  func.func private @verifyMemRefI32(memref<*xi32>, memref<*xi32>) -> i64 attributes { llvm.emit_c_interface }
  func.func private @verifyMemRefI64(memref<*xi64>, memref<*xi64>) -> i64 attributes { llvm.emit_c_interface }
  func.func private @verifyMemRefF16(memref<*xf16>, memref<*xf16>) -> i64 attributes { llvm.emit_c_interface }
  func.func private @verifyMemRefBF16(memref<*xbf16>, memref<*xbf16>) -> i64 attributes { llvm.emit_c_interface }
  func.func private @verifyMemRefF32(memref<*xf32>, memref<*xf32>) -> i64 attributes { llvm.emit_c_interface }
  func.func private @verifyMemRefF64(memref<*xf64>, memref<*xf64>) -> i64 attributes { llvm.emit_c_interface }
  func.func private @verifyMemRefInd(memref<*xindex>, memref<*xindex>) -> i64 attributes { llvm.emit_c_interface }
  func.func private @verifyMemRefC32(memref<*xcomplex<f32>>, memref<*xcomplex<f32>>) -> i64 attributes { llvm.emit_c_interface }
  func.func private @verifyMemRefC64(memref<*xcomplex<f64>>, memref<*xcomplex<f64>>) -> i64 attributes { llvm.emit_c_interface }
  func.func private @printI64(i64)
  func.func private @printNewline()

  memref.global "private" constant @a_i8 : memref<4xi8> = dense<[1, 2, 3, 4]>
  memref.global "private" constant @b_i8 : memref<4xi8> = dense<[1, 66, 3, 67]>
  memref.global "private" constant @a_i16 : memref<2x2xi16> = dense<[[1, 2], [3, 4]]>
  memref.global "private" constant @b_i16 : memref<2x2xi16> = dense<[[1, 2], [3, -4]]>
  memref.global "private" constant @a_i32 : memref<12xi32> = dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]>
  memref.global "private" constant @b_i32 : memref<12xi32> = dense<[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]>
  memref.global "private" constant @a_i64 : memref<3xi64> = dense<[5, 6, 7]>
  memref.global "private" constant @b_i64 : memref<3xi64> = dense<[5, 6, 8]>
  memref.global "private" constant @a_f16 : memref<2xf16> = dense<[1.5, 2.0]>
  memref.global "private" constant @b_f16 : memref<2xf16> = dense<[1.5, 2.5]>
  memref.global "private" constant @a_bf16 : memref<2xbf16> = dense<[1.5, 2.0]>
  memref.global "private" constant @b_bf16 : memref<2xbf16> = dense<[1.5, -2.0]>
  memref.global "private" constant @a_f32 : memref<2x3xf32> = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]>
  memref.global "private" constant @b_f32 : memref<2x3xf32> = dense<[[1.0000001, 2.1, 3.0], [4.0, 0x7FC00000, 0x7F800000]]>
  memref.global "private" constant @a_f64 : memref<3xf64> = dense<[1.0, 2.0, 3.0]>
  memref.global "private" constant @b_f64 : memref<3xf64> = dense<[1.0000000000001, 2.000001, 3.0]>
  memref.global "private" constant @a_ind : memref<2xindex> = dense<[1, 2]>
  memref.global "private" constant @b_ind : memref<2xindex> = dense<[1, 3]>

  func.func @report(%n: i64) {
    call @printI64(%n) : (i64) -> ()
    call @printNewline() : () -> ()
    return
  }

  func.func @main() {
    %a_i8 = memref.get_global @a_i8 : memref<4xi8>
    %b_i8 = memref.get_global @b_i8 : memref<4xi8>
    %ua_i8 = memref.cast %a_i8 : memref<4xi8> to memref<*xi8>
    %ub_i8 = memref.cast %b_i8 : memref<4xi8> to memref<*xi8>
    %r0 = call @verifyMemRefI8(%ua_i8, %ua_i8) : (memref<*xi8>, memref<*xi8>) -> i64
    call @report(%r0) : (i64) -> ()
    %r1 = call @verifyMemRefI8(%ua_i8, %ub_i8) : (memref<*xi8>, memref<*xi8>) -> i64
    call @report(%r1) : (i64) -> ()

    %a_i16 = memref.get_global @a_i16 : memref<2x2xi16>
    %b_i16 = memref.get_global @b_i16 : memref<2x2xi16>
    %ua_i16 = memref.cast %a_i16 : memref<2x2xi16> to memref<*xi16>
    %ub_i16 = memref.cast %b_i16 : memref<2x2xi16> to memref<*xi16>
    %r2 = call @verifyMemRefI16(%ua_i16, %ub_i16) : (memref<*xi16>, memref<*xi16>) -> i64
    call @report(%r2) : (i64) -> ()

    // Twelve differences: ten reported.
    %a_i32 = memref.get_global @a_i32 : memref<12xi32>
    %b_i32 = memref.get_global @b_i32 : memref<12xi32>
    %ua_i32 = memref.cast %a_i32 : memref<12xi32> to memref<*xi32>
    %ub_i32 = memref.cast %b_i32 : memref<12xi32> to memref<*xi32>
    %r3 = call @verifyMemRefI32(%ua_i32, %ub_i32) : (memref<*xi32>, memref<*xi32>) -> i64
    call @report(%r3) : (i64) -> ()
    // Different shapes: -1.
    %a_i32_2 = memref.expand_shape %a_i32 [[0, 1]] output_shape [3, 4] : memref<12xi32> into memref<3x4xi32>
    %ua_i32_2 = memref.cast %a_i32_2 : memref<3x4xi32> to memref<*xi32>
    %b_i32_2 = memref.expand_shape %b_i32 [[0, 1]] output_shape [4, 3] : memref<12xi32> into memref<4x3xi32>
    %ub_i32_2 = memref.cast %b_i32_2 : memref<4x3xi32> to memref<*xi32>
    %r4 = call @verifyMemRefI32(%ua_i32_2, %ub_i32_2) : (memref<*xi32>, memref<*xi32>) -> i64
    call @report(%r4) : (i64) -> ()
    // Strided views of both: every other element.
    %sa = memref.subview %a_i32[1] [6] [2] : memref<12xi32> to memref<6xi32, strided<[2], offset: 1>>
    %sb = memref.subview %a_i32[1] [6] [2] : memref<12xi32> to memref<6xi32, strided<[2], offset: 1>>
    %usa = memref.cast %sa : memref<6xi32, strided<[2], offset: 1>> to memref<*xi32>
    %usb = memref.cast %sb : memref<6xi32, strided<[2], offset: 1>> to memref<*xi32>
    %r5 = call @verifyMemRefI32(%usa, %usb) : (memref<*xi32>, memref<*xi32>) -> i64
    call @report(%r5) : (i64) -> ()

    %a_i64 = memref.get_global @a_i64 : memref<3xi64>
    %b_i64 = memref.get_global @b_i64 : memref<3xi64>
    %ua_i64 = memref.cast %a_i64 : memref<3xi64> to memref<*xi64>
    %ub_i64 = memref.cast %b_i64 : memref<3xi64> to memref<*xi64>
    %r6 = call @verifyMemRefI64(%ua_i64, %ub_i64) : (memref<*xi64>, memref<*xi64>) -> i64
    call @report(%r6) : (i64) -> ()

    %a_f16 = memref.get_global @a_f16 : memref<2xf16>
    %b_f16 = memref.get_global @b_f16 : memref<2xf16>
    %ua_f16 = memref.cast %a_f16 : memref<2xf16> to memref<*xf16>
    %ub_f16 = memref.cast %b_f16 : memref<2xf16> to memref<*xf16>
    %r7 = call @verifyMemRefF16(%ua_f16, %ua_f16) : (memref<*xf16>, memref<*xf16>) -> i64
    call @report(%r7) : (i64) -> ()
    %r8 = call @verifyMemRefF16(%ua_f16, %ub_f16) : (memref<*xf16>, memref<*xf16>) -> i64
    call @report(%r8) : (i64) -> ()

    %a_bf16 = memref.get_global @a_bf16 : memref<2xbf16>
    %b_bf16 = memref.get_global @b_bf16 : memref<2xbf16>
    %ua_bf16 = memref.cast %a_bf16 : memref<2xbf16> to memref<*xbf16>
    %ub_bf16 = memref.cast %b_bf16 : memref<2xbf16> to memref<*xbf16>
    %r9 = call @verifyMemRefBF16(%ua_bf16, %ub_bf16) : (memref<*xbf16>, memref<*xbf16>) -> i64
    call @report(%r9) : (i64) -> ()

    // 1.0000001 is within 1e-6 of 1; 2.1 is not; NaN and inf never are.
    %a_f32 = memref.get_global @a_f32 : memref<2x3xf32>
    %b_f32 = memref.get_global @b_f32 : memref<2x3xf32>
    %ua_f32 = memref.cast %a_f32 : memref<2x3xf32> to memref<*xf32>
    %ub_f32 = memref.cast %b_f32 : memref<2x3xf32> to memref<*xf32>
    %r10 = call @verifyMemRefF32(%ub_f32, %ua_f32) : (memref<*xf32>, memref<*xf32>) -> i64
    call @report(%r10) : (i64) -> ()

    %a_f64 = memref.get_global @a_f64 : memref<3xf64>
    %b_f64 = memref.get_global @b_f64 : memref<3xf64>
    %ua_f64 = memref.cast %a_f64 : memref<3xf64> to memref<*xf64>
    %ub_f64 = memref.cast %b_f64 : memref<3xf64> to memref<*xf64>
    %r11 = call @verifyMemRefF64(%ub_f64, %ua_f64) : (memref<*xf64>, memref<*xf64>) -> i64
    call @report(%r11) : (i64) -> ()

    %a_ind = memref.get_global @a_ind : memref<2xindex>
    %b_ind = memref.get_global @b_ind : memref<2xindex>
    %ua_ind = memref.cast %a_ind : memref<2xindex> to memref<*xindex>
    %ub_ind = memref.cast %b_ind : memref<2xindex> to memref<*xindex>
    %r12 = call @verifyMemRefInd(%ua_ind, %ub_ind) : (memref<*xindex>, memref<*xindex>) -> i64
    call @report(%r12) : (i64) -> ()

    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %x32 = memref.alloca() : memref<2xcomplex<f32>>
    %y32 = memref.alloca() : memref<2xcomplex<f32>>
    %x64 = memref.alloca() : memref<2xcomplex<f64>>
    %y64 = memref.alloca() : memref<2xcomplex<f64>>
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %z1 = complex.create %one, %two : complex<f32>
    %z2 = complex.create %two, %one : complex<f32>
    memref.store %z1, %x32[%c0] : memref<2xcomplex<f32>>
    memref.store %z1, %x32[%c1] : memref<2xcomplex<f32>>
    memref.store %z1, %y32[%c0] : memref<2xcomplex<f32>>
    memref.store %z2, %y32[%c1] : memref<2xcomplex<f32>>
    %ux32 = memref.cast %x32 : memref<2xcomplex<f32>> to memref<*xcomplex<f32>>
    %uy32 = memref.cast %y32 : memref<2xcomplex<f32>> to memref<*xcomplex<f32>>
    %r13 = call @verifyMemRefC32(%ux32, %uy32) : (memref<*xcomplex<f32>>, memref<*xcomplex<f32>>) -> i64
    call @report(%r13) : (i64) -> ()
    %oned = arith.constant 1.5 : f64
    %twod = arith.constant -2.25 : f64
    %w1 = complex.create %oned, %twod : complex<f64>
    %w2 = complex.create %twod, %oned : complex<f64>
    memref.store %w1, %x64[%c0] : memref<2xcomplex<f64>>
    memref.store %w2, %x64[%c1] : memref<2xcomplex<f64>>
    memref.store %w2, %y64[%c0] : memref<2xcomplex<f64>>
    memref.store %w2, %y64[%c1] : memref<2xcomplex<f64>>
    %ux64 = memref.cast %x64 : memref<2xcomplex<f64>> to memref<*xcomplex<f64>>
    %uy64 = memref.cast %y64 : memref<2xcomplex<f64>> to memref<*xcomplex<f64>>
    %r14 = call @verifyMemRefC64(%ux64, %uy64) : (memref<*xcomplex<f64>>, memref<*xcomplex<f64>>) -> i64
    call @report(%r14) : (i64) -> ()
    %r15 = call @verifyMemRefC64(%ux64, %ux64) : (memref<*xcomplex<f64>>, memref<*xcomplex<f64>>) -> i64
    call @report(%r15) : (i64) -> ()
    return
  }
}
