//! What `#[ciface]` understood: one model per function, whether Rust
//! implements it (MLIR calls Rust) or an MLIR module does (Rust calls
//! MLIR), after every syntactic check.

use quote::ToTokens;
use syn::spanned::Spanned;
use syn::{
    Attribute, FnArg, ForeignItem, GenericArgument, Ident, ItemFn, ItemForeignMod, LitStr, Pat,
    PathArguments, ReturnType, Signature, Type, Visibility,
};

use super::args::Args;
use super::mlir_type::MlirMemRef;
use crate::errors::Errors;
use crate::syntax;

pub(crate) enum Provider {
    /// A Rust function MLIR calls; `is_unsafe` passes its contract on.
    Rust { is_unsafe: bool },
    /// An MLIR function; the wrapper gets this visibility.
    Mlir { vis: Visibility },
}

pub(crate) struct FunctionModel {
    pub(crate) provider: Provider,
    pub(crate) ident: Ident,
    /// The MLIR name; the symbol is `_mlir_ciface_` + this.
    pub(crate) mlir_name: LitStr,
    pub(crate) doc: String,
    pub(crate) params: Vec<ParamModel>,
    pub(crate) result: ResultModel,
    pub(crate) expanded: bool,
    /// `#[ciface(result = ...)]`, per result member: the declared MLIR
    /// type (`None`: `"_"`, the default) and the member's Rust type.
    pub(crate) result_types: Vec<(Option<(LitStr, MlirMemRef)>, Type)>,
    /// The signature as written (for the import wrapper).
    pub(crate) sig: Signature,
    /// `#[ciface(jit)]` on the block: called through an address found at
    /// run time (a handle type per declaration), not a linked symbol.
    pub(crate) jit: bool,
}

pub(crate) struct ParamModel {
    pub(crate) ident: Ident,
    pub(crate) name: String,
    pub(crate) ty: Type,
    /// `#[mlir("...")]`, parsed, with the string for spans.
    pub(crate) mlir: Option<(LitStr, MlirMemRef)>,
    /// What the expanded convention passes for it.
    pub(crate) expanded: ExpandedParam,
}

pub(crate) enum ExpandedParam {
    /// One scalar.
    Scalar,
    /// `allocated, aligned, offset, sizes[rank], strides[rank]`.
    Ranked { element: Box<Type>, rank: usize },
    /// `rank, descriptor`.
    Unranked,
    /// Not expressible (the rank is not a literal); an error when
    /// `expanded` is asked for.
    Unknown,
}

pub(crate) enum ResultModel {
    /// No result.
    Unit,
    /// One value or a tuple. Whether it is returned directly or through
    /// the leading out-pointer is the type's `CifaceResult::OUT_POINTER`,
    /// which the generated signature asks rustc for (an alias is then
    /// classified as the type it names).
    Value(Box<Type>),
}

/// Why `expanded` refuses a result that travels through the leading
/// out-pointer but is not a ranked memref: at once for a tuple written
/// out, else the compile-time message of the type's constants
/// (`emit::expanded_result_checks`).
pub(crate) const EXPANDED_RESULT: &str = "the expanded convention returns this as an LLVM struct in registers, which C cannot receive (a memref of rank 0, an unranked memref, a complex number, several results); only a memref of rank 1 or more comes back through a hidden pointer as in C (x86-64); drop `expanded` (MLIR's C interface, `_mlir_ciface_`, returns every result through an out-pointer) or write the result into a `MemRefMut` parameter";

