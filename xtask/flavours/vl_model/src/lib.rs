//! A model for Verilator: its DPI-C ABI (`shortreal` is a C `double`).

/// Half of `x`.
#[abi_core::dpi_import]
pub fn vl_half(x: f32) -> f32 {
    x / 2.0
}
