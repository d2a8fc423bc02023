use abi_core::bitint::BitInt;

// Generic code cannot name the default storage of an unknown width: the
// storage is a second parameter (see the note).
pub fn is_negative<const N: u32>(x: BitInt<N>) -> bool {
    x.is_negative()
}

fn main() {}
