//! Code for a checked `#[c_export]` model: the extern "C" shim, the trait
//! implementations of a struct, and the registry entry.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};

use super::model::{FunctionModel, Model, ResultModel, StructModel};
use crate::syntax::{is_unit, with_lifetimes};
use crate::tokens::{
    Catch, Entry, EntryAbi, Qualified, ShimParam, caught_body, entry_text_tail, lent_checks,
    lent_checks_of, private, raw_arg, rust_item, rust_type_string, shim_code,
};

pub(crate) fn emit(model: &Model) -> TokenStream {
    match model {
        Model::Function(f) => emit_function(f),
        Model::Struct(s) => emit_struct(s),
    }
}

fn emit_function(f: &FunctionModel) -> TokenStream {
    if let Some(expansion) = generic_expansion(f) {
        return expansion;
    }
    let symbol = &f.symbol;
    let rust_name = crate::syntax::unraw(&f.ident);
    let Arguments {
        mut shim_params,
        param_descs,
        conversions,
        call_args,
    } = arguments(f);
    let call = crate::tokens::call_user_function(&f.ident, f.is_unsafe, &call_args);
    let (result_desc, return_type, body) = result(f, &mut shim_params, &conversions, &call);

    let shim_name = format_ident!("__abi_c_export_{}", rust_name);
    let shim_code = shim_code(&symbol.value());
    let out_name = match &f.result {
        ResultModel::Status { out_name, .. } => out_name.as_str(),
        ResultModel::Value(_) => "",
    };
    let entry = Entry {
        abi: EntryAbi::C,
        name: &rust_name,
        doc: &f.doc,
        symbol: quote!(#symbol),
        is_unsafe: f.is_unsafe,
        named_args: f.named_args,
        params: param_descs,
        result: result_desc,
        out_name,
    }
    .emit();

    let (generics, lent_checks) = lent_checks(
        f.params
            .iter()
            .enumerate()
            .map(|(i, param)| (&param.ty, raw_arg(i, ""))),
    );

    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, non_snake_case, unused_braces, clippy::all)]
        const _: () = {
            #entry

            #[unsafe(export_name = #symbol)]
            unsafe extern "C" fn #shim_name #generics (#(#shim_params),*) -> #return_type {
                #lent_checks
                #body
            }

            #shim_code
        };
    }
}

