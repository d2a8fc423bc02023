//! Export forms of issue #34, called from `context` imports that
//! `sv/dpi_tb.sv` runs (the exports are defined there): an export's
//! `inout string` and a borrowed `&CStr` input.

use core::ffi::CStr;

use abi_core::dpi::SvString;
use abi_core::{dpi_export, dpi_import};

#[dpi_export]
unsafe extern "C" {
    /// `inout string`: SystemVerilog appends `+sv` (after calling an
    /// import that hands strings over, which must not free the text Rust
    /// passed) and returns the old length.
    pub fn sv_string_grow(#[inout] text: &mut SvString) -> i32;
    /// The length of a string Rust lends for the call.
    pub fn sv_cstr_length(text: &CStr) -> i32;
}

/// Passes strings to exports: an `inout string` twice, and `&CStr` inputs
/// (a literal and a string made at run time). 0 when every value is as
/// expected, else a bit per failed check.
#[dpi_import(context)]
pub fn dpi_export_strings(round: i32) -> i32 {
    let mut failed = 0;
    let start = format!("r{round}");
    let mut text = SvString::new(start.clone()).expect("no NUL");
    if sv_string_grow(&mut text) != Ok(start.len() as i32)
        || text.to_string() != start.clone() + "+sv"
    {
        failed |= 1;
    }
    if sv_string_grow(&mut text) != Ok(start.len() as i32 + 3)
        || text.to_string() != start.clone() + "+sv+sv"
    {
        failed |= 2;
    }
    if sv_cstr_length(c"borrowed") != Ok(8) {
        failed |= 4;
    }
    let made = std::ffi::CString::new("x".repeat(round as usize)).expect("no NUL");
    if sv_cstr_length(&made) != Ok(round) {
        failed |= 8;
    }
    failed
}

#[dpi_export]
unsafe extern "C" {
    /// SystemVerilog's `sv_triple`, exported under another C name:
    /// `export "DPI-C" c_triple = function sv_triple;`.
    #[name = "sv_triple"]
    pub fn c_triple(x: i32) -> i32;
}

/// Calls the renamed export by its C name: `3 * x`, or -1 on an error.
#[dpi_import(context)]
pub fn dpi_call_renamed_export(x: i32) -> i32 {
    c_triple(x).unwrap_or(-1)
}

/// One C function, `dpi_scale`, imported under three SystemVerilog names
/// (`import "DPI-C" dpi_scale = function int sv_scale_a(...)`, and `_b`,
/// `_c`): `x * by`, wrapping.
#[dpi_import(name = "sv_scale_a", aliases = ["sv_scale_b", "sv_scale_c"])]
pub fn dpi_scale(x: i32, by: i32) -> i32 {
    x.wrapping_mul(by)
}
