//! Integers, floats, `bool` and `()` by value.

use std::sync::atomic::{AtomicU64, Ordering};

use abi_core::c_export;

/// Wrapping `i8` addition.
#[c_export]
pub fn ct_add_i8(a: i8, b: i8) -> i8 {
    a.wrapping_add(b)
}

/// Wrapping `i16` addition.
#[c_export]
pub fn ct_add_i16(a: i16, b: i16) -> i16 {
    a.wrapping_add(b)
}

/// Wrapping `i32` addition.
#[c_export]
pub fn ct_add_i32(a: i32, b: i32) -> i32 {
    a.wrapping_add(b)
}

/// Wrapping `i64` addition.
#[c_export]
pub fn ct_add_i64(a: i64, b: i64) -> i64 {
    a.wrapping_add(b)
}

/// Wrapping `u8` addition.
#[c_export]
pub fn ct_add_u8(a: u8, b: u8) -> u8 {
    a.wrapping_add(b)
}

/// Wrapping `u16` addition.
#[c_export]
pub fn ct_add_u16(a: u16, b: u16) -> u16 {
    a.wrapping_add(b)
}

/// Wrapping `u32` addition.
#[c_export]
pub fn ct_add_u32(a: u32, b: u32) -> u32 {
    a.wrapping_add(b)
}

/// Wrapping `u64` addition.
#[c_export]
pub fn ct_add_u64(a: u64, b: u64) -> u64 {
    a.wrapping_add(b)
}

/// Wrapping `usize` (C `size_t`) multiplication.
#[c_export]
pub fn ct_mul_usize(a: usize, b: usize) -> usize {
    a.wrapping_mul(b)
}

/// Wrapping `isize` (C `ptrdiff_t`) negation.
#[c_export]
pub fn ct_neg_isize(a: isize) -> isize {
    a.wrapping_neg()
}

/// Sign-extends an `i8` to `i64`: proves C extends narrow arguments as Rust
/// expects.
#[c_export]
pub fn ct_widen_i8(a: i8) -> i64 {
    i64::from(a)
}

/// Zero-extends a `u16` to `u64`.
#[c_export]
pub fn ct_widen_u16(a: u16) -> u64 {
    u64::from(a)
}

/// `f32` multiplication.
#[c_export]
pub fn ct_mul_f32(a: f32, b: f32) -> f32 {
    a * b
}

/// `f64` division.
#[c_export]
pub fn ct_div_f64(a: f64, b: f64) -> f64 {
    a / b
}

/// Whether an `f64` is NaN.
#[c_export]
pub fn ct_is_nan(x: f64) -> bool {
    x.is_nan()
}

/// Logical exclusive or of two `bool`s. Any non-zero byte from C reads as
/// `true`.
#[c_export]
pub fn ct_xor(a: bool, b: bool) -> bool {
    a ^ b
}

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// Adds `by` to a counter; returns nothing (`void`).
#[c_export]
pub fn ct_counter_add(by: u64) {
    COUNTER.fetch_add(by, Ordering::Relaxed);
}

/// The counter; takes nothing (`(void)`).
#[c_export]
pub fn ct_counter_get() -> u64 {
    COUNTER.load(Ordering::Relaxed)
}

/// Exported under another name than the Rust function's.
#[c_export(name = "ct_renamed")]
pub fn rust_name_is_not_the_symbol() -> i32 {
    42
}

/// A parameter named like a C keyword is renamed `int_` in the header.
#[c_export]
pub fn ct_keyword_param(int: i32, r#type: i32) -> i32 {
    int - r#type
}
