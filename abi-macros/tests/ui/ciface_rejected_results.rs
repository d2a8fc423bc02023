use abi_core::ciface;
use abi_core::memref::{MemRef, OwnedMemRef};

#[ciface]
pub fn fallible(_n: i64) -> Result<f32, String> {
    Ok(0.0)
}

#[ciface]
pub fn one(_n: i64) -> (f32,) {
    (0.0,)
}

/// The expanded convention cannot return a memref to C.
#[ciface(expanded)]
pub fn expanded_memref(_n: i64) -> OwnedMemRef<f32, 1> {
    OwnedMemRef::zeroed([_n as usize]).unwrap()
}

/// ... and needs a literal rank.
#[ciface(expanded)]
pub fn expanded_generic<const N: usize>(m: MemRef<'_, f32, N>) {}

fn main() {}
