//! MLIR memref types as data (what a `#[mlir("memref<...>")]` attribute
//! declares), and the facts of MLIR both crates use.

use core::fmt;

/// The scalar element types a memref of the C interface may have, as the
/// macros accept them in `#[mlir("memref<...>")]` (`complex<T>` and
/// `vector<...>` elements are built on these, see [`ElementKind`]).
pub const ELEMENT_TYPES: &[&str] = &[
    "f16",
    "bf16",
    "f32",
    "f64",
    "i1",
    "i8",
    "i16",
    "i32",
    "i64",
    "si8",
    "si16",
    "si32",
    "si64",
    "ui8",
    "ui16",
    "ui32",
    "ui64",
    "index",
    "complex<f32>",
    "complex<f64>",
];

/// The lane types of the `vector<...>` memref elements the C interface
/// supports (signless integers and the two wide floats: the kinds whose
/// LLVM lowering was measured, see [`ElementKind::Vector`]).
pub const VECTOR_LANES: &[&str] = &["f32", "f64", "i8", "i16", "i32", "i64"];

/// The longest supported vector (lanes of a 1-D vector, or of each row of a
/// 2-D one): abi-core implements the Rust type for these lengths.
pub const MAX_VECTOR_LANES: usize = 64;

/// A floating-point memref element type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FloatKind {
    /// `f16`.
    F16,
    /// `bf16`.
    Bf16,
    /// `f32`.
    F32,
    /// `f64`.
    F64,
}

impl FloatKind {
    /// MLIR's name (`f32`).
    pub const fn mlir_name(self) -> &'static str {
        match self {
            FloatKind::F16 => "f16",
            FloatKind::Bf16 => "bf16",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
        }
    }

    /// Size in bytes.
    pub const fn size(self) -> usize {
        match self {
            FloatKind::F16 | FloatKind::Bf16 => 2,
            FloatKind::F32 => 4,
            FloatKind::F64 => 8,
        }
    }
}

/// What a Rust memref element type is in MLIR: a closed list, matched
/// exhaustively by every consumer (the element's MLIR spellings, its name
/// in the C header's descriptor typedefs, its reflection record, its LLVM
/// layout), so the compiler lists what a new kind must touch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ElementKind {
    /// `f16`, `bf16`, `f32`, `f64`.
    Float(FloatKind),
    /// `i1`, stored in one byte (Rust `bool`).
    Bool,
    /// `iN` (N = 8, 16, 32, 64), also `siN` or `uiN` as `signed` says, and
    /// `index` for N = 64 (Rust `iN`/`uN`: MLIR's signless integers read
    /// either way).
    Int {
        /// N.
        bits: u32,
        /// Whether the Rust type is signed.
        signed: bool,
    },
    /// `complex<f32>`, `complex<f64>`: `{T re, im}`.
    Complex(FloatKind),
    /// `vector<NxT>` (`shape` = `[N]`) or `vector<RxCxT>` (`[R, C]`), `T`
    /// one of [`VECTOR_LANES`]. LLVM lowers the 1-D vector to `<N x T>`,
    /// whose size and alignment on x86-64 are both the next power of two
    /// of `N * size_of::<T>()` bytes (`vector<3xf32>`: 16 and 16), and the
    /// 2-D one to `[R x <C x T>]`, R rows of that vector (measured against
    /// MLIR 19 and 22, in c-tests).
    Vector {
        /// The lane (a [`ElementKind::Float`] or [`ElementKind::Int`]).
        lane: &'static ElementKind,
        /// The static shape: one or two dimensions.
        shape: &'static [usize],
    },
}

impl ElementKind {
    /// MLIR's canonical spelling: `f32`, `i1`, `complex<f32>`,
    /// `vector<4x4xf32>`.
    pub fn mlir_name(&self) -> String {
        match self {
            ElementKind::Float(f) => f.mlir_name().to_owned(),
            ElementKind::Bool => "i1".to_owned(),
            ElementKind::Int { bits, .. } => format!("i{bits}"),
            ElementKind::Complex(f) => format!("complex<{}>", f.mlir_name()),
            ElementKind::Vector { lane, shape } => {
                let mut s = String::from("vector<");
                for d in *shape {
                    s.push_str(&format!("{d}x"));
                }
                s.push_str(&lane.mlir_name());
                s.push('>');
                s
            }
        }
    }

