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
    #[cfg_attr(not(abi_core_unoptimised), inline)]
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
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub const fn of(code: i32) -> Self {
        match Self::new(code) {
            Some(c) => c,
            None => panic!("error codes must be positive: 0 and negative values are reserved"),
        }
    }

    /// The code as C sees it.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
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
    #[cfg_attr(not(abi_core_unoptimised), inline)]
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

/// Where a function with a status channel reports the reserved status it
/// returns (a caught panic, a bad argument, a NULL out-pointer).
///
/// By default each such return also writes one line on stderr naming the
/// Rust function, its C symbol and the cause. A library whose callers read
/// the status, and must keep stderr clean, turns the lines off or routes
/// them to its own log:
///
/// ```
/// use abi_core::c::status::{StatusReports, set_status_reports};
///
/// fn to_my_log(line: &str) {
///     // A real library hands `line` to its logger.
///     let _ = line;
/// }
///
/// set_status_reports(StatusReports::To(to_my_log));
/// # assert!(matches!(abi_core::c::status::status_reports(), StatusReports::To(_)));
/// set_status_reports(StatusReports::Off);
/// # assert!(matches!(abi_core::c::status::status_reports(), StatusReports::Off));
/// ```
///
/// A program that cannot call Rust (a C `main`, a simulator) sets the
/// environment variable `ABI_CORE_STATUS_REPORTS=off` instead (`stderr`, the
/// default, is the other value); a setting made with
/// [`set_status_reports`] takes precedence over it.
///
/// Only reports that come with a returned status obey this setting: a
/// function without a status channel still writes its line before it
/// aborts the process, since that line is the only account of the abort.
/// With `Off` or `To`, Rust's own `thread '...' panicked` message is left
/// out too for a panic inside a function with a status channel (found on
/// the stack on ELF targets but 32-bit Arm; elsewhere Rust's message is
/// still printed by its panic hook).
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum StatusReports {
    /// One line on stderr per reserved status returned (the default).
    Stderr,
    /// No report: the status alone tells the caller.
    Off,
    /// Each report, one line without its newline, given to this function
    /// (it runs on the thread of the failing call; a panic in it aborts).
    To(fn(&str)),
}

/// The environment variable read when no [`set_status_reports`] call was
/// made: `off` or `stderr`.
pub const STATUS_REPORTS_VARIABLE: &str = "ABI_CORE_STATUS_REPORTS";

static SETTING: std::sync::RwLock<Option<StatusReports>> = std::sync::RwLock::new(None);

/// Choose where the reports of reserved statuses go, for the whole process
/// (see [`StatusReports`]).
pub fn set_status_reports(reports: StatusReports) {
    *SETTING
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(reports);
}

/// Where the reports of reserved statuses go now: the last
/// [`set_status_reports`], else [`STATUS_REPORTS_VARIABLE`], else stderr.
pub fn status_reports() -> StatusReports {
    current_status_reports().0
}

/// [`status_reports`], and the value of [`STATUS_REPORTS_VARIABLE`] when
/// it was read and not understood (the reports then go to stderr, which
/// the first of them says).
pub(crate) fn current_status_reports() -> (StatusReports, Option<&'static str>) {
    if let Some(reports) = *SETTING
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
    {
        return (reports, None);
    }
    static FROM_ENVIRONMENT: std::sync::OnceLock<(StatusReports, Option<String>)> =
        std::sync::OnceLock::new();
    let (reports, unknown) =
        FROM_ENVIRONMENT.get_or_init(|| match std::env::var(STATUS_REPORTS_VARIABLE) {
            Ok(value) if value == "off" => (StatusReports::Off, None),
            Ok(value) if value == "stderr" => (StatusReports::Stderr, None),
            Err(std::env::VarError::NotPresent) => (StatusReports::Stderr, None),
            Ok(other) => (StatusReports::Stderr, Some(format!("{other:?}"))),
            Err(std::env::VarError::NotUnicode(_)) => {
                (StatusReports::Stderr, Some("(not UTF-8)".to_owned()))
            }
        });
    (*reports, unknown.as_deref())
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
