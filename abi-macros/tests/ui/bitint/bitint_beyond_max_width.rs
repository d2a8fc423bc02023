use abi_core::c_export;

// Above x86-64's __BITINT_MAXWIDTH__ (8388608). (The body does not use
// the value: a method call on it would add rustc's own error about the
// function's code, not the attribute's.)
#[c_export]
pub fn huge(x: abi_core::ubitint!(8388609)) -> u32 {
    let _ = x;
    0
}

fn main() {}
