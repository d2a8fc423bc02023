use core::ffi::CStr;

use abi_core::{dpi_export, dpi_import};

/// An output string must be `'static`: it outlives the call.
#[dpi_import]
pub fn short_lived<'a>(name: &mut &'a CStr) {
    *name = c"x";
}

/// An inout string cannot become `'static`.
#[dpi_import]
pub fn inout_string(#[inout] name: &mut &'static CStr) {
    *name = c"x";
}

/// A string an export hands back has an unknown lifetime.
#[dpi_export]
unsafe extern "C" {
    pub fn sv_name(name: &mut &'static CStr);
}

/// Accepted: an output `&'static CStr`.
#[dpi_import]
pub fn fine(code: i32, name: &mut &'static CStr) {
    *name = if code == 0 { c"zero" } else { c"other" };
}

/// Accepted: an export's inout string (an owned `SvString`, held by the
/// wrapper for the call) and a `&CStr` lent to an export.
#[dpi_export]
unsafe extern "C" {
    pub fn sv_rename(#[inout] name: &mut abi_core::dpi::SvString);
    pub fn sv_measure(text: &CStr) -> i32;
}

fn main() {}
