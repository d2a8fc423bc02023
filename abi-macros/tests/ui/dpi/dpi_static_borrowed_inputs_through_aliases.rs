// A `'static` hidden in a type alias is refused like a written one: what
// the simulator lends an import for the call (a string, an open array, an
// array of strings) would outlive the call.
use core::ffi::CStr;

use abi_core::dpi::OpenArray;
use abi_core::dpi_import;

type Name = &'static CStr;
type Names = [&'static CStr; 2];
type Values = OpenArray<'static, i32>;
type Lent<'a> = OpenArray<'a, i32>;

#[dpi_import]
pub fn keep_name(name: Name) -> i32 {
    name.count_bytes() as i32
}

#[dpi_import]
pub fn keep_names(names: Names, values: Values) -> i32 {
    names[0].count_bytes() as i32 + values.len() as i32
}

/// Accepted: an alias whose lifetime is the call's.
#[dpi_import]
pub fn length(values: Lent<'_>) -> i32 {
    values.len() as i32
}

fn main() {}
