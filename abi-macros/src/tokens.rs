//! Token-building helpers shared by the attributes' emitters.

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote, quote_spanned};
use syn::Type;
use syn::spanned::Spanned;

/// The path every generated item uses to reach `abi-core`.
pub(crate) fn private() -> TokenStream {
    quote!(::abi_core::__private)
}

/// Builds paths `<ty as Trait>::item` spanned exactly like the user's type:
/// the brackets and the item take the spans of the type's first and last
/// tokens, so rustc spans the whole path like the type itself and a missing
/// implementation is reported once, at the type. (`Spanned::span` only
/// gives the first token on stable.)
pub(crate) struct Qualified {
    open: TokenStream,
    ty: TokenStream,
    close: TokenStream,
    last: Span,
}

impl Qualified {
    pub(crate) fn new(ty: &Type, trait_path: TokenStream) -> Self {
        let tokens = ty.to_token_stream();
        let mut iter = tokens.clone().into_iter();
        let first = iter.next().map_or_else(Span::call_site, |t| t.span());
        let last = iter.last().map_or(first, |t| t.span());
        Qualified {
            open: quote_spanned!(first=> <),
            ty: tokens,
            close: quote_spanned!(last=> as #trait_path >),
            last,
        }
    }

    /// `<ty as Trait>::item`.
    pub(crate) fn item(&self, item: &str) -> TokenStream {
        let Qualified {
            open,
            ty,
            close,
            last,
        } = self;
        let item = proc_macro2::Ident::new(item, *last);
        quote_spanned!(*last=> #open #ty #close :: #item)
    }

    /// `<ty as Trait>::function(args)`, the call spanned like the path.
    pub(crate) fn call(&self, function: &str, args: TokenStream) -> TokenStream {
        let path = self.item(function);
        quote_spanned!(self.last=> #path(#args))
    }
}

/// `require_dpi_value::<ty>();`, spanned at the type, so that an open
/// array where a value type is needed is reported at the parameter.
pub(crate) fn require_dpi_value(ty: &Type) -> TokenStream {
    let p = private();
    let span = ty.span();
    quote_spanned!(span=> #p::require_dpi_value::<#ty>();)
}

pub(crate) fn rust_type_string(ty: &Type) -> String {
    // `to_token_stream().to_string()` puts spaces around every token; the
    // registry wants the type as a person writes it. A space survives only
    // between two words, or after a keyword that modifies what follows.
    let text = ty.to_token_stream().to_string();
    let is_word = |c: char| c.is_alphanumeric() || c == '_' || c == '\'';
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == ' ' {
            let next = chars.peek().copied().unwrap_or(' ');
            let prev = out.chars().last().unwrap_or(' ');
            let after_keyword = ["mut", "const", "dyn", "impl"]
                .iter()
                .any(|k| out.ends_with(k) && !out[..out.len() - k.len()].ends_with(is_word));
            if !(after_keyword || is_word(prev) && is_word(next)) {
                continue;
            }
        }
        out.push(c);
        if c == ',' || c == ';' {
            out.push(' ');
        }
    }
    out
}

pub(crate) fn rust_item(ident_name: &str, doc: &str) -> TokenStream {
    let p = private();
    quote! {
        #p::RustItem {
            module_path: ::core::module_path!(),
            name: #ident_name,
            doc: #doc,
            file: ::core::file!(),
            line: ::core::line!(),
        }
    }
}
