//! Facts of SystemVerilog's DPI-C both crates use.

/// The widest packed value (a `bit [N-1:0]`, a `struct packed`) a DPI-C
/// function may return: IEEE 1800 Annex H allows no packed result at all,
/// Verilator up to 32 bits (the `verilator` feature).
pub const MAX_PACKED_RESULT_BITS: u32 = 32;

/// Why a wider packed result is refused, and what to write instead (the
/// macros add the width; abi-core's compile-time checks use it as it is).
pub const PACKED_RESULT_RULE: &str = "DPI-C cannot return a packed value wider than 32 bits (IEEE 1800 Annex H forbids packed results; Verilator allows up to 32); return it through an output parameter (`out: &mut T`)";
