use abi_core::bitint::UBitInt;
use abi_core::packed::Packed;

#[derive(Packed, Clone, Copy)]
pub struct Pixel {
    pub red: UBitInt<5>,
    pub green: UBitInt<6>,
    pub blue: UBitInt<5>,
}

// Annex H has no packed results; only Verilator returns packed values (up
// to 32 bits): without the `verilator` feature this is a compile error.
#[abi_core::dpi_import]
pub fn gray() -> Pixel {
    Pixel { red: UBitInt::ZERO, green: UBitInt::ZERO, blue: UBitInt::ZERO }
}

fn main() {}
