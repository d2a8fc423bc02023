//! The driver the attributes on items share (`#[c_export]`,
//! `#[dpi_import]`, `#[ciface]`): parse the arguments and the item, let the
//! attribute build its model and say what it keeps, generate only when no
//! error was found, and put every error next to what is emitted anyway, so
//! that one mistake gives one error.

use proc_macro2::{Span, TokenStream};
use quote::quote;

use crate::errors::Errors;
use crate::syntax::BitIntPlace;

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
    // A `_BitInt` width with no storage is reported by rustc at the
    // signature; a shim would only repeat it (see the function).
    let without_storage: Vec<(syn::Type, BitIntPlace)> =
        crate::syntax::bitint_widths_without_storage(&parsed)
            .into_iter()
            .map(|(ty, place)| (crate::syntax::with_lifetimes(ty, "'static"), place))
            .collect();
    let Expansion { kept, generate } = expand(&args, parsed, &mut errors);
    let generated = generate(errors.is_empty() && without_storage.is_empty());
    let errors = errors.finish();
    let abi_core_bitint = abi_core_bitint_checks(&without_storage);
    quote! {
        #errors
        #kept
        #generated
        #abi_core_bitint
    }
}

/// For the signature types `syntax::bitint_widths_without_storage` found:
/// a function taking each type as written, which rustc reports exactly as
/// the user's signature when the type is abi-core's (one error), and which
/// requires it to be abi-core's, so that a type of the user's own with that
/// name is refused instead of silently getting no shim.
fn abi_core_bitint_checks(types: &[(syn::Type, BitIntPlace)]) -> TokenStream {
    if types.is_empty() {
        return TokenStream::new();
    }
    let checks = types.iter().enumerate().map(|(i, (ty, place))| {
        let check = quote::format_ident!("__abi_named_bitint{}", i, span = Span::mixed_site());
        let value = quote::format_ident!("__abi_value", span = Span::mixed_site());
        let reference = match place {
            BitIntPlace::Value => quote!(&#value),
            BitIntPlace::Shared => quote!(#value),
            BitIntPlace::Exclusive => quote!(&*#value),
        };
        // At the type, where the mistake is.
        let at = syn::spanned::Spanned::span(ty);
        let call =
            quote::quote_spanned!(at=> ::abi_core::__private::AbiCoreBitInt::abi_core_bitint);
        let argument = crate::tokens::located_at(reference, at);
        quote! {
            #[allow(dead_code)]
            fn #check(#value: #ty) {
                #call(#argument)
            }
        }
    });
    quote!(const _: () = { #(#checks)* };)
}
