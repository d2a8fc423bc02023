//! `#[dpi_import]` functions that the Verilator testbench `sv/dpi_tb.sv`
//! imports through the generated package `sv/generated/abi_dpi.sv` and checks.

use core::ffi::CStr;
use std::sync::atomic::{AtomicI64, Ordering};

use abi_core::bitint::UBitInt;
use abi_core::dpi::{
    Bits, Chandle, Integer, Logic, LogicVec, OpenArray, OpenArrayMut, OpenArrayOut, Scope,
    SignedBits, SignedLogicVec, SvString,
};
use abi_core::{dpi_export, dpi_import};

use crate::packed_types::{BusSample, Float32, WidePacket};

/// Wrapping `int` addition.
#[dpi_import]
pub fn dpi_add_int(a: i32, b: i32) -> i32 {
    a.wrapping_add(b)
}

/// `int unsigned` and `longint unsigned`: `a * b` widened.
#[dpi_import(pure)]
pub fn dpi_widen_mul(a: u32, b: u32) -> u64 {
    u64::from(a) * u64::from(b)
}

/// `longint` wrapping multiplication.
#[dpi_import(pure)]
pub fn dpi_mul_longint(a: i64, b: i64) -> i64 {
    a.wrapping_mul(b)
}

/// `byte` and `byte unsigned` in, their sum as a `shortint` output, and the
/// unsigned byte doubled (wrapping) as the result.
#[dpi_import]
pub fn dpi_bytes(a: i8, b: u8, sum: &mut i16) -> u8 {
    *sum = i16::from(a) + i16::from(b);
    b.wrapping_mul(2)
}

/// `shortint` and `shortint unsigned`: difference as the result, and the
/// unsigned input echoed through an output.
#[dpi_import]
pub fn dpi_shortints(a: i16, b: u16, echo: &mut u16) -> i16 {
    *echo = b;
    a.wrapping_sub(b as i16)
}

/// `real`: `x * 1.5`.
#[dpi_import(pure)]
pub fn dpi_scale_real(x: f64) -> f64 {
    x * 1.5
}

/// `shortreal` in every direction: the result is `x * 0.5`, the output
/// `x + 1`, and the inout doubles. (Verilator passes `shortreal` as
/// `double`; in Verilator's DPI-C flavour, this crate's, the shim converts.)
#[dpi_import]
pub fn dpi_shortreal(x: f32, plus_one: &mut f32, #[inout] doubled: &mut f32) -> f32 {
    *plus_one = x + 1.0;
    *doubled *= 2.0;
    x * 0.5
}

/// `bit`: exclusive or as the result, and `a & b` as an output.
#[dpi_import]
pub fn dpi_bits(a: bool, b: bool, both: &mut bool) -> bool {
    *both = a && b;
    a ^ b
}

/// `logic`: 4-state AND (0 dominates, otherwise X/Z give X).
#[dpi_import]
pub fn dpi_logic_and(a: Logic, b: Logic) -> Logic {
    match (a, b) {
        (Logic::Zero, _) | (_, Logic::Zero) => Logic::Zero,
        (Logic::One, Logic::One) => Logic::One,
        _ => Logic::X,
    }
}

/// `string` input: its length in bytes.
#[dpi_import(pure)]
pub fn dpi_string_length(text: &CStr) -> i32 {
    text.to_bytes().len() as i32
}

/// `string` result.
#[dpi_import]
pub fn dpi_greeting() -> &'static CStr {
    c"hello from Rust"
}

/// `inout`: swaps two `int`s.
#[dpi_import]
pub fn dpi_swap(#[inout] a: &mut i32, #[inout] b: &mut i32) {
    core::mem::swap(a, b);
}

static TOTAL: AtomicI64 = AtomicI64::new(0);

/// A task: adds `by` to a running total and reports it through an output.
#[dpi_import(task)]
pub fn dpi_accumulate(by: i32, total: &mut i64) {
    *total = TOTAL.fetch_add(i64::from(by), Ordering::Relaxed) + i64::from(by);
}

/// Imported under another SystemVerilog name than its C symbol.
#[dpi_import(name = "sv_renamed_increment")]
pub fn dpi_renamed(x: u32) -> u32 {
    x.wrapping_add(1)
}

