//! What `#[dpi_import]` understood of the function.

use abi_model::sv::{MAX_PACKED_RESULT_BITS, PACKED_RESULT_RULE};
use syn::{FnArg, Ident, ItemFn, LitStr, Pat, ReturnType, Type};

use super::args::Args;
use crate::dpi_flavour::DpiFlavour;
pub(crate) use crate::dpi_param::Direction;
use crate::dpi_param::{Side, classify};
use crate::errors::Errors;
use crate::syntax::{self, Position, check_attributes, check_plain_signature};

pub(crate) struct ParamModel {
    pub(crate) name: String,
    /// The value type: `T` for `&mut T` outputs and inouts, the parameter's
    /// type for inputs.
    pub(crate) value: Type,
    /// The parameter's type as written.
    pub(crate) written: Type,
    pub(crate) direction: Direction,
}

pub(crate) struct FunctionModel {
    pub(crate) ident: Ident,
    /// The C symbol (the Rust name).
    pub(crate) symbol: LitStr,
    /// The SystemVerilog name.
    pub(crate) sv_name: LitStr,
    /// More SystemVerilog names of the same C function.
    pub(crate) aliases: Vec<LitStr>,
    pub(crate) context: bool,
    pub(crate) pure: bool,
    pub(crate) task: bool,
    pub(crate) is_unsafe: bool,
    pub(crate) named_args: bool,
    pub(crate) doc: String,
    pub(crate) params: Vec<ParamModel>,
    pub(crate) result: Type,
    /// The DPI-C ABI its shim follows.
    pub(crate) flavour: crate::dpi_flavour::DpiFlavour,
}

/// Take `#[inout]` off the parameters (it is ours, and not a real attribute),
/// returning for each parameter whether it was there.
pub(crate) fn strip_inout(f: &mut ItemFn) -> Vec<Option<syn::Attribute>> {
    f.sig
        .inputs
        .iter_mut()
        .map(|input| match input {
            FnArg::Typed(typed) => {
                let position = typed.attrs.iter().position(|a| a.path().is_ident("inout"));
                position.map(|i| typed.attrs.remove(i))
            }
            FnArg::Receiver(_) => None,
        })
        .collect()
}

