//! Parameter names that collide with the names the C side derives (a
//! slice's `x_len`, a keyword's trailing `_`, the out-pointer): the header
//! must still give every C parameter its own name.

use abi_core::c::status::ErrorCode;
use abi_core::c_export;

/// `x.len() * 1000 + x_len`: the user's `x_len` keeps its name, the
/// slice's length becomes `x_len_`.
#[c_export]
pub fn ct_len_collision(x: &[u8], x_len: usize) -> usize {
    x.len() * 1000 + x_len
}

/// `10 * int + int_`: the keyword parameter becomes `int__`, the user's
/// `int_` keeps its name.
#[c_export]
pub fn ct_keyword_collision(r#int: u32, int_: u32) -> u32 {
    10 * r#int + int_
}

/// A `Result` whose parameters take `out` and `out_`: the out-pointer is
/// `out__`.
#[c_export]
pub fn ct_out_collision(out: i32, out_: &[i32]) -> Result<i32, ErrorCode> {
    Ok(out + out_.len() as i32)
}
