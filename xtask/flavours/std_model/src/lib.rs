//! A model for a standard simulator or a C caller: IEEE 1800's DPI-C ABI
//! (`shortreal` is a C `float`).

/// Half of `x`.
#[abi_core::dpi_import]
pub fn ieee_half(x: f32) -> f32 {
    x / 2.0
}

// A task of the testbench, called from Rust: its C result is the `int`
// disable flag in the standard's ABI (nothing in Verilator's).
#[abi_core::dpi_export]
unsafe extern "C" {
    /// Advances the testbench by `n` steps.
    #[task]
    pub fn sv_tick(n: i32);
}

/// Calls the testbench's task `sv_tick` (`context`: it calls an export);
/// 0 when it ran.
#[abi_core::dpi_import(context)]
pub fn ieee_tick(n: i32) -> i32 {
    match sv_tick(n) {
        Ok(()) => 0,
        Err(error) => panic!("{error}"),
    }
}
