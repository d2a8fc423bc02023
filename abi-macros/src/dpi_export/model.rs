//! What `#[dpi_export]` understood of the declarations.

use syn::{FnArg, ForeignItem, Ident, ItemForeignMod, Pat, ReturnType, Type, Visibility};

pub(crate) use crate::dpi_param::Direction;
use crate::dpi_param::{Side, classify};
use crate::errors::Errors;
use crate::syntax;

pub(crate) struct ParamModel {
    pub(crate) ident: Ident,
    pub(crate) value: Type,
    pub(crate) written: Type,
    pub(crate) direction: Direction,
}

pub(crate) struct ExportModel {
    pub(crate) vis: Visibility,
    pub(crate) ident: Ident,
    /// `#[name = "sv_name"]`: the SystemVerilog name, when it is not the C
    /// symbol (the declared name): `export "DPI-C" c_name = function sv_name`.
    pub(crate) sv_name: Option<syn::LitStr>,
    pub(crate) doc: String,
    pub(crate) params: Vec<ParamModel>,
    pub(crate) result: Type,
    /// `#[task]`: a SystemVerilog task, whose C result is the disable flag
    /// (or nothing, in Verilator).
    pub(crate) task: bool,
    /// The DPI-C ABI the wrapper calls the export with.
    pub(crate) flavour: crate::dpi_flavour::DpiFlavour,
}

pub(crate) fn build(
    block: &ItemForeignMod,
    flavour: crate::dpi_flavour::DpiFlavour,
    errors: &mut Errors,
) -> Vec<ExportModel> {
    crate::syntax::require_unsafe_block(block, "SystemVerilog's exports", errors);
    if let Some(name) = &block.abi.name
        && name.value() != "C"
    {
        errors.spanned(
            name,
            "SystemVerilog exports use the C ABI: write `extern \"C\"`",
        );
    }
    let mut exports = Vec::new();
    for item in &block.items {
        let ForeignItem::Fn(f) = item else {
            errors.spanned(
                item,
                "only function declarations can be SystemVerilog exports",
            );
            continue;
        };
        let sig = &f.sig;
        if !sig.generics.params.is_empty() {
            errors.spanned(&sig.generics, "SystemVerilog exports are not generic");
        }
        if let Some(v) = &sig.variadic {
            errors.spanned(v, "SystemVerilog exports are not variadic");
        }
        let mut params = Vec::new();
        for input in &sig.inputs {
            let FnArg::Typed(typed) = input else { continue };
            let ident = match &*typed.pat {
                Pat::Ident(p) => p.ident.clone(),
                other => {
                    errors.spanned(other, "name the argument");
                    continue;
                }
            };
            let inout = typed.attrs.iter().find(|a| a.path().is_ident("inout"));
            let Some((direction, value)) = classify(&typed.ty, inout, Side::Export, errors) else {
                continue;
            };
            params.push(ParamModel {
                ident,
                value,
                written: (*typed.ty).clone(),
                direction,
            });
        }
        let task = f.attrs.iter().any(|a| a.path().is_ident("task"));
        let mut sv_name = None;
        for attr in f.attrs.iter().filter(|a| a.path().is_ident("name")) {
            crate::attribute_args::string_argument(
                &attr.meta,
                &mut sv_name,
                "the SystemVerilog name",
                "#[name = \"sv_name\"]",
                errors,
            );
        }
        if let Some(name) = &sv_name {
            let problem = abi_model::names::sv_name_problem;
            syntax::check_exported_name(name, "SystemVerilog name", problem, errors);
        }
        let result = match &sig.output {
            ReturnType::Default => syn::parse_quote!(()),
            ReturnType::Type(_, ty) => {
                if task {
                    errors.spanned(
                        ty,
                        "a SystemVerilog task has no result: pass values back through output arguments (`&mut T`), or declare a function",
                    );
                }
                (**ty).clone()
            }
        };
        exports.push(ExportModel {
            vis: f.vis.clone(),
            ident: sig.ident.clone(),
            sv_name,
            doc: syntax::doc_string(&f.attrs),
            params,
            result,
            task,
            flavour,
        });
    }
    exports
}
