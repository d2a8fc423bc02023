//! `#[dpi_import]` functions that the Verilator testbench `sv/dpi_tb.sv`
//! imports through the generated package `sv/abi_dpi.sv` and checks.

use core::ffi::CStr;
use std::sync::atomic::{AtomicI64, Ordering};

use abi_core::dpi::Logic;
use abi_core::dpi_import;

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
