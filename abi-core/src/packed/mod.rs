//! Packed bit layouts: XLS packed tuples and SystemVerilog `struct packed`.
//!
//! A packed value is a run of bits with no padding. The rule is the one
//! XLS and SystemVerilog share: the **first-declared field sits in the most
//! significant bits** and the last-declared field at bit 0, while element 0
//! of a packed array sits in the **least** significant bits. The IEEE
//! float32 as `(sign: 1, exponent: 8, fraction: 23)` therefore has the sign
//! at bit 31 and the fraction at bits 22..0, exactly like an `f32`'s bits:
//!
//! ```
//! use abi_core::packed::{Packed, PackedStruct};
//! use abi_core::bitint::UBitInt;
//!
//! #[derive(Packed, Clone, Copy, Debug, PartialEq)]
//! #[packed(sv_name = "float32_t")]
//! pub struct Float32 {
//!     pub sign: bool,
//!     pub exponent: UBitInt<8>,
//!     pub fraction: UBitInt<23>,
//! }
//!
//! // From a native `f32`: its bits in host order are the packed value.
//! let x = Float32::from_u64((-1.5f32).to_bits().into());
//! assert!(x.sign);
//! assert_eq!(x.exponent, UBitInt::<8>::try_from(127u8).unwrap());
//! assert_eq!(x.fraction, UBitInt::<23>::try_from(1u32 << 22).unwrap());
//!
//! // Bytes from XLS are byte-swapped relative to the host layout.
//! let from_xls = Float32::from_swapped_bytes(&[0xbf, 0xc0, 0x00, 0x00]);
//! assert_eq!(from_xls, x);
//! assert_eq!(x.to_le_bytes(), (-1.5f32).to_le_bytes());
//!
//! // Views read and write fields in place, at any bit offset.
//! let mut buffer = [0u8; 6];
//! let mut view = Float32Mut::new(&mut buffer, 5).unwrap();
//! view.set(&x);
//! let exponent = UBitInt::<8>::try_from(128u8).unwrap();
//! view.set_exponent(exponent);
//! assert_eq!(view.exponent(), exponent);
//! assert_eq!(view.get().fraction, x.fraction);
//! assert!(Float32Ref::new(&buffer, 17).is_err()); // 17 + 32 bits > 48
//! ```
//!
//! Field types are [`Packed`]: `bool` (1 bit), `u8`..`u128` and
//! `i8`..`i128`, [`UBitInt<N>`](crate::bitint::UBitInt) and
//! [`BitInt<N>`](crate::bitint::BitInt) (signed fields sign-extend when read),
//! [`Bits<N>`](crate::dpi::Bits), arrays `[T; K]` of packed types and other
//! `#[derive(Packed)]` structs.
//!
//! `#[derive(Packed)]` implements [`Packed`] and [`PackedStruct`] (whole-value
//! conversions), and generates two view types, `<Name>Ref<'a>` and
//! `<Name>Mut<'a>`, with one getter per field and, on the mutable view, one
//! `set_<field>` per field. A derived struct can be a `#[dpi_import]`
//! argument, output or inout (`bit [W-1:0]` as a generated
//! `typedef struct packed`, passed as `svBitVecVal` chunks), a
//! `#[dpi_import]` result when W <= 32, and a `#[c_export]` argument (a
//! `const uint8_t *` to `ceil(W/8)` host-order bytes), as are
//! [`PackedRef<T>`] and [`PackedMut<T>`] (`const uint8_t *`/`uint8_t *`,
//! read and written in place).
//!
//! The attribute `#[packed(sv_name = "name_t")]` names the SystemVerilog
//! typedef (default: the Rust name).

mod bit_io;
mod leaves;
#[doc(hidden)]
pub mod passing;
mod view;

use core::fmt;

pub use abi_macros::Packed;
pub use bit_io::{BitSink, BitSource};
pub use view::{PackedMut, PackedRef};

