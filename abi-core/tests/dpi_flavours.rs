//! Both DPI-C flavours in one program: each function keeps the ABI it was
//! written with (the C types its shim takes, its registry entry, its
//! declarations), and one package of both is refused.

use abi_core::Registry;
use abi_core::emit::{CHeader, CirctDpi, EmitError, SvPackage};
use abi_core::model::sv::DpiFlavour;

mod standard {
    /// Half of `x`, the standard's ABI (nothing chosen).
    #[abi_core::dpi_import]
    pub(crate) fn flavour_std_half(x: f32) -> f32 {
        x / 2.0
    }
}

/// String results that can be NULL: the standard's flavour only.
mod nullable {
    use core::ffi::CStr;

    /// `"known"`, or NULL.
    #[abi_core::dpi_import]
    pub(crate) fn flavour_std_maybe_name(known: bool) -> Option<&'static CStr> {
        known.then_some(c"known")
    }

    /// A string made for the call (`"item <n>"`), or NULL for a negative `n`.
    #[abi_core::dpi_import]
    pub(crate) fn flavour_std_maybe_owned(n: i32) -> Option<abi_core::dpi::SvString> {
        (n >= 0).then(|| abi_core::dpi::SvString::new(format!("item {n}")).unwrap())
    }
}

mod verilator {
    /// Half of `x`, Verilator's ABI.
    #[abi_core::dpi_import(verilator)]
    pub(crate) fn flavour_vl_half(x: f32, doubled: &mut f32) -> f32 {
        *doubled = 2.0 * x;
        x / 2.0
    }

    /// The same in both ABIs: no `shortreal`.
    #[abi_core::dpi_import(verilator)]
    pub(crate) fn flavour_vl_twice(x: i32) -> i32 {
        2 * x
    }
}

unsafe extern "C" {
    fn flavour_std_maybe_name(known: u8) -> *const core::ffi::c_char;
    fn flavour_std_maybe_owned(n: i32) -> *const core::ffi::c_char;
    fn flavour_std_half(x: f32) -> f32;
    fn flavour_vl_half(x: f64, doubled: *mut f64) -> f64;
}

#[test]
fn each_shim_takes_its_flavours_c_types() {
    // SAFETY: the standard's `float` in and out.
    assert_eq!(unsafe { flavour_std_half(3.0) }, 1.5);
    let mut doubled = 0.0f64;
    // SAFETY: Verilator's `double` in, `double *` out, `double` back.
    assert_eq!(unsafe { flavour_vl_half(3.0, &mut doubled) }, 1.5);
    assert_eq!(doubled, 6.0);
}

/// `None` is a NULL `const char *`; `Some` the string; the package says
/// `string`.
#[test]
fn nullable_string_results() {
    use core::ffi::CStr;
    // SAFETY: `svBit` in, `const char *` back.
    assert!(unsafe { flavour_std_maybe_name(0) }.is_null());
    // SAFETY: as above.
    let known = unsafe { flavour_std_maybe_name(1) };
    // SAFETY: a `'static` string.
    let known = unsafe { CStr::from_ptr(known) };
    assert_eq!(known, c"known");
    let registry = Registry::all();
    let result = |symbol: &str| {
        registry
            .function(symbol)
            .and_then(|f| f.abi.dpi())
            .map(|dpi| dpi.result.to_string())
    };
    assert_eq!(result("flavour_std_maybe_name").as_deref(), Some("string"));
    assert_eq!(result("flavour_std_maybe_owned").as_deref(), Some("string"));

    // An owned string: alive after the call (the simulator copies it);
    // NULL for `None`.
    // SAFETY: `int` in, `const char *` back.
    let first = unsafe { flavour_std_maybe_owned(7) };
    assert!(!first.is_null());
    // SAFETY: handed over by the last call, alive until the next one.
    assert_eq!(unsafe { CStr::from_ptr(first) }, c"item 7");
    // SAFETY: as above.
    assert!(unsafe { flavour_std_maybe_owned(-1) }.is_null());
    // SAFETY: as above.
    let second = unsafe { flavour_std_maybe_owned(12) };
    // SAFETY: as above.
    assert_eq!(unsafe { CStr::from_ptr(second) }, c"item 12");
}

#[test]
fn the_registry_and_the_files_follow_each_function() {
    let registry = Registry::all();
    let flavour = |symbol: &str| {
        registry
            .function(symbol)
            .and_then(|f| f.abi.dpi())
            .map(|dpi| dpi.flavour)
    };
    assert_eq!(flavour("flavour_std_half"), Some(DpiFlavour::Ieee));
    assert_eq!(flavour("flavour_vl_half"), Some(DpiFlavour::Verilator));

    let header = CHeader::new("both_dpi.h")
        .dpi_functions()
        .render(&registry)
        .unwrap();
    assert!(
        header.contains("float flavour_std_half(float x);"),
        "{header}"
    );
    assert!(
        header.contains("double flavour_vl_half(double x, double *doubled);"),
        "{header}"
    );
    // Each import whose ABI differs references its flavour's marker; the
    // others none.
    assert!(
        header.contains("= &abi_core_dpi_flavour__flavour_std_half__needs_library_built_for_ieee;")
    );
    assert!(
        header.contains(
            "= &abi_core_dpi_flavour__flavour_vl_half__needs_library_built_for_verilator;"
        )
    );
    assert!(!header.contains("abi_core_dpi_flavour__flavour_vl_twice"));

    // One package of both flavours: refused, naming one of each.
    let error = SvPackage::new("both").render(&registry).unwrap_err();
    assert!(matches!(error, EmitError::MixedFlavours { .. }));
    let message = error.to_string();
    assert!(
        message.contains("standard::flavour_std_half")
            && message.contains("verilator::flavour_vl_")
            && message.contains("Registry::for_crate"),
        "{message}"
    );
    // One package per flavour: each with its guard.
    let here = module_path!();
    let verilator = registry.clone().for_module(&format!("{here}::verilator"));
    let package = SvPackage::new("vl").render(&verilator).unwrap();
    assert!(package.contains("`ifndef VERILATOR"), "{package}");
    let standard = registry.clone().for_module(&format!("{here}::standard"));
    let package = SvPackage::new("std").render(&standard).unwrap();
    assert!(package.contains("`ifdef VERILATOR"), "{package}");

    // CIRCT's `f32` is a C `float`: the standard's `shortreal` only.
    let circt = CirctDpi::new("both").render(&registry).unwrap();
    assert!(
        circt.contains("sim.func.dpi @flavour_std_half(in %x : f32, return ret : f32)"),
        "{circt}"
    );
    assert!(circt.contains("flavour_vl_half (`"), "{circt}");
}
