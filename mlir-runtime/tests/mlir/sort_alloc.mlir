// `_mlir_ciface_stdSort{I64,F64,F32}(n, m)` (the first `n` elements of `m`
// sorted in place), and memrefs from `memref.alloc` printed and freed
// (this program is lowered a second time with generic allocation
// functions, which only this crate's runtime provides, and must print the
// same).
module {
  func.func private @stdSortI64(i64, memref<?xi64>) attributes { llvm.emit_c_interface }
  func.func private @stdSortF64(i64, memref<?xf64>) attributes { llvm.emit_c_interface }
  func.func private @stdSortF32(i64, memref<?xf32>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefI64(memref<*xi64>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefF64(memref<*xf64>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }

  memref.global "private" constant @i64s : memref<6xi64> = dense<[5, -3, 9, 0, 9, -7]>
  memref.global "private" constant @f64s : memref<5xf64> = dense<[2.5, -1.0e10, 0.0, 3.0, -0.5]>
  memref.global "private" constant @f32s : memref<4xf32> = dense<[1.0, 0.5, -2.0, 0.25]>

  func.func @main() {
    %i64s = memref.get_global @i64s : memref<6xi64>
    %a = memref.alloc() : memref<6xi64>
    memref.copy %i64s, %a : memref<6xi64> to memref<6xi64>
    %ad = memref.cast %a : memref<6xi64> to memref<?xi64>
    %n5 = arith.constant 5 : i64
    call @stdSortI64(%n5, %ad) : (i64, memref<?xi64>) -> ()
    %au = memref.cast %a : memref<6xi64> to memref<*xi64>
    call @printMemrefI64(%au) : (memref<*xi64>) -> ()

    %f64s = memref.get_global @f64s : memref<5xf64>
    %b = memref.alloc() {alignment = 64} : memref<5xf64>
    memref.copy %f64s, %b : memref<5xf64> to memref<5xf64>
    %bd = memref.cast %b : memref<5xf64> to memref<?xf64>
    %n = arith.constant 5 : i64
    call @stdSortF64(%n, %bd) : (i64, memref<?xf64>) -> ()
    %bu = memref.cast %b : memref<5xf64> to memref<*xf64>
    call @printMemrefF64(%bu) : (memref<*xf64>) -> ()

    %f32s = memref.get_global @f32s : memref<4xf32>
    %c = memref.alloc() : memref<4xf32>
    memref.copy %f32s, %c : memref<4xf32> to memref<4xf32>
    %cd = memref.cast %c : memref<4xf32> to memref<?xf32>
    %n4 = arith.constant 4 : i64
    call @stdSortF32(%n4, %cd) : (i64, memref<?xf32>) -> ()
    %cu = memref.cast %c : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%cu) : (memref<*xf32>) -> ()

    memref.dealloc %a : memref<6xi64>
    memref.dealloc %b : memref<5xf64>
    memref.dealloc %c : memref<4xf32>
    return
  }
}