use crate::dpi::{ChunkArray, SvType};
pub(crate) use crate::model::packed::PackedStructDesc;

/// A type with a packed bit layout of [`Packed::WIDTH`] bits.
///
/// Implemented for the field types listed in the [module docs](self) and
/// by `#[derive(Packed)]`; implement it for your own types to use them as
/// fields.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no packed bit layout",
    label = "not a packed type",
    note = "packed fields are `bool`, `u8`..`u128`, `i8`..`i128`, `UBitInt<N>`, `BitInt<N>`, `Bits<N>`, `Logic` (4-state), `LogicVec<N>`, `SignedLogicVec<N>`, `Integer`, `[T; K]` of packed types and `#[derive(Packed)]` structs and unions"
)]
pub trait Packed: Copy {
    /// The number of bits.
    const WIDTH: u32;
    /// How a SystemVerilog `struct packed` declares a member of this type.
    const SV_TYPE: SvType;
    /// Write the value into bits `offset .. offset + WIDTH` of `dst`,
    /// leaving every other bit as it was.
    fn pack_into<S: BitSink + ?Sized>(&self, dst: &mut S, offset: usize);
    /// Read the value from bits `offset .. offset + WIDTH` of `src`.
    fn unpack_from<S: BitSource + ?Sized>(src: &S, offset: usize) -> Self;
    /// Whether the type has 4-state (`logic`) bits: a struct with such a
    /// field is a 4-state `struct packed`, which DPI-C passes as
    /// `svLogicVecVal` chunks. Its value bits (what [`Packed::pack_into`]
    /// writes) read X as 1 and Z as 0, as `svLogicVecVal::aval` does.
    const FOUR_STATE: bool = false;
    /// Write the control bits (`svLogicVecVal::bval`: set for X and Z) into
    /// bits `offset .. offset + WIDTH` of `dst`; a 2-state type writes
    /// zeros.
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn pack_control_into<S: BitSink + ?Sized>(&self, dst: &mut S, offset: usize) {
        bit_io::clear_bits(dst, offset, Self::WIDTH);
    }
    /// Read the value from its value and control bits. A 2-state type
    /// reads an X or Z bit as 0, as SystemVerilog converts `logic` to
    /// `bit`.
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn unpack_logic_from<S: BitSource + ?Sized>(value: &S, control: &S, offset: usize) -> Self {
        Self::unpack_from(&bit_io::KnownBits { value, control }, offset)
    }
}

/// The bits of a packed union `u` read as its member type `M` (the
/// `to_<member>()` methods `#[derive(Packed)]` generates on an enum; the
/// derive checks at compile time that `M` has the union's width). Not
/// public API.
#[doc(hidden)]
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub fn union_member<U: PackedStruct, M: Packed>(u: &U) -> M {
    let (mut value, mut control) = (U::Words::ZERO, U::Words::ZERO);
    u.pack_into(value.as_mut(), 0);
    u.pack_control_into(control.as_mut(), 0);
    M::unpack_logic_from(value.as_ref(), control.as_ref(), 0)
}

/// A fixed-size buffer of `T` (`[T; K]`), the storage of a whole packed
/// value.
pub trait FixedBuffer<T>: Copy + AsRef<[T]> + AsMut<[T]> + fixed_buffer::Arrays {
    /// All elements zero.
    const ZERO: Self;
}

/// Seals [`FixedBuffer`]: the shims copy C's bytes by the length
/// `as_ref` gives into the slice `as_mut` gives, which only arrays
/// promise are the same.
mod fixed_buffer {
    pub trait Arrays {}
    impl<T, const K: usize> Arrays for [T; K] {}
}

impl<const K: usize> FixedBuffer<u8> for [u8; K] {
    const ZERO: Self = [0; K];
}

impl<const K: usize> FixedBuffer<u64> for [u64; K] {
    const ZERO: Self = [0; K];
}

