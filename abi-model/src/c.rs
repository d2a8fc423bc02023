//! C types as data: how the C header spells each parameter, result and
//! field.

use core::fmt;

/// The C spelling of a type, as data.
///
/// Descriptions are built in `const` context by the trait implementations and
/// stored in the registry; the header emitter turns them into declarations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CTypeDesc {
    /// `void`: only as a function result or behind a pointer.
    Void,
    /// A scalar: `int32_t`, `double`, `bool`, `size_t`, `char`, ...
    Scalar {
        /// Which one.
        kind: CScalar,
        /// Size in bytes on the compilation target.
        size: usize,
        /// Alignment in bytes on the compilation target.
        align: usize,
    },
    /// A pointer; `is_const` qualifies the pointee (`const T *`).
    Pointer {
        /// What the pointer points to.
        pointee: &'static CTypeDesc,
        /// Whether the pointee is `const`.
        is_const: bool,
    },
    /// A fixed-size array, only as a struct field or behind a pointer.
    Array {
        /// The element type.
        element: &'static CTypeDesc,
        /// The number of elements.
        len: usize,
    },
    /// C23 `_BitInt(N)` or `unsigned _BitInt(N)`.
    BitInt {
        /// N.
        bits: u32,
        /// Signed (`_BitInt`) or not (`unsigned _BitInt`).
        signed: bool,
        /// Size in bytes on the compilation target.
        size: usize,
        /// Alignment in bytes on the compilation target.
        align: usize,
    },
    /// A `#[repr(C)]` struct registered with `#[c_export]`, spelled by its
    /// typedef name.
    Struct {
        /// The typedef name (the Rust struct name).
        name: &'static str,
    },
    /// An MLIR ranked memref descriptor, defined by the header as
    /// `MemRef<rank>D_<element>`.
    MemRef {
        /// The element (its name in the typedef: `f32`, `complex_f32`,
        /// `vector_3xf32`).
        element: &'static crate::mlir::ElementKind,
        /// The element's C type.
        element_c: &'static CTypeDesc,
        /// The rank.
        rank: usize,
    },
    /// MLIR's unranked memref `{int64_t rank; void *descriptor;}`, defined
    /// by the header as `UnrankedMemRef`.
    UnrankedMemRef,
    /// A multi-value result of an MLIR C-interface function: one struct of
    /// the members in order, defined by the header as `Results_<members>`.
    Tuple {
        /// The members.
        fields: &'static [CTypeDesc],
    },
    /// MLIR's `complex<T>`: as a result, the header's struct
    /// `Complex_<T> {T re; T im;}`; as an argument, two scalar parameters
    /// (`x_re`, `x_im`), as LLVM passes MLIR's `{T, T}`.
    Complex {
        /// The C type of each part (`float`, `double`).
        part: &'static CTypeDesc,
        /// The MLIR name of the part (`f32`).
        name: &'static str,
    },
    /// MLIR's `vector<NxT>` / `vector<RxCxT>` as a memref element: the
    /// header's struct `Vector_NxT {_Alignas(A) T lanes[N];}` (2-D: `R`
    /// rows of that struct), with LLVM's size and alignment.
    Vector {
        /// The vector (its shape and lane).
        kind: &'static crate::mlir::ElementKind,
        /// The C type of a lane (`float`).
        lane: &'static CTypeDesc,
    },
}

impl CTypeDesc {
    /// A scalar description for `T`, with `T`'s size and alignment.
    pub const fn scalar<T>(kind: CScalar) -> Self {
        CTypeDesc::Scalar {
            kind,
            size: size_of::<T>(),
            align: align_of::<T>(),
        }
    }

    /// Spell a declaration of `name` with this type, as C's declarator syntax
    /// requires: `int32_t x`, `const double *p`, `uint8_t bytes[4]`,
    /// `int32_t (*grid)[4]`. An empty `name` spells an abstract declarator
    /// (a type name, as in a cast or `sizeof`).
    pub fn declare(&self, name: &str) -> String {
        self.declare_qualified(name.to_owned(), false)
    }