    /// Every MLIR spelling this element answers to (`i64`: `i64`, `si64`,
    /// `index`).
    pub fn mlir_names(&self) -> Vec<String> {
        match self {
            ElementKind::Int { bits, signed } => {
                let mut names = vec![format!("i{bits}")];
                names.push(format!("{}i{bits}", if *signed { "s" } else { "u" }));
                if *bits == 64 {
                    names.push("index".to_owned());
                }
                names
            }
            ElementKind::Float(_)
            | ElementKind::Bool
            | ElementKind::Complex(_)
            | ElementKind::Vector { .. } => vec![self.mlir_name()],
        }
    }

    /// The element's name in the C header's descriptor typedefs
    /// (`MemRef2D_f32`, `MemRef1D_complex_f32`, `MemRef1D_vector_3xf32`).
    pub fn c_tag(&self) -> String {
        match self {
            ElementKind::Float(_) | ElementKind::Bool | ElementKind::Int { .. } => self.mlir_name(),
            ElementKind::Complex(f) => format!("complex_{}", f.mlir_name()),
            ElementKind::Vector { .. } => self.mlir_name().replace('<', "_").replace('>', ""),
        }
    }

    /// The reflection record: `"f32"`, `["complex", "f32"]`,
    /// `["vector", "f32", 4, 4]`.
    pub fn record(&self) -> crate::record::TypeRecord {
        use crate::record::TypeRecord;
        match self {
            ElementKind::Float(_) | ElementKind::Bool | ElementKind::Int { .. } => {
                TypeRecord::Primitive(self.mlir_name())
            }
            ElementKind::Complex(f) => {
                TypeRecord::Complex(Box::new(TypeRecord::primitive(f.mlir_name())))
            }
            ElementKind::Vector { lane, shape } => TypeRecord::Vector {
                lane: Box::new(lane.record()),
                shape: shape.iter().map(|&d| d as u64).collect(),
            },
        }
    }

    /// Size and alignment in bytes of the element in memory, as LLVM lays
    /// it out on x86-64 (what the Rust type must have; checked at compile
    /// time by abi-core's implementations).
    pub const fn llvm_layout(&self) -> (usize, usize) {
        match self {
            ElementKind::Float(f) => (f.size(), f.size()),
            ElementKind::Bool => (1, 1),
            ElementKind::Int { bits, .. } => ((*bits / 8) as usize, (*bits / 8) as usize),
            ElementKind::Complex(f) => (2 * f.size(), f.size()),
            ElementKind::Vector { lane, shape } => {
                let (lane_size, _) = lane.llvm_layout();
                let (rows, lanes) = match shape {
                    [n] => (1, *n),
                    [r, c] => (*r, *c),
                    _ => panic!("a vector element has one or two dimensions"),
                };
                let row = (lanes * lane_size).next_power_of_two();
                (rows * row, row)
            }
        }
    }

