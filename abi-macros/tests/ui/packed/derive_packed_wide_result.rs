// A packed struct wider than 32 bits cannot be a DPI-C result, even with
// Verilator's ABI (which returns up to 32 bits); the error
// suggests an output parameter.
use abi_core::packed::{Packed, PackedStruct};
use abi_core::{bitint::UBitInt, dpi_import};

#[derive(Packed, Clone, Copy)]
pub struct Wide {
    pub high: UBitInt<20>,
    pub low: UBitInt<20>,
}

#[dpi_import(verilator)]
pub fn make_wide() -> Wide {
    Wide::from_u64(0)
}

fn main() {}
