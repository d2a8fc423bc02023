//! `SvString`: an owned SystemVerilog `string`, for the directions where a
//! borrowed `&CStr` cannot say how long the text lives: `inout string`, an
//! output or result made at run time, and what an export hands back.
//!
//! Annex H leaves the memory of a string with the side that produced it.
//! Strings SystemVerilog produces (an inout's value, an export's output or
//! result) live only for the call, so `SvString` copies them at once.
//! Strings Rust produces (an output, an inout's new value, a result) must
//! stay valid until the simulator has copied them, which it does when the
//! import returns: they are kept in a per-thread list that the next import
//! call with string outputs or results on that thread frees, after its
//! function ran and before it hands over its own. The elements of an
//! `output`/`inout string` open array (`OpenArrayOut<'_, SvString>`,
//! standard flavour) are handed over the same way while the function runs;
//! the release after it frees only what was handed over before the call
//! began. So its inputs and inout
//! cells may still point at strings of the previous call (a C caller passing
//! a result back, an `inout` cell left holding what Rust wrote): they were
//! copied or are no longer used by then. A call nested in another import
//! (through an export) frees nothing, since the outer call's inputs may be
//! such strings.

use crate::model::sv::SvScalar;
use core::ffi::{CStr, c_char};
use std::cell::RefCell;
use std::ffi::{CString, NulError};
use std::fmt;

use super::{DpiExportResult, DpiResult, DpiType, DpiValue, SvType};
use crate::argument::ArgError;
use crate::c::C_CONST_CHAR_PTR;
use crate::model::c::CTypeDesc;
use crate::sealed::Sealed;

/// An owned SystemVerilog `string` (no NUL inside, as SystemVerilog's
/// strings cannot hold one either).
///
/// ```
/// use abi_core::dpi::SvString;
///
/// /// Appends `!`: an `inout string`.
/// #[abi_core::dpi_import]
/// pub fn shout(#[inout] text: &mut SvString) {
///     *text = SvString::new(format!("{}!", text.to_string_lossy())).unwrap();
/// }
///
/// /// A string made at run time, as the result.
/// #[abi_core::dpi_import]
/// pub fn describe(code: i32) -> SvString {
///     SvString::new(format!("code {code}")).unwrap()
/// }
///
/// let package = abi_core::emit::SvPackage::new("demo_pkg").render(&abi_core::Registry::all()).unwrap();
/// assert!(package.contains("function void shout(inout string text);"));
/// assert!(package.contains("function string describe(input int code);"));
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SvString(CString);

impl SvString {
    /// The string `text`, or the error that locates a NUL in it.
    pub fn new(text: impl Into<Vec<u8>>) -> Result<Self, NulError> {
        CString::new(text).map(SvString)
    }

    /// The text, without its terminating NUL.
    pub fn as_bytes(&self) -> &[u8] {
        self.0.as_bytes()
    }

    /// The NUL-terminated text.
    pub fn as_c_str(&self) -> &CStr {
        &self.0
    }

    /// The text, with invalid UTF-8 replaced.
    pub fn to_string_lossy(&self) -> std::borrow::Cow<'_, str> {
        self.0.to_string_lossy()
    }

    /// A copy of a C string SystemVerilog passed; NULL reads as empty.
    ///
    /// # Safety
    ///
    /// A non-NULL `raw` points to a NUL-terminated string, alive for the
    /// call.
    unsafe fn copied_from(raw: *const c_char) -> Self {
        if raw.is_null() {
            return SvString::default();
        }
        // SAFETY: non-NULL, NUL-terminated and alive (the caller's
        // contract); copied at once.
        SvString(unsafe { CStr::from_ptr(raw) }.to_owned())
    }

    /// Hands the text to the simulator: kept alive until the next import
    /// call with string outputs or results on this thread.
    pub(crate) fn handed_over(self) -> *const c_char {
        HANDED_OVER.with(|strings| {
            let mut strings = strings.borrow_mut();
            strings.push(self.0);
            strings.last().expect("just pushed").as_ptr()
        })
    }
}

impl From<&CStr> for SvString {
    fn from(text: &CStr) -> Self {
        SvString(text.to_owned())
    }
}

impl From<CString> for SvString {
    fn from(text: CString) -> Self {
        SvString(text)
    }
}

