//! What `#[derive(Packed)]` needs to know about the struct.

use syn::{Data, DeriveInput, Fields, Ident, Type, Visibility};

use super::args::Args;
use crate::errors::Errors;

/// A struct with named fields, first-declared field most significant; or
/// an enum of one-field variants, a `union packed` (every member at bit 0).
pub(crate) struct PackedStruct {
    pub(crate) name: Ident,
    pub(crate) vis: Visibility,
    pub(crate) sv_name: String,
    pub(crate) fields: Vec<Field>,
    /// A `union packed`: the fields are the enum's variants.
    pub(crate) union: bool,
}

pub(crate) struct Field {
    /// The field's name; for a union member, the variant's name in snake
    /// case (the member's SystemVerilog name and its accessors').
    pub(crate) name: Ident,
    pub(crate) ty: Type,
    /// A union member's variant.
    pub(crate) variant: Option<Ident>,
}

const SHAPE_HINT: &str = "`#[derive(Packed)]` applies to a struct with named fields, for example `struct Float32 { sign: bool, exponent: UBitInt<8>, fraction: UBitInt<23> }`, or to an enum of one-field variants, a `union packed`: `enum Word { Raw(Bits<16>), Pair(BytePair) }`";

const UNION_HINT: &str = "a packed union is an enum whose variants each hold one packed member, for example `enum Word { Raw(Bits<16>), Pair(BytePair) }`";

/// `PairOfBytes` -> `pair_of_bytes`.
fn snake_case(name: &str) -> String {
    let mut out = String::new();
    let mut previous_lower = false;
    for c in name.chars() {
        if c.is_uppercase() {
            if previous_lower {
                out.push('_');
            }
            out.extend(c.to_lowercase());
            previous_lower = false;
        } else {
            out.push(c);
            previous_lower = c.is_lowercase() || c.is_ascii_digit();
        }
    }
    out
}

/// The members of a packed union, or `None` after recording why the enum
/// is not one.
fn union_members(data: &syn::DataEnum, errors: &mut Errors) -> Option<Vec<Field>> {
    if data.variants.is_empty() {
        errors.spanned(
            data.enum_token,
            format!("a packed union needs at least one member; {UNION_HINT}"),
        );
        return None;
    }
    if data
        .variants
        .iter()
        .all(|v| matches!(v.fields, Fields::Unit))
    {
        errors.spanned(
            data.enum_token,
            format!("{SHAPE_HINT}; an enum of labels is a `typedef enum`: `#[derive(DpiEnum)]`"),
        );
        return None;
    }
    let mut members = Vec::new();
    let mut ok = true;
    for variant in &data.variants {
        if let Some((eq, discriminant)) = &variant.discriminant {
            errors.spanned(
                quote::quote!(#eq #discriminant),
                format!("a packed union member has no discriminant: its value is the member's bits; {UNION_HINT}"),
            );
            ok = false;
        }
        match &variant.fields {
            Fields::Unnamed(fields) if fields.unnamed.len() == 1 => {
                let name = snake_case(&crate::syntax::unraw(&variant.ident));
                members.push(Field {
                    name: syn::parse_str::<Ident>(&name).map_or_else(
                        |_| Ident::new_raw(&name, variant.ident.span()),
                        |plain| Ident::new(&plain.to_string(), variant.ident.span()),
                    ),
                    ty: fields.unnamed[0].ty.clone(),
                    variant: Some(variant.ident.clone()),
                });
            }
            _ => {
                errors.spanned(variant, UNION_HINT);
                ok = false;
            }
        }
    }
    ok.then_some(members)
}

/// The model, or `None` after recording why the item cannot be packed.
pub(crate) fn build(input: &DeriveInput, errors: &mut Errors) -> Option<PackedStruct> {
    let args = Args::parse(&input.attrs, errors);
    if !input.generics.params.is_empty() || input.generics.where_clause.is_some() {
        errors.spanned(
            &input.generics,
            "a packed struct cannot be generic: its width and field offsets are fixed when it is defined; define one struct per concrete layout",
        );
    }
    let (fields, union) = members(input, errors)?;
    Some(PackedStruct {
        name: input.ident.clone(),
        vis: input.vis.clone(),
        sv_name: args
            .sv_name
            .map_or_else(|| input.ident.to_string(), |s| s.value()),
        fields,
        union,
    })
}

/// The fields of a struct, or the members of a union (an enum of
/// one-member variants, `true`), or `None` after recording why the shape
/// cannot be packed.
fn members(input: &DeriveInput, errors: &mut Errors) -> Option<(Vec<Field>, bool)> {
    let data = match &input.data {
        Data::Struct(data) => data,
        Data::Enum(e) => return Some((union_members(e, errors)?, true)),
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
            variant: None,
        })
        .collect();
    Some((fields, false))
}
