//! How a DPI-C parameter is classified, shared by `#[dpi_import]` and
//! `#[dpi_export]`: a plain type is an `input`, `&mut T` an `output`, and
//! `#[inout] &mut T` an `inout`.

use syn::Type;

use crate::errors::Errors;
use crate::syntax::{self, Position};

pub(crate) use abi_model::Direction;

/// The `DpiType` constants describing a parameter of this direction in
/// the registry: its C side (`ParamEntry`) and its SystemVerilog side
/// (`DpiParamDecl`).
pub(crate) fn registry_items(direction: Direction) -> (&'static str, &'static str) {
    match direction {
        Direction::In => ("INPUT_PARAM", "SV_INPUT"),
        Direction::Out => ("OUTPUT_PARAM", "SV_OUTPUT"),
        Direction::InOut => ("INOUT_PARAM", "SV_INOUT"),
    }
}

/// Which side implements the function: Rust (`#[dpi_import]`) or
/// SystemVerilog (`#[dpi_export]`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Side {
    Import,
    Export,
}

/// `Some(lifetime)` when `ty` is `&CStr` (`Some(None)` without a written
/// lifetime).
fn string_reference(ty: &Type) -> Option<Option<String>> {
    let Type::Reference(r) = ty else {
        return None;
    };
    if r.mutability.is_some() {
        return None;
    }
    let is_cstr = crate::syntax::last_segment(&r.elem).is_some_and(|s| s.ident == "CStr");
    is_cstr.then(|| r.lifetime.as_ref().map(|l| l.ident.to_string()))
}

/// The direction and value type (`T` of `&mut T`) of a parameter of type
/// `ty`, marked `#[inout]` when `inout` is given; `None` after recording an
/// error.
pub(crate) fn classify(
    ty: &Type,
    inout: Option<&syn::Attribute>,
    side: Side,
    errors: &mut Errors,
) -> Option<(Direction, Type)> {
    let (direction, value) = match (ty, inout) {
        (Type::Reference(r), marked) if r.mutability.is_some() => {
            let direction = if marked.is_some() {
                Direction::InOut
            } else {
                Direction::Out
            };
            (direction, (*r.elem).clone())
        }
        (_, Some(attr)) => {
            errors.spanned(attr, "`#[inout]` applies to `&mut T` parameters only");
            return None;
        }
        (ty, None) => (Direction::In, ty.clone()),
    };
    // `output string`: the callee hands over a `const char *` that must
    // outlive the call (Annex H), which a `&'static CStr` does. These
    // spelling checks only give a `&CStr` written as such a precise early
    // message; the rule itself is the type's `DpiType::CALL_BORROW`, which
    // the shims check for every type, so that arrays (of arrays) of
    // strings and aliases follow it too (`require_owned_inout`,
    // `require_owned_export_output`, `require_call_lifetime`).
    if let Some(lifetime) = string_reference(&value)
        && direction != Direction::In
    {
        if side == Side::Export {
            errors.spanned(
                &value,
                "a string SystemVerilog hands back through an export's `output string` lives only as long as the simulator keeps it, which a `&CStr` cannot say: write `&mut abi_core::dpi::SvString`, an owned copy",
            );
            return None;
        }
        if direction == Direction::InOut {
            errors.spanned(
                &value,
                "an `inout string` cannot be a `&CStr`: the string SystemVerilog passes in lives only for the call; write `#[inout] name: &mut abi_core::dpi::SvString`, an owned string kept alive for the simulator",
            );
            return None;
        }
        if lifetime.as_deref() != Some("static") {
            errors.spanned(
                &value,
                "an `output string` must outlive the call (IEEE 1800 Annex H): write `&mut &'static CStr` (a `c\"...\"` literal or a `static`), or `&mut abi_core::dpi::SvString` for a string made at run time",
            );
            return None;
        }
        return Some((direction, value));
    }
    // DPI passes arrays by pointer, so an array input is fine; other inputs
    // follow the parameter rules (which allow `&CStr`).
    let position = if direction != Direction::In || matches!(value, Type::Array(_)) {
        Position::Field
    } else {
        Position::Parameter
    };
    if let Some((offender, message)) = syntax::rejected_type(&value, position) {
        errors.spanned(offender, message);
        return None;
    }
    Some((direction, value))
}

/// Whether `'static` is written anywhere in `ty`. The shims convert every
/// argument with `'static` lifetimes (they only select an implementation),
/// and rely on the function's own lifetimes to keep what the simulator
/// lends from outliving the call: a `'static` written there defeats that,
/// so the shim then checks the type borrows nothing.
pub(crate) fn mentions_static(ty: &Type) -> bool {
    fn scan(tokens: proc_macro2::TokenStream) -> bool {
        let mut after_quote = false;
        for token in tokens {
            match token {
                proc_macro2::TokenTree::Punct(p) => {
                    after_quote = p.as_char() == '\'';
                    continue;
                }
                proc_macro2::TokenTree::Ident(ident) if after_quote && ident == "static" => {
                    return true;
                }
                proc_macro2::TokenTree::Group(group) if scan(group.stream()) => return true,
                _ => {}
            }
            after_quote = false;
        }
        false
    }
    scan(quote::ToTokens::to_token_stream(ty))
}

/// `const _: () = abi_core::__private::<check>::<ty>();`: a compile-time
/// check of a parameter type (a `const fn` that panics with the message),
/// as a constant item, which `cargo check` evaluates too. The call is
/// spanned from the type's first token to its last, so the error points at
/// the whole type (`Spanned::span` gives only the first on stable).
pub(crate) fn type_check(ty: &Type, check: &str) -> proc_macro2::TokenStream {
    let tokens = quote::ToTokens::to_token_stream(ty);
    let mut iter = tokens.clone().into_iter();
    let first = iter
        .next()
        .map_or_else(proc_macro2::Span::call_site, |t| t.span());
    let last = iter.last().map_or(first, |t| t.span());
    let check = proc_macro2::Ident::new(check, last);
    let open = quote::quote_spanned!(first=> ::abi_core::__private::);
    quote::quote_spanned!(last=> const _: () = #open #check::<#tokens>();)
}
