// The SystemVerilog half of the showcase, run in Verilator: the testbench
// compares small SystemVerilog models of a design with Rust reference
// models called through the generated package `abi_examples_dpi.sv`
// (`#[dpi_import]` in examples/src/hardware.rs): a packed struct, a
// 128-bit vector and an open array, whose Rust model calls the testbench
// back through an export (`sv_sensor_offset`). $fatal on any mismatch.
module showcase_tb;
  import abi_examples_dpi::*;

  // `export "DPI-C" function sv_sensor_offset;`, generated from the
  // `#[dpi_export]` declaration.
  `include "abi_examples_dpi_exports.svh"

  // The calibration table the Rust model reads through the export.
  function int sv_sensor_offset(input int sensor);
    return 100 * sensor - 7;
  endfunction

  int checks = 0;
  int failures = 0;

  function automatic void check(bit ok, string what);
    checks++;
    if (!ok) begin
      failures++;
      if (failures <= 10) $display("FAIL: %s", what);
    end
  endfunction

  // The design's side of each comparison, in SystemVerilog.
  function automatic float32_t design_float_abs(float32_t value);
    float32_t result = value;
    result.sign = 1'b0;
    return result;
  endfunction

  // CRC-32 (IEEE 802.3, reflected) of the word's bits, bit 0 first: the
  // bytes least significant first, as the Rust model reads them.
  function automatic int unsigned design_crc32_word(bit [127:0] word);
    int unsigned crc = 32'hFFFF_FFFF;
    for (int i = 0; i < 128; i++) begin
      if (crc[0] ^ word[i]) crc = (crc >> 1) ^ 32'hEDB8_8320;
      else crc = crc >> 1;
    end
    return ~crc;
  endfunction

  initial begin
    float32_t f;
    bit [127:0] word;
    int readings[2:5];
    longint expected;
    int words;

    words = 0;

    // A packed struct: built by Rust from a real, then its fields read here.
    ex_float_from_real(-2.5, f);
    check(f.sign == 1'b1 && f.exponent == 8'd128 && f.fraction == 23'h20_0000,
          "ex_float_from_real(-2.5) fields");
    ex_float_from_real(0.15625, f);
    check(f == float32_t'(32'h3E20_0000), "ex_float_from_real(0.15625) bits");
    for (int i = 0; i < 200; i++) begin
      f = $urandom;
      check(ex_float_abs(f) == design_float_abs(f), $sformatf("ex_float_abs(%h)", f));
    end

    // A 128-bit vector: the Rust model against the design's CRC unit.
    check(ex_crc32_word('0) == design_crc32_word('0), "ex_crc32_word(0)");
    for (int i = 0; i < 500; i++) begin
      word = {$urandom, $urandom, $urandom, $urandom};
      check(ex_crc32_word(word) == design_crc32_word(word),
            $sformatf("ex_crc32_word(%h)", word));
      words++;
    end

    // An open array with bounds [2:5]: the model sums each reading and the
    // offset it asks the testbench for, sensor by sensor.
    for (int round = 0; round < 100; round++) begin
      expected = 0;
      foreach (readings[s]) begin
        readings[s] = (round == 0) ? 10 * s : int'($urandom_range(2000)) - 1000;
        expected += longint'(readings[s]) + longint'(sv_sensor_offset(s));
      end
      check(ex_calibrated_total(readings) == expected,
            $sformatf("ex_calibrated_total round %0d", round));
    end

    if (failures != 0) $fatal(1, "showcase: %0d of %0d checks failed", failures, checks);
    $display("SV: %0d checks passed (packed struct: 202, 128-bit vector: %0d, open array + export: 100)",
             checks, words + 1);
    $finish;
  end
endmodule
