// The Verilator-flavoured model through its generated package.
module top;
  import vl_model_dpi::*;
  initial begin
    shortreal half;
    half = vl_half(3.0);
    if (half != 1.5) $fatal(1, "vl_half(3.0) = %f", half);
    $display("VL OK: vl_half(3.0) = %f", half);
    $finish;
  end
endmodule
