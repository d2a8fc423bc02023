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
use std::mem::MaybeUninit;
use std::panic::{AssertUnwindSafe, catch_unwind};
#[cfg(not(target_os = "linux"))]
use std::sync::atomic::{AtomicBool, Ordering};

use crate::argument::{ArgError, Borrow, BorrowsOf, first_conflict, first_conflict_by_range};
use crate::c::status::{
    STATUS_PANIC, STATUS_REPORTS_VARIABLE, StatusReports, current_status_reports,
    status_of_arg_error, status_reports,
};
use crate::model::function::FunctionEntry;

/// Run the body of a shim without a status channel: a panic is reported,
/// naming the function, and the process aborts, so the panic never unwinds
/// into the foreign caller.
///
/// The panic is caught here, not observed by a drop guard while it
/// unwinds: when the caller is C (a C `main`, a simulator's C++ `main`)
/// no frame above the shim can catch a Rust panic, so the unwinder's
/// search phase finds no handler and the runtime aborts with "failed to
/// initiate panic" before any destructor runs. Catching in the shim gives
/// the search phase its handler whatever the caller is.
///
/// The body is a function pointer taking the shim's raw arguments (in the
/// expansions, a closure that captures nothing), not a generic closure: a
/// capturing closure costs the compiler capture inference and one generic
/// instance of everything it is passed to per shim, where a function
/// pointer of a given signature shares them with every shim of that
/// signature. In an optimised build the pointer is a constant and the body
/// is inlined as a closure would be.
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub fn abort_on_panic<A, R>(function: &'static FunctionEntry, args: &A, body: fn(&A) -> R) -> R {
    // The hook reports the aborts Rust makes before the shim sees a panic.
    quiet_panic_hook();
    let mut slot = CallSlot {
        body,
        args,
        result: MaybeUninit::uninit(),
    };
    // SAFETY: `call_slot::<A, R>` is given the `CallSlot<A, R>` it expects.
    if let Some(payload) = unsafe { catch_panic(call_slot::<A, R>, (&raw mut slot) as *mut u8) } {
        panicked(function, payload)
    }
    // SAFETY: the call completed (it did not panic), which wrote the
    // result.
    unsafe { slot.result.assume_init() }
}

/// Run the body of a shim with a status channel: a panic is reported and
/// becomes [`STATUS_PANIC`]. The body is a function, as for
/// [`abort_on_panic`].
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub fn status_on_panic<A>(function: &'static FunctionEntry, args: &A, body: fn(&A) -> i32) -> i32 {
    quiet_panic_hook();
    let mut slot = CallSlot {
        body,
        args,
        result: MaybeUninit::uninit(),
    };
    // SAFETY: as in `abort_on_panic`.
    if let Some(payload) = unsafe { catch_panic(call_slot::<A, i32>, (&raw mut slot) as *mut u8) } {
        panic_to_status(function, payload);
        return STATUS_PANIC;
    }
    // SAFETY: as in `abort_on_panic`.
    unsafe { slot.result.assume_init() }
}

/// The aborts Rust makes from inside its panic machinery, recognised by the
/// message of the panic that cannot unwind, which core raises and whose
/// hook runs just before the abort, and what abi-core reports for them.
const NON_UNWINDING_PANICS: [(&str, &str); 2] = [
    (
        "panic in a destructor during cleanup",
        "panicked in a destructor while a panic was unwinding",
    ),
    (
        "panic in a function that cannot unwind",
        "panicked in a function that cannot unwind",
    ),
];

/// From the panic hook: when the panic is one Rust aborts for, and it
/// happens inside an export, report it naming the export, as every other
/// abort is (Rust then prints its own message and aborts).
///
/// The export is found on the stack, not recorded when it is called: Rust
/// aborts from inside its panic machinery while the first panic unwinds
/// the user's frames, before it reaches the shim's catch, so the hook is
/// the last code that runs; and a record of the running export (a
/// thread-local written around every call) cost up to 25 instructions per
/// call of a shim whose function reads its arguments' memory, where the
/// stack costs nothing until this abort. The innermost frame whose function
/// is a registered shim is the export.
fn report_non_unwinding_panic(info: &std::panic::PanicHookInfo<'_>) {
    let message = panic_message(info.payload());
    let Some((_, what)) = NON_UNWINDING_PANICS
        .iter()
        .find(|(core_message, _)| *core_message == message)
    else {
        return;
    };
    let shims = crate::registry_section::shims();
    if shims.is_empty() {
        return;
    }
    if let Some(function) = frames::innermost_export(shims) {
        report_line(format_args!(
            "abi-core: `{}` (C symbol `{}`) {what}; aborting (Rust aborts the process itself: this panic cannot reach the shim)",
            function.rust_path(),
            function.symbol
        ));
    }
}

