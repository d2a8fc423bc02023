//! `&str` and `&CStr` arguments from arbitrary bytes: the conversion must
//! accept exactly what `std` calls UTF-8, and find the same NUL.
#![no_main]

use abi_core::c::{CParam, CSliceParam};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // SAFETY: `data` is valid for `data.len()` bytes.
    let converted = unsafe { <&str as CSliceParam>::from_c(data.as_ptr().cast(), data.len()) };
    assert_eq!(converted.ok(), std::str::from_utf8(data).ok());
    let mut terminated = data.to_vec();
    terminated.push(0);
    // SAFETY: NUL-terminated, alive for the call.
    let cstr = unsafe { <&core::ffi::CStr as CParam>::from_c(terminated.as_ptr().cast()) }.unwrap();
    let end = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    assert_eq!(cstr.to_bytes(), &data[..end]);
});