    /// Whether `name` (whitespace removed) is a spelling of this element,
    /// in `const` context (the compile-time check of a parameter's
    /// `#[mlir("...")]` type against its Rust type).
    pub const fn answers_to(&self, name: &str) -> bool {
        match self {
            ElementKind::Float(f) => crate::names::const_str_eq(name, f.mlir_name()),
            ElementKind::Bool => crate::names::const_str_eq(name, "i1"),
            ElementKind::Int { bits, signed } => {
                if crate::names::const_str_eq(name, "index") {
                    return *bits == 64;
                }
                let b = name.as_bytes();
                let rest = match b {
                    [b'i', rest @ ..] => rest,
                    [b's', b'i', rest @ ..] if *signed => rest,
                    [b'u', b'i', rest @ ..] if !*signed => rest,
                    _ => return false,
                };
                matches!(parse_usize(rest), Some((n, [])) if n == *bits as usize)
            }
            ElementKind::Complex(f) => {
                let b = name.as_bytes();
                match b {
                    [
                        b'c',
                        b'o',
                        b'm',
                        b'p',
                        b'l',
                        b'e',
                        b'x',
                        b'<',
                        inner @ ..,
                        b'>',
                    ] => crate::names::const_bytes_eq(inner, f.mlir_name().as_bytes()),
                    _ => false,
                }
            }
            ElementKind::Vector { lane, shape } => {
                let b = name.as_bytes();
                let [b'v', b'e', b'c', b't', b'o', b'r', b'<', inner @ .., b'>'] = b else {
                    return false;
                };
                let mut rest: &[u8] = inner;
                let mut k = 0;
                while k < shape.len() {
                    match parse_usize(rest) {
                        Some((n, [b'x', tail @ ..])) if n == shape[k] => rest = tail,
                        _ => return false,
                    }
                    k += 1;
                }
                // The lane: the signless spelling only.
                match lane {
                    ElementKind::Float(f) => {
                        crate::names::const_bytes_eq(rest, f.mlir_name().as_bytes())
                    }
                    ElementKind::Int { bits, .. } => match rest {
                        [b'i', digits @ ..] => {
                            matches!(parse_usize(digits), Some((n, [])) if n == *bits as usize)
                        }
                        _ => false,
                    },
                    ElementKind::Bool | ElementKind::Complex(_) | ElementKind::Vector { .. } => {
                        false
                    }
                }
            }
        }
    }
}

/// A decimal number at the start of `s` (no sign, no leading `+`), and
/// what follows it.
const fn parse_usize(s: &[u8]) -> Option<(usize, &[u8])> {
    let mut n: usize = 0;
    let mut rest = s;
    let mut digits = 0;
    while let [d @ b'0'..=b'9', tail @ ..] = rest {
        n = match n.checked_mul(10) {
            Some(m) => match m.checked_add((*d - b'0') as usize) {
                Some(m) => m,
                None => return None,
            },
            None => return None,
        };
        rest = tail;
        digits += 1;
    }
    if digits == 0 { None } else { Some((n, rest)) }
}

/// Whether `name` (whitespace removed) is an element type of a memref the
/// macros accept: one of [`ELEMENT_TYPES`], or a supported `vector<...>`
/// (see [`check_element_type`]).
pub fn is_element_type(name: &str) -> bool {
    check_element_type(name).is_ok()
}

/// Check the element type of a `#[mlir("memref<...>")]` (whitespace
/// removed); the error says what is supported.
pub fn check_element_type(name: &str) -> Result<(), String> {
    if ELEMENT_TYPES.contains(&name) {
        return Ok(());
    }
    if let Some(inner) = name
        .strip_prefix("vector<")
        .and_then(|s| s.strip_suffix('>'))
    {
        return check_vector(inner).map_err(|why| {
            format!(
                "`{name}`: {why}; vector elements are `vector<NxT>` and `vector<RxCxT>` with T one of {} and 1..={MAX_VECTOR_LANES} lanes per row (Rust `abi_core::memref::Vector<T, N>` and `[Vector<T, C>; R]`)",
                VECTOR_LANES.join(", ")
            )
        });
    }
    Err(format!(
        "`{name}` is not a supported element type ({}, or `vector<NxT>` / `vector<RxCxT>` of {})",
        ELEMENT_TYPES.join(", "),
        VECTOR_LANES.join(", ")
    ))
}

fn check_vector(inner: &str) -> Result<(), String> {
    if inner.contains('[') {
        return Err("scalable vectors have no size known at compile time".into());
    }
    let parts: Vec<&str> = inner.split('x').collect();
    let (lane, dims) = parts.split_last().ok_or("no lane type")?;
    if !VECTOR_LANES.contains(lane) {
        return Err(format!("`{lane}` lanes are not supported"));
    }
    if dims.is_empty() || dims.len() > 2 {
        return Err(format!(
            "{} dimensions (one or two are supported)",
            dims.len()
        ));
    }
    for (k, d) in dims.iter().enumerate() {
        let n: usize = d
            .parse()
            .map_err(|_| format!("`{d}` is not a vector dimension"))?;
        if n == 0 {
            return Err("a dimension of 0".into());
        }
        if k + 1 == dims.len() && n > MAX_VECTOR_LANES {
            return Err(format!("{n} lanes"));
        }
    }
    Ok(())
}

