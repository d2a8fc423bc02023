//! `&str` (pointer and length, UTF-8 checked) and `&CStr` (NUL-terminated).

use core::ffi::CStr;

use abi_core::c_export;

/// Number of Unicode scalar values in a UTF-8 string.
#[c_export]
pub fn ct_count_chars(text: &str) -> usize {
    text.chars().count()
}

/// Length in bytes of a NUL-terminated string.
#[c_export]
pub fn ct_cstr_len(text: &CStr) -> usize {
    text.to_bytes().len()
}

/// Length of a NUL-terminated string, or -1 for NULL.
#[c_export]
pub fn ct_cstr_len_or_minus_one(text: Option<&CStr>) -> i64 {
    text.map_or(-1, |t| t.to_bytes().len() as i64)
}

/// A static NUL-terminated string.
#[c_export]
pub fn ct_greeting() -> &'static CStr {
    c"hello from Rust"
}
