//! `#[derive(DpiEnum)]`: parse the enum and its `#[dpi_enum(...)]`
//! arguments, build the model, emit the `DpiEnum` impl (the DPI-C boundary
//! impls are abi-core's, for every `DpiEnum`).

mod args;
mod emit;
mod model;

use proc_macro2::TokenStream;

/// Expand `#[derive(DpiEnum)]` on `item`.
pub(crate) fn expand(item: TokenStream) -> TokenStream {
    crate::errors::expand_derive(item, model::build, emit::emit)
}
