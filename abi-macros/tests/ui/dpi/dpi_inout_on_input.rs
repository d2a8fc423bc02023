use abi_core::dpi_import;

#[dpi_import]
pub fn bump(#[inout] x: i32) -> i32 {
    x + 1
}

fn main() {}