    /// `qualified` is whether the object being declared is `const` (because
    /// the pointer one level out points to `const`).
    fn declare_qualified(&self, declarator: String, qualified: bool) -> String {
        let leaf = |base: &str| {
            let qualifier = if qualified { "const " } else { "" };
            if declarator.is_empty() {
                format!("{qualifier}{base}")
            } else {
                format!("{qualifier}{base} {declarator}")
            }
        };
        match self {
            CTypeDesc::Void => leaf("void"),
            CTypeDesc::Scalar { kind, .. } => leaf(kind.spelling()),
            CTypeDesc::Struct { name } => leaf(name),
            CTypeDesc::MemRef { .. }
            | CTypeDesc::UnrankedMemRef
            | CTypeDesc::Tuple { .. }
            | CTypeDesc::Complex { .. }
            | CTypeDesc::Vector { .. } => leaf(&self.typedef_name().unwrap_or_default()),
            CTypeDesc::BitInt { bits, signed, .. } => leaf(&format!(
                "{}_BitInt({bits})",
                if *signed { "" } else { "unsigned " }
            )),
            CTypeDesc::Pointer { pointee, is_const } => {
                // A const *pointer object* is written after its `*`.
                let star = if qualified { "*const " } else { "*" };
                let inner = if declarator.is_empty() && !qualified {
                    star.to_owned()
                } else {
                    format!("{star}{declarator}")
                };
                // `*` binds looser than `[]`, so a pointer to an array needs
                // parentheses: `int32_t (*grid)[4]`.
                let inner = if matches!(pointee, CTypeDesc::Array { .. }) {
                    format!("({inner})")
                } else {
                    inner
                };
                pointee.declare_qualified(inner, *is_const)
            }
            // `const` on an array object qualifies its elements.
            CTypeDesc::Array { element, len } => {
                element.declare_qualified(format!("{declarator}[{len}]"), qualified)
            }
        }
    }

