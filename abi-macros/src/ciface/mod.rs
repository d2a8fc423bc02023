//! `#[ciface]`: MLIR's C interface, on a Rust function (MLIR calls Rust) or
//! on an `unsafe extern "C"` block of MLIR functions (Rust calls MLIR).

mod args;
mod emit;
mod mlir_type;
mod model;

use proc_macro2::TokenStream;
use quote::ToTokens;

use crate::driver::{self, Expansion};

pub(crate) fn expand(attr: TokenStream, item: TokenStream) -> TokenStream {
    driver::expand(attr, item, args::Args::parse, |args, item, errors| {
        match item {
            syn::Item::Fn(f) => {
                // The user's function is emitted unchanged, minus the
                // `#[mlir]` parameter attributes the compiler would reject.
                let mut user = f.clone();
                for input in &mut user.sig.inputs {
                    if let syn::FnArg::Typed(t) = input {
                        t.attrs.retain(|a| !a.path().is_ident("mlir"));
                    }
                }
                let model = model::build_function(args, &f, errors);
                crate::syntax::inline_in_optimised_builds(&mut user);
                Expansion::new(user.into_token_stream(), move || {
                    model.as_ref().map(emit::export).unwrap_or_default()
                })
            }
            syn::Item::ForeignMod(block) => {
                let models = model::build_block(args, &block, errors);
                // On error, each declaration still gets a wrapper of its
                // signature (whose body never runs), so that calls
                // elsewhere do not add "cannot find function" errors.
                Expansion::or_placeholders(TokenStream::new(), move |no_errors| {
                    let emit = if no_errors {
                        emit::import
                    } else {
                        emit::placeholder
                    };
                    models.iter().map(emit).collect()
                })
            }
            other => {
                errors.spanned(
                    &other,
                    "`#[ciface]` applies to a function (MLIR calls Rust) or to an `unsafe extern \"C\" { ... }` block of MLIR functions (Rust calls MLIR)",
                );
                Expansion::kept(other.into_token_stream())
            }
        }
    })
}
