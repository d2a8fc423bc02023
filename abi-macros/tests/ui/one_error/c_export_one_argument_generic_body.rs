// A safe `#[c_export]` of one argument, a slice or one C value, has a
// generic shim body (`c_shim1`, `c_slice_shim1`): each unsupported type is
// still reported once, at the type, whether it has no implementation or
// one whose own bound fails.
use abi_core::c_export;

pub struct Other {
    pub value: u32,
}

#[c_export]
pub fn slice_of_other(v: &[Other]) -> u32 {
    v.len() as u32
}

#[c_export]
pub fn one_other(v: Other) -> u32 {
    v.value
}

#[c_export]
pub fn slice_of_too_wide(v: &[abi_core::ubitint!(8388609)]) -> u32 {
    v.len() as u32
}

#[c_export]
pub fn slice_to_other(v: &mut [u8]) -> Other {
    Other {
        value: v.len() as u32,
    }
}

fn main() {}
