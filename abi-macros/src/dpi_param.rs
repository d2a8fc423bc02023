//! How a DPI-C parameter is classified, shared by `#[dpi_import]` and
//! `#[dpi_export]`: a plain type is an `input`, `&mut T` an `output`, and
//! `#[inout] &mut T` an `inout`.

use proc_macro2::TokenStream;
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

/// The SystemVerilog declaration of an import or export, as the block the
/// registry entry borrows (`Entry::description`): `checks` (statements),
/// the parameters' declarations `params` (from [`param_check`]) and the
/// result's `result` bound one `let` each, then the `DpiDecl` that `decl`
/// builds from the expression of their slice and the result's binding (the
/// block and the slice are extended to the static's lifetime). The checks
/// come first: an output of a type with no DPI-C mapping fails its value
/// check (`RequireDpiValue`, which implies `DpiType`), and rustc then
/// reports no second error at that type in this body. Every declaration
/// that can fail its check is a `let`'s initializer, not part of the
/// extended value: there, a failure would also get a note "erroneous
/// constant encountered" at the attribute. (In the entry rather than a
/// `static __ABI_DPI` of its own: one body fewer per function for rustc
/// to check, evaluate and emit; with the result's `let`, 0.07 M
/// instructions per import.)
pub(crate) fn dpi_decl_expression(
    checks: &[TokenStream],
    params: &[TokenStream],
    result: &TokenStream,
    decl: impl FnOnce(TokenStream, TokenStream) -> TokenStream,
) -> TokenStream {
    let p = crate::tokens::private();
    let names: Vec<proc_macro2::Ident> = (0..params.len())
        .map(|i| quote::format_ident!("__abi_param{}", i))
        .collect();
    let decl = decl(quote::quote!(&[#(#names),*]), quote::quote!(__abi_result));
    quote::quote! {
        {
            #(#checks)*
            #(let #names: &'static #p::DpiParamDecl = #params;)*
            let __abi_result: #p::SvType = #result;
            #decl
        }
    }
}

/// A parameter's declaration `decl` (its type's `SV_INPUT` and the like),
/// after the compile-time check of its rules (`check`, the flavour's:
/// `Traits::param_check`, which returns the declaration), reported at its
/// type (the checks are `#[track_caller]`). The declaration names the
/// type's trait once: a type with no DPI-C mapping stays one error. (A
/// constant array of the declarations that the checks indexed cost a
/// tenth of a crate of imports' build, in constant evaluation.)
pub(crate) fn param_check(
    q: &crate::tokens::Qualified,
    check: &str,
    decl: TokenStream,
) -> TokenStream {
    q.checked(check, decl)
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
    let rejected = rejected_dpi_type(&value, Some(direction), side)
        .or_else(|| syntax::rejected_type(&value, position));
    if let Some((offender, message)) = rejected {
        errors.spanned(offender, message);
        return None;
    }
    Some((direction, value))
}

/// The DPI-C wording of a type that cannot cross (a hint only: which types
/// cross is `DpiType`'s decision, reported by rustc at the type): what
/// SystemVerilog passes instead of a slice, a `str`, a `String` or a
/// reference input. `value` is the type of the parameter's value (`T` of
/// an output's `&mut T`), `direction` `None` for the result. The C wording (`&str`, `&[T]`) would name types a DPI function
/// refuses too.
pub(crate) fn rejected_dpi_type(
    value: &Type,
    direction: Option<Direction>,
    side: Side,
) -> Option<(&Type, String)> {
    let text = |t: &Type| crate::tokens::rust_type_string(t);
    let last = |t: &Type| syntax::last_segment(t).map(|s| s.ident.to_string());
    let export = side == Side::Export;
    // `&[T]` as an input, `[T]` as the value of an output's `&mut [T]`.
    let (slice, writes) = match value {
        Type::Reference(r) => match &*r.elem {
            Type::Slice(slice) => (Some(slice), r.mutability.is_some()),
            _ => (None, false),
        },
        Type::Slice(slice) => (Some(slice), true),
        _ => (None, false),
    };
    if let Some(slice) = slice {
        let e = text(&slice.elem);
        let message = if export {
            format!(
                "SystemVerilog exports cannot take open arrays (IEEE 1800-2017 35.5.6.1): declare a fixed-size array `[{e}; K]`"
            )
        } else if writes {
            format!(
                "an open array the function writes is `OpenArrayMut<'_, {e}>` (`inout`) or `OpenArrayOut<'_, {e}>` (`output`), written without `&mut`: a slice cannot say how the simulator lays the array out"
            )
        } else {
            format!(
                "a DPI open array (`input <type> name[]`) is `OpenArray<'_, {e}>`: the simulator passes a handle, not a slice"
            )
        };
        return Some((value, message));
    }
    // An open array where a value is needed: SystemVerilog passes it by
    // handle, in a plain parameter of an import only.
    if let Some(view @ ("OpenArray" | "OpenArrayMut" | "OpenArrayOut")) = last(value).as_deref() {
        let message = if export {
            format!(
                "`{view}` is passed by handle, not as a value, and SystemVerilog exports cannot take open arrays (IEEE 1800-2017 35.5.6.1): declare the export with a fixed-size array `[T; K]`"
            )
        } else {
            match direction {
                Some(Direction::In) => return None,
                None => format!(
                    "`{view}` is passed by handle, not as a value, so it cannot be a result: return the elements through an output open array, a parameter `out: OpenArrayOut<'_, T>`"
                ),
                Some(_) => format!(
                    "`{view}` is passed by handle, not as a value: write the parameter without `&mut`, as `name: OpenArrayOut<'_, T>` (`output`) or `name: OpenArrayMut<'_, T>` (`inout`)"
                ),
            }
        };
        return Some((value, message));
    }
    if last(value).as_deref() == Some("str") && !matches!(value, Type::Reference(_)) {
        return Some((
            value,
            "a `string` the function hands back is `&mut abi_core::dpi::SvString` (owned, kept alive for the simulator)".to_owned(),
        ));
    }
    if let Type::Reference(r) = value {
        let elem = &*r.elem;
        if last(elem).as_deref() == Some("str") {
            return Some((
                value,
                "a SystemVerilog `string` is a NUL-terminated `const char *`: take `&CStr` (valid for the call; `SvString::from` copies it)".to_owned(),
            ));
        }
        // A reference to a Rust scalar (a user's type might implement
        // `DpiType` for a reference to it: left to the trait).
        let scalar = matches!(
            last(elem).as_deref(),
            Some(
                "i8" | "i16"
                    | "i32"
                    | "i64"
                    | "u8"
                    | "u16"
                    | "u32"
                    | "u64"
                    | "f32"
                    | "f64"
                    | "bool"
            )
        );
        if direction == Some(Direction::In) && r.mutability.is_none() && scalar {
            let e = text(elem);
            return Some((
                value,
                format!(
                    "DPI-C passes inputs by value: take `{e}`; `&mut {e}` is an `output` and `#[inout] &mut {e}` an `inout`"
                ),
            ));
        }
        return None;
    }
    let message = match (last(value).as_deref(), direction) {
        (Some("String" | "CString"), None) => {
            "a `string` result is `&'static CStr` (a literal or a `static`) or `abi_core::dpi::SvString` (made at run time)"
        }
        (Some("String" | "CString"), Some(Direction::In)) => {
            "a `string` input is `&CStr` (valid for the call; `SvString::from` copies it)"
        }
        (Some("String" | "CString"), Some(_)) => {
            "a `string` the function hands back is `&mut abi_core::dpi::SvString` (owned, kept alive for the simulator)"
        }
        (Some("Vec"), _) if export => {
            "SystemVerilog exports cannot take open arrays: declare a fixed-size array `[T; K]`"
        }
        (Some("Vec"), _) => {
            "an open array is `OpenArray<'_, T>` (`input`), `OpenArrayMut<'_, T>` (`inout`) or `OpenArrayOut<'_, T>` (`output`), written without `&mut`"
        }
        _ => return None,
    };
    Some((value, message.to_owned()))
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
