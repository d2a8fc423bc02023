//! Pairs of functions for the shim-cost benchmark (`cargo xtask bench`):
//! each generated `#[c_export]` shim next to the `extern "C"` function a
//! careful person would write by hand for the same work.
//!
//! The hand-written versions do what the generated ones guarantee where the
//! signature calls for it (NULL checks, a status for a NULL out-pointer), so
//! the comparison is of equal behaviour, not of a checked shim against an
//! unchecked one.

use abi_core::{ErrorCode, c_export};

/// Generated: wrapping `i32` addition.
#[c_export]
pub fn bench_add_generated(a: i32, b: i32) -> i32 {
    a.wrapping_add(b)
}

/// Hand-written equivalent of `bench_add_generated`.
#[unsafe(no_mangle)]
pub extern "C" fn bench_add_handwritten(a: i32, b: i32) -> i32 {
    a.wrapping_add(b)
}

/// Generated: `a / b` with a status and an out-pointer.
#[c_export]
pub fn bench_div_generated(a: i32, b: i32) -> Result<i32, ErrorCode> {
    a.checked_div(b).ok_or(ErrorCode::of(7))
}

/// Hand-written equivalent of `bench_div_generated`.
///
/// # Safety
///
/// `out` is NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bench_div_handwritten(a: i32, b: i32, out: *mut i32) -> i32 {
    if out.is_null() || !out.is_aligned() {
        return -2;
    }
    match a.checked_div(b) {
        Some(q) => {
            // SAFETY: checked non-NULL and aligned above.
            unsafe { out.write(q) };
            0
        }
        None => 7,
    }
}

/// Generated: sum of a slice.
#[c_export]
pub fn bench_sum_generated(xs: &[i32]) -> i64 {
    xs.iter().map(|&x| i64::from(x)).sum()
}

/// Hand-written equivalent of `bench_sum_generated`.
///
/// # Safety
///
/// `xs` points to `len` elements unless `len` is 0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bench_sum_handwritten(xs: *const i32, len: usize) -> i64 {
    if len == 0 {
        return 0;
    }
    if xs.is_null() || !xs.is_aligned() || len > isize::MAX as usize / size_of::<i32>() {
        std::process::abort();
    }
    // SAFETY: non-NULL and aligned (checked above), `len` elements promised.
    let xs = unsafe { std::slice::from_raw_parts(xs, len) };
    xs.iter().map(|&x| i64::from(x)).sum()
}
