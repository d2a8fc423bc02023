//! The descriptions everything else is built on (what an annotated
//! function, struct or type is, as data) and the rules this crate and its
//! macros share: the `abi-model` crate, re-exported.
//!
//! No module of this crate is below it.

pub use abi_model::{AbiKind, Direction, c, function, mlir, names, packed, record, sv};