impl fmt::Debug for SvString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl fmt::Display for SvString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_string_lossy())
    }
}

thread_local! {
    /// The strings this thread handed to the simulator in the current
    /// import call; freed when the next one begins.
    static HANDED_OVER: RefCell<Vec<CString>> = const { RefCell::new(Vec::new()) };
}

/// How many strings this thread holds for the simulator: an import whose
/// outputs, result or open arrays may hand strings over takes it before
/// its function runs, and passes it to [`release_handed_strings`]. Not a
/// public API.
#[doc(hidden)]
pub fn handed_strings_mark() -> usize {
    HANDED_OVER.with(|strings| strings.borrow().len())
}

/// Frees the strings this thread handed over in earlier calls (the first
/// `mark`, from [`handed_strings_mark`] before the function ran): the
/// simulator copied each when the import that produced it returned. Those
/// handed over since (an `output string` open array's elements, written
/// while the function ran) are kept: the simulator copies them when this
/// call returns. An import whose outputs, result or open arrays may be
/// `SvString`s calls it after its function ran, before writing its
/// outputs; `own_grants` is 1 for a `context` import (its own
/// [`ScopeGrant`](super::ScopeGrant)), else 0. Inside another import or
/// [`Scope::with`](super::Scope::with) (more grants than its own), nothing
/// is freed: the enclosing call may still read an input that is one of
/// these strings. Not a public API.
///
/// # Safety
///
/// No reference to a string this thread handed over before `mark` is live
/// (an import's `&CStr` input may be one, passed back by the simulator):
/// the generated shims call it after the user's function returned.
#[doc(hidden)]
pub unsafe fn release_handed_strings(own_grants: u32, mark: usize) {
    if super::runtime::scope_grants() > u64::from(own_grants) {
        return;
    }
    // Taken out first: dropping runs no code that could re-enter.
    let old: Vec<CString> = HANDED_OVER.with(|strings| {
        let mut strings = strings.borrow_mut();
        let end = mark.min(strings.len());
        strings.drain(..end).collect()
    });
    drop(old);
}

/// How many strings this thread holds for the simulator.
#[cfg(test)]
fn handed_strings() -> usize {
    HANDED_OVER.with(|strings| strings.borrow().len())
}

// SAFETY: `string` is `const char *` in every direction (Annex H). Inputs
// and cells from the simulator are copied during the call (NULL reads as
// empty); pointers Rust hands over stay valid until the next import call
// with string outputs on the thread, after the simulator copied them.
unsafe impl DpiType for SvString {
    const SV_TYPE: SvType = SvType::Scalar(SvScalar::String);
    const OWNS_HANDED_STRINGS: Sealed<bool> = Sealed(true);
    type Input = *const c_char;
    const C_INPUT: CTypeDesc = C_CONST_CHAR_PTR;
    type Cell = *const c_char;
    const C_CELL: CTypeDesc = C_CONST_CHAR_PTR;
    fn initial() -> Self {
        SvString::default()
    }
    unsafe fn from_input(raw: *const c_char) -> Result<Self, ArgError> {
        // SAFETY: forwarded: the simulator's string, alive for the call.
        Ok(unsafe { SvString::copied_from(raw) })
    }
    unsafe fn from_cell(cell: *const c_char) -> Result<Self, ArgError> {
        // SAFETY: as above.
        Ok(unsafe { SvString::copied_from(cell) })
    }
    fn to_cell(self) -> *const c_char {
        self.handed_over()
    }
}

// SAFETY: an export's input: the pointer is valid while `f` runs (the
// string is borrowed for it).
unsafe impl DpiValue for SvString {
    fn with_input<R>(&self, f: impl FnOnce(*const c_char) -> R) -> R {
        f(self.0.as_ptr())
    }
}

// SAFETY: a `const char *` result, kept alive as the outputs are.
unsafe impl DpiResult for SvString {
    const SV_TYPE: SvType = SvType::Scalar(SvScalar::String);
    const OWNS_HANDED_STRINGS: Sealed<bool> = Sealed(true);
    type Raw = *const c_char;
    const C_TYPE: CTypeDesc = C_CONST_CHAR_PTR;
    fn into_c(self) -> *const c_char {
        self.handed_over()
    }
}