pub(crate) fn build_function(
    args: &Args,
    f: &ItemFn,
    errors: &mut Errors,
) -> Option<FunctionModel> {
    syntax::check_attributes(&f.attrs, "ciface", errors);
    syntax::check_plain_signature(&f.sig, "#[ciface]", errors);
    if let Some(jit) = &args.jit {
        errors.spanned(
            jit,
            "`jit` is for MLIR functions found at run time: put it on an `unsafe extern \"C\"` block of their declarations",
        );
    }
    if let Some(receiver) = f.sig.receiver() {
        errors.spanned(
            receiver,
            "methods cannot be MLIR callees; write a free function",
        );
    }
    build(
        args,
        &f.sig,
        &f.attrs,
        Provider::Rust {
            is_unsafe: f.sig.unsafety.is_some(),
        },
        args.name.clone(),
        errors,
    )
}

pub(crate) fn build_block(
    args: &Args,
    block: &ItemForeignMod,
    errors: &mut Errors,
) -> Vec<FunctionModel> {
    crate::syntax::require_unsafe_block(block, "MLIR's functions", errors);
    if let Some(name) = &block.abi.name
        && name.value() != "C"
    {
        errors.spanned(
            name,
            "MLIR's C interface uses the C ABI: write `extern \"C\"`",
        );
    }
    if let Some(expanded) = &args.expanded {
        errors.spanned(
            expanded,
            "`expanded` exports a Rust function under the expanded convention; calls into MLIR always go through `_mlir_ciface_`",
        );
    }
    if let Some((meta, _)) = &args.result {
        errors.spanned(
            meta,
            "`result = ...` declares one function's results: put `#[ciface(result = \"...\")]` on the declaration inside the block",
        );
    }
    let fns: Vec<_> = block
        .items
        .iter()
        .filter_map(|item| match item {
            ForeignItem::Fn(f) => Some(f),
            other => {
                errors.spanned(other, "only function declarations can be MLIR functions");
                None
            }
        })
        .collect();
    if args.name.is_some() && fns.len() != 1 {
        errors.spanned(
            args.name.as_ref(),
            "`name = \"...\"` on a block needs exactly one declaration; put `#[ciface(name = \"...\")]` on a block of its own",
        );
    }
    let mut models = Vec::new();
    for f in fns {
        if !f.sig.generics.params.is_empty() {
            for param in &f.sig.generics.params {
                if !matches!(param, syn::GenericParam::Lifetime(_)) {
                    errors.spanned(param, "MLIR functions are not generic");
                }
            }
        }
        if let Some(v) = &f.sig.variadic {
            errors.spanned(v, "MLIR functions are not variadic");
        }
        let (own, attrs) = declaration_args(&f.attrs, errors);
        syntax::check_attributes(&attrs, "ciface", errors);
        let own = Args {
            result: own.result,
            ..Args::default()
        };
        if let Some(mut m) = build(
            &own,
            &f.sig,
            &attrs,
            Provider::Mlir { vis: f.vis.clone() },
            args.name.clone(),
            errors,
        ) {
            m.jit = args.jit.is_some();
            models.push(m);
        }
    }
    models
}

/// The `#[ciface(result = ...)]` of one declaration inside a block (the
/// MLIR types of its memref results), and the declaration's other
/// attributes.
fn declaration_args(attrs: &[Attribute], errors: &mut Errors) -> (Args, Vec<Attribute>) {
    let mut own = Args::default();
    let mut rest = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("ciface") {
            rest.push(attr.clone());
            continue;
        }
        let tokens = match &attr.meta {
            syn::Meta::List(list) => list.tokens.clone(),
            _ => proc_macro2::TokenStream::new(),
        };
        let parsed = Args::parse(tokens, errors);
        if let Some(name) = &parsed.name {
            errors.spanned(
                name,
                "`name = \"...\"` goes on a block of its own: `#[ciface(name = \"...\")] unsafe extern \"C\" { ... }`",
            );
        }
        if let Some(expanded) = &parsed.expanded {
            errors.spanned(
                expanded,
                "`expanded` exports a Rust function under the expanded convention; calls into MLIR always go through `_mlir_ciface_`",
            );
        }
        if let Some(jit) = &parsed.jit {
            errors.spanned(
                jit,
                "`jit` goes on the block: `#[ciface(jit)] unsafe extern \"C\" { ... }`",
            );
        }
        if parsed.result.is_none()
            && parsed.name.is_none()
            && parsed.expanded.is_none()
            && parsed.jit.is_none()
        {
            errors.spanned(
                attr,
                "on a declaration, `#[ciface]` takes the MLIR types of its results: `#[ciface(result = \"memref<?xf32, strided<[1], offset: ?>>\")]`",
            );
        } else if own.result.is_some() {
            errors.spanned(attr, "`result` is given more than once");
        } else {
            own.result = parsed.result;
        }
    }
    (own, rest)
}

