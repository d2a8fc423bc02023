//! The driver the attributes on items share (`#[c_export]`,
//! `#[dpi_import]`, `#[ciface]`): parse the arguments and the item, let the
//! attribute build its model and say what it keeps, generate only when no
//! error was found, and put every error next to what is emitted anyway, so
//! that one mistake gives one error.

use proc_macro2::TokenStream;
use quote::quote;

use crate::errors::Errors;

/// What an attribute makes of its item.
pub(crate) struct Expansion {
    /// Emitted whatever happens: the user's item (without the attribute's
    /// own helper attributes), so that one mistake does not also produce
    /// "cannot find function" errors wherever the item is used.
    kept: TokenStream,
    /// Told whether no error was found: the generated code if so, else
    /// what stands in for it (wrappers whose bodies never run, or nothing).
    generate: Box<dyn FnOnce(bool) -> TokenStream>,
}

impl Expansion {
    /// `kept` always, `generate()` when no error was found.
    pub(crate) fn new(kept: TokenStream, generate: impl FnOnce() -> TokenStream + 'static) -> Self {
        Self::or_placeholders(kept, move |no_errors| {
            if no_errors {
                generate()
            } else {
                TokenStream::new()
            }
        })
    }

    /// `kept` always, and `generate(no_errors)`.
    pub(crate) fn or_placeholders(
        kept: TokenStream,
        generate: impl FnOnce(bool) -> TokenStream + 'static,
    ) -> Self {
        Expansion {
            kept,
            generate: Box::new(generate),
        }
    }

    /// Only `kept`: the item is refused.
    pub(crate) fn kept(kept: TokenStream) -> Self {
        Self::new(kept, TokenStream::new)
    }
}

/// Expand `#[attribute(attr)] item`: `parse_args` reads the arguments,
/// `expand` the item (parsed with `syntax::parse_item_shallow`; an item
/// that does not parse is emitted unchanged beside syn's error).
pub(crate) fn expand<A>(
    attr: TokenStream,
    item: TokenStream,
    parse_args: impl FnOnce(TokenStream, &mut Errors) -> A,
    expand: impl FnOnce(&A, syn::Item, &mut Errors) -> Expansion,
) -> TokenStream {
    let mut errors = Errors::new();
    let args = parse_args(attr, &mut errors);
    let parsed = match crate::syntax::parse_item_shallow(item.clone()) {
        Ok(parsed) => parsed,
        Err(e) => {
            errors.push(e);
            let errors = errors.finish();
            return quote! { #errors #item };
        }
    };
    let Expansion { kept, generate } = expand(&args, parsed, &mut errors);
    let generated = generate(errors.is_empty());
    let errors = errors.finish();
    quote! {
        #errors
        #kept
        #generated
    }
}
