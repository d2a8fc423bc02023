//! `#[c_export]`: parse, build the model, emit.

mod args;
mod emit;
mod model;

use proc_macro2::TokenStream;
use quote::ToTokens;

use crate::driver::{self, Expansion};

/// Expand `#[c_export(attr)] item`. Errors come back as `compile_error!`s
/// next to the user's unchanged item, so one mistake does not also produce
/// "cannot find function" errors wherever the item is used.
pub(crate) fn expand(attr: TokenStream, item: TokenStream) -> TokenStream {
    driver::expand(attr, item, args::Args::parse, |args, item, errors| {
        let model = model::Model::build(args, &item, errors);
        let item = match item {
            syn::Item::Fn(mut function) => {
                crate::syntax::inline_in_optimised_builds(&mut function);
                syn::Item::Fn(function)
            }
            other => other,
        };
        Expansion::new(item.into_token_stream(), move || {
            model.as_ref().map(emit::emit).unwrap_or_default()
        })
    })
}
