//! MLIR memref types as data (what a `#[mlir("memref<...>")]` attribute
//! declares), and the facts of MLIR both crates use.

use core::fmt;

/// The MLIR element types a memref of the C interface may have (the macros
/// parse `#[mlir("memref<...>")]` against this list; abi-core's
/// `MemRefElement` implementations name one each, checked by a test).
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

/// Whether `name` is one of [`ELEMENT_TYPES`].
pub fn is_element_type(name: &str) -> bool {
    ELEMENT_TYPES.contains(&name)
}

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
    pub fn mlir_text(&self, element: &str, rank: Option<usize>) -> String {
        if let Some(text) = self.text {
            return text.to_owned();
        }
        let Some(rank) = rank else {
            return format!("memref<*x{element}>");
        };
        let mut s = String::from("memref<");
        for _ in 0..rank {
            s.push_str("?x");
        }
        s.push_str(element);
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
        }
    }
}

impl std::error::Error for MemRefError {}
