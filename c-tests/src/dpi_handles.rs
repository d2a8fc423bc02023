//! A `chandle` owned by foreign C code (issue #34): an existing C model's
//! state, which SystemVerilog holds and Rust passes back to the model.
//! The "C model" is written here with a C interface (`cmodel_*`, as a C
//! library would export it), and its state is memory Rust's `Chandle`
//! table knows nothing about.

use abi_core::dpi::ForeignChandle;
use abi_core::dpi_import;
use core::ffi::c_void;

/// The C model's state.
#[repr(C)]
struct CModel {
    total: i64,
    magic: u32,
}

const MAGIC: u32 = 0xC0DE_0D31;

/// `void *cmodel_new(long long start)`: allocates the state.
extern "C" fn cmodel_new(start: i64) -> *mut c_void {
    Box::into_raw(Box::new(CModel {
        total: start,
        magic: MAGIC,
    }))
    .cast()
}

/// `long long cmodel_add(void *state, int x)`.
///
/// # Safety
///
/// `state` comes from `cmodel_new` and was not freed.
unsafe extern "C" fn cmodel_add(state: *mut c_void, x: i32) -> i64 {
    // SAFETY: the caller's contract.
    let model = unsafe { &mut *state.cast::<CModel>() };
    assert_eq!(model.magic, MAGIC, "not a C model");
    model.total += i64::from(x);
    model.total
}

/// `long long cmodel_free(void *state)`: frees it, returning its total.
///
/// # Safety
///
/// As for `cmodel_add`; the state is not used again.
unsafe extern "C" fn cmodel_free(state: *mut c_void) -> i64 {
    // SAFETY: the caller's contract.
    let model = unsafe { Box::from_raw(state.cast::<CModel>()) };
    model.total
}

/// A new C model, its pointer handed to SystemVerilog as a `chandle`.
#[dpi_import]
pub fn dpi_cmodel_new(start: i64) -> ForeignChandle {
    ForeignChandle::from_ptr(cmodel_new(start))
}

/// Adds `x` in the C model SystemVerilog passes back.
///
/// # Safety
///
/// `model` is a live handle from `dpi_cmodel_new` (the C model's contract,
/// which SystemVerilog keeps).
#[dpi_import]
pub unsafe fn dpi_cmodel_add(model: ForeignChandle, x: i32) -> i64 {
    // SAFETY: the caller's contract.
    unsafe { cmodel_add(model.as_ptr(), x) }
}

/// Frees the C model; returns its total.
///
/// # Safety
///
/// As for `dpi_cmodel_add`; the handle is not used again.
#[dpi_import]
pub unsafe fn dpi_cmodel_free(model: ForeignChandle) -> i64 {
    // SAFETY: the caller's contract.
    unsafe { cmodel_free(model.as_ptr()) }
}

/// Foreign handles through every direction, untouched: `out` takes the
/// inout's old value, the inout the input's; the result says whether the
/// input was null.
#[dpi_import]
pub fn dpi_foreign_rotate(
    a: ForeignChandle,
    out: &mut ForeignChandle,
    #[inout] io: &mut ForeignChandle,
    pair: [ForeignChandle; 2],
    pair_out: &mut [ForeignChandle; 2],
) -> bool {
    *out = *io;
    *io = a;
    *pair_out = [pair[1], pair[0]];
    a.is_null()
}

/// svdpi.h's runtime services, called from a `context` import: the DPI
/// version, where SystemVerilog called from, the disable state, and the
/// raw `svScope` round trip. 0 when all are as expected, else a bit per
/// failed check; `line` receives the caller's line.
#[dpi_import(context)]
pub fn dpi_runtime_services(line: &mut i32) -> i32 {
    use abi_core::dpi::{Scope, ack_disabled_state, caller_info, dpi_version, is_disabled_state};
    let mut failed = 0;
    if !dpi_version().is_ok_and(|v| v.starts_with("1800-") || v.starts_with("P1800-")) {
        failed |= 1;
    }
    match caller_info() {
        Ok(Some(info)) if info.file.ends_with("dpi_tb.sv") => *line = info.line,
        _ => failed |= 2,
    }
    // Verilator disables no task: never disabled; acknowledging is harmless.
    if is_disabled_state() != Ok(false) || ack_disabled_state().is_err() {
        failed |= 4;
    }
    match Scope::current() {
        Ok(Some(scope)) => {
            // SAFETY: the simulator's own scope, handed back.
            let again = unsafe { Scope::from_raw(scope.as_raw()) };
            if again != scope || again.name() != scope.name() {
                failed |= 8;
            }
        }
        _ => failed |= 8,
    }
    failed
}

/// Outside a `context` import there is no caller information.
#[dpi_import]
pub fn dpi_caller_info_outside_context() -> bool {
    matches!(abi_core::dpi::caller_info(), Ok(None))
}

/// Drops of [`Tracked`] values, counted to see user data freed.
static TRACKED_DROPS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// A value that counts its drop.
#[derive(Debug)]
struct Tracked(i32);

impl Drop for Tracked {
    fn drop(&mut self) {
        TRACKED_DROPS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }
}

static CALLS: abi_core::dpi::UserDataKey<std::sync::atomic::AtomicI32> =
    abi_core::dpi::UserDataKey::new();
static TRACKED: abi_core::dpi::UserDataKey<Tracked> = abi_core::dpi::UserDataKey::new();

/// Per-scope user data (`svPutUserData`/`svGetUserData`): counts its calls
/// in the calling scope's data (the result), and puts, reads, replaces and
/// takes a value under a second key, checking when each is freed; `failed`
/// receives a bit per failed check.
#[dpi_import(context)]
pub fn dpi_user_data(failed: &mut i32) -> i32 {
    use std::sync::atomic::{AtomicI32, Ordering::SeqCst};
    let scope = abi_core::dpi::Scope::current()
        .ok()
        .flatten()
        .expect("a context import has a scope");
    let counter = match scope.user_data(&CALLS) {
        Ok(Some(counter)) => counter,
        Ok(None) => {
            let _ = scope.put_user_data(&CALLS, AtomicI32::new(0));
            scope.user_data(&CALLS).ok().flatten().expect("just put")
        }
        Err(_) => {
            *failed = -1;
            return -1;
        }
    };
    let calls = counter.fetch_add(1, SeqCst) + 1;
    let mut bad = 0;
    let drops = TRACKED_DROPS.load(SeqCst);
    if !matches!(scope.put_user_data(&TRACKED, Tracked(calls)), Ok(None)) {
        bad |= 1;
    }
    let got = scope.user_data(&TRACKED).ok().flatten();
    if got.as_ref().map(|t| t.0) != Some(calls) {
        bad |= 2;
    }
    let replaced = scope.put_user_data(&TRACKED, Tracked(calls * 10));
    if replaced.as_ref().ok().and_then(|r| r.as_ref()).map(|t| t.0) != Some(calls) {
        bad |= 4;
    }
    drop(replaced);
    // Still shared by `got`: not freed.
    if TRACKED_DROPS.load(SeqCst) != drops {
        bad |= 8;
    }
    drop(got);
    if TRACKED_DROPS.load(SeqCst) != drops + 1 {
        bad |= 16;
    }
    let taken = scope.take_user_data(&TRACKED).ok().flatten();
    if taken.map(|t| t.0) != Some(calls * 10) {
        bad |= 32;
    }
    if TRACKED_DROPS.load(SeqCst) != drops + 2 {
        bad |= 64;
    }
    if !matches!(scope.user_data(&TRACKED), Ok(None)) {
        bad |= 128;
    }
    *failed = bad;
    calls
}
