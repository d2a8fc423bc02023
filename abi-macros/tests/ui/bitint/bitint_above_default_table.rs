use abi_core::bitint::BitInt;

// The built-in table stops at 256 bits; wider ones are `bitint!(N)`.
pub fn wide(x: BitInt<300>) -> u32 {
    x.count_ones()
}

fn main() {}
