//! What `#[c_export]` understood of the item, with the spans of the user's
//! tokens, after every syntactic check.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{FnArg, Ident, Item, ItemFn, ItemStruct, LitStr, Pat, ReturnType, Type};

use super::args::Args;
use crate::errors::Errors;
use crate::syntax::{self, Position, check_attributes};

#[allow(
    clippy::large_enum_variant,
    reason = "one short-lived value per expansion"
)]
pub(crate) enum Model {
    Function(FunctionModel),
    Struct(StructModel),
}

pub(crate) struct FunctionModel {
    pub(crate) ident: Ident,
    /// The exported symbol and where it came from (for its check).
    pub(crate) symbol: LitStr,
    pub(crate) is_unsafe: bool,
    pub(crate) named_args: bool,
    pub(crate) doc: String,
    pub(crate) params: Vec<ParamModel>,
    pub(crate) result: ResultModel,
}

pub(crate) struct ParamModel {
    /// The name C sees (the binding without `r#`, or `argN` for `_`).
    pub(crate) name: String,
    pub(crate) ty: Type,
    /// Passed as a pointer and a length.
    pub(crate) is_slice: bool,
}

#[allow(
    clippy::large_enum_variant,
    reason = "one short-lived value per expansion"
)]
pub(crate) enum ResultModel {
    /// Returned directly; `()` when the function has no return type.
    Value(Type),
    /// `Result<T, E>`: a status, and `T` through an out-pointer unless `()`.
    Status {
        whole: Type,
        ok: Type,
        err: Type,
        out_name: String,
    },
}

pub(crate) struct StructModel {
    pub(crate) ident: Ident,
    pub(crate) doc: String,
    pub(crate) fields: Vec<(Ident, Type)>,
}

impl Model {
    pub(crate) fn build(args: &Args, item: &Item, errors: &mut Errors) -> Option<Model> {
        match item {
            Item::Fn(f) => FunctionModel::build(args, f, errors).map(Model::Function),
            Item::Struct(s) => {
                if let Some(name) = &args.name {
                    errors.spanned(
                        name,
                        "`name` is not supported on structs: the C typedef has the Rust struct's name",
                    );
                }
                StructModel::build(s, errors).map(Model::Struct)
            }
            other => {
                errors.at(
                    item_keyword_span(other),
                    "`#[c_export]` applies to functions and to `#[repr(C)]` structs",
                );
                None
            }
        }
    }
}

fn item_keyword_span(item: &Item) -> Span {
    match item {
        Item::Enum(e) => e.enum_token.span,
        Item::Union(u) => u.union_token.span,
        Item::Impl(i) => i.impl_token.span,
        Item::Mod(m) => m.mod_token.span,
        Item::Static(s) => s.static_token.span,
        Item::Const(c) => c.const_token.span,
        Item::Trait(t) => t.trait_token.span,
        Item::Type(t) => t.type_token.span,
        Item::ForeignMod(f) => f.abi.extern_token.span,
        other => other.span(),
    }
}

impl FunctionModel {
    fn build(args: &Args, f: &ItemFn, errors: &mut Errors) -> Option<FunctionModel> {
        let sig = &f.sig;
        check_attributes(&f.attrs, "c_export", errors);
        crate::syntax::check_plain_signature(sig, "#[c_export]", errors);

        let mut params = Vec::new();
        for (index, input) in sig.inputs.iter().enumerate() {
            match input {
                FnArg::Receiver(receiver) => errors.spanned(
                    receiver,
                    "methods cannot be exported to C; write a free function taking the receiver as `&T`/`&mut T` (T a `#[c_export] #[repr(C)]` struct) or a raw pointer",
                ),
                FnArg::Typed(typed) => {
                    let name = match &*typed.pat {
                        Pat::Ident(p) if p.subpat.is_none() => syntax::unraw(&p.ident),
                        Pat::Wild(_) => format!("arg{index}"),
                        other => {
                            errors.spanned(
                                other,
                                "patterns cannot name a C parameter; bind the argument to a name and destructure it in the body",
                            );
                            continue;
                        }
                    };
                    if let Some((offender, message)) = syntax::rejected_type(&typed.ty, Position::Parameter) {
                        errors.spanned(offender, message);
                        continue;
                    }
                    if let Some((offender, message)) = syntax::c_bool_in_memory(&typed.ty, false) {
                        errors.spanned(offender, message);
                        continue;
                    }
                    if let Some((lifetime, message)) = syntax::static_in_parameter(&typed.ty) {
                        errors.spanned(lifetime, message);
                        continue;
                    }
                    params.push(ParamModel {
                        name,
                        is_slice: syntax::is_slice_like(&typed.ty),
                        ty: (*typed.ty).clone(),
                    });
                }
            }
        }

        let result = match &sig.output {
            ReturnType::Default => ResultModel::Value(syn::parse_quote!(())),
            ReturnType::Type(_, ty) => {
                if let Some((offender, message)) = syntax::rejected_type(ty, Position::Result) {
                    errors.spanned(offender, message);
                    return None;
                }
                Self::result_model(ty, &params)
            }
        };

        let symbol = args
            .name
            .clone()
            .unwrap_or_else(|| LitStr::new(&crate::syntax::unraw(&sig.ident), sig.ident.span()));
        let problem = abi_model::names::c_symbol_problem;
        syntax::check_exported_name(&symbol, "exported symbol", problem, errors);

        Some(FunctionModel {
            ident: sig.ident.clone(),
            symbol,
            is_unsafe: sig.unsafety.is_some(),
            named_args: args.named_args,
            doc: syntax::doc_string(&f.attrs),
            params,
            result,
        })
    }

