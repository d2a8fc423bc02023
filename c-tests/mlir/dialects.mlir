// What the build helper's default pipeline must lower: `affine` loops,
// `math`, `complex` and `vector` inside a function with a C interface.
module {
  // sum(sqrt(m[i])) + |(re + i im)^2| + sum(broadcast(re) * [1, 2, 3, 4]).
  func.func @dialect_mix(%m: memref<?xf32>, %re: f32, %im: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %n = memref.dim %m, %c0 : memref<?xf32>
    %zero = arith.constant 0.0 : f32
    %s = affine.for %i = 0 to %n iter_args(%acc = %zero) -> f32 {
      %x = affine.load %m[%i] : memref<?xf32>
      %y = math.sqrt %x : f32
      %z = arith.addf %acc, %y : f32
      affine.yield %z : f32
    }
    %c = complex.create %re, %im : complex<f32>
    %cc = complex.mul %c, %c : complex<f32>
    %abs = complex.abs %cc : complex<f32>
    %v = vector.broadcast %re : f32 to vector<4xf32>
    %w = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
    %p = arith.mulf %v, %w : vector<4xf32>
    %vs = vector.reduction <add>, %p : vector<4xf32> into f32
    %t = arith.addf %s, %abs : f32
    %r = arith.addf %t, %vs : f32
    return %r : f32
  }
}
