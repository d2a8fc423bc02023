//! What every generated shim does at the boundary: keep panics from
//! unwinding into foreign frames, and turn bad foreign arguments into a
//! defined outcome.
//!
//! - A function without a status channel reports the panic (or the bad
//!   argument) on stderr, naming the Rust function and its C symbol, and
//!   aborts the process.
//! - A function returning `Result` returns [`STATUS_PANIC`] or the reserved
//!   status for the bad argument, after the same report on stderr.

use std::any::Any;
use std::io::Write;
use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::convert::ArgError;
use crate::registry::FunctionEntry;
use crate::status::{STATUS_PANIC, status_of_arg_error};

/// Armed around the body of a shim without a status channel: if a panic
/// unwinds out of the body, dropping the guard names the function and
/// aborts the process, so the panic never unwinds into the foreign caller.
/// The panic hook has printed the message and location just before.
///
/// A guard instead of `catch_unwind`: each shim then compiles to its body
/// plus one landing pad, where `catch_unwind` with the body as a closure is
/// a generic instance (and a closure to type-check) per function, which
/// cost about a third of the build time of a crate of simple exports.
#[derive(Debug)]
pub struct AbortOnUnwind(pub &'static FunctionEntry);

impl AbortOnUnwind {
    /// The body returned: disarm the guard.
    #[inline(always)]
    pub fn disarm(self) {
        std::mem::forget(self);
    }
}

impl Drop for AbortOnUnwind {
    /// Only reached while unwinding (`disarm` forgets the guard otherwise).
    #[inline(always)]
    fn drop(&mut self) {
        unwound(self.0)
    }
}

#[cold]
#[inline(never)]
extern "C" fn unwound(function: &'static FunctionEntry) -> ! {
    report(format_args!(
        "abi-core: `{}` (C symbol `{}`) panicked (message above); aborting",
        function.rust_path(),
        function.symbol
    ));
    std::process::abort()
}

/// Run the body of a shim with a status channel: a panic is reported and
/// becomes [`STATUS_PANIC`].
#[inline(always)]
pub fn status_on_panic(function: &'static FunctionEntry, body: impl FnOnce() -> i32) -> i32 {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(status) => status,
        Err(payload) => {
            report_panic(function, &*payload, "returning ABI_STATUS_PANIC");
            drop_payload(payload);
            STATUS_PANIC
        }
    }
}

// The reporting functions a shim calls inside an `AbortOnUnwind` guard or
// `status_on_panic` are `extern "C"`: a Rust function that writes to stderr
// may unwind (as far as the compiler knows), which forces every shim to keep
// a landing pad, callee-saved registers and a stack frame on its fast path;
// an `extern "C"` function cannot unwind (a panic in it aborts), so the
// shims compile to what a hand-written function that never panics costs.
// They are only ever called from Rust, so their Rust argument types are
// passed the same way on both sides.

/// A bad argument in a function without a status channel: report and abort.
#[cold]
#[inline(never)]
#[allow(
    improper_ctypes_definitions,
    reason = "called from Rust only; see above"
)]
pub extern "C" fn reject_argument(
    function: &'static FunctionEntry,
    param: usize,
    error: ArgError,
) -> ! {
    report_argument(function, param, error, "aborting");
    std::process::abort()
}

/// The converted argument, or (on a conversion error) report and abort, in
/// a function without a status channel. One generic call per argument in
/// the shims instead of a `match`: less code to expand and type-check.
#[inline(always)]
pub fn argument_or_abort<T, E: Into<ArgError>>(
    converted: Result<T, E>,
    function: &'static FunctionEntry,
    param: usize,
) -> T {
    match converted {
        Ok(value) => value,
        Err(error) => reject_argument(function, param, error.into()),
    }
}

/// Abort, reporting argument `param`, unless `ptr` is non-NULL and aligned
/// (an output or inout cell of a DPI import).
#[inline(always)]
pub fn pointer_or_abort<T>(ptr: *mut T, function: &'static FunctionEntry, param: usize) {
    if let Err(error) = crate::convert::check_pointer(ptr.cast_const()) {
        reject_argument(function, param, error);
    }
}

