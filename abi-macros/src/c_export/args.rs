//! `#[c_export(...)]` arguments: `name = "symbol"`.

use proc_macro2::TokenStream;
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::{Expr, Lit, LitStr, Meta, Token};

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
        let metas = match Punctuated::<Meta, Token![,]>::parse_terminated.parse2(attr) {
            Ok(metas) => metas,
            Err(e) => {
                errors.push(syn::Error::new(
                    e.span(),
                    format!("{e}; `#[c_export]` takes {KNOWN}"),
                ));
                return args;
            }
        };
        for meta in metas {
            let key = meta.path();
            if key.is_ident("name") {
                let value = match &meta {
                    Meta::NameValue(nv) => {
                        match &nv.value {
                            Expr::Lit(syn::ExprLit {
                                lit: Lit::Str(s), ..
                            }) => Some(s.clone()),
                            other => {
                                errors.spanned(other, "the symbol name must be a string literal: `name = \"my_symbol\"`");
                                None
                            }
                        }
                    }
                    _ => {
                        errors.spanned(&meta, "write `name = \"my_symbol\"`");
                        None
                    }
                };
                if args.name.is_some() {
                    errors.spanned(&meta, "`name` is given more than once");
                } else {
                    args.name = value;
                }
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
