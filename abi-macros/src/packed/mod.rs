//! `#[derive(Packed)]`: parse the struct and its `#[packed(...)]`
//! arguments, build the model, emit the layout impls and the view types.

mod args;
mod emit;
mod model;

use proc_macro2::TokenStream;
use quote::quote;

use crate::errors::Errors;

/// Expand `#[derive(Packed)]` on `item`. A derive never re-emits the item;
/// on error only the errors are emitted.
pub(crate) fn expand(item: TokenStream) -> TokenStream {
    let mut errors = Errors::new();
    let input: syn::DeriveInput = match syn::parse2(item) {
        Ok(input) => input,
        Err(e) => {
            errors.push(e);
            return errors.finish();
        }
    };
    let model = model::build(&input, &mut errors);
    let generated = match model {
        Some(model) if errors.is_empty() => emit::emit(&model),
        _ => TokenStream::new(),
    };
    let errors = errors.finish();
    quote! {
        #errors
        #generated
    }
}
