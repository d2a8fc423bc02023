//! A model for Verilator: its DPI-C ABI (`shortreal` is a C `double`).

/// Half of `x`.
#[abi_core::dpi_import]
pub fn vl_half(x: f32) -> f32 {
    x / 2.0
}

/// The quotient of `a` by `b`, and the remainder through an output: a
/// `pure` import with an output, which Verilator accepts (IEEE 1800 does
/// not), declared as written in this flavour.
#[abi_core::dpi_import(pure)]
pub fn vl_divmod(a: i32, b: i32, remainder: &mut i32) -> i32 {
    *remainder = a % b;
    a / b
}
