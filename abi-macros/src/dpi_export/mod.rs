//! `#[dpi_export]` on an `extern "C"` block declaring SystemVerilog
//! exports: parse, build the model, emit safe Rust wrappers.

mod emit;
mod model;

use proc_macro2::TokenStream;
use quote::quote;

use crate::errors::Errors;

/// Expand `#[dpi_export] unsafe extern "C" { fn f(...) -> R; ... }`. On
/// error the block is not emitted (its declarations would link to symbols
/// the wrappers are meant to find at run time); the errors are, with a
/// placeholder wrapper per declaration.
pub(crate) fn expand(attr: TokenStream, item: TokenStream) -> TokenStream {
    let mut errors = Errors::new();
    let mut written = None;
    let known = crate::dpi_flavour::ARGUMENTS;
    for meta in crate::attribute_args::parse_list(attr, "dpi_export", known, &mut errors) {
        if !crate::dpi_flavour::argument(&meta, &mut written, &mut errors) {
            errors.spanned(
                &meta,
                format!("unknown `#[dpi_export]` argument; it takes {known}"),
            );
        }
    }
    let flavour = crate::dpi_flavour::resolve(written, &mut errors);
    let mut block: syn::ItemForeignMod = match syn::parse2(item.clone()) {
        Ok(block) => block,
        Err(_) => {
            errors.spanned(
                &item,
                "`#[dpi_export]` applies to an `unsafe extern \"C\" { fn name(...) -> R; }` block declaring SystemVerilog exports",
            );
            return errors.finish();
        }
    };
    // Types from a `macro_rules!` fragment read as if written out.
    syn::visit_mut::VisitMut::visit_item_foreign_mod_mut(&mut crate::syntax::Ungroup, &mut block);
    let functions = model::build(&block, flavour, &mut errors);
    // On error each declared function still gets a wrapper of its written
    // signature (whose body never runs), as `#[ciface]` blocks do, so that
    // its callers add no "cannot find function" errors.
    let generated = if errors.is_empty() {
        functions.iter().map(emit::emit).collect()
    } else {
        emit::placeholders(&block)
    };
    let errors = errors.finish();
    quote! {
        #errors
        #generated
    }
}
