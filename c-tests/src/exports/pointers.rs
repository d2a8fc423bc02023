//! Raw pointers, references, nullable references.

use core::ffi::c_void;

use abi_core::c_export;

/// Reads through a raw pointer; NULL reads as 0 (the function decides what
/// NULL means for a raw pointer).
///
/// # Safety
///
/// `p` is NULL or valid for reads.
#[c_export]
pub unsafe fn ct_raw_read(p: *const u32) -> u32 {
    if p.is_null() {
        0
    } else {
        // SAFETY: not NULL, so valid for reads (the function's contract).
        unsafe { p.read() }
    }
}

/// Writes through a raw pointer unless it is NULL.
///
/// # Safety
///
/// `p` is NULL or valid for writes.
#[c_export]
pub unsafe fn ct_raw_write(p: *mut u32, value: u32) {
    if !p.is_null() {
        // SAFETY: not NULL, so valid for writes (the function's contract).
        unsafe { p.write(value) }
    }
}

/// Returns an opaque pointer unchanged.
#[c_export]
pub fn ct_void_identity(p: *mut c_void) -> *mut c_void {
    p
}

/// Reads through a reference (NULL from C is rejected before this runs).
#[c_export]
pub fn ct_ref_read(x: &i64) -> i64 {
    *x
}

/// Increments through a mutable reference.
#[c_export]
pub fn ct_ref_increment(x: &mut i64) {
    *x = x.wrapping_add(1);
}

/// `*x`, or `fallback` when `x` is NULL.
#[c_export]
pub fn ct_option_read(x: Option<&i32>, fallback: i32) -> i32 {
    x.copied().unwrap_or(fallback)
}

/// Stores `value` into `x` unless it is NULL; returns whether it stored.
#[c_export]
pub fn ct_option_store(x: Option<&mut i32>, value: i32) -> bool {
    match x {
        Some(x) => {
            *x = value;
            true
        }
        None => false,
    }
}

/// Sum of a fixed-size array passed by pointer (`const int32_t (*a)[4]`).
#[c_export]
pub fn ct_array_sum(a: &[i32; 4]) -> i32 {
    a.iter().fold(0i32, |acc, x| acc.wrapping_add(*x))
}

/// A pointer to the largest element, NULL for an empty slice (a nullable
/// pointer result borrowed from the argument).
#[c_export]
pub fn ct_max_element(xs: &[u32]) -> Option<&u32> {
    xs.iter().max()
}

static ANSWER: u32 = 42;

/// A pointer to static data (a non-NULL pointer result).
#[c_export]
pub fn ct_static_answer() -> &'static u32 {
    &ANSWER
}

/// Reads byte `index` of `p` without checks: an `unsafe fn`, whose
/// contract passes to the C caller.
///
/// # Safety
///
/// `p` must point to at least `index + 1` readable bytes.
#[c_export]
pub unsafe fn ct_unchecked_byte(p: *const u8, index: usize) -> u8 {
    // SAFETY: the caller promises `index` is in bounds of `p`'s allocation.
    let byte = unsafe { p.add(index) };
    // SAFETY: in bounds (above), and `u8` has no alignment requirement.
    unsafe { byte.read() }
}

/// One of two cells, mutably (a `&mut T` result).
#[c_export]
pub fn ct_pick_mut<'a>(first: &'a mut i32, second: &'a mut i32, take_second: bool) -> &'a mut i32 {
    if take_second { second } else { first }
}

/// The first element, mutably, or NULL for an empty slice (an
/// `Option<&mut T>` result).
#[c_export]
pub fn ct_first_mut(xs: &mut [i32]) -> Option<&mut i32> {
    xs.first_mut()
}

/// `p` advanced by `n` bytes, without dereferencing (a `*const T` result).
#[c_export]
pub fn ct_byte_offset(p: *const u8, n: usize) -> *const u8 {
    p.wrapping_add(n)
}
