// A simulation whose Rust model panics: the run must end with SIGABRT and a
// report naming the import (`cargo xtask test` checks both), never hang,
// unwind into the simulator or exit quietly. It imports the package of
// one Rust module (`panic_dpi.sv`, generated with `Registry::for_module`).
module panic_tb;
  import panic_dpi::*;
  initial begin
    $display("panic_tb: calling dpi_panics");
    $display("panic_tb: unexpectedly returned %0d", dpi_panics(3));
    $finish;
  end
endmodule
