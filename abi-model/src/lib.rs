//! The rules `abi-core` and its attribute macros (`abi-macros`) share.
//!
//! A proc-macro crate cannot export types to the crates that use it, and a
//! rule written once in each crate drifts (a parameter name chosen by one
//! and a derived name chosen by the other once produced a C header with two
//! parameters of the same name). So what both crates must agree on lives
//! here, in a crate with no dependencies that both depend on:
//!
//! - [`names`]: how a Rust identifier is spelled in C, C++, SystemVerilog
//!   and MLIR, the keyword lists, derived names made unique, symbol
//!   prefixes;
//! - [`AbiKind`]: which foreign ABI an annotated item has;
//! - [`Direction`]: whether a parameter is read, written or both;
//! - `entry` (hidden, for abi-macros and abi-core only): the text of a
//!   registry entry, written by the macros and read by the registry, with
//!   one encoder and one decoder;
//! - the descriptions, as data: [`function`] (`FunctionDesc`, `enum Abi`,
//!   the `FunctionEntry` the macros place in the registry), [`c`]
//!   (`CTypeDesc`), [`sv`] (`SvType`, `DpiDecl`), [`mlir`]
//!   (`MemRefType`), [`packed`] (`PackedStructDesc`) and [`record`]
//!   (`TypeRecord`, the reflection records). abi-core's trait
//!   implementations build them in `const` context; its emitters render
//!   them.
//!
//! Users need not depend on this crate: `abi-core` re-exports it as
//! `abi_core::model`.

#![warn(missing_docs)]
#![warn(clippy::allow_attributes_without_reason)]

/// `unsafe impl Sync` for a description type the macros declare a `static`
/// of once per annotated item, after checking that every field is `Sync`
/// (the field list must name them all, or the pattern does not compile).
///
/// Compile time is why: rustc proves an auto trait for a `static`'s type
/// structurally, through every field and nested type, again for each
/// `static`; an explicit implementation is one lookup. Each `static`
/// `FunctionEntry` of a `#[c_export]` cost 0.3 M instructions before.
macro_rules! sync_by_fields {
    ($ty:ident { $($field:ident),* $(,)? }) => {
        // SAFETY: every field is `Sync` (the check below), which is all
        // the auto trait would prove.
        unsafe impl Sync for $ty {}
        const _: () = {
            fn require_sync<T: Sync + ?Sized>(_: &T) {}
            #[allow(dead_code, reason = "a compile-time check, never called")]
            fn every_field_is_sync(value: &$ty) {
                let $ty { $($field),* } = value;
                $(require_sync($field);)*
            }
        };
    };
}

pub mod c;
// The text of a registry entry: what the macros write and the registry
// reads, for abi-macros and abi-core only (not a public API).
#[doc(hidden)]
pub mod entry;
pub mod function;
pub mod mlir;
pub mod names;
pub mod packed;
pub mod record;
// The types each attribute accepts, as the compiler notes and the book
// list them (checked against both by a test; not a public API).
#[doc(hidden)]
pub mod supported;
pub mod sv;

/// Which foreign ABI an item is exported for: one per attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AbiKind {
    /// `#[c_export]`: a plain C function.
    C,
    /// `#[dpi_import]`: a function SystemVerilog imports with
    /// `import "DPI-C"`.
    DpiImport,
    /// `#[dpi_export]`: a SystemVerilog function exported with
    /// `export "DPI-C"`, called from Rust.
    DpiExport,
    /// `#[ciface]`: a `_mlir_ciface_<name>` function of MLIR's C
    /// interface, implemented in Rust or in an MLIR module.
    Ciface,
}

impl AbiKind {
    /// The variant's name, as Rust code names it (`DpiImport`).
    pub const fn variant_name(self) -> &'static str {
        match self {
            AbiKind::C => "C",
            AbiKind::DpiImport => "DpiImport",
            AbiKind::DpiExport => "DpiExport",
            AbiKind::Ciface => "Ciface",
        }
    }

    /// The variant's name in snake case (`dpi_import`), as the reflection
    /// JSON names the kind: derived from [`AbiKind::variant_name`], the one
    /// spelling of the kinds.
    pub fn snake_name(self) -> String {
        let mut out = String::new();
        for (i, c) in self.variant_name().char_indices() {
            if c.is_ascii_uppercase() && i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        }
        out
    }
}

/// How a parameter is used: the one direction of every ABI (a C
/// out-pointer, a DPI-C `output`, a `MemRefMut` written by MLIR).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Read by the callee (DPI-C `input`).
    In,
    /// Written by the callee (DPI-C `output`).
    Out,
    /// Read and written by the callee (DPI-C `inout`).
    InOut,
}

impl Direction {
    /// The SystemVerilog keyword (`input`, `output`, `inout`).
    pub const fn sv_keyword(self) -> &'static str {
        match self {
            Direction::In => "input",
            Direction::Out => "output",
            Direction::InOut => "inout",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::AbiKind;

    #[test]
    fn snake_names_are_the_attribute_names() {
        let kinds = [
            AbiKind::C,
            AbiKind::DpiImport,
            AbiKind::DpiExport,
            AbiKind::Ciface,
        ];
        let names = kinds.map(AbiKind::snake_name);
        assert_eq!(names, ["c", "dpi_import", "dpi_export", "ciface"]);
    }
}
