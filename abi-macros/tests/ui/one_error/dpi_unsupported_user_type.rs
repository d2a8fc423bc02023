// A user type with no DPI-C mapping, as an input, an output and the
// result: one error each, at the type.
use abi_core::dpi_import;

#[derive(Clone, Copy)]
pub struct Sample {
    pub value: i32,
}

#[dpi_import]
pub fn read(x: Sample, y: &mut Sample) -> Sample {
    *y = x;
    x
}

fn main() {}