impl FunctionModel {
    pub(crate) fn build(
        args: &Args,
        f: &ItemFn,
        inout: &[Option<syn::Attribute>],
        errors: &mut Errors,
    ) -> Option<FunctionModel> {
        let sig = &f.sig;
        let flavour = crate::dpi_flavour::resolve(args.flavour, errors);
        check_attributes(&f.attrs, "dpi_import", errors);
        check_plain_signature(sig, "#[dpi_import]", errors);

        let mut params = Vec::new();
        for (index, input) in sig.inputs.iter().enumerate() {
            let typed = match input {
                FnArg::Receiver(receiver) => {
                    errors.spanned(receiver, "methods cannot be imported by SystemVerilog; write a free function (pass a `chandle` for an object)");
                    continue;
                }
                FnArg::Typed(typed) => typed,
            };
            let name = match &*typed.pat {
                Pat::Ident(p) if p.subpat.is_none() => crate::syntax::unraw(&p.ident),
                Pat::Wild(_) => format!("arg{index}"),
                other => {
                    errors.spanned(
                        other,
                        "patterns cannot name a DPI argument; bind the argument to a name",
                    );
                    continue;
                }
            };
            let marked_inout = inout.get(index).and_then(Option::as_ref);
            let Some((direction, value)) = classify(&typed.ty, marked_inout, Side::Import, errors)
            else {
                continue;
            };
            params.push(ParamModel {
                name,
                value,
                written: (*typed.ty).clone(),
                direction,
            });
        }

        let result: Type = match &sig.output {
            ReturnType::Default => syn::parse_quote!(()),
            ReturnType::Type(_, ty) => {
                // C's rule for `Option` (only nullable pointers) is not
                // DPI-C's: which `Option`s are string results that can be
                // NULL is `DpiResult`'s to say.
                let is_option = syntax::last_segment(ty).is_some_and(|s| s.ident == "Option");
                let rejected =
                    crate::dpi_param::rejected_dpi_type(ty, None, crate::dpi_param::Side::Import)
                        .or_else(|| {
                            (!is_option)
                                .then(|| syntax::rejected_type(ty, Position::Result))
                                .flatten()
                        });
                if let Some((offender, message)) = rejected {
                    errors.spanned(offender, message);
                }
                (**ty).clone()
            }
        };
        if let Some(width) =
            packed_width(&result).filter(|w| *w > u64::from(MAX_PACKED_RESULT_BITS))
        {
            errors.spanned(
                &result,
                format!(
                    "{PACKED_RESULT_RULE}; this one has {width} bits: `out: &mut Bits<{width}>`"
                ),
            );
        }
        let task = args.task.is_some();
        if task && !syntax::is_unit(&result) {
            errors.spanned(&sig.output, "a DPI-C task returns nothing (its C result is the disable flag); return values through `&mut T` outputs");
        }
        // IEEE 1800 35.5.2's rule for `pure`; Verilator accepts a `pure`
        // import with outputs or without a result (5.006 and 5.049 lint
        // it clean), so its flavour declares it as written.
        let standard_pure = args.pure.as_ref().filter(|_| flavour == DpiFlavour::Ieee);
        if let Some(pure) = standard_pure {
            if syntax::is_unit(&result) {
                errors.spanned(
                    pure,
                    "a `pure` import must return a value (IEEE 1800 35.5.2)",
                );
            }
            for p in &params {
                if p.direction != Direction::In {
                    errors.spanned(
                        &p.written,
                        "a `pure` import cannot have outputs or inouts (IEEE 1800 35.5.2); Verilator accepts them (`#[dpi_import(pure, verilator)]`)",
                    );
                }
            }
        }

        let rust_name = crate::syntax::unraw(&sig.ident);
        let symbol = LitStr::new(&rust_name, sig.ident.span());
        let sv_name = args.name.clone().unwrap_or_else(|| symbol.clone());
        let sv_name_problem = abi_model::names::sv_name_problem;
        syntax::check_exported_name(&sv_name, "SystemVerilog name", sv_name_problem, errors);
        for alias in &args.aliases {
            syntax::check_exported_name(alias, "SystemVerilog alias", sv_name_problem, errors);
        }
        Some(FunctionModel {
            ident: sig.ident.clone(),
            symbol,
            sv_name,
            aliases: args.aliases.clone(),
            context: args.context.is_some(),
            pure: args.pure.is_some(),
            task,
            is_unsafe: sig.unsafety.is_some(),
            named_args: args.named_args,
            doc: syntax::doc_string(&f.attrs),
            params,
            result,
            flavour,
        })
    }
}

/// The width of a `Bits<N>` or `bits!(N)` type written with a literal N.
fn packed_width(ty: &Type) -> Option<u64> {
    let literal = |tokens: proc_macro2::TokenStream| -> Option<u64> {
        let lit: syn::LitInt = syn::parse2(tokens.into_iter().next()?.into()).ok()?;
        lit.base10_parse().ok()
    };
    match ty {
        Type::Macro(m) if m.mac.path.segments.last()?.ident == "bits" => {
            literal(m.mac.tokens.clone())
        }
        _ => {
            let segment = syntax::last_segment(ty)?;
            if segment.ident != "Bits" {
                return None;
            }
            let syn::PathArguments::AngleBracketed(args) = &segment.arguments else {
                return None;
            };
            match args.args.first()? {
                syn::GenericArgument::Const(syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Int(i),
                    ..
                })) => i.base10_parse().ok(),
                // `Bits<64>` parses as a type argument only for paths; a
                // literal is a const argument.
                _ => None,
            }
        }
    }
}