/// The numbers of arguments abi-core has one generic `#[ciface]` shim
/// body for (`ciface_shim0` to `ciface_shim6`, and `ciface_unit_shim0` to
/// `ciface_unit_shim6` for a function without a result): a safe Rust
/// function with that many arguments calls it instead of having its steps
/// written out (not public API).
#[doc(hidden)]
pub const GENERIC_CIFACE_SHIM_ARGUMENTS: core::ops::RangeInclusive<usize> = 0..=6;

/// The most parameters a `#[ciface]` signature may have for its complex
/// arguments to be placed as MLIR places them on x86-64 whatever their
/// types: a complex argument goes wrong there only when it would start in
/// the last SSE argument register (xmm7), after exactly seven registers of
/// earlier arguments, and an argument takes at most two (abi-core's
/// `complex_argument_problem`, whose tests check this bound). The macros
/// leave the compile-time placement check out of x86-64 builds of such
/// signatures (it cost 0.5 M of rustc's instructions per function); other
/// targets keep it, where any complex argument is refused. Not public API.
#[doc(hidden)]
pub const COMPLEX_PLACEMENT_FREE_ON_X86_64: usize = 4;

/// The largest rank an unranked descriptor may claim (MLIR has no limit;
/// 64 is beyond any real tensor and bounds what is read of a descriptor
/// nobody validated).
pub const MAX_UNRANKED_RANK: usize = 64;

/// One dimension, stride or offset of an MLIR memref type: `?` or a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dim {
    /// `?`: known only at run time.
    Dynamic,
    /// A number fixed by the type.
    Static(i64),
}

impl fmt::Display for Dim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Dim::Dynamic => f.write_str("?"),
            Dim::Static(n) => write!(f, "{n}"),
        }
    }
}

/// The layout part of a memref type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MemRefLayout {
    /// No layout attribute (`memref<?x?xf32>`): row-major, offset 0. MLIR
    /// code compiled for this type *ignores* the descriptor's offset and
    /// assumes an inner stride of 1, so a descriptor that says otherwise is
    /// rejected rather than silently misread.
    Identity,
    /// `strided<[s0, s1, ...], offset: o>`: every field is read.
    Strided {
        /// One per dimension.
        strides: &'static [Dim],
        /// The offset (`?` when the type has no `offset:`, MLIR's
        /// default of 0 is spelled `Static(0)`).
        offset: Dim,
    },
}

/// The MLIR type of a memref parameter or result, as the function's
/// `#[mlir("memref<...>")]` attribute (or the default, every dimension
/// dynamic with an identity layout) declares it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MemRefType {
    /// The type as written in the attribute; `None` for the default.
    pub text: Option<&'static str>,
    /// The dimensions; `None` for the default (all dynamic) and for
    /// unranked memrefs.
    pub shape: Option<&'static [Dim]>,
    /// The layout.
    pub layout: MemRefLayout,
}

impl MemRefType {
    /// The default: `memref<?x...x?xT>`, identity layout.
    pub const DYNAMIC_IDENTITY: MemRefType = MemRefType {
        text: None,
        shape: None,
        layout: MemRefLayout::Identity,
    };

    /// Any shape, any strides and offset: `strided<[?, ...], offset: ?>`.
    /// What views built in Rust are checked against by default.
    pub const ANY_STRIDED: MemRefType = MemRefType {
        text: None,
        shape: None,
        layout: MemRefLayout::Strided {
            strides: &[],
            offset: Dim::Dynamic,
        },
    };

