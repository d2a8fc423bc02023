// Rust containers in a DPI import, each refused once with what DPI-C
// takes instead: a writable slice (an open array the function writes), a
// `Vec` input, a `String` output and a `String` result.
use abi_core::dpi_import;

#[dpi_import]
pub fn fill(values: &mut [i32]) {
    values.fill(0);
}

#[dpi_import]
pub fn total(values: Vec<i32>) -> i32 {
    values.iter().sum()
}

#[dpi_import]
pub fn name(out: &mut String) {
    out.push('x');
}

#[dpi_import]
pub fn greeting() -> String {
    String::new()
}

fn main() {}
