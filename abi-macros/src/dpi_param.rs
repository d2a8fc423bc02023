//! How a DPI-C parameter is classified, shared by `#[dpi_import]` and
//! `#[dpi_export]`: a plain type is an `input`, `&mut T` an `output`, and
//! `#[inout] &mut T` an `inout`.

use syn::Type;

use crate::errors::Errors;
use crate::syntax::{self, Position};

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Direction {
    Input,
    Output,
    Inout,
}

impl Direction {
    /// The `DpiType` constants describing a parameter of this direction in
    /// the registry: its C side (`ParamType`) and its SystemVerilog side
    /// (`DpiParamDesc`).
    pub(crate) fn registry_items(self) -> (&'static str, &'static str) {
        match self {
            Direction::Input => ("INPUT_PARAM", "SV_INPUT"),
            Direction::Output => ("OUTPUT_PARAM", "SV_OUTPUT"),
            Direction::Inout => ("INOUT_PARAM", "SV_INOUT"),
        }
    }
}

/// The direction and value type (`T` of `&mut T`) of a parameter of type
/// `ty`, marked `#[inout]` when `inout` is given; `None` after recording an
/// error.
pub(crate) fn classify(
    ty: &Type,
    inout: Option<&syn::Attribute>,
    errors: &mut Errors,
) -> Option<(Direction, Type)> {
    let (direction, value) = match (ty, inout) {
        (Type::Reference(r), marked) if r.mutability.is_some() => {
            let direction = if marked.is_some() {
                Direction::Inout
            } else {
                Direction::Output
            };
            (direction, (*r.elem).clone())
        }
        (_, Some(attr)) => {
            errors.spanned(attr, "`#[inout]` applies to `&mut T` parameters only");
            return None;
        }
        (ty, None) => (Direction::Input, ty.clone()),
    };
    // DPI passes arrays by pointer, so an array input is fine; other inputs
    // follow the parameter rules (which allow `&CStr`).
    let position = if direction != Direction::Input || matches!(value, Type::Array(_)) {
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