    fn result_model(ty: &Type, params: &[ParamModel]) -> ResultModel {
        if let Some(segment) = syntax::last_segment(ty) {
            let args = syntax::type_arguments(segment);
            if segment.ident == "Result" && args.len() == 2 {
                // The out-pointer is called `out` unless a parameter already
                // is (or is `out_len`, a slice length).
                let mut out_name = "out".to_owned();
                while params.iter().any(|p| {
                    p.name == out_name || (p.is_slice && format!("{}_len", p.name) == out_name)
                }) {
                    out_name.push('_');
                }
                return ResultModel::Status {
                    whole: ty.clone(),
                    ok: args[0].clone(),
                    err: args[1].clone(),
                    out_name,
                };
            }
        }
        ResultModel::Value(ty.clone())
    }
}

impl StructModel {
    fn build(s: &ItemStruct, errors: &mut Errors) -> Option<StructModel> {
        check_attributes(&s.attrs, "c_export", errors);
        let mut repr_c = false;
        for attr in s.attrs.iter().filter(|a| a.path().is_ident("repr")) {
            let _ = attr.parse_nested_meta(|meta| {
                if meta.path.is_ident("C") {
                    repr_c = true;
                } else if meta.path.is_ident("packed") || meta.path.is_ident("align") {
                    errors.spanned(
                        &meta.path,
                        "`packed` and `align` have no portable C11 spelling; use plain `#[repr(C)]`",
                    );
                    if !meta.input.is_empty() && !meta.input.peek(syn::Token![,]) {
                        let _: proc_macro2::TokenStream = meta.input.parse()?;
                    }
                } else {
                    errors.spanned(&meta.path, "only `#[repr(C)]` structs can be shared with C");
                }
                Ok(())
            });
        }
        if !repr_c {
            errors.spanned(
                &s.ident,
                "add `#[repr(C)]` below `#[c_export]`: without it Rust may reorder the fields and C would read garbage",
            );
        }
        if !s.generics.params.is_empty() {
            errors.spanned(&s.generics, "generic structs cannot be shared with C; export one concrete struct per instantiation");
        }
        let fields = match &s.fields {
            syn::Fields::Named(named) => named
                .named
                .iter()
                .filter_map(|f| {
                    if let Some((offender, message)) = syntax::rejected_type(&f.ty, Position::Field)
                        .map(|(t, m)| (t, std::borrow::Cow::Owned(m)))
                        .or_else(|| {
                            syntax::c_bool_in_memory(&f.ty, true)
                                .map(|(t, m)| (t, std::borrow::Cow::Borrowed(m)))
                        })
                    {
                        errors.spanned(offender, message);
                        return None;
                    }
                    Some((f.ident.clone()?, f.ty.clone()))
                })
                .collect(),
            syn::Fields::Unnamed(unnamed) => {
                errors.spanned(unnamed, "C struct fields need names; use named fields");
                return None;
            }
            syn::Fields::Unit => {
                errors.spanned(&s.ident, "an empty struct has no C equivalent (C forbids empty structs); add a field or pass an opaque pointer");
                return None;
            }
        };
        Some(StructModel {
            ident: s.ident.clone(),
            doc: syntax::doc_string(&s.attrs),
            fields,
        })
    }
}
