//! `#[dpi_import(...)]` arguments: `context`, `pure`, `task`,
//! `name = "sv_name"`.

use proc_macro2::TokenStream;
use syn::{LitStr, Meta};

use crate::attribute_args::{named_args_flag, parse_list, string_argument};
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
    /// `aliases = ["...", ...]`: more names SystemVerilog imports the same
    /// C function by.
    pub(crate) aliases: Vec<LitStr>,
    /// `named_args`: reflection names the arguments.
    pub(crate) named_args: bool,
    /// `ieee` or `verilator`: the DPI-C ABI (else the crate's default).
    pub(crate) flavour: Option<crate::dpi_flavour::DpiFlavour>,
}

const KNOWN: &str = "`context`, `pure`, `task`, `name = \"sv_name\"`, `aliases = [\"sv_name2\", ...]`, `named_args`, and `ieee` or `verilator` (the DPI-C ABI)";

impl Args {
    pub(crate) fn parse(attr: TokenStream, errors: &mut Errors) -> Args {
        let mut args = Args::default();
        let metas = parse_list(attr, "dpi_import", KNOWN, errors);
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
            if crate::dpi_flavour::argument(&meta, &mut args.flavour, errors) {
                continue;
            }
            if key.is_ident("context") {
                flag(&mut args.context, errors);
            } else if key.is_ident("pure") {
                flag(&mut args.pure, errors);
            } else if key.is_ident("task") {
                flag(&mut args.task, errors);
            } else if key.is_ident("named_args") {
                named_args_flag(&meta, &mut args.named_args, errors);
            } else if key.is_ident("name") {
                string_argument(
                    &meta,
                    &mut args.name,
                    "the SystemVerilog name",
                    "name = \"sv_name\"",
                    errors,
                );
            } else if key.is_ident("aliases") {
                aliases_argument(&meta, &mut args.aliases, errors);
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

/// `aliases = ["sv_a", "sv_b"]`: string literals, given once.
fn aliases_argument(meta: &Meta, slot: &mut Vec<LitStr>, errors: &mut Errors) {
    const EXAMPLE: &str = "aliases = [\"sv_name2\", \"sv_name3\"]";
    let Meta::NameValue(nv) = meta else {
        errors.spanned(meta, format!("write `{EXAMPLE}`"));
        return;
    };
    if !slot.is_empty() {
        errors.spanned(
            meta,
            "`aliases` is given more than once; list every name in one array",
        );
        return;
    }
    let syn::Expr::Array(array) = &nv.value else {
        errors.spanned(
            &nv.value,
            format!("the aliases are an array of string literals: `{EXAMPLE}`"),
        );
        return;
    };
    for element in &array.elems {
        match element {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => slot.push(s.clone()),
            other => errors.spanned(
                other,
                format!("each alias is a string literal: `{EXAMPLE}`"),
            ),
        }
    }
}
