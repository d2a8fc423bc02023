//! `#[derive(Packed)]`: parse the struct and its `#[packed(...)]`
//! arguments, build the model, emit the layout impls and the view types.

mod args;
mod emit;
mod model;

use proc_macro2::TokenStream;

/// Expand `#[derive(Packed)]` on `item`.
pub(crate) fn expand(item: TokenStream) -> TokenStream {
    crate::errors::expand_derive(item, model::build, emit::emit)
}
