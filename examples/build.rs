//! Lowers `mlir/kernels.mlir` with MLIR 19 and links it into the crate, as
//! the manual's MLIR chapter's `build.rs` recipe does: the showcase calls the kernel.

fn main() {
    // This crate's DPI-C functions follow Verilator's ABI (its testbenches
    // run in Verilator); other crates' are not affected.
    println!("cargo::rustc-env=ABI_CORE_DPI_FLAVOUR=verilator");
    abi_mlir_build::Build::new()
        .file("mlir/kernels.mlir")
        .compile("examples_kernels");
}
