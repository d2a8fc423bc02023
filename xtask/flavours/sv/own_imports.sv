// A team's own import of the standard-flavoured model, no generated file:
// this simulator passes the shortreal as a double, which the model refuses
// at its first call.
module own_imports;
  import "DPI-C" function shortreal ieee_half(input shortreal x);
  initial begin
    $display("ieee_half(3.0) = %f", ieee_half(3.0));
    $finish;
  end
endmodule
