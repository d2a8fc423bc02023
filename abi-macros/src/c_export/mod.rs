//! `#[c_export]`: parse, build the model, emit.

mod args;
mod emit;
mod model;

use proc_macro2::TokenStream;
use quote::quote;

use crate::errors::Errors;

/// Expand `#[c_export(attr)] item`. Errors come back as `compile_error!`s
/// next to the user's unchanged item, so one mistake does not also produce
/// "cannot find function" errors wherever the item is used.
pub(crate) fn expand(attr: TokenStream, item: TokenStream) -> TokenStream {
    let mut errors = Errors::new();
    let args = args::Args::parse(attr, &mut errors);
    let item = match crate::syntax::parse_item_shallow(item.clone()) {
        Ok(item) => item,
        Err(e) => {
            errors.push(e);
            let errors = errors.finish();
            return quote! { #errors #item };
        }
    };
    let model = model::Model::build(&args, &item, &mut errors);
    let generated = match model {
        Some(model) if errors.is_empty() => emit::emit(&model),
        _ => TokenStream::new(),
    };
    let errors = errors.finish();
    quote! {
        #errors
        #item
        #generated
    }
}
