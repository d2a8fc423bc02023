// `BitInt<300>` in a signature (the built-in table stops at 256): one
// error at the type, naming `bitint!(300)`, without a list of the table.
use abi_core::bitint::BitInt;
use abi_core::c_export;

#[c_export]
pub fn wide(x: BitInt<300>) -> u32 {
    x.count_ones()
}

fn main() {}
