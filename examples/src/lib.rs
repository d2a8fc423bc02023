//! Runnable examples of `abi-core`: a small sensor-data library exported to
//! C with `#[c_export]`, hardware reference models for a SystemVerilog
//! testbench (`#[dpi_import]`, `#[dpi_export]`), C23 `_BitInt(N)`
//! arithmetic, and an MLIR kernel called through `#[ciface]`.
//!
//! `cargo xtask showcase` (the README's first command) runs the `showcase`
//! binary: it writes every generated file under `target/abi-generated/`,
//! compiles `c/showcase.c` (C11) and `c/bitint.c` (C23, clang-19) against
//! the header and links them to this crate's `cdylib`, calls the kernel of
//! `mlir/kernels.mlir` (lowered by `build.rs`), and runs the testbench
//! `sv/showcase_tb.sv` in Verilator, linked to the `staticlib`.
//!
//! Every generated file (the C header, the SystemVerilog package, its
//! exports include and C view, the link flags, the CIRCT declarations and
//! the reflection JSON) is also committed under `generated/` and a test
//! diffs them, so every change to what a foreign caller sees is reviewed.

pub mod hardware;
pub mod kernels;
pub mod sensors;
pub mod text;

#[cfg(test)]
mod tests;

/// The name of the generated files (`abi_examples.h`, ...).
pub const LIBRARY_NAME: &str = "abi_examples";

/// The header name used by the showcase and the golden copy.
pub const HEADER_NAME: &str = "abi_examples.h";

/// Every generated file of this crate, in one call.
pub fn bundle() -> abi_core::emit::Bundle {
    abi_core::emit::Bundle::new(LIBRARY_NAME).description(
        "Example sensor-data library exported from Rust with abi-core.\n\
         Link with -lexamples (the `examples` crate's cdylib).",
    )
}

/// This crate's registry entries.
pub fn registry() -> abi_core::Registry {
    abi_core::Registry::all().for_crate(env!("CARGO_CRATE_NAME"))
}