/// A `context` import (it may call exports once they exist); here it
/// negates.
#[dpi_import(context)]
pub fn dpi_context_negate(x: i32) -> i32 {
    x.wrapping_neg()
}

/// `bit [0:0]`: a one-bit packed vector (still passed by pointer), negated
/// and returned by value.
#[dpi_import]
pub fn dpi_not1(x: Bits<1>) -> Bits<1> {
    let mut out = x;
    out.set_bit(0, !x.bit(0));
    out
}

/// `bit [7:0]`: the bits reversed, returned by value (up to 32 bits).
#[dpi_import]
pub fn dpi_reverse8(x: Bits<8>) -> Bits<8> {
    Bits::try_from(u64::from((x.chunks()[0] as u8).reverse_bits())).unwrap()
}

/// `bit [32:0]`: `x + 1`, wrapping at 33 bits, through an output.
#[dpi_import]
pub fn dpi_inc33(x: Bits<33>, out: &mut Bits<33>) {
    let value = (x.to_u128().unwrap() + 1) & ((1 << 33) - 1);
    *out = Bits::try_from(value).unwrap();
}

/// `bit [127:0]`: the two 64-bit halves swapped through an output; the
/// result is the parity of the input.
#[dpi_import]
pub fn dpi_swap_halves128(x: Bits<128>, out: &mut Bits<128>) -> bool {
    let value = x.to_u128().unwrap();
    *out = Bits::try_from(value.rotate_left(64)).unwrap();
    value.count_ones() % 2 == 1
}

/// `bit [199:0]`: `x * 3`, wrapping, computed with `UBitInt<200>` (which
/// exists where C's `__BITINT_MAXWIDTH__` admits it: x86-64 and i386).
#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
#[dpi_import]
pub fn dpi_triple200(x: Bits<200>, out: &mut Bits<200>) {
    let value: UBitInt<200> = x.to_ubitint();
    *out = Bits::from_ubitint(value.wrapping_mul(UBitInt::try_from(3u8).unwrap()));
}

/// `inout bit [69:0]`: sets bit 69 and clears bit 0, keeping the rest (a
/// field that straddles the chunk boundary at bit 64).
#[dpi_import]
pub fn dpi_mark70(#[inout] v: &mut Bits<70>) {
    v.set_bit(69, true);
    v.set_bit(0, false);
}

/// The import of the panic testbench (`sv/panic_tb.sv`), in a module of
/// its own: that testbench imports a package of this module only
/// (`sv/generated/panic_dpi.sv`, `Registry::for_module`), as a crate serving
/// several testbenches does.
pub mod panicking {
    use abi_core::dpi_import;

    /// Panics for any input: the simulation (or a C caller) aborts with a
    /// report naming the function.
    #[dpi_import]
    pub fn dpi_panics(x: i32) -> i32 {
        panic!("dpi_panics was called with {x}");
    }
}

/// A small model that SystemVerilog owns through a `chandle`.
#[derive(Debug)]
pub struct Accumulator {
    total: i64,
}

/// Creates an accumulator; SystemVerilog owns it until `dpi_acc_free`.
#[dpi_import]
pub fn dpi_acc_new(start: i32) -> Chandle<Accumulator> {
    Chandle::new(Accumulator {
        total: i64::from(start),
    })
}

/// Creates an accumulator through an output `chandle`.
#[dpi_import]
pub fn dpi_acc_new_into(start: i32, handle: &mut Chandle<Accumulator>) {
    *handle = Chandle::new(Accumulator {
        total: i64::from(start),
    });
}

/// Adds `x` and returns the total; -1 for a null, freed or foreign handle.
#[dpi_import]
pub fn dpi_acc_add(handle: Chandle<Accumulator>, x: i32) -> i64 {
    handle
        .with_mut(|acc| {
            acc.total += i64::from(x);
            acc.total
        })
        .unwrap_or(-1)
}

/// Frees the accumulator and returns its total; -1 when the handle is not
/// live (a double free is reported, not undefined behaviour).
#[dpi_import]
pub fn dpi_acc_free(handle: Chandle<Accumulator>) -> i64 {
    handle.free().map_or(-1, |acc| acc.total)
}

