//! What `#[derive(DpiEnum)]` needs to know about the enum.

use syn::{Data, DeriveInput, Fields, Ident, Type};

use super::args::Args;
use crate::errors::Errors;

/// A fieldless enum and its SystemVerilog typedef.
pub(crate) struct DpiEnum {
    pub(crate) name: Ident,
    pub(crate) sv_name: String,
    pub(crate) base: Type,
    pub(crate) prefix: String,
    pub(crate) variants: Vec<Ident>,
}

const SHAPE_HINT: &str = "`#[derive(DpiEnum)]` applies to an enum whose variants have no fields, for example `enum State { Idle = 0, Busy = 1, Done = 3 }`";

/// The model, or `None` after recording why the item cannot be one.
pub(crate) fn build(input: &DeriveInput, errors: &mut Errors) -> Option<DpiEnum> {
    let args = Args::parse(&input.attrs, errors);
    if !input.generics.params.is_empty() || input.generics.where_clause.is_some() {
        errors.spanned(
            &input.generics,
            "a DPI-C enum cannot be generic: its typedef is declared once in the SystemVerilog package",
        );
    }
    let data = match &input.data {
        Data::Enum(data) => data,
        Data::Struct(s) => {
            errors.spanned(s.struct_token, SHAPE_HINT);
            return None;
        }
        Data::Union(u) => {
            errors.spanned(u.union_token, SHAPE_HINT);
            return None;
        }
    };
    if data.variants.is_empty() {
        errors.spanned(
            &input.ident,
            "a DPI-C enum needs at least one variant (SystemVerilog has no empty enum)",
        );
    }
    for variant in &data.variants {
        if !matches!(variant.fields, Fields::Unit) {
            errors.spanned(
                &variant.fields,
                format!("{SHAPE_HINT}; a value with fields can cross DPI-C as a `#[derive(Packed)]` struct"),
            );
        }
    }
    Some(DpiEnum {
        name: input.ident.clone(),
        sv_name: args
            .sv_name
            .map_or_else(|| crate::syntax::unraw(&input.ident), |s| s.value()),
        base: args.base.unwrap_or_else(|| syn::parse_quote!(i32)),
        prefix: args.prefix.map_or_else(String::new, |s| s.value()),
        variants: data.variants.iter().map(|v| v.ident.clone()).collect(),
    })
}
