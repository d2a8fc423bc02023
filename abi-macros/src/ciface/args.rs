//! `#[ciface(...)]` arguments: `name = "mlir_name"`, `expanded`.

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
}

const KNOWN: &str = "`name = \"mlir_name\"` and `expanded`";

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
