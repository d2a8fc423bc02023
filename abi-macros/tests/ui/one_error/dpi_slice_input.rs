// A slice input of a DPI import: the hint names the open array.
use abi_core::dpi_import;

#[dpi_import]
pub fn sum(xs: &[i32]) -> i32 {
    xs.iter().sum()
}

fn main() {}
