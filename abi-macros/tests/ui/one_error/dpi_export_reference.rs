// A reference argument of a SystemVerilog export: one error, at the type.
use abi_core::dpi_export;

#[dpi_export]
unsafe extern "C" {
    pub fn sv_read(x: &i32) -> i32;
}

fn main() {}
