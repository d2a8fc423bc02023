use abi_core::dpi::Bits;
use abi_core::dpi_import;

#[dpi_import]
pub fn wide(x: Bits<64>) -> Bits<64> {
    x
}

fn main() {}
