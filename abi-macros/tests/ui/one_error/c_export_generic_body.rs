// A `#[c_export]` of several one-value arguments has a generic shim body:
// each unsupported type is still reported once, at the type, whichever
// argument or result it is.
use abi_core::c_export;

pub struct NotRepr {
    pub value: u32,
}

pub struct Other {
    pub value: u32,
}

#[c_export]
pub fn three(x: i32, y: Other, z: &NotRepr) -> NotRepr {
    NotRepr {
        value: x as u32 + y.value + z.value,
    }
}

fn main() {}
