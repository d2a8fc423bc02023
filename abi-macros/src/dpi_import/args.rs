//! `#[dpi_import(...)]` arguments: `context`, `pure`, `task`,
//! `name = "sv_name"`.

use proc_macro2::TokenStream;
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::{Expr, Lit, LitStr, Meta, Token};

use crate::errors::Errors;

#[derive(Default)]
pub(crate) struct Args {
    /// `context`: the function may call exports (and gets a scope).
    pub(crate) context: Option<syn::Path>,
    /// `pure`: no side effects, result from the inputs only.
    pub(crate) pure: Option<syn::Path>,
    /// `task`: a DPI-C task (C result: the `int` disable flag).
    pub(crate) task: Option<syn::Path>,
    /// `name = "..."`: the name SystemVerilog calls it by.
    pub(crate) name: Option<LitStr>,
}

const KNOWN: &str = "`context`, `pure`, `task` and `name = \"sv_name\"`";

impl Args {
    pub(crate) fn parse(attr: TokenStream, errors: &mut Errors) -> Args {
        let mut args = Args::default();
        let metas = match Punctuated::<Meta, Token![,]>::parse_terminated.parse2(attr) {
            Ok(metas) => metas,
            Err(e) => {
                errors.push(syn::Error::new(
                    e.span(),
                    format!("{e}; `#[dpi_import]` takes {KNOWN}"),
                ));
                return args;
            }
        };
        for meta in metas {
            let key = meta.path().clone();
            let flag = |slot: &mut Option<syn::Path>, errors: &mut Errors| {
                if !matches!(meta, Meta::Path(_)) {
                    errors.spanned(
                        &meta,
                        format!("`{}` takes no value", key.get_ident().unwrap()),
                    );
                } else if slot.is_some() {
                    errors.spanned(
                        &meta,
                        format!("`{}` is given more than once", key.get_ident().unwrap()),
                    );
                } else {
                    *slot = Some(key.clone());
                }
            };
            if key.is_ident("context") {
                flag(&mut args.context, errors);
            } else if key.is_ident("pure") {
                flag(&mut args.pure, errors);
            } else if key.is_ident("task") {
                flag(&mut args.task, errors);
            } else if key.is_ident("name") {
                match &meta {
                    Meta::NameValue(nv) => match &nv.value {
                        Expr::Lit(syn::ExprLit {
                            lit: Lit::Str(s), ..
                        }) => {
                            if args.name.is_some() {
                                errors.spanned(&meta, "`name` is given more than once");
                            } else {
                                args.name = Some(s.clone());
                            }
                        }
                        other => errors.spanned(
                            other,
                            "the SystemVerilog name must be a string literal: `name = \"sv_name\"`",
                        ),
                    },
                    _ => errors.spanned(&meta, "write `name = \"sv_name\"`"),
                }
            } else {
                errors.spanned(
                    &key,
                    format!("unknown `#[dpi_import]` argument; the arguments are {KNOWN}"),
                );
            }
        }
        if let (Some(pure), Some(_)) = (&args.pure, &args.context) {
            errors.spanned(pure, "a `pure` import cannot be `context` (IEEE 1800 35.5.2): pure functions may not call exports");
        }
        if let (Some(pure), Some(_)) = (&args.pure, &args.task) {
            errors.spanned(
                pure,
                "tasks cannot be `pure` (IEEE 1800 35.5.2); drop `pure` or make it a function",
            );
        }
        args
    }
}