/// From the panic hook: `true` when the status reports are not on stderr
/// ([`status_reports`]) and the panic happens inside a function with a
/// status channel, which reports it through its status (Rust's own message
/// is then left out too). Costs a stack walk per panic, only when the
/// reports are off or routed.
fn status_reports_silence(info: &std::panic::PanicHookInfo<'_>) -> bool {
    if matches!(status_reports(), StatusReports::Stderr) {
        return false;
    }
    if NON_UNWINDING_PANICS
        .iter()
        .any(|(core_message, _)| *core_message == panic_message(info.payload()))
    {
        // Rust aborts after these: its message stays.
        return false;
    }
    let shims = crate::registry_section::shims();
    !shims.is_empty()
        && frames::innermost_export(shims).is_some_and(|function| {
            matches!(
                function.result,
                crate::model::function::ResultEntry::Status { .. }
            )
        })
}

/// The frames of the calling thread, walked with the unwinder's
/// `_Unwind_Backtrace` (the one that unwinds panics, so its tables are
/// there whenever a panic can unwind), each frame's function found by
/// `_Unwind_FindEnclosingFunction`, which std's own backtraces use too, and
/// compared with the shims' first instructions (`registry_section::shims`,
/// filled on ELF targets). Not on 32-bit Arm, whose EHABI unwinder has no
/// `_Unwind_GetIP` symbol, nor under Miri; there, and off Unix, nothing is
/// found.
#[cfg(all(unix, not(miri), not(target_arch = "arm")))]
mod frames {
    use core::ffi::{CStr, c_int, c_void};

    use crate::model::function::FunctionEntry;
    use crate::registry_section::{ShimCode, functions};

    /// `struct _Unwind_Context`, opaque.
    #[repr(C)]
    struct UnwindContext {
        _opaque: [u8; 0],
    }

    /// `_URC_NO_REASON`: go on to the next frame.
    const CONTINUE: c_int = 0;
    /// `_URC_END_OF_STACK`: any other value stops the walk.
    const STOP: c_int = 5;

    unsafe extern "C" {
        fn _Unwind_Backtrace(
            trace: unsafe extern "C" fn(*mut UnwindContext, *mut c_void) -> c_int,
            data: *mut c_void,
        ) -> c_int;
        fn _Unwind_GetIP(context: *mut UnwindContext) -> usize;
        fn _Unwind_FindEnclosingFunction(pc: *mut c_void) -> *mut c_void;
    }

    struct Search {
        shims: &'static [ShimCode],
        found: Option<&'static ShimCode>,
    }

    /// The description of the export whose shim is the innermost frame of
    /// the calling thread that runs one of `shims`.
    pub(super) fn innermost_export(shims: &'static [ShimCode]) -> Option<&'static FunctionEntry> {
        let mut search = Search { shims, found: None };
        // SAFETY: `visit` is given the `Search` it expects, which outlives
        // the walk; the unwinder calls it once per frame of this thread.
        unsafe { _Unwind_Backtrace(visit, (&raw mut search).cast()) };
        // SAFETY: the symbol of a shim entry is a NUL-terminated string
        // constant (`__shim_code!`).
        let symbol = unsafe { CStr::from_ptr(search.found?.symbol) };
        functions()
            .iter()
            .find(|function| function.symbol.as_bytes() == symbol.to_bytes())
    }

    /// One frame: stop at the first that runs a shim.
    ///
    /// # Safety
    ///
    /// `context` is the unwinder's current frame, `data` the `Search`.
    unsafe extern "C" fn visit(context: *mut UnwindContext, data: *mut c_void) -> c_int {
        // SAFETY: `innermost_export` passes its `Search`, used by nothing else
        // during the walk.
        let search = unsafe { &mut *data.cast::<Search>() };
        // SAFETY: the unwinder's context for this call.
        let ip = unsafe { _Unwind_GetIP(context) };
        if ip == 0 {
            return CONTINUE;
        }
        // A return address: one byte back is the call, inside the caller
        // even when the call is its last instruction.
        // SAFETY: only looked up in the unwind tables, never dereferenced.
        let start =
            unsafe { _Unwind_FindEnclosingFunction(core::ptr::without_provenance_mut(ip - 1)) };
        if start.is_null() {
            return CONTINUE;
        }
        let shims = search.shims;
        match shims.iter().find(|shim| shim.code.addr() == start.addr()) {
            Some(shim) => {
                search.found = Some(shim);
                STOP
            }
            None => CONTINUE,
        }
    }
}

#[cfg(not(all(unix, not(miri), not(target_arch = "arm"))))]
mod frames {
    use crate::model::function::FunctionEntry;
    use crate::registry_section::ShimCode;

