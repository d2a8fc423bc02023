//! `#[ciface(...)]` arguments: `name = "mlir_name"`, `expanded`,
//! `result = "memref<...>"`, `jit`.

use proc_macro2::TokenStream;
use syn::{LitStr, Meta};

use crate::attribute_args::{parse_list, string_argument};
use crate::errors::Errors;

#[derive(Default)]
pub(crate) struct Args {
    /// `name = "..."`: the MLIR function name, instead of the Rust name.
    pub(crate) name: Option<LitStr>,
    /// `expanded`: also export the expanded convention under the MLIR
    /// name (functions only); the path, for error spans.
    pub(crate) expanded: Option<Meta>,
    /// `result = "memref<...>"` or `result = ("...", ...)`: the MLIR types
    /// of the results (one per tuple member), checked on every return;
    /// the whole argument, for error spans.
    pub(crate) result: Option<(Meta, Vec<LitStr>)>,
    /// `jit` (blocks only): the functions are found at run time; each
    /// declaration gets a handle type instead of a linked symbol.
    pub(crate) jit: Option<Meta>,
}

const KNOWN: &str =
    "`name = \"mlir_name\"`, `expanded`, `result = \"memref<...>\"` (or a tuple of them) and `jit`";

impl Args {
    pub(crate) fn parse(attr: TokenStream, errors: &mut Errors) -> Args {
        let mut args = Args::default();
        for meta in parse_list(attr, "ciface", KNOWN, errors) {
            let key = meta.path();
            if key.is_ident("name") {
                string_argument(
                    &meta,
                    &mut args.name,
                    "the MLIR function name",
                    "name = \"kernel\"",
                    errors,
                );
            } else if key.is_ident("expanded") {
                if !matches!(meta, Meta::Path(_)) {
                    errors.spanned(&meta, "`expanded` takes no value");
                } else if args.expanded.is_some() {
                    errors.spanned(&meta, "`expanded` is given more than once");
                } else {
                    args.expanded = Some(meta);
                }
            } else if key.is_ident("jit") {
                if !matches!(meta, Meta::Path(_)) {
                    errors.spanned(&meta, "`jit` takes no value");
                } else if args.jit.is_some() {
                    errors.spanned(&meta, "`jit` is given more than once");
                } else {
                    args.jit = Some(meta);
                }
            } else if key.is_ident("result") {
                if args.result.is_some() {
                    errors.spanned(&meta, "`result` is given more than once");
                } else if let Some(types) = result_types(&meta) {
                    args.result = Some((meta, types));
                } else {
                    errors.spanned(
                        &meta,
                        "write the MLIR result type as a string, or a tuple of strings for several results: `result = \"memref<4xf32>\"`, `result = (\"memref<4xf32>\", \"memref<?xi64>\")`",
                    );
                }
            } else {
                errors.spanned(
                    key,
                    format!("unknown `#[ciface]` argument; the arguments are {KNOWN}"),
                );
            }
        }
        args
    }
}

/// The strings of `result = "..."` or `result = ("...", ...)`.
fn result_types(meta: &Meta) -> Option<Vec<LitStr>> {
    let Meta::NameValue(name_value) = meta else {
        return None;
    };
    let string = |expr: &syn::Expr| match expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(text),
            ..
        }) => Some(text.clone()),
        _ => None,
    };
    match &name_value.value {
        syn::Expr::Tuple(tuple) => tuple.elems.iter().map(string).collect(),
        syn::Expr::Paren(paren) => string(&paren.expr).map(|t| vec![t]),
        single => string(single).map(|t| vec![t]),
    }
}
