//! Type records: IREE's reflection grammar plus the records of our own for
//! what IREE cannot describe, in the same array style (the JSON form is
//! written by `reflect`).

use super::c::{CScalar, CTypeDesc};
use super::sv::{SvScalar, SvType};

/// One type record of an IREE-style ABI description.
///
/// IREE's own records: primitive strings (`"i1"`, `"i8"`..`"i64"`,
/// `"f16"`, `"bf16"`, `"f32"`, `"f64"`), `"unknown"`, `null`, `["named",
/// key, T]`, `["ndarray", T, rank, dims...]` (`null` for a dynamic
/// dimension or an unknown rank), `["slist", T...]`, `["stuple", T...]`,
/// `["sdict", [key, T]...]` and `["py_homogeneous_list", T]`. Ours are
/// listed in the [module documentation](super).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TypeRecord {
    /// A primitive: `i<N>`, `f<N>`, `bf16`.
    Primitive(String),
    /// `"unknown"`: a type with no record.
    Unknown,
    /// `null`: a null reference (IREE), or nothing (no result).
    Null,
    /// `["named", key, T]`.
    Named(String, Box<TypeRecord>),
    /// `["ndarray", T, rank, dims...]`.
    NdArray {
        /// The element record.
        element: Box<TypeRecord>,
        /// The rank; `None` when unranked.
        rank: Option<u32>,
        /// One per dimension; `None` when dynamic.
        dims: Vec<Option<u64>>,
    },
    /// `["slist", T...]`.
    SList(Vec<TypeRecord>),
    /// `["stuple", T...]`.
    STuple(Vec<TypeRecord>),
    /// `["sdict", [key, T]...]`: a struct, fields in declaration order.
    SDict(Vec<(String, TypeRecord)>),
    /// `["py_homogeneous_list", T]`.
    HomogeneousList(Box<TypeRecord>),
    /// `["bitint", N]` / `["ubitint", N]`: C23 `_BitInt(N)`.
    BitInt {
        /// N.
        bits: u32,
        /// `_BitInt` or `unsigned _BitInt`.
        signed: bool,
    },
    /// `["bits", N]` / `["sbits", N]`: a 2-state packed vector
    /// `bit [N-1:0]` (signed: `bit signed [N-1:0]`).
    Bits {
        /// N.
        width: u32,
        /// Signed.
        signed: bool,
    },
    /// `["logic", N]`: a 4-state vector `logic [N-1:0]`; N = 1 is the scalar
    /// `logic`.
    Logic(u32),
    /// `["packed", name, width, [field, T]...]`: a packed struct, the first
    /// field most significant.
    Packed {
        /// The type name.
        name: String,
        /// The total width in bits.
        width: u32,
        /// Fields in declaration order.
        fields: Vec<(String, TypeRecord)>,
    },
    /// `["packed_array", T, len]`: element 0 least significant.
    PackedArray(Box<TypeRecord>, u64),
    /// `["open_array", T]`: a SystemVerilog open array `T name[]`.
    OpenArray(Box<TypeRecord>),
    /// `["string", encoding]`: `"utf8"` (pointer and length) or `"cstr"`
    /// (NUL-terminated).
    Str(String),
    /// `["handle", kind]`: an opaque handle (`"chandle"`).
    Handle(String),
    /// `["ptr", T]` / `["ptr_mut", T]`: a raw pointer.
    Pointer {
        /// The pointee.
        pointee: Box<TypeRecord>,
        /// Whether the pointee may be written.
        mutable: bool,
    },
    /// `["optional", T]`: may be absent (a NULL pointer).
    Optional(Box<TypeRecord>),
    /// `["complex", T]`: MLIR's `complex<T>` (`T` is `"f32"` or `"f64"`).
    Complex(Box<TypeRecord>),
    /// `["vector", T, dims...]`: MLIR's `vector<NxT>` or `vector<RxCxT>`
    /// (a memref element; `T` a primitive).
    Vector {
        /// The lane type.
        lane: Box<TypeRecord>,
        /// The static shape.
        shape: Vec<u64>,
    },
    /// `["opaque"]`: `void` behind a pointer.
    Opaque,
    /// `["struct", name]`: a `#[c_export]` struct by name. Emitters replace
    /// it with its `sdict` from the registry, except inside the struct's own
    /// fields (a pointer to its own type), where the name stands for it.
    StructRef(String),
}

