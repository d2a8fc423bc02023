// The functions LLVM's runtime also exports without the C interface, as a
// `func.func` without `llvm.emit_c_interface` calls them (`rank`, pointer
// to the ranked descriptor): `printMemref{I32,I64,F32,F64,Ind,C32,C64}` and
// `verifyMemRef{I32,F32,F64,Ind,C32,C64}`.
module {
  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefI64(memref<*xi64>)
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefF64(memref<*xf64>)
  func.func private @printMemrefInd(memref<*xindex>)
  func.func private @printMemrefC32(memref<*xcomplex<f32>>)
  func.func private @printMemrefC64(memref<*xcomplex<f64>>)
  llvm.func @verifyMemRefI32(i64, !llvm.ptr, !llvm.ptr) -> i64
  llvm.func @verifyMemRefF32(i64, !llvm.ptr, !llvm.ptr) -> i64
  llvm.func @verifyMemRefF64(i64, !llvm.ptr, !llvm.ptr) -> i64
  llvm.func @verifyMemRefInd(i64, !llvm.ptr, !llvm.ptr) -> i64
  llvm.func @verifyMemRefC32(i64, !llvm.ptr, !llvm.ptr) -> i64
  llvm.func @verifyMemRefC64(i64, !llvm.ptr, !llvm.ptr) -> i64
  func.func private @printI64(i64)
  func.func private @printNewline()

  memref.global "private" constant @i32s : memref<2x2xi32> = dense<[[1, 2], [3, 4]]>
  memref.global "private" constant @j32s : memref<2x2xi32> = dense<[[1, 2], [30, 4]]>
  memref.global "private" constant @i64s : memref<3xi64> = dense<[10, 20, 30]>
  memref.global "private" constant @f32s : memref<3xf32> = dense<[0.5, 1.5, 2.5]>
  memref.global "private" constant @g32s : memref<3xf32> = dense<[0.5, 1.5, 2.75]>
  memref.global "private" constant @f64s : memref<2xf64> = dense<[1.0e-3, 7.0]>
  memref.global "private" constant @inds : memref<2xindex> = dense<[4, 5]>

  func.func @report(%n: i64) {
    call @printI64(%n) : (i64) -> ()
    call @printNewline() : () -> ()
    return
  }

  func.func @main() {
    %i32s = memref.get_global @i32s : memref<2x2xi32>
    %ui32 = memref.cast %i32s : memref<2x2xi32> to memref<*xi32>
    call @printMemrefI32(%ui32) : (memref<*xi32>) -> ()
    %j32s = memref.get_global @j32s : memref<2x2xi32>
    %uj32 = memref.cast %j32s : memref<2x2xi32> to memref<*xi32>
    %r0x = builtin.unrealized_conversion_cast %ui32 : memref<*xi32> to !llvm.struct<(i64, ptr)>
    %r0y = builtin.unrealized_conversion_cast %uj32 : memref<*xi32> to !llvm.struct<(i64, ptr)>
    %r0rank = llvm.extractvalue %r0x[0] : !llvm.struct<(i64, ptr)>
    %r0px = llvm.extractvalue %r0x[1] : !llvm.struct<(i64, ptr)>
    %r0py = llvm.extractvalue %r0y[1] : !llvm.struct<(i64, ptr)>
    %r0 = llvm.call @verifyMemRefI32(%r0rank, %r0px, %r0py) : (i64, !llvm.ptr, !llvm.ptr) -> i64
    call @report(%r0) : (i64) -> ()
    %i64s = memref.get_global @i64s : memref<3xi64>
    %ui64 = memref.cast %i64s : memref<3xi64> to memref<*xi64>
    call @printMemrefI64(%ui64) : (memref<*xi64>) -> ()
    %f32s = memref.get_global @f32s : memref<3xf32>
    %uf32 = memref.cast %f32s : memref<3xf32> to memref<*xf32>
    call @printMemrefF32(%uf32) : (memref<*xf32>) -> ()
    %g32s = memref.get_global @g32s : memref<3xf32>
    %ug32 = memref.cast %g32s : memref<3xf32> to memref<*xf32>
    %r1x = builtin.unrealized_conversion_cast %uf32 : memref<*xf32> to !llvm.struct<(i64, ptr)>
    %r1y = builtin.unrealized_conversion_cast %ug32 : memref<*xf32> to !llvm.struct<(i64, ptr)>
    %r1rank = llvm.extractvalue %r1x[0] : !llvm.struct<(i64, ptr)>
    %r1px = llvm.extractvalue %r1x[1] : !llvm.struct<(i64, ptr)>
    %r1py = llvm.extractvalue %r1y[1] : !llvm.struct<(i64, ptr)>
    %r1 = llvm.call @verifyMemRefF32(%r1rank, %r1px, %r1py) : (i64, !llvm.ptr, !llvm.ptr) -> i64
    call @report(%r1) : (i64) -> ()
    %f64s = memref.get_global @f64s : memref<2xf64>
    %uf64 = memref.cast %f64s : memref<2xf64> to memref<*xf64>
    call @printMemrefF64(%uf64) : (memref<*xf64>) -> ()
    %r2x = builtin.unrealized_conversion_cast %uf64 : memref<*xf64> to !llvm.struct<(i64, ptr)>
    %r2y = builtin.unrealized_conversion_cast %uf64 : memref<*xf64> to !llvm.struct<(i64, ptr)>
    %r2rank = llvm.extractvalue %r2x[0] : !llvm.struct<(i64, ptr)>
    %r2px = llvm.extractvalue %r2x[1] : !llvm.struct<(i64, ptr)>
    %r2py = llvm.extractvalue %r2y[1] : !llvm.struct<(i64, ptr)>
    %r2 = llvm.call @verifyMemRefF64(%r2rank, %r2px, %r2py) : (i64, !llvm.ptr, !llvm.ptr) -> i64
    call @report(%r2) : (i64) -> ()
    %inds = memref.get_global @inds : memref<2xindex>
    %uind = memref.cast %inds : memref<2xindex> to memref<*xindex>
    call @printMemrefInd(%uind) : (memref<*xindex>) -> ()
    %r3x = builtin.unrealized_conversion_cast %uind : memref<*xindex> to !llvm.struct<(i64, ptr)>
    %r3y = builtin.unrealized_conversion_cast %uind : memref<*xindex> to !llvm.struct<(i64, ptr)>
    %r3rank = llvm.extractvalue %r3x[0] : !llvm.struct<(i64, ptr)>
    %r3px = llvm.extractvalue %r3x[1] : !llvm.struct<(i64, ptr)>
    %r3py = llvm.extractvalue %r3y[1] : !llvm.struct<(i64, ptr)>
    %r3 = llvm.call @verifyMemRefInd(%r3rank, %r3px, %r3py) : (i64, !llvm.ptr, !llvm.ptr) -> i64
    call @report(%r3) : (i64) -> ()

    %c0 = arith.constant 0 : index
    %x = memref.alloca() : memref<1xcomplex<f32>>
    %y = memref.alloca() : memref<1xcomplex<f64>>
    %a = arith.constant 0.25 : f32
    %b = arith.constant 4.0 : f64
    %z = complex.create %a, %a : complex<f32>
    %w = complex.create %b, %b : complex<f64>
    memref.store %z, %x[%c0] : memref<1xcomplex<f32>>
    memref.store %w, %y[%c0] : memref<1xcomplex<f64>>
    %ux = memref.cast %x : memref<1xcomplex<f32>> to memref<*xcomplex<f32>>
    %uy = memref.cast %y : memref<1xcomplex<f64>> to memref<*xcomplex<f64>>
    call @printMemrefC32(%ux) : (memref<*xcomplex<f32>>) -> ()
    call @printMemrefC64(%uy) : (memref<*xcomplex<f64>>) -> ()
    %r4x = builtin.unrealized_conversion_cast %ux : memref<*xcomplex<f32>> to !llvm.struct<(i64, ptr)>
    %r4y = builtin.unrealized_conversion_cast %ux : memref<*xcomplex<f32>> to !llvm.struct<(i64, ptr)>
    %r4rank = llvm.extractvalue %r4x[0] : !llvm.struct<(i64, ptr)>
    %r4px = llvm.extractvalue %r4x[1] : !llvm.struct<(i64, ptr)>
    %r4py = llvm.extractvalue %r4y[1] : !llvm.struct<(i64, ptr)>
    %r4 = llvm.call @verifyMemRefC32(%r4rank, %r4px, %r4py) : (i64, !llvm.ptr, !llvm.ptr) -> i64
    call @report(%r4) : (i64) -> ()
    %r5x = builtin.unrealized_conversion_cast %uy : memref<*xcomplex<f64>> to !llvm.struct<(i64, ptr)>
    %r5y = builtin.unrealized_conversion_cast %uy : memref<*xcomplex<f64>> to !llvm.struct<(i64, ptr)>
    %r5rank = llvm.extractvalue %r5x[0] : !llvm.struct<(i64, ptr)>
    %r5px = llvm.extractvalue %r5x[1] : !llvm.struct<(i64, ptr)>
    %r5py = llvm.extractvalue %r5y[1] : !llvm.struct<(i64, ptr)>
    %r5 = llvm.call @verifyMemRefC64(%r5rank, %r5px, %r5py) : (i64, !llvm.ptr, !llvm.ptr) -> i64
    call @report(%r5) : (i64) -> ()
    return
  }
}
