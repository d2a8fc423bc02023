use abi_core::{bitint::BitInt, c_export};

// `_BitInt(1)` is not C: the error comes from `cargo check`, at the type.
// (The body does not use the value, as in `bitint_beyond_max_width`.)
#[c_export]
pub fn flag(x: BitInt<1>) -> bool {
    let _ = x;
    false
}

fn main() {}
