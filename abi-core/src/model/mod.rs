//! The descriptions everything else is built on: what an annotated function,
//! struct or type is, as data, and the rules both this crate and its macros
//! follow (re-exported from `abi-model`).
//!
//! This module depends on no other module of the crate. The ABI modules
//! (`c`, `dpi`, `memref`, `packed`, `bitint`) build these descriptions in
//! `const` context from their trait implementations, the registry collects
//! them, and the emitters render them; see `ARCHITECTURE.md`.

pub mod c;
pub mod function;
pub mod mlir;
pub mod packed;
pub mod record;
pub mod sv;

pub use abi_model::{AbiKind, Direction, entry, names};

/// Facts of MLIR and SystemVerilog the macros use too.
pub mod rules {
    pub use abi_model::{mlir, sv};
}
