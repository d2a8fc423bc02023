//! Syntactic helpers shared by the attributes. Nothing here knows a layout:
//! it only recognises shapes of Rust syntax that can never cross a C
//! boundary, so the error can say what to write instead.

use proc_macro2::Span;

use crate::errors::Errors;
use syn::visit_mut::VisitMut;
use syn::{Attribute, GenericArgument, Lifetime, PathArguments, Type, TypePath, TypeReference};

/// The `///` comments of an item, one line each, with the single leading
/// space rustdoc strips also stripped.
pub(crate) fn doc_string(attrs: &[Attribute]) -> String {
    let mut lines = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("doc") {
            continue;
        }
        if let syn::Meta::NameValue(nv) = &attr.meta
            && let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) = &nv.value
        {
            let text = s.value();
            if text.trim().is_empty() {
                lines.push(String::new());
            }
            for line in text.lines() {
                lines.push(line.strip_prefix(' ').unwrap_or(line).to_owned());
            }
        }
    }
    lines.join("\n")
}

/// `ty` with every lifetime, named or elided, replaced by `lifetime`.
///
/// The extern "C" signature uses `'static` (lifetimes there only select an
/// implementation, and every lifetime selects the same raw type); the body
/// uses `'_` so rustc infers them.
pub(crate) fn with_lifetimes(ty: &Type, lifetime: &str) -> Type {
    struct Replace(Lifetime);
    impl VisitMut for Replace {
        fn visit_lifetime_mut(&mut self, l: &mut Lifetime) {
            *l = Lifetime::new(&self.0.to_string(), l.span());
        }
        fn visit_type_reference_mut(&mut self, r: &mut TypeReference) {
            if r.lifetime.is_none() {
                r.lifetime = Some(Lifetime::new(&self.0.to_string(), r.and_token.span));
            }
            syn::visit_mut::visit_type_reference_mut(self, r);
        }
    }
    let mut ty = ty.clone();
    Replace(Lifetime::new(lifetime, Span::call_site())).visit_type_mut(&mut ty);
    ty
}

/// A visitor that replaces every invisible group in the types it visits by
/// the type it
/// holds. A type that reaches an attribute through a `macro_rules!`
/// fragment (`$t:ty`) arrives wrapped in an invisible group
/// (`Type::Group`), which every syntactic check would otherwise misread
/// (`&mut $t` with `$t = &'static CStr` is not a reference to a reference
/// for a `match` on `Type::Reference`). Each attribute runs it once over what
/// it parsed (`parse_item_shallow`, the `#[dpi_export]` block, a derive's
/// input), so every later check sees the types as if written out. A trait
/// object or `impl Trait` keeps parentheses, which is what the group meant
/// (`&$t` with `$t = dyn A + B`).
pub(crate) struct Ungroup;

impl VisitMut for Ungroup {
    fn visit_type_mut(&mut self, ty: &mut Type) {
        syn::visit_mut::visit_type_mut(self, ty);
        if let Type::Group(group) = ty {
            let span = group.group_token.span;
            let elem = core::mem::replace(
                &mut *group.elem,
                Type::Verbatim(proc_macro2::TokenStream::new()),
            );
            *ty = match elem {
                bounded @ (Type::TraitObject(_) | Type::ImplTrait(_)) => {
                    Type::Paren(syn::TypeParen {
                        paren_token: syn::token::Paren(span),
                        elem: Box::new(bounded),
                    })
                }
                elem => elem,
            };
        }
    }
    // Function bodies are kept as written (only signatures are inspected).
    fn visit_block_mut(&mut self, _: &mut syn::Block) {}
}

/// The last path segment of a plain path type, with its generic arguments.
pub(crate) fn last_segment(ty: &Type) -> Option<&syn::PathSegment> {
    match ty {
        Type::Path(TypePath { qself: None, path }) => path.segments.last(),
        Type::Group(g) => last_segment(&g.elem),
        Type::Paren(p) => last_segment(&p.elem),
        _ => None,
    }
}