/// The primitive types IREE's runtime (3.13) reads as scalar arguments and
/// results: its argument packer refuses `f16` and `bf16` ("Unrecognized
/// reflection primitive type").
const IREE_SCALARS: [&str; 6] = ["i8", "i16", "i32", "i64", "f32", "f64"];
/// The element types of the ndarrays it reads: the scalars and `i1` (its
/// argument packer maps no numpy dtype to `f16` or `bf16`).
const IREE_ELEMENTS: [&str; 7] = ["i1", "i8", "i16", "i32", "i64", "f32", "f64"];

impl TypeRecord {
    /// Whether IREE's runtime reads this record: one of its scalar types
    /// (`i8`..`i64`, `f32`, `f64`), a ranked ndarray of those or of `i1`,
    /// or its containers (`slist`,
    /// `stuple`, `sdict`, `named`, `py_homogeneous_list`) of such records.
    pub fn iree_reads(&self) -> bool {
        match self {
            TypeRecord::Primitive(name) => IREE_SCALARS.contains(&name.as_str()),
            TypeRecord::NdArray {
                element,
                rank: Some(_),
                ..
            } => {
                matches!(&**element, TypeRecord::Primitive(name) if IREE_ELEMENTS.contains(&name.as_str()))
            }
            TypeRecord::SList(items) | TypeRecord::STuple(items) => {
                items.iter().all(TypeRecord::iree_reads)
            }
            TypeRecord::SDict(fields) => fields.iter().all(|(_, t)| t.iree_reads()),
            TypeRecord::Named(_, t) | TypeRecord::HomogeneousList(t) => t.iree_reads(),
            // Unranked arrays, and the records of our own IREE has none of.
            TypeRecord::NdArray { rank: None, .. }
            | TypeRecord::Unknown
            | TypeRecord::Null
            | TypeRecord::BitInt { .. }
            | TypeRecord::Bits { .. }
            | TypeRecord::Logic(_)
            | TypeRecord::Packed { .. }
            | TypeRecord::PackedArray(..)
            | TypeRecord::OpenArray(_)
            | TypeRecord::Str(_)
            | TypeRecord::Handle(_)
            | TypeRecord::Pointer { .. }
            | TypeRecord::Optional(_)
            | TypeRecord::Complex(_)
            | TypeRecord::Vector { .. }
            | TypeRecord::Opaque
            | TypeRecord::StructRef(_) => false,
        }
    }

    /// A primitive record.
    pub fn primitive(name: &str) -> TypeRecord {
        TypeRecord::Primitive(name.to_owned())
    }

    /// The record of a C type, from its spelling (what a `CType` has when
    /// it gives nothing better).
    pub fn of_c_type(desc: &CTypeDesc) -> TypeRecord {
        match desc {
            CTypeDesc::Void => TypeRecord::Opaque,
            CTypeDesc::Scalar { kind, .. } => scalar_record(*kind),
            CTypeDesc::Pointer { pointee, is_const } => TypeRecord::Pointer {
                pointee: Box::new(TypeRecord::of_c_type(pointee)),
                mutable: !is_const,
            },
            CTypeDesc::Array { element, len } => TypeRecord::NdArray {
                element: Box::new(TypeRecord::of_c_type(element)),
                rank: Some(1),
                dims: vec![Some(*len as u64)],
            },
            CTypeDesc::BitInt { bits, signed, .. } => TypeRecord::BitInt {
                bits: *bits,
                signed: *signed,
            },
            CTypeDesc::Struct { name } => TypeRecord::StructRef((*name).to_owned()),
            CTypeDesc::MemRef { element, rank, .. } => TypeRecord::NdArray {
                element: Box::new(element.record()),
                rank: Some(*rank as u32),
                dims: vec![None; *rank],
            },
            CTypeDesc::UnrankedMemRef => TypeRecord::NdArray {
                element: Box::new(TypeRecord::Unknown),
                rank: None,
                dims: Vec::new(),
            },
            CTypeDesc::Tuple { fields } => {
                TypeRecord::STuple(fields.iter().map(TypeRecord::of_c_type).collect())
            }
            CTypeDesc::Complex { name, .. } => {
                TypeRecord::Complex(Box::new(TypeRecord::primitive(name)))
            }
            CTypeDesc::Vector { kind, .. } => kind.record(),
        }
    }

