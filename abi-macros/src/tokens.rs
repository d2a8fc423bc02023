//! Token-building helpers shared by the attributes' emitters.

use abi_model::AbiKind;
use abi_model::entry::{EntryText, SEPARATOR};
use proc_macro2::{Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::{ToTokens, quote, quote_spanned};
use syn::Type;

/// The path every generated item uses to reach `abi-core`.
pub(crate) fn private() -> Private {
    Private
}

/// `::abi_core::__private`, written into the stream it is interpolated in
/// token by token.
///
/// Why not a `TokenStream`: inside rustc, each `TokenStream` a `quote!`
/// interpolates costs proc_macro2 several calls across the proc-macro
/// bridge (flush, clone, concatenate), where single tokens are buffered on
/// the macro's side until their group is built (258 calls per
/// `#[c_export]` of two scalars before, 175 now). What a macro's run costs
/// is still mostly per token, not per call.
#[derive(Clone, Copy)]
pub(crate) struct Private;

impl Private {
    /// `::abi_core::__private` followed by `items`, every token at `span`
    /// (where rustc must report an error at the user's code).
    pub(crate) fn path_at(tokens: &mut TokenStream, items: &[&str], span: Span) {
        path_tokens(tokens, &["abi_core", "__private"], span);
        path_tokens(tokens, items, span);
    }
}

impl ToTokens for Private {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        Self::path_at(tokens, &[], Span::call_site());
    }
}

/// The name of a shim's raw argument for parameter `i` (`suffix` tells a
/// second value of the same parameter apart: `_len` of a slice), hygienic
/// so that no user name can take it.
pub(crate) fn raw_arg(i: usize, suffix: &str) -> Ident {
    quote::format_ident!("__abi_arg{}{}", i, suffix, span = Span::mixed_site())
}

/// A punctuation token at `span`.
fn punct(ch: char, spacing: Spacing, span: Span) -> TokenTree {
    let mut punct = Punct::new(ch, spacing);
    punct.set_span(span);
    TokenTree::Punct(punct)
}

/// `::a::b::c` for `segments` `["a", "b", "c"]`, every token at `span`,
/// appended token by token (see [`Private`]).
fn path_tokens(tokens: &mut TokenStream, segments: &[&str], span: Span) {
    for segment in segments {
        tokens.extend([
            punct(':', Spacing::Joint, span),
            punct(':', Spacing::Alone, span),
            TokenTree::Ident(Ident::new(segment, span)),
        ]);
    }
}

