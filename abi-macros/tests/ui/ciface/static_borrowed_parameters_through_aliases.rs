//! A `'static` view hidden in a type alias is refused like a written one:
//! the function could keep what MLIR lends after MLIR frees the buffer.
use abi_core::ciface;
use abi_core::memref::{MemRef, MemRefMut, UnrankedMemRef};
use std::sync::Mutex;

type Kept = MemRef<'static, f32, 1>;
type KeptMut = MemRefMut<'static, f32, 2>;
type KeptUnranked = UnrankedMemRef<'static, f32>;
type View<'a> = MemRef<'a, f32, 1>;

static KEPT: Mutex<Option<MemRef<'static, f32, 1>>> = Mutex::new(None);

#[ciface]
pub fn keep(m: Kept) {
    *KEPT.lock().unwrap() = Some(m);
}

#[ciface]
pub fn keep_both(a: KeptMut, b: KeptUnranked) -> i64 {
    a.sizes()[0] as i64 + b.rank() as i64
}

/// Accepted: an alias whose lifetime is the call's.
#[ciface]
pub fn first(m: View<'_>) -> f32 {
    m.iter().next().copied().unwrap_or(0.0)
}

fn main() {}
