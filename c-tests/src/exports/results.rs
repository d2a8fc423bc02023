//! `Result<T, E>`: status codes, out-pointers, and panics as statuses.

use abi_core::c::status::{CError, ErrorCode};
use abi_core::c_export;

use super::structs::Point;

/// Why `ct_parse_i32` failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParseError {
    /// Nothing but whitespace.
    Empty,
    /// Not a decimal integer.
    Invalid,
    /// Out of `i32` range.
    Overflow,
}

impl CError for ParseError {
    fn error_code(&self) -> ErrorCode {
        match self {
            ParseError::Empty => ErrorCode::of(1),
            ParseError::Invalid => ErrorCode::of(2),
            ParseError::Overflow => ErrorCode::of(3),
        }
    }
}

/// Parses a decimal `i32`: 0 and the value in `*out`, or 1 (empty),
/// 2 (invalid), 3 (overflow).
#[c_export]
pub fn ct_parse_i32(text: &str) -> Result<i32, ParseError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ParseError::Empty);
    }
    text.parse()
        .map_err(|e: std::num::ParseIntError| match e.kind() {
            std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow => {
                ParseError::Overflow
            }
            _ => ParseError::Invalid,
        })
}

/// `a / b`, error code 7 on division by zero or overflow.
#[c_export]
pub fn ct_checked_div(a: i32, b: i32) -> Result<i32, ErrorCode> {
    a.checked_div(b).ok_or(ErrorCode::of(7))
}

/// Succeeds for even numbers, error code 9 for odd: `Result<(), E>` has no
/// out-pointer.
#[c_export]
pub fn ct_require_even(x: u32) -> Result<(), ErrorCode> {
    if x.is_multiple_of(2) {
        Ok(())
    } else {
        Err(ErrorCode::of(9))
    }
}

/// A struct through the out-pointer; error code 4 for a negative scale.
#[c_export]
pub fn ct_scaled_point(p: &Point, scale: f64) -> Result<Point, ErrorCode> {
    if scale < 0.0 {
        return Err(ErrorCode::of(4));
    }
    Ok(Point {
        x: p.x * scale,
        y: p.y * scale,
    })
}

/// Panics for negative input: the panic becomes `ABI_STATUS_PANIC`.
#[c_export]
pub fn ct_sqrt_or_panic(x: i32) -> Result<i32, ErrorCode> {
    assert!(
        x >= 0,
        "ct_sqrt_or_panic needs a non-negative input, got {x}"
    );
    Ok(f64::from(x).sqrt() as i32)
}

/// A parameter already called `out`, so the out-pointer is `out_`.
#[c_export]
pub fn ct_double_into(out: &i32) -> Result<i32, ErrorCode> {
    out.checked_mul(2).ok_or(ErrorCode::of(1))
}

/// Panics unconditionally, in a function without a status channel: the
/// process aborts with a message naming the function.
#[c_export]
pub fn ct_always_panics(code: i32) -> i32 {
    panic!("deliberate panic with code {code}");
}

/// Panics in its destructor when dropped while a panic unwinds (the
/// functions that test the report of a panic Rust aborts for by itself,
/// here and in the DPI and MLIR tests).
#[derive(Debug)]
pub struct PanicsWhileUnwinding;

impl Drop for PanicsWhileUnwinding {
    fn drop(&mut self) {
        if std::thread::panicking() {
            panic!("a destructor panicked while unwinding");
        }
    }
}

/// Panics with a local whose destructor panics again while the first panic
/// unwinds: Rust aborts from inside its panic machinery, before the shim
/// sees the panic, and the report still names the function.
#[c_export]
pub fn ct_panics_while_unwinding(code: i32) -> i32 {
    let _guard = PanicsWhileUnwinding;
    panic!("first panic with code {code}");
}

/// As `ct_panics_while_unwinding`, in a function with a status channel: no
/// status can come back, the process aborts with the same report.
#[c_export]
pub fn ct_status_panics_while_unwinding(code: i32) -> Result<i32, ErrorCode> {
    let _guard = PanicsWhileUnwinding;
    if code >= 0 {
        panic!("first panic with code {code}");
    }
    Ok(code)
}
