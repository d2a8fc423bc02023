use abi_core::dpi::{Logic, LogicVec};
use abi_core::packed::Packed;

/// A 4-state struct packed: DPI-C passes it as `svLogicVecVal` chunks.
#[derive(Packed, Clone, Copy)]
pub struct Sample {
    pub valid: Logic,
    pub data: LogicVec<8>,
}

// A 4-state packed struct cannot be a DPI-C result (even Verilator returns
// only 2-state packed values): the hint says to use an output.
#[abi_core::dpi_import(verilator)]
pub fn sample() -> Sample {
    Sample { valid: Logic::X, data: LogicVec::ZERO }
}

fn main() {}
