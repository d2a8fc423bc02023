//! A `ReturnedMemRef` result may borrow any memref argument's buffer (the
//! wrapper finds which at run time), so every argument must outlive the
//! result's lifetime, however its own is written: a second, shorter
//! lifetime, an elided one, or one hidden in a path would let the result
//! outlive the buffer it borrowed. The borrow checker refuses each.
use abi_core::ciface;
use abi_core::memref::{MemRef, ReturnedMemRef};

#[ciface]
unsafe extern "C" {
    fn first<'a, 'b>(a: MemRef<'a, f32, 1>, b: MemRef<'b, f32, 1>) -> ReturnedMemRef<'b, f32, 1>;
    fn with_slice<'b>(a: &[f32], b: MemRef<'b, f32, 1>) -> ReturnedMemRef<'b, f32, 1>;
    fn hidden<'b>(a: MemRef<f32, 1>, b: MemRef<'b, f32, 1>) -> ReturnedMemRef<'b, f32, 1>;
    // Accepted: one lifetime for all, or a stated bound.
    fn both<'a>(a: MemRef<'a, f32, 1>, b: &'a [f32]) -> ReturnedMemRef<'a, f32, 1>;
}

fn main() {}