/// `logic [11:0]` in: its known bits inverted into an output, and whether
/// every bit was known (Verilator is 2-state: inputs arrive with `bval` 0).
#[dpi_import]
pub fn dpi_invert12(x: LogicVec<12>, out: &mut LogicVec<12>) -> bool {
    let mut result = LogicVec::ZERO;
    for i in 0..12 {
        result.set(
            i,
            match x.get(i) {
                Logic::Zero => Logic::One,
                Logic::One => Logic::Zero,
                other => other,
            },
        );
    }
    *out = result;
    x.is_known()
}

/// `inout logic [39:0]`: shifts the value left by 4 (across the 32-bit chunk
/// boundary), through `Bits` when every bit is known.
#[dpi_import]
pub fn dpi_shift40(#[inout] v: &mut LogicVec<40>) {
    if let Some(bits) = v.to_bits() {
        let value = (bits.to_u128().unwrap() << 4) & ((1 << 40) - 1);
        *v = LogicVec::from_bits(Bits::try_from(value).unwrap());
    }
}

#[dpi_export]
unsafe extern "C" {
    /// `2 * x`, computed in SystemVerilog.
    pub fn sv_double(x: i32) -> i32;
    /// `sum = a + b` on 128 bits, computed in SystemVerilog.
    pub fn sv_add128(a: Bits<128>, b: Bits<128>, sum: &mut Bits<128>);
    /// Increments `counter` and returns `!b`, in SystemVerilog.
    pub fn sv_flip(b: bool, #[inout] counter: &mut i32) -> bool;
    /// `x / 4` as a `shortreal`, in SystemVerilog.
    pub fn sv_quarter(x: f32) -> f32;
    /// A SystemVerilog task: adds `by` to the testbench's task counter and
    /// reports the new value.
    #[task]
    pub fn sv_count_task(by: i32, total: &mut i32);
}

/// A `context` import task calling the SystemVerilog export task (tasks
/// can only be called from tasks); `total` receives what it reported.
#[dpi_import(context, task)]
pub fn dpi_call_export_task(by: i32, total: &mut i32) {
    sv_count_task(by, total).unwrap_or_else(|e| panic!("{e}"));
}

/// A `context` import calling the SystemVerilog exports; returns 0 when
/// every result is right, otherwise the number of the first wrong one.
#[dpi_import(context)]
pub fn dpi_call_exports(x: i32) -> i32 {
    let check = || -> Result<i32, abi_core::dpi::DpiError> {
        if sv_double(x)? != x.wrapping_mul(2) {
            return Ok(1);
        }
        let mut sum = Bits::ZERO;
        let a = Bits::try_from(u128::MAX >> 1).unwrap();
        sv_add128(a, Bits::try_from(3u64).unwrap(), &mut sum)?;
        if sum.to_u128() != Some((u128::MAX >> 1) + 3) {
            return Ok(2);
        }
        let mut counter = 41;
        if sv_flip(true, &mut counter)? || counter != 42 {
            return Ok(3);
        }
        if sv_quarter(-10.0)? != -2.5 || sv_quarter(f32::MAX)? != f32::MAX / 4.0 {
            return Ok(4);
        }
        Ok(0)
    };
    check().unwrap_or_else(|e| panic!("{e}"))
}

/// A non-`context` import calling an export before any scope was set: it
/// is reported as `DpiError::NoScope` (1) instead of a simulator abort.
/// (Once a `context` import ran, Verilator leaves its scope set, and the
/// standard leaves the scope of a non-context import undefined.)
#[dpi_import]
pub fn dpi_export_without_scope() -> i32 {
    match sv_double(1) {
        Err(abi_core::dpi::DpiError::NoScope {
            export: "sv_double",
        }) => 1,
        Ok(_) => 2,
        Err(_) => 3,
    }
}

/// From a `context` import: the current scope has the testbench's name
/// (`TOP.dpi_tb` in Verilator 5.006, `dpi_tb` in 5.049), the
/// scope found by that name is the same, and `Scope::with` runs an export
/// there and restores the scope.
#[dpi_import(context)]
pub fn dpi_scope_round_trip() -> i32 {
    let current = Scope::current()
        .unwrap()
        .expect("a context import has a scope");
    let name = current.name().unwrap();
    let by_name = Scope::by_name(&std::ffi::CString::new(name.clone()).unwrap()).unwrap();
    let via_with = by_name.with(|| sv_double(21)).unwrap().unwrap();
    let restored = Scope::current().unwrap() == Some(current);
    // Verilator 5.006 names the top scope `TOP.dpi_tb`, 5.049 `dpi_tb`.
    let named = name == "TOP.dpi_tb" || name == "dpi_tb";
    if named && by_name == current && via_with == 42 && restored {
        0
    } else {
        1
    }
}

/// `int a[4]` in, `int out[4]` out (reversed); the result is the sum.
#[dpi_import]
pub fn dpi_reverse4(a: [i32; 4], out: &mut [i32; 4]) -> i32 {
    *out = [a[3], a[2], a[1], a[0]];
    a.iter().fold(0i32, |s, x| s.wrapping_add(*x))
}

/// `inout bit [7:0] a[3]`: every element incremented (packed elements are
/// canonical, one `svBitVecVal` each).
#[dpi_import]
pub fn dpi_bump_bytes(#[inout] a: &mut [Bits<8>; 3]) {
    for element in a.iter_mut() {
        let next = (element.to_u128().unwrap() + 1) & 0xff;
        *element = Bits::try_from(next).unwrap();
    }
}

/// `int m[2][3]`: the sum of `m[i][j] * (10 * i + j + 1)`, so a transposed
/// declaration (`int m[3][2]`) or scrambled indices change the result.
#[dpi_import(pure)]
pub fn dpi_weigh_2x3(m: [[i32; 3]; 2]) -> i32 {
    let mut total = 0i32;
    for (i, row) in m.iter().enumerate() {
        for (j, x) in row.iter().enumerate() {
            total = total.wrapping_add(x.wrapping_mul(10 * i as i32 + j as i32 + 1));
        }
    }
    total
}

/// A function and parameters named like SystemVerilog keywords: the
/// package escapes the function name (`\table `, still the C symbol
/// `table`) and renames the parameters (`begin_`, `end_`).
#[dpi_import]
pub fn table(begin: i32, end: i32, #[inout] r#type: &mut i32) -> i32 {
    *r#type += 1;
    end - begin
}

/// `bit flags[5]`: how many are set.
#[dpi_import(pure)]
pub fn dpi_count_flags(flags: [bool; 5]) -> i32 {
    flags.iter().filter(|f| **f).count() as i32
}

/// `input int values[]`: the sum; -1 when the simulator's contiguous buffer
/// (`as_slice`, when offered) disagrees with the element-by-element reads.
#[dpi_import]
pub fn dpi_open_sum(values: OpenArray<'_, i32>) -> i64 {
    let sum: i64 = values.iter().map(i64::from).sum();
    match values.as_slice() {
        Some(slice) if slice.iter().map(|&x| i64::from(x)).sum::<i64>() != sum => -1,
        _ => sum,
    }
}

/// The bounds of an open array through outputs; the result is its length.
#[dpi_import]
pub fn dpi_open_bounds(
    values: OpenArray<'_, i32>,
    left: &mut i32,
    right: &mut i32,
    low: &mut i32,
    high: &mut i32,
) -> i32 {
    *left = values.left();
    *right = values.right();
    *low = values.low();
    *high = values.high();
    values.len() as i32
}

/// `inout bit [7:0] bytes[]`: element `low() + k` becomes `0xa0 + k`; the
/// result is the length.
#[dpi_import]
pub fn dpi_open_fill(mut bytes: OpenArrayMut<'_, Bits<8>>) -> i32 {
    for (k, index) in (bytes.low()..=bytes.high()).enumerate() {
        bytes.set(index, Bits::try_from(0xa0 + k as u64).unwrap());
    }
    bytes.len() as i32
}

/// `bit signed [9:0]` in and out, and an inout `bit signed [69:0]`: the
/// result is `x`, `negated` is `-x` (0 for -512, whose negation does not
/// fit), and `acc` gains `x`. SystemVerilog compares them signed.
#[dpi_import]
pub fn dpi_signed10(
    x: SignedBits<10>,
    negated: &mut SignedBits<10>,
    #[inout] acc: &mut SignedBits<70>,
) -> i32 {
    let v = x.to_i128().unwrap();
    *negated = SignedBits::try_from(-v).unwrap_or_default();
    *acc = SignedBits::try_from(acc.to_i128().unwrap() + v).unwrap();
    v as i32
}

/// `integer` (4-state) in and out: `doubled` is `2 * x` and the result 0
/// when every bit of `x` is known; otherwise `x` is copied and the result
/// is 1.
#[dpi_import]
pub fn dpi_integer(x: Integer, doubled: &mut Integer) -> i32 {
    match x.to_i32() {
        Some(v) => {
            *doubled = Integer::from(v.wrapping_mul(2));
            0
        }
        None => {
            *doubled = x;
            1
        }
    }
}

/// `output int squares[]`: element `low() + k` becomes `k * k`, counted from
/// the low bound (an `output`, so nothing is read first); the result is the
/// length.
#[dpi_import]
pub fn dpi_open_squares(mut squares: OpenArrayOut<'_, i32>) -> i32 {
    for (k, index) in (squares.low()..=squares.high()).enumerate() {
        squares.set(index, (k * k) as i32);
    }
    squares.len() as i32
}

/// `input bit [69:0] values[]` (packed elements, copied canonically): how
/// many have bit 69 set.
#[dpi_import]
pub fn dpi_open_count_top(values: OpenArray<'_, Bits<70>>) -> i32 {
    values.iter().filter(|v| v.bit(69)).count() as i32
}

/// `input int values[][]`: the sum of every element weighted by its
/// position (`100 * row + column + 1`, counted from each dimension's low
/// bound, so the result depends on reading the right element); the
/// dimensions' lengths through outputs; -1 when the simulator's contiguous
/// buffer (`as_slice`) holds a different plain sum.
#[dpi_import]
pub fn dpi_open_weigh2(values: OpenArray<'_, i32, 2>, rows: &mut i32, columns: &mut i32) -> i64 {
    *rows = values.len_of(1) as i32;
    *columns = values.len_of(2) as i32;
    let (row0, column0) = (values.low_of(1), values.low_of(2));
    let mut weighted = 0;
    let mut plain = 0;
    for [row, column] in values.indices() {
        let value = i64::from(values.get_at([row, column]).unwrap());
        weighted += value * i64::from(100 * (row - row0) + (column - column0) + 1);
        plain += value;
    }
    match values.as_slice() {
        Some(slice) if slice.iter().map(|&x| i64::from(x)).sum::<i64>() != plain => -1,
        _ => weighted,
    }
}

/// `inout int cube[][][]`: element `[i][j][k]` becomes `100i + 10j + k`;
/// the result is the number of elements.
#[dpi_import]
pub fn dpi_open_fill3(mut cube: OpenArrayMut<'_, i32, 3>) -> i32 {
    let mut count = 0;
    for [i, j, k] in cube.indices() {
        assert!(cube.set_at([i, j, k], 100 * i + 10 * j + k));
        count += 1;
    }
    assert!(
        !cube.set_at([cube.high_of(1) + 1, 0, 0], 0),
        "out of bounds is refused"
    );
    count
}

/// `inout bit [7:0] m[][]`: every element plus its row index (wrapping);
/// the result is the number of elements.
#[dpi_import]
pub fn dpi_open_bump2(mut m: OpenArrayMut<'_, Bits<8>, 2>) -> i32 {
    for [row, column] in m.indices() {
        let old = m.get_at([row, column]).unwrap().to_u128().unwrap() as u64;
        m.set_at(
            [row, column],
            Bits::try_from((old + row as u64) & 0xff).unwrap(),
        );
    }
    m.len() as i32
}

/// `inout logic [7:0] v[]`: each element inverted (known bits; an X or Z
/// bit stays as it is); the result is how many elements were fully known.
#[dpi_import]
pub fn dpi_open_logic_invert(mut v: OpenArrayMut<'_, LogicVec<8>>) -> i32 {
    let mut known = 0;
    for index in v.low()..=v.high() {
        let mut value = v.get(index).unwrap();
        known += i32::from(value.is_known());
        for bit in 0..8 {
            let inverted = match value.get(bit) {
                Logic::Zero => Logic::One,
                Logic::One => Logic::Zero,
                other => other,
            };
            value.set(bit, inverted);
        }
        v.set(index, value);
    }
    known
}

/// `input logic [7:0] v[][][]`: the sum of the fully known elements.
#[dpi_import]
pub fn dpi_open_logic_sum3(v: OpenArray<'_, LogicVec<8>, 3>) -> i32 {
    v.indices()
        .filter_map(|index| v.get_at(index).unwrap().to_bits())
        .map(|bits| bits.to_u128().unwrap() as i32)
        .sum()
}

/// A `float32_t` built in Rust from a `real`, for SystemVerilog to read
/// field by field.
#[dpi_import]
pub fn dpi_float32_from_real(x: f64, out: &mut Float32) {
    *out = Float32::from_f32(x as f32);
}

/// The fields of a `float32_t` SystemVerilog built, as Rust read them.
#[dpi_import]
pub fn dpi_float32_fields(value: Float32, sign: &mut bool, exponent: &mut u8, fraction: &mut u32) {
    *sign = value.sign;
    *exponent = value.exponent.try_into().expect("8 bits");
    *fraction = value.fraction.try_into().expect("23 bits");
}

/// A 32-bit packed struct result (Verilator returns up to 32 bits): the
/// negated value.
#[dpi_import(pure)]
pub fn dpi_float32_negate(value: Float32) -> Float32 {
    Float32 {
        sign: !value.sign,
        ..value
    }
}

/// One step on every field of a 103-bit packet: `valid` flipped, `tag`
/// plus 1, `addr` xor `40'hf0_0000_000f`, the payload negated, the lanes
/// rotated (lane 0 gets lane 2), `delta` negated.
#[dpi_import]
pub fn dpi_packet_step(input: WidePacket, out: &mut WidePacket) {
    *out = packet_step(input);
}

/// The same step, on an `inout` packet.
#[dpi_import]
pub fn dpi_packet_step_inout(#[inout] packet: &mut WidePacket) {
    *packet = packet_step(*packet);
}

fn packet_step(p: WidePacket) -> WidePacket {
    let mask = UBitInt::<40>::try_from(0xf0_0000_000f_u64).expect("40 bits");
    WidePacket {
        valid: !p.valid,
        tag: p
            .tag
            .wrapping_add(UBitInt::<5>::try_from(1u8).expect("5 bits")),
        addr: p.addr ^ mask,
        payload: Float32 {
            sign: !p.payload.sign,
            ..p.payload
        },
        lanes: [p.lanes[2], p.lanes[0], p.lanes[1]],
        delta: p.delta.wrapping_neg(),
    }
}

// ---- Benchmark pairs (`cargo xtask bench`): `sv/dpi_bench.sv` calls these
// and their hand-written C twins in `sv/dpi_bench.c`, in Verilator.

/// `int` add: the cheapest DPI call.
#[dpi_import]
pub fn bench_dpi_add(a: i32, b: i32) -> i32 {
    a.wrapping_add(b)
}

/// `bit [127:0]` in and out: `sum = a + b`, wrapping.
#[dpi_import]
pub fn bench_dpi_add128(a: Bits<128>, b: Bits<128>, sum: &mut Bits<128>) {
    let (a, b) = (a.to_u128().unwrap(), b.to_u128().unwrap());
    *sum = Bits::try_from(a.wrapping_add(b)).unwrap();
}

/// `int` add with an output and a result: `sum = a + b`, wrapping, and the
/// result `a ^ b`. An input, an output and a result is the shape whose
/// user call LLVM once left out of line (the benchmark row proves it is
/// inlined).
#[dpi_import]
pub fn bench_dpi_add_out(a: i32, b: i32, sum: &mut i32) -> i32 {
    *sum = a.wrapping_add(b);
    a ^ b
}

/// The sum of an open array of `int`.
#[dpi_import]
pub fn bench_dpi_open_sum(values: OpenArray<'_, i32>) -> i64 {
    match values.as_slice() {
        Some(slice) => slice.iter().map(|&x| i64::from(x)).sum(),
        None => values.iter().map(i64::from).sum(),
    }
}

/// `dst[low] = src[low] + 1`: an import with a writable open array beside
/// another open array, so the shim makes the overlap check (the arrays'
/// buffers compared) before the call; the element work is one read and
/// one write, so the check's cost shows.
#[dpi_import]
pub fn bench_dpi_copy_first(src: OpenArray<'_, i32>, mut dst: OpenArrayMut<'_, i32>) {
    let first = src.get(src.low()).unwrap_or(0);
    let low = dst.low();
    dst.set(low, first.wrapping_add(1));
}

/// `dst[low] += 1`: the same element work with a single open array, so no
/// overlap check (the pair above minus this one is what the check costs).
#[dpi_import]
pub fn bench_dpi_bump_first(mut dst: OpenArrayMut<'_, i32>) {
    let low = dst.low();
    let value = dst.get(low).unwrap_or(0);
    dst.set(low, value.wrapping_add(1));
}

/// `output string`: the name of a colour code, a `&'static CStr` (Annex H:
/// the string must outlive the call; a static one always does); the result
/// is 0, or 1 for an unknown code (`"unknown"`).
#[dpi_import]
pub fn dpi_colour_name(code: i32, name: &mut &'static CStr) -> i32 {
    let (text, status) = match code {
        0 => (c"red", 0),
        1 => (c"green", 0),
        2 => (c"blue", 0),
        _ => (c"unknown", 1),
    };
    *name = text;
    status
}

/// An ALU opcode: `typedef enum bit [2:0]` with labels `OP_ADD`...,
/// values with a gap (no opcode 3 or 4).
#[derive(abi_core::dpi::DpiEnum, Clone, Copy, Debug, PartialEq, Eq)]
#[dpi_enum(sv_name = "opcode_t", base = Bits<3>, prefix = "OP_")]
pub enum Opcode {
    /// `a + b`.
    Add = 0,
    /// `a - b`.
    Sub = 1,
    /// `a & b`.
    And = 2,
    /// `a | b`.
    Or = 5,
}

/// A bus state: `typedef enum int` (the default base), with a negative
/// value.
#[derive(abi_core::dpi::DpiEnum, Clone, Copy, Debug, PartialEq, Eq)]
#[dpi_enum(sv_name = "bus_state_t", prefix = "BUS_")]
pub enum BusState {
    /// Nothing requested.
    Idle = 0,
    /// A request is pending.
    Request = 1,
    /// The bus is granted.
    Grant = 2,
    /// A protocol error.
    Error = -1,
}

/// The ALU's reference model: an enum input.
#[dpi_import]
pub fn dpi_alu(op: Opcode, a: i32, b: i32) -> i32 {
    match op {
        Opcode::Add => a.wrapping_add(b),
        Opcode::Sub => a.wrapping_sub(b),
        Opcode::And => a & b,
        Opcode::Or => a | b,
    }
}

/// The opcode after `op` in declaration order (cyclic), as an output and
/// as the result (a packed result: Verilator's DPI-C flavour).
#[dpi_import]
pub fn dpi_next_opcode(op: Opcode, next: &mut Opcode) -> Opcode {
    *next = match op {
        Opcode::Add => Opcode::Sub,
        Opcode::Sub => Opcode::And,
        Opcode::And => Opcode::Or,
        Opcode::Or => Opcode::Add,
    };
    *next
}

/// One step of the bus: an inout `int` enum (a negative value too), and
/// the previous state as the result.
#[dpi_import]
pub fn dpi_bus_step(#[inout] state: &mut BusState, grant: bool) -> BusState {
    let previous = *state;
    *state = match (previous, grant) {
        (BusState::Idle, _) => BusState::Request,
        (BusState::Request, true) => BusState::Grant,
        (BusState::Request, false) => BusState::Request,
        (BusState::Grant, _) => BusState::Idle,
        (BusState::Error, _) => BusState::Error,
    };
    previous
}

#[dpi_export]
unsafe extern "C" {
    /// Writes `code` into an `opcode_t` output with a cast, which
    /// SystemVerilog does not check: 3 is no opcode.
    pub fn sv_opcode_of(code: i32, op: &mut Opcode);
}

/// The opcode `sv_opcode_of` writes for `code`, or -1 when it is none
/// (`DpiError::InvalidOutput` naming the export and the argument).
#[dpi_import(context)]
pub fn dpi_opcode_via_export(code: i32) -> i32 {
    let mut op = Opcode::Add;
    match sv_opcode_of(code, &mut op) {
        Ok(()) => op as i32,
        Err(abi_core::dpi::DpiError::InvalidOutput {
            export: "sv_opcode_of",
            argument: "op",
            error: abi_core::ArgError::NotAnEnumValue { value, .. },
        }) if i128::from(code) == value => -1,
        Err(other) => panic!("sv_opcode_of({code}): unexpected {other}"),
    }
}

/// `logic signed [11:0]`: `neg = -x` (wrapping) and 1 when `x` has no X
/// or Z bit; otherwise `neg = x`, X and Z kept, and 0.
#[dpi_import]
pub fn dpi_slogic_negate(x: SignedLogicVec<12>, neg: &mut SignedLogicVec<12>) -> i32 {
    match x.to_i128() {
        Some(value) => {
            let negated = SignedBits::<12>::try_from((-value + 2048).rem_euclid(4096) - 2048)
                .expect("wrapped into 12 bits");
            *neg = SignedLogicVec::from(negated);
            1
        }
        None => {
            *neg = x;
            0
        }
    }
}

/// `inout string`: appends `suffix` to `text` (an owned `SvString`: the
/// simulator's string is copied in, the new one kept alive for it).
#[dpi_import]
pub fn dpi_string_append(#[inout] text: &mut SvString, suffix: &CStr) {
    let mut bytes = text.as_bytes().to_vec();
    bytes.extend_from_slice(suffix.to_bytes());
    *text = SvString::new(bytes).expect("no NUL in either part");
}

/// Strings made at run time: an output and the result.
#[dpi_import]
pub fn dpi_string_describe(code: i32, detail: &mut SvString) -> SvString {
    *detail = SvString::new(format!("detail of {code}")).expect("no NUL");
    SvString::new(format!("code {code}")).expect("no NUL")
}

#[dpi_export]
unsafe extern "C" {
    /// `"unit<code>"`, made by SystemVerilog, as the result.
    pub fn sv_name_of(code: i32) -> SvString;
    /// The same through an output.
    pub fn sv_name_into(code: i32, name: &mut SvString);
    /// The length of a string Rust passes.
    pub fn sv_string_length(text: SvString) -> i32;
}

/// Reads strings SystemVerilog makes (an export's result and output, both
/// copied) and passes one: 0 when all are as expected, else which failed.
#[dpi_import(context)]
pub fn dpi_names_via_exports(code: i32) -> i32 {
    let expected = format!("unit{code}");
    let mut failed = 0;
    if sv_name_of(code).map(|s| s.to_string()) != Ok(expected.clone()) {
        failed |= 1;
    }
    let mut name = SvString::default();
    if sv_name_into(code, &mut name).is_err() || name.to_string() != expected {
        failed |= 2;
    }
    let text = SvString::new("hello, DPI").expect("no NUL");
    if sv_string_length(text) != Ok(10) {
        failed |= 4;
    }
    failed
}

/// A 4-state packed struct: what is unknown in it, as
/// `1000 * valid (svLogic) + 100 * unknown data bits + 10 * parity +
/// delta + 8` (delta + 8 is 0 when delta has an X or Z bit).
#[dpi_import]
pub fn dpi_bus_sample_unknowns(sample: BusSample) -> i32 {
    let unknown_data = (0..8).filter(|&i| !sample.data.get(i).is_known()).count() as i32;
    let delta = sample.delta.to_i128().map_or(0, |d| d as i32 + 8);
    1000 * sample.valid as i32 + 100 * unknown_data + 10 * i32::from(sample.parity) + delta
}

/// A 4-state packed struct in, out and inout: `next` is `sample` with
/// `data + 1`, `parity` flipped and `delta` negated; `acc.data += data`.
#[dpi_import]
pub fn dpi_bus_sample_step(sample: BusSample, next: &mut BusSample, #[inout] acc: &mut BusSample) {
    let plus = |a: LogicVec<8>, b: u64| {
        let value = a.to_bits().and_then(|bits| bits.to_u128()).unwrap_or(0) as u64;
        LogicVec::from_bits(Bits::try_from((value + b) & 0xFF).expect("8 bits"))
    };
    let data = sample.data.to_bits().and_then(|b| b.to_u128()).unwrap_or(0) as u64;
    let delta = sample.delta.to_i128().unwrap_or(0);
    *next = BusSample {
        valid: sample.valid,
        data: plus(sample.data, 1),
        parity: !sample.parity,
        delta: SignedLogicVec::from(
            SignedBits::<4>::try_from(((-delta + 8).rem_euclid(16)) - 8).expect("4 bits"),
        ),
    };
    acc.data = plus(acc.data, data);
}
