//! `#[ciface]`: MLIR's C interface, on a Rust function (MLIR calls Rust) or
//! on an `unsafe extern "C"` block of MLIR functions (Rust calls MLIR).

mod args;
mod emit;
mod mlir_type;
mod model;

use proc_macro2::TokenStream;
use quote::quote;

use crate::errors::Errors;

pub(crate) fn expand(attr: TokenStream, item: TokenStream) -> TokenStream {
    let mut errors = Errors::new();
    let args = args::Args::parse(attr, &mut errors);
    let item = match crate::syntax::parse_item_shallow(item.clone()) {
        Ok(item) => item,
        Err(e) => {
            errors.push(e);
            let errors = errors.finish();
            return quote! { #errors #item };
        }
    };
    match &item {
        syn::Item::Fn(f) => {
            // The user's function is emitted unchanged, minus the `#[mlir]`
            // parameter attributes the compiler would reject.
            let mut user = f.clone();
            for input in &mut user.sig.inputs {
                if let syn::FnArg::Typed(t) = input {
                    t.attrs.retain(|a| !a.path().is_ident("mlir"));
                }
            }
            let model = model::build_function(&args, f, &mut errors);
            let generated = match model {
                Some(model) if errors.is_empty() => emit::export(&model),
                _ => TokenStream::new(),
            };
            let errors = errors.finish();
            quote! { #errors #user #generated }
        }
        syn::Item::ForeignMod(block) => {
            let models = model::build_block(&args, block, &mut errors);
            // On error, each declaration still gets a wrapper of its
            // signature (whose body never runs), so that calls elsewhere
            // do not add "cannot find function" errors.
            let generated: TokenStream = if errors.is_empty() {
                models.iter().map(emit::import).collect()
            } else {
                models.iter().map(emit::placeholder).collect()
            };
            let errors = errors.finish();
            quote! { #errors #generated }
        }
        other => {
            errors.spanned(
                other,
                "`#[ciface]` applies to a function (MLIR calls Rust) or to an `unsafe extern \"C\" { ... }` block of MLIR functions (Rust calls MLIR)",
            );
            let errors = errors.finish();
            quote! { #errors #other }
        }
    }
}
