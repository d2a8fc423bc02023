// DPI call benchmark, run in Verilator by `cargo xtask bench`: calls a
// generated Rust import (from the package `abi_dpi.sv`) or its hand-written
// C twin (`dpi_bench.c`) `+n=` times; `+case=` picks which. Both members of
// a pair print the same line, which xtask compares.
module dpi_bench;
  import abi_dpi::*;

  import "DPI-C" function int c_bench_add(input int a, input int b);
  import "DPI-C" function void c_bench_add128(input bit [127:0] a, input bit [127:0] b,
                                              output bit [127:0] sum);
  import "DPI-C" function longint c_bench_open_sum(input int values[]);
  import "DPI-C" function void c_bench_copy_first(input int src[], inout int dst[]);
  import "DPI-C" function void c_bench_bump_first(inout int dst[]);
  import "DPI-C" function void c_bench_copy_first_checked(input int src[], inout int dst[]);
  import "DPI-C" function void c_bench_bump_first_checked(inout int dst[]);
  import "DPI-C" function int c_bench_add_out(input int a, input int b, output int sum);

  initial begin
    int n;
    int which;
    longint acc;
    bit [127:0] v;
    bit [127:0] step;
    int values[1024];
    int src[16];
    int dst[16];
    int sum;
    n = 1000;
    which = 0;
    void'($value$plusargs("n=%d", n));
    void'($value$plusargs("case=%d", which));
    acc = 0;
    v = 0;
    step = 128'h0123_4567_89ab_cdef_fedc_ba98_7654_3211;
    for (int i = 0; i < 1024; i++) values[i] = i * 3 - 7;
    for (int i = 0; i < 16; i++) begin src[i] = i; dst[i] = 0; end
    case (which)
      0: for (int i = 0; i < n; i++) acc += longint'(bench_dpi_add(i, int'(acc)));
      1: for (int i = 0; i < n; i++) acc += longint'(c_bench_add(i, int'(acc)));
      2: for (int i = 0; i < n; i++) bench_dpi_add128(v, step, v);
      3: for (int i = 0; i < n; i++) c_bench_add128(v, step, v);
      4: for (int i = 0; i < n; i++) begin values[i % 1024] = i; acc += bench_dpi_open_sum(values); end
      5: for (int i = 0; i < n; i++) begin values[i % 1024] = i; acc += c_bench_open_sum(values); end
      6: for (int i = 0; i < n; i++) begin src[0] = i; bench_dpi_copy_first(src, dst); acc += longint'(dst[0]); end
      7: for (int i = 0; i < n; i++) begin src[0] = i; c_bench_copy_first(src, dst); acc += longint'(dst[0]); end
      8: for (int i = 0; i < n; i++) begin bench_dpi_bump_first(dst); acc += longint'(dst[0]); end
      9: for (int i = 0; i < n; i++) begin c_bench_bump_first(dst); acc += longint'(dst[0]); end
      // Twins of 6 and 8 that also make the views' checks.
      10: for (int i = 0; i < n; i++) begin src[0] = i; c_bench_copy_first_checked(src, dst); acc += longint'(dst[0]); end
      11: for (int i = 0; i < n; i++) begin c_bench_bump_first_checked(dst); acc += longint'(dst[0]); end
      12: for (int i = 0; i < n; i++) begin acc += longint'(bench_dpi_add_out(i, int'(acc), sum)); acc += longint'(sum); end
      13: for (int i = 0; i < n; i++) begin acc += longint'(c_bench_add_out(i, int'(acc), sum)); acc += longint'(sum); end
      default: $fatal(1, "unknown +case=%0d", which);
    endcase
    $display("DPI BENCH pair %0d: %0d %h", which < 10 || which > 11 ? which / 2 : which - 7, acc, v);
    $finish;
  end
endmodule