/// The type arguments of a path segment (`Result<T, E>` gives `[T, E]`).
pub(crate) fn type_arguments(segment: &syn::PathSegment) -> Vec<&Type> {
    match &segment.arguments {
        PathArguments::AngleBracketed(args) => args
            .args
            .iter()
            .filter_map(|a| match a {
                GenericArgument::Type(t) => Some(t),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// Whether `ty` is the unit type `()`.
pub(crate) fn is_unit(ty: &Type) -> bool {
    matches!(ty, Type::Tuple(t) if t.elems.is_empty())
}

/// Whether `ty` is written `&[T]`, `&mut [T]` or `&str`: passed as a pointer
/// and a length.
pub(crate) fn is_slice_like(ty: &Type) -> bool {
    match ty {
        Type::Reference(r) => match &*r.elem {
            Type::Slice(_) => true,
            elem => r.mutability.is_none() && last_segment(elem).is_some_and(|s| s.ident == "str"),
        },
        _ => false,
    }
}

/// An identifier as the foreign side spells it: without the `r#` of a raw
/// identifier (`r#type` is `type`; the emitters then escape keywords of
/// their own language).
pub(crate) fn unraw(ident: &syn::Ident) -> String {
    use syn::ext::IdentExt;
    ident.unraw().to_string()
}

/// The first `'static` lifetime written in a parameter type of a function
/// the foreign side calls, with the hint to give: what the caller lends
/// (a buffer, a string, a descriptor) lives only for the call, and the shim
/// converts every argument at `'static` and relies on the function's own
/// lifetimes to shorten it, so a `'static` written there would let the
/// function keep the borrow after the call.
pub(crate) fn static_in_parameter(ty: &Type) -> Option<(syn::Lifetime, &'static str)> {
    // `visit-mut` over a copy: the crate enables no other visitor.
    struct Find(Option<syn::Lifetime>);
    impl VisitMut for Find {
        fn visit_lifetime_mut(&mut self, l: &mut syn::Lifetime) {
            if self.0.is_none() && l.ident == "static" {
                self.0 = Some(l.clone());
            }
        }
    }
    let mut find = Find(None);
    find.visit_type_mut(&mut ty.clone());
    find.0.map(|l| {
        (
            l,
            "what the caller passes is lent for this call only, and `'static` would let the function keep it afterwards: write `'_` or leave the lifetime out (copy the data to keep it)",
        )
    })
}

/// Where a type appears, for the wording of hints.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Position {
    Parameter,
    Result,
    Field,
}

/// A type that can never cross a C boundary, with a hint of what to write
/// instead. Returns the offending sub-type and the message.
pub(crate) fn rejected_type(ty: &Type, position: Position) -> Option<(&Type, String)> {
    fn hint<'t>(t: &'t Type, msg: &str) -> Option<(&'t Type, String)> {
        Some((t, msg.to_owned()))
    }
    match ty {
        Type::ImplTrait(_) => hint(
            ty,
            "`impl Trait` has no C representation; use a concrete type",
        ),
        Type::TraitObject(_) => hint(
            ty,
            "trait objects have no C representation; pass an opaque `*mut c_void` and cast it back",
        ),
        Type::Never(_) => hint(
            ty,
            "a C function returns; return `()` and abort inside if it must not",
        ),
        Type::BareFn(_) => hint(
            ty,
            "function pointers are not supported by `#[c_export]` yet; pass a `*const c_void` and transmute it to the function type",
        ),
        Type::Tuple(t) if !t.elems.is_empty() => hint(
            ty,
            "C has no tuples; use a `#[c_export] #[repr(C)]` struct with named fields",
        ),
        Type::Array(_) if position != Position::Field => hint(
            ty,
            "C cannot pass arrays by value; take `&[T; N]` (a pointer) or `&[T]` (a pointer and a length), or wrap the array in a `#[repr(C)]` struct",
        ),
        Type::Slice(_) => hint(ty, "a slice must be borrowed: `&[T]` or `&mut [T]`"),
        Type::Reference(r) => {
            if r.mutability.is_some() && last_segment(&r.elem).is_some_and(|s| s.ident == "str") {
                return hint(
                    ty,
                    "`&mut str` is not supported; take `&mut [u8]` and validate UTF-8 yourself",
                );
            }
            if position == Position::Field {
                return hint(
                    ty,
                    "references in C structs cannot be checked; use a raw pointer (`*const T`), or `Option<&T>` as a function parameter",
                );
            }
            match &*r.elem {
                Type::Slice(s) => rejected_type(&s.elem, Position::Field),
                _ if is_slice_like(ty) => None,
                elem => rejected_type(elem, Position::Field),
            }
        }
        Type::Paren(p) => rejected_type(&p.elem, position),
        Type::Group(g) => rejected_type(&g.elem, position),
        Type::Ptr(p) => rejected_type(&p.elem, Position::Field),
        Type::Path(_) => rejected_path(ty, position),
        _ => None,
    }
}

fn rejected_path(ty: &Type, position: Position) -> Option<(&Type, String)> {
    let segment = last_segment(ty)?;
    let name = segment.ident.to_string();
    let message = match name.as_str() {
        "String" if position == Position::Result => {
            "`String` cannot be handed to C; return `&'static CStr`, or let C pass a buffer (`&mut [u8]`) and return the length"
        }
        "String" => {
            "`String` cannot come from C; take `&str` (a pointer and a length) or `&CStr` (NUL-terminated)"
        }
        "Vec" if position == Position::Result => {
            "`Vec` cannot be handed to C; let C pass a buffer (`&mut [T]`) and return the length"
        }
        "Vec" => "`Vec` cannot come from C; take `&[T]` or `&mut [T]` (a pointer and a length)",
        "Box" => {
            "`Box` has no C ownership story; pass `*mut T` and export a function that frees it"
        }
        "char" => {
            "`char` has no C equivalent (and not every `uint32_t` is a `char`); use `u32` and `char::from_u32`"
        }
        "i128" | "u128" => {
            "128-bit integers have no C11 spelling; pass two `u64` halves or a `#[repr(C)]` struct"
        }
        "CString" => "`CString` owns its buffer; take `&CStr`, or return `&'static CStr`",
        "Result" if position != Position::Result => "`Result` is only supported as the return type",
        "Result" => {
            let args = type_arguments(segment);
            if args.len() == 2 {
                return rejected_type(args[0], Position::Result)
                    .or_else(|| rejected_type(args[1], Position::Field));
            }
            "write both type parameters, `Result<T, E>` with `E: abi_core::c::status::CError`: the error type decides the status code C receives"
        }
        "Option" => {
            let args = type_arguments(segment);
            let nullable = args
                .first()
                .is_some_and(|t| matches!(t, Type::Reference(_)));
            if nullable {
                return args.first().and_then(|t| match t {
                    Type::Reference(r) => rejected_type(&r.elem, Position::Field),
                    _ => None,
                });
            }
            "only `Option<&T>`, `Option<&mut T>` and `Option<&CStr>` cross to C, as nullable pointers; use a sentinel value or an out-parameter for other optional values"
        }
        _ => return None,
    };
    Some((ty, message.to_owned()))
}

/// A Rust `bool` where C owns the memory (behind a pointer, in a slice, an
/// array or a struct field of a C function's types): the `bool` written
/// there, with the hint. A hint only, for the type as written; `CType`
/// (which `bool` does not implement) is the rule, aliases included.
pub(crate) fn c_bool_in_memory(ty: &Type, in_memory: bool) -> Option<(&Type, &'static str)> {
    match ty {
        Type::Reference(r) => c_bool_in_memory(&r.elem, true),
        Type::Ptr(p) => c_bool_in_memory(&p.elem, true),
        Type::Slice(s) => c_bool_in_memory(&s.elem, true),
        Type::Array(a) => c_bool_in_memory(&a.elem, true),
        Type::Paren(p) => c_bool_in_memory(&p.elem, in_memory),
        Type::Group(g) => c_bool_in_memory(&g.elem, in_memory),
        Type::Path(p) if in_memory && p.qself.is_none() && p.path.is_ident("bool") => Some((
            ty,
            "C can leave any byte where it owns the memory, and a Rust `bool` other than 0 or 1 is undefined behaviour: write `abi_core::c::CBool` here (a `bool` is accepted by value only)",
        )),
        Type::Path(p) if p.qself.is_none() => {
            let segment = p.path.segments.last()?;
            (segment.ident == "Option")
                .then(|| type_arguments(segment).into_iter().next())
                .flatten()
                .and_then(|t| c_bool_in_memory(t, in_memory))
        }
        _ => None,
    }
}

/// Attributes that would fight with the symbol the attribute exports, or a
/// second copy of the attribute itself.
pub(crate) fn check_attributes(attrs: &[syn::Attribute], macro_name: &str, errors: &mut Errors) {
    for attr in attrs {
        let path = attr.path();
        let name = path
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        match name.as_str() {
            "no_mangle" | "export_name" => errors.spanned(
                attr,
                format!("remove this attribute: `#[{macro_name}]` exports the function itself (`#[{macro_name}(name = \"...\")]` chooses the name)"),
            ),
            // `#[unsafe(no_mangle)]` parses as a path `unsafe` with the real
            // attribute inside.
            "unsafe" => {
                let inner = attr.meta.require_list().map(|l| l.tokens.to_string()).unwrap_or_default();
                if inner.starts_with("no_mangle") || inner.starts_with("export_name") {
                    errors.spanned(
                        attr,
                        format!("remove this attribute: `#[{macro_name}]` exports the function itself (`#[{macro_name}(name = \"...\")]` chooses the name)"),
                    );
                }
            }
            name if name == macro_name => {
                errors.spanned(attr, format!("`#[{macro_name}]` is applied more than once"))
            }
            _ => {}
        }
    }
}

/// Mark the user's function `#[inline]` in optimised builds (those without
/// `debug_assertions`, as Cargo's release profile), unless it already says
/// how it is inlined.
///
/// Why: the shim calls the function, and LLVM inlines it there. A `pub`
/// function that is not `#[inline]` is also compiled on its own, for Rust
/// callers in other crates, so a release build optimised each body twice
/// (and ThinLTO worked on both copies): a crate of 400 exports built in
/// 2.9 s where the same functions written as `extern "C"` built in 1.5 s.
/// Marked `#[inline]`, the body is compiled where it is called: once, in
/// the shim, in this crate; Rust callers elsewhere compile their own copy,
/// as for any `#[inline]` function. Debug builds are left alone: there
/// `#[inline]` keeps the body in the crate's metadata for other crates to
/// instantiate, which cost 8% more build time and saved nothing. Any
/// inline attribute of the user's own (`#[inline(never)]` to keep one
/// shared copy) is left as written.
///
/// The attribute is spanned at the function's `fn`, as if the user had
/// written it there, not at the attribute macro's call site: rustc keeps a
/// trace of a `cfg_attr` even when its condition is false, and a span from
/// the expansion made every function body after an edit that moved text
/// (a character added above it) borrow-checked again in an incremental
/// build (400 exports with 30-statement bodies, one edit near the top:
/// 0.15 s of borrow checking, against 0.002 s with the function's span,
/// as for a function written without the attribute).
pub(crate) fn inline_in_optimised_builds(function: &mut syn::ItemFn) {
    let says_how_to_inline = function.attrs.iter().any(|attr| {
        attr.path().is_ident("inline")
            || (attr.path().is_ident("cfg_attr")
                && attr.meta.require_list().is_ok_and(|list| {
                    list.tokens.clone().into_iter().any(
                        |token| matches!(token, proc_macro2::TokenTree::Ident(ident) if ident == "inline"),
                    )
                }))
    });
    if !says_how_to_inline {
        let at = function.sig.fn_token.span;
        function
            .attrs
            .push(syn::parse_quote_spanned!(at=> #[cfg_attr(not(debug_assertions), inline)]));
    }
}

/// The checks every exported function shares: no `async`, no ABI of its
/// own, no type or const generics, no `where` clause, no C variadics.
pub(crate) fn check_plain_signature(sig: &syn::Signature, attribute: &str, errors: &mut Errors) {
    if let Some(token) = &sig.asyncness {
        errors.spanned(
            token,
            "`async fn` cannot be called from C; export a blocking function that drives the future",
        );
    }
    if let Some(abi) = &sig.abi {
        errors.spanned(
            abi,
            format!("remove the ABI: `{attribute}` writes the `extern \"C\"` entry point and keeps this function callable from Rust"),
        );
    }
    for param in &sig.generics.params {
        match param {
            syn::GenericParam::Lifetime(_) => {}
            other => errors.spanned(
                other,
                "generic functions cannot be exported to C: C needs one symbol per instantiation; export a non-generic wrapper for each type",
            ),
        }
    }
    if let Some(where_clause) = &sig.generics.where_clause {
        errors.spanned(
            where_clause,
            "a `where` clause has no meaning for a C export; remove it",
        );
    }
    if let Some(variadic) = &sig.variadic {
        errors.spanned(
            variadic,
            "C variadic functions are not supported; take a slice (`&[T]`) instead",
        );
    }
}

/// An `extern` block given to `#[ciface]` or `#[dpi_export]` must be
/// `unsafe extern`: its declarations are promises about foreign functions
/// (`what`) that the generated safe wrappers call through, and rustc, which
/// would demand the `unsafe` of such a block in edition 2024, never sees
/// the block the attribute consumed.
pub(crate) fn require_unsafe_block(block: &syn::ItemForeignMod, what: &str, errors: &mut Errors) {
    if block.unsafety.is_none() {
        errors.spanned(
            block.abi.extern_token,
            format!(
                "write `unsafe extern \"C\"`: the declarations are promises about {what} that the compiler cannot check, and the generated safe wrappers call through them"
            ),
        );
    }
}

/// Check that an exported name is spelled like a C identifier (not empty,
/// ASCII letters, digits and `_`, not starting with a digit) and that
/// `problem` (a rule of `abi_model::names`: `c_symbol_problem`,
/// `sv_name_problem`) finds nothing else wrong with it, such as a C or C++
/// keyword. Checked here, not while the description is evaluated: an error
/// of the expansion reads better, and a constant function call per name
/// cost the build of every function.
pub(crate) fn check_exported_name(
    name: &syn::LitStr,
    what: &str,
    problem: fn(&str) -> Option<&'static str>,
    errors: &mut Errors,
) {
    let value = name.value();
    if abi_model::names::has_c_spelling(&value) {
        if let Some(problem) = problem(&value) {
            errors.spanned(name, problem);
        }
        return;
    }
    // Which part of the rule is broken, for the message.
    let problem = if value.is_empty() {
        format!("the {what} is empty")
    } else if value.starts_with(|c: char| c.is_ascii_digit()) {
        format!("the {what} `{value}` starts with a digit")
    } else if let Some(c) = value
        .chars()
        .find(|&c| !(c.is_ascii_alphanumeric() || c == '_'))
    {
        format!("the {what} `{value}` contains {c:?}")
    } else {
        unreachable!("`{value}` is spelled like a C identifier")
    };
    errors.spanned(
        name,
        format!(
            "{problem}; it must be a C identifier: ASCII letters, digits and `_`, not starting with a digit"
        ),
    );
}

/// Parse an item, leaving a function's body to rustc: syn reads the
/// tokens before the body, and the body's statements are kept as one
/// verbatim stream and re-emitted unchanged (the attributes only look at
/// the signature). Proc macros run unoptimised (Cargo builds them at
/// `opt-level = 0` in both profiles), and handing syn the whole function
/// cost the macro about 2,400 instructions per token of the body: a body
/// of 30 short statements (about 360 tokens) cost more than everything
/// the attribute generates for it. Now the body is one handle, passed
/// through as it came. Anything that is not a plain function is parsed in
/// full, as is a function this shallow parse cannot read, so syn reports
/// its errors as usual.
pub(crate) fn parse_item_shallow(tokens: proc_macro2::TokenStream) -> syn::Result<syn::Item> {
    use proc_macro2::{Delimiter, TokenTree};
    use syn::parse::{ParseStream, Parser};
    // A function ends with its body: a brace group at the top level.
    let mut head: Vec<TokenTree> = tokens.clone().into_iter().collect();
    let body = match head.pop() {
        Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Brace => Some(group),
        _ => None,
    };
    // Everything before the body: attributes, visibility and signature,
    // and nothing else.
    let head_of_fn = |input: ParseStream<'_>| {
        let attrs = input.call(Attribute::parse_outer)?;
        let vis: syn::Visibility = input.parse()?;
        let sig: syn::Signature = input.parse()?;
        Ok((attrs, vis, sig))
    };
    let shallow = body.and_then(|body| {
        let (attrs, vis, sig) = head_of_fn.parse2(head.into_iter().collect()).ok()?;
        Some(syn::ItemFn {
            attrs,
            vis,
            sig,
            block: Box::new(syn::Block {
                brace_token: syn::token::Brace {
                    span: body.delim_span(),
                },
                stmts: vec![syn::Stmt::Item(syn::Item::Verbatim(body.stream()))],
            }),
        })
    });
    let mut item = match shallow {
        Some(function) => syn::Item::Fn(function),
        None => syn::parse2(tokens)?,
    };
    Ungroup.visit_item_mut(&mut item);
    Ok(item)
}

/// How a signature holds a `_BitInt` type with no storage: as the whole
/// parameter or result type, or behind one reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BitIntPlace {
    Value,
    Shared,
    Exclusive,
}

/// The parameter and result types in the signatures of `item` (a
/// function, or the functions of an `extern` block) that are
/// `BitInt<N>`/`UBitInt<N>`, or a reference to one, with a literal width
/// that has no built-in storage (`BitInt<300>`, `&UBitInt<0>`). Such a type
/// is ill-formed wherever it is written, so rustc reports it at every
/// mention: at the user's signature and again in each place a shim would
/// name it. The driver generates no shim for such an item (rustc's error
/// at the user's signature is the one report) and checks instead that the
/// type is abi-core's, so that a type of the user's own with that name is
/// refused rather than left without its shim. A diagnostic shortcut only:
/// every other width, and such a type elsewhere (in an array, an
/// `Option`), is decided by abi-core's traits as usual.
pub(crate) fn bitint_widths_without_storage(item: &syn::Item) -> Vec<(&Type, BitIntPlace)> {
    let types: Vec<&Type> = match item {
        syn::Item::Fn(function) => signature_types(&function.sig),
        syn::Item::ForeignMod(block) => block
            .items
            .iter()
            .filter_map(|item| match item {
                syn::ForeignItem::Fn(function) => Some(signature_types(&function.sig)),
                _ => None,
            })
            .flatten()
            .collect(),
        _ => Vec::new(),
    };
    types
        .into_iter()
        .filter_map(|ty| {
            let (inner, place) = match ungrouped(ty) {
                Type::Reference(r) if r.mutability.is_some() => (&*r.elem, BitIntPlace::Exclusive),
                Type::Reference(r) => (&*r.elem, BitIntPlace::Shared),
                _ => (ty, BitIntPlace::Value),
            };
            is_bitint_without_storage(inner).then_some((ty, place))
        })
        .collect()
}

/// The parameter and result types of a signature.
fn signature_types(sig: &syn::Signature) -> Vec<&Type> {
    let mut types: Vec<&Type> = sig
        .inputs
        .iter()
        .filter_map(|input| match input {
            syn::FnArg::Typed(typed) => Some(&*typed.ty),
            syn::FnArg::Receiver(_) => None,
        })
        .collect();
    if let syn::ReturnType::Type(_, ty) = &sig.output {
        types.push(ty);
    }
    types
}

/// `ty` without invisible groups and parentheses.
fn ungrouped(ty: &Type) -> &Type {
    match ty {
        Type::Group(g) => ungrouped(&g.elem),
        Type::Paren(p) => ungrouped(&p.elem),
        _ => ty,
    }
}

/// Whether `ty` is written `BitInt<N>`/`UBitInt<N>` with a literal `N`
/// outside the widths those names take directly.
fn is_bitint_without_storage(ty: &Type) -> bool {
    let Some(segment) = last_segment(ty) else {
        return false;
    };
    let named = abi_model::c::BITINT_TYPE_NAMES
        .iter()
        .any(|name| segment.ident == name);
    named
        && literal_width(segment)
            .is_some_and(|width| !abi_model::c::BITINT_NAMED_WIDTHS.contains(&width))
}

/// The width of `BitInt<300>` or `BitInt<{ 300 }>`, when it is the only
/// generic argument and an integer literal.
fn literal_width(segment: &syn::PathSegment) -> Option<u32> {
    let PathArguments::AngleBracketed(args) = &segment.arguments else {
        return None;
    };
    let mut args = args.args.iter();
    let (Some(only), None) = (args.next(), args.next()) else {
        return None;
    };
    let mut expr = match only {
        GenericArgument::Const(expr) => expr,
        // `BitInt<300>` parses as a const argument; `BitInt<{ 300 }>` too.
        _ => return None,
    };
    loop {
        match expr {
            syn::Expr::Block(block) if block.block.stmts.len() == 1 => {
                match &block.block.stmts[0] {
                    syn::Stmt::Expr(inner, None) => expr = inner,
                    _ => return None,
                }
            }
            syn::Expr::Group(group) => expr = &group.expr,
            syn::Expr::Paren(paren) => expr = &paren.expr,
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(int),
                ..
            }) => return int.base10_parse().ok(),
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::inline_in_optimised_builds;
    use quote::ToTokens;

    fn inlined(source: &str) -> String {
        let mut function: syn::ItemFn = syn::parse_str(source).unwrap();
        inline_in_optimised_builds(&mut function);
        function
            .attrs
            .iter()
            .map(|attr| attr.to_token_stream().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn a_function_without_inline_attribute_is_inlined_in_optimised_builds() {
        assert_eq!(
            inlined("/// Doc.\npub fn f() {}"),
            "# [doc = \" Doc.\"] # [cfg_attr (not (debug_assertions) , inline)]"
        );
    }

    #[test]
    fn the_users_own_inline_attribute_is_left_as_written() {
        for attr in [
            "#[inline(never)]",
            "#[inline]",
            "#[inline(always)]",
            "#[cfg_attr(feature = \"x\", inline(never))]",
        ] {
            let source = format!("{attr}\npub fn f() {{}}");
            let written: syn::ItemFn = syn::parse_str(&source).unwrap();
            assert_eq!(
                inlined(&source),
                written.attrs[0].to_token_stream().to_string(),
                "{attr}"
            );
        }
    }
}
