use abi_core::c_export;

// As `bitint_beyond_max_width`, with a second argument: a function of two
// to eight scalar arguments gets abi-core's generic shim body, and the
// unsupported width must still be reported once, at the user's type.
#[c_export]
pub fn huge_pair(x: abi_core::ubitint!(8388609), y: u32) -> u32 {
    let _ = x;
    y
}

// The same width as the result.
#[c_export]
pub fn huge_result(x: u32, y: u32) -> abi_core::ubitint!(8388609) {
    let _ = (x, y);
    loop {}
}

fn main() {}
