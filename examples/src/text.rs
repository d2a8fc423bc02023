//! Strings and bytes: `&CStr`, `&str`, `&[u8]`, and a static string result.

use core::ffi::CStr;

use abi_core::c_export;

/// The library version, as a static NUL-terminated string.
#[c_export]
pub fn ex_version() -> &'static CStr {
    c"abi-core examples 0.1.0"
}

/// Number of whitespace-separated words in a NUL-terminated string that
/// may not be UTF-8 (invalid bytes count as word characters).
#[c_export]
pub fn ex_count_words(text: &CStr) -> usize {
    text.to_bytes()
        .split(|b| b.is_ascii_whitespace())
        .filter(|w| !w.is_empty())
        .count()
}

/// CRC-32 (IEEE 802.3, as zlib) of a byte buffer.
#[c_export]
pub fn ex_crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in data {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            let mask = (crc & 1).wrapping_neg();
            crc = (crc >> 1) ^ (0xEDB8_8320 & mask);
        }
    }
    !crc
}

/// Whether a UTF-8 string (pointer and length) reads the same backwards,
/// comparing Unicode scalar values.
#[c_export]
pub fn ex_is_palindrome(text: &str) -> bool {
    text.chars().eq(text.chars().rev())
}
