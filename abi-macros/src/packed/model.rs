//! What `#[derive(Packed)]` needs to know about the struct.

use syn::{Data, DeriveInput, Fields, Ident, Type, Visibility};

use super::args::Args;
use crate::errors::Errors;

/// A struct with named fields, first-declared field most significant.
pub(crate) struct PackedStruct {
    pub(crate) name: Ident,
    pub(crate) vis: Visibility,
    pub(crate) sv_name: String,
    pub(crate) fields: Vec<Field>,
}

pub(crate) struct Field {
    pub(crate) name: Ident,
    pub(crate) ty: Type,
}

const SHAPE_HINT: &str = "`#[derive(Packed)]` applies to a struct with named fields, for example `struct Float32 { sign: bool, exponent: UBitInt<8>, fraction: UBitInt<23> }`";

/// The model, or `None` after recording why the item cannot be packed.
pub(crate) fn build(input: &DeriveInput, errors: &mut Errors) -> Option<PackedStruct> {
    let args = Args::parse(&input.attrs, errors);
    if !input.generics.params.is_empty() || input.generics.where_clause.is_some() {
        errors.spanned(
            &input.generics,
            "a packed struct cannot be generic: its width and field offsets are fixed when it is defined; define one struct per concrete layout",
        );
    }
    let data = match &input.data {
        Data::Struct(data) => data,
        Data::Enum(e) => {
            errors.spanned(e.enum_token, SHAPE_HINT);
            return None;
        }
        Data::Union(u) => {
            errors.spanned(u.union_token, SHAPE_HINT);
            return None;
        }
    };
    let named = match &data.fields {
        Fields::Named(named) if !named.named.is_empty() => named,
        Fields::Named(named) => {
            errors.spanned(named, "a packed struct needs at least one field");
            return None;
        }
        Fields::Unnamed(unnamed) => {
            errors.spanned(
                unnamed,
                format!("{SHAPE_HINT}; name the fields so their accessors have names"),
            );
            return None;
        }
        Fields::Unit => {
            errors.spanned(&input.ident, "a packed struct needs at least one field");
            return None;
        }
    };
    let fields = named
        .named
        .iter()
        .map(|f| Field {
            name: f.ident.clone().expect("named field"),
            ty: f.ty.clone(),
        })
        .collect();
    Some(PackedStruct {
        name: input.ident.clone(),
        vis: input.vis.clone(),
        sv_name: args
            .sv_name
            .map_or_else(|| input.ident.to_string(), |s| s.value()),
        fields,
    })
}
