//! `#[dpi_import]`: parse, build the model, emit.

mod args;
mod emit;
mod model;

use proc_macro2::TokenStream;
use quote::ToTokens;

use crate::driver::{self, Expansion};

/// Expand `#[dpi_import(attr)] item`. The user's function is always emitted
/// (without our `#[inout]` markers), next to any errors.
pub(crate) fn expand(attr: TokenStream, item: TokenStream) -> TokenStream {
    driver::expand(attr, item, args::Args::parse, |args, item, errors| {
        let syn::Item::Fn(mut function) = item else {
            errors.spanned(&item, "`#[dpi_import]` applies to functions");
            return Expansion::kept(item.into_token_stream());
        };
        let inout = model::strip_inout(&mut function);
        let model = model::FunctionModel::build(args, &function, &inout, errors);
        crate::syntax::inline_in_optimised_builds(&mut function);
        Expansion::new(function.into_token_stream(), move || {
            model.as_ref().map(emit::emit).unwrap_or_default()
        })
    })
}