    /// The MLIR spelling for element `element` at `rank` (`None`:
    /// unranked).
    pub fn mlir_text(&self, element: &ElementKind, rank: Option<usize>) -> String {
        if let Some(text) = self.text {
            return text.to_owned();
        }
        let element = element.mlir_name();
        let Some(rank) = rank else {
            return format!("memref<*x{element}>");
        };
        let mut s = String::from("memref<");
        for _ in 0..rank {
            s.push_str("?x");
        }
        s.push_str(&element);
        if let MemRefLayout::Strided { strides, offset } = self.layout {
            let strides: Vec<String> = if strides.is_empty() {
                vec!["?".to_owned(); rank]
            } else {
                strides.iter().map(Dim::to_string).collect()
            };
            s.push_str(&format!(
                ", strided<[{}], offset: {offset}>",
                strides.join(", ")
            ));
        }
        s.push('>');
        s
    }

    /// The static size of dimension `k`, if the type fixes one.
    pub fn static_size(&self, k: usize) -> Option<i64> {
        match self.shape?.get(k)? {
            Dim::Static(n) => Some(*n),
            Dim::Dynamic => None,
        }
    }
}

/// Why a descriptor, a view or a memref result was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum MemRefError {
    /// The pointer to the descriptor itself is NULL.
    NullDescriptor,
    /// The rank differs from the declared one.
    RankMismatch {
        /// The declared rank.
        expected: usize,
        /// The rank found.
        found: i64,
    },
    /// A negative size.
    NegativeSize {
        /// The dimension.
        dim: usize,
        /// Its size.
        size: i64,
    },
    /// A non-empty memref with a NULL `aligned` pointer.
    NullData,
    /// The pointer to the descriptor itself is not aligned for it.
    MisalignedDescriptor {
        /// The required alignment.
        align: usize,
        /// The address found.
        address: usize,
    },
    /// An unranked descriptor claims a negative rank, or one above
    /// [`MAX_UNRANKED_RANK`].
    RankOutOfRange {
        /// The rank found.
        found: i64,
    },
    /// `aligned` is not aligned for the element type.
    Misaligned {
        /// The required alignment.
        align: usize,
        /// The address found.
        address: usize,
    },
    /// Offset and strides reach an element before `aligned`.
    BeforeStart {
        /// The smallest element index reached.
        index: i64,
    },
    /// Offset and strides reach past the end of the address space, or
    /// past the slice a view was built from.
    OutOfBounds {
        /// The largest element index reached.
        index: usize,
        /// The number of elements available.
        len: usize,
    },
    /// Sizes, strides or offsets overflow.
    Overflow,
    /// A size differs from the type's static size.
    SizeMismatch {
        /// The dimension.
        dim: usize,
        /// The declared size.
        expected: i64,
        /// The size found.
        found: i64,
    },
    /// A stride differs from the layout's (identity layouts need row-major
    /// strides with an inner stride of 1).
    StrideMismatch {
        /// The dimension.
        dim: usize,
        /// The declared stride.
        expected: i64,
        /// The stride found.
        found: i64,
    },
    /// The offset differs from the layout's (identity layouts need 0).
    OffsetMismatch {
        /// The declared offset.
        expected: i64,
        /// The offset found.
        found: i64,
    },
    /// A mutable view whose layout reaches one element twice.
    Overlapping,
    /// An `i1` element that is neither 0 nor 1.
    InvalidElement {
        /// Its position in logical (row-major) order.
        position: usize,
    },
    /// A slice whose length is not the product of the sizes.
    LengthMismatch {
        /// The slice length.
        len: usize,
        /// The product of the sizes.
        expected: usize,
    },
    /// A result declared as owned aliases an argument's buffer.
    AliasesArgument {
        /// The argument.
        argument: usize,
    },
    /// A result borrowing an argument's buffer reaches elements outside
    /// the argument's (safe code could read past what the caller lent).
    OutsideArgument {
        /// The argument.
        argument: usize,
    },
    /// A member of a multi-value result holds the buffer an earlier member
    /// already holds (`return %a, %a`, or a buffer and a subview of it):
    /// two owners would free it twice, and a view of a sibling result
    /// would outlive it when the sibling is dropped first.
    SharesResultBuffer {
        /// The earlier member (0-based).
        member: usize,
    },
    /// A result declared as owned points to static data
    /// (`memref.get_global`).
    StaticData,
    /// An allocation for a memref failed.
    OutOfMemory,
    /// An element size of 0 bytes, or two views of different element
    /// sizes (byte views of an unknown element type).
    InvalidElementSize {
        /// The element size found.
        size: usize,
    },
    /// An owned memref made with a deallocator of its own, handed to MLIR,
    /// which would free it with C `free`.
    CustomDeallocator,
}