fn build(
    args: &Args,
    sig: &Signature,
    attrs: &[Attribute],
    provider: Provider,
    name: Option<LitStr>,
    errors: &mut Errors,
) -> Option<FunctionModel> {
    let is_import = matches!(provider, Provider::Mlir { .. });
    let mut params = Vec::new();
    for (index, input) in sig.inputs.iter().enumerate() {
        let FnArg::Typed(typed) = input else { continue };
        let ident = match &*typed.pat {
            Pat::Ident(p) if p.subpat.is_none() => p.ident.clone(),
            Pat::Wild(w) => Ident::new(&format!("arg{index}"), w.span()),
            other => {
                errors.spanned(other, "bind the argument to a name");
                continue;
            }
        };
        let name = syntax::unraw(&ident);
        if let Some((offender, message)) = rejected_param(&typed.ty, is_import) {
            errors.spanned(offender, message);
            continue;
        }
        // MLIR lends a Rust callee's arguments for the call; an MLIR
        // function only borrows what Rust passes for the call, whatever
        // lifetime the declaration names.
        if !is_import && let Some((lifetime, message)) = syntax::static_in_parameter(&typed.ty) {
            errors.spanned(lifetime, message);
            continue;
        }
        let mut mlir = None;
        for attr in &typed.attrs {
            if attr.path().is_ident("mlir") {
                match attr.parse_args::<LitStr>() {
                    Ok(text) => match MlirMemRef::parse(&text.value()) {
                        Ok(parsed) => mlir = Some((text, parsed)),
                        Err(message) => errors.spanned(&text, message),
                    },
                    Err(_) => errors.spanned(
                        attr,
                        "write the MLIR type as a string: `#[mlir(\"memref<?x4xf32>\")]`",
                    ),
                }
            } else {
                errors.spanned(
                    attr,
                    "only `#[mlir(\"memref<...>\")]` is allowed on a `#[ciface]` parameter",
                );
            }
        }
        params.push(ParamModel {
            expanded: expanded_param(&typed.ty),
            ident,
            name,
            ty: (*typed.ty).clone(),
            mlir,
        });
    }

    let result = match &sig.output {
        ReturnType::Default => ResultModel::Unit,
        ReturnType::Type(_, ty) if syntax::is_unit(ty) => ResultModel::Unit,
        ReturnType::Type(_, ty) => match &**ty {
            Type::Tuple(t) if t.elems.len() == 1 => {
                errors.spanned(ty, "a one-element tuple: return the value itself");
                return None;
            }
            Type::Tuple(t) if t.elems.len() > 4 => {
                errors.spanned(
                    ty,
                    "at most 4 results are supported; return a memref for more values",
                );
                return None;
            }
            Type::Tuple(t) => {
                // MLIR's results are one flat list; a tuple inside would be
                // laid out the same, but its members would escape the check
                // that no two results hold one buffer (two owners, one free).
                if let Some(inner) = t.elems.iter().find(|e| match e {
                    Type::Tuple(_) => true,
                    Type::Paren(inner) => matches!(*inner.elem, Type::Tuple(_)),
                    _ => false,
                }) {
                    errors.spanned(
                        inner,
                        "MLIR's results are one flat list: write every result as a member of one tuple `(A, B, C)`",
                    );
                    return None;
                }
                ResultModel::Value(ty.clone())
            }
            other => {
                if let Some((offender, message)) = rejected_result(other) {
                    errors.spanned(offender, message);
                    return None;
                }
                ResultModel::Value(Box::new(other.clone()))
            }
        },
    };

    if is_import {
        check_result_lifetimes(&sig.output, &params, errors);
    }

    let result_types = declared_results(args, &result, errors);

    let expanded = args.expanded.is_some() && !is_import;
    if expanded {
        if let ResultModel::Value(ty) = &result
            && let Type::Tuple(_) = &**ty
        {
            errors.spanned(ty, EXPANDED_RESULT);
        }
        for p in &params {
            if matches!(p.expanded, ExpandedParam::Unknown) {
                errors.spanned(
                    &p.ty,
                    "`expanded` needs the element type and a literal rank here: `MemRef<'_, f32, 2>`",
                );
            }
        }
    }

    let mlir_name =
        name.unwrap_or_else(|| LitStr::new(&syntax::unraw(&sig.ident), sig.ident.span()));
    let value = mlir_name.value();
    if !abi_model::names::has_c_spelling(&value) {
        errors.spanned(
            &mlir_name,
            "the MLIR function name must be a C identifier (letters, digits, `_`)",
        );
    } else if expanded && let Some(problem) = abi_model::names::reserved_symbol_problem(&value) {
        // `expanded` exports the name itself (the `_mlir_ciface_` symbol
        // never collides).
        errors.spanned(&mlir_name, problem);
    }

    Some(FunctionModel {
        provider,
        ident: sig.ident.clone(),
        mlir_name,
        doc: syntax::doc_string(attrs),
        params,
        result,
        expanded,
        result_types,
        sig: sig.clone(),
        jit: false,
    })
}

