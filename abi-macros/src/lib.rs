//! Attribute macros of `abi-core`. Depend on `abi-core`, which re-exports
//! them; the generated code refers to `::abi_core::__private`.
//!
//! Each attribute is thin: parse the attribute arguments and the item, hand
//! them to a `proc_macro2` expansion function (unit-tested in this crate),
//! and return what it produced. All ABI knowledge lives in `abi-core`'s
//! traits, which rustc checks against the user's types.

mod attribute_args;
mod c_export;
mod ciface;
mod dpi_enum;
mod dpi_export;
mod dpi_flavour;
mod dpi_import;
mod dpi_param;
mod driver;
mod errors;
mod packed;
mod syntax;
mod tokens;

#[cfg(test)]
mod expansion_tests;

use proc_macro::TokenStream;

/// Export a function to C, or register a `#[repr(C)]` struct for the C
/// header. Arguments: `name = "symbol"`, `named_args` (reflection names the
/// arguments). See the `abi-core` documentation for the supported types and
/// the `Result` status convention.
#[proc_macro_attribute]
pub fn c_export(attr: TokenStream, item: TokenStream) -> TokenStream {
    c_export::expand(attr.into(), item.into()).into()
}

/// Export a Rust function for SystemVerilog to import with
/// `import "DPI-C"`. Arguments: `context`, `pure`, `task`,
/// `name = "sv_name"`, `named_args`. Plain parameters are inputs, `&mut T` outputs,
/// `#[inout] &mut T` inouts. See `abi_core::dpi` for the type mapping.
#[proc_macro_attribute]
pub fn dpi_import(attr: TokenStream, item: TokenStream) -> TokenStream {
    dpi_import::expand(attr.into(), item.into()).into()
}

/// Declare SystemVerilog exports (`export "DPI-C"`) for Rust to call: on an
/// `unsafe extern "C" { fn name(...) -> R; }` block, generates a safe
/// `fn name(...) -> Result<R, abi_core::dpi::DpiError>` per declaration.
#[proc_macro_attribute]
pub fn dpi_export(attr: TokenStream, item: TokenStream) -> TokenStream {
    dpi_export::expand(attr.into(), item.into()).into()
}

/// Give a struct a packed bit layout (XLS packed tuple, SystemVerilog
/// `struct packed`): the first-declared field in the most significant bits.
/// Generates `Packed` and `PackedStruct` impls, views `<Name>Ref<'a>` and
/// `<Name>Mut<'a>`, and the DPI-C and C boundary impls. See
/// `abi_core::packed`.
#[proc_macro_derive(Packed, attributes(packed))]
pub fn derive_packed(item: TokenStream) -> TokenStream {
    packed::expand(item.into()).into()
}

/// A fieldless enum that crosses SystemVerilog DPI-C as a `typedef enum`:
/// `#[dpi_enum(sv_name = "state_t", base = Bits<2>, prefix = "ST_")]`
/// (all optional; the base defaults to `i32`, `typedef enum int`).
/// Implements `abi_core::dpi::DpiEnum`; values from the simulator are
/// checked against the variants.
#[proc_macro_derive(DpiEnum, attributes(dpi_enum))]
pub fn derive_dpi_enum(item: TokenStream) -> TokenStream {
    dpi_enum::expand(item.into()).into()
}

/// MLIR's C interface. On a Rust function: export `_mlir_ciface_<name>` for
/// MLIR to call (memrefs as descriptor pointers, memref and multi-value
/// results through a first out-pointer). On an `unsafe extern "C"` block of
/// declarations: a safe wrapper per MLIR function that checks the memrefs
/// against their declared types and converts the results. Arguments:
/// `name = "mlir_name"`, `expanded` (functions only: also export the
/// expanded convention). Parameters may carry `#[mlir("memref<...>")]`.
/// See `abi_core::memref`.
#[proc_macro_attribute]
pub fn ciface(attr: TokenStream, item: TokenStream) -> TokenStream {
    ciface::expand(attr.into(), item.into()).into()
}
