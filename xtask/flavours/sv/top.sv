// The Verilator-flavoured model through its generated package.
module top;
  import vl_model_dpi::*;
  initial begin
    shortreal half;
    int quotient, remainder;
    half = vl_half(3.0);
    if (half != 1.5) $fatal(1, "vl_half(3.0) = %f", half);
    // A `pure` import with an output (Verilator's flavour only).
    quotient = vl_divmod(17, 5, remainder);
    if (quotient != 3 || remainder != 2) $fatal(1, "vl_divmod(17, 5) = %0d rem %0d", quotient, remainder);
    $display("VL OK: vl_half(3.0) = %f, vl_divmod(17, 5) = %0d rem %0d", half, quotient, remainder);
    $finish;
  end
endmodule
