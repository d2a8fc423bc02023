// A `&str` input of a DPI import: the hint names `&CStr`.
use abi_core::dpi_import;

#[dpi_import]
pub fn greet(name: &str) -> i32 {
    name.len() as i32
}

fn main() {}
