// Testbench, run in Verilator, for the `#[dpi_import]` functions of c-tests: calls
// each one through the generated package `abi_dpi.sv` with edge values and
// checks the results in SystemVerilog. Fails with $fatal on any mismatch.
module dpi_tb;
  import abi_dpi::*;

  // Exports Rust calls back (through `#[dpi_export]` wrappers), declared
  // by the generated include.
  `include "abi_dpi_exports.svh"

  function int sv_double(input int x);
    return 2 * x;
  endfunction

  function void sv_add128(input bit [127:0] a, input bit [127:0] b, output bit [127:0] sum);
    sum = a + b;
  endfunction

  function bit sv_flip(input bit b, inout int counter);
    counter = counter + 1;
    return !b;
  endfunction

  function shortreal sv_quarter(input shortreal x);
    return x / shortreal'(4.0);
  endfunction

  int task_counter = 0;
  task sv_count_task(input int by, output int total);
    task_counter = task_counter + by;
    total = task_counter;
  endtask

  // Strings SystemVerilog makes for Rust, and one it measures.
  function string sv_name_of(input int code);
    return $sformatf("unit%0d", code);
  endfunction

  function void sv_name_into(input int code, output string name);
    name = $sformatf("unit%0d", code);
  endfunction

  function int sv_string_length(input string text);
    return text.len();
  endfunction

  // An export's `inout string` (c-tests/src/dpi_export_forms.rs): an
  // import that hands strings over runs first, then `+sv` is appended.
  function int sv_string_grow(inout string text);
    string detail, described;
    int old;
    old = text.len();
    described = dpi_string_describe(old, detail);
    text = {text, "+sv"};
    return old;
  endfunction

  // time, a typedef and a packed union through an export (dpi_types.rs).
  function realtime sv_time_later(input time t, input int dt, output time later,
                                  inout byte_t flip, input word16_t w, output word16_t w_next);
    later = t + time'(dt);
    flip = ~flip;
    w_next.raw = w.raw + 16'd1;
    return 0.5;
  endfunction

  // Exported under the C name `c_triple` (dpi_export_forms.rs).
  function int sv_triple(input int x);
    return 3 * x;
  endfunction

  // A `&CStr` Rust lends to an export.
  function int sv_cstr_length(input string text);
    return text.len();
  endfunction

  // Writes any int into an opcode_t with a cast, which SystemVerilog does
  // not check (3 is no opcode): Rust must refuse it.
  function void sv_opcode_of(input int code, output opcode_t op);
    op = opcode_t'(code);
  endfunction

  int checks = 0;
  int failures = 0;

  // Arrays of every element type in every direction (dpi_arrays.sv).
  dpi_arrays arrays();

  function automatic void check(bit ok, string what);
    checks++;
    if (!ok) begin
      failures++;
      $display("FAIL: %s", what);
    end
  endfunction

  initial begin
    shortint s16;
    shortint unsigned u16;
    bit b;
    int x, y;
    longint total;
    string text;
    bit [32:0] v33;
    bit [127:0] v128;
    bit [199:0] v200, x200;
    bit [69:0] v70;
    chandle h, h2;
    logic [11:0] l12;
    logic [39:0] l40;
    int a4[4];
    int o4[4];
    bit [7:0] b3[3];
    bit f5[5];
    int w23[2][3];
    int kw;
    int arr[3:7];
    int bl, br, blo, bhi;
    bit [7:0] bytes4[4];
    int squares5[2:6];
    bit signed [9:0] s10, s10_negated;
    bit signed [69:0] s70;
    integer int4, int4_doubled;
    string colour;
    bit [69:0] wide2[2];
    int m23[2:3][0:2];
    int rows, columns;
    int cube[2][3][4];
    bit [7:0] b22[2][2];
    logic [7:0] lv3[3];
    logic [7:0] lc[2][2][2];
    int cube_ok;
    float32_t f32, g32;
    bit f_sign;
    byte unsigned f_exp;
    int unsigned f_frac;
    shortreal sr_out, sr_io;
    int task_total;
    wide_packet_t pk, pk_out, pk_io;

    // First, before any `context` import has set a scope: an export called
    // with no scope set is a Rust error, not a simulator abort.
    check(dpi_export_without_scope() == 1, "export without scope is a Rust error");

    // int
    check(dpi_add_int(40, 2) == 42, "int add");
    check(dpi_add_int(32'sh7fffffff, 1) == 32'sh80000000, "int add wraps");
    check(dpi_add_int(-1, -1) == -2, "int add negative");
    // int unsigned -> longint unsigned
    check(dpi_widen_mul(32'hffffffff, 32'hffffffff) == 64'hfffffffe00000001, "widen mul");
    // longint
    check(dpi_mul_longint(64'sh7fffffffffffffff, 2) == -2, "longint mul wraps");
    check(dpi_mul_longint(-3, 5) == -15, "longint mul");
    // byte, byte unsigned, shortint output
    check(dpi_bytes(-128, 8'hff, s16) == 8'hfe && s16 == 127, "bytes");
    check(dpi_bytes(127, 1, s16) == 2 && s16 == 128, "bytes positive");
    // shortint, shortint unsigned
    check(dpi_shortints(-32768, 16'hffff, u16) == -32767 && u16 == 16'hffff, "shortints");
    // shortreal: result, output, inout
    sr_out = 0.0;
    sr_io = 1.5;
    check(dpi_shortreal(3.0, sr_out, sr_io) == shortreal'(1.5) && sr_out == shortreal'(4.0)
          && sr_io == shortreal'(3.0), "shortreal");
    check(dpi_shortreal(-0.25, sr_out, sr_io) == shortreal'(-0.125) && sr_out == shortreal'(0.75)
          && sr_io == shortreal'(6.0), "shortreal negative");
    // real
    check(dpi_scale_real(2.0) == 3.0, "real");
    check(dpi_scale_real(-0.5) == -0.75, "real negative");
    // bit
    check(dpi_bits(1, 0, b) == 1 && b == 0, "bit 1 0");
    check(dpi_bits(1, 1, b) == 0 && b == 1, "bit 1 1");
    // logic (Verilator is 2-state: X and Z inputs arrive as 0/1)
    check(dpi_logic_and(1'b1, 1'b1) === 1'b1, "logic 1 & 1");
    check(dpi_logic_and(1'b1, 1'b0) === 1'b0, "logic 1 & 0");
    // string
    check(dpi_string_length("abcd") == 4, "string length");
    check(dpi_string_length("") == 0, "empty string length");
    text = dpi_greeting();
    check(text == "hello from Rust", "string result");
    // inout
    x = 1; y = -7;
    dpi_swap(x, y);
    check(x == -7 && y == 1, "inout swap");
    // task with an output
    dpi_accumulate(5, total);
    dpi_accumulate(-2, total);
    check(total == 3, "task accumulate");
    // renamed, context
    check(sv_renamed_increment(32'hffffffff) == 0, "renamed wraps");
    check(dpi_context_negate(5) == -5, "context");

    // packed vectors: svBitVecVal chunks, least significant first
    check(dpi_not1(1'b0) == 1'b1 && dpi_not1(1'b1) == 1'b0, "bit [0:0]");
    check(dpi_reverse8(8'b0000_0011) == 8'b1100_0000, "bit [7:0] result");
    dpi_inc33(33'h0_ffff_ffff, v33);
    check(v33 == 33'h1_0000_0000, "bit [32:0] carry into bit 32");
    dpi_inc33(33'h1_ffff_ffff, v33);
    check(v33 == 0, "bit [32:0] wraps");
    check(dpi_swap_halves128(128'h0123456789abcdef_fedcba9876543211, v128) == 1'b1, "bit [127:0] parity");
    check(v128 == 128'hfedcba9876543211_0123456789abcdef, "bit [127:0] halves swapped");
    x200 = 200'hff_00112233_44556677_8899aabb_ccddeeff_01234567_89abcdef;
    dpi_triple200(x200, v200);
    check(v200 == x200 * 3, "bit [199:0] times 3 wraps");
    v70 = 70'h15_5555_5555_5555_5555;
    dpi_mark70(v70);
    check(v70 == 70'h35_5555_5555_5555_5554, "inout bit [69:0]");

    // 4-state packed vectors (2-state in Verilator: no X or Z to pass)
    check(dpi_invert12(12'b1010_0000_1111, l12) == 1'b1 && l12 === 12'b0101_1111_0000, "logic [11:0]");
    l40 = 40'h0f_8000_0001;
    dpi_shift40(l40);
    check(l40 === 40'hf8_0000_0010, "inout logic [39:0]");

    // chandle: a Rust object owned by SystemVerilog, misuse detected
    h = dpi_acc_new(10);
    check(dpi_acc_add(h, 5) == 15, "chandle add");
    check(dpi_acc_add(h, -20) == -5, "chandle add again");
    check(dpi_acc_free(h) == -5, "chandle free");
    check(dpi_acc_free(h) == -1, "chandle double free detected");
    check(dpi_acc_add(h, 1) == -1, "chandle use after free detected");
    check(dpi_acc_add(null, 1) == -1, "null chandle detected");
    dpi_acc_new_into(7, h2);
    check(dpi_acc_add(h2, 1) == 8, "output chandle");
    check(dpi_acc_free(h2) == 8, "output chandle free");

    // fixed-size unpacked arrays (index 0 is C element 0)
    a4 = '{1, 2, 3, 40};
    check(dpi_reverse4(a4, o4) == 46, "int a[4] in");
    check(o4[0] == 40 && o4[1] == 3 && o4[2] == 2 && o4[3] == 1, "int a[4] out");
    b3 = '{8'hff, 8'h00, 8'h7f};
    dpi_bump_bytes(b3);
    check(b3[0] == 8'h00 && b3[1] == 8'h01 && b3[2] == 8'h80, "inout bit [7:0] a[3]");
    f5 = '{1, 0, 1, 1, 0};
    check(dpi_count_flags(f5) == 3, "bit a[5]");
    for (int i = 0; i < 2; i++)
      for (int j = 0; j < 3; j++)
        w23[i][j] = 3 * i + j + 1;
    // 1*1 + 2*2 + 3*3 + 4*11 + 5*12 + 6*13
    check(dpi_weigh_2x3(w23) == 196, "int m[2][3] in declaration order");
    kw = 41;
    check(\table (3, 10, kw) == 7 && kw == 42, "SystemVerilog keywords as names");

    // open arrays
    for (int i = 3; i <= 7; i++) arr[i] = i * 10;
    check(dpi_open_sum(arr) == 250, "open array sum");
    check(dpi_open_bounds(arr, bl, br, blo, bhi) == 5, "open array length");
    check(bl == 3 && br == 7 && blo == 3 && bhi == 7, "open array bounds");
    check(dpi_open_fill(bytes4) == 4, "inout open array length");
    check(bytes4[0] == 8'ha0 && bytes4[1] == 8'ha1 && bytes4[3] == 8'ha3, "inout open array of bit [7:0]");
    // signed vectors: the package declares them signed, so SystemVerilog
    // compares them as signed numbers
    s10 = -10'sd3;
    s70 = -70'sd5;
    check(dpi_signed10(s10, s10_negated, s70) == -3 && s10_negated == 10'sd3 && s70 == -70'sd8,
          "bit signed [9:0] in/out, bit signed [69:0] inout");
    check(s10_negated > 10'sd0 && s70 < 70'sd0 && $signed(s70) < -70'sd7, "signed comparisons");
    s10 = -10'sd512;
    check(dpi_signed10(s10, s10_negated, s70) == -512 && s10_negated == 10'sd0 && s70 == -70'sd520,
          "bit signed [9:0] at its minimum");
    int4 = -21;
    check(dpi_integer(int4, int4_doubled) == 0 && int4_doubled == -42 && int4_doubled < 0, "integer");
    // output string: a `&'static CStr` the simulator copies
    check(dpi_colour_name(1, colour) == 0 && colour == "green", "output string");
    check(dpi_colour_name(7, colour) == 1 && colour == "unknown", "output string, another value");
    foreach (squares5[i]) squares5[i] = -1;
    check(dpi_open_squares(squares5) == 5, "output open array length");
    check(squares5[2] == 0 && squares5[3] == 1 && squares5[4] == 4 && squares5[6] == 16,
          "output open array int [2:6] filled from its low bound");
    wide2[0] = 70'h20_0000_0000_0000_0000;
    wide2[1] = 70'h1f_ffff_ffff_ffff_ffff;
    check(dpi_open_count_top(wide2) == 1, "open array of bit [69:0]");
    // multi-dimensional open arrays, and open arrays of logic [7:0]
    foreach (m23[i, j]) m23[i][j] = 10 * i + j;
    // weights 100 * (i - 2) + j + 1: sum of (10i + j)(100(i - 2) + j + 1)
    check(dpi_open_weigh2(m23, rows, columns) == 9616, "open array int [][] weighted sum");
    check(rows == 2 && columns == 3, "open array int [][] dimensions");
    check(dpi_open_fill3(cube) == 24, "inout open array int [][][] length");
    cube_ok = 1;
    foreach (cube[i, j, k]) if (cube[i][j][k] != 100 * i + 10 * j + k) cube_ok = 0;
    check(cube_ok == 1, "inout open array int [][][] written by index");
    b22[0][0] = 8'hff; b22[0][1] = 8'h10; b22[1][0] = 8'hff; b22[1][1] = 8'h10;
    check(dpi_open_bump2(b22) == 4, "inout open array bit [7:0] [][] length");
    check(b22[0][0] == 8'hff && b22[0][1] == 8'h10 && b22[1][0] == 8'h00 && b22[1][1] == 8'h11,
          "inout open array bit [7:0] [][] by row");
    lv3[0] = 8'h0f; lv3[1] = 8'ha5; lv3[2] = 8'h00;
    check(dpi_open_logic_invert(lv3) == 3, "inout open array logic [7:0] known elements");
    check(lv3[0] == 8'hf0 && lv3[1] == 8'h5a && lv3[2] == 8'hff, "inout open array logic [7:0] inverted");
    foreach (lc[i, j, k]) lc[i][j][k] = 8'(unsigned'(i * 4 + j * 2 + k + 1));
    check(dpi_open_logic_sum3(lc) == 36, "open array logic [7:0] [][][] sum");

    // packed structs: built on one side, read field by field on the other
    dpi_float32_from_real(-1.5, f32);
    check(f32.sign == 1'b1 && f32.exponent == 8'd127 && f32.fraction == 23'h40_0000, "float32_t built in Rust from -1.5");
    check(32'(f32) == 32'hbfc0_0000, "float32_t bits equal those of the float -1.5");
    dpi_float32_from_real(6.0e-39, f32);
    check(f32.sign == 1'b0 && f32.exponent == 8'd0 && f32.fraction != 0, "float32_t subnormal");
    g32.sign = 1'b0;
    g32.exponent = 8'h81;
    g32.fraction = 23'h12_3456;
    dpi_float32_fields(g32, f_sign, f_exp, f_frac);
    check(f_sign == 1'b0 && f_exp == 8'h81 && f_frac == 32'h12_3456, "float32_t fields read in Rust");
    f32 = dpi_float32_negate(g32);
    check(f32.sign == 1'b1 && f32.exponent == 8'h81 && f32.fraction == 23'h12_3456, "float32_t result");
    pk.valid = 1'b1;
    pk.tag = 5'd31;
    pk.addr = 40'h12_3456_789a;
    pk.payload = g32;
    pk.lanes[0] = 4'h1;
    pk.lanes[1] = 4'h2;
    pk.lanes[2] = 4'hc;
    pk.delta = -13'sd4096;
    check(pk[102] == 1'b1 && pk[24:13] == 12'hc21 && pk[12:0] == 13'h1000, "wide_packet_t layout in SystemVerilog");
    dpi_packet_step(pk, pk_out);
    check(pk_out.valid == 1'b0, "wide_packet_t valid");
    check(pk_out.tag == 5'd0, "wide_packet_t tag wraps");
    check(pk_out.addr == (40'h12_3456_789a ^ 40'hf0_0000_000f), "wide_packet_t addr across chunks 1..3");
    check(pk_out.payload.sign == 1'b1 && pk_out.payload.exponent == 8'h81 && pk_out.payload.fraction == 23'h12_3456, "wide_packet_t payload across chunks 0..1");
    check(pk_out.lanes[0] == 4'hc && pk_out.lanes[1] == 4'h1 && pk_out.lanes[2] == 4'h2, "wide_packet_t lanes");
    check(pk_out.delta == -13'sd4096, "wide_packet_t delta: -4096 negates to itself in 13 bits");
    pk.delta = 13'sd100;
    pk_io = pk;
    dpi_packet_step_inout(pk_io);
    check(pk_io.delta == -13'sd100 && pk_io.tag == 5'd0 && pk_io.addr == pk_out.addr, "inout wide_packet_t");
    dpi_packet_step_inout(pk_io);
    check(pk_io.valid == pk.valid && pk_io.tag == pk.tag + 5'd2 && pk_io.addr == pk.addr
          && pk_io.payload == pk.payload && pk_io.delta == pk.delta
          && pk_io.lanes[0] == pk.lanes[1] && pk_io.lanes[1] == pk.lanes[2] && pk_io.lanes[2] == pk.lanes[0],
          "inout wide_packet_t: two steps");

    // exports and scopes
    check(dpi_call_exports(21) == 0, "context import calls exports");
    // an import task calling an export task
    dpi_call_export_task(5, task_total);
    dpi_call_export_task(-2, task_total);
    check(task_total == 3 && task_counter == 3, "import task calls export task");
    check(dpi_scope_round_trip() == 0, "scope by name, with, restore");
    // After `context` imports ran, Verilator leaves their scope set: an
    // export called from a non-context import must still be refused.
    check(dpi_export_without_scope() == 1, "export from a non-context import after context calls");

    // Owned strings: inout, an output and a result made at run time, and
    // strings exports make
    begin : string_checks
      string grown, detail, described;
      grown = "abc";
      dpi_string_append(grown, "-def");
      check(grown == "abc-def", "inout string");
      for (int i = 0; i < 200; i++) dpi_string_append(grown, "x");
      check(grown.len() == 207 && grown.substr(0, 7) == "abc-defx", "inout string, 200 calls");
      described = dpi_string_describe(42, detail);
      check(described == "code 42" && detail == "detail of 42", "string output and result");
      described = dpi_string_describe(-1, detail);
      check(described == "code -1" && detail == "detail of -1", "string output and result again");
      check(dpi_names_via_exports(7) == 0, "strings from exports, and one passed to an export");
      check(dpi_export_strings(7) == 0, "an export's inout string, and borrowed strings passed to one");
      check(dpi_call_renamed_export(5) == 15 && dpi_call_renamed_export(-4) == -12,
            "an export whose C name is not its SystemVerilog name");
      check(sv_scale_a(2, 3) == 6 && sv_scale_b(4, 5) == 20 && sv_scale_c(-1, 7) == -7,
            "one C function imported under three SystemVerilog names");
      begin : runtime_services
        int line, status;
        status = dpi_runtime_services(line); check(status == 0 && line == `__LINE__,
            "svDpiVersion, svGetCallerInfo (file and line), svIsDisabledState, raw svScope");
        check(dpi_caller_info_outside_context(), "no caller information outside a context import");
      end
    end

    // logic signed [11:0]: negated in Rust, compared signed here
    begin : logic_signed_checks
      logic signed [11:0] sl, sl_neg;
      sl = -12'sd5;
      check(dpi_slogic_negate(sl, sl_neg) == 1 && sl_neg == 12'sd5 && sl < sl_neg, "logic signed in and out");
      sl = -12'sd2048;
      check(dpi_slogic_negate(sl, sl_neg) == 1 && sl_neg == -12'sd2048 && sl_neg < 12'sd0,
            "logic signed: -(-2048) wraps");
      sl = 12'sd2047;
      check(dpi_slogic_negate(sl, sl_neg) == 1 && sl_neg == -12'sd2047 && $signed(sl_neg) < 0,
            "logic signed: negative result compares signed");
    end

    // A 4-state struct packed (svLogicVecVal): known values in and out
    // (Verilator is 2-state; X and Z are checked by the C caller)
    begin : four_state_struct_checks
      bus_sample_t bs, bs_next, bs_acc;
      bs.valid = 1'b1; bs.data = 8'h7f; bs.parity = 1'b0; bs.delta = -4'sd3;
      check(dpi_bus_sample_unknowns(bs) == 1000 + 0 + 0 + 5, "4-state struct input");
      bs_acc = '0;
      bs_acc.data = 8'd10;
      dpi_bus_sample_step(bs, bs_next, bs_acc);
      check(bs_next.valid == 1'b1 && bs_next.data == 8'h80 && bs_next.parity == 1'b1
            && bs_next.delta == 4'sd3 && bs_acc.data == 8'd137, "4-state struct output and inout");
      check($bits(bs) == 14, "4-state struct width");
    end

    // typedef enum: a packed base (opcode_t) and an int base (bus_state_t)
    begin : enum_checks
      opcode_t op, next_op;
      bus_state_t bus, previous;
      check(dpi_alu(OP_Add, 40, 2) == 42 && dpi_alu(OP_Sub, 40, 2) == 38
            && dpi_alu(OP_And, 6, 3) == 2 && dpi_alu(OP_Or, 6, 3) == 7, "enum input");
      op = OP_Or;
      check(dpi_next_opcode(op, next_op) == OP_Add && next_op == OP_Add, "enum output and result");
      check(dpi_next_opcode(OP_And, next_op) == OP_Or && next_op == OP_Or, "enum result 5");
      check($bits(op) == 3 && $bits(bus) == 32, "enum base widths");
      bus = BUS_Idle;
      previous = dpi_bus_step(bus, 1'b0);
      check(previous == BUS_Idle && bus == BUS_Request, "inout int enum");
      previous = dpi_bus_step(bus, 1'b1);
      check(previous == BUS_Request && bus == BUS_Grant, "inout int enum, granted");
      bus = BUS_Error;
      previous = dpi_bus_step(bus, 1'b1);
      check(previous == BUS_Error && bus == BUS_Error && int'(bus) == -1, "inout negative enum value");
      check(dpi_opcode_via_export(5) == 5, "export enum output");
      check(dpi_opcode_via_export(3) == -1, "export enum output that is no label");
    end

    // Per-scope user data, typed and freed (dpi_handles.rs)
    begin : user_data_checks
      int ud_failed;
      check(dpi_user_data(ud_failed) == 1 && ud_failed == 0, "user data: put, get, replace, take, free");
      check(dpi_user_data(ud_failed) == 2 && ud_failed == 0, "user data kept in the scope between calls");
    end

    // Types declared by name (dpi_types.rs): time, realtime, user typedefs
    begin : named_type_checks
      time t_sum;
      realtime rt_io;
      byte_t swapped;
      word_t word;
      quad_t q, q_rev;
      word16_t w16, w16_out;
      byte_pair_t pairs[3];
      word16_t words[2];
      opcode_t ops[4];
      bus_state_t states[4];
      check(dpi_time_add(64'h1_0000_0000, 64'd5, t_sum) && t_sum == 64'h1_0000_0005, "time in and out");
      check(dpi_time_add(64'hffff_ffff_ffff_ffff, 64'd2, t_sum) && t_sum == 64'd1, "time wraps");
      check($bits(t_sum) == 64, "time width");
      rt_io = 1.25;
      check(dpi_realtime_half(3.0, rt_io) == 1.5 && rt_io == 2.5, "realtime result and inout");
      word = dpi_byte_t_swap(8'h3c, swapped);
      check(word == 32'h13c && swapped == 8'hc3, "byte_t in and out, word_t result");
      check($bits(swapped) == 8 && $bits(word) == 32, "typedef widths");
      q = '{1, -2, 30, 400};
      w16.pair.hi = 8'h12;
      w16.pair.lo = 8'hf0;
      check(dpi_union_swap(w16, w16_out) == 16'sh12f0 && w16_out.raw == 16'hf012
            && w16_out.pair.hi == 8'hf0 && w16_out.value == 16'shf012, "union packed in and out");
      w16 = dpi_union_make(8'hab, 8'hcd);
      check(w16.raw == 16'habcd && w16.value == -16'sh5433, "union packed result");
      check($bits(w16) == 16, "union packed width");
      pairs[0].hi = 8'd1; pairs[0].lo = 8'd2;
      pairs[1].hi = 8'd30; pairs[1].lo = 8'd40;
      pairs[2].hi = 8'hff; pairs[2].lo = 8'h01;
      words[0].raw = 16'h1234;
      words[1].raw = 16'habcd;
      check(dpi_open_packed(pairs, words) == 1 + 2 + 30 + 40 + 255 + 1
            && words[0].raw == 16'h3412 && words[1].pair.hi == 8'hcd && words[1].value == 16'shcdab,
            "open arrays of a packed struct and a packed union");
      ops = '{OP_Or, OP_Add, OP_Or, OP_Sub};
      states = '{BUS_Idle, BUS_Request, BUS_Grant, BUS_Error};
      check(dpi_call_time_export() == 0, "time, a typedef and a packed union through an export");
      check(dpi_open_enums(ops, states) == 2 && states[0] == BUS_Request && states[1] == BUS_Grant
            && states[2] == BUS_Idle && states[3] == BUS_Error, "open arrays of enums in and inout");
      check(dpi_quad_t_sum(q, q_rev) == 429 && q_rev[0] == 400 && q_rev[1] == 30
            && q_rev[2] == -2 && q_rev[3] == 1, "typedef of an unpacked array");
    end

    arrays.run();
    checks += arrays.checks;
    failures += arrays.failures;

    if (failures != 0) $fatal(1, "DPI: %0d of %0d checks failed", failures, checks);
    $display("DPI OK: %0d checks passed", checks);
    $finish;
  end
endmodule
