//! Exports whose arguments C could make overlap: an exclusive (`&mut`)
//! argument sharing memory with another is refused at the boundary, with a
//! status where there is a status channel and an abort otherwise.

use core::ffi::CStr;

use abi_core::c::CBool;
use abi_core::c::status::ErrorCode;
use abi_core::c_export;

use crate::packed_types::Float32;

/// Copies `src` into the front of `dst`; returns how many were copied.
#[c_export]
pub fn ct_copy_into(dst: &mut [i32], src: &[i32]) -> usize {
    let n = dst.len().min(src.len());
    dst[..n].copy_from_slice(&src[..n]);
    n
}

/// `*acc += *x`; `acc` and `x` must be different objects.
#[c_export]
pub fn ct_add_assign(acc: &mut i64, x: &i64) {
    *acc = acc.wrapping_add(*x);
}

/// Swaps the two values; an overlap is `ABI_STATUS_INVALID_ARGUMENT`.
#[c_export]
pub fn ct_checked_swap(a: &mut u32, b: &mut u32) -> Result<(), ErrorCode> {
    core::mem::swap(a, b);
    Ok(())
}

/// How many of the C `bool`s are true (any non-zero byte is true).
#[c_export]
pub fn ct_count_true(flags: &[CBool]) -> usize {
    flags.iter().filter(|f| f.get()).count()
}

/// Reads a C `bool` through a pointer as 0 or 1, whatever byte C stored.
#[c_export]
pub fn ct_read_flag(flag: &CBool) -> u8 {
    u8::from(flag.get())
}

/// Stores the 4 bytes of a packed float at the front of `dst`; returns how
/// many were stored. `value` is read through its pointer, so it takes part
/// in the overlap check: inside `dst`, the process aborts.
#[c_export]
pub fn ct_store_float(dst: &mut [u8], value: Float32) -> usize {
    use abi_core::packed::PackedStruct;
    let bytes = value.to_le_bytes();
    let n = dst.len().min(bytes.len());
    dst[..n].copy_from_slice(&bytes[..n]);
    n
}

/// Copies the string (without its NUL) to the front of `dst`; returns how
/// many bytes were copied. A string inside `dst` aborts.
#[c_export]
pub fn ct_copy_cstr_into(dst: &mut [u8], text: &CStr) -> usize {
    let text = text.to_bytes();
    let n = dst.len().min(text.len());
    dst[..n].copy_from_slice(&text[..n]);
    n
}
