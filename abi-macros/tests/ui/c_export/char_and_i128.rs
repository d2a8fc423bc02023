use abi_core::c_export;

#[c_export]
pub fn code(c: char, wide: i128) -> u32 {
    c as u32 + wide as u32
}

fn main() {}
