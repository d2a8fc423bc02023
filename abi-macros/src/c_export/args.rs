//! `#[c_export(...)]` arguments: `name = "symbol"`.

use proc_macro2::TokenStream;
use syn::LitStr;

use crate::attribute_args::{parse_list, string_argument};
use crate::errors::Errors;

/// The parsed arguments.
#[derive(Default)]
pub(crate) struct Args {
    /// `name = "..."`: the exported symbol, instead of the function name.
    pub(crate) name: Option<LitStr>,
}

const KNOWN: &str = "`name = \"symbol\"`";

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
            } else {
                errors.spanned(
                    key,
                    format!("unknown `#[c_export]` argument; the only argument is {KNOWN}"),
                );
            }
        }
        args
    }
}