    /// No stack walk here: no export is found.
    pub(super) fn innermost_export(_: &'static [ShimCode]) -> Option<&'static FunctionEntry> {
        None
    }
}

/// A shim's body, its arguments and the place for its result: the part of
/// catching a panic that depends on the types is one small function
/// (`call_slot`), and the `catch_unwind` around it is compiled once for
/// every shim instead of once per shim (a generic `catch_unwind` is four
/// functions per instance, which was most of what a shim cost to
/// compile). No methods: each would be one more generic instance to
/// compile.
struct CallSlot<'a, A, R> {
    body: fn(&A) -> R,
    args: &'a A,
    result: MaybeUninit<R>,
}

/// Run the body held in the slot at `data` and store its result.
///
/// # Safety
///
/// `data` points to a live `CallSlot<A, R>`.
#[cfg_attr(not(abi_core_unoptimised), inline)]
unsafe fn call_slot<A, R>(data: *mut u8) {
    // SAFETY: by the contract above; nothing else refers to the slot
    // during the call.
    // (`as`, not `cast`: a generic method fewer to instantiate per shape.)
    let slot = unsafe { &mut *(data as *mut CallSlot<'_, A, R>) };
    slot.result = MaybeUninit::new((slot.body)(slot.args));
}

/// Run `call(data)` and return the panic payload if it panicked. Not
/// generic, so one copy serves every shim; inlined, so that the optimiser
/// sees the call through the pointer as a direct call (and a shim whose
/// body cannot panic loses the catch altogether).
///
/// # Safety
///
/// As for the `call` given.
#[cfg_attr(not(abi_core_unoptimised), inline)]
unsafe fn catch_panic(call: unsafe fn(*mut u8), data: *mut u8) -> Option<Box<dyn Any + Send>> {
    // SAFETY: forwarded to the caller.
    catch_unwind(AssertUnwindSafe(|| unsafe { call(data) })).err()
}

#[cold]
#[inline(never)]
fn panicked(function: &'static FunctionEntry, payload: Box<dyn Any + Send>) -> ! {
    report_panic(function, &*payload, Outcome::Abort);
    // Not dropped: a payload whose destructor panics must not get a say.
    std::mem::forget(payload);
    std::process::abort()
}

#[cold]
#[inline(never)]
fn panic_to_status(function: &'static FunctionEntry, payload: Box<dyn Any + Send>) {
    report_panic(
        function,
        &*payload,
        Outcome::Status("returning ABI_STATUS_PANIC".into()),
    );
    drop_payload(payload);
}

/// Make sure, once per process, that the panic hook cannot be killed by
/// SIGPIPE: Rust's hook prints the panic message before the shim sees the
/// panic, and when the caller is a C or C++ `main` (SIGPIPE's default
/// action) and stderr a pipe whose reader has gone, that write would end
/// the process instead of the function returning `ABI_STATUS_PANIC`. The
/// hook in place (Rust's, or the program's own) is wrapped, not replaced:
/// it runs with SIGPIPE blocked on its thread. The wrapper also reports an
/// abort Rust makes inside an export's body, naming the export
/// ([`report_non_unwinding_panic`]).
///
/// On Linux the wrapper is installed when the library is loaded (an
/// `.init_array` entry next to the shims' reporting code, so it is linked
/// whenever a shim is), which costs the shims nothing; elsewhere the first
/// call of an export installs it (a load and a branch per call).
#[cfg_attr(not(abi_core_unoptimised), inline)]
fn quiet_panic_hook() {
    #[cfg(not(target_os = "linux"))]
    {
        static WRAPPED: AtomicBool = AtomicBool::new(false);
        if !WRAPPED.load(Ordering::Relaxed) {
            wrap_panic_hook();
            WRAPPED.store(true, Ordering::Relaxed);
        }
    }
}

#[cfg(all(target_os = "linux", not(miri)))]
#[used]
#[unsafe(link_section = ".init_array")]
static WRAP_PANIC_HOOK_AT_LOAD: extern "C" fn() = wrap_panic_hook;

/// `extern "C"` (cannot unwind), like the reporting functions below, so
/// that calling it costs the shims no landing pad. (Unused under Miri on
/// Linux, which runs no `.init_array`.)
#[cold]
#[inline(never)]
#[cfg_attr(all(miri, target_os = "linux"), allow(dead_code))]
extern "C" fn wrap_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // Ours first: if the previous hook panicked, Rust would abort
            // before anything after it ran.
            report_non_unwinding_panic(info);
            if !status_reports_silence(info) {
                without_sigpipe(|| previous(info));
            }
        }));
    });
}

