//! Lowers `mlir/kernels.mlir` with MLIR 19 and links it into the crate, as
//! the manual's MLIR chapter's `build.rs` recipe does: the showcase calls the kernel.

fn main() {
    abi_mlir_build::Build::new()
        .file("mlir/kernels.mlir")
        .compile("examples_kernels");
}
