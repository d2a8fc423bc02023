//! Conformance harness for `#[c_export]`.
//!
//! `exports` holds Rust functions and structs exported with `#[c_export]`,
//! one module per kind of parameter or result. `build.rs` compiles the C
//! drivers in `c/` against the committed headers `include/c_tests_*.h` (one per module) with gcc
//! and with clang-19 (`-std=c11 -pedantic -Wall -Wextra -Werror`), and the
//! tests in `conformance` call those drivers, which call the exports back
//! with edge values and check every result.

pub mod bench;
pub mod bitint_exports;
pub mod dpi_exports;
pub mod exports;
pub mod logic_oracle;
// MLIR memref descriptors are implemented for 64-bit targets only.
#[cfg(target_pointer_width = "64")]
pub mod mlir_ciface;
pub mod packed_types;
#[cfg(mlir_kernels)]
mod readme_mlir;

#[cfg(test)]
mod conformance;
