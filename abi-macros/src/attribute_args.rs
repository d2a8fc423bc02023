//! Parsing shared by the attributes' argument lists.

use proc_macro2::TokenStream;
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::{Expr, Lit, LitStr, Meta, Token};

use crate::errors::Errors;

/// The comma-separated arguments of `#[attribute(...)]`; a syntax error is
/// recorded (with the list of `known` arguments) and yields none.
pub(crate) fn parse_list(
    attr: TokenStream,
    attribute: &str,
    known: &str,
    errors: &mut Errors,
) -> Vec<Meta> {
    match Punctuated::<Meta, Token![,]>::parse_terminated.parse2(attr) {
        Ok(metas) => metas.into_iter().collect(),
        Err(e) => {
            errors.push(syn::Error::new(
                e.span(),
                format!("{e}; `#[{attribute}]` takes {known}"),
            ));
            Vec::new()
        }
    }
}

/// Store the string of `key = "..."` in `slot`, recording a wrong form, a
/// non-string value (`what` names the value, `example` shows the form) or a
/// repeated key.
pub(crate) fn string_argument(
    meta: &Meta,
    slot: &mut Option<LitStr>,
    what: &str,
    example: &str,
    errors: &mut Errors,
) {
    let value = match meta {
        Meta::NameValue(nv) => match &nv.value {
            Expr::Lit(syn::ExprLit {
                lit: Lit::Str(s), ..
            }) => Some(s.clone()),
            other => {
                errors.spanned(
                    other,
                    format!("{what} must be a string literal: `{example}`"),
                );
                None
            }
        },
        _ => {
            errors.spanned(meta, format!("write `{example}`"));
            None
        }
    };
    if slot.is_some() {
        let key = meta
            .path()
            .get_ident()
            .map(ToString::to_string)
            .unwrap_or_default();
        errors.spanned(meta, format!("`{key}` is given more than once"));
    } else {
        *slot = value;
    }
}

/// `named_args`, a flag: set `slot`, recording a value or a repetition.
pub(crate) fn named_args_flag(meta: &Meta, slot: &mut bool, errors: &mut Errors) {
    if !matches!(meta, Meta::Path(_)) {
        errors.spanned(meta, "`named_args` takes no value");
    } else if *slot {
        errors.spanned(meta, "`named_args` is given more than once");
    } else {
        *slot = true;
    }
}