/// The whole expansion of a function whose shim is one call of abi-core's
/// generic body for its number of arguments (`c_shim2::<A, B, R, RA, RB,
/// RR>(&entry, function, a, b)`), when there is one: one to eight
/// arguments, each one C value, or one argument that is a slice
/// (`c_slice_shim1`, given the pointer and the length); a safe function,
/// no status channel. Written by abi-core's template
/// (`c_export_generic!`), given every token an error may point at: the
/// user's types (every lifetime `'static`), keeping their spans, their raw
/// types and descriptions, and the lifetime checks.
fn generic_expansion(f: &FunctionModel) -> Option<TokenStream> {
    let ResultModel::Value(result_ty) = &f.result else {
        return None;
    };
    let one_slice = matches!(f.params.as_slice(), [param] if param.is_slice);
    if f.is_unsafe
        || !abi_model::c::GENERIC_SHIM_ARGUMENTS.contains(&f.params.len())
        || (f.params.iter().any(|param| param.is_slice) && !one_slice)
    {
        return None;
    }
    let p = private();
    // The raw types written out (`<A as CParam>::Raw`), not inferred:
    // rustc then checks each at the user's type before the generic body's
    // bounds, so a type whose implementation exists but whose own bound
    // fails (`ubitint!(8388609)`: no `_BitInt` that wide) gets one error,
    // as in the shim's signature, instead of a second one "required by a
    // bound in `c_shim2`".
    let (trait_path, raw_item) = if one_slice {
        (quote!(#p::CSliceParam), "Ptr")
    } else {
        (quote!(#p::CParam), "Raw")
    };
    let mut params = Vec::new();
    let mut rust_types = Vec::new();
    for (i, param) in f.params.iter().enumerate() {
        let ty = with_lifetimes(&param.ty, "'static");
        let q = Qualified::new(&ty, trait_path.clone());
        let (arg, raw) = (raw_arg(i, ""), q.item(raw_item));
        params.push(quote!(#arg: #raw = #ty));
        rust_types.push(rust_type_string(&param.ty));
    }
    let param_texts = f
        .params
        .iter()
        .zip(&rust_types)
        .map(|(param, rust_type)| (param.name.as_str(), rust_type.as_str()));
    let extra = one_slice.then(|| raw_arg(0, "_len"));
    let static_result = with_lifetimes(result_ty, "'static");
    let result_raw = Qualified::new(&static_result, quote!(#p::CResult)).item("Raw");
    let (body, entry) = if one_slice {
        (
            format_ident!("c_slice_shim1"),
            format_ident!("c_slice_entry"),
        )
    } else {
        let arity = f.params.len();
        (
            format_ident!("c_shim{arity}"),
            format_ident!("c_entry{arity}"),
        )
    };
    let rust_name = crate::syntax::unraw(&f.ident);
    let separator = abi_model::entry::SEPARATOR.to_string();
    let tail = entry_text_tail(
        &rust_name,
        &rust_type_string(result_ty),
        "",
        param_texts,
        &f.doc,
    );
    let (generics, lent_checks) =
        lent_checks_of(f.params.iter().enumerate().map(|(i, param)| (i, &param.ty)));
    let symbol = &f.symbol;
    let shim_name = format_ident!("__abi_c_export_{}", rust_name);
    let (ident, named_args) = (&f.ident, f.named_args);
    Some(quote! {
        #p::c_export_generic!(
            #symbol #shim_name #ident #body #entry #named_args #separator #tail
            [#(#params),*] [#extra]
            -> #result_raw = #static_result;
            [#generics] { #lent_checks }
        );
    })
}

/// The shim's parameters, the registry's parameter descriptions, the
/// statements that check and convert the arguments, and the converted
/// arguments.
struct Arguments {
    shim_params: Vec<ShimParam>,
    param_descs: Vec<(String, String, TokenStream)>,
    conversions: Vec<TokenStream>,
    call_args: Vec<proc_macro2::Ident>,
}

/// The arguments of the shim: each one checked and converted (with two
/// arguments or more: every argument checked, the overlap check over those
/// that borrow, then the readers converted before the writers).
fn arguments(f: &FunctionModel) -> Arguments {
    let p = private();
    let mut shim_params = Vec::new();
    let mut param_descs = Vec::new();
    let mut first_pass_conversions = Vec::new();
    let mut second_pass_conversions = Vec::new();
    let mut call_args = Vec::new();
    let mut borrows = Vec::new();
    let mut borrow_checks = Vec::new();
    let has_status = matches!(f.result, ResultModel::Status { .. });
    // With two arguments or more, every argument is checked first and
    // converted in two passes (below); whether any two may borrow is the
    // types' `BORROWS` (a constant: a shim of scalars compiles no check).
    let two_pass = f.params.len() >= 2;
    let mut borrowing = Vec::new();

    for (i, param) in f.params.iter().enumerate() {
        let ty = &param.ty;
        // One spelling of the type, with every lifetime `'static`, in the
        // signature, the body and the description: an unsupported type then
        // yields one diagnostic at the user's type instead of three.
        // (Lifetimes only select an implementation; the converted value
        // coerces to the shorter lifetimes of the user's signature.)
        let static_ty = with_lifetimes(ty, "'static");
        let name = &param.name;
        let rust_type = rust_type_string(ty);
        let value = raw_arg(i, "");
        // A slice travels as a pointer and a length (`CSliceParam`),
        // everything else as one value (`CParam`).
        let (trait_path, raw_item) = if param.is_slice {
            (quote!(#p::CSliceParam), "Ptr")
        } else {
            (quote!(#p::CParam), "Raw")
        };
        let q = Qualified::new(&static_ty, trait_path);
        let q_raw = q.item(raw_item);
        shim_params.push(ShimParam {
            name: value.clone(),
            ty: quote!(#q_raw),
        });
        let raw_args = if param.is_slice {
            let len = raw_arg(i, "_len");
            shim_params.push(ShimParam {
                name: len.clone(),
                ty: quote!(usize),
            });
            quote!(#value, #len)
        } else {
            quote!(#value)
        };
        param_descs.push((name.clone(), rust_type, q.sealed_item("PARAM")));
        // One call of abi-core's step per argument and pass (`c_*_or_abort`,
        // `c_*_or_status`, `c_slice_*` for slices), generic over the type,
        // not its code written out here.
        let step = |name: &str, args: TokenStream| -> TokenStream {
            let slice = if param.is_slice { "slice_" } else { "" };
            let outcome = if has_status { "status" } else { "abort" };
            let function = format!("c_{slice}{name}_or_{outcome}");
            let call = q.generic_call(&function, quote!(#args, &__ABI_FUNCTION, #i));
            // SAFETY (every step): the C caller passes arguments of the
            // header's types, valid for the call as the header documents;
            // NULL, misalignment, impossible lengths and invalid UTF-8 are
            // checked by `checked_borrow` (then skipped by `from_checked`,
            // which the passes call) or by `from_c`.
            quote!(unsafe { #call })
        };
        let bind = |value: &syn::Ident, converted: TokenStream| bind(has_status, value, converted);
        if two_pass {
            // Several arguments: each is checked first, then all that
            // borrow are compared, then converted in two passes (below).
            borrowing.push(if param.is_slice {
                quote!(true)
            } else {
                q.item("BORROWS")
            });
            let borrow = raw_arg(i, "_borrow");
            borrow_checks.push(bind(&borrow, step("borrow", raw_args.clone())));
            borrows.push(quote!(#borrow));
            let first = raw_arg(i, "_first");
            first_pass_conversions.push(bind(&first, step("first", raw_args.clone())));
            second_pass_conversions.push(bind(&value, step("second", quote!(#first, #raw_args))));
        } else {
            // One entry per parameter: the overlap report names parameters
            // by their index in `borrows`.
            borrows.push(quote!(::core::option::Option::None));
            first_pass_conversions.push(bind(&value, step("convert", raw_args)));
        }
        call_args.push(value);
    }

    let mut conversions = Vec::new();
    if two_pass {
        conversions.extend(borrow_checks);
        conversions.push(overlap_check(has_status, &borrows, &borrowing));
    }
    conversions.extend(first_pass_conversions);
    conversions.extend(second_pass_conversions);

    Arguments {
        shim_params,
        param_descs,
        conversions,
        call_args,
    }
}

/// `let value = converted;` for a step that aborts on a bad argument, or,
/// in a function with a status channel, the step's value or a return of
/// its status.
fn bind(has_status: bool, value: &syn::Ident, converted: TokenStream) -> TokenStream {
    if has_status {
        quote! {
            let #value = match #converted {
                ::core::result::Result::Ok(__abi_value) => __abi_value,
                ::core::result::Result::Err(__abi_status) => return __abi_status,
            };
        }
    } else {
        quote!(let #value = #converted;)
    }
}

/// With two arguments or more: after each argument is checked (NULL,
/// alignment, size), that no exclusive one shares a byte with another, on
/// the raw pointers, before any reference exists (two references to one
/// place, one of them `&mut`, are undefined behaviour as soon as they are
/// formed), when the types say two may borrow (`borrowing`, constants).
/// The conversions then run in two passes: first every argument that only
/// reads (values copied out of C's memory, shared references), then the
/// ones that may write (`&mut`), so that no `&mut` exists while another
/// argument's bytes are read, whatever the overlap check could see; they
/// skip the checks made before (`from_checked`).
fn overlap_check(
    has_status: bool,
    borrows: &[TokenStream],
    borrowing: &[TokenStream],
) -> TokenStream {
    let p = private();
    let disjoint = if has_status {
        quote! {
            if let ::core::option::Option::Some(__abi_status) =
                #p::disjoint_or_status(&__ABI_FUNCTION, &[#(#borrows),*])
            {
                return __abi_status;
            }
        }
    } else {
        quote!(#p::disjoint_or_abort(&__ABI_FUNCTION, &[#(#borrows),*]);)
    };
    quote! {
        if const { #(#borrowing as usize)+* >= 2 } {
            #disjoint
        }
    }
}

/// The result's registry description, the shim's return type and its
/// body: the conversions, the call inside the panic guard, and the result
/// converted to C (a status, with the value through the out-pointer, for a
/// `Result`).
fn result(
    f: &FunctionModel,
    shim_params: &mut Vec<ShimParam>,
    conversions: &[TokenStream],
    call: &TokenStream,
) -> ((String, TokenStream), TokenStream, TokenStream) {
    let p = private();
    let desc = quote!(__ABI_FUNCTION);
    match &f.result {
        ResultModel::Value(ty) => {
            let static_ty = with_lifetimes(ty, "'static");
            let rust_type = rust_type_string(ty);
            let q = Qualified::new(&static_ty, quote!(#p::CResult));
            let q_raw = q.item("Raw");
            let result_desc = (rust_type, q.sealed_item("RESULT"));
            let return_type = quote!(#q_raw);
            let convert_result = q.call("into_c", quote!(__abi_value));
            let body = caught_body(
                Catch::Abort,
                shim_params,
                quote! {
                    #(#conversions)*
                    let __abi_value = #call;
                    #convert_result
                },
            );
            (result_desc, return_type, body)
        }
        ResultModel::Status { whole, ok, err, .. } => {
            let rust_type = rust_type_string(whole);
            let error_code =
                Qualified::new(err, quote!(#p::CError)).call("error_code", quote!(&__abi_error));
            let err_code = quote!(#error_code.get());
            let status_type = quote!(#p::core::primitive::i32);
            if is_unit(ok) {
                let result_desc = (rust_type, quote!(#p::ResultEntry::STATUS_ONLY));
                let body = caught_body(
                    Catch::Status,
                    shim_params,
                    quote! {
                        #(#conversions)*
                        match #call {
                            ::core::result::Result::Ok(()) => #p::STATUS_OK,
                            ::core::result::Result::Err(__abi_error) => #err_code,
                        }
                    },
                );
                (result_desc, status_type, body)
            } else {
                let static_ok = with_lifetimes(ok, "'static");
                let ok_q = Qualified::new(&static_ok, quote!(#p::CResult));
                let ok_q_raw = ok_q.item("Raw");
                let out = format_ident!("__abi_out", span = Span::mixed_site());
                shim_params.push(ShimParam {
                    name: out.clone(),
                    ty: quote!(*mut #ok_q_raw),
                });
                let result_desc = (rust_type, ok_q.sealed_item("STATUS"));
                let convert_ok = ok_q.call("into_c", quote!(__abi_value));
                let caught = caught_body(
                    Catch::Status,
                    shim_params,
                    quote! {
                        #(#conversions)*
                        match #call {
                            ::core::result::Result::Ok(__abi_value) => {
                                let __abi_value = #convert_ok;
                                // SAFETY: `out` was checked non-NULL and
                                // aligned before; the caller provides room
                                // for one value, as the header documents.
                                unsafe { #out.write(__abi_value) };
                                #p::STATUS_OK
                            }
                            ::core::result::Result::Err(__abi_error) => #err_code,
                        }
                    },
                );
                let body = quote! {
                    if let ::core::option::Option::Some(__abi_status) = #p::out_pointer_status(&#desc, #out) {
                        return __abi_status;
                    }
                    #caught
                };
                (result_desc, status_type, body)
            }
        }
    }
}

fn emit_struct(s: &StructModel) -> TokenStream {
    let p = private();
    let ident = &s.ident;
    let name = ident.to_string();
    let rust_item = rust_item(&name, &s.doc);
    let fields = s.fields.iter().map(|(field, ty)| {
        let field_name = crate::syntax::unraw(field);
        let field_name = field_name.as_str();
        let rust_type = rust_type_string(ty);
        let q_c_type = Qualified::new(ty, quote!(#p::CType)).item("C_TYPE");
        quote! {
            #p::FieldDesc {
                name: #field_name,
                rust_type: #rust_type,
                c_type: #q_c_type,
                offset: ::core::mem::offset_of!(#ident, #field),
            }
        }
    });
    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, clippy::all)]
        const _: () = {
            #p::register!(struct __ABI_STRUCT = #p::StructDesc {
                rust: #rust_item,
                fields: &[#(#fields),*],
                size: ::core::mem::size_of::<#ident>(),
                align: ::core::mem::align_of::<#ident>(),
            };);

            // SAFETY: the struct is `#[repr(C)]` (checked by the macro) and
            // every field is a `CType` (checked by the field descriptions
            // above), so C's struct of the same fields has the same layout.
            unsafe impl #p::CType for #ident {
                const C_TYPE: #p::CTypeDesc = #p::CTypeDesc::Struct { name: #name };
            }

            // SAFETY: C struct fields are C types, which hold no borrow.
            unsafe impl<'call> #p::BorrowedFor<'call> for #ident {}

            // SAFETY: passed by value as the C struct (see `CType` above).
            unsafe impl #p::CParam for #ident {
                type Raw = #ident;
                const C_TYPE: #p::CTypeDesc = <#ident as #p::CType>::C_TYPE;
                #[inline(always)]
                unsafe fn from_c(raw: #ident) -> ::core::result::Result<Self, #p::ArgError> {
                    ::core::result::Result::Ok(raw)
                }
            }

            // SAFETY: returned by value as the C struct (see `CType` above).
            unsafe impl #p::CResult for #ident {
                type Raw = #ident;
                const C_TYPE: #p::CTypeDesc = <#ident as #p::CType>::C_TYPE;
                #[inline(always)]
                fn into_c(self) -> #ident {
                    self
                }
            }
        };
    }
}
