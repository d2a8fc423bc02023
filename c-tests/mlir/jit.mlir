// Kernels Rust finds at run time: lowered by c-tests' build script into a
// shared object (`libjit_kernels.so`, not linked into anything) that the
// tests `dlopen`, then called through `#[ciface(jit)]` handles.
module {
  // The sum of each row of `m` into `out`.
  func.func @jit_row_sums(%m: memref<?x?xf32>, %out: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %rows = memref.dim %m, %c0 : memref<?x?xf32>
    %cols = memref.dim %m, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %rows step %c1 {
      %s = scf.for %j = %c0 to %cols step %c1 iter_args(%acc = %zero) -> f32 {
        %x = memref.load %m[%i, %j] : memref<?x?xf32>
        %a = arith.addf %acc, %x : f32
        scf.yield %a : f32
      }
      memref.store %s, %out[%i] : memref<?xf32>
    }
    return
  }

  // `n` copies of `k`, a new buffer the caller frees.
  func.func @jit_fill(%n: index, %k: f64) -> memref<?xf64> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = memref.alloc(%n) : memref<?xf64>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %k, %m[%i] : memref<?xf64>
    }
    return %m : memref<?xf64>
  }
}
