// Unpacked and open arrays of every element type in every direction
// (issue #34), against the Rust models of c-tests/src/dpi_arrays.rs:
// each family rotates, `b[i] = c[i + 1]` and `c[i] = a[i + 1]` (indices
// wrapping), and every element is compared here. `dpi_tb` instantiates
// this module, calls `run` and adds its counts to its own.
module dpi_arrays;
  import abi_dpi::*;

  int checks = 0;
  int failures = 0;

  function automatic void check(bit ok, string what);
    checks++;
    if (!ok) begin
      failures++;
      $display("FAIL: %s", what);
    end
  endfunction

  // `T a[3]`, `b[3]`, `c[3]`: input (v0, v1, v2), output, inout (w0, w1, w2).
`define UNPACKED(fn, T, v0, v1, v2, w0, w1, w2) \
  begin \
    T a[3]; \
    T b[3]; \
    T c[3]; \
    a[0] = v0; a[1] = v1; a[2] = v2; \
    c[0] = w0; c[1] = w1; c[2] = w2; \
    fn(a, b, c); \
    check(b[0] == (w1) && b[1] == (w2) && b[2] == (w0), `"fn: output`"); \
    check(c[0] == (v1) && c[1] == (v2) && c[2] == (v0), `"fn: inout`"); \
    check(a[0] == (v0) && a[1] == (v1) && a[2] == (v2), `"fn: input unchanged`"); \
  end

  // Open arrays with their own bounds: `a[3:5]`, `b[1:3]`, `c[7:5]`
  // (descending); Rust rotates along low to high.
`define OPEN(fn, T, v0, v1, v2, w0, w1, w2) \
  begin \
    T a[3:5]; \
    T b[1:3]; \
    T c[7:5]; \
    a[3] = v0; a[4] = v1; a[5] = v2; \
    c[5] = w0; c[6] = w1; c[7] = w2; \
    check(fn(a, b, c) == 3, `"fn: length`"); \
    check(b[1] == (w1) && b[2] == (w2) && b[3] == (w0), `"fn: output`"); \
    check(c[5] == (v1) && c[6] == (v2) && c[7] == (v0), `"fn: inout`"); \
  end

  // Both: the unpacked family `ua` and the open-array family `oa` of one
  // element type, with the same values.
`define FAMILY(ua, oa, T, v0, v1, v2, w0, w1, w2) \
  `UNPACKED(ua, T, v0, v1, v2, w0, w1, w2) \
  `OPEN(oa, T, v0, v1, v2, w0, w1, w2)

  task automatic run();
    chandle h0, h1, h2;
    float32_t f0, f1, f2, f3, f4, f5;
    bus_sample_t s0, s1, s2, s3, s4, s5;

    `FAMILY(dpi_ua_byte, dpi_oa_byte, byte, -8'sd128, 8'sd127, -8'sd1, 8'sd5, 8'sd6, 8'sd7)
    `FAMILY(dpi_ua_ubyte, dpi_oa_ubyte, byte unsigned, 8'd255, 8'd0, 8'd128, 8'd1, 8'd2, 8'd3)
    `FAMILY(dpi_ua_shortint, dpi_oa_shortint, shortint, -16'sd32768, 16'sd32767, -16'sd2, 16'sd10, 16'sd11, 16'sd12)
    `FAMILY(dpi_ua_ushortint, dpi_oa_ushortint, shortint unsigned, 16'd65535, 16'd0, 16'd32768, 16'd1, 16'd2, 16'd3)
    `FAMILY(dpi_ua_int, dpi_oa_int, int, 32'sh8000_0000, 32'sh7fff_ffff, -3, 100, 200, 300)
    `FAMILY(dpi_ua_uint, dpi_oa_uint, int unsigned, 32'hffff_ffff, 32'd0, 32'h8000_0000, 32'd7, 32'd8, 32'd9)
    `FAMILY(dpi_ua_longint, dpi_oa_longint, longint, 64'sh8000_0000_0000_0000, 64'sh7fff_ffff_ffff_ffff, -64'sd5,
             64'sd1 << 40, 64'sd2 << 40, 64'sd3 << 40)
    `FAMILY(dpi_ua_ulongint, dpi_oa_ulongint, longint unsigned, 64'hffff_ffff_ffff_ffff, 64'd0, 64'h8000_0000_0000_0001,
             64'd11, 64'd12, 64'd13)
    `UNPACKED(dpi_ua_real, real, 1.5, -2.25, 1.0e300, 0.125, -0.0, 3.0)
    `UNPACKED(dpi_ua_shortreal, shortreal, shortreal'(0.5), shortreal'(-3.25), shortreal'(1024.0),
              shortreal'(0.25), shortreal'(8.0), shortreal'(-1.0))
    `FAMILY(dpi_ua_bit, dpi_oa_bit, bit, 1'b1, 1'b0, 1'b1, 1'b0, 1'b1, 1'b1)
    `FAMILY(dpi_ua_logic, dpi_oa_logic, logic, 1'b1, 1'b0, 1'b0, 1'b0, 1'b1, 1'b1)
    `FAMILY(dpi_ua_bit8, dpi_oa_bit8, bit [7:0], 8'ha5, 8'hff, 8'h00, 8'h01, 8'h80, 8'h7e)
    `FAMILY(dpi_ua_bit70, dpi_oa_bit70, bit [69:0], 70'h3f_0123_4567_89ab_cdef, 70'h1, 70'h20_0000_0000_0000_0000,
             70'h15_5555_5555_5555_5555, 70'h0, 70'h2a_aaaa_aaaa_aaaa_aaaa)
    `FAMILY(dpi_ua_logic8, dpi_oa_logic8, logic [7:0], 8'h3c, 8'hc3, 8'h00, 8'hff, 8'h10, 8'h01)
    `FAMILY(dpi_ua_logic70, dpi_oa_logic70, logic [69:0], 70'h3f_ffff_ffff_ffff_ffff, 70'h0, 70'h12_3456_789a_bcde_f012,
             70'h1, 70'h20_0000_0000_0000_0000, 70'h0f_0f0f_0f0f_0f0f_0f0f)
    `UNPACKED(dpi_ua_sbit10, bit signed [9:0], -10'sd512, 10'sd511, -10'sd1, 10'sd3, -10'sd4, 10'sd5)
    `UNPACKED(dpi_ua_slogic12, logic signed [11:0], -12'sd2048, 12'sd2047, -12'sd7, 12'sd1, -12'sd2, 12'sd3)
    `UNPACKED(dpi_ua_integer, integer, 32'sh8000_0000, 32'sh7fff_ffff, -9, 40, 41, 42)
    `UNPACKED(dpi_ua_opcode, opcode_t, OP_Add, OP_Or, OP_Sub, OP_And, OP_Or, OP_Add)
    `UNPACKED(dpi_ua_bus_state, bus_state_t, BUS_Error, BUS_Idle, BUS_Grant, BUS_Request, BUS_Error, BUS_Idle)

    // Chandles: two live handles and null, compared as handles.
    h0 = dpi_acc_new(1);
    h1 = dpi_acc_new(2);
    h2 = null;
    `UNPACKED(dpi_ua_chandle, chandle, h0, h1, h2, h2, h0, h1)
    check(dpi_acc_add(h1, 0) == 2, "chandle array: the handle still reaches its object");
    // Open arrays of chandles: Rust's, and foreign ones (the same values,
    // never read through by Rust).
    `OPEN(dpi_oa_chandle, chandle, h0, h1, h2, h2, h0, h1)
    `OPEN(dpi_oa_foreign_chandle, chandle, h1, h2, h0, h0, h1, h2)
    check(dpi_acc_add(h0, 0) == 1, "chandle open arrays: the handle still reaches its object");
    begin : chandle_rows
      chandle m[0:1][2:4];
      m = '{'{h0, null, h1}, '{null, h1, h0}};
      check(dpi_oa_chandle_rows2(m) == 4, "inout chandle [][]: handles read with two indices");
      check(m[0][2] == null && m[0][3] == h1 && m[0][4] == h0 && m[1][2] == h0 && m[1][3] == null
            && m[1][4] == h1, "inout chandle [][]: rows swapped");
    end

    // Packed structs, 2-state and 4-state.
    f0 = '{sign: 1'b1, exponent: 8'd127, fraction: 23'h40_0000};
    f1 = '{sign: 1'b0, exponent: 8'd0, fraction: 23'h1};
    f2 = '{sign: 1'b0, exponent: 8'hff, fraction: 23'h7f_ffff};
    f3 = '{sign: 1'b1, exponent: 8'd1, fraction: 23'h0};
    f4 = '{sign: 1'b0, exponent: 8'd128, fraction: 23'h12_3456};
    f5 = '{sign: 1'b1, exponent: 8'd200, fraction: 23'h55_5555};
    `UNPACKED(dpi_ua_float32, float32_t, f0, f1, f2, f3, f4, f5)
    s0 = '{valid: 1'b1, data: 8'h7f, parity: 1'b0, delta: -4'sd3};
    s1 = '{valid: 1'b0, data: 8'h00, parity: 1'b1, delta: 4'sd7};
    s2 = '{valid: 1'b1, data: 8'hff, parity: 1'b1, delta: -4'sd8};
    s3 = '{valid: 1'b0, data: 8'h12, parity: 1'b0, delta: 4'sd1};
    s4 = '{valid: 1'b1, data: 8'h34, parity: 1'b1, delta: -4'sd1};
    s5 = '{valid: 1'b0, data: 8'h56, parity: 1'b0, delta: 4'sd0};
    `UNPACKED(dpi_ua_bus_sample, bus_sample_t, s0, s1, s2, s3, s4, s5)

    // Two dimensions: `int a[3][2]` and `chandle a[3][2]`, rotated by row.
    begin : int2d
      int a[3][2];
      int b[3][2];
      int c[3][2];
      foreach (a[i, j]) begin
        a[i][j] = 10 * i + j;
        c[i][j] = -(10 * i + j) - 1;
      end
      dpi_ua_int2d(a, b, c);
      foreach (b[i, j]) begin
        check(b[i][j] == -(10 * ((i + 1) % 3) + j) - 1, "dpi_ua_int2d: output");
        check(c[i][j] == 10 * ((i + 1) % 3) + j, "dpi_ua_int2d: inout");
      end
    end
    begin : chandle2d
      chandle a[3][2];
      chandle b[3][2];
      chandle c[3][2];
      a = '{'{h0, h1}, '{null, h0}, '{h1, null}};
      c = '{'{null, null}, '{h1, h1}, '{h0, h0}};
      dpi_ua_chandle2d(a, b, c);
      check(b[0][0] == h1 && b[0][1] == h1 && b[1][0] == h0 && b[1][1] == h0
            && b[2][0] == null && b[2][1] == null, "dpi_ua_chandle2d: output");
      check(c[0][0] == null && c[0][1] == h0 && c[1][0] == h1 && c[1][1] == null
            && c[2][0] == h0 && c[2][1] == h1, "dpi_ua_chandle2d: inout");
    end
    check(dpi_acc_free(h0) == 1 && dpi_acc_free(h1) == 2, "chandle arrays: handles freed");

    // Strings: `input string a[3]` (const char **), output names.
    begin : strings
      string a[3];
      string b[3];
      string m[2][2];
      string t[2][2];
      string name;
      a = '{"0", "1", "22"};
      check(dpi_ua_string(a, b) == 4, "dpi_ua_string: input lengths");
      check(b[0] == "one" && b[1] == "?" && b[2] == "zero", "dpi_ua_string: output names");
      m = '{'{"0", "1"}, '{"2", "3"}};
      dpi_ua_string2d(m, t);
      check(t[0][0] == "zero" && t[0][1] == "two" && t[1][0] == "one" && t[1][1] == "?",
            "dpi_ua_string2d: transposed names");
      check(dpi_macro_digit_name(2, name) == 2 && name == "two", "output string through a macro fragment");
    end

    begin : real_open
      real probe[0:2];
      if (dpi_oa_real_consistent(probe))
        `OPEN(dpi_oa_real, real, 1.5, -2.25, 1.0e300, 0.125, -0.0, 3.0)
      else
        $display("SKIPPED: real open arrays: this simulator's svSizeOfArray disagrees with svSize (the views refuse to read them)");
    end
    // `shortreal` open arrays: Verilator keeps them as `real`s (8-byte
    // slots), with the same svdpi answers as a `real` array's, probed
    // above.
    begin : shortreal_open
      real probe[0:2];
      if (dpi_oa_real_consistent(probe))
        `OPEN(dpi_oa_shortreal, shortreal, shortreal'(0.5), shortreal'(-3.25), shortreal'(1024.0),
              shortreal'(0.125), shortreal'(-0.0), shortreal'(3.0))
      else
        $display("SKIPPED: shortreal open arrays: this simulator's svSizeOfArray disagrees with svSize (the views refuse to read them)");
    end

    // A chandle owned by foreign C code (dpi_handles.rs): made, used and
    // freed by the C model, passed through every direction untouched.
    begin : foreign_handles
      chandle m1, m2, out, io, pair[2], pair_out[2];
      longint first, second, third;
      m1 = dpi_cmodel_new(100);
      m2 = dpi_cmodel_new(-5);
      // One call per statement: their order matters.
      first = dpi_cmodel_add(m1, 20);
      second = dpi_cmodel_add(m2, 5);
      third = dpi_cmodel_add(m1, 3);
      check(first == 120 && second == 0 && third == 123, "foreign chandle: the C model's state");
      io = m2;
      pair[0] = m1;
      pair[1] = null;
      check(dpi_foreign_rotate(m1, out, io, pair, pair_out) == 1'b0, "foreign chandle: input not null");
      check(out == m2 && io == m1 && pair_out[0] == null && pair_out[1] == m1,
            "foreign chandle: output, inout and arrays untouched");
      check(dpi_foreign_rotate(null, out, io, pair, pair_out) == 1'b1 && out == m1 && io == null,
            "foreign chandle: null passes through");
      check(dpi_cmodel_free(m1) == 123 && dpi_cmodel_free(m2) == 0, "foreign chandle: freed by the C model");
    end

    // Dimension 0: the elements' packed dimension; svIncrement.
    begin : packed_dimension
      bit [7:0] bytes[2:4];
      int m[3:1][0:2];
      check(dpi_oa_packed_dimension(bytes) == 7083, "open array dimension 0 (packed [7:0])");
      check(dpi_oa_increments(m) == 31, "svIncrement: [3:1] is 1, [0:2] is -1");
    end

    // Single-bit elements with two and three indices.
    begin : logic2d
      logic m[2:3][0:2];
      foreach (m[i, j]) m[i][j] = ((i + j) % 2) == 1;
      check(dpi_oa_logic_ones2(m) == 3, "logic [][]: ones read with two indices");
    end
    begin : bit3d
      bit cube[0:1][1:2][3:1];
      foreach (cube[i, j, k]) cube[i][j][k] = (i + j + k) % 3 == 0;
      check(dpi_oa_bit_invert3(cube) == 4, "bit [][][]: ones read with three indices");
      foreach (cube[i, j, k]) check(cube[i][j][k] == ((i + j + k) % 3 != 0), "bit [][][]: inverted");
    end
  endtask
endmodule