/// Whole-value conversions of a `#[derive(Packed)]` struct. The buffer
/// types are sized by the derive for the struct's width; bits above the
/// width are written as zero and ignored when read.
pub trait PackedStruct: Packed {
    /// `[u64; ceil(WIDTH / 64)]`: little-endian words.
    type Words: FixedBuffer<u64>;
    /// `[u8; ceil(WIDTH / 8)]`: bytes in host (little-endian) order.
    type Bytes: FixedBuffer<u8>;
    /// `[u32; ceil(WIDTH / 32)]`: DPI `svBitVecVal` chunks, least
    /// significant first.
    type Chunks: ChunkArray;
    /// The layout, for emitters and reflection.
    const DESC: &'static PackedStructDesc;

    /// The value as little-endian 64-bit words.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn to_words(&self) -> Self::Words {
        let mut words = Self::Words::ZERO;
        self.pack_into(words.as_mut(), 0);
        words
    }

    /// From little-endian 64-bit words.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn from_words(words: &Self::Words) -> Self {
        Self::unpack_from(words.as_ref(), 0)
    }

    /// The host layout: little-endian bytes, as a native C value or an XLS
    /// JIT packed buffer holds it.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn to_le_bytes(&self) -> Self::Bytes {
        let words = self.to_words();
        let mut bytes = Self::Bytes::ZERO;
        for (i, byte) in bytes.as_mut().iter_mut().enumerate() {
            *byte = (words.as_ref()[i / 8] >> (8 * (i % 8))) as u8;
        }
        bytes
    }

    /// From the host layout.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn from_le_bytes(bytes: &Self::Bytes) -> Self {
        let mut words = Self::Words::ZERO;
        for (i, &byte) in bytes.as_ref().iter().enumerate() {
            words.as_mut()[i / 8] |= u64::from(byte) << (8 * (i % 8));
        }
        Self::from_words(&words)
    }

    /// From host-layout bytes in a slice of exactly `ceil(WIDTH / 8)`
    /// bytes.
    fn from_le_slice(bytes: &[u8]) -> Result<Self, PackedError> {
        let mut buffer = Self::Bytes::ZERO;
        let expected = buffer.as_ref().len();
        if bytes.len() != expected {
            return Err(PackedError::WrongLength {
                expected,
                actual: bytes.len(),
            });
        }
        buffer.as_mut().copy_from_slice(bytes);
        Ok(Self::from_le_bytes(&buffer))
    }

    /// The byte-swapped layout XLS uses for data it produces (most
    /// significant byte first), which must be swapped before it meets a
    /// packed view or native code.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn to_swapped_bytes(&self) -> Self::Bytes {
        let mut bytes = self.to_le_bytes();
        bytes.as_mut().reverse();
        bytes
    }

    /// From the byte-swapped (XLS) layout.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn from_swapped_bytes(bytes: &Self::Bytes) -> Self {
        let mut bytes = *bytes;
        bytes.as_mut().reverse();
        Self::from_le_bytes(&bytes)
    }

    /// DPI canonical form: `svBitVecVal` chunks, least significant first.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn to_sv_chunks(&self) -> Self::Chunks {
        let mut chunks = Self::Chunks::ZERO;
        self.pack_into(chunks.as_mut_slice(), 0);
        chunks
    }

    /// From DPI canonical chunks (the bits above the width, which the
    /// standard leaves undetermined, are ignored).
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn from_sv_chunks(chunks: &Self::Chunks) -> Self {
        Self::unpack_from(chunks.as_slice(), 0)
    }

    /// DPI 4-state canonical form: `svLogicVecVal` chunks, least
    /// significant first (X and Z of `logic` fields in `bval`).
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn to_sv_logic_chunks(&self) -> <Self::Chunks as ChunkArray>::Logic {
        let (mut value, mut control) = (Self::Chunks::ZERO, Self::Chunks::ZERO);
        self.pack_into(value.as_mut_slice(), 0);
        self.pack_control_into(control.as_mut_slice(), 0);
        let mut logic = <Self::Chunks as ChunkArray>::LOGIC_ZERO;
        for ((out, &aval), &bval) in logic
            .as_mut()
            .iter_mut()
            .zip(value.as_slice())
            .zip(control.as_slice())
        {
            *out = crate::dpi::SvLogicVecVal { aval, bval };
        }
        logic
    }

    /// From DPI 4-state chunks (bits above the width ignored).
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn from_sv_logic_chunks(logic: &<Self::Chunks as ChunkArray>::Logic) -> Self {
        let (mut value, mut control) = (Self::Chunks::ZERO, Self::Chunks::ZERO);
        let planes = value
            .as_mut_slice()
            .iter_mut()
            .zip(control.as_mut_slice().iter_mut());
        for (chunk, (aval, bval)) in logic.as_ref().iter().zip(planes) {
            *aval = chunk.aval;
            *bval = chunk.bval;
        }
        Self::unpack_logic_from(value.as_slice(), control.as_slice(), 0)
    }

    /// The value as an integer, computed in 32 bits; a compile error when
    /// WIDTH > 32.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn to_u32(&self) -> u32 {
        const {
            assert!(
                Self::WIDTH <= 32,
                "`to_u32` needs a packed width of at most 32 bits"
            )
        };
        let mut chunk = [0u32];
        self.pack_into(&mut chunk[..], 0);
        chunk[0]
    }

    /// From an integer, computed in 32 bits: the bits above WIDTH are
    /// ignored, missing bits are zero.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn from_u32(value: u32) -> Self {
        if Self::WIDTH <= 32 {
            Self::unpack_from(&[value][..], 0)
        } else {
            Self::from_u64(value.into())
        }
    }

    /// The value as an integer; a compile error when WIDTH > 64.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn to_u64(&self) -> u64 {
        const {
            assert!(
                Self::WIDTH <= 64,
                "`to_u64` needs a packed width of at most 64 bits"
            )
        };
        self.to_words().as_ref()[0]
    }

    /// The value as an integer; a compile error when WIDTH > 128.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn to_u128(&self) -> u128 {
        const {
            assert!(
                Self::WIDTH <= 128,
                "`to_u128` needs a packed width of at most 128 bits"
            )
        };
        let words = self.to_words();
        let words = words.as_ref();
        u128::from(words[0]) | words.get(1).map_or(0, |&w| u128::from(w) << 64)
    }

    /// From an integer: the bits above WIDTH are ignored, missing bits are
    /// zero.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn from_u64(value: u64) -> Self {
        let mut words = Self::Words::ZERO;
        words.as_mut()[0] = value;
        Self::from_words(&words)
    }

    /// From an integer: the bits above WIDTH are ignored, missing bits are
    /// zero.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn from_u128(value: u128) -> Self {
        let mut words = Self::Words::ZERO;
        words.as_mut()[0] = value as u64;
        if let Some(high) = words.as_mut().get_mut(1) {
            *high = (value >> 64) as u64;
        }
        Self::from_words(&words)
    }
}

/// Why a packed value or view could not be built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum PackedError {
    /// A view needs more bits than the buffer has.
    OutOfRange {
        /// Bits the view covers, counted from the start of the buffer.
        needed_bits: usize,
        /// Bits in the buffer.
        available_bits: usize,
    },
    /// A byte slice has the wrong length.
    WrongLength {
        /// `ceil(WIDTH / 8)`.
        expected: usize,
        /// What was given.
        actual: usize,
    },
}

impl fmt::Display for PackedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackedError::OutOfRange {
                needed_bits,
                available_bits,
            } => write!(
                f,
                "a packed view needs {needed_bits} bits but the buffer has {available_bits}"
            ),
            PackedError::WrongLength { expected, actual } => {
                write!(f, "expected {expected} bytes of packed data, got {actual}")
            }
        }
    }
}

impl std::error::Error for PackedError {}
