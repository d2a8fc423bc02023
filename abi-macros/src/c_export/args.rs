//! `#[c_export(...)]` arguments: `name = "symbol"`.

use proc_macro2::TokenStream;
use syn::LitStr;

use crate::attribute_args::{named_args_flag, parse_list, string_argument};
use crate::errors::Errors;

/// The parsed arguments.
#[derive(Default)]
pub(crate) struct Args {
    /// `name = "..."`: the exported symbol, instead of the function name.
    pub(crate) name: Option<LitStr>,
    /// `named_args`: reflection names the arguments.
    pub(crate) named_args: bool,
}

const KNOWN: &str = "`name = \"symbol\"` and `named_args`";

impl Args {
    /// Parse, recording every problem (unknown keys, duplicates, wrong value
    /// kinds) in `errors` and keeping what was valid.
    pub(crate) fn parse(attr: TokenStream, errors: &mut Errors) -> Args {
        let mut args = Args::default();
        let metas = parse_list(attr, "c_export", KNOWN, errors);
        for meta in metas {
            let key = meta.path();
            if key.is_ident("name") {
                string_argument(
                    &meta,
                    &mut args.name,
                    "the symbol name",
                    "name = \"my_symbol\"",
                    errors,
                );
            } else if key.is_ident("named_args") {
                named_args_flag(&meta, &mut args.named_args, errors);
            } else {
                errors.spanned(
                    key,
                    format!("unknown `#[c_export]` argument; the arguments are {KNOWN}"),
                );
            }
        }
        args
    }
}
