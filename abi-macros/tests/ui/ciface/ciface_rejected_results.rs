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

/// The expanded convention returns a rank-0 descriptor (24 bytes) in
/// three registers, which C cannot receive (rank 1 and more come back
/// through a hidden pointer, as in C, and are accepted).
#[ciface(expanded)]
pub fn expanded_memref(_n: i64) -> OwnedMemRef<f32, 0> {
    OwnedMemRef::zeroed([]).unwrap()
}

/// ... nor several results.
#[ciface(expanded)]
pub fn expanded_pair(_n: i64) -> (OwnedMemRef<f32, 1>, i32) {
    (OwnedMemRef::zeroed([1]).unwrap(), 0)
}

/// Accepted: a ranked memref of rank 1.
#[ciface(expanded)]
pub fn expanded_ranked(n: i64) -> OwnedMemRef<f32, 1> {
    OwnedMemRef::zeroed([n as usize]).unwrap()
}

/// ... and needs a literal rank.
#[ciface(expanded)]
pub fn expanded_generic<const N: usize>(m: MemRef<'_, f32, N>) {}

fn main() {}