// SAFETY: `string` results are `const char *`: NULL for `None` (which
// IEEE 1800 Annex H leaves to the simulator), else the string kept alive
// as `SvString`'s result is. Not `SameInBothFlavours`, as
// `Option<&'static CStr>` (`VerilatorResult` refuses it at compile time).
// Not listed in diagnostics: the trait's note names it.
#[diagnostic::do_not_recommend]
unsafe impl DpiResult for Option<SvString> {
    const SV_TYPE: SvType = SvType::Scalar(SvScalar::String);
    const OWNS_HANDED_STRINGS: Sealed<bool> = Sealed(true);
    type Raw = *const c_char;
    const C_TYPE: CTypeDesc = C_CONST_CHAR_PTR;
    fn into_c(self) -> *const c_char {
        self.map_or(core::ptr::null(), SvString::handed_over)
    }
}

// SAFETY: what the export returned is copied at once (NULL reads as
// empty); SystemVerilog keeps it alive until then (Annex H).
unsafe impl DpiExportResult for SvString {
    // Called by the export wrappers, with the pointer the export
    // returned, which Annex H makes a live string or NULL.
    unsafe fn from_raw(raw: *const c_char) -> Self {
        // SAFETY: the export's result string, alive for the call.
        unsafe { SvString::copied_from(raw) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Frees every string this thread handed over (as an import with no
    /// grant does; nothing under an enclosing one).
    fn release_all() {
        // SAFETY: the tests borrow no handed-over string when they call it.
        unsafe { release_handed_strings(0, usize::MAX) };
    }

    #[test]
    fn handed_strings_live_until_released() {
        release_all();
        let a = SvString::new("first").unwrap().to_cell();
        let b = SvString::new("second").unwrap().into_c();
        assert_eq!(handed_strings(), 2);
        // SAFETY: kept until the release below.
        let a = unsafe { CStr::from_ptr(a) };
        // SAFETY: as above.
        let b = unsafe { CStr::from_ptr(b) };
        assert_eq!(
            (a.to_bytes(), b.to_bytes()),
            (&b"first"[..], &b"second"[..])
        );
        release_all();
        assert_eq!(handed_strings(), 0);
    }

    #[test]
    fn strings_handed_over_after_the_mark_are_kept() {
        release_all();
        let _ = SvString::new("an earlier call's").unwrap().to_cell();
        let mark = handed_strings_mark();
        // Handed over while this call's function runs (an open array's
        // element): the simulator reads it when the call returns.
        let during = SvString::new("this call's").unwrap().handed_over();
        // SAFETY: no string handed over before the mark is borrowed.
        unsafe { release_handed_strings(0, mark) };
        assert_eq!(handed_strings(), 1);
        // SAFETY: kept (checked above).
        assert_eq!(unsafe { CStr::from_ptr(during) }.to_bytes(), b"this call's");
        release_all();
        assert_eq!(handed_strings(), 0);
    }

    #[test]
    fn nested_calls_free_nothing() {
        release_all();
        let _ = SvString::new("outer's").unwrap().to_cell();
        // A `context` import running (one grant), then a call nested in it
        // through an export: that one is not its own.
        // SAFETY: no simulator runs here; the grant only counts.
        let outer = unsafe { crate::dpi::runtime::ScopeGrant::enter() };
        release_all();
        assert_eq!(handed_strings(), 1, "freed under an enclosing call");
        // The `context` import itself, with its own grant only.
        // SAFETY: no handed-over string is borrowed here.
        unsafe { release_handed_strings(1, usize::MAX) };
        assert_eq!(handed_strings(), 0);
        drop(outer);
    }

    #[test]
    fn strings_from_the_simulator_are_copied() {
        let text = CString::new("copied").unwrap();
        // SAFETY: a live NUL-terminated string.
        let copy = unsafe { SvString::from_cell(text.as_ptr()) }.unwrap();
        drop(text);
        assert_eq!(copy.as_bytes(), b"copied");
        // SAFETY: NULL is accepted and reads as empty.
        let empty = unsafe { SvString::from_input(core::ptr::null()) }.unwrap();
        assert_eq!(empty, SvString::default());
        assert!(SvString::new("a\0b").is_err());
    }
}

crate::argument::borrows_nothing!(SvString);