impl fmt::Display for MemRefError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MemRefError::NullDescriptor => f.write_str("the descriptor pointer is NULL"),
            MemRefError::RankMismatch { expected, found } => {
                write!(f, "rank {found}, expected {expected}")
            }
            MemRefError::NegativeSize { dim, size } => {
                write!(f, "dimension {dim} has negative size {size}")
            }
            MemRefError::NullData => f.write_str("the aligned pointer is NULL but the memref is not empty"),
            MemRefError::Misaligned { align, address } => write!(
                f,
                "the descriptor's `aligned` data pointer {address:#x} is not aligned to {align} bytes (the element's alignment)"
            ),
            MemRefError::MisalignedDescriptor { align, address } => write!(
                f,
                "the descriptor itself, at {address:#x}, is not aligned to {align} bytes"
            ),
            MemRefError::RankOutOfRange { found } => write!(
                f,
                "the unranked descriptor claims rank {found}, outside 0..={}",
                MAX_UNRANKED_RANK
            ),
            MemRefError::BeforeStart { index } => write!(
                f,
                "offset and strides reach element {index}, before the aligned pointer"
            ),
            MemRefError::OutOfBounds { index, len } => write!(
                f,
                "offset and strides reach element {index}, but only {len} elements exist"
            ),
            MemRefError::Overflow => f.write_str("sizes, strides or offset overflow the address space"),
            MemRefError::SizeMismatch {
                dim,
                expected,
                found,
            } => write!(f, "dimension {dim} has size {found}, the type says {expected}"),
            MemRefError::StrideMismatch {
                dim,
                expected,
                found,
            } => write!(
                f,
                "dimension {dim} has stride {found}, the layout says {expected} (identity layouts are row-major with inner stride 1; declare `strided<[...], offset: ?>` to accept others)"
            ),
            MemRefError::OffsetMismatch { expected, found } => write!(
                f,
                "offset {found}, the layout says {expected} (MLIR ignores the offset of identity layouts; declare `strided<[...], offset: ?>` to accept others)"
            ),
            MemRefError::Overlapping => f.write_str(
                "the strides reach one element through two indices; a mutable view needs distinct elements",
            ),
            MemRefError::InvalidElement { position } => {
                write!(f, "i1 element {position} is neither 0 nor 1")
            }
            MemRefError::LengthMismatch { len, expected } => write!(
                f,
                "the slice has {len} elements, the shape needs {expected}"
            ),
            MemRefError::AliasesArgument { argument } => write!(
                f,
                "the result aliases argument {argument}'s buffer; declare the result as `ReturnedMemRef` to accept borrowed results"
            ),
            MemRefError::OutsideArgument { argument } => write!(
                f,
                "the result borrows argument {argument}'s buffer but reaches elements outside that argument"
            ),
            MemRefError::SharesResultBuffer { member } => write!(
                f,
                "the result holds the buffer that result member {member} already holds (freed once, through that member)"
            ),
            MemRefError::StaticData => f.write_str(
                "the result points to static data (memref.get_global); declare the result as `ReturnedMemRef` to accept it",
            ),
            MemRefError::OutOfMemory => f.write_str("malloc failed"),
            MemRefError::InvalidElementSize { size } => write!(
                f,
                "element size {size}: it must be at least 1 byte and the same on both sides of a copy"
            ),
            MemRefError::CustomDeallocator => f.write_str(
                "the owned memref has a deallocator of its own (`OwnedMemRef::from_descriptor_with`), but MLIR frees what it is handed with C `free`; hand over a copy (`OwnedMemRef::from_slice`)",
            ),
        }
    }
}

impl std::error::Error for MemRefError {}
