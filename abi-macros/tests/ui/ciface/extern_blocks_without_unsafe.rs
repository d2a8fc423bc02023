// The declarations of an `extern` block are promises about foreign
// functions; the attribute consumes the block, so it demands the `unsafe`
// that rustc would.
use abi_core::memref::MemRefMut;
use abi_core::{ciface, dpi_export};

#[ciface]
extern "C" {
    fn fill(m: MemRefMut<'_, i64, 1>);
}

#[dpi_export]
extern "C" {
    fn notify(x: i32);
}

fn main() {}
