//! Facts of MLIR both crates use.

/// The MLIR element types a memref of the C interface may have (the macros
/// parse `#[mlir("memref<...>")]` against this list; abi-core's
/// `MemRefElement` implementations name one each, checked by a test).
pub const ELEMENT_TYPES: &[&str] = &[
    "f16", "bf16", "f32", "f64", "i1", "i8", "i16", "i32", "i64", "si8", "si16", "si32", "si64",
    "ui8", "ui16", "ui32", "ui64", "index",
];

/// Whether `name` is one of [`ELEMENT_TYPES`].
pub fn is_element_type(name: &str) -> bool {
    ELEMENT_TYPES.contains(&name)
}
