use abi_core::ciface;
use abi_core::memref::MemRef;

/// `jit` is for MLIR functions found at run time, declared in a block.
#[ciface(jit)]
pub fn rust_callee(_m: MemRef<'_, f32, 1>) {}

#[ciface]
unsafe extern "C" {
    /// `jit` goes on the block, not on one declaration.
    #[ciface(jit)]
    pub fn kernel(m: &[f32]) -> f32;
}

#[ciface(jit = "yes")]
unsafe extern "C" {
    pub fn other(m: &[f32]) -> f32;
}

fn main() {}
