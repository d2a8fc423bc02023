//! Code for a checked `#[dpi_import]` model: the `extern "C"` entry point
//! the simulator calls, and the registry entry from which the SystemVerilog
//! package and the C header are written.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};

use super::model::{Direction, FunctionModel, ParamModel};
use crate::dpi_param::type_check;
use crate::syntax::with_lifetimes;
use crate::tokens::{
    Catch, Entry, EntryAbi, Qualified, ShimParam, caught_body, entry_text_tail, lent_checks_of,
    private, raw_arg, require_dpi_value, rust_type_string, shim_code,
};

pub(crate) fn emit(f: &FunctionModel) -> TokenStream {
    if let Some(expansion) = generic_expansion(f) {
        return expansion;
    }
    let p = private();
    let traits = crate::dpi_flavour::traits(f.flavour);
    let symbol = &f.symbol;
    let shim_code = shim_code(&symbol.value());
    let (context, task) = (f.context, f.task);
    let Parameters {
        shim_params,
        param_descs,
        dpi_params,
        prepare,
        write_back,
        call_args,
        mut releases,
        call_borrows,
        borrows,
        type_checks,
    } = Parameters::of(f, &traits, true);
    let (result_sv, return_type, result_c, finish) = result(f, &traits);
    let result_rust_type = rust_type_string(&f.result);

    let rust_name = symbol.value();
    let marker = flavour_marker(f);
    let shim_name = format_ident!("__abi_dpi_import_{}", rust_name);

    // Exports may be called while a `context` import runs (and only
    // then: outside, the simulator's scope is stale or unset).
    let scope_grant = if context {
        quote! {
            // SAFETY: this thread runs this `context` import.
            let __abi_scope_grant = unsafe { #p::ScopeGrant::enter() };
        }
    } else {
        quote!()
    };
    if !task {
        let result_ty = with_lifetimes(&f.result, "'static");
        releases.push(
            Qualified::new(&result_ty, traits.result.clone()).sealed_item("OWNS_HANDED_STRINGS"),
        );
    }
    let flavour_check = flavour_check(f);
    let (strings_mark, release_strings) = release_strings(&releases, context);
    let overlap = overlap_check(&call_borrows, &borrows);
    let call = crate::tokens::call_user_function(&f.ident, f.is_unsafe, &call_args);
    let caught = caught_body(
        Catch::Abort,
        &shim_params,
        quote! {
            #flavour_check
            #scope_grant
            #overlap
            #strings_mark
            #(#prepare)*
            let __abi_value = #call;
            #release_strings
            #(#write_back)*
            #finish
        },
    );

    let entry = Entry {
        abi: EntryAbi::DpiImport(crate::dpi_param::dpi_decl_expression(
            &[],
            &dpi_params,
            &result_sv,
            |params, result| dpi_decl(f, &traits.flavour, params, &result),
        )),
        name: &rust_name,
        doc: &f.doc,
        symbol: quote!(#symbol),
        is_unsafe: f.is_unsafe,
        named_args: f.named_args,
        params: param_descs,
        result: (result_rust_type, result_c),
        out_name: "",
    }
    .emit();
    // Inputs are lent for the call (outputs and inouts are cells the
    // shim owns; the string rules above cover what they may hold).
    let (generics, lent_checks) = input_lent_checks(f);

    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, non_snake_case, unused_braces, unused_mut, clippy::all)]
        const _: () = {
            #marker

            #entry

            #(#type_checks)*

            #[unsafe(export_name = #symbol)]
            unsafe extern "C" fn #shim_name #generics (#(#shim_params),*) -> #return_type {
                #lent_checks
                #caught
            }

            #shim_code
        };
    }
}
/// The whole expansion of a function whose shim is one call of abi-core's
/// generic import shim for the shape of its arguments
/// (`dpi_import_shim_vc::<A, B, R, _, _, _, FLAGS, _>(&entry, function, a,
/// b)`, `abi_model::sv::generic_import_shim`): a function (not a task, not
/// `unsafe`) of one to four arguments. Written by abi-core's template
/// (`dpi_import_generic!`), given every token an error may point at: the
/// user's value types (every lifetime `'static`), keeping their spans, the
/// shim's raw types (inferred in the body's call), the descriptions and
/// the declarations' checks, the checks that an output's or inout's type
/// is a value type (`RequireDpiValue`, for the declaration's static; the
/// written-out steps check it in the shim's body), and the lifetime checks.
fn generic_expansion(f: &FunctionModel) -> Option<TokenStream> {
    if f.task || f.is_unsafe || !abi_model::sv::GENERIC_IMPORT_ARGUMENTS.contains(&f.params.len()) {
        return None;
    }
    let p = private();
    let traits = crate::dpi_flavour::traits(f.flavour);
    let is_cell = |param: &ParamModel| param.direction != Direction::In;
    let body = format_ident!(
        "{}",
        abi_model::sv::generic_import_shim(f.flavour, f.params.iter().map(is_cell))
    );
    let flags = abi_model::sv::import_shim_flags(
        f.context,
        f.params
            .iter()
            .map(|param| param.direction == Direction::InOut),
    );
    let value_checks =
        f.params.iter().filter(|param| is_cell(param)).map(|param| {
            crate::tokens::require_dpi_value(&with_lifetimes(&param.value, "'static"))
        });
    let Parameters {
        shim_params,
        param_descs,
        dpi_params,
        type_checks,
        ..
    } = Parameters::of(f, &traits, false);
    let params = f
        .params
        .iter()
        .enumerate()
        .map(|(i, param)| {
            let ty = with_lifetimes(&param.value, "'static");
            let ShimParam { name, ty: raw } = &shim_params[i];
            // The user's function reaches the generic shim as a function
            // pointer in debug builds, so that every function of one signature
            // shares one instance of the shim (a debug build of 100 imports of
            // one signature compiled 0.97 G more instructions, +19% of a
            // 400-function crate, with an instance per function), and as the
            // function item in optimised builds: there the call is direct from
            // the start, where through the pointer LLVM made it direct after
            // its last inlining round for an input, an output and a result with
            // one codegen unit, leaving the user's function out of line (22
            // instructions on the fast path instead of 8).
            let pointer = if is_cell(param) {
                quote!(&mut _)
            } else {
                quote!(_)
            };
            let desc = &param_descs[i].2;
            let decl_name = format_ident!("__abi_param{}", i);
            let decl = &dpi_params[i];
            quote!(#name: #raw = #ty, _, #pointer => #desc; #decl_name = #decl)
        })
        .collect::<Vec<_>>();
    let (result_sv, result_raw, result_desc, _) = result(f, &traits);
    let result_ty = with_lifetimes(&f.result, "'static");
    let rust_name = f.symbol.value();
    let rust_types: Vec<String> = f
        .params
        .iter()
        .map(|param| rust_type_string(&param.written))
        .collect();
    let param_texts = f
        .params
        .iter()
        .zip(&rust_types)
        .map(|(param, rust_type)| (param.name.as_str(), rust_type.as_str()));
    let separator = abi_model::entry::SEPARATOR.to_string();
    let tail = entry_text_tail(
        &rust_name,
        &rust_type_string(&f.result),
        "",
        param_texts,
        &f.doc,
    );
    // Inputs are lent for the call (outputs and inouts are cells the
    // shim owns; the string rules cover what they may hold).
    let (generics, lent_checks) = input_lent_checks(f);
    let marker = f.flavour.marker_symbol(&f.symbol.value());
    let symbol = &f.symbol;
    let shim_name = format_ident!("__abi_dpi_import_{}", rust_name);
    let (ident, named_args) = (&f.ident, f.named_args);
    let (sv_name, aliases, context, pure) = (&f.sv_name, &f.aliases, f.context, f.pure);
    let flavour = &traits.flavour;
    Some(quote! {
        #p::dpi_import_generic!(
            #marker #symbol #shim_name #ident #body #flags #named_args #separator #tail
            #sv_name [#(#aliases),*] #context #pure #flavour;
            { #(#value_checks)* }
            [#(#params),*]
            -> #result_raw = #result_ty => #result_desc; #result_sv;
            { #(#type_checks)* }
            [#generics] { #lent_checks }
        );
    })
}

/// The lifetime checks of the inputs, which are lent for the call (outputs
/// and inouts are cells the shim owns; the string rules cover what they
/// may hold).
fn input_lent_checks(f: &FunctionModel) -> (TokenStream, TokenStream) {
    lent_checks_of(
        f.params
            .iter()
            .enumerate()
            .filter(|(_, param)| param.direction == Direction::In)
            .map(|(i, param)| (i, &param.written)),
    )
}

/// The `DpiDecl` in the registry entry, the SystemVerilog declaration of
/// the import: its parameters are `params` and its result `result_sv` (the
/// checked declarations `dpi_decl_expression` binds); its names were
/// checked when the macro expanded (the model).
fn dpi_decl(
    f: &FunctionModel,
    flavour: &TokenStream,
    params: TokenStream,
    result_sv: &TokenStream,
) -> TokenStream {
    let p = private();
    let sv_name = &f.sv_name;
    let (context, pure, task) = (f.context, f.pure, f.task);
    // The names were checked when the macro expanded (the model).
    let aliases = &f.aliases;
    quote! {
        #p::DpiDecl {
            sv_name: #sv_name,
            aliases: &[#(#aliases),*],
            context: #context,
            pure: #pure,
            task: #task,
            params: #params,
            result: #result_sv,
            flavour: #flavour,
        }
    }
}

/// The symbol generated C declarations reference, so that they do not
/// link with a library built for the other flavour.
fn flavour_marker(f: &FunctionModel) -> TokenStream {
    let marker_symbol = f.flavour.marker_symbol(&f.symbol.value());
    quote! {
        #[used]
        #[unsafe(export_name = #marker_symbol)]
        static __ABI_FLAVOUR_MARKER: u8 = 0;
    }
}

/// A standard-flavoured function whose ABI differs in Verilator stops at
/// its first call there (a constant decides; others have no check).
fn flavour_check(f: &FunctionModel) -> TokenStream {
    let p = private();
    match f.flavour {
        crate::dpi_flavour::DpiFlavour::Ieee => quote! {
            if const { __ABI_FUNCTION.abi.differs_between_flavours() } {
                #p::standard_import_or_abort(&__ABI_FUNCTION);
            }
        },
        crate::dpi_flavour::DpiFlavour::Verilator => quote!(),
    }
}

/// What the parameters contribute to the shim, collected in order.
#[derive(Default)]
struct Parameters {
    shim_params: Vec<ShimParam>,
    param_descs: Vec<(String, String, TokenStream)>,
    /// Each one's SystemVerilog declaration, checked at its type.
    dpi_params: Vec<TokenStream>,
    /// Per argument, before the call: its conversion (an input) or its
    /// cell (an output or inout).
    prepare: Vec<TokenStream>,
    /// After the call: each cell written back.
    write_back: Vec<TokenStream>,
    call_args: Vec<TokenStream>,
    /// Whether each output (and the result) may hand strings to the
    /// simulator (`SvString`): if one does, the strings of earlier calls on
    /// this thread are freed before this call's are handed over (constants:
    /// no cost otherwise).
    releases: Vec<TokenStream>,
    /// How each input borrows the simulator's memory, and the expression of
    /// what it borrows (outputs and inouts are copied into cells of the
    /// shim: they borrow nothing while the function runs).
    call_borrows: Vec<TokenStream>,
    borrows: Vec<TokenStream>,
    /// Compile-time checks of the parameter types, as constant items
    /// (which `cargo check` evaluates too), each spanned at its type.
    type_checks: Vec<TokenStream>,
}

impl Parameters {
    /// `steps`: also the steps of the shim's body (not when a generic body
    /// does them).
    fn of(f: &FunctionModel, traits: &crate::dpi_flavour::Traits, steps: bool) -> Self {
        let mut parts = Parameters::default();
        for (i, param) in f.params.iter().enumerate() {
            let value_ty = with_lifetimes(&param.value, "'static");
            let q = Qualified::new(&value_ty, traits.ty.clone());
            let (c_item, sv_item) = crate::dpi_param::registry_items(param.direction);
            parts.param_descs.push((
                param.name.clone(),
                rust_type_string(&param.written),
                q.sealed_item(c_item),
            ));
            parts.dpi_params.push(crate::dpi_param::param_check(
                &q,
                traits.param_check,
                q.sealed_item(sv_item),
            ));
            match param.direction {
                Direction::In => parts.input(i, param, &q, &value_ty, steps),
                Direction::Out | Direction::InOut => parts.cell(i, param, &q, &value_ty, steps),
            }
        }
        parts
    }

    /// An input: converted from what the simulator passes.
    fn input(
        &mut self,
        i: usize,
        param: &ParamModel,
        q: &Qualified,
        value_ty: &syn::Type,
        steps: bool,
    ) {
        let p = private();
        let desc = quote!(__ABI_FUNCTION);
        let raw = raw_arg(i, "");
        let input = q.item("Input");
        self.shim_params.push(ShimParam {
            name: raw.clone(),
            ty: quote!(#input),
        });
        // The shim converts with every lifetime `'static`; the
        // function's own generic lifetimes keep a borrowed input
        // from outliving the call, unless it is written `'static`.
        if crate::dpi_param::mentions_static(&param.written) {
            self.type_checks
                .push(type_check(value_ty, "require_call_lifetime"));
        }
        if !steps {
            return;
        }
        let from_input = q.call("from_input", quote!(#raw));
        // Every input takes part, whatever its type is called: its
        // `CALL_BORROW` decides, in a constant, whether the check
        // is compiled at all (plain scalars never borrow).
        self.call_borrows.push(q.item("CALL_BORROW"));
        let input_borrows = q.call("input_borrows", quote!(#raw, __abi_each));
        self.borrows.push(quote! {
            ::core::option::Option::Some(&|__abi_each: &mut dyn ::core::ops::FnMut(#p::Borrow)| {
                // SAFETY: as for `from_input` below.
                unsafe { #input_borrows }
            })
        });
        // A writable open array of strings hands strings over.
        self.releases.push(q.sealed_item("OWNS_HANDED_STRINGS"));
        self.prepare.push(quote! {
            // SAFETY: the simulator passes an input of the declared
            // SystemVerilog type (Annex H); `from_input` checks what
            // can be checked.
            let #raw = #p::argument_or_abort(unsafe { #from_input }, &#desc, #i);
        });
        self.call_args.push(quote!(#raw));
    }

    /// An output or inout: a cell of the shim, read from the simulator's
    /// for an inout, written back after the call.
    fn cell(
        &mut self,
        i: usize,
        param: &ParamModel,
        q: &Qualified,
        value_ty: &syn::Type,
        steps: bool,
    ) {
        let p = private();
        let desc = quote!(__ABI_FUNCTION);
        let raw = raw_arg(i, "");
        let cell = format_ident!("__abi_cell{}", i, span = Span::mixed_site());
        let cell_ty = q.item("Cell");
        self.shim_params.push(ShimParam {
            name: raw.clone(),
            ty: quote!(*mut #cell_ty),
        });
        if param.direction == Direction::InOut {
            // The value read from the cell must not borrow what
            // the simulator passed in (strings, also in arrays:
            // the type's `CALL_BORROW` says).
            self.type_checks
                .push(type_check(value_ty, "require_owned_inout"));
        }
        if !steps {
            return;
        }
        let initial = if param.direction == Direction::Out {
            q.call("initial", quote!())
        } else {
            let from_cell = q.call("from_cell", quote!(#raw.read()));
            quote! {
                // SAFETY: checked non-NULL and aligned above; the
                // simulator passes a valid inout cell (Annex H);
                // `from_cell` checks what can be checked.
                #p::argument_or_abort(unsafe { #from_cell }, &#desc, #i)
            }
        };
        let require_value = require_dpi_value(value_ty);
        self.borrows.push(quote!(::core::option::Option::None));
        let owns_strings = q.sealed_item("OWNS_HANDED_STRINGS");
        self.releases.push(quote!(#owns_strings));
        self.prepare.push(quote! {
            #require_value
            #p::pointer_or_abort(#raw, &#desc, #i);
            let mut #cell: #value_ty = #initial;
        });
        self.call_args.push(quote!(&mut #cell));
        let to_cell = q.call("to_cell", quote!(#cell));
        self.write_back.push(quote! {
            // SAFETY: checked non-NULL and aligned before the call.
            unsafe { #raw.write(#to_cell) };
        });
    }
}

/// The result's SystemVerilog type, the shim's return type, the result's
/// C description, and the expression that converts it (a task returns
/// "not disabled").
fn result(
    f: &FunctionModel,
    traits: &crate::dpi_flavour::Traits,
) -> (TokenStream, TokenStream, TokenStream, TokenStream) {
    let p = private();
    let result_ty = with_lifetimes(&f.result, "'static");
    let rq = Qualified::new(&result_ty, traits.result.clone());
    if f.task {
        (
            quote!(#p::SvType::Void),
            quote!(#p::core::primitive::i32),
            quote!(<i32 as #p::DpiResult>::RESULT.0),
            quote!({
                let () = __abi_value;
                #p::TASK_NOT_DISABLED
            }),
        )
    } else {
        let into_c = rq.call("into_c", quote!(__abi_value));
        (
            rq.accepted(rq.item("SV_TYPE")),
            rq.item("Raw"),
            rq.sealed_item("RESULT"),
            into_c,
        )
    }
}

/// Before the call, how many strings this thread holds; after it, before
/// this call's outputs are handed over: the strings of earlier calls freed
/// when an output, the result or an open array may hand strings over
/// (`releases`, constants). The inout cells were copied and the inputs are
/// no longer used, so a cell or an input holding a string of an earlier
/// call was read before it is freed; what an open array's elements were
/// given while the function ran is kept.
fn release_strings(releases: &[TokenStream], context: bool) -> (TokenStream, TokenStream) {
    let p = private();
    if releases.is_empty() {
        return (quote!(), quote!());
    }
    let own_grants = u32::from(context);
    let owns = quote!(false #(|| #releases)*);
    // The condition is one constant, written once: type-checking it twice
    // cost a crate of 100 imports 1.5% more of rustc's instructions.
    (
        quote! {
            const __ABI_OWNS_STRINGS: bool = #owns;
            let __abi_strings_mark = if __ABI_OWNS_STRINGS { #p::handed_strings_mark() } else { 0 };
        },
        quote! {
            if __ABI_OWNS_STRINGS {
                // SAFETY: the user's function has returned: nothing
                // borrows an input string any more.
                unsafe { #p::release_handed_strings(#own_grants, __abi_strings_mark) };
            }
        },
    )
}

/// An exclusive input (a writable open array) beside another input that
/// borrows: check, before any argument is converted, that they share no
/// byte (two views of one array, one of them writing, would let a slice
/// read under a write). A constant decides, so other shims pay nothing.
fn overlap_check(call_borrows: &[TokenStream], borrows: &[TokenStream]) -> TokenStream {
    let p = private();
    if call_borrows.len() < 2 {
        return quote!();
    }
    quote! {
        if const { #p::overlap_possible(&[#(#call_borrows),*]) } {
            #p::ranges_disjoint_or_abort(&__ABI_FUNCTION, &[#(#borrows),*]);
        }
    }
}
