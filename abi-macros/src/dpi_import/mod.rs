//! `#[dpi_import]`: parse, build the model, emit.

mod args;
mod emit;
mod model;

use proc_macro2::TokenStream;
use quote::quote;

use crate::errors::Errors;

/// Expand `#[dpi_import(attr)] item`. The user's function is always emitted
/// (without our `#[inout]` markers), next to any errors.
pub(crate) fn expand(attr: TokenStream, item: TokenStream) -> TokenStream {
    let mut errors = Errors::new();
    let args = args::Args::parse(attr, &mut errors);
    let mut function = match crate::syntax::parse_item_shallow(item.clone()) {
        Ok(syn::Item::Fn(f)) => f,
        _ => {
            errors.spanned(&item, "`#[dpi_import]` applies to functions");
            let errors = errors.finish();
            return quote! { #errors #item };
        }
    };
    let inout = model::strip_inout(&mut function);
    let model = model::FunctionModel::build(&args, &function, &inout, &mut errors);
    let generated = match model {
        Some(model) if errors.is_empty() => emit::emit(&model),
        _ => TokenStream::new(),
    };
    let errors = errors.finish();
    quote! {
        #errors
        #function
        #generated
    }
}
