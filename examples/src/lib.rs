//! Runnable examples of `abi-core`: a small sensor-data library exported to
//! C with `#[c_export]`.
//!
//! `cargo run -p examples --bin showcase` (the README's first command)
//! writes the generated C header under `target/abi-generated/`, compiles
//! `c/showcase.c` against it with the system C compiler, links it to this
//! crate's `cdylib`, and runs it.
//!
//! Every generated file (the C header, the SystemVerilog package and its C
//! view, the link flags and the reflection JSON) is also committed under
//! `generated/` and a test diffs them, so every change to what a foreign
//! caller sees is reviewed.

pub mod hardware;
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