/// `#[ciface(result = ...)]` of a Rust function: one MLIR type per result
/// member (`"_"` keeps a member's default), parsed.
fn declared_results(
    args: &Args,
    result: &ResultModel,
    errors: &mut Errors,
) -> Vec<(Option<(LitStr, MlirMemRef)>, Type)> {
    let Some((meta, texts)) = &args.result else {
        return Vec::new();
    };
    let members: Vec<Type> = match result {
        ResultModel::Value(ty) => match &**ty {
            Type::Tuple(tuple) => tuple.elems.iter().cloned().collect(),
            ty => vec![ty.clone()],
        },
        ResultModel::Unit => {
            errors.spanned(
                meta,
                "`result = ...` declares memref results; this function returns none",
            );
            return Vec::new();
        }
    };
    if texts.len() != members.len() {
        // The members are counted from the tuple as written (one MLIR type
        // each): an alias of a tuple is one member here.
        let alias = if members.len() == 1 && texts.len() > 1 {
            "; the results are counted as written, so an alias of a tuple is one: write the tuple out"
        } else {
            ""
        };
        errors.spanned(
            meta,
            format!(
                "{} MLIR types for {} results: give one per result, `\"_\"` for a result that keeps its default{alias}",
                texts.len(),
                members.len()
            ),
        );
        return Vec::new();
    }
    texts
        .iter()
        .zip(members)
        .filter_map(|(text, member)| {
            if text.value() == "_" {
                return Some((None, member));
            }
            match MlirMemRef::parse(&text.value()) {
                Ok(parsed) => Some((Some((text.clone(), parsed)), member)),
                Err(message) => {
                    errors.spanned(text, message);
                    None
                }
            }
        })
        .collect()
}

