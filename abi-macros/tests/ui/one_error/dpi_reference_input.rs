// One mistake, one error: a reference input of a DPI import is reported
// once, at the type, with the list of DPI-C types.
use abi_core::dpi_import;

#[dpi_import]
pub fn pointer(x: &i32) -> i32 {
    *x
}

fn main() {}
