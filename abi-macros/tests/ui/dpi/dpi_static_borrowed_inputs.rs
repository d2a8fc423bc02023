// What the simulator lends an import for the call (a string, an open
// array, an array of strings) cannot be taken as `'static`, which would let
// the function keep it past the call.
use core::ffi::CStr;

use abi_core::dpi::OpenArray;
use abi_core::dpi_import;

#[dpi_import]
pub fn keep_name(name: &'static CStr) -> i32 {
    name.count_bytes() as i32
}

#[dpi_import]
pub fn keep_names(names: [&'static CStr; 2]) -> i32 {
    names[0].count_bytes() as i32
}

#[dpi_import]
pub fn keep_values(values: OpenArray<'static, i32>) -> i32 {
    values.as_slice().map_or(0, |s| s.len() as i32)
}

/// Accepted: the call's own lifetime.
#[dpi_import]
pub fn name_length<'a>(name: &'a CStr, values: OpenArray<'a, i32>) -> i32 {
    name.count_bytes() as i32 + values.len() as i32
}

fn main() {}
