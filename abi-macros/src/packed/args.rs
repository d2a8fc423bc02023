//! `#[packed(...)]` arguments on the struct: `sv_name = "name_t"`.

use syn::LitStr;

use crate::attribute_args::{parse_list, string_argument};
use crate::errors::Errors;

/// The parsed arguments.
#[derive(Default)]
pub(crate) struct Args {
    /// `sv_name = "..."`: the SystemVerilog typedef name.
    pub(crate) sv_name: Option<LitStr>,
}

const KNOWN: &str = "`sv_name = \"typedef_name\"`";

impl Args {
    /// Parse every `#[packed(...)]` attribute of the struct, recording
    /// unknown keys, duplicates and malformed values.
    pub(crate) fn parse(attrs: &[syn::Attribute], errors: &mut Errors) -> Args {
        let mut args = Args::default();
        for attr in attrs.iter().filter(|a| a.path().is_ident("packed")) {
            let tokens = match &attr.meta {
                syn::Meta::List(list) => list.tokens.clone(),
                other => {
                    errors.spanned(
                        other,
                        format!("write `#[packed({})]`", "sv_name = \"name_t\""),
                    );
                    continue;
                }
            };
            for meta in parse_list(tokens, "packed", KNOWN, errors) {
                let key = meta.path();
                if key.is_ident("sv_name") {
                    string_argument(
                        &meta,
                        &mut args.sv_name,
                        "the SystemVerilog typedef name",
                        "sv_name = \"float32_t\"",
                        errors,
                    );
                } else {
                    errors.spanned(
                        key,
                        format!("unknown `#[packed]` argument; the only argument is {KNOWN}"),
                    );
                }
            }
        }
        if let Some(name) = args
            .sv_name
            .as_ref()
            .filter(|name| !abi_model::names::is_sv_simple_identifier(&name.value()))
        {
            errors.spanned(
                name,
                "the SystemVerilog typedef name must be an identifier: letters, digits and `_`, not starting with a digit",
            );
        }
        args
    }
}
