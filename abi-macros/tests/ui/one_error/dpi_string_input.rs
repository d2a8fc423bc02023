// A `String` input of a DPI import: the hint names what DPI accepts
// (`&CStr`), not `&str`, which a DPI import refuses too.
use abi_core::dpi_import;

#[dpi_import]
pub fn greet(name: String) -> i32 {
    name.len() as i32
}

fn main() {}
