//! The run-time side of the DPI-C flavours: a function built for the
//! standard's ABI whose C ABI differs in Verilator (`shortreal`, export
//! tasks: `DpiDecl::differs_between_flavours`) stops at its first call when
//! Verilator runs it, as when a team declares the library's functions with
//! its own `import "DPI-C"` lines and no generated file can refuse the
//! mismatch. Other functions, and every function of Verilator's flavour,
//! have no check at all (a constant of each shim decides).
//!
//! Verilator is recognised by its runtime: a weak reference to
//! `vl_finish(const char*, int, const char*)` (`_Z9vl_finishPKciS0_`), which
//! `verilated.o` defines in Verilator 5.006 and 5.049 alike, resolves to its
//! address when the runtime is linked in and to null otherwise (the same
//! link-time reference as the svdpi functions', `dpi/runtime.rs`); no
//! `-rdynamic` is needed.

use core::sync::atomic::{AtomicBool, Ordering};

use crate::model::function::FunctionEntry;

/// At the start of a standard-flavoured import whose ABI differs in
/// Verilator: abort, naming the function and the fix, when Verilator calls
/// it. Whether Verilator's runtime is linked is a property of the
/// process, so one flag serves every import (set once a first call found
/// no Verilator runtime): a call costs one compare of a byte and a
/// predictable branch, and no import needs a flag of its own.
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub fn standard_import_or_abort(function: &'static FunctionEntry) {
    if !NO_VERILATOR_RUNTIME.load(Ordering::Relaxed) {
        first_import_call(function);
    }
}

/// Set once a standard-flavoured import found no Verilator runtime.
static NO_VERILATOR_RUNTIME: AtomicBool = AtomicBool::new(false);

/// At the start of the wrapper of a standard-flavoured export whose ABI
/// differs in Verilator: as [`standard_import_or_abort`].
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub fn standard_export_or_abort(export: &'static str, checked: &'static AtomicBool) {
    if !checked.load(Ordering::Relaxed) {
        first_export_call(export, checked);
    }
}

#[cold]
#[inline(never)]
fn first_import_call(function: &'static FunctionEntry) {
    if verilator_runtime_linked() {
        mismatch(
            &format!(
                "`{}` (C symbol `{}`)",
                function.rust_path(),
                function.symbol
            ),
            "#[dpi_import(verilator)]",
        );
    }
    NO_VERILATOR_RUNTIME.store(true, Ordering::Relaxed);
}

#[cold]
#[inline(never)]
fn first_export_call(export: &'static str, checked: &AtomicBool) {
    if verilator_runtime_linked() {
        mismatch(
            &format!("the wrapper of the SystemVerilog export `{export}`"),
            "#[dpi_export(verilator)]",
        );
    }
    checked.store(true, Ordering::Relaxed);
}

fn mismatch(what: &str, attribute: &str) -> ! {
    crate::guard::report_line(format_args!(
        "abi-core: DPI-C ABI mismatch: {what} was built for the IEEE 1800 DPI-C ABI, but Verilator runs it, which passes `shortreal` as `double` and export tasks without the `int` disable flag, so its values would be wrong; build it for Verilator's ABI: `{attribute}`, or `println!(\"cargo::rustc-env=ABI_CORE_DPI_FLAVOUR=verilator\")` in the build script of the crate that defines it, then regenerate its package; aborting"
    ));
    std::process::abort()
}

/// Whether Verilator's runtime is linked into the running program: the
/// weak reference [`__linked_symbol!`](crate::__linked_symbol) writes (ELF
/// targets), else the look-up by name (a shared library loaded by a
/// Verilator executable that exports its symbols); under Miri, never.
fn verilator_runtime_linked() -> bool {
    static VL_FINISH: crate::dpi::runtime::LazySymbol =
        crate::__linked_symbol!("_Z9vl_finishPKciS0_");
    VL_FINISH.get().is_ok()
}

#[cfg(test)]
mod tests {
    /// A Rust test program has no Verilator runtime (the c-tests and xtask
    /// runs check the other side, inside Verilator).
    #[test]
    fn no_verilator_here() {
        assert!(!super::verilator_runtime_linked());
    }
}