    /// The name of an aggregate the header defines itself (memref
    /// descriptors and multi-value results).
    pub fn typedef_name(&self) -> Option<String> {
        match self {
            CTypeDesc::MemRef { element, rank, .. } => {
                Some(format!("MemRef{rank}D_{}", element.c_tag()))
            }
            CTypeDesc::Vector { kind, .. } => Some(format!(
                "Vector_{}",
                kind.c_tag().trim_start_matches("vector_")
            )),
            CTypeDesc::UnrankedMemRef => Some("UnrankedMemRef".to_owned()),
            CTypeDesc::Complex { name, .. } => Some(format!("Complex_{name}")),
            CTypeDesc::Tuple { fields } => {
                let mut name = String::from("Results");
                for field in *fields {
                    name.push('_');
                    let part = field.typedef_name().unwrap_or_else(|| field.declare(""));
                    name.extend(
                        part.chars()
                            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }),
                    );
                }
                Some(name)
            }
            CTypeDesc::Void
            | CTypeDesc::Scalar { .. }
            | CTypeDesc::Pointer { .. }
            | CTypeDesc::Array { .. }
            | CTypeDesc::BitInt { .. }
            | CTypeDesc::Struct { .. } => None,
        }
    }

    /// The C definition of an aggregate the header defines itself.
    pub fn typedef_definition(&self) -> Option<String> {
        let name = self.typedef_name()?;
        let body = match self {
            CTypeDesc::MemRef {
                element_c, rank, ..
            } => {
                let pointer = CTypeDesc::Pointer {
                    pointee: element_c,
                    is_const: false,
                };
                let mut body = format!(
                    "    {};\n    {};\n    int64_t offset;\n",
                    pointer.declare("allocated"),
                    pointer.declare("aligned")
                );
                if *rank > 0 {
                    body.push_str(&format!(
                        "    int64_t sizes[{rank}];\n    int64_t strides[{rank}];\n"
                    ));
                }
                body
            }
            CTypeDesc::UnrankedMemRef => "    int64_t rank;\n    void *descriptor;\n".to_owned(),
            CTypeDesc::Complex { part, .. } => {
                format!("    {};\n    {};\n", part.declare("re"), part.declare("im"))
            }
            CTypeDesc::Vector { kind, lane } => {
                let (size, align) = kind.llvm_layout();
                let crate::mlir::ElementKind::Vector { shape, .. } = kind else {
                    unreachable!("a vector's kind is a vector")
                };
                let lanes = lane.declare(&format!("lanes[{}]", shape[shape.len() - 1]));
                match shape {
                    [_] => format!("    _Alignas({align}) {lanes};\n"),
                    _ => format!(
                        "    struct {{\n        _Alignas({align}) {lanes};\n    }} rows[{}];\n",
                        size / align
                    ),
                }
            }
            CTypeDesc::Tuple { fields } => fields
                .iter()
                .enumerate()
                .map(|(k, f)| format!("    {};\n", f.declare(&format!("r{k}"))))
                .collect(),
            CTypeDesc::Void
            | CTypeDesc::Scalar { .. }
            | CTypeDesc::Pointer { .. }
            | CTypeDesc::Array { .. }
            | CTypeDesc::BitInt { .. }
            | CTypeDesc::Struct { .. } => return None,
        };
        Some(format!("typedef struct {name} {{\n{body}}} {name};"))
    }

    /// Every aggregate the header defines itself named in this type,
    /// members before the aggregates that contain them.
    pub fn header_aggregates(&self, out: &mut Vec<CTypeDesc>) {
        match self {
            // A descriptor names its element's type (`Complex_f32 *`):
            // the element's definition comes first.
            CTypeDesc::MemRef { element_c, .. } => {
                element_c.header_aggregates(out);
                out.push(*self)
            }
            CTypeDesc::UnrankedMemRef | CTypeDesc::Complex { .. } | CTypeDesc::Vector { .. } => {
                out.push(*self)
            }
            CTypeDesc::Tuple { fields } => {
                for f in *fields {
                    f.header_aggregates(out);
                }
                out.push(*self);
            }
            CTypeDesc::Pointer { pointee, .. } => pointee.header_aggregates(out),
            CTypeDesc::Array { element, .. } => element.header_aggregates(out),
            CTypeDesc::Void
            | CTypeDesc::Scalar { .. }
            | CTypeDesc::BitInt { .. }
            | CTypeDesc::Struct { .. } => {}
        }
    }

    /// The struct this type needs *defined* before it can be used by value
    /// (a struct, or an array of them). Pointers only need a declaration.
    pub fn struct_by_value(&self) -> Option<&'static str> {
        match self {
            CTypeDesc::Struct { name } => Some(name),
            CTypeDesc::Array { element, .. } => element.struct_by_value(),
            CTypeDesc::Void
            | CTypeDesc::Scalar { .. }
            | CTypeDesc::Pointer { .. }
            | CTypeDesc::BitInt { .. }
            | CTypeDesc::MemRef { .. }
            | CTypeDesc::UnrankedMemRef
            | CTypeDesc::Tuple { .. }
            | CTypeDesc::Complex { .. }
            | CTypeDesc::Vector { .. } => None,
        }
    }

    /// Every `_BitInt` type named anywhere in this type.
    pub fn bitints_named(&self, out: &mut Vec<CTypeDesc>) {
        match self {
            CTypeDesc::BitInt { .. } => out.push(*self),
            CTypeDesc::Array { element, .. } => element.bitints_named(out),
            CTypeDesc::Pointer { pointee, .. } => pointee.bitints_named(out),
            CTypeDesc::Tuple { fields } => fields.iter().for_each(|f| f.bitints_named(out)),
            CTypeDesc::Void
            | CTypeDesc::Scalar { .. }
            | CTypeDesc::Struct { .. }
            | CTypeDesc::MemRef { .. }
            | CTypeDesc::UnrankedMemRef
            | CTypeDesc::Complex { .. }
            | CTypeDesc::Vector { .. } => {}
        }
    }

    /// Every struct named anywhere in this type, by value or behind pointers.
    pub fn structs_named(&self, out: &mut Vec<&'static str>) {
        match self {
            CTypeDesc::Struct { name } => out.push(name),
            CTypeDesc::Array { element, .. } => element.structs_named(out),
            CTypeDesc::Pointer { pointee, .. } => pointee.structs_named(out),
            CTypeDesc::Tuple { fields } => fields.iter().for_each(|f| f.structs_named(out)),
            CTypeDesc::Void
            | CTypeDesc::Scalar { .. }
            | CTypeDesc::BitInt { .. }
            | CTypeDesc::MemRef { .. }
            | CTypeDesc::UnrankedMemRef
            | CTypeDesc::Complex { .. }
            | CTypeDesc::Vector { .. } => {}
        }
    }
}

