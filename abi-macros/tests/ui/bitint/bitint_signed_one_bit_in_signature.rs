use abi_core::{bitint::BitInt, c_export};

// `_BitInt(1)` is not C: the error comes from `cargo check`, at the type.
#[c_export]
pub fn flag(x: BitInt<1>) -> bool {
    x.is_negative()
}

fn main() {}
