use abi_core::dpi::{Bits, LogicVec};

// Generic code names the chunk array as a parameter (see the note), and
// widths above 256 are `bits!(N)`.
pub fn parity<const N: u32>(v: Bits<N>) -> bool {
    v.count_ones() % 2 == 1
}

pub fn wide(v: LogicVec<300>) -> bool {
    v.is_known()
}

fn main() {}
