// A user type with no C mapping by value, as a parameter and as the
// result: one error each, at the type.
use abi_core::c_export;

pub struct NotRepr {
    pub value: u32,
}

#[c_export]
pub fn make(x: NotRepr) -> NotRepr {
    x
}

fn main() {}
