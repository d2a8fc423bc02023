//! Collect every error of an expansion, then report them together.

use std::fmt::Display;

use proc_macro2::TokenStream;
use quote::ToTokens;

/// Errors found while expanding one item. Must be consumed with
/// [`Errors::finish`]; dropping it unconsumed is a bug in the macro and
/// panics, so an error can never be silently lost.
pub(crate) struct Errors {
    errors: Option<Vec<syn::Error>>,
}

impl Errors {
    pub(crate) fn new() -> Self {
        Errors {
            errors: Some(Vec::new()),
        }
    }

    /// Record an error spanned at `tokens`.
    pub(crate) fn spanned(&mut self, tokens: impl ToTokens, message: impl Display) {
        self.push(syn::Error::new_spanned(tokens, message));
    }

    /// Record an error at `span`.
    pub(crate) fn at(&mut self, span: proc_macro2::Span, message: impl Display) {
        self.push(syn::Error::new(span, message));
    }

    pub(crate) fn push(&mut self, error: syn::Error) {
        self.list().push(error);
    }

    /// Whether nothing went wrong so far.
    pub(crate) fn is_empty(&self) -> bool {
        self.errors.as_ref().is_none_or(Vec::is_empty)
    }

    /// All recorded errors as one `compile_error!` stream (empty if none).
    pub(crate) fn finish(mut self) -> TokenStream {
        let errors = self.errors.take().unwrap_or_default();
        errors
            .into_iter()
            .map(syn::Error::into_compile_error)
            .collect()
    }

    fn list(&mut self) -> &mut Vec<syn::Error> {
        self.errors.as_mut().expect("errors used after finish")
    }
}

impl Drop for Errors {
    fn drop(&mut self) {
        if self.errors.is_some() && !std::thread::panicking() {
            panic!("abi-macros bug: collected errors were dropped without being reported");
        }
    }
}

/// Expand a derive: parse `item`, build its model (recording every error),
/// emit the code when nothing went wrong. A derive never re-emits the
/// item, so on error only the errors are emitted.
pub(crate) fn expand_derive<M>(
    item: TokenStream,
    build: impl FnOnce(&syn::DeriveInput, &mut Errors) -> Option<M>,
    emit: impl FnOnce(&M) -> TokenStream,
) -> TokenStream {
    let mut errors = Errors::new();
    let mut input: syn::DeriveInput = match syn::parse2(item) {
        Ok(input) => input,
        Err(e) => {
            errors.push(e);
            return errors.finish();
        }
    };
    // Types from a `macro_rules!` fragment read as if written out.
    syn::visit_mut::VisitMut::visit_derive_input_mut(&mut crate::syntax::Ungroup, &mut input);
    let model = build(&input, &mut errors);
    let generated = match model {
        Some(model) if errors.is_empty() => emit(&model),
        _ => TokenStream::new(),
    };
    let mut out = errors.finish();
    out.extend(generated);
    out
}
