// Widths with no built-in storage in other places of a signature: a
// result, behind a reference, in a `#[dpi_import]`. The attributes add no
// error of their own: each is reported as rustc reports the same function
// without an attribute (once at the type; a reference to it twice, at the
// reference and at the type).
use abi_core::bitint::{BitInt, UBitInt};
use abi_core::{c_export, dpi_import};

#[c_export]
pub fn widest(x: u32) -> UBitInt<512> {
    let _ = x;
    UBitInt::MAX
}

#[c_export]
pub fn count(x: &mut UBitInt<0>) -> u32 {
    x.count_ones()
}

#[dpi_import]
pub fn sv_wide(x: BitInt<1000>) -> i32 {
    x.count_ones() as i32
}

fn main() {}
