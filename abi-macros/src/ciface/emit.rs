//! Code for `#[ciface]`: the `_mlir_ciface_` shim of a Rust function (and
//! optionally its expanded-convention twin), or the safe wrapper of an MLIR
//! function; and the registry entry of either.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};

use super::mlir_type::{Layout, MlirMemRef};
use super::model::{
    EXPANDED_RESULT, ExpandedParam, FunctionModel, ParamModel, Provider, ResultModel,
    returns_ranked_memref,
};
use crate::syntax::with_lifetimes;
use crate::tokens::{
    Catch, Entry, Qualified, ShimParam, caught_body, private, rust_type_string, shim_code,
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

/// Per parameter: `const __ABI_TYPE_i: MemRefType = ...;` and the compile
/// time check that `#[mlir]` agrees with the Rust type.
fn type_consts(
    params: &[ParamModel],
    trait_path: &TokenStream,
) -> (Vec<proc_macro2::Ident>, TokenStream) {
    let p = private();
    let mut names = Vec::new();
    let mut out = TokenStream::new();
    for (i, param) in params.iter().enumerate() {
        let name = format_ident!("__ABI_TYPE_{}", i, span = Span::mixed_site());
        let value = memref_type(param);
        out.extend(quote!(const #name: #p::MemRefType = #value;));
        if let Some(declared) = &param.mlir {
            out.extend(declared_type_fits(declared, &param.ty, trait_path, false));
        }
        names.push(name);
    }
    (names, out)
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
/// floating-point registers each parameter takes.
fn complex_placement(f: &FunctionModel, trait_path: &TokenStream) -> TokenStream {
    // Every parameter takes part, whatever its name: an alias of a complex
    // number is one (the check costs a constant per parameter).
    if f.params.is_empty() {
        return TokenStream::new();
    }
    let p = private();
    let registers = f.params.iter().map(|param| {
        let ty = with_lifetimes(&param.ty, "'static");
        Qualified::new(&ty, trait_path.clone()).item("FLOAT_REGISTERS")
    });
    quote_spanned! {f.sig.ident.span()=>
        const _: () = if let ::core::option::Option::Some(problem) =
            #p::memref::complex_argument_problem(&[#(#registers),*])
        {
            ::core::panic!("{}", problem)
        };
    }
}

/// `const __ABI_RESULT_TYPES: &[MemRefType]` of a Rust function's
/// `result = ...` (empty without one: every result keeps the identity
/// layout), with the compile-time checks.
fn result_type_consts(f: &FunctionModel) -> TokenStream {
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

fn ciface_desc(f: &FunctionModel, provider: TokenStream) -> TokenStream {
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
        static __ABI_CIFACE: #p::CifaceDesc = #p::CifaceDesc {
            provider: #provider,
            mlir_name: #mlir_name,
            memref_types: &[#(#types),*],
            expanded: #expanded,
        };
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

/// The result's Rust type and `ResultType`.
fn result_desc(f: &FunctionModel) -> (String, TokenStream) {
    let p = private();
    match &f.result {
        ResultModel::Unit => ("()".to_owned(), quote!(#p::ResultType::VOID)),
        ResultModel::Value(ty) => {
            let st = with_lifetimes(ty, "'static");
            (rust_type_string(ty), result_shape(&st).item("DESC"))
        }
    }
}

fn function_desc(f: &FunctionModel, trait_path: &TokenStream, is_unsafe: bool) -> TokenStream {
    let symbol = abi_model::names::ciface_symbol(&f.mlir_name.value());
    let name = crate::syntax::unraw(&f.ident);
    Entry {
        abi: abi_model::AbiKind::Ciface,
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

/// A Rust function MLIR calls.
pub(crate) fn export(f: &FunctionModel) -> TokenStream {
    let p = private();
    let Provider::Rust { is_unsafe } = f.provider else {
        unreachable!("export of an MLIR function")
    };
    let trait_path = quote!(#p::CifaceParam);
    let (types, type_consts) = type_consts(&f.params, &trait_path);
    let placement = complex_placement(f, &trait_path);
    let desc = ciface_desc(f, quote!(#p::CifaceProvider::Rust));
    let function = function_desc(f, &trait_path, is_unsafe);
    let symbol = abi_model::names::ciface_symbol(&f.mlir_name.value());
    let shim_code = shim_code(&symbol);
    let ident = &f.ident;

    let raw = |i: usize| format_ident!("__abi_arg{}", i, span = Span::mixed_site());
    let out = format_ident!("__abi_out", span = Span::mixed_site());
    let mut shim_params = Vec::new();
    let mut conversions = Vec::new();
    let mut call_args = Vec::new();
    let mut borrows = Vec::new();
    let mut borrowing = Vec::new();
    if let ResultModel::Value(ty) = &f.result {
        // The out-pointer, or a zero-sized stand-in that takes no
        // argument slot when the result is returned directly.
        let st = with_lifetimes(ty, "'static");
        let out_ty = result_shape(&st).item("Out");
        shim_params.push(ShimParam {
            name: out.clone(),
            ty: out_ty,
        });
    }
    for (i, (param, type_const)) in f.params.iter().zip(&types).enumerate() {
        let value = raw(i);
        let ty = with_lifetimes(&param.ty, "'static");
        let q = Qualified::new(&ty, trait_path.clone());
        let raw_ty = q.item("Raw");
        shim_params.push(ShimParam {
            name: value.clone(),
            ty: quote!(#raw_ty),
        });
        let from = q.call("from_ciface", quote!(#value, &#type_const));
        conversions.push(quote! {
            // SAFETY: MLIR passes descriptors valid for the call; NULL,
            // misalignment and inconsistent geometry are checked by
            // `from_ciface`.
            let #value = #p::argument_or_abort(unsafe { #from }, &__ABI_FUNCTION, #i);
        });
        borrows.push(q.call("borrow", quote!(&#value)));
        borrowing.push(q.item("BORROWS"));
        call_args.push(value);
    }
    // MLIR passes one buffer twice as naturally as two (`func.call @cb(%y,
    // %y)`): a `MemRefMut` must share no byte with another argument. The
    // types say whether two arguments may borrow (a constant, so the check
    // is compiled out when they cannot).
    if f.params.len() >= 2 {
        conversions.push(quote! {
            if #(#borrowing as usize)+* >= 2 {
                #p::disjoint_or_abort(&__ABI_FUNCTION, &[#(#borrows),*]);
            }
        });
    }
    let call = crate::tokens::call_user_function(ident, is_unsafe, &call_args);
    let (return_type, check_out, finish) = match &f.result {
        ResultModel::Unit => (quote!(()), quote!(), quote!(__abi_value)),
        ResultModel::Value(ty) => {
            // Returned as the scalar's C form (a `bool` is an `i1` byte),
            // or written through the out-pointer, checked against the
            // declared MLIR result types (an abort naming the result when
            // it does not match).
            let shape = result_shape(&with_lifetimes(ty, "'static"));
            let check_out = shape.call("check_out", quote!(#out, &__ABI_FUNCTION));
            let deliver = shape.call(
                "deliver",
                quote!(#out, __abi_value, __ABI_RESULT_TYPES, &__ABI_FUNCTION),
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
    };

    let caught = caught_body(
        Catch::Abort,
        &shim_params,
        quote! {
            #(#conversions)*
            let __abi_value = #call;
            #finish
        },
    );

    let result_consts = if matches!(f.result, ResultModel::Value(_)) {
        result_type_consts(f)
    } else {
        TokenStream::new()
    };

    let shape_alias = result_shape_alias(f);
    let expanded = if f.expanded {
        expanded_shim(f, &return_type, &f.result)
    } else {
        TokenStream::new()
    };

    let lent = crate::tokens::lent_for_the_call(f.params.iter().map(|param| &param.ty));

    quote! {
        #[doc(hidden)]
        // `NoOutPointer`, the zero-sized stand-in of a directly returned
        // result's out-pointer, takes no argument slot (see `ResultShape`).
        #[allow(non_upper_case_globals, non_snake_case, unused_braces, improper_ctypes_definitions, clippy::all)]
        const _: () = {
            #shape_alias
            #type_consts
            #placement
            #result_consts
            #desc
            #function
            #lent

            #[unsafe(export_name = #symbol)]
            unsafe extern "C" fn __abi_ciface_shim(#(#shim_params),*) -> #return_type {
                #check_out
                #caught
            }

            #shim_code

            #expanded
        };
    }
}

fn ty_span(ty: &syn::Type) -> Span {
    use syn::spanned::Spanned;
    ty.span()
}

/// The expanded convention: each ranked memref as `allocated, aligned,
/// offset, sizes..., strides...`, each unranked one as `rank, descriptor`;
/// rebuilt into descriptors and passed to the `_mlir_ciface_` shim.
fn expanded_shim(
    f: &FunctionModel,
    return_type: &TokenStream,
    result: &ResultModel,
) -> TokenStream {
    let p = private();
    let symbol = f.mlir_name.value();
    let mut params = Vec::new();
    let mut build = Vec::new();
    let mut args = Vec::new();
    for (i, param) in f.params.iter().enumerate() {
        let v = |s: &str| format_ident!("__abi_p{}_{}", i, s, span = Span::mixed_site());
        match &param.expanded {
            ExpandedParam::Scalar => {
                // Passed as the C interface passes it (a `bool` as a byte,
                // a complex number as two scalars).
                let x = v("value");
                let ty = with_lifetimes(&param.ty, "'static");
                let raw = Qualified::new(&ty, quote!(#p::CifaceParam)).item("Raw");
                params.push(quote!(#x: #raw));
                args.push(quote!(#x));
            }
            ExpandedParam::Ranked { element, rank } => {
                let (a, b, o, d) = (v("allocated"), v("aligned"), v("offset"), v("desc"));
                let sizes: Vec<_> = (0..*rank).map(|k| v(&format!("size{k}"))).collect();
                let strides: Vec<_> = (0..*rank).map(|k| v(&format!("stride{k}"))).collect();
                params.push(quote!(#a: *mut #element, #b: *mut #element, #o: i64 #(, #sizes: i64)* #(, #strides: i64)*));
                build.push(quote! {
                    let #d = #p::MemRefDescriptor::<#element, #rank> {
                        allocated: #a, aligned: #b, offset: #o,
                        sizes: [#(#sizes),*], strides: [#(#strides),*],
                    };
                });
                args.push(quote!(&#d));
            }
            ExpandedParam::Unranked => {
                let (r, ptr, d) = (v("rank"), v("descriptor"), v("desc"));
                params.push(quote!(#r: i64, #ptr: *mut ::core::ffi::c_void));
                build.push(quote! {
                    let #d = #p::UnrankedMemRefDescriptor { rank: #r, descriptor: #ptr };
                });
                args.push(quote!(&#d));
            }
            ExpandedParam::Unknown => unreachable!("rejected by the model"),
        }
    }
    let ResultModel::Value(ty) = result else {
        return quote! {
            #[unsafe(export_name = #symbol)]
            unsafe extern "C" fn __abi_expanded_shim(#(#params),*) -> #return_type {
                #(#build)*
                // SAFETY: the descriptors live on this frame for the call;
                // the shim validates them like any C-interface call.
                unsafe { __abi_ciface_shim(#(#args),*) }
            }
        };
    };
    let st = with_lifetimes(ty, "'static");
    let shape = result_shape(&st);
    let out_pointer = Qualified::new(&st, quote!(#p::CifaceResult)).item("OUT_POINTER");
    if !returns_ranked_memref(ty) {
        // Returned directly, as under the C interface; an alias or a type
        // of the user's that travels through the out-pointer cannot be
        // returned in this convention.
        let storage = shape.item("STORAGE");
        let out = shape.call("out", quote!(&mut __abi_storage));
        let message = EXPANDED_RESULT;
        let check = quote_spanned! {ty_span(ty)=>
            const _: () = ::core::assert!(!#out_pointer, #message);
        };
        return quote! {
            #check
            #[unsafe(export_name = #symbol)]
            unsafe extern "C" fn __abi_expanded_shim(#(#params),*) -> #return_type {
                #(#build)*
                let mut __abi_storage = #storage;
                // SAFETY: the descriptors live on this frame for the call;
                // the shim validates them like any C-interface call.
                unsafe { __abi_ciface_shim(#out, #(#args),*) }
            }
        };
    };
    // A ranked memref result: the descriptor by value, which LLVM returns
    // through a hidden pointer on x86-64, as C returns a struct of 40 bytes
    // or more. Elsewhere the conventions differ, and this is a compile
    // error.
    let slot = Qualified::new(&st, quote!(#p::CifaceResult)).item("Slot");
    let not_x86_64 = quote_spanned! {ty_span(ty)=>
        ::core::compile_error!("`#[ciface(expanded)]` returns a memref descriptor the way C returns a struct only on x86-64; drop `expanded` here");
    };
    quote! {
        const _: () = ::core::assert!(#out_pointer, "`expanded` needs a memref result here");
        #[cfg(target_arch = "x86_64")]
        #[unsafe(export_name = #symbol)]
        unsafe extern "C" fn __abi_expanded_shim(#(#params),*) -> #slot {
            #(#build)*
            let mut __abi_slot = ::core::mem::MaybeUninit::<#slot>::uninit();
            // SAFETY: the descriptors live on this frame for the call; the
            // shim validates them like any C-interface call, and writes the
            // result slot (or aborts).
            unsafe { __abi_ciface_shim(__abi_slot.as_mut_ptr(), #(#args),*) };
            // SAFETY: written by the shim above.
            unsafe { __abi_slot.assume_init() }
        }
        #[cfg(not(target_arch = "x86_64"))]
        #not_x86_64
    }
}

/// The safe wrapper of an MLIR function.
pub(crate) fn import(f: &FunctionModel) -> TokenStream {
    let p = private();
    let Provider::Mlir { vis } = &f.provider else {
        unreachable!("import of a Rust function")
    };
    let trait_path = quote!(#p::CifaceArg);
    let (types, type_consts) = type_consts(&f.params, &trait_path);
    let placement = complex_placement(f, &trait_path);
    let desc = ciface_desc(f, quote!(#p::CifaceProvider::Mlir));
    let function = function_desc(f, &trait_path, false);
    let symbol = abi_model::names::ciface_symbol(&f.mlir_name.value());
    let ident = &f.ident;
    let fn_name = ident.to_string();
    let generics = &f.sig.generics;
    let doc = &f.doc;

    let mut wrapper_params = Vec::new();
    let mut raw_params = Vec::new();
    let mut prepare = Vec::new();
    let mut allocated = Vec::new();
    let mut raw_args = Vec::new();
    let out = format_ident!("__abi_slot", span = Span::mixed_site());
    if let ResultModel::Value(ty) = &f.result {
        // The out-pointer to `#out`, or a zero-sized stand-in when the
        // result is returned directly.
        let shape = result_shape(&with_lifetimes(ty, "'static"));
        let out_ty = shape.item("Out");
        raw_params.push(quote!(__abi_out: #out_ty));
        raw_args.push(shape.call("out", quote!(&mut #out)));
    }
    for (i, (param, type_const)) in f.params.iter().zip(&types).enumerate() {
        let (arg, ty, name) = (&param.ident, &param.ty, &param.name);
        wrapper_params.push(quote!(#arg: #ty));
        let storage = format_ident!("__abi_storage{}", i, span = Span::mixed_site());
        let st = with_lifetimes(ty, "'static");
        let q = Qualified::new(&st, trait_path.clone());
        let raw_ty = q.item("Raw");
        let raw_name = format_ident!("__abi_arg{}", i, span = Span::mixed_site());
        raw_params.push(quote!(#raw_name: #raw_ty));
        let prep =
            Qualified::new(ty, trait_path.clone()).call("prepare", quote!(#arg, &#type_const));
        prepare.push(quote! {
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
        allocated.push(quote!(unsafe { #buffer }));
        raw_args.push(q.call("raw", quote!(&mut #storage)));
    }

    let (wrapper_result, raw_return, body) = match &f.result {
        ResultModel::Unit => (
            quote!(()),
            quote!(),
            quote! {
                // SAFETY: the declaration is the MLIR function's C
                // interface (the `unsafe extern` block vouches for it); the
                // arguments were checked against their declared types and
                // their storage lives until the call returns.
                unsafe { __abi_mlir(#(#raw_args),*) };
                ::core::result::Result::Ok(())
            },
        ),
        ResultModel::Value(ty) => {
            let st = with_lifetimes(ty, "'static");
            let shape = result_shape(&st);
            let (ret, storage) = (shape.item("Ret"), shape.item("STORAGE"));
            let receive = result_shape(ty).call(
                "receive",
                quote!(__abi_ret, #out, &__abi_arguments, __ABI_RESULT_TYPES),
            );
            (
                quote!(#ty),
                quote!(-> #ret),
                quote! {
                    let __abi_arguments = [#(#allocated),*];
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
            )
        }
    };

    let result_consts = if matches!(f.result, ResultModel::Value(_)) {
        result_type_consts(f)
    } else {
        TokenStream::new()
    };
    let shape_alias = result_shape_alias(f);
    let user_doc = if doc.is_empty() {
        quote!()
    } else {
        quote!(#[doc = #doc] #[doc = ""])
    };
    // What both wrappers run around the call: the types, the argument
    // checks, the call and the result's.
    let checked_call = quote! {
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
            #placement
            #desc
            #function
        };
    };
    if f.jit {
        // A handle per declaration: the address of `_mlir_ciface_<name>`
        // found at run time, called with the same checks as a linked one.
        let handle = format_ident!("{}", jit_handle_name(&fn_name), span = ident.span());
        let symbol_cstr = syn::LitCStr::new(
            &std::ffi::CString::new(symbol.clone()).expect("a C identifier has no NUL"),
            ident.span(),
        );
        return quote! {
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
                pub fn call #generics (&self, #(#wrapper_params),*) -> ::core::result::Result<#wrapper_result, #p::CifaceError> {
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

            #registration
        };
    }
    quote! {
        #user_doc
        #[doc = ::core::concat!("Calls the MLIR function through `", #symbol, "` after checking every memref against its declared type; returns the refused argument or result as a [`CifaceError`](::abi_core::memref::CifaceError).")]
        // The wrapper mirrors the declaration, whatever its length.
        // (`NoOutPointer` takes no argument slot: see `ResultShape`.)
        #[allow(clippy::needless_lifetimes, clippy::too_many_arguments, improper_ctypes)]
        #vis fn #ident #generics (#(#wrapper_params),*) -> ::core::result::Result<#wrapper_result, #p::CifaceError> {
            unsafe extern "C" {
                #[link_name = #symbol]
                fn __abi_mlir(#(#raw_params),*) #raw_return;
            }
            #checked_call
        }

        #registration
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
