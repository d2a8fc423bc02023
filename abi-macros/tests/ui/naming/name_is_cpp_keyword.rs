use abi_core::{c_export, dpi_import};

// The headers are read by C++ too (Verilator includes the DPI header from
// C++): a C++ keyword cannot be a symbol.
#[c_export]
pub fn class(x: u32) -> u32 {
    x
}

// Verilator refuses a DPI function named like C++'s modules keyword.
#[dpi_import]
pub fn module(x: i32) -> i32 {
    x
}

fn main() {}