/// A result of an MLIR function may borrow a memref argument's buffer
/// (a `ReturnedMemRef<'x, ..>` does, for `'x`), so every lifetime written
/// in a result must be a lifetime of the arguments (or `'_`, which elision
/// ties to them): `'static` or a lifetime no argument has would let safe
/// code keep the view after the argument's buffer is gone. Whatever the
/// type is named: a lifetime hidden in an alias is refused by the
/// generated code's `BorrowedFor` check (`emit::results_lent`). Without
/// borrowing arguments nothing can be borrowed, and any lifetime is fine.
fn check_result_lifetimes(output: &ReturnType, params: &[ParamModel], errors: &mut Errors) {
    let ReturnType::Type(_, ty) = output else {
        return;
    };
    let mut argument_lifetimes: Vec<String> = params
        .iter()
        .flat_map(|p| lifetimes_in(p.ty.to_token_stream()))
        .collect();
    argument_lifetimes.sort();
    argument_lifetimes.dedup();
    if argument_lifetimes.is_empty() {
        return;
    }
    let written = written_lifetimes(ty);
    for lifetime in written {
        let name = lifetime.ident.to_string();
        if name == "_" || argument_lifetimes.contains(&name) {
            continue;
        }
        let named: Vec<String> = argument_lifetimes
            .iter()
            .filter(|l| *l != "_")
            .map(|l| format!("`'{l}`"))
            .collect();
        let allowed = if named.is_empty() {
            "`'_` (elision ties it to the arguments)".to_owned()
        } else {
            format!("{} (an argument's lifetime) or `'_`", named.join(", "))
        };
        errors.spanned(
            &lifetime,
            format!(
                "a result may borrow a memref argument's buffer (a `ReturnedMemRef` does), so `'{name}` would let it outlive that buffer; write {allowed}"
            ),
        );
    }
}

/// The lifetimes written in `ty`, in order.
pub(crate) fn written_lifetimes(ty: &Type) -> Vec<syn::Lifetime> {
    struct Collect(Vec<syn::Lifetime>);
    impl syn::visit_mut::VisitMut for Collect {
        fn visit_lifetime_mut(&mut self, lifetime: &mut syn::Lifetime) {
            self.0.push(lifetime.clone());
        }
    }
    let mut collect = Collect(Vec::new());
    syn::visit_mut::VisitMut::visit_type_mut(&mut collect, &mut ty.clone());
    collect.0
}

/// The names of the lifetimes written in `tokens` (`'a` gives `a`, `'_`
/// gives `_`); a reference counts as `_` (its lifetime may be elided).
fn lifetimes_in(tokens: proc_macro2::TokenStream) -> Vec<String> {
    let mut names = Vec::new();
    let mut after_quote = false;
    for tree in tokens {
        match tree {
            proc_macro2::TokenTree::Punct(p) if p.as_char() == '\'' => {
                after_quote = true;
                continue;
            }
            proc_macro2::TokenTree::Punct(p) if p.as_char() == '&' => names.push("_".to_owned()),
            proc_macro2::TokenTree::Ident(ident) if after_quote => names.push(ident.to_string()),
            proc_macro2::TokenTree::Group(group) => names.extend(lifetimes_in(group.stream())),
            _ => {}
        }
        after_quote = false;
    }
    names
}

