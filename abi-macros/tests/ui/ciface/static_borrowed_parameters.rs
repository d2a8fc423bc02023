//! What MLIR passes a Rust function is lent for the call: a `'static` view
//! would let the function keep it after MLIR frees the buffer.
use abi_core::ciface;
use abi_core::memref::{MemRef, UnrankedMemRef};
use std::sync::Mutex;

static KEPT: Mutex<Option<MemRef<'static, f32, 1>>> = Mutex::new(None);

#[ciface]
pub fn keep(m: MemRef<'static, f32, 1>) {
    *KEPT.lock().unwrap() = Some(m);
}

#[ciface]
pub fn keep_unranked(m: UnrankedMemRef<'static, f32>) -> i64 {
    m.rank() as i64
}

fn main() {}
