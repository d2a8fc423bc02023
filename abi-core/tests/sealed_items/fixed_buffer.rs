// A buffer whose `as_ref` and `as_mut` disagree in length: the shims copy
// C's bytes by the one into the other. `FixedBuffer` is sealed to arrays.
use abi_core::packed::FixedBuffer;

#[derive(Clone, Copy)]
pub struct Lying([u8; 4]);

impl AsRef<[u8]> for Lying {
    fn as_ref(&self) -> &[u8] {
        &[0; 64]
    }
}

impl AsMut<[u8]> for Lying {
    fn as_mut(&mut self) -> &mut [u8] {
        &mut self.0
    }
}

impl FixedBuffer<u8> for Lying {
    const ZERO: Self = Lying([0; 4]);
}

fn main() {}
