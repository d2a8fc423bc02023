//! The type of the trait items no implementation may define.
//!
//! Some items of the traits users implement (`CParam::PARAM`,
//! `DpiType::INPUT_PARAM`, `CifaceResult::LEADING`, the two conversion
//! passes of `CParam`, ...) follow from the trait's other items: the
//! registry's description of a parameter is made of its C type and its
//! direction. An implementation that defined one differently would make the
//! registry, and so the generated header and package, describe the type
//! wrongly. Rust has no `final` items; instead each such item has a type
//! wrapped in [`Sealed`], which is public (generated code reads the value
//! through its field) but defined in this private module, so no path
//! outside abi-core names it. An implementation must spell the type of
//! every item it defines, so outside abi-core none can: `const PARAM:
//! ParamEntry = ...` is a type mismatch, and an overriding method cannot
//! write its return type. (`abi-core/tests/sealed_items/` shows both.)
//! Within abi-core, the Verilator flavour's traits and a few types
//! (`SvString` hands strings over) define theirs.

/// A value only abi-core's trait definitions and implementations can
/// give; read it through the field.
#[derive(Clone, Copy, Debug)]
pub struct Sealed<T>(pub T);
