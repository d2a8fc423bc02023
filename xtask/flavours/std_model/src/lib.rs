//! A model for a standard simulator or a C caller: IEEE 1800's DPI-C ABI
//! (`shortreal` is a C `float`).

/// Half of `x`.
#[abi_core::dpi_import]
pub fn ieee_half(x: f32) -> f32 {
    x / 2.0
}
