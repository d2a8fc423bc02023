//! Code for `#[ciface]`: the `_mlir_ciface_` shim of a Rust function (and
//! optionally its expanded-convention twin), or the safe wrapper of an MLIR
//! function; and the registry entry of either.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};

use super::mlir_type::{Layout, MlirMemRef};
use super::model::{
    EXPANDED_RESULT, ExpandedParam, FunctionModel, ParamModel, Provider, ResultModel,
};
use crate::syntax::with_lifetimes;
use crate::tokens::{
    Catch, Entry, EntryAbi, Qualified, ShimParam, caught_body, lent_checks, private, raw_arg,
    rust_type_string, shim_code,
};

fn dim(d: Option<i64>) -> TokenStream {
    let p = private();
    match d {
        Some(n) => quote!(#p::Dim::Static(#n)),
        None => quote!(#p::Dim::Dynamic),
    }
}

/// The `MemRefType` a parameter is checked against.
fn memref_type(param: &ParamModel) -> TokenStream {
    declared_memref_type(param.mlir.as_ref())
}

/// The `MemRefType` of an `#[mlir]` (or `result = `) declaration; the
/// identity layout without one.
fn declared_memref_type(declared: Option<&(syn::LitStr, MlirMemRef)>) -> TokenStream {
    let p = private();
    let Some((text, parsed)) = declared else {
        return quote!(#p::MemRefType::DYNAMIC_IDENTITY);
    };
    let MlirMemRef { shape, layout, .. } = parsed;
    let shape = match shape {
        Some(dims) => {
            let dims = dims.iter().map(|d| dim(*d));
            quote!(::core::option::Option::Some(&[#(#dims),*]))
        }
        None => quote!(::core::option::Option::None),
    };
    let layout = match layout {
        Layout::Identity => quote!(#p::MemRefLayout::Identity),
        Layout::Strided { strides, offset } => {
            let strides = strides.iter().map(|d| dim(*d));
            let offset = dim(*offset);
            quote!(#p::MemRefLayout::Strided { strides: &[#(#strides),*], offset: #offset })
        }
    };
    quote! {
        #p::MemRefType { text: ::core::option::Option::Some(#text), shape: #shape, layout: #layout }
    }
}

/// Per parameter, its `MemRefType` as the shim reads it: with `#[mlir]` a
/// `const __ABI_TYPE_i: MemRefType = ...;` (returned with the compile-time
/// check that the declaration agrees with the Rust type), without one the
/// path of abi-core's identity layout (a constant item per parameter would
/// cost a body to type-check and evaluate for the same value).
fn type_consts(params: &[ParamModel], trait_path: &TokenStream) -> (Vec<TokenStream>, TokenStream) {
    let p = private();
    let mut types = Vec::new();
    let mut out = TokenStream::new();
    for (i, param) in params.iter().enumerate() {
        let Some(declared) = &param.mlir else {
            types.push(memref_type(param));
            continue;
        };
        let name = format_ident!("__ABI_TYPE_{}", i, span = Span::mixed_site());
        let value = memref_type(param);
        out.extend(quote!(const #name: #p::MemRefType = #value;));
        out.extend(declared_type_fits(declared, &param.ty, trait_path, false));
        types.push(quote!(#name));
    }
    (types, out)
}

/// The compile-time check that a declared MLIR type agrees with the Rust
/// type (`trait_path`'s `MEMREF`), with a message that says what differs;
/// `is_result` for a `result = "..."` declaration, else `#[mlir("...")]`.
fn declared_type_fits(
    (text, parsed): &(syn::LitStr, MlirMemRef),
    ty: &syn::Type,
    trait_path: &TokenStream,
    is_result: bool,
) -> TokenStream {
    let p = private();
    let (declared, memref_types) = if is_result {
        (
            format!("`result = \"{}\"`", text.value()),
            "`OwnedMemRef<T, N>`, `ReturnedMemRef<'_, T, N>` or `OwnedUnrankedMemRef<T>`",
        )
    } else {
        (
            format!("`#[mlir(\"{}\")]`", text.value()),
            "`MemRef<'_, T, N>`, `MemRefMut<'_, T, N>` or `UnrankedMemRef<'_, T>`",
        )
    };
    let element = &parsed.element;
    let rank = match parsed.rank() {
        Some(r) => quote!(::core::option::Option::Some(#r)),
        None => quote!(::core::option::Option::None),
    };
    let not_a_memref =
        format!("{declared} declares a memref, but the Rust type is not one: take {memref_types}");
    let other_element = format!(
        "{declared} has the element type `{element}`, the Rust type another: use the Rust element type of MLIR's `{element}`"
    );
    let other_rank = match parsed.rank() {
        Some(r) => {
            format!("{declared} has rank {r}, the Rust type another: write `{r}` for the rank")
        }
        None => {
            format!("{declared} is unranked, the Rust type ranked: use the unranked memref type")
        }
    };
    let ty = with_lifetimes(ty, "'static");
    let memref = Qualified::new(&ty, trait_path.clone()).item("MEMREF");
    quote_spanned! {text.span()=>
        const _: () = match #p::memref::declared_type_mismatch(#memref, #element, #rank) {
            #p::memref::NOT_A_MEMREF => ::core::panic!(#not_a_memref),
            #p::memref::OTHER_ELEMENT => ::core::panic!(#other_element),
            #p::memref::OTHER_RANK => ::core::panic!(#other_rank),
            _ => {}
        };
    }
}

/// The compile-time check that every complex argument is passed the way
/// MLIR's lowering passes it (see `abi_core::memref::Complex`): from the
/// floating-point registers each parameter takes. A statement of the
/// registry entry's initializer ([`ciface_desc`]), not a `const _`
/// of its own: each constant item is one more body for rustc to check,
/// build MIR for and evaluate, per function.
fn complex_placement(f: &FunctionModel, trait_path: &TokenStream) -> TokenStream {
    // Every parameter takes part, whatever its name: an alias of a complex
    // number is one (the check costs a constant per parameter).
    if f.params.is_empty() {
        return TokenStream::new();
    }
    let registers = f.params.iter().map(|param| {
        let ty = with_lifetimes(&param.ty, "'static");
        Qualified::new(&ty, trait_path.clone()).item("FLOAT_REGISTERS")
    });
    // Short signatures cannot go wrong on x86-64 (see the constant).
    let only_off_x86_64 = (f.params.len() <= abi_model::mlir::COMPLEX_PLACEMENT_FREE_ON_X86_64)
        .then(|| quote!(#[cfg(not(target_arch = "x86_64"))]));
    quote_spanned! {f.sig.ident.span()=>
        #only_off_x86_64
        ::abi_core::__private::memref::checked_complex_placement(&[#(#registers),*]);
    }
}

/// How the shims read the declared MLIR types of the memref results:
/// `__ABI_RESULT_TYPES` (see [`result_type_consts`]), or `&[]` when the
/// result holds no memref.
fn result_types(f: &FunctionModel) -> TokenStream {
    if f.result_types.is_empty() {
        quote!(&[])
    } else {
        quote!(__ABI_RESULT_TYPES)
    }
}

/// `const __ABI_RESULT_TYPES: &[MemRefType]` of a Rust function's
/// `result = ...` (the identity layout for a memref without one), with the
/// compile-time checks; nothing when the result holds no memref.
fn result_type_consts(f: &FunctionModel) -> TokenStream {
    if matches!(f.result, ResultModel::Unit) || f.result_types.is_empty() {
        return TokenStream::new();
    }
    let p = private();
    let trait_path = quote!(#p::CifaceResult);
    let types = f
        .result_types
        .iter()
        .map(|(declared, _)| declared_memref_type(declared.as_ref()));
    let fits = f.result_types.iter().filter_map(|(declared, ty)| {
        declared
            .as_ref()
            .map(|declared| declared_type_fits(declared, ty, &trait_path, true))
    });
    quote! {
        const __ABI_RESULT_TYPES: &[#p::MemRefType] = &[#(#types),*];
        #(#fits)*
    }
}

/// The `CifaceDesc` the registry entry borrows (`Entry::description`), a
/// block running `checks` first (compile-time checks, as statements: in
/// the entry's initializer they cost no body of their own to type-check
/// and evaluate).
fn ciface_desc(f: &FunctionModel, provider: TokenStream, checks: TokenStream) -> TokenStream {
    let p = private();
    let mlir_name = &f.mlir_name;
    let expanded = f.expanded;
    let types = f.params.iter().map(|param| {
        if param.mlir.is_some() {
            let t = memref_type(param);
            quote!(::core::option::Option::Some(#t))
        } else {
            quote!(::core::option::Option::None)
        }
    });
    quote! {
        {
            #checks
            #p::CifaceDesc {
                provider: #provider,
                mlir_name: #mlir_name,
                memref_types: &[#(#types),*],
                expanded: #expanded,
            }
        }
    }
}

/// Per parameter: name, Rust type and `ParamEntry`. A Rust callee's
/// parameter knows whether it is written; an argument to MLIR is read.
fn param_descs(f: &FunctionModel, trait_path: &TokenStream) -> Vec<(String, String, TokenStream)> {
    f.params
        .iter()
        .map(|param| {
            let ty = with_lifetimes(&param.ty, "'static");
            let param_type = Qualified::new(&ty, trait_path.clone()).sealed_item("PARAM");
            (param.name.clone(), rust_type_string(&param.ty), param_type)
        })
        .collect()
}

/// `type __AbiResultShape = Shape<{ <ty as CifaceResult>::OUT_POINTER }>;`
/// for a function with a result: how the result crosses (returned, or
/// written through the leading out-pointer), decided by the type's trait
/// constant, so an alias is classified as the type it names. The constant
/// is read at `'static` (no generic lifetime may appear in it).
fn result_shape_alias(f: &FunctionModel) -> TokenStream {
    let p = private();
    let ResultModel::Value(ty) = &f.result else {
        return TokenStream::new();
    };
    let st = with_lifetimes(ty, "'static");
    let alias = shape_alias_ident(ty);
    quote_spanned! {ty_span(ty)=>
        type #alias = #p::memref::Shape<{ <#st as #p::CifaceResult>::OUT_POINTER }>;
    }
}

fn shape_alias_ident(ty: &syn::Type) -> syn::Ident {
    syn::Ident::new("__AbiResultShape", ty_span(ty))
}

/// `<__AbiResultShape as ResultShape<ty>>` (`ty` keeps its lifetimes).
fn result_shape(ty: &syn::Type) -> Qualified {
    let p = private();
    let alias = shape_alias_ident(ty);
    Qualified::new(
        &syn::parse_quote!(#alias),
        quote!(#p::memref::ResultShape<#ty>),
    )
}

/// The result's Rust type and `ResultEntry`.
fn result_desc(f: &FunctionModel) -> (String, TokenStream) {
    let p = private();
    match &f.result {
        ResultModel::Unit => ("()".to_owned(), quote!(#p::ResultEntry::VOID)),
        ResultModel::Value(ty) => {
            let st = with_lifetimes(ty, "'static");
            (rust_type_string(ty), result_shape(&st).item("DESC"))
        }
    }
}

/// The registry entry, borrowing `desc` (see [`ciface_desc`]).
fn function_desc(
    f: &FunctionModel,
    desc: TokenStream,
    trait_path: &TokenStream,
    is_unsafe: bool,
) -> TokenStream {
    let symbol = abi_model::names::ciface_symbol(&f.mlir_name.value());
    let name = crate::syntax::unraw(&f.ident);
    Entry {
        abi: EntryAbi::Ciface(desc),
        name: &name,
        doc: &f.doc,
        symbol: quote!(#symbol),
        is_unsafe,
        named_args: false,
        params: param_descs(f, trait_path),
        result: result_desc(f),
        out_name: "result",
    }
    .emit()
}

/// A Rust function MLIR calls: the registration, the `_mlir_ciface_`
/// shim and, with `expanded`, its expanded-convention twin.
pub(crate) fn export(f: &FunctionModel) -> TokenStream {
    let p = private();
    let Provider::Rust { is_unsafe } = f.provider else {
        unreachable!("export of an MLIR function")
    };
    let trait_path = quote!(#p::CifaceParam);
    let (types, type_consts) = type_consts(&f.params, &trait_path);
    let placement = complex_placement(f, &trait_path);
    let desc = ciface_desc(f, quote!(#p::CifaceProvider::Rust), placement);
    let function = function_desc(f, desc, &trait_path, is_unsafe);
    let symbol = abi_model::names::ciface_symbol(&f.mlir_name.value());
    let shim_code = shim_code(&symbol);
    let shim = ciface_shim(f, is_unsafe, &types, &trait_path);
    let result_consts = result_type_consts(f);
    let shape_alias = result_shape_alias(f);
    let expanded = if f.expanded {
        expanded_shim(f)
    } else {
        TokenStream::new()
    };

    quote! {
        #[doc(hidden)]
        // `NoOutPointer`, the zero-sized stand-in of a directly returned
        // result's out-pointer, takes no argument slot (see `ResultShape`).
        #[allow(non_upper_case_globals, non_snake_case, unused_braces, improper_ctypes_definitions, clippy::all)]
        const _: () = {
            #shape_alias
            #type_consts
            #result_consts
            #function

            #[unsafe(export_name = #symbol)]
            #shim

            #shim_code

            #expanded
        };
    }
}

/// What the `_mlir_ciface_` shim of a Rust function takes and does before
/// the call: its parameters (the out-pointer first), the conversion of
/// each argument, and the converted values to call with.
struct ShimArgs {
    params: Vec<ShimParam>,
    conversions: Vec<TokenStream>,
    call_args: Vec<proc_macro2::Ident>,
}

/// `unsafe extern "C" fn __abi_ciface_shim(..) -> .. { .. }`: checks the
/// out-pointer, converts the arguments, calls the user's function and
/// delivers its result, a panic aborting.
fn ciface_shim(
    f: &FunctionModel,
    is_unsafe: bool,
    types: &[TokenStream],
    trait_path: &TokenStream,
) -> TokenStream {
    let ShimArgs {
        params,
        conversions,
        call_args,
    } = shim_args(f, types, trait_path);
    let call = crate::tokens::call_user_function(&f.ident, is_unsafe, &call_args);
    let (return_type, check_out, finish) = shim_result(f);
    let caught = caught_body(
        Catch::Abort,
        &params,
        quote! {
            #(#conversions)*
            let __abi_value = #call;
            #finish
        },
    );
    let body = match generic_shim_body(f, is_unsafe, types) {
        // A debug build calls the generic body, an optimised one keeps the
        // steps written out (see `generic_shim_body`).
        Some(generic) => {
            let value = format_ident!("__abi_shim_value", span = Span::mixed_site());
            quote! {
                #[cfg(debug_assertions)]
                let #value = #generic;
                #[cfg(not(debug_assertions))]
                let #value = {
                    #check_out
                    #caught
                };
                #value
            }
        }
        None => quote!(#check_out #caught),
    };
    let (generics, lent_checks) = lent_checks(
        f.params
            .iter()
            .enumerate()
            .map(|(i, param)| (&param.ty, raw_arg(i, ""))),
    );
    quote! {
        unsafe extern "C" fn __abi_ciface_shim #generics (#(#params),*) -> #return_type {
            #lent_checks
            #body
        }
    }
}

/// The shim's body as one call of abi-core's generic body for its number
/// of arguments (`ciface_shim1::<A, R, __AbiResultShape, _, _, _>(&entry,
/// function, out, a, &types, result_types)`, or `ciface_unit_shim1` for a
/// function without a result), when there is one: a safe function with at
/// most six arguments. The type arguments are the user's types (every
/// lifetime `'static`), keeping their spans; the raw types are inferred.
///
/// Debug builds only (the shim chooses by `cfg(debug_assertions)`): in an
/// optimised build the steps stay written out, where the memref types are
/// constants in the shim's own code that `from_ciface` folds into its
/// checks; through the generic body they are data behind the panic
/// guard's call, checked at run time (the benchmark's rank-2 shim cost
/// 1.89x its hand-written twin's instructions, against 0.92x).
fn generic_shim_body(
    f: &FunctionModel,
    is_unsafe: bool,
    types: &[TokenStream],
) -> Option<TokenStream> {
    if is_unsafe || !abi_model::mlir::GENERIC_CIFACE_SHIM_ARGUMENTS.contains(&f.params.len()) {
        return None;
    }
    let p = private();
    let param_types: Vec<_> = f
        .params
        .iter()
        .map(|param| with_lifetimes(&param.ty, "'static"))
        .collect();
    let inferred = f.params.iter().map(|_| quote!(_));
    let args = (0..f.params.len()).map(|i| raw_arg(i, ""));
    // The function as a pointer, so that every function of one signature
    // shares one instance of the body, spelled with the user's types
    // (spanned at them): a bare function item coerced to a pointer has its
    // signature's types checked again at its name, so an ill-formed
    // parameter type (`Vector<f32, 65>`) got a second error there.
    let ident = &f.ident;
    let ident = quote!(#ident as fn(#(#param_types),*) -> _);
    let count = f.params.len();
    // SAFETY (of the generated blocks): MLIR passes descriptors valid for
    // the call, and room for the result behind the out-pointer.
    Some(match &f.result {
        ResultModel::Value(ty) => {
            let shim = format_ident!("ciface_shim{}", count);
            let result_ty = with_lifetimes(ty, "'static");
            let shape = shape_alias_ident(ty);
            let out = shim_out_param();
            let result_types = result_types(f);
            quote! {
                unsafe {
                    #p::memref::#shim::<#(#param_types,)* #result_ty, #shape, #(#inferred,)* _, _>(
                        &__ABI_FUNCTION,
                        #ident,
                        #out,
                        #(#args,)*
                        &[#(#types),*],
                        #result_types,
                    )
                }
            }
        }
        ResultModel::Unit => {
            let shim = format_ident!("ciface_unit_shim{}", count);
            quote! {
                unsafe {
                    #p::memref::#shim::<#(#param_types,)* #(#inferred,)*>(
                        &__ABI_FUNCTION,
                        #ident,
                        #(#args,)*
                        &[#(#types),*],
                    )
                }
            }
        }
    })
}

/// The shim's out-pointer, or a zero-sized stand-in that takes no argument
/// slot when the result is returned directly.
fn shim_out_param() -> proc_macro2::Ident {
    format_ident!("__abi_out", span = Span::mixed_site())
}

/// The shim's parameters and argument conversions, with the check that a
/// `MemRefMut` shares no byte with another argument.
fn shim_args(f: &FunctionModel, types: &[TokenStream], trait_path: &TokenStream) -> ShimArgs {
    let p = private();
    let mut args = ShimArgs {
        params: Vec::new(),
        conversions: Vec::new(),
        call_args: Vec::new(),
    };
    if let ResultModel::Value(ty) = &f.result {
        let st = with_lifetimes(ty, "'static");
        args.params.push(ShimParam {
            name: shim_out_param(),
            ty: result_shape(&st).item("Out"),
        });
    }
    let mut borrows = Vec::new();
    let mut borrowing = Vec::new();
    for (i, (param, type_const)) in f.params.iter().zip(types).enumerate() {
        let value = raw_arg(i, "");
        let ty = with_lifetimes(&param.ty, "'static");
        let q = Qualified::new(&ty, trait_path.clone());
        let raw_ty = q.item("Raw");
        args.params.push(ShimParam {
            name: value.clone(),
            ty: quote!(#raw_ty),
        });
        // Without `#[mlir]` the type is `DYNAMIC_IDENTITY`, which the ranked
        // views check by code written for it alone (`from_ciface_undeclared`).
        let from = if param.mlir.is_some() {
            q.call("from_ciface", quote!(#value, &#type_const))
        } else {
            q.call("from_ciface_undeclared", quote!(#value))
        };
        args.conversions.push(quote! {
            // SAFETY: MLIR passes descriptors valid for the call; NULL,
            // misalignment and inconsistent geometry are checked by
            // `from_ciface`.
            let #value = #p::argument_or_abort(unsafe { #from }, &__ABI_FUNCTION, #i);
        });
        borrows.push(q.call("borrow", quote!(&#value)));
        borrowing.push(q.item("BORROWS"));
        args.call_args.push(value);
    }
    // MLIR passes one buffer twice as naturally as two (`func.call @cb(%y,
    // %y)`): a `MemRefMut` must share no byte with another argument. The
    // types say whether two arguments may borrow (a constant, so the check
    // is compiled out when they cannot).
    if f.params.len() >= 2 {
        args.conversions.push(quote! {
            if #(#borrowing as usize)+* >= 2 {
                #p::disjoint_or_abort(&__ABI_FUNCTION, &[#(#borrows),*]);
            }
        });
    }
    args
}

/// The shim's return type, its check of the out-pointer, and how it hands
/// `__abi_value` over: returned as the scalar's C form (a `bool` is an
/// `i1` byte), or written through the out-pointer, checked against the
/// declared MLIR result types (an abort naming the result when it does not
/// match).
fn shim_result(f: &FunctionModel) -> (TokenStream, TokenStream, TokenStream) {
    let ResultModel::Value(ty) = &f.result else {
        return (quote!(()), quote!(), quote!(__abi_value));
    };
    let out = shim_out_param();
    let result_types = result_types(f);
    let shape = result_shape(&with_lifetimes(ty, "'static"));
    let check_out = shape.call("check_out", quote!(#out, &__ABI_FUNCTION));
    let deliver = shape.call(
        "deliver",
        quote!(#out, __abi_value, #result_types, &__ABI_FUNCTION),
    );
    (
        shape.item("Ret"),
        quote!(#check_out;),
        quote! {
            // SAFETY: `check_out` accepted the out-pointer above;
            // MLIR's caller provides room for the result struct.
            unsafe { #deliver }
        },
    )
}

fn ty_span(ty: &syn::Type) -> Span {
    use syn::spanned::Spanned;
    ty.span()
}

/// The expanded convention: each ranked memref as `allocated, aligned,
/// offset, sizes..., strides...`, each unranked one as `rank, descriptor`;
/// rebuilt into descriptors and passed to the `_mlir_ciface_` shim. The
/// result is returned by value (`CifaceResult::Slot`): a scalar as under
/// the C interface, a ranked memref's descriptor as C returns a struct of
/// its size; which one, and whether the result can be returned at all, is
/// the result type's trait constants, so an alias is classified as the
/// type it names.
fn expanded_shim(f: &FunctionModel) -> TokenStream {
    let p = private();
    let symbol = f.mlir_name.value();
    let ExpandedArgs {
        params,
        build,
        args,
        checks,
    } = expanded_args(f);
    let ResultModel::Value(ty) = &f.result else {
        return quote! {
            #(#checks)*
            #[unsafe(export_name = #symbol)]
            unsafe extern "C" fn __abi_expanded_shim(#(#params),*) {
                #(#build)*
                // SAFETY: the descriptors live on this frame for the call;
                // the shim validates them like any C-interface call.
                unsafe { __abi_ciface_shim(#(#args),*) }
            }
        };
    };
    let st = with_lifetimes(ty, "'static");
    let shape = result_shape(&st);
    let out_ty = shape.item("Out");
    let slot = Qualified::new(&st, quote!(#p::CifaceResult)).item("Slot");
    let returned = shape.call("expanded", quote!(__abi_call));
    let result_checks = expanded_result_checks(ty);
    quote! {
        #(#checks)*
        #result_checks
        #[unsafe(export_name = #symbol)]
        unsafe extern "C" fn __abi_expanded_shim(#(#params),*) -> #slot {
            #(#build)*
            // SAFETY: the descriptors live on this frame for the call;
            // the shim validates them like any C-interface call, and
            // writes the result slot (or aborts).
            let __abi_call = |__abi_out: #out_ty| unsafe { __abi_ciface_shim(__abi_out, #(#args),*) };
            // SAFETY: `__abi_call` writes the slot or aborts.
            unsafe { #returned }
        }
    }
}

/// The compile-time checks of an expanded-convention result, by its
/// type's `CifaceResult` constants: returned directly, or a memref of
/// rank 1 or more, and then only on x86-64.
fn expanded_result_checks(ty: &syn::Type) -> TokenStream {
    let p = private();
    let st = with_lifetimes(ty, "'static");
    let q = Qualified::new(&st, quote!(#p::CifaceResult));
    let (out_pointer, memref) = (q.item("OUT_POINTER"), q.item("MEMREF"));
    let message = EXPANDED_RESULT;
    quote_spanned! {ty_span(ty)=>
        const _: () = ::core::assert!(#p::memref::expanded_result_fits(#out_pointer, #memref), #message);
        const _: () = ::core::assert!(
            !#out_pointer || ::core::cfg!(target_arch = "x86_64"),
            "`#[ciface(expanded)]` returns a memref descriptor the way C returns a struct only on x86-64; drop `expanded` here"
        );
    }
}

/// The expanded twin's parameters, the descriptors it rebuilds from them,
/// the arguments it passes to the `_mlir_ciface_` shim, and the checks
/// that each parameter's type is what its spelling said.
struct ExpandedArgs {
    params: Vec<TokenStream>,
    build: Vec<TokenStream>,
    args: Vec<TokenStream>,
    checks: Vec<TokenStream>,
}

fn expanded_args(f: &FunctionModel) -> ExpandedArgs {
    let p = private();
    let mut out = ExpandedArgs {
        params: Vec::new(),
        build: Vec::new(),
        args: Vec::new(),
        checks: Vec::new(),
    };
    for (i, param) in f.params.iter().enumerate() {
        let v = |s: &str| format_ident!("__abi_p{}_{}", i, s, span = Span::mixed_site());
        out.checks.push(expanded_param_check(param));
        match &param.expanded {
            ExpandedParam::Scalar => {
                // Passed as the C interface passes it (a `bool` as a byte,
                // a complex number as two scalars).
                let x = v("value");
                let ty = with_lifetimes(&param.ty, "'static");
                let raw = Qualified::new(&ty, quote!(#p::CifaceParam)).item("Raw");
                out.params.push(quote!(#x: #raw));
                out.args.push(quote!(#x));
            }
            ExpandedParam::Ranked { element, rank } => {
                let (a, b, o, d) = (v("allocated"), v("aligned"), v("offset"), v("desc"));
                let sizes: Vec<_> = (0..*rank).map(|k| v(&format!("size{k}"))).collect();
                let strides: Vec<_> = (0..*rank).map(|k| v(&format!("stride{k}"))).collect();
                out.params.push(quote!(#a: *mut #element, #b: *mut #element, #o: i64 #(, #sizes: i64)* #(, #strides: i64)*));
                out.build.push(quote! {
                    let #d = #p::MemRefDescriptor::<#element, #rank> {
                        allocated: #a, aligned: #b, offset: #o,
                        sizes: [#(#sizes),*], strides: [#(#strides),*],
                    };
                });
                out.args.push(quote!(&#d));
            }
            ExpandedParam::Unranked => {
                let (r, ptr, d) = (v("rank"), v("descriptor"), v("desc"));
                out.params
                    .push(quote!(#r: i64, #ptr: *mut ::core::ffi::c_void));
                out.build.push(quote! {
                    let #d = #p::UnrankedMemRefDescriptor { rank: #r, descriptor: #ptr };
                });
                out.args.push(quote!(&#d));
            }
            ExpandedParam::Unknown => unreachable!("rejected by the model"),
        }
    }
    out
}

/// The compile-time check that a parameter's `CifaceParam::MEMREF` is what
/// the expanded convention read from its spelling (the number of fields
/// passed depends on it, so it cannot follow the trait): an alias of a
/// memref, or a type of the user's named `MemRef`, is refused.
fn expanded_param_check(param: &ParamModel) -> TokenStream {
    let p = private();
    let (spelled, message) = match &param.expanded {
        ExpandedParam::Scalar => (
            quote!(::core::option::Option::None),
            "`expanded` passes a memref as its descriptor's fields, counted from the type as written, and this type is a memref under another name: write `MemRef<'_, T, N>`, `MemRefMut<'_, T, N>` or `UnrankedMemRef<'_, T>` here, not an alias".to_owned(),
        ),
        ExpandedParam::Ranked { rank, .. } => (
            quote!(::core::option::Option::Some(::core::option::Option::Some(#rank))),
            format!("`expanded` reads this parameter, by its type's name, as a memref of rank {rank}, and the type is not one: take abi-core's `MemRef<'_, T, {rank}>` or `MemRefMut<'_, T, {rank}>`"),
        ),
        ExpandedParam::Unranked => (
            quote!(::core::option::Option::Some(::core::option::Option::None)),
            "`expanded` reads this parameter, by its type's name, as an unranked memref, and the type is not one: take abi-core's `UnrankedMemRef<'_, T>`".to_owned(),
        ),
        ExpandedParam::Unknown => unreachable!("rejected by the model"),
    };
    let ty = with_lifetimes(&param.ty, "'static");
    let memref = Qualified::new(&ty, quote!(#p::CifaceParam)).item("MEMREF");
    quote_spanned! {ty_span(&param.ty)=>
        const _: () = ::core::assert!(#p::memref::expanded_param_fits(#memref, #spelled), #message);
    }
}

/// The safe wrapper of an MLIR function: a function calling the linked
/// symbol, or with `jit` a handle type calling an address found at run
/// time; and the registration.
pub(crate) fn import(f: &FunctionModel) -> TokenStream {
    let p = private();
    let Provider::Mlir { vis } = &f.provider else {
        unreachable!("import of a Rust function")
    };
    let trait_path = quote!(#p::CifaceArg);
    let (types, type_consts) = type_consts(&f.params, &trait_path);
    let placement = complex_placement(f, &trait_path);
    let desc = ciface_desc(f, quote!(#p::CifaceProvider::Mlir), placement);
    let function = function_desc(f, desc, &trait_path, false);
    let symbol = abi_model::names::ciface_symbol(&f.mlir_name.value());
    let ident = &f.ident;
    let generics = &f.sig.generics;

    let args = wrapper_args(f, &types, &trait_path, &symbol);
    let WrapperCall {
        result,
        raw_return,
        body,
    } = wrapper_call(f, &args, &symbol);
    let WrapperArgs {
        wrapper_params,
        raw_params,
        prepare,
        ..
    } = &args;
    let result_consts = result_type_consts(f);
    let shape_alias = result_shape_alias(f);
    let lent = results_lent(f);
    let user_doc = user_doc(f);
    // What both wrappers run around the call: the types, the argument
    // checks, the call and the result's.
    let outlive = arguments_outlive_result(f);
    let checked_call = quote! {
        #outlive
        #shape_alias
        #type_consts
        #result_consts
        #(#prepare)*
        #body
    };
    let registration = quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, non_snake_case, unused_braces, clippy::all)]
        const _: () = {
            #shape_alias
            #type_consts
            #function
            #lent
        };
    };
    if f.jit {
        let handle = jit_handle(f, &symbol, &args, &result, &raw_return, &checked_call);
        return quote! {
            #handle
            #registration
        };
    }
    quote! {
        #user_doc
        #[doc = ::core::concat!("Calls the MLIR function through `", #symbol, "` after checking every memref against its declared type; returns the refused argument or result as a [`CifaceError`](::abi_core::memref::CifaceError).")]
        // The wrapper mirrors the declaration, whatever its length.
        // (`NoOutPointer` takes no argument slot: see `ResultShape`.)
        #[allow(clippy::needless_lifetimes, clippy::too_many_arguments, improper_ctypes)]
        #vis fn #ident #generics (#(#wrapper_params),*) -> ::core::result::Result<#result, #p::CifaceError> {
            unsafe extern "C" {
                #[link_name = #symbol]
                fn __abi_mlir(#(#raw_params),*) #raw_return;
            }
            #checked_call
        }

        #registration
    }
}

/// A check, for the borrow checker, that every argument outlives each
/// lifetime the result names (not `'_` or `'static`, which the model
/// checks): the result may borrow any memref argument's buffer (the call
/// finds which at run time), so an argument of a second, shorter lifetime
/// (`fn first<'a, 'b>(a: MemRef<'a, ..>, b: MemRef<'b, ..>) ->
/// ReturnedMemRef<'b, ..>`, or a lifetime elided or hidden in a path)
/// would let the result outlive the buffer it borrowed. A function of the
/// trait bound, not a spelling of the types, so every form is caught.
fn arguments_outlive_result(f: &FunctionModel) -> TokenStream {
    let ResultModel::Value(ty) = &f.result else {
        return TokenStream::new();
    };
    let mut lifetimes = super::model::written_lifetimes(ty);
    lifetimes.retain(|l| l.ident != "_" && l.ident != "static");
    lifetimes.sort_by_key(|l| l.ident.to_string());
    lifetimes.dedup_by(|a, b| a.ident == b.ident);
    if lifetimes.is_empty() || f.params.is_empty() {
        return TokenStream::new();
    }
    let checks = lifetimes.iter().flat_map(|lifetime| {
        f.params.iter().map(move |param| {
            let arg = &param.ident;
            quote_spanned!(syn::spanned::Spanned::span(&param.ty)=> __abi_outlives::<#lifetime, _>(&raw const #arg);)
        })
    });
    quote! {
        {
            // A raw pointer: no late-bound lifetime beside `'r`.
            fn __abi_outlives<'r, T: ?::core::marker::Sized + 'r>(_: *const T) {}
            #(#checks)*
        }
    }
}

/// The declaration's own doc comment, first in the wrapper's.
fn user_doc(f: &FunctionModel) -> TokenStream {
    if f.doc.is_empty() {
        return TokenStream::new();
    }
    let doc = &f.doc;
    quote!(#[doc = #doc] #[doc = ""])
}

/// `fn __abi_lent_for_the_call<'call>()` requiring `BorrowedFor<'call>` of
/// the result of an MLIR function with arguments: a result may borrow an
/// argument's buffer (`ReturnedMemRef`), so a `'static` hidden in an alias
/// (`type Kept = ReturnedMemRef<'static, f32, 1>;`) is refused as a written
/// one is (`model::check_result_lifetimes`), whatever the type is named.
fn results_lent(f: &FunctionModel) -> TokenStream {
    match &f.result {
        ResultModel::Value(ty) if !f.params.is_empty() => crate::tokens::lent_for_the_call([&**ty]),
        _ => TokenStream::new(),
    }
}

/// The wrapper's parameters (as declared), the raw parameters of the C
/// function (the out-pointer first), each argument's check against its
/// declared type, the buffers a result may alias, and the raw arguments.
struct WrapperArgs {
    wrapper_params: Vec<TokenStream>,
    raw_params: Vec<TokenStream>,
    prepare: Vec<TokenStream>,
    allocated: Vec<TokenStream>,
    raw_args: Vec<TokenStream>,
}

/// The slot a result the callee writes is kept in.
fn wrapper_slot() -> proc_macro2::Ident {
    format_ident!("__abi_slot", span = Span::mixed_site())
}

fn wrapper_args(
    f: &FunctionModel,
    types: &[TokenStream],
    trait_path: &TokenStream,
    symbol: &str,
) -> WrapperArgs {
    let p = private();
    let fn_name = f.ident.to_string();
    let mut args = WrapperArgs {
        wrapper_params: Vec::new(),
        raw_params: Vec::new(),
        prepare: Vec::new(),
        allocated: Vec::new(),
        raw_args: Vec::new(),
    };
    if let ResultModel::Value(ty) = &f.result {
        // The out-pointer to the slot, or a zero-sized stand-in when the
        // result is returned directly.
        let shape = result_shape(&with_lifetimes(ty, "'static"));
        let out_ty = shape.item("Out");
        let slot = wrapper_slot();
        args.raw_params.push(quote!(__abi_out: #out_ty));
        args.raw_args.push(shape.call("out", quote!(&mut #slot)));
    }
    for (i, (param, type_const)) in f.params.iter().zip(types).enumerate() {
        let (arg, ty, name) = (&param.ident, &param.ty, &param.name);
        args.wrapper_params.push(quote!(#arg: #ty));
        let storage = format_ident!("__abi_storage{}", i, span = Span::mixed_site());
        let st = with_lifetimes(ty, "'static");
        let q = Qualified::new(&st, trait_path.clone());
        let raw_ty = q.item("Raw");
        let raw_name = raw_arg(i, "");
        args.raw_params.push(quote!(#raw_name: #raw_ty));
        let prep =
            Qualified::new(ty, trait_path.clone()).call("prepare", quote!(#arg, &#type_const));
        args.prepare.push(quote! {
            let mut #storage = match #prep {
                ::core::result::Result::Ok(__abi_storage) => __abi_storage,
                ::core::result::Result::Err(error) => {
                    return ::core::result::Result::Err(#p::CifaceError {
                        function: #fn_name,
                        symbol: #symbol,
                        argument: ::core::option::Option::Some((#i, #name)),
                        error,
                    })
                }
            };
        });
        let buffer = q.call("buffer", quote!(&#storage));
        // SAFETY: the storage `prepare` made just above.
        args.allocated.push(quote!(unsafe { #buffer }));
        args.raw_args.push(q.call("raw", quote!(&mut #storage)));
    }
    args
}

/// The wrapper's result type (inside `Result<_, CifaceError>`), the C
/// function's `-> ..`, and the body from the call to the result.
struct WrapperCall {
    result: TokenStream,
    raw_return: TokenStream,
    body: TokenStream,
}

fn wrapper_call(f: &FunctionModel, args: &WrapperArgs, symbol: &str) -> WrapperCall {
    let p = private();
    let fn_name = f.ident.to_string();
    let raw_args = &args.raw_args;
    let ResultModel::Value(ty) = &f.result else {
        return WrapperCall {
            result: quote!(()),
            raw_return: quote!(),
            body: quote! {
                // SAFETY: the declaration is the MLIR function's C
                // interface (the `unsafe extern` block vouches for it); the
                // arguments were checked against their declared types and
                // their storage lives until the call returns.
                unsafe { __abi_mlir(#(#raw_args),*) };
                ::core::result::Result::Ok(())
            },
        };
    };
    let out = wrapper_slot();
    let result_types = result_types(f);
    let allocated = &args.allocated;
    let st = with_lifetimes(ty, "'static");
    let shape = result_shape(&st);
    let (ret, storage) = (shape.item("Ret"), shape.item("STORAGE"));
    let reads_arguments = shape.item("READS_ARGUMENTS");
    let arguments = allocated.len();
    let receive = result_shape(ty).call(
        "receive",
        quote!(__abi_ret, #out, &__abi_arguments, #result_types),
    );
    WrapperCall {
        result: quote!(#ty),
        raw_return: quote!(-> #ret),
        body: quote! {
            // Worked out only for a result that can alias an argument.
            let __abi_arguments = if #reads_arguments {
                [#(#allocated),*]
            } else {
                [#p::memref::ArgumentBuffer::NONE; #arguments]
            };
            let mut #out = #storage;
            // SAFETY: the declaration is vouched for; arguments are
            // checked and live; the slot has the result's C layout.
            let __abi_ret = unsafe { __abi_mlir(#(#raw_args),*) };
            // SAFETY: the callee returned the value or wrote the
            // slot; owned buffers are now ours, borrowed ones live
            // as long as the arguments the result type's lifetime
            // ties them to.
            unsafe { #receive }.map_err(|error| #p::CifaceError {
                function: #fn_name,
                symbol: #symbol,
                argument: ::core::option::Option::None,
                error,
            })
        },
    }
}

/// The handle type of a `jit` declaration: the address of
/// `_mlir_ciface_<name>` found at run time, called with the same checks
/// as a linked one.
fn jit_handle(
    f: &FunctionModel,
    symbol: &str,
    args: &WrapperArgs,
    result: &TokenStream,
    raw_return: &TokenStream,
    checked_call: &TokenStream,
) -> TokenStream {
    let p = private();
    let Provider::Mlir { vis } = &f.provider else {
        unreachable!("import of a Rust function")
    };
    let ident = &f.ident;
    let generics = &f.sig.generics;
    let (wrapper_params, raw_params) = (&args.wrapper_params, &args.raw_params);
    let user_doc = user_doc(f);
    let handle = format_ident!(
        "{}",
        jit_handle_name(&ident.to_string()),
        span = ident.span()
    );
    let symbol_cstr = syn::LitCStr::new(
        &std::ffi::CString::new(symbol).expect("a C identifier has no NUL"),
        ident.span(),
    );
    quote! {
        #user_doc
        #[doc = ::core::concat!("The MLIR function `", #symbol, "`, found at run time (a JIT-compiled or `dlopen`ed module): [`call`](Self::call) checks every memref against its declared type, as a linked declaration's wrapper does.")]
        #[derive(Debug, Clone, Copy)]
        #vis struct #handle {
            address: ::core::ptr::NonNull<::core::ffi::c_void>,
        }

        impl #handle {
            /// The symbol to look up (`dlsym`, an execution engine's
            /// lookup).
            pub const SYMBOL: &'static ::core::ffi::CStr = #symbol_cstr;

            /// The handle of the function at `address` (`None` for
            /// NULL).
            ///
            /// # Safety
            ///
            /// `address` is the C interface of an MLIR function with
            /// this declaration's signature (its MLIR types, memref
            /// ranks and element types, which results are memrefs),
            /// which keeps MLIR's ownership rules, and it stays callable
            /// (the module stays loaded) as long as the handle or a copy
            /// of it is used.
            pub unsafe fn from_address(address: *const ::core::ffi::c_void) -> ::core::option::Option<Self> {
                ::core::ptr::NonNull::new(address.cast_mut()).map(|address| #handle { address })
            }

            /// The address.
            pub fn address(&self) -> *const ::core::ffi::c_void {
                self.address.as_ptr()
            }

            #[doc = ::core::concat!("Calls `", #symbol, "` after checking every memref against its declared type; returns the refused argument or result as a [`CifaceError`](::abi_core::memref::CifaceError).")]
            #[allow(clippy::needless_lifetimes, clippy::too_many_arguments, improper_ctypes_definitions)]
            pub fn call #generics (&self, #(#wrapper_params),*) -> ::core::result::Result<#result, #p::CifaceError> {
                // SAFETY: `from_address` was promised a function with
                // this C interface, callable while the handle is used;
                // a data pointer and a function pointer have one size
                // on the targets MLIR's C interface is used on.
                let __abi_mlir = unsafe {
                    ::core::mem::transmute::<*mut ::core::ffi::c_void, unsafe extern "C" fn(#(#raw_params),*) #raw_return>(self.address.as_ptr())
                };
                #checked_call
            }
        }
    }
}

/// The handle type of a `jit` declaration: the function name in
/// UpperCamelCase (`sum_rows` -> `SumRows`).
fn jit_handle_name(name: &str) -> String {
    let name = name.strip_prefix("r#").unwrap_or(name);
    name.split('_')
        .filter(|part| !part.is_empty())
        .map(|part| {
            let mut chars = part.chars();
            chars
                .next()
                .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// A wrapper of the declared signature whose body never runs: emitted
/// with the errors, so that callers do not add more.
pub(crate) fn placeholder(f: &FunctionModel) -> TokenStream {
    let p = private();
    let ident = &f.ident;
    let generics = &f.sig.generics;
    // Every declared parameter, the rejected ones included.
    let params = f.sig.inputs.iter().map(|input| {
        let mut input = input.clone();
        if let syn::FnArg::Typed(t) = &mut input {
            t.attrs.clear();
        }
        input
    });
    let result = match &f.result {
        ResultModel::Unit => quote!(()),
        ResultModel::Value(ty) => quote!(#ty),
    };
    let vis = match &f.provider {
        Provider::Mlir { vis } => quote!(#vis),
        Provider::Rust { .. } => quote!(),
    };
    quote! {
        #[allow(unused_variables)]
        #vis fn #ident #generics (#(#params),*) -> ::core::result::Result<#result, #p::CifaceError> {
            ::core::unreachable!()
        }
    }
}
