// A team's own declarations of the standard-flavoured model's export task:
// this simulator's export tasks return nothing, which the model's wrapper
// refuses at its first call.
module own_export;
  import "DPI-C" context function int ieee_tick(input int n);
  export "DPI-C" task sv_tick;
  task sv_tick(input int n);
    $display("sv_tick(%0d)", n);
  endtask
  initial begin
    $display("ieee_tick(1) = %0d", ieee_tick(1));
    $finish;
  end
endmodule