// The reporting functions a shim calls inside `abort_on_panic` or
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
    report_argument(function, param, error, Outcome::Abort);
    std::process::abort()
}

/// A result of a Rust function MLIR calls that does not match the MLIR
/// type declared for it: report and abort.
#[cold]
#[inline(never)]
#[allow(
    improper_ctypes_definitions,
    reason = "called from Rust only; see above"
)]
pub(crate) extern "C" fn reject_result(
    function: &'static FunctionEntry,
    member: usize,
    error: crate::model::mlir::MemRefError,
) -> ! {
    report_line(format_args!(
        "abi-core: `{}` (C symbol `{}`): result {member} does not match its MLIR result type: {error}; aborting",
        function.rust_path(),
        function.symbol
    ));
    std::process::abort()
}

/// The converted argument, or (on a conversion error) report and abort, in
/// a function without a status channel. One generic call per argument in
/// the shims instead of a `match`: less code to expand and type-check.
#[cfg_attr(not(abi_core_unoptimised), inline)]
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
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub fn pointer_or_abort<T>(ptr: *mut T, function: &'static FunctionEntry, param: usize) {
    if let Err(error) = crate::argument::check_pointer(ptr.cast_const()) {
        reject_argument(function, param, error);
    }
}

/// Abort, naming both arguments, when an exclusive (`&mut`) argument
/// shares memory with another argument (a function without a status
/// channel). `borrows` holds one entry per parameter, in order.
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub fn disjoint_or_abort(function: &'static FunctionEntry, borrows: &[Option<Borrow>]) {
    if let Some((first, second)) = first_conflict(borrows) {
        reject_overlap(function, first, second)
    }
}

/// As [`disjoint_or_abort`], for arguments that may borrow several ranges
/// each (a DPI-C import's inputs: an array of strings beside a writable
/// open array). `arguments` holds one entry per parameter, in order.
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub fn ranges_disjoint_or_abort(function: &'static FunctionEntry, arguments: &[BorrowsOf<'_>]) {
    if let Some((first, second)) = first_conflict_by_range(arguments) {
        reject_overlap(function, first, second)
    }
}

/// `Some(status)` when an exclusive argument shares memory with another
/// argument (a function with a status channel), after the report.
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub fn disjoint_or_status(
    function: &'static FunctionEntry,
    borrows: &[Option<Borrow>],
) -> Option<i32> {
    first_conflict(borrows).map(|(first, second)| overlap_status(function, first, second))
}

#[cold]
#[inline(never)]
extern "C" fn reject_overlap(function: &'static FunctionEntry, first: usize, second: usize) -> ! {
    report_overlap(function, first, second, Outcome::Abort);
    std::process::abort()
}

#[cold]
#[inline(never)]
extern "C" fn overlap_status(function: &'static FunctionEntry, first: usize, second: usize) -> i32 {
    let status = crate::c::status::STATUS_INVALID_ARGUMENT;
    report_overlap(
        function,
        first,
        second,
        Outcome::Status(format!("returning status {status}")),
    );
    status
}

fn report_overlap(function: &'static FunctionEntry, first: usize, second: usize, outcome: Outcome) {
    let describe = |param: usize| {
        let (name, rust_type) = function.param_names(param).unwrap_or(("?", "?"));
        format!("`{name}: {rust_type}`")
    };
    outcome.deliver(format_args!(
        "abi-core: `{}` (C symbol `{}`): arguments {} and {} share memory, and one of them is exclusive (`&mut`)",
        function.rust_path(),
        function.symbol,
        describe(first),
        describe(second),
    ));
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
        Outcome::Status(format!("returning status {status}")),
    );
    status
}

