//! Safe wrappers for SystemVerilog exports: check the scope, find the
//! export in the running simulator, convert the arguments, call.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};

use super::model::{Direction, ExportModel, ParamModel};
use crate::syntax::with_lifetimes;
use crate::tokens::{Entry, EntryAbi, Qualified, private, require_dpi_value, rust_type_string};

pub(crate) fn emit(f: &ExportModel) -> TokenStream {
    let p = private();
    let traits = crate::dpi_flavour::traits(f.flavour);
    let flavour = &traits.flavour;
    let ident = &f.ident;
    let vis = &f.vis;
    let name = crate::syntax::unraw(ident);
    let doc = &f.doc;
    // Checked when the macro expanded (the model).
    let sv_name = match &f.sv_name {
        Some(sv_name) => quote!(#sv_name),
        None => quote!(#name),
    };
    let Parameters {
        wrapper_params,
        c_params,
        param_descs,
        dpi_params,
        param_checks,
        before,
        after,
        call_args,
        inputs,
        type_checks,
    } = Parameters::of(f, &name, &traits);
    let (result_raw, result_sv, result_c, finish) = result(f, &name, &traits);
    let checked_result = if f.task {
        result_sv.clone()
    } else {
        Qualified::new(&with_lifetimes(&f.result, "'static"), traits.result.clone())
            .accepted(result_sv.clone())
    };
    let task = f.task;
    let kind_doc = format!(
        "A SystemVerilog export (`export \"DPI-C\" {}`), found in the running simulator.",
        if f.task { "task" } else { "function" }
    );
    let result = &f.result;

    let call = call(f, &call_args, &inputs, &traits);
    // The flavour check's `const` block holds the declaration as it is; the
    // registry entry holds it after the checks at each type (which a
    // `const` block evaluating them once more would report twice).
    let decl = |params: TokenStream, result: &TokenStream| {
        quote! {
            #p::DpiDecl {
                sv_name: #sv_name,
                aliases: &[],
                context: false,
                pure: false,
                task: #task,
                params: #params,
                result: #result,
                flavour: #flavour,
            }
        }
    };
    let entry = Entry {
        abi: EntryAbi::DpiExport(crate::dpi_param::dpi_decl_expression(
            &[],
            &param_checks,
            &checked_result,
            |params, result| decl(params, &result),
        )),
        name: &name,
        doc: &f.doc,
        symbol: quote!(#name),
        is_unsafe: false,
        named_args: false,
        params: param_descs,
        result: (rust_type_string(result), result_c),
        out_name: "",
    }
    .emit();
    let decl = decl(quote!(&[#(#dpi_params),*]), &result_sv);
    // A standard-flavoured export whose ABI differs in Verilator stops at
    // its first call there (a constant decides; others have no check).
    let flavour_check = match f.flavour {
        crate::dpi_flavour::DpiFlavour::Ieee => quote! {
            if const { #decl.differs_between_flavours(true) } {
                static __ABI_CHECKED: #p::core::sync::atomic::AtomicBool =
                    #p::core::sync::atomic::AtomicBool::new(false);
                #p::standard_export_or_abort(#name, &__ABI_CHECKED);
            }
        },
        crate::dpi_flavour::DpiFlavour::Verilator => quote!(),
    };

    quote! {
        #[doc = #doc]
        ///
        #[doc = #kind_doc]
        /// Fails with `DpiError::NoScope` when called with no DPI scope set
        /// (outside a `context` import or `Scope::with`).
        #vis fn #ident(#(#wrapper_params),*) -> ::core::result::Result<#result, #p::DpiError> {
            static __ABI_SYMBOL: #p::LazySymbol = #p::linked_symbol!(#name);
            #flavour_check
            #p::require_scope(#name)?;
            let __abi_address = __ABI_SYMBOL.get()?;
            // SAFETY: a function pointer of the export's C prototype (see
            // the call below).
            let __abi_export: unsafe extern "C" fn(#(#c_params),*) -> #result_raw =
                unsafe { ::core::mem::transmute(__abi_address.as_ptr()) };
            #(#before)*
            let __abi_returned = #call;
            #(#after)*
            #finish
        }

        #[doc(hidden)]
        #[allow(non_upper_case_globals, clippy::all)]
        const _: () = {
            #entry
            #(#type_checks)*
        };
    }
}

/// What the parameters contribute to the wrapper, collected in order.
#[derive(Default)]
struct Parameters {
    wrapper_params: Vec<TokenStream>,
    c_params: Vec<TokenStream>,
    param_descs: Vec<(String, String, TokenStream)>,
    /// Each one's SystemVerilog declaration.
    dpi_params: Vec<TokenStream>,
    /// The same, checked at its type.
    param_checks: Vec<TokenStream>,
    /// Before the call: each output's and inout's cell.
    before: Vec<TokenStream>,
    /// After the call: each cell read back into the caller's `&mut`.
    after: Vec<TokenStream>,
    call_args: Vec<TokenStream>,
    /// Each input and the name its C form takes inside `with_input`.
    inputs: Vec<(syn::Ident, syn::Ident)>,
    type_checks: Vec<TokenStream>,
}

impl Parameters {
    fn of(f: &ExportModel, name: &str, traits: &crate::dpi_flavour::Traits) -> Self {
        let p = private();
        let mut parts = Parameters::default();
        for (i, param) in f.params.iter().enumerate() {
            let value_ty = with_lifetimes(&param.value, "'static");
            let q = Qualified::new(&value_ty, traits.ty.clone());
            let arg = &param.ident;
            let written = &param.written;
            let raw = format_ident!("__abi_raw{}", i, span = Span::mixed_site());
            let param_name = crate::syntax::unraw(arg);
            let rust_type = rust_type_string(written);
            parts.wrapper_params.push(quote!(#arg: #written));
            let (c_item, sv_item) = crate::dpi_param::registry_items(param.direction);
            parts
                .param_descs
                .push((param_name, rust_type, q.sealed_item(c_item)));
            let decl = if param.direction == Direction::In {
                // An export's input is an `input` whatever the type's direction
                // as an import parameter (`SV_INPUT` follows `SV_DIRECTION`).
                let sv_type = q.item("SV_TYPE");
                quote! {
                    &#p::DpiParamDecl { direction: #p::Direction::In, sv_type: #sv_type }
                }
            } else {
                q.sealed_item(sv_item)
            };
            parts.param_checks.push(crate::dpi_param::param_check(
                &q,
                traits.param_check,
                decl.clone(),
            ));
            parts.dpi_params.push(decl);
            match param.direction {
                Direction::In => {
                    let input = q.item("Input");
                    parts.c_params.push(quote!(#input));
                    parts.inputs.push((arg.clone(), raw.clone()));
                    parts.call_args.push(quote!(#raw));
                }
                Direction::Out | Direction::InOut => {
                    parts.cell(i, param, &q, &value_ty, name);
                }
            }
        }
        parts
    }

    /// An output or inout: a cell of the wrapper, initialised from the
    /// caller's value for an inout, read back into it after the call.
    fn cell(
        &mut self,
        i: usize,
        param: &ParamModel,
        q: &Qualified,
        value_ty: &syn::Type,
        name: &str,
    ) {
        let p = private();
        let arg = &param.ident;
        let raw = format_ident!("__abi_raw{}", i, span = Span::mixed_site());
        let cell_ty = q.item("Cell");
        self.c_params.push(quote!(*mut #cell_ty));
        let held = format_ident!("__abi_held{}", i, span = Span::mixed_site());
        let (hold, initial) = if param.direction == Direction::Out {
            (quote!(), q.call("to_cell", q.call("initial", quote!())))
        } else {
            // An inout's value is held for the call (an `SvString`'s text
            // must outlive it), the cell points into it.
            let inout = Qualified::new(value_ty, quote!(#p::ExportInout));
            let hold = inout.call("hold", quote!(&*#arg));
            (
                quote!(let #held = #hold;),
                inout.call("cell", quote!(&#held)),
            )
        };
        let require_value = if param.direction == Direction::Out {
            require_dpi_value(value_ty)
        } else {
            let checked = Qualified::new(value_ty, quote!(#p::RequireExportInout)).item("CHECKED");
            quote!(let () = #checked;)
        };
        // What SystemVerilog hands back lives until its next call:
        // the value must not borrow it (strings, also in arrays,
        // whatever the type is called: the type's `CALL_BORROW`
        // says). A constant item, which `cargo check` evaluates
        // too.
        self.type_checks.push(crate::dpi_param::type_check(
            value_ty,
            "require_owned_export_output",
        ));
        self.before.push(quote! {
            #require_value
            #hold
            let mut #raw: #cell_ty = #initial;
        });
        self.call_args.push(quote!(&mut #raw));
        let from_cell = q.call("from_cell", quote!(#raw));
        let argument = crate::syntax::unraw(arg);
        self.after.push(quote! {
            // SAFETY: the export wrote a cell of its declared type;
            // `from_cell` checks what can be checked.
            *#arg = match unsafe { #from_cell } {
                ::core::result::Result::Ok(value) => value,
                ::core::result::Result::Err(error) => {
                    return ::core::result::Result::Err(#p::DpiError::InvalidOutput {
                        export: #name,
                        argument: #argument,
                        error,
                    });
                }
            };
        });
    }
}

/// The export's C return type, the result's SystemVerilog type and C
/// description, and the expression that turns what the export returned
/// into the wrapper's result.
fn result(
    f: &ExportModel,
    name: &str,
    traits: &crate::dpi_flavour::Traits,
) -> (TokenStream, TokenStream, TokenStream, TokenStream) {
    let p = private();
    let result_ty = with_lifetimes(&f.result, "'static");
    let rq = Qualified::new(&result_ty, traits.result.clone());
    if f.task {
        let (returned, c_type, outcome) = match f.flavour {
            crate::dpi_flavour::DpiFlavour::Ieee => (
                quote!(#p::ExportTaskReturn),
                quote!(#p::EXPORT_TASK_C_TYPE),
                quote!(#p::export_task_outcome),
            ),
            crate::dpi_flavour::DpiFlavour::Verilator => (
                quote!(#p::VerilatorExportTaskReturn),
                quote!(#p::VERILATOR_EXPORT_TASK_C_TYPE),
                quote!(#p::verilator_export_task_outcome),
            ),
        };
        (
            returned,
            quote!(#p::SvType::Void),
            quote!(#p::ResultEntry::Value {
                c_type: #c_type,
                record: ::core::option::Option::None,
            }),
            quote!(#outcome(#name, __abi_returned)),
        )
    } else {
        let from_raw = Qualified::new(&result_ty, traits.export_result.clone())
            .call("from_raw", quote!(__abi_returned));
        (
            rq.item("Raw"),
            rq.item("SV_TYPE"),
            rq.sealed_item("RESULT"),
            // SAFETY: what the export just returned.
            quote!(::core::result::Result::Ok(unsafe { #from_raw })),
        )
    }
}

/// The call, inside one `with_input` closure per input, so that pointer
/// inputs stay valid for the call.
fn call(
    f: &ExportModel,
    call_args: &[TokenStream],
    inputs: &[(syn::Ident, syn::Ident)],
    traits: &crate::dpi_flavour::Traits,
) -> TokenStream {
    let mut call = quote! {
        // SAFETY: `export "DPI-C"` declares the export with this C
        // prototype (the tests compare it with the simulator's header);
        // the arguments are live for the call.
        unsafe { __abi_export(#(#call_args),*) }
    };
    for (arg, raw) in inputs.iter().rev() {
        // The lifetimes inferred: an input borrowed for the call (`&CStr`)
        // is passed as the caller wrote it, not as a `'static` one.
        let value_ty = with_lifetimes(
            &f.params.iter().find(|p| &p.ident == arg).unwrap().value,
            "'_",
        );
        let q = Qualified::new(&value_ty, traits.value.clone());
        let with_input = q.call("with_input", quote!(&#arg, |#raw| #call));
        call = with_input;
    }
    call
}

/// A wrapper of each declaration's written signature whose body never
/// runs: emitted with the errors, so that callers do not add more.
pub(crate) fn placeholders(block: &syn::ItemForeignMod) -> TokenStream {
    let p = private();
    block
        .items
        .iter()
        .filter_map(|item| match item {
            syn::ForeignItem::Fn(f) => Some(f),
            _ => None,
        })
        .map(|f| {
            let (vis, ident, generics) = (&f.vis, &f.sig.ident, &f.sig.generics);
            // Every declared parameter, the rejected ones included, without
            // their `#[inout]` markers.
            let params = f.sig.inputs.iter().map(|input| {
                let mut input = input.clone();
                if let syn::FnArg::Typed(t) = &mut input {
                    t.attrs.clear();
                }
                input
            });
            let result = match &f.sig.output {
                syn::ReturnType::Default => quote!(()),
                syn::ReturnType::Type(_, ty) => quote!(#ty),
            };
            quote! {
                #[allow(unused_variables)]
                #vis fn #ident #generics (#(#params),*) -> ::core::result::Result<#result, #p::DpiError> {
                    ::core::unreachable!()
                }
            }
        })
        .collect()
}
