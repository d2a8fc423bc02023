//! Runnable examples of `abi-core`: a small sensor-data library exported to
//! C with `#[c_export]`.
//!
//! `cargo run -p examples --bin showcase` (the README's first command)
//! writes the generated C header under `target/abi-generated/`, compiles
//! `c/showcase.c` against it with the system C compiler, links it to this
//! crate's `cdylib`, and runs it.
//!
//! The generated header is also committed as `generated/abi_examples.h` and
//! a test diffs it, so every change to what C sees is reviewed.

pub mod sensors;
pub mod text;

#[cfg(test)]
mod tests;

/// The header name used by the showcase and the golden copy.
pub const HEADER_NAME: &str = "abi_examples.h";

/// Render this crate's C header from the registry.
pub fn render_header() -> Result<String, abi_core::EmitError> {
    abi_core::CHeader::new(HEADER_NAME)
        .description(
            "Example sensor-data library exported from Rust with abi-core.\n\
             Link with -lexamples (the `examples` crate's cdylib).",
        )
        .render(&abi_core::Registry::all().for_crate(env!("CARGO_CRATE_NAME")))
}
