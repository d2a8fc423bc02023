// `vector.print` of vectors and scalars of several types, as the vector
// dialect lowers it: `printOpen`, `printI64`, `printU64`, `printF32`,
// `printF64`, `printComma`, `printClose`, `printNewline`.
module {
  func.func @main() {
    %vec = arith.constant dense<[1.5, -2.0, 3.25]> : vector<3xf32>
    vector.print %vec : vector<3xf32>
    %ivec = arith.constant dense<[[1, 2], [3, 4]]> : vector<2x2xi64>
    vector.print %ivec : vector<2x2xi64>
    %b = arith.constant dense<[true, false]> : vector<2xi1>
    vector.print %b : vector<2xi1>
    %pi = arith.constant 3.14159265358979 : f64
    vector.print %pi : f64
    %u = arith.constant 200 : i8
    vector.print %u : i8
    %h = arith.constant dense<[0.5, 2.0e-8]> : vector<2xf64>
    vector.print %h : vector<2xf64>
    %idx = arith.constant 18 : index
    vector.print %idx : index
    %u64 = arith.constant dense<[-1, 0]> : vector<2xi64>
    vector.print %u64 : vector<2xi64>
    return
  }
}
