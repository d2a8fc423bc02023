//! Packed structs as data (`#[derive(Packed)]`): their fields, offsets and
//! SystemVerilog types.

use super::sv::SvType;

/// The layout of a `#[derive(Packed)]` struct.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PackedStructDesc {
    /// The Rust type name.
    pub rust_name: &'static str,
    /// The SystemVerilog typedef name.
    pub sv_name: &'static str,
    /// The total number of bits.
    pub width: u32,
    /// Whether a field holds 4-state bits (`logic`): DPI-C then passes the
    /// struct as `svLogicVecVal` chunks, and it cannot be a result.
    pub four_state: bool,
    /// A `union packed` (a `#[derive(Packed)]` enum): every field is a
    /// member at bit 0, of the union's width.
    pub union: bool,
    /// The fields in declaration order (most significant first).
    pub fields: &'static [PackedFieldDesc],
}

/// One field of a packed struct.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PackedFieldDesc {
    /// The field name.
    pub name: &'static str,
    /// How SystemVerilog declares it.
    pub sv_type: SvType,
    /// The offset of its least significant bit.
    pub offset: u32,
    /// Its width in bits.
    pub width: u32,
}
