use abi_core::c_export;

#[c_export]
#[repr(C, packed)]
pub struct Pair(u8, u32);

fn main() {}
