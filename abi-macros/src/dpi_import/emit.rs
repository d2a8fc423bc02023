//! Code for a checked `#[dpi_import]` model: the `extern "C"` entry point
//! the simulator calls, and the registry entry from which the SystemVerilog
//! package and the C header are written.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};

use super::model::{Direction, FunctionModel};
use crate::syntax::with_lifetimes;
use crate::tokens::{Qualified, private, require_dpi_value, rust_item, rust_type_string};

pub(crate) fn emit(f: &FunctionModel) -> TokenStream {
    let p = private();
    let desc = quote!(__ABI_FUNCTION);
    let ident = &f.ident;
    let symbol = &f.symbol;
    let sv_name = &f.sv_name;
    let (context, pure, task, is_unsafe, named_args) =
        (f.context, f.pure, f.task, f.is_unsafe, f.named_args);
    let rust_item = rust_item(&symbol.value(), &f.doc);

    let mut shim_params = Vec::new();
    let mut param_descs = Vec::new();
    let mut dpi_params = Vec::new();
    let mut prepare = Vec::new();
    let mut write_back = Vec::new();
    let mut call_args = Vec::new();

    for (i, param) in f.params.iter().enumerate() {
        let value_ty = with_lifetimes(&param.value, "'static");
        let q = Qualified::new(&value_ty, quote!(#p::DpiType));
        let (sv_type, c_input, c_cell) = (q.item("SV_TYPE"), q.item("C_INPUT"), q.item("C_CELL"));
        let raw = format_ident!("__abi_arg{}", i, span = Span::mixed_site());
        let cell = format_ident!("__abi_cell{}", i, span = Span::mixed_site());
        let name = &param.name;
        let rust_type = rust_type_string(&param.written);
        let (direction, sv_direction) = match param.direction {
            Direction::Input => (quote!(#p::Direction::In), q.item("SV_DIRECTION")),
            Direction::Output => (quote!(#p::Direction::Out), quote!(#p::SvDirection::Output)),
            Direction::Inout => (quote!(#p::Direction::InOut), quote!(#p::SvDirection::Inout)),
        };
        dpi_params.push(quote! {
            #p::DpiParamDesc { direction: #sv_direction, sv_type: #sv_type }
        });
        match param.direction {
            Direction::Input => {
                let input = q.item("Input");
                let from_input = q.call("from_input", quote!(#raw));
                shim_params.push(quote!(#raw: #input));
                param_descs.push(quote! {
                    #p::ParamDesc { name: #name, rust_type: #rust_type, direction: #direction, passing: #p::Passing::Value(#c_input), record: ::core::option::Option::None }
                });
                prepare.push(quote! {
                    // SAFETY: the simulator passes an input of the declared
                    // SystemVerilog type (Annex H); `from_input` checks what
                    // can be checked.
                    let #raw = #p::argument_or_abort(unsafe { #from_input }, &#desc, #i);
                });
                call_args.push(quote!(#raw));
            }
            Direction::Output | Direction::Inout => {
                let cell_ty = q.item("Cell");
                shim_params.push(quote!(#raw: *mut #cell_ty));
                param_descs.push(quote! {
                    #p::ParamDesc {
                        name: #name,
                        rust_type: #rust_type,
                        direction: #direction,
                        passing: #p::Passing::Value(#p::CTypeDesc::Pointer { pointee: &#c_cell, is_const: false }),
                        record: ::core::option::Option::None,
                    }
                });
                let initial = if param.direction == Direction::Output {
                    q.call("initial", quote!())
                } else {
                    let from_cell = q.call("from_cell", quote!(#raw.read()));
                    quote! {
                        // SAFETY: checked non-NULL and aligned above; the
                        // simulator passes a valid inout cell (Annex H).
                        unsafe { #from_cell }
                    }
                };
                let require_value = require_dpi_value(&value_ty);
                prepare.push(quote! {
                    #require_value
                    #p::pointer_or_abort(#raw, &#desc, #i);
                    let mut #cell: #value_ty = #initial;
                });
                call_args.push(quote!(&mut #cell));
                let to_cell = q.call("to_cell", quote!(#cell));
                write_back.push(quote! {
                    // SAFETY: checked non-NULL and aligned before the call.
                    unsafe { #raw.write(#to_cell) };
                });
            }
        }
    }

    let call = if f.is_unsafe {
        quote! {
            // SAFETY: the function is `unsafe`; its contract is documented
            // for the SystemVerilog side.
            unsafe { #ident(#(#call_args),*) }
        }
    } else {
        quote!(#ident(#(#call_args),*))
    };

    let result_ty = with_lifetimes(&f.result, "'static");
    let rq = Qualified::new(&result_ty, quote!(#p::DpiResult));
    let result_rust_type = rust_type_string(&f.result);
    let (result_sv, return_type, result_c, finish) = if task {
        (
            quote!(#p::SvType::Named("void")),
            quote!(#p::core::primitive::i32),
            quote!(<i32 as #p::DpiResult>::C_TYPE),
            quote!({
                let () = __abi_value;
                #p::TASK_NOT_DISABLED
            }),
        )
    } else {
        let into_c = rq.call("into_c", quote!(__abi_value));
        (
            rq.item("SV_TYPE"),
            rq.item("Raw"),
            rq.item("C_TYPE"),
            into_c,
        )
    };

    let shim_name = format_ident!("__abi_dpi_import_{}", symbol.value());
    // Checked while the static is evaluated (see `c_export`).
    let checked_sv_name =
        quote_spanned! {sv_name.span()=> ::abi_core::__private::checked_sv_name(#sv_name)};

    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, non_snake_case, unused_braces, unused_mut, clippy::all)]
        const _: () = {

            static __ABI_DPI: #p::DpiImportDesc = #p::DpiImportDesc {
                sv_name: #checked_sv_name,
                context: #context,
                pure: #pure,
                task: #task,
                params: &[#(#dpi_params),*],
                result: #result_sv,
            };

            #p::register!(function static #desc: #p::FunctionDesc = #p::FunctionDesc {
                abi: #p::AbiKind::DpiImport,
                rust: #rust_item,
                symbol: #symbol,
                is_unsafe: #is_unsafe,
                params: &[#(#param_descs),*],
                result: #p::ResultDesc::Value { rust_type: #result_rust_type, c_type: #result_c, record: ::core::option::Option::None },
                dpi: ::core::option::Option::Some(&__ABI_DPI),
                named_args: #named_args,
                ciface: ::core::option::Option::None,
            };);

            #[unsafe(export_name = #symbol)]
            unsafe extern "C" fn #shim_name(#(#shim_params),*) -> #return_type {
                let __abi_guard = #p::AbortOnUnwind(&#desc);
                #(#prepare)*
                let __abi_value = #call;
                #(#write_back)*
                __abi_guard.disarm();
                #finish
            }
        };
    }
}
