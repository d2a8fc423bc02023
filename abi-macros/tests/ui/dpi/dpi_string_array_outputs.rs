// The rule for strings the simulator hands over holds for every element of
// every container: a `&CStr` read from SystemVerilog lives only for the
// call (an import's `inout`) or until its next call (an export's `output`
// and `inout`), alone, in an array, in an array of arrays, or behind an
// alias, so none of these compile.
use core::ffi::CStr;

use abi_core::{dpi_export, dpi_import};

type Name = &'static CStr;

#[dpi_import]
pub fn rename_all(#[inout] names: &mut [&'static CStr; 2]) {
    names.swap(0, 1);
}

#[dpi_export]
unsafe extern "C" {
    pub fn sv_names(names: &mut [&'static CStr; 2]);
    pub fn sv_rename_all(#[inout] names: &mut [&'static CStr; 2]);
    pub fn sv_name_grid(grid: &mut [[&'static CStr; 2]; 2]);
    pub fn sv_aliased_name(name: &mut Name);
}

/// Accepted: an import's output array of `'static` strings, which Rust
/// hands over (they outlive the call).
#[dpi_import]
pub fn fixed_names(names: &mut [&'static CStr; 2]) {
    *names = [c"left", c"right"];
}

fn main() {}
