// One DPI-C ABI per function: two are an error naming both.
#[abi_core::dpi_import(ieee, verilator)]
pub fn half(x: f32) -> f32 {
    x / 2.0
}

fn main() {}