/// The C scalar types a description can name: a closed list, so that
/// every emitter that spells or classifies one (the C spelling here, the
/// reflection record, the header's typedefs) is an exhaustive `match` the
/// compiler completes when a kind is added.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CScalar {
    /// `int8_t`.
    Int8,
    /// `int16_t`.
    Int16,
    /// `int32_t`.
    Int32,
    /// `int64_t`.
    Int64,
    /// `uint8_t`.
    Uint8,
    /// `uint16_t`.
    Uint16,
    /// `uint32_t`.
    Uint32,
    /// `uint64_t`.
    Uint64,
    /// `ptrdiff_t`.
    Ptrdiff,
    /// `size_t`.
    Size,
    /// `float`.
    Float,
    /// `double`.
    Double,
    /// `bool` (C23, or `<stdbool.h>`).
    Bool,
    /// `char`: strings, and SystemVerilog's `byte` as svdpi.h spells it.
    Char,
    /// `unsigned char` (svdpi.h's `byte unsigned`).
    UnsignedChar,
    /// `short` (svdpi.h's `shortint`).
    Short,
    /// `unsigned short` (svdpi.h's `shortint unsigned`).
    UnsignedShort,
    /// `int` (svdpi.h's `int`, and an export task's disable flag).
    Int,
    /// `unsigned int` (svdpi.h's `int unsigned`).
    UnsignedInt,
    /// `long long` (svdpi.h's `longint`).
    LongLong,
    /// `unsigned long long` (svdpi.h's `longint unsigned`).
    UnsignedLongLong,
    /// svdpi.h's `svBit`: an `unsigned char` holding 0 or 1.
    SvBit,
    /// svdpi.h's `svLogic`: an `unsigned char` holding 0, 1, 2 (Z) or 3 (X).
    SvLogic,
    /// svdpi.h's `svBitVecVal`: 32 bits of a 2-state packed vector.
    SvBitVecVal,
    /// svdpi.h's `svLogicVecVal`: 32 bits of a 4-state packed vector.
    SvLogicVecVal,
    /// svdpi.h's open-array handle, spelled with the `const` its
    /// accessors and Annex H's declarations give it:
    /// `const svOpenArrayHandle`.
    SvOpenArrayHandle,
    /// The header's `abi_f16`: `_Float16` where the compiler has it.
    AbiF16,
    /// The header's `abi_bf16`: `__bf16` where the compiler has it.
    AbiBf16,
}

impl CScalar {
    /// The C spelling.
    pub const fn spelling(self) -> &'static str {
        match self {
            CScalar::Int8 => "int8_t",
            CScalar::Int16 => "int16_t",
            CScalar::Int32 => "int32_t",
            CScalar::Int64 => "int64_t",
            CScalar::Uint8 => "uint8_t",
            CScalar::Uint16 => "uint16_t",
            CScalar::Uint32 => "uint32_t",
            CScalar::Uint64 => "uint64_t",
            CScalar::Ptrdiff => "ptrdiff_t",
            CScalar::Size => "size_t",
            CScalar::Float => "float",
            CScalar::Double => "double",
            CScalar::Bool => "bool",
            CScalar::Char => "char",
            CScalar::UnsignedChar => "unsigned char",
            CScalar::Short => "short",
            CScalar::UnsignedShort => "unsigned short",
            CScalar::Int => "int",
            CScalar::UnsignedInt => "unsigned int",
            CScalar::LongLong => "long long",
            CScalar::UnsignedLongLong => "unsigned long long",
            CScalar::SvBit => "svBit",
            CScalar::SvLogic => "svLogic",
            CScalar::SvBitVecVal => "svBitVecVal",
            CScalar::SvLogicVecVal => "svLogicVecVal",
            CScalar::SvOpenArrayHandle => "const svOpenArrayHandle",
            CScalar::AbiF16 => "abi_f16",
            CScalar::AbiBf16 => "abi_bf16",
        }
    }
}

impl fmt::Display for CTypeDesc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.declare(""))
    }
}

/// The numbers of arguments abi-core has one generic shim body for
/// (`c_shim1` to `c_shim8`, and `c_slice_shim1` for one slice): a safe
/// `#[c_export]` function with that many arguments, each one C value (or
/// one argument that is a slice), and no status channel calls it instead of
/// having its steps written out (not public API).
#[doc(hidden)]
pub const GENERIC_SHIM_ARGUMENTS: core::ops::RangeInclusive<usize> = 1..=8;

/// The widths `BitInt<N>` and `UBitInt<N>` name directly (abi-core's
/// built-in storage table, `1..=256`); wider ones are written
/// `bitint!(N)`/`ubitint!(N)`. The attributes read a literal width in a
/// signature by it (not public API).
#[doc(hidden)]
pub const BITINT_NAMED_WIDTHS: core::ops::RangeInclusive<u32> = 1..=256;

/// The names of abi-core's `_BitInt` types, which the attributes recognise
/// with a literal width outside [`BITINT_NAMED_WIDTHS`] to report that
/// mistake once (not public API).
#[doc(hidden)]
pub const BITINT_TYPE_NAMES: [&str; 2] = ["BitInt", "UBitInt"];
