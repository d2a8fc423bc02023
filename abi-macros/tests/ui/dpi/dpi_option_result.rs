// An `Option` result other than a string that can be NULL: one error at
// the type, DPI-C's list of results (not C's rule for nullable pointers).
use abi_core::dpi_import;

#[dpi_import]
pub fn maybe(known: bool) -> Option<i32> {
    known.then_some(1)
}

fn main() {}