/// A bad argument in a function with a status channel: report and return
/// the reserved status.
#[cold]
#[inline(never)]
#[allow(
    improper_ctypes_definitions,
    reason = "called from Rust only; see above"
)]
pub extern "C" fn argument_status(
    function: &'static FunctionEntry,
    param: usize,
    error: ArgError,
) -> i32 {
    let status = status_of_arg_error(&error);
    report_argument(
        function,
        param,
        error,
        &format!("returning status {status}"),
    );
    status
}

/// Check the out-pointer of a `Result` function: `Some(status)` when it is
/// NULL or misaligned (the function is then not called).
#[inline(always)]
pub fn out_pointer_status<T>(function: &'static FunctionEntry, out: *mut T) -> Option<i32> {
    if out.is_null() || !out.is_aligned() {
        Some(bad_out_pointer(function, out.is_null()))
    } else {
        None
    }
}

#[cold]
#[inline(never)]
extern "C" fn bad_out_pointer(function: &'static FunctionEntry, is_null: bool) -> i32 {
    let (problem, status, name) = if is_null {
        (
            "NULL",
            crate::status::STATUS_NULL_POINTER,
            "ABI_STATUS_NULL_POINTER",
        )
    } else {
        (
            "misaligned",
            crate::status::STATUS_INVALID_ARGUMENT,
            "ABI_STATUS_INVALID_ARGUMENT",
        )
    };
    report(format_args!(
        "abi-core: `{}` (C symbol `{}`): the out-pointer is {problem}; returning {name}",
        function.rust_path(),
        function.symbol
    ));
    status
}

/// A NULL or misaligned result out-pointer in a function without a status
/// channel (MLIR's C interface): report and abort.
#[cold]
#[inline(never)]
pub extern "C" fn reject_result_pointer(function: &'static FunctionEntry) -> ! {
    report(format_args!(
        "abi-core: `{}` (C symbol `{}`): the result out-pointer (first argument) is NULL or misaligned; aborting",
        function.rust_path(),
        function.symbol
    ));
    std::process::abort()
}

#[cold]
#[inline(never)]
fn report_argument(function: &'static FunctionEntry, param: usize, error: ArgError, outcome: &str) {
    let (name, rust_type) = function.param_names(param).unwrap_or(("?", "?"));
    let hint = match (error, rust_type.starts_with('&')) {
        (ArgError::Null, true) => "; declare the parameter as `Option<&T>` to accept NULL",
        _ => "",
    };
    report(format_args!(
        "abi-core: `{}` (C symbol `{}`): argument `{name}: {rust_type}`: {error}{hint}; {outcome}",
        function.rust_path(),
        function.symbol
    ));
}

#[cold]
#[inline(never)]
fn report_panic(function: &'static FunctionEntry, payload: &(dyn Any + Send), outcome: &str) {
    let message = panic_message(payload);
    report(format_args!(
        "abi-core: `{}` (C symbol `{}`) panicked: {message}; {outcome}",
        function.rust_path(),
        function.symbol
    ));
}

/// The text of a panic payload (`panic!` with a literal or a format string).
pub fn panic_message(payload: &(dyn Any + Send)) -> &str {
    if let Some(s) = payload.downcast_ref::<&'static str>() {
        s
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s
    } else {
        "<non-string panic payload>"
    }
}

/// Drop a panic payload without letting a panicking destructor escape.
fn drop_payload(payload: Box<dyn Any + Send>) {
    if let Err(again) = catch_unwind(AssertUnwindSafe(move || drop(payload))) {
        std::mem::forget(again);
    }
}

/// Write one line to stderr. Errors are ignored: a closed stderr must not
/// turn a report into a second panic.
fn report(message: std::fmt::Arguments<'_>) {
    let mut stderr = std::io::stderr().lock();
    let _ = stderr.write_fmt(message);
    let _ = stderr.write_all(b"\n");
    let _ = stderr.flush();
}