    /// The record of a SystemVerilog DPI type.
    pub fn of_sv_type(sv: &SvType) -> TypeRecord {
        match sv {
            SvType::Void => TypeRecord::Null,
            SvType::Scalar(scalar) => match scalar {
                SvScalar::Byte | SvScalar::ByteUnsigned => TypeRecord::primitive("i8"),
                SvScalar::Shortint | SvScalar::ShortintUnsigned => TypeRecord::primitive("i16"),
                SvScalar::Int | SvScalar::IntUnsigned => TypeRecord::primitive("i32"),
                SvScalar::Longint | SvScalar::LongintUnsigned => TypeRecord::primitive("i64"),
                SvScalar::Real => TypeRecord::primitive("f64"),
                SvScalar::Shortreal => TypeRecord::primitive("f32"),
                SvScalar::Bit => TypeRecord::primitive("i1"),
                SvScalar::Logic => TypeRecord::Logic(1),
                // 4-state `logic signed [31:0]`.
                SvScalar::FourStateInt => TypeRecord::Logic(32),
                SvScalar::String => TypeRecord::Str("cstr".into()),
                SvScalar::CHandle => TypeRecord::Handle("chandle".into()),
            },
            SvType::PackedBits { width } => TypeRecord::Bits {
                width: *width,
                signed: false,
            },
            SvType::PackedSigned { width } => TypeRecord::Bits {
                width: *width,
                signed: true,
            },
            SvType::PackedLogic { width } | SvType::PackedSignedLogic { width } => {
                TypeRecord::Logic(*width)
            }
            SvType::PackedArray { element, len } => {
                TypeRecord::PackedArray(Box::new(TypeRecord::of_sv_type(element)), *len as u64)
            }
            // A union's members overlap: it travels as its bits.
            SvType::PackedStruct(desc) if desc.union => {
                TypeRecord::of_sv_type(&SvType::PackedBits { width: desc.width })
            }
            SvType::PackedStruct(desc) => TypeRecord::Packed {
                name: desc.rust_name.to_owned(),
                width: desc.width,
                fields: desc
                    .fields
                    .iter()
                    .map(|f| (f.name.to_owned(), TypeRecord::of_sv_type(&f.sv_type)))
                    .collect(),
            },
            // An enum travels as its base type.
            SvType::Enum(desc) => TypeRecord::of_sv_type(desc.base),
            // A typedef or `time`/`realtime` travels as the type it names.
            SvType::Alias(alias) => TypeRecord::of_sv_type(alias.base),
            SvType::Unpacked { element, len } => TypeRecord::NdArray {
                element: Box::new(TypeRecord::of_sv_type(element)),
                rank: Some(1),
                dims: vec![Some(*len as u64)],
            },
            // `T name[][]` is an open array of open arrays.
            SvType::OpenArray {
                element,
                dimensions,
            } => (0..*dimensions).fold(TypeRecord::of_sv_type(element), |inner, _| {
                TypeRecord::OpenArray(Box::new(inner))
            }),
        }
    }
}

/// The record of a C scalar.
fn scalar_record(kind: CScalar) -> TypeRecord {
    let primitive = match kind {
        CScalar::Int8 | CScalar::Uint8 | CScalar::Char | CScalar::UnsignedChar => "i8",
        CScalar::Int16 | CScalar::Uint16 | CScalar::Short | CScalar::UnsignedShort => "i16",
        CScalar::Int32
        | CScalar::Uint32
        | CScalar::Int
        | CScalar::UnsignedInt
        | CScalar::SvBitVecVal => "i32",
        CScalar::Int64 | CScalar::Uint64 | CScalar::LongLong | CScalar::UnsignedLongLong => "i64",
        CScalar::Size | CScalar::Ptrdiff => {
            return TypeRecord::Primitive(format!("i{}", usize::BITS));
        }
        CScalar::Bool | CScalar::SvBit => "i1",
        CScalar::Float => "f32",
        CScalar::Double => "f64",
        CScalar::SvLogic => return TypeRecord::Logic(1),
        // No record of their own: a 4-state word is part of a `logic`
        // vector, a handle is opaque, and the 16-bit floats are memref
        // elements (recorded from the memref's MLIR element name).
        CScalar::SvLogicVecVal
        | CScalar::SvOpenArrayHandle
        | CScalar::AbiF16
        | CScalar::AbiBf16 => return TypeRecord::Unknown,
    };
    TypeRecord::primitive(primitive)
}