/// Where a shim's code starts, so that the panic hook can name the
/// function when Rust aborts inside it before the shim sees the panic (a
/// destructor that panics while a panic unwinds). Written in assembly by
/// the C symbol's name, which must then be an identifier (a misspelt one is
/// already an error of the model; an entry would add an assembler error).
pub(crate) fn shim_code(symbol: &str) -> Option<TokenStream> {
    let p = private();
    abi_model::names::is_c_identifier(symbol).then(|| quote!(#p::shim_code!(#symbol);))
}

/// Builds paths `<ty as Trait>::item` spanned exactly like the user's type:
/// the brackets and the item take the spans of the type's first and last
/// tokens, so rustc spans the whole path like the type itself and a missing
/// implementation is reported once, at the type. (`Spanned::span` only
/// gives the first token on stable.)
pub(crate) struct Qualified {
    /// The type's tokens and the trait path's, kept as trees: the paths
    /// are built by appending trees, with no stream to interpolate (see
    /// [`Private`]).
    ty: Vec<TokenTree>,
    trait_path: Vec<TokenTree>,
    first: Span,
    last: Span,
}

impl Qualified {
    pub(crate) fn new(ty: &Type, trait_path: TokenStream) -> Self {
        let ty: Vec<TokenTree> = ty.to_token_stream().into_iter().collect();
        let first = ty.first().map_or_else(Span::call_site, TokenTree::span);
        let last = ty.last().map_or(first, TokenTree::span);
        Qualified {
            ty,
            trait_path: trait_path.into_iter().collect(),
            first,
            last,
        }
    }

    /// `<ty as Trait>::item`: `<` at the type's first token, `as`, `>`,
    /// `::` and the item at its last.
    pub(crate) fn item(&self, item: &str) -> TokenStream {
        let mut out = TokenStream::new();
        let last = self.last;
        out.extend([punct('<', Spacing::Alone, self.first)]);
        out.extend(self.ty.iter().cloned());
        out.extend([TokenTree::Ident(Ident::new("as", last))]);
        out.extend(self.trait_path.iter().cloned());
        out.extend([
            punct('>', Spacing::Alone, last),
            punct(':', Spacing::Joint, last),
            punct(':', Spacing::Alone, last),
            TokenTree::Ident(Ident::new(item, last)),
        ]);
        out
    }

    /// `<ty as Trait>::item.0`: the value of an item whose type is
    /// abi-core's `Sealed` (the items no implementation can define).
    pub(crate) fn sealed_item(&self, item: &str) -> TokenStream {
        let mut path = self.item(item);
        let mut field = Literal::usize_unsuffixed(0);
        field.set_span(self.last);
        path.extend([
            punct('.', Spacing::Alone, self.last),
            TokenTree::Literal(field),
        ]);
        path
    }

    /// `accepted(<ty as Trait>::REFUSAL.0, value)`: `value`, after the
    /// compile-time check that the trait accepts the type as a DPI-C
    /// result. Spanned like [`Qualified::checked`].
    pub(crate) fn accepted(&self, value: TokenStream) -> TokenStream {
        let refusal = self.sealed_item("REFUSAL");
        self.checked("accepted", quote!(#refusal, #value))
    }

    /// `::abi_core::__private::check(args)`, a `#[track_caller]` compile-
    /// time check, the call spanning the whole type (from its first token
    /// to its last): rustc reports a failed check there, and shows no
    /// location inside abi-core.
    pub(crate) fn checked(&self, check: &str, args: TokenStream) -> TokenStream {
        let open = quote_spanned!(self.first=> ::abi_core::__private::);
        let check = proc_macro2::Ident::new(check, self.last);
        quote_spanned!(self.last=> #open #check(#args))
    }

    /// `<ty as Trait>::function(args)`, the call spanned like the path.
    /// The arguments are located at the type too (keeping their hygiene):
    /// an argument of a type that has no implementation would otherwise
    /// report the missing implementation once more, at the attribute.
    pub(crate) fn call(&self, function: &str, args: TokenStream) -> TokenStream {
        let path = self.item(function);
        let args = located_at(args, self.last);
        quote_spanned!(self.last=> ({ #path })(#args))
    }

    /// `::abi_core::__private::function::<ty>(args)`, a function of
    /// abi-core's generic over the type, spanned like the type as
    /// [`Qualified::call`] is (the path wholly at the type's first token):
    /// an unsupported type is reported at the type, once with its other
    /// uses.
    pub(crate) fn generic_call(&self, function: &str, args: TokenStream) -> TokenStream {
        let function = proc_macro2::Ident::new(function, self.first);
        let path = quote_spanned!(self.first=> ::abi_core::__private::#function::<);
        let ty = &self.ty;
        let close = quote_spanned!(self.last=> >);
        let args = located_at(args, self.last);
        quote_spanned!(self.last=> ({ #path #(#ty)* #close })(#args))
    }
}

/// `tokens` with every token located at `at`, each keeping its own
/// hygiene (`Span::located_at`).
pub(crate) fn located_at(tokens: TokenStream, at: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut token| {
            if let proc_macro2::TokenTree::Group(group) = &token {
                let mut inner =
                    proc_macro2::Group::new(group.delimiter(), located_at(group.stream(), at));
                inner.set_span(group.span().located_at(at));
                return proc_macro2::TokenTree::Group(inner);
            }
            token.set_span(token.span().located_at(at));
            token
        })
        .collect()
}

/// How a shim's body reacts to a panic.
#[derive(Clone, Copy)]
pub(crate) enum Catch {
    /// Report and abort (no status channel).
    Abort,
    /// Report and return `ABI_STATUS_PANIC`.
    Status,
}

/// A shim parameter: its (generated) name and its type.
pub(crate) struct ShimParam {
    pub(crate) name: syn::Ident,
    pub(crate) ty: TokenStream,
}

impl ToTokens for ShimParam {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        let (name, ty) = (&self.name, &self.ty);
        tokens.extend(quote!(#name: #ty));
    }
}

/// A shim's body, run under the panic catch as a function of the shim's
/// raw arguments (see `abi_core::__private::abort_on_panic`), returning
/// what the shim returns; the tail expression of the shim. `body` may use
/// the parameters by name and the registry entry `__ABI_FUNCTION`.
pub(crate) fn caught_body(catch: Catch, params: &[ShimParam], body: TokenStream) -> TokenStream {
    let p = private();
    let names: Vec<_> = params.iter().map(|param| &param.name).collect();
    let run = match catch {
        Catch::Abort => quote!(#p::abort_on_panic),
        Catch::Status => quote!(#p::status_on_panic),
    };
    // A closure that captures nothing, coerced to a function pointer: its
    // argument and result types are inferred from the shim's own (spelled
    // once, in the shim's signature, so an unsupported type is reported
    // once, at the user's type), and every shim of one signature shares
    // the catch's instances.
    // The arguments are bound before the call: as an argument of the call,
    // a tuple holding a type with no implementation would report it once
    // more, differently worded.
    let args = quote::format_ident!("__abi_args", span = Span::mixed_site());
    quote! {{
        let #args = (#(#names,)*);
        #run(&__ABI_FUNCTION, &#args, |&(#(#names,)*)| {
            #body
        })
    }}
}

/// `require_dpi_value::<ty>();`, spanned at the type, so that an open
/// array where a value type is needed is reported at the parameter.
pub(crate) fn require_dpi_value(ty: &Type) -> TokenStream {
    let p = private();
    let checked = Qualified::new(ty, quote!(#p::RequireDpiValue)).item("CHECKED");
    quote!(let () = #checked;)
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

/// A registry entry's ABI and what the ABI adds, for the kinds that add
/// something: the expression of a DPI-C function's `DpiDecl` or a
/// `#[ciface]` one's `CifaceDesc` (a block, its checks first), which the
/// entry borrows. In the entry's initializer rather than a static of its
/// own, which was one more body per function for rustc to check, evaluate
/// and emit (0.27 M instructions per `#[ciface]` function, 0.07 M per
/// DPI-C import: see `dpi_decl_expression`). One enum, so that a plain C
/// entry cannot carry a description nor a DPI-C one lack its own.
pub(crate) enum EntryAbi {
    /// `#[c_export]`.
    C,
    /// `#[dpi_import]`, with the `DpiDecl` expression.
    DpiImport(TokenStream),
    /// `#[dpi_export]`, with the `DpiDecl` expression.
    DpiExport(TokenStream),
    /// `#[ciface]`, with the `CifaceDesc` expression.
    Ciface(TokenStream),
}

impl EntryAbi {
    /// The kind, and what it adds to the entry.
    fn parts(&self) -> (AbiKind, Option<&TokenStream>) {
        match self {
            EntryAbi::C => (AbiKind::C, None),
            EntryAbi::DpiImport(description) => (AbiKind::DpiImport, Some(description)),
            EntryAbi::DpiExport(description) => (AbiKind::DpiExport, Some(description)),
            EntryAbi::Ciface(description) => (AbiKind::Ciface, Some(description)),
        }
    }
}

/// A function's registry entry, `static __ABI_FUNCTION: FunctionEntry`:
/// every name and Rust type in one string, every type's description a
/// per-type constant (see `abi_core::model::function::FunctionEntry`).
pub(crate) struct Entry<'a> {
    /// The ABI, with what it adds to the entry.
    pub(crate) abi: EntryAbi,
    /// The Rust item's name.
    pub(crate) name: &'a str,
    pub(crate) doc: &'a str,
    /// An expression of the symbol (a literal, or a checked literal).
    pub(crate) symbol: TokenStream,
    pub(crate) is_unsafe: bool,
    pub(crate) named_args: bool,
    /// Per parameter: name, Rust type as written, and `ParamEntry`.
    pub(crate) params: Vec<(String, String, TokenStream)>,
    /// The result's Rust type as written, and `ResultEntry`.
    pub(crate) result: (String, TokenStream),
    /// The name of the result's out-pointer parameter, if it has one.
    pub(crate) out_name: &'a str,
}

impl Entry<'_> {
    /// The entry text after its module path, file and line, which
    /// `concat!` appends to them (see [`entry_tail`]).
    fn text_tail(&self) -> TokenStream {
        let params = self
            .params
            .iter()
            .map(|(name, rust_type, _)| (name.as_str(), rust_type.as_str()));
        entry_tail(self.name, &self.result.0, self.out_name, params, self.doc)
    }

    pub(crate) fn emit(&self) -> TokenStream {
        let p = private();
        let (kind, description) = self.abi.parts();
        let variant = proc_macro2::Ident::new(kind.variant_name(), Span::call_site());
        let abi = match description {
            None => quote!(#p::Abi::#variant),
            Some(description) => quote!(#p::Abi::#variant(&#description)),
        };
        let tail = self.text_tail();
        let param_types = self.params.iter().map(|(_, _, param_type)| param_type);
        let (symbol, is_unsafe, named_args, result) = (
            &self.symbol,
            self.is_unsafe,
            self.named_args,
            &self.result.1,
        );
        quote! {
            #p::register!(function __ABI_FUNCTION = #p::FunctionEntry {
                abi: #abi,
                text: ::core::concat!(::core::module_path!(), #tail),
                symbol: #symbol,
                is_unsafe: #is_unsafe,
                named_args: #named_args,
                params: &[#(#param_types),*],
                result: #result,
            };);
        }
    }
}

/// What a registry entry's text holds after its module path
/// (`module_path!()`, known only where the expansion lands): the
/// separator, `file!()`, the separator, `line!()`, then the tail
/// `EntryText::encode_tail` writes (the name, the result's and the
/// parameters' Rust types and names, the doc comment), as tokens for
/// `concat!`.
pub(crate) fn entry_tail<'a>(
    name: &str,
    result_type: &str,
    out_name: &str,
    params: impl IntoIterator<Item = (&'a str, &'a str)>,
    doc: &str,
) -> TokenStream {
    let tail = entry_text_tail(name, result_type, out_name, params, doc);
    let separator = SEPARATOR.to_string();
    quote!(#separator, ::core::file!(), #separator, ::core::line!(), #tail)
}

/// The tail of a registry entry's text, after its line
/// (`EntryText::encode_tail`).
pub(crate) fn entry_text_tail<'a>(
    name: &str,
    result_type: &str,
    out_name: &str,
    params: impl IntoIterator<Item = (&'a str, &'a str)>,
    doc: &str,
) -> String {
    let params: Vec<(&str, &str)> = params.into_iter().collect();
    // Identifiers, Rust types as written and out-pointer names hold no
    // NUL byte, so encoding cannot fail.
    EntryText::encode_tail(name, result_type, out_name, &params, doc)
        .expect("no NUL in identifiers or types")
}

/// The lifetime checks of the parameters `params` selects (their written
/// types and their raw arguments' indexes), as [`lent_checks`] writes them.
pub(crate) fn lent_checks_of<'t>(
    params: impl IntoIterator<Item = (usize, &'t Type)>,
) -> (TokenStream, TokenStream) {
    lent_checks(params.into_iter().map(|(i, ty)| (ty, raw_arg(i, ""))))
}

/// The lifetime checks of a shim's parameters: what the foreign caller
/// lends lives for the call only, and the shim converts arguments at
/// `'static`, so a `'static` borrow in a parameter type, written or hidden
/// in an alias (`type S = &'static str;`), would let the function keep it.
///
/// The generics (`<'call>`) go after the shim's name, the statements first
/// in its body: per parameter, `LentArgument::lent_check::<'call, T>(&raw)`
/// on the shim's raw argument, with `T` the parameter type, its written
/// lifetimes made `'call`, every token spanned at the type. The bound `T:
/// BorrowedFor<'call>` makes such a type a lifetime error at the type
/// ("`'call` must outlive `'static`"). A type the parameter trait does not
/// implement gives its raw argument rustc's error type, and a call whose
/// `Self` is an error reports nothing more: the type has its one error, at
/// the signature. Under `if false`: checked, never compiled to code.
///
/// Why here and not in a function of their own with an autoref probe (as
/// before): one call per parameter on a known argument, and no extra
/// function body; on 100 exports of two scalars, rustc's instructions went
/// from 0.61 G to 0.55 G of the expanded code. Why a path call and not a
/// method call (`(&raw).lent_check()`, before): no method lookup and no
/// trait import per shim, 4.21 G to 4.16 G of the 400-function benchmark
/// crate's expanded code.
///
/// For each parameter, its type as written and the shim's raw argument
/// whose type the parameter trait gives (the first, for a slice). Returns
/// `(generics, statements)`.
pub(crate) fn lent_checks<'t>(
    params: impl IntoIterator<Item = (&'t Type, proc_macro2::Ident)>,
) -> (TokenStream, TokenStream) {
    // Token by token into one stream (as `Private` and `Qualified` do),
    // not a `quote!` of small streams interpolated into each other: 100
    // exports of two `i32`, rustc's instructions 403.1 M to 397.1 M.
    let mut checks = TokenStream::new();
    for (ty, raw) in params {
        let (first, last) = end_spans(ty);
        let lent = crate::syntax::with_lifetimes(ty, "'call");
        // The whole call spanned at the type, so that rustc reports the
        // lifetime there (a call's span runs from its path's first token
        // to its arguments' last).
        Private::path_at(&mut checks, &["LentArgument", "lent_check"], first);
        checks.extend([
            punct(':', Spacing::Joint, first),
            punct(':', Spacing::Alone, first),
            punct('<', Spacing::Alone, first),
            punct('\'', Spacing::Joint, first),
            TokenTree::Ident(Ident::new("call", first)),
            punct(',', Spacing::Alone, first),
        ]);
        lent.to_tokens(&mut checks);
        // The argument located at the type, keeping its hygiene.
        let at_type = Span::call_site().located_at(last);
        let reference = punct('&', Spacing::Alone, at_type);
        let mut raw = raw;
        raw.set_span(raw.span().located_at(last));
        let mut argument = proc_macro2::Group::new(
            proc_macro2::Delimiter::Parenthesis,
            TokenStream::from_iter([reference, TokenTree::Ident(raw)]),
        );
        argument.set_span(at_type);
        checks.extend([
            punct('>', Spacing::Alone, last),
            TokenTree::Group(argument),
            punct(';', Spacing::Alone, Span::call_site()),
        ]);
    }
    if checks.is_empty() {
        return (TokenStream::new(), TokenStream::new());
    }
    let statements = quote! {
        if false {
            #checks
        }
    };
    (quote!(<'call>), statements)
}

/// The spans of a type's first and last tokens.
fn end_spans(ty: &Type) -> (Span, Span) {
    let mut tokens = ty.to_token_stream().into_iter();
    let first = tokens.next().map_or_else(Span::call_site, |t| t.span());
    let last = tokens.last().map_or(first, |t| t.span());
    (first, last)
}

/// `fn __abi_lent_for_the_call<'call>()` requiring `BorrowedFor<'call>`
/// of each parameter type, its written lifetimes made `'call`, spanned at
/// the type: what the foreign caller lends lives for the call only, and the
/// shim converts arguments at `'static`, so a `'static` borrow in a
/// parameter type, written or hidden in an alias (`type S = &'static
/// str;`), would let the function keep it. Such a type fails to compile
/// here ("`'call` must outlive `'static`"). Never called: a compile-time
/// check only.
///
/// For the result of an MLIR function Rust calls (no shim, so no raw
/// argument: see [`lent_checks`] for the parameters of shims).
pub(crate) fn lent_for_the_call<'t>(types: impl IntoIterator<Item = &'t Type>) -> TokenStream {
    let checks: Vec<TokenStream> = types
        .into_iter()
        .map(|ty| {
            // Every token of the call spanned like the type (its first and
            // last tokens), so that rustc reports the lifetime at the type.
            let (first, last) = end_spans(ty);
            let lent = crate::syntax::with_lifetimes(ty, "'call");
            let probe = quote_spanned!(first=> (&::abi_core::__private::LentProbe::<#lent>::NEW));
            let check = quote_spanned!(first=> pick().lent_for_the_call::<'call,);
            let close = quote_spanned!(last=> >(););
            quote!(#probe.#check #lent #close)
        })
        .collect();
    if checks.is_empty() {
        return TokenStream::new();
    }
    quote! {
        #[allow(dead_code)]
        fn __abi_lent_for_the_call<'call>() {
            #[allow(unused_imports)]
            use ::abi_core::__private::{LentPick as _, LentPickNone as _};
            #(#checks)*
        }
    }
}

/// The call of the user's function with the converted arguments. An
/// `unsafe` function's contract passes to the foreign caller, as the
/// generated header or package documents.
pub(crate) fn call_user_function<A: ToTokens>(
    ident: &syn::Ident,
    is_unsafe: bool,
    args: &[A],
) -> TokenStream {
    if is_unsafe {
        // SAFETY (of the generated block): the contract is the foreign
        // caller's.
        quote!(unsafe { #ident(#(#args),*) })
    } else {
        quote!(#ident(#(#args),*))
    }
}
