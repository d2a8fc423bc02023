//! Which DPI-C ABI a `#[dpi_import]` function or a `#[dpi_export]` block
//! follows: the attribute's `ieee` or `verilator` argument, else the
//! crate's own default (`ABI_CORE_DPI_FLAVOUR`, which its build script
//! sets with `cargo::rustc-env`: per crate, never unified with other
//! crates), else the standard's. The macros then name the traits of that
//! flavour; abi-core carries both.

use proc_macro2::TokenStream;
use quote::quote;
use syn::Meta;

pub(crate) use abi_model::sv::DpiFlavour;

use crate::errors::Errors;
use crate::tokens::private;

/// The arguments that choose a flavour, for the attributes' lists of
/// known arguments.
pub(crate) const ARGUMENTS: &str = "`ieee` or `verilator` (the DPI-C ABI)";

/// If `meta` is `ieee` or `verilator`: record it in `slot` (a repetition
/// or a second flavour is an error) and say so.
pub(crate) fn argument(meta: &Meta, slot: &mut Option<DpiFlavour>, errors: &mut Errors) -> bool {
    let Some(flavour) = meta
        .path()
        .get_ident()
        .and_then(|ident| DpiFlavour::parse(&ident.to_string()))
    else {
        return false;
    };
    if !matches!(meta, Meta::Path(_)) {
        errors.spanned(meta, format!("`{}` takes no value", flavour.name()));
    } else if let Some(first) = slot {
        errors.spanned(
            meta,
            format!(
                "the DPI-C ABI is given twice (`{}` and `{}`): write one",
                first.name(),
                flavour.name()
            ),
        );
    } else {
        *slot = Some(flavour);
    }
    true
}

/// The flavour of a function: as written, else the crate's default, else
/// the standard's. A default that names no flavour is an error.
pub(crate) fn resolve(written: Option<DpiFlavour>, errors: &mut Errors) -> DpiFlavour {
    if let Some(flavour) = written {
        return flavour;
    }
    match std::env::var(DpiFlavour::ENV) {
        Ok(value) => DpiFlavour::parse(value.trim()).unwrap_or_else(|| {
            errors.push(syn::Error::new(
                proc_macro2::Span::call_site(),
                format!(
                    "`{}={value}` (set for this crate, usually by its build script's `cargo::rustc-env`) names no DPI-C ABI: write `{0}=ieee` (IEEE 1800, the default) or `{0}=verilator`",
                    DpiFlavour::ENV
                ),
            ));
            DpiFlavour::Ieee
        }),
        Err(_) => DpiFlavour::Ieee,
    }
}

/// The traits the generated code names for this flavour's ABI.
pub(crate) struct Traits {
    /// `DpiType`'s.
    pub(crate) ty: TokenStream,
    /// `DpiValue`'s.
    pub(crate) value: TokenStream,
    /// `DpiResult`'s.
    pub(crate) result: TokenStream,
    /// `DpiExportResult`'s.
    pub(crate) export_result: TokenStream,
    /// The flavour, as a value of the registry.
    pub(crate) flavour: TokenStream,
    /// The compile-time check of a parameter's declaration: the standard's
    /// rules, and Verilator's own for its flavour.
    pub(crate) param_check: &'static str,
}

pub(crate) fn traits(flavour: DpiFlavour) -> Traits {
    let p = private();
    match flavour {
        DpiFlavour::Ieee => Traits {
            ty: quote!(#p::DpiType),
            value: quote!(#p::DpiValue),
            result: quote!(#p::DpiResult),
            export_result: quote!(#p::DpiExportResult),
            flavour: quote!(#p::DpiFlavour::Ieee),
            param_check: "accepted_param",
        },
        DpiFlavour::Verilator => Traits {
            ty: quote!(#p::VerilatorType),
            value: quote!(#p::VerilatorValue),
            result: quote!(#p::VerilatorResult),
            export_result: quote!(#p::VerilatorExportResult),
            flavour: quote!(#p::DpiFlavour::Verilator),
            param_check: "accepted_verilator_param",
        },
    }
}
