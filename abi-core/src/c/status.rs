//! The status-code convention of `#[c_export]` functions that return
//! `Result<T, E>`.
//!
//! A Rust function `fn f(args) -> Result<T, E>` is exported as
//!
//! ```c
//! int32_t f(args, T *out);   /* no `out` when T is () */
//! ```
//!
//! | return value            | meaning                                                        |
//! |-------------------------|----------------------------------------------------------------|
//! | `ABI_STATUS_OK` (0)     | success; `*out` holds the value                                |
//! | `> 0`                   | the function returned `Err(e)`; the value is `e.error_code()`  |
//! | `ABI_STATUS_PANIC` (-1) | the function panicked; the panic was caught and reported       |
//! | `ABI_STATUS_NULL_POINTER` (-2) | a required pointer (a `&T` argument or `out`) was NULL  |
//! | `ABI_STATUS_INVALID_ARGUMENT` (-3) | an argument was malformed (misaligned pointer, invalid UTF-8, slice too large) |
//!
//! `*out` is written only on success. User error codes are positive by
//! construction ([`ErrorCode`] cannot hold zero or a negative value), so they
//! never collide with the reserved statuses.

use core::fmt;
use core::num::NonZeroI32;

use crate::argument::ArgError;

/// Success.
pub const STATUS_OK: i32 = 0;
/// The exported function panicked.
pub const STATUS_PANIC: i32 = -1;
/// A NULL pointer was passed where a value was required.
pub const STATUS_NULL_POINTER: i32 = -2;
/// An argument was malformed: misaligned, not UTF-8, or a slice too large.
pub const STATUS_INVALID_ARGUMENT: i32 = -3;

/// The reserved statuses, as the C header defines them.
pub const RESERVED_STATUSES: &[(&str, i32, &str)] = &[
    (
        "ABI_STATUS_OK",
        STATUS_OK,
        "success; the out-parameter holds the value",
    ),
    (
        "ABI_STATUS_PANIC",
        STATUS_PANIC,
        "the Rust function panicked",
    ),
    (
        "ABI_STATUS_NULL_POINTER",
        STATUS_NULL_POINTER,
        "a required pointer (reference argument or out-parameter) was NULL",
    ),
    (
        "ABI_STATUS_INVALID_ARGUMENT",
        STATUS_INVALID_ARGUMENT,
        "an argument was malformed (misaligned, invalid UTF-8, too large)",
    ),
];

/// A positive error code returned to C by a failing `#[c_export]` function.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ErrorCode(NonZeroI32);

impl ErrorCode {
    /// `Some` for a positive `code`, `None` otherwise (zero and negative
    /// values are reserved for the convention itself).
    #[inline]
    pub const fn new(code: i32) -> Option<Self> {
        if code > 0 {
            // `code > 0` was just checked, so it is non-zero.
            match NonZeroI32::new(code) {
                Some(nz) => Some(ErrorCode(nz)),
                None => None,
            }
        } else {
            None
        }
    }

    /// A positive code known at compile time; a non-positive `code` is a
    /// compile-time error when used in a `const`.
    #[inline]
    pub const fn of(code: i32) -> Self {
        match Self::new(code) {
            Some(c) => c,
            None => panic!("error codes must be positive: 0 and negative values are reserved"),
        }
    }

    /// The code as C sees it.
    #[inline]
    pub const fn get(self) -> i32 {
        self.0.get()
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error code {}", self.0)
    }
}

/// An error type that a `#[c_export]` function can return in `Err`.
///
/// ```
/// use abi_core::c::status::{CError, ErrorCode};
/// use abi_core::emit::CHeader;
/// use abi_core::{Registry, c_export};
///
/// /// Why a configuration line was refused.
/// #[derive(Debug)]
/// pub enum ConfigError {
///     Empty,
///     TooLong,
/// }
///
/// impl CError for ConfigError {
///     fn error_code(&self) -> ErrorCode {
///         match self {
///             ConfigError::Empty => ErrorCode::of(1),
///             ConfigError::TooLong => ErrorCode::of(2),
///         }
///     }
/// }
///
/// /// Checks a configuration line: C receives 0, or 1 or 2 for the errors.
/// #[c_export]
/// pub fn demo_check_config(line: &str) -> Result<(), ConfigError> {
///     match line.len() {
///         0 => Err(ConfigError::Empty),
///         1..=80 => Ok(()),
///         _ => Err(ConfigError::TooLong),
///     }
/// }
///
/// assert_eq!(ConfigError::TooLong.error_code().get(), 2);
/// let header = CHeader::new("demo.h").render(&Registry::all()).unwrap();
/// assert!(header.contains("int32_t demo_check_config(const char *line, size_t line_len);"));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be returned to C as an error status",
    label = "no error code for this type",
    note = "implement `abi_core::c::status::CError` for it, returning a positive `abi_core::c::status::ErrorCode`, or return `Result<T, abi_core::c::status::ErrorCode>`"
)]
pub trait CError {
    /// The positive status C receives for this error.
    fn error_code(&self) -> ErrorCode;
}

// Not listed in diagnostics: the note already names `ErrorCode`, and a
// listed implementation quotes abi-core's source.
#[diagnostic::do_not_recommend]
impl CError for ErrorCode {
    #[inline]
    fn error_code(&self) -> ErrorCode {
        *self
    }
}

/// The reserved status for an argument C got wrong.
pub(crate) const fn status_of_arg_error(error: &ArgError) -> i32 {
    match error {
        ArgError::Null => STATUS_NULL_POINTER,
        ArgError::Misaligned { .. }
        | ArgError::TooLarge { .. }
        | ArgError::InvalidUtf8 { .. }
        | ArgError::MemRef(_)
        | ArgError::NotAnEnumValue { .. } => STATUS_INVALID_ARGUMENT,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_codes_are_positive() {
        assert_eq!(ErrorCode::new(0), None);
        assert_eq!(ErrorCode::new(-5), None);
        assert_eq!(ErrorCode::new(i32::MIN), None);
        assert_eq!(ErrorCode::new(7).map(ErrorCode::get), Some(7));
        assert_eq!(ErrorCode::of(i32::MAX).get(), i32::MAX);
    }

    #[test]
    fn reserved_statuses_are_distinct_and_not_positive() {
        for (i, (_, a, _)) in RESERVED_STATUSES.iter().enumerate() {
            assert!(*a <= 0);
            for (_, b, _) in &RESERVED_STATUSES[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }
}
