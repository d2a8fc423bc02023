//! Conformance harness for `#[c_export]`.
//!
//! `exports` holds Rust functions and structs exported with `#[c_export]`,
//! one module per kind of parameter or result. `build.rs` compiles the C
//! drivers in `c/` against the committed headers `include/c_tests_*.h` (one per module) with gcc
//! and with clang-19 (`-std=c11 -pedantic -Wall -Wextra -Werror`), and the
//! tests in `conformance` call those drivers, which call the exports back
//! with edge values and check every result.

/// The repository README's Rust examples, compiled and run as doctests so
/// it stays true. (Here rather than in abi-core: the README is outside
/// abi-core's package, whose own `README.md` is its doctested front page.)
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
mod readme {}

/// The manual's chapters (`docs/src`), their Rust examples compiled and
/// run as doctests like the README's.
#[cfg(doctest)]
mod manual {
    macro_rules! chapters {
        ($($chapter:ident),*) => {$(
            #[doc = include_str!(concat!("../../docs/src/", stringify!($chapter), ".md"))]
            mod $chapter {}
        )*};
    }
    chapters!(
        quick_start_verilator,
        quick_start_mlir,
        quick_start_c,
        c_export,
        dpi,
        bitint,
        packed,
        mlir,
        reflection,
        soundness,
        generating,
        testing,
        layout,
        support,
        troubleshooting
    );
}

pub mod bench;
pub mod bitint_exports;
pub mod dpi_arrays;
pub mod dpi_export_forms;
pub mod dpi_exports;
pub mod dpi_handles;
pub mod dpi_types;
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