/// Types MLIR's C interface does not convert, with the hint.
fn rejected_param(ty: &Type, is_import: bool) -> Option<(&Type, String)> {
    let message = match ty {
        Type::Reference(r) => {
            let slice = matches!(&*r.elem, Type::Slice(_));
            if slice && is_import {
                return None;
            }
            if slice {
                "MLIR passes memrefs as descriptors: take `MemRef<'_, T, 1>` (or `MemRefMut<'_, T, 1>` to write) instead of a slice".to_owned()
            } else {
                "MLIR's C interface passes memrefs as descriptors and scalars by value: take `MemRef<'_, T, N>` / `MemRefMut<'_, T, N>`, or the scalar itself".to_owned()
            }
        }
        Type::Ptr(_) => "raw pointers are not MLIR types: take `MemRef<'_, T, N>` / `MemRefMut<'_, T, N>`".to_owned(),
        Type::Array(_) => "MLIR's C interface does not convert vectors or arrays passed by value (they stay LLVM vectors); pass a memref".to_owned(),
        Type::Tuple(t) if t.elems.is_empty() => "`()` is not a parameter".to_owned(),
        Type::Tuple(_) => "MLIR's C interface does not convert aggregates passed by value (LLVM passes them differently from C); pass the parts as separate scalars, and `complex<T>` as `abi_core::memref::Complex<T>`".to_owned(),
        Type::ImplTrait(_) | Type::TraitObject(_) => "trait types cannot cross MLIR's C interface".to_owned(),
        _ => {
            let segment = syntax::last_segment(ty)?;
            let name = segment.ident.to_string();
            if name == "c32" || name == "c64" {
                "for MLIR's `complex<T>` take `abi_core::memref::Complex<T>` (or `num_complex::Complex<T>` with the `num-complex` feature): LLVM passes `{float, float}` in two registers, C's complex types in one".to_owned()
            } else if name.starts_with("__m") || name == "Simd" || is_simd_name(&name) {
                "MLIR's C interface does not convert `vector` by value; pass a memref".to_owned()
            } else if name == "isize" || name == "usize" {
                "MLIR's `index` is 64-bit in the C interface: take `i64`".to_owned()
            } else if name == "Result" || name == "Option" {
                format!("`{name}` is not an MLIR type")
            } else {
                return None;
            }
        }
    };
    Some((ty, message))
}

fn is_simd_name(name: &str) -> bool {
    // `f32x4`, `i8x16`, ...
    let Some((lane, count)) = name.split_once('x') else {
        return false;
    };
    matches!(
        lane,
        "f32" | "f64" | "i8" | "i16" | "i32" | "i64" | "u8" | "u16" | "u32" | "u64"
    ) && count.parse::<u32>().is_ok()
}

fn rejected_result(ty: &Type) -> Option<(&Type, String)> {
    let message = match ty {
        Type::Reference(_) => {
            "return an `OwnedMemRef<T, N>` (a `malloc` buffer MLIR may free), not a reference"
        }
        Type::Array(_) => {
            "MLIR's C interface does not return arrays or vectors by value; return a memref"
        }
        _ => match syntax::last_segment(ty)
            .map(|s| s.ident.to_string())
            .as_deref()
        {
            Some("Result") => {
                "MLIR cannot receive a Rust error; return the value (a panic aborts with the function's name)"
            }
            _ => return rejected_param(ty, false),
        },
    };
    Some((ty, message.to_owned()))
}

/// How the expanded convention passes a parameter, read from its type as
/// written: a memref is its descriptor's fields, `3 + 2 * rank` of them,
/// a number no trait constant can give. So this stays a decision by the
/// type's name (`MemRef`, `MemRefMut`, `UnrankedMemRef`), and the
/// generated code checks it against the type's `CifaceParam::MEMREF`
/// (`emit::expanded_param_checks`): an alias of a memref, or a type of the
/// user's named like one, is refused with a note to write the memref type.
fn expanded_param(ty: &Type) -> ExpandedParam {
    let Some(segment) = syntax::last_segment(ty) else {
        return ExpandedParam::Scalar;
    };
    let name = segment.ident.to_string();
    if name == "UnrankedMemRef" {
        return ExpandedParam::Unranked;
    }
    if name != "MemRef" && name != "MemRefMut" {
        return ExpandedParam::Scalar;
    }
    let PathArguments::AngleBracketed(args) = &segment.arguments else {
        return ExpandedParam::Unknown;
    };
    let mut element = None;
    let mut rank = None;
    for arg in &args.args {
        match arg {
            GenericArgument::Type(t) => element = Some(t.clone()),
            GenericArgument::Const(syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(n),
                ..
            })) => rank = n.base10_parse::<usize>().ok(),
            _ => {}
        }
    }
    match (element, rank) {
        (Some(element), Some(rank)) => ExpandedParam::Ranked {
            element: Box::new(element),
            rank,
        },
        _ => ExpandedParam::Unknown,
    }
}
