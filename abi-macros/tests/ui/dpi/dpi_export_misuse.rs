use abi_core::dpi_export;

#[dpi_export(context)]
unsafe extern "C" {
    fn sv_a(x: i32) -> i32;
    static SV_B: i32;
    fn sv_c(#[inout] x: i32);
}

#[dpi_export]
pub fn not_a_declaration() {}

fn main() {}
