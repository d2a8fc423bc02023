//! `#[dpi_enum(...)]` arguments on the enum: `sv_name = "state_t"`,
//! `base = Bits<2>` (a Rust type; `i32`, SystemVerilog's `int`, by
//! default) and `prefix = "ST_"` (prepended to every label).

use syn::parse::{ParseStream, Parser};
use syn::{Ident, LitStr, Token, Type};

use crate::errors::Errors;

/// The parsed arguments.
#[derive(Default)]
pub(crate) struct Args {
    /// `sv_name = "..."`: the typedef name.
    pub(crate) sv_name: Option<LitStr>,
    /// `base = Type`: the base type values travel as.
    pub(crate) base: Option<Type>,
    /// `prefix = "..."`: prepended to the labels.
    pub(crate) prefix: Option<LitStr>,
}

const KNOWN: &str = "`sv_name = \"state_t\"`, `base = Bits<2>` (default `i32`: `typedef enum int`) and `prefix = \"ST_\"`";

impl Args {
    /// Parse every `#[dpi_enum(...)]` attribute, recording unknown keys,
    /// repetitions and malformed values.
    pub(crate) fn parse(attrs: &[syn::Attribute], errors: &mut Errors) -> Args {
        let mut args = Args::default();
        for attr in attrs.iter().filter(|a| a.path().is_ident("dpi_enum")) {
            let syn::Meta::List(list) = &attr.meta else {
                errors.spanned(&attr.meta, format!("write `#[dpi_enum(...)]` with {KNOWN}"));
                continue;
            };
            let parser = |input: ParseStream<'_>| {
                while !input.is_empty() {
                    let key: Ident = input.parse()?;
                    input.parse::<Token![=]>()?;
                    if key == "base" {
                        let ty: Type = input.parse()?;
                        set(&mut args.base, ty, &key, errors);
                    } else if key == "sv_name" || key == "prefix" {
                        let value: LitStr = input.parse()?;
                        let slot = if key == "sv_name" {
                            &mut args.sv_name
                        } else {
                            &mut args.prefix
                        };
                        set(slot, value, &key, errors);
                    } else {
                        errors.spanned(
                            &key,
                            format!("unknown `#[dpi_enum]` argument; the arguments are {KNOWN}"),
                        );
                        // Skip the value to report later arguments too.
                        let _: syn::Expr = input.parse()?;
                    }
                    if input.is_empty() {
                        break;
                    }
                    input.parse::<Token![,]>()?;
                }
                Ok(())
            };
            if let Err(e) = parser.parse2(list.tokens.clone()) {
                errors.push(syn::Error::new(
                    e.span(),
                    format!("{e}; `#[dpi_enum]` takes {KNOWN}"),
                ));
            }
        }
        for (value, what) in [
            (&args.sv_name, "typedef name"),
            (&args.prefix, "label prefix"),
        ] {
            if let Some(value) = value
                .as_ref()
                .filter(|v| !is_sv_identifier_part(&v.value()))
            {
                errors.spanned(
                    value,
                    format!("the SystemVerilog {what} must be made of letters, digits and `_`, not starting with a digit"),
                );
            }
        }
        args
    }
}

fn set<T>(slot: &mut Option<T>, value: T, key: &Ident, errors: &mut Errors) {
    if slot.is_some() {
        errors.spanned(key, format!("`{key}` is given more than once"));
    } else {
        *slot = Some(value);
    }
}

/// A label prefix: empty, or spelled so that prefix and label make one
/// identifier.
fn is_sv_identifier_part(name: &str) -> bool {
    name.is_empty() || abi_model::names::has_c_spelling(name)
}
