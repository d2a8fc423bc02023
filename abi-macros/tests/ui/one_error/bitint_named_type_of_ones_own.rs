// A type of one's own named `BitInt`, with a width abi-core's `BitInt`
// has no storage for: refused with a message saying why, not silently
// left without its C function.
use abi_core::c_export;

#[derive(Clone, Copy)]
#[repr(transparent)]
pub struct BitInt<const N: u32>(u64);

#[c_export]
pub fn mine(x: BitInt<300>) -> u64 {
    x.0
}

fn main() {}
