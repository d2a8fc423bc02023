//! Unpacked and open arrays of every element type, in every direction
//! (issue #34), imported by `sv/dpi_arrays.sv` (run by `sv/dpi_tb.sv`)
//! through the generated package. Most are written through `macro_rules!`
//! with the element type as a `$t:ty` fragment, as a user generating one
//! import per type would, which the attributes must read as the type
//! written out (before issue #34, an invisible group was misread).
//!
//! Each family's model is a rotation that SystemVerilog checks value by
//! value: the output receives the inout's old elements shifted by one, and
//! the inout the input's shifted by one (`b[i] = c[i + 1]`, `c[i] = a[i + 1]`,
//! indices wrapping), so an element read or written at the wrong place,
//! or in the wrong order, is a mismatch.

use core::ffi::CStr;

use abi_core::dpi::{
    Bits, Chandle, ForeignChandle, Integer, Logic, LogicVec, OpenArray, OpenArrayMut, OpenArrayOut,
    SignedBits, SignedLogicVec,
};
use abi_core::dpi_import;

use crate::dpi_exports::{Accumulator, BusState, Opcode};
use crate::packed_types::{BusSample, Float32};

/// `T a[3]`, `T b[3]` and `T c[3]`: input, output and inout, rotated.
macro_rules! unpacked_rotations {
    ($($(#[$doc:meta])* $name:ident: $t:ty;)*) => {$(
        $(#[$doc])*
        #[dpi_import]
        pub fn $name(a: [$t; 3], b: &mut [$t; 3], #[inout] c: &mut [$t; 3]) {
            let old = *c;
            *b = core::array::from_fn(|i| old[(i + 1) % 3]);
            *c = core::array::from_fn(|i| a[(i + 1) % 3]);
        }
    )*};
}

unpacked_rotations! {
    /// `byte`.
    dpi_ua_byte: i8;
    /// `byte unsigned`.
    dpi_ua_ubyte: u8;
    /// `shortint`.
    dpi_ua_shortint: i16;
    /// `shortint unsigned`.
    dpi_ua_ushortint: u16;
    /// `int`.
    dpi_ua_int: i32;
    /// `int unsigned`.
    dpi_ua_uint: u32;
    /// `longint`.
    dpi_ua_longint: i64;
    /// `longint unsigned`.
    dpi_ua_ulongint: u64;
    /// `real`.
    dpi_ua_real: f64;
    /// `shortreal`.
    dpi_ua_shortreal: f32;
    /// `bit`.
    dpi_ua_bit: bool;
    /// `logic`.
    dpi_ua_logic: Logic;
    /// `bit [7:0]`.
    dpi_ua_bit8: Bits<8>;
    /// `bit [69:0]`.
    dpi_ua_bit70: Bits<70>;
    /// `logic [7:0]`.
    dpi_ua_logic8: LogicVec<8>;
    /// `logic [69:0]`.
    dpi_ua_logic70: LogicVec<70>;
    /// `bit signed [9:0]`.
    dpi_ua_sbit10: SignedBits<10>;
    /// `logic signed [11:0]`.
    dpi_ua_slogic12: SignedLogicVec<12>;
    /// `integer`.
    dpi_ua_integer: Integer;
    /// `chandle`.
    dpi_ua_chandle: Chandle<Accumulator>;
    /// `typedef enum bit [2:0] opcode_t`.
    dpi_ua_opcode: Opcode;
    /// `typedef enum int bus_state_t`.
    dpi_ua_bus_state: BusState;
    /// A 2-state `struct packed` (`float32_t`).
    dpi_ua_float32: Float32;
    /// A 4-state `struct packed` (`bus_sample_t`).
    dpi_ua_bus_sample: BusSample;
    /// `int a[3][2]`: two dimensions, rotated by row.
    dpi_ua_int2d: [i32; 2];
    /// `chandle a[3][2]`: two dimensions of pointers.
    dpi_ua_chandle2d: [Chandle<Accumulator>; 2];
}

/// The name of a digit, `'static` as an `output string` must be.
fn digit_name(text: &CStr) -> &'static CStr {
    match text.to_bytes() {
        b"0" => c"zero",
        b"1" => c"one",
        b"2" => c"two",
        _ => c"?",
    }
}

/// `input string a[3]` and `output string b[3]`: `b[i]` names the digit
/// `a[i + 1]`; the result is the total length of the inputs.
#[dpi_import]
pub fn dpi_ua_string(a: [&CStr; 3], b: &mut [&'static CStr; 3]) -> i32 {
    *b = core::array::from_fn(|i| digit_name(a[(i + 1) % 3]));
    a.iter().map(|s| s.to_bytes().len() as i32).sum()
}

/// `input string a[2][2]` and `output string b[2][2]`: each name moved to
/// the transposed place.
#[dpi_import]
pub fn dpi_ua_string2d(a: [[&CStr; 2]; 2], b: &mut [[&'static CStr; 2]; 2]) {
    *b = core::array::from_fn(|i| core::array::from_fn(|j| digit_name(a[j][i])));
}

/// `output string` through a `macro_rules!` fragment `&mut $t` with
/// `$t = &'static CStr`: the case issue #34 found refused ("references in
/// C structs cannot be checked").
macro_rules! named_output {
    ($name:ident: $t:ty) => {
        /// The name of the digit `code`, through an `output string`.
        #[dpi_import]
        pub fn $name(code: i32, name: &mut $t) -> i32 {
            *name = match code {
                0 => c"zero",
                1 => c"one",
                2 => c"two",
                _ => c"?",
            };
            code
        }
    };
}

named_output!(dpi_macro_digit_name: &'static CStr);

/// `input T a[]`, `output T b[]` and `inout T c[]` of equal lengths,
/// rotated along each array's own bounds (low to high); the result is the
/// length, -1 when the lengths differ.
macro_rules! open_rotations {
    ($($(#[$doc:meta])* $name:ident: $t:ty;)*) => {$(
        $(#[$doc])*
        #[dpi_import]
        pub fn $name(
            a: OpenArray<'_, $t>,
            mut b: OpenArrayOut<'_, $t>,
            mut c: OpenArrayMut<'_, $t>,
        ) -> i32 {
            let n = a.len();
            if n == 0 || b.len() != n || c.len() != n {
                return -1;
            }
            let input = a.to_vec();
            let old = c.to_vec();
            for (k, i) in (b.low()..=b.high()).enumerate() {
                b.set(i, old[(k + 1) % n]);
            }
            for (k, i) in (c.low()..=c.high()).enumerate() {
                c.set(i, input[(k + 1) % n]);
            }
            n as i32
        }
    )*};
}

open_rotations! {
    /// `byte`.
    dpi_oa_byte: i8;
    /// `byte unsigned`.
    dpi_oa_ubyte: u8;
    /// `shortint`.
    dpi_oa_shortint: i16;
    /// `shortint unsigned`.
    dpi_oa_ushortint: u16;
    /// `int`.
    dpi_oa_int: i32;
    /// `int unsigned`.
    dpi_oa_uint: u32;
    /// `longint`.
    dpi_oa_longint: i64;
    /// `longint unsigned`.
    dpi_oa_ulongint: u64;
    /// `real`.
    dpi_oa_real: f64;
    /// `bit`.
    dpi_oa_bit: bool;
    /// `logic`: before issue #34, a panic at the first element
    /// (`svGetArrElemPtr1` is NULL for it in Verilator).
    dpi_oa_logic: Logic;
    /// `bit [7:0]`.
    dpi_oa_bit8: Bits<8>;
    /// `bit [69:0]`.
    dpi_oa_bit70: Bits<70>;
    /// `logic [7:0]`.
    dpi_oa_logic8: LogicVec<8>;
    /// `logic [69:0]`.
    dpi_oa_logic70: LogicVec<70>;
    /// `chandle`: Rust's handles, compared as handles.
    dpi_oa_chandle: Chandle<Accumulator>;
    /// `chandle` owned by foreign C code, passed through untouched.
    dpi_oa_foreign_chandle: ForeignChandle;
    /// `shortreal`: `double` slots in Verilator (its flavour's
    /// `read_verilator`), `float` with the standard's ABI.
    dpi_oa_shortreal: f32;
}

/// `input logic a[][]`: the number of ones, read with two indices.
#[dpi_import]
pub fn dpi_oa_logic_ones2(a: OpenArray<'_, Logic, 2>) -> i32 {
    a.indices()
        .filter(|&i| a.get_at(i) == Some(Logic::One))
        .count() as i32
}

/// `inout chandle m[][]`: the rows swapped (the first dimension reversed),
/// read and written with two indices; the result is the number of
/// handles that are not null.
#[dpi_import]
pub fn dpi_oa_chandle_rows2(mut m: OpenArrayMut<'_, ForeignChandle, 2>) -> i32 {
    let (low, high) = (m.low_of(1), m.high_of(1));
    let old: Vec<([i32; 2], ForeignChandle)> = m
        .indices()
        .filter_map(|index| Some((index, m.get_at(index)?)))
        .collect();
    for &([i, j], handle) in &old {
        m.set_at([low + high - i, j], handle);
    }
    old.iter().filter(|(_, handle)| !handle.is_null()).count() as i32
}

/// `inout bit a[][][]`: every element inverted, written with three
/// indices; the result is the number of ones read.
#[dpi_import]
pub fn dpi_oa_bit_invert3(mut a: OpenArrayMut<'_, bool, 3>) -> i32 {
    let mut ones = 0;
    for index in a.indices() {
        let bit = a.get_at(index).unwrap_or(false);
        ones += i32::from(bit);
        a.set_at(index, !bit);
    }
    ones
}

/// Whether the simulator describes an `input real a[]` consistently: its
/// buffer (`svGetArrayPtr`) holds `svSize` elements by `svSizeOfArray`.
/// (Not so in the 5.049 build of Verilator, which reports 0 bytes and gives
/// every element the first one's address.) The views refuse to read an
/// array described so (a panic naming the element, rather than wrong
/// values); the testbench runs the `real` family only where this holds,
/// and says so where it does not.
#[dpi_import]
pub fn dpi_oa_real_consistent(a: OpenArray<'_, f64>) -> bool {
    a.as_slice().is_some()
}

/// Dimension 0, the packed dimension of the elements (`bit [7:0] a[2:4]`:
/// left 7, right 0, 8 bits), beside dimension 1: `left0 * 1000 + right0 *
/// 100 + len0 * 10 + len1`.
#[dpi_import]
pub fn dpi_oa_packed_dimension(a: OpenArray<'_, Bits<8>>) -> i32 {
    a.left_of(0) * 1000 + a.right_of(0) * 100 + a.len_of(0) as i32 * 10 + a.len_of(1) as i32
}

/// `svIncrement` of both dimensions of `input int m[][]`, as
/// `(increment1 + 2) * 10 + increment2 + 2` (`int m[3:1][0:2]`: 1 and -1,
/// 31).
#[dpi_import]
pub fn dpi_oa_increments(m: OpenArray<'_, i32, 2>) -> i32 {
    (m.increment_of(1) + 2) * 10 + m.increment_of(2) + 2
}