/// Check the out-pointer of a `Result` function: `Some(status)` when it is
/// NULL or misaligned (the function is then not called).
#[cfg_attr(not(abi_core_unoptimised), inline)]
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
            crate::c::status::STATUS_NULL_POINTER,
            "ABI_STATUS_NULL_POINTER",
        )
    } else {
        (
            "misaligned",
            crate::c::status::STATUS_INVALID_ARGUMENT,
            "ABI_STATUS_INVALID_ARGUMENT",
        )
    };
    report_status(format_args!(
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
    report_line(format_args!(
        "abi-core: `{}` (C symbol `{}`): the result out-pointer (first argument) is NULL or misaligned; aborting",
        function.rust_path(),
        function.symbol
    ));
    std::process::abort()
}

#[cold]
#[inline(never)]
fn report_argument(
    function: &'static FunctionEntry,
    param: usize,
    error: ArgError,
    outcome: Outcome,
) {
    let (name, rust_type) = function.param_names(param).unwrap_or(("?", "?"));
    let hint = match (error, rust_type.starts_with('&')) {
        (ArgError::Null, true) => "; declare the parameter as `Option<&T>` to accept NULL",
        _ => "",
    };
    outcome.deliver(format_args!(
        "abi-core: `{}` (C symbol `{}`): argument `{name}: {rust_type}`: {error}{hint}",
        function.rust_path(),
        function.symbol
    ));
}

#[cold]
#[inline(never)]
fn report_panic(function: &'static FunctionEntry, payload: &(dyn Any + Send), outcome: Outcome) {
    let message = panic_message(payload);
    outcome.deliver(format_args!(
        "abi-core: `{}` (C symbol `{}`) panicked: {message}",
        function.rust_path(),
        function.symbol
    ));
}

/// The text of a panic payload (`panic!` with a literal or a format string).
pub(crate) fn panic_message(payload: &(dyn Any + Send)) -> &str {
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

/// What the function that reports does next, which ends the report's line
/// and says where it goes.
enum Outcome {
    /// The process aborts: the line always goes to stderr, the only
    /// account of the abort.
    Abort,
    /// The function returns a reserved status (the words given end the
    /// line): the line goes where [`status_reports`] says.
    Status(String),
}

impl Outcome {
    fn deliver(self, message: std::fmt::Arguments<'_>) {
        match self {
            Outcome::Abort => report_line(format_args!("{message}; aborting")),
            Outcome::Status(next) => report_status(format_args!("{message}; {next}")),
        }
    }
}

/// A report that comes with a returned status: on stderr, nowhere, or to
/// the program's function, as [`status_reports`] says.
fn report_status(message: std::fmt::Arguments<'_>) {
    let (reports, unknown) = current_status_reports();
    if let Some(value) = unknown {
        static SAID: std::sync::Once = std::sync::Once::new();
        SAID.call_once(|| {
            report_line(format_args!(
                "abi-core: {STATUS_REPORTS_VARIABLE}={value} is not understood (`off` or `stderr`); reporting on stderr"
            ));
        });
    }
    match reports {
        StatusReports::Stderr => report_line(message),
        StatusReports::Off => {}
        StatusReports::To(receive) => {
            let line = message.to_string();
            // The receiver is the program's code, running inside a shim's
            // cold path: a panic there must not unwind into the foreign
            // caller.
            if catch_unwind(AssertUnwindSafe(|| receive(&line))).is_err() {
                report_line(format_args!(
                    "abi-core: the status-report function given to `set_status_reports` panicked; aborting"
                ));
                std::process::abort()
            }
        }
    }
}

/// Write one line to stderr. Errors are ignored: a closed stderr must not
/// turn a report into a second panic, and a pipe whose reader has gone must
/// not kill the process (see [`without_sigpipe`]): a diagnostic never
/// changes the outcome it reports.
pub(crate) fn report_line(message: std::fmt::Arguments<'_>) {
    let line = format!("{message}\n");
    without_sigpipe(|| {
        let mut stderr = std::io::stderr().lock();
        let _ = stderr.write_all(line.as_bytes());
        let _ = stderr.flush();
    });
}

/// Run `write` with SIGPIPE blocked on this thread, and discard a SIGPIPE
/// it raised. A Rust `main` ignores SIGPIPE, but a C or C++ `main` (every
/// simulator) keeps the default action, which kills the process when
/// stderr is a pipe whose reader has gone: a `Result` function given a bad
/// argument would die instead of returning its status.
#[cfg(all(unix, not(miri)))]
fn without_sigpipe(write: impl FnOnce()) {
    use core::mem::MaybeUninit;
    use core::ptr::null_mut;
    let mut pipe = MaybeUninit::<libc::sigset_t>::uninit();
    // SAFETY: `sigemptyset` initialises the set it is given.
    unsafe { libc::sigemptyset(pipe.as_mut_ptr()) };
    // SAFETY: the set was initialised just above.
    unsafe { libc::sigaddset(pipe.as_mut_ptr(), libc::SIGPIPE) };
    // SAFETY: initialised by the two calls above.
    let pipe = unsafe { pipe.assume_init() };
    let mut previous = MaybeUninit::<libc::sigset_t>::uninit();
    // SAFETY: changes this thread's mask only (restored below) and fills
    // `previous` on success.
    if unsafe { libc::pthread_sigmask(libc::SIG_BLOCK, &pipe, previous.as_mut_ptr()) } != 0 {
        write();
        return;
    }
    // SAFETY: filled by the successful call above.
    let previous = unsafe { previous.assume_init() };
    let pending_before = sigpipe_pending();
    write();
    // A SIGPIPE pending before the write is someone else's; leave it.
    if !pending_before && sigpipe_pending() {
        let now = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: consumes the SIGPIPE the write raised, which is pending
        // and blocked, without waiting (zero timeout).
        unsafe { libc::sigtimedwait(&pipe, null_mut(), &now) };
    }
    // SAFETY: restores the mask saved above.
    unsafe { libc::pthread_sigmask(libc::SIG_SETMASK, &previous, null_mut()) };
}

/// Whether SIGPIPE is pending for this thread or the process.
#[cfg(all(unix, not(miri)))]
fn sigpipe_pending() -> bool {
    let mut pending = core::mem::MaybeUninit::<libc::sigset_t>::uninit();
    // SAFETY: `sigpending` fills the set.
    let filled = unsafe { libc::sigpending(pending.as_mut_ptr()) } == 0;
    // SAFETY: read only when `sigpending` filled it.
    filled && unsafe { libc::sigismember(pending.as_ptr(), libc::SIGPIPE) } == 1
}

// Miri has no signal masks; its replays never write to a broken pipe.
#[cfg(any(not(unix), miri))]
fn without_sigpipe(write: impl FnOnce()) {
    write();
}

/// The steps of a `#[c_export]` shim's argument conversion: for a
/// parameter of type `T` (`CParam`; the `slice_` ones for `CSliceParam`,
/// a pointer and a length), `borrow` ([`CParam::checked_borrow`](crate::c::CParam::checked_borrow)),
/// `first` and `second` (the two passes), or `convert` (`from_c`, for a
/// function of one parameter). Each `*_or_abort` reports a bad argument,
/// naming it, and aborts; each `*_or_status` returns the status to return
/// instead. A shim calls one step per argument: the code of each is
/// instantiated once per type in a crate instead of written out in every
/// shim (written out, the steps were 45% of the instructions rustc spent
/// on a crate of 100 two-argument functions). Inlined, the shims' code is
/// the same.
///
/// # Safety (every step)
///
/// As for the trait function it calls: the C caller passes arguments of
/// the header's types, valid for the call as the header documents; `first`
/// is what the `first` step returned for the same argument.
macro_rules! c_argument_steps {
    ($(
        $trait:ident: $abort:ident, $status:ident,
        ($([$first:ident: $first_ty:ty])? $($raw:ident: $raw_ty:ty),+) -> $out:ty = $call:expr;
    )*) => {$(
        #[doc(hidden)]
        #[cfg_attr(not(abi_core_unoptimised), inline)]
        #[allow(clippy::missing_safety_doc, reason = "documented on the macro")]
        #[allow(unused_unsafe, reason = "a slice's borrow check is a safe function")]
        pub unsafe fn $abort<T: crate::c::$trait>(
            $($first: $first_ty,)?
            $($raw: $raw_ty,)+
            function: &'static FunctionEntry,
            param: usize,
        ) -> $out {
            // SAFETY: the caller's contract (above).
            argument_or_abort(unsafe { $call }, function, param)
        }

        #[doc(hidden)]
        #[cfg_attr(not(abi_core_unoptimised), inline)]
        #[allow(clippy::missing_safety_doc, reason = "documented on the macro")]
        #[allow(unused_unsafe, reason = "a slice's borrow check is a safe function")]
        pub unsafe fn $status<T: crate::c::$trait>(
            $($first: $first_ty,)?
            $($raw: $raw_ty,)+
            function: &'static FunctionEntry,
            param: usize,
        ) -> Result<$out, i32> {
            // SAFETY: the caller's contract (above).
            match unsafe { $call } {
                Ok(value) => Ok(value),
                Err(error) => Err(argument_status(function, param, error)),
            }
        }
    )*};
}

c_argument_steps! {
    CParam: c_borrow_or_abort, c_borrow_or_status,
        (raw: T::Raw) -> Option<Borrow> = T::checked_borrow(raw);
    CParam: c_first_or_abort, c_first_or_status,
        (raw: T::Raw) -> Option<T> = T::first_pass(raw).0;
    CParam: c_second_or_abort, c_second_or_status,
        ([first: Option<T>] raw: T::Raw) -> T = T::second_pass(first, raw).0;
    CParam: c_convert_or_abort, c_convert_or_status,
        (raw: T::Raw) -> T = T::from_c(raw);
    CSliceParam: c_slice_borrow_or_abort, c_slice_borrow_or_status,
        (ptr: T::Ptr, len: usize) -> Option<Borrow> = T::checked_borrow(ptr, len);
    CSliceParam: c_slice_first_or_abort, c_slice_first_or_status,
        (ptr: T::Ptr, len: usize) -> Option<T> = T::first_pass(ptr, len).0;
    CSliceParam: c_slice_second_or_abort, c_slice_second_or_status,
        ([first: Option<T>] ptr: T::Ptr, len: usize) -> T = T::second_pass(first, ptr, len).0;
    CSliceParam: c_slice_convert_or_abort, c_slice_convert_or_status,
        (ptr: T::Ptr, len: usize) -> T = T::from_c(ptr, len);
}

/// The whole body of a `#[c_export]` shim whose function takes two to eight
/// arguments passed as one C value each (`CParam`) and returns through
/// `CResult`, with no status channel: every argument checked
/// (`checked_borrow`), no exclusive one overlapping another, the readers
/// converted before the writers, the function called inside the panic
/// guard, the result converted to C. The same steps as a shim that writes
/// them out per argument (those with a status, or a slice among several
/// arguments, keep doing so), in one generic function: a crate's type
/// checker then sees one call per shim instead of three per argument (100
/// two-argument exports: 1.51 G of rustc's instructions to 0.95 G), and a
/// crate instantiates it once per signature. The raw types are generic
/// parameters bound by equality (`A: CParam<Raw = RA>`), not projections
/// in the signature, and the shim names them in its type arguments (`<A
/// as CParam>::Raw`): so rustc reports an unsupported type once, at the
/// user's type, where the shim's own signature already names it, whether
/// the type has no implementation or one whose own bound fails
/// (`ubitint!(8388609)`).
///
/// # Safety
///
/// As for the steps: the C caller passes arguments of the header's types,
/// valid for the call as the header documents.
macro_rules! c_shims {
    ($($shim:ident($($arg:ident: $ty:ident = $raw:ident [$index:tt]),+);)*) => {$(
        #[doc(hidden)]
        #[cfg_attr(not(abi_core_unoptimised), inline)]
        #[allow(clippy::missing_safety_doc, reason = "documented on the macro")]
        #[allow(clippy::too_many_arguments, reason = "one per argument of the shim")]
        pub unsafe fn $shim<$($ty,)+ R, $($raw,)+ RR>(
            function: &'static FunctionEntry,
            body: fn($($ty),+) -> R,
            $($arg: $raw,)+
        ) -> RR
        where
            $($ty: crate::c::CParam<Raw = $raw>, $raw: Copy,)+
            R: crate::c::CResult<Raw = RR>,
        {
            let args = (($($arg,)+), body, function);
            abort_on_panic(function, &args, |&(($($arg,)+), body, function)| {
                let borrows = [$(
                    // SAFETY: the caller's contract (above).
                    unsafe { c_borrow_or_abort::<$ty>($arg, function, $index) }
                ),+];
                // A constant condition (as for DPI-C's imports): rustc then
                // compiles the overlap check only into instances of two
                // borrowing types, and LLVM never sees it for scalars (a
                // crate's first export of two `i32`: 1638 lines of IR
                // before, 1049 after).
                if const { 0 $(+ $ty::BORROWS as usize)+ >= 2 } {
                    disjoint_or_abort(function, &borrows);
                }
                let firsts = ($(
                    // SAFETY: the caller's contract; every argument was
                    // checked and no exclusive one overlaps another.
                    unsafe { c_first_or_abort::<$ty>($arg, function, $index) },
                )+);
                let value = body($(
                    // SAFETY: as above, given what the first pass returned
                    // for the same argument.
                    unsafe { c_second_or_abort::<$ty>(firsts.$index, $arg, function, $index) }
                ),+);
                R::into_c(value)
            })
        }
    )*};
}

// The list the macros read (`GENERIC_SHIM_ARGUMENTS`) and these agree:
// `c_shim1`/`c_slice_shim1` below, `c_shim2`..`c_shim8` from the macro.
const _: () = assert!(
    *crate::model::c::GENERIC_SHIM_ARGUMENTS.start() == 1
        && *crate::model::c::GENERIC_SHIM_ARGUMENTS.end() == 8
);

/// The whole body of a `#[c_export]` shim whose function takes one
/// argument passed as one C value (`CParam`) and returns through
/// `CResult`, with no status channel: the argument converted (no overlap
/// to check), the function called inside the panic guard, the result
/// converted to C. The steps a written-out shim of one argument makes, in
/// one generic function, as [`c_shim2`] is for more arguments: rustc
/// type-checks and compiles one call per shim instead of a closure, and a
/// crate instantiates the body once per signature.
///
/// # Safety
///
/// As for the steps: the C caller passes an argument of the header's type,
/// valid for the call as the header documents.
#[doc(hidden)]
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub unsafe fn c_shim1<A, R, RA, RR>(function: &'static FunctionEntry, body: fn(A) -> R, a: RA) -> RR
where
    A: crate::c::CParam<Raw = RA>,
    RA: Copy,
    R: crate::c::CResult<Raw = RR>,
{
    let args = (a, body, function);
    abort_on_panic(function, &args, |&(a, body, function)| {
        // SAFETY: the caller's contract (above).
        let a = unsafe { c_convert_or_abort::<A>(a, function, 0) };
        R::into_c(body(a))
    })
}

/// As [`c_shim1`], for a function whose one argument is a slice or a
/// `&str` (`CSliceParam`: a pointer and a length, two C parameters).
///
/// # Safety
///
/// As for the step: the C caller passes a pointer and a length of the
/// header's types; NULL, misalignment, impossible lengths and invalid
/// UTF-8 are checked (`from_c`).
#[doc(hidden)]
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub unsafe fn c_slice_shim1<A, R, P, RR>(
    function: &'static FunctionEntry,
    body: fn(A) -> R,
    ptr: P,
    len: usize,
) -> RR
where
    A: crate::c::CSliceParam<Ptr = P>,
    P: Copy,
    R: crate::c::CResult<Raw = RR>,
{
    let args = (ptr, len, body, function);
    abort_on_panic(function, &args, |&(ptr, len, body, function)| {
        // SAFETY: the caller's contract (above).
        let a = unsafe { c_slice_convert_or_abort::<A>(ptr, len, function, 0) };
        R::into_c(body(a))
    })
}

c_shims! {
    c_shim2(a: A = RA [0], b: B = RB [1]);
    c_shim3(a: A = RA [0], b: B = RB [1], c: C = RC [2]);
    c_shim4(a: A = RA [0], b: B = RB [1], c: C = RC [2], d: D = RD [3]);
    c_shim5(a: A = RA [0], b: B = RB [1], c: C = RC [2], d: D = RD [3], e: E = RE [4]);
    c_shim6(a: A = RA [0], b: B = RB [1], c: C = RC [2], d: D = RD [3], e: E = RE [4], f: F = RF [5]);
    c_shim7(a: A = RA [0], b: B = RB [1], c: C = RC [2], d: D = RD [3], e: E = RE [4], f: F = RF [5], g: G = RG [6]);
    c_shim8(a: A = RA [0], b: B = RB [1], c: C = RC [2], d: D = RD [3], e: E = RE [4], f: F = RF [5], g: G = RG [6], h: H = RH [7]);
}
