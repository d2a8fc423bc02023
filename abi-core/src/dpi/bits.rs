//! `Bits<N>`: a 2-state packed vector `bit [N-1:0]` in DPI's canonical form,
//! `svBitVecVal` chunks of 32 bits with chunk 0 holding the least
//! significant bits (IEEE 1800 Annex H.7.7).

use core::fmt;

use super::{DpiType, DpiValue, SvType};
use crate::argument::{ArgError, check_pointer};
use crate::bitint::{BitStorage, UBitInt, Width};
use crate::model::c::{CScalar, CTypeDesc};

/// An array of `svBitVecVal` chunks.
///
/// # Safety
///
/// `Self` must be `[u32; Self::LEN]` and `Self::Logic`
/// `[SvLogicVecVal; Self::LEN]`.
pub unsafe trait ChunkArray: Copy + Eq + core::hash::Hash + 'static {
    /// The number of chunks.
    const LEN: usize;
    /// The 4-state chunks of the same width.
    type Logic: Copy
        + 'static
        + AsRef<[super::logic_vec::SvLogicVecVal]>
        + AsMut<[super::logic_vec::SvLogicVecVal]>;
    /// All 4-state chunks 0.
    const LOGIC_ZERO: Self::Logic;
    /// All chunks zero.
    const ZERO: Self;
    /// The chunks.
    fn as_slice(&self) -> &[u32];
    /// The chunks, mutably.
    fn as_mut_slice(&mut self) -> &mut [u32];
}

// SAFETY: it is `[u32; K]`, and `Logic` is `[SvLogicVecVal; K]`.
unsafe impl<const K: usize> ChunkArray for [u32; K] {
    const LEN: usize = K;
    type Logic = [super::logic_vec::SvLogicVecVal; K];
    const LOGIC_ZERO: Self::Logic = [super::logic_vec::SvLogicVecVal { aval: 0, bval: 0 }; K];
    const ZERO: Self = [0; K];
    fn as_slice(&self) -> &[u32] {
        self
    }
    fn as_mut_slice(&mut self) -> &mut [u32] {
        self
    }
}

/// The chunk array of `Width<N>`, for N in the built-in table (1..=256),
/// which lets users write `Bits<N>`; wider vectors use
/// [`bits!`](crate::bits!).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`Bits<N>` and `LogicVec<N>` name widths up to 256 directly; this one is `{Self}`",
    label = "no built-in chunk array for this width",
    note = "above 256 bits write `abi_core::bits!(N)` (or `LogicVec<N, [u32; ceil(N / 32)]>`)",
    note = "in generic code take the chunks as a parameter: `fn f<const N: u32, C: abi_core::dpi::ChunkArray>(x: abi_core::dpi::Bits<N, C>)` (the same for `LogicVec<N, C>`)"
)]
pub trait PackedChunks {
    /// `[u32; ceil(N / 32)]`.
    type Chunks: ChunkArray;
}

macro_rules! packed_chunks {
    ($n:expr) => {
        impl PackedChunks for Width<{ $n }> {
            type Chunks = [u32; { ($n as usize).div_ceil(32) }];
        }
    };
}

crate::bitint::for_each_default_width!(packed_chunks);

/// `Bits<N>` for any width, including those above the built-in table:
/// `abi_core::bits!(1000)`.
#[macro_export]
macro_rules! bits {
    ($width:expr) => {
        $crate::dpi::Bits<{ $width }, [u32; { ($width as usize).div_ceil(32) }]>
    };
}

/// A 2-state packed vector `bit [N-1:0]`: `ceil(N/32)` chunks, least
/// significant first. Bits above N are always zero here; vectors that come
/// from the simulator are masked, as the standard leaves those bits
/// undetermined.
///
/// ```
/// use abi_core::dpi::Bits;
///
/// let v = Bits::<40>::try_from(0xAB_1234_5678_u64).unwrap();
/// assert_eq!(v.chunks(), &[0x1234_5678, 0xAB]);
/// assert!(v.bit(3) && !v.bit(0));
/// assert_eq!(format!("{v:x}"), "ab12345678");
/// assert!(Bits::<8>::try_from(256_u64).is_err());
/// ```
///
/// It is also an unsigned N-bit integer, with the operators of
/// [`UBitInt<N>`](crate::bitint::UBitInt): `& | ^ !`, logical `<< >>`, comparisons,
/// and `+ - *` (which panic on overflow with debug assertions and wrap
/// without), next to `wrapping_*`, `checked_*` and `overflowing_*` forms.
/// Code generic over the width takes the chunk array as a parameter:
///
/// ```
/// use abi_core::dpi::{Bits, ChunkArray, LogicVec};
///
/// /// A reference model for any width: rotate left by one.
/// fn rotate_left<const N: u32, C: ChunkArray>(v: Bits<N, C>) -> Bits<N, C> {
///     let top = v.bit(N - 1);
///     let mut shifted = v << 1;
///     shifted.set_bit(0, top);
///     shifted
/// }
///
/// let v = Bits::<12>::try_from(0x801u64).unwrap();
/// assert_eq!(rotate_left(v), Bits::try_from(0x003u64).unwrap());
/// assert_eq!(v.wrapping_add(Bits::ones()), Bits::try_from(0x800u64).unwrap());
/// assert!(v > Bits::try_from(0x7ffu64).unwrap());
///
/// /// The known bits of a 4-state vector, X and Z read as 0.
/// fn known_part<const N: u32, C: ChunkArray>(v: LogicVec<N, C>) -> Bits<N, C> {
///     let mut bits = Bits::ZERO;
///     for i in 0..N {
///         bits.set_bit(i, v.get(i) == abi_core::dpi::Logic::One);
///     }
///     bits
/// }
/// assert_eq!(known_part(LogicVec::<12>::from_bits(v)), v);
/// ```
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bits<const N: u32, C: ChunkArray = <Width<N> as PackedChunks>::Chunks> {
    chunks: C,
}

/// The check of a part-select `[lsb +: m]` of an `n`-bit vector (`Bits`
/// and `LogicVec`): it must lie inside.
#[track_caller]
pub(crate) fn assert_part(n: u32, lsb: u32, m: u32) {
    assert!(
        lsb.checked_add(m).is_some_and(|end| end <= n),
        "part [{lsb} +: {m}] of a {n}-bit vector"
    );
}

impl<const N: u32, C: ChunkArray> Bits<N, C> {
    /// Evaluated by every constructor: N >= 1 and `C` holds exactly
    /// `ceil(N/32)` chunks.
    pub(crate) const LAYOUT_CHECK: () = Self::LAYOUT;
    const LAYOUT: () = assert!(
        N >= 1 && C::LEN == (N as usize).div_ceil(32),
        "`Bits<N, C>` needs `C = [u32; ceil(N / 32)]`; use `Bits<N>` or `abi_core::bits!(N)`"
    );
    /// N.
    pub const WIDTH: u32 = N;
    /// All bits zero.
    pub const ZERO: Self = {
        let () = Self::LAYOUT;
        Bits { chunks: C::ZERO }
    };

    /// From canonical chunks; the bits above N are cleared.
    pub fn from_chunks(mut chunks: C) -> Self {
        let () = Self::LAYOUT;
        let used = N - 32 * (C::LEN as u32 - 1);
        if used < 32 {
            chunks.as_mut_slice()[C::LEN - 1] &= (1u32 << used) - 1;
        }
        Bits { chunks }
    }

    /// The canonical chunks (bits above N are zero).
    pub fn chunks(&self) -> &C {
        &self.chunks
    }

    /// Bit `index` (0 is the least significant).
    ///
    /// # Panics
    ///
    /// When `index >= N`.
    pub fn bit(&self, index: u32) -> bool {
        assert!(index < N, "bit {index} of a {N}-bit vector");
        self.chunks.as_slice()[(index / 32) as usize] >> (index % 32) & 1 == 1
    }

    /// Set bit `index` (0 is the least significant).
    ///
    /// # Panics
    ///
    /// When `index >= N`.
    pub fn set_bit(&mut self, index: u32, value: bool) {
        assert!(index < N, "bit {index} of a {N}-bit vector");
        let chunk = &mut self.chunks.as_mut_slice()[(index / 32) as usize];
        let mask = 1u32 << (index % 32);
        *chunk = if value { *chunk | mask } else { *chunk & !mask };
    }

    /// The part-select `[lsb + M - 1 : lsb]` (SystemVerilog's
    /// `v[lsb +: M]`), its width given by the type asked for:
    /// `let nibble: Bits<4> = v.part(4);`.
    ///
    /// # Panics
    ///
    /// When `lsb + M > N`.
    pub fn part<const M: u32, D: ChunkArray>(&self, lsb: u32) -> Bits<M, D> {
        assert_part(N, lsb, M);
        let mut part = Bits::<M, D>::ZERO;
        for i in 0..M {
            part.set_bit(i, self.bit(lsb + i));
        }
        part
    }

    /// Write `value` into the part-select `[lsb + M - 1 : lsb]`
    /// (`v[lsb +: M] = value`).
    ///
    /// # Panics
    ///
    /// When `lsb + M > N`.
    pub fn set_part<const M: u32, D: ChunkArray>(&mut self, lsb: u32, value: Bits<M, D>) {
        assert_part(N, lsb, M);
        for i in 0..M {
            self.set_bit(lsb + i, value.bit(i));
        }
    }

    /// The value, if it fits in a `u128`.
    pub fn to_u128(&self) -> Option<u128> {
        let chunks = self.chunks.as_slice();
        if chunks.iter().skip(4).any(|&c| c != 0) {
            return None;
        }
        Some(
            chunks
                .iter()
                .take(4)
                .enumerate()
                .fold(0, |v, (i, &c)| v | u128::from(c) << (32 * i)),
        )
    }

    /// The same bits as an unsigned `_BitInt`.
    pub fn to_ubitint<S: BitStorage>(&self) -> UBitInt<N, S> {
        let mut bytes: Vec<u8> = self
            .chunks
            .as_slice()
            .iter()
            .flat_map(|c| c.to_le_bytes())
            .collect();
        bytes.truncate(N.div_ceil(8) as usize);
        UBitInt::from_le_bytes(&bytes).expect("a masked vector always fits its width")
    }

    /// The same bits as a vector.
    pub fn from_ubitint<S: BitStorage>(value: UBitInt<N, S>) -> Self {
        let mut chunks = C::ZERO;
        for (i, byte) in value.to_le_bytes().into_iter().enumerate() {
            chunks.as_mut_slice()[i / 4] |= u32::from(byte) << (8 * (i % 4));
        }
        Self::from_chunks(chunks)
    }
}

impl<const N: u32, C: ChunkArray> Default for Bits<N, C> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<const N: u32, C: ChunkArray> TryFrom<u128> for Bits<N, C> {
    type Error = crate::bitint::BitIntError;
    fn try_from(value: u128) -> Result<Self, Self::Error> {
        if N < 128 && value >> N != 0 {
            return Err(crate::bitint::BitIntError::OutOfRange);
        }
        let mut chunks = C::ZERO;
        for (i, c) in chunks.as_mut_slice().iter_mut().enumerate().take(4) {
            *c = (value >> (32 * i)) as u32;
        }
        Ok(Self::from_chunks(chunks))
    }
}

impl<const N: u32, C: ChunkArray> TryFrom<u64> for Bits<N, C> {
    type Error = crate::bitint::BitIntError;
    fn try_from(value: u64) -> Result<Self, Self::Error> {
        Self::try_from(u128::from(value))
    }
}

impl<const N: u32, C: ChunkArray> fmt::LowerHex for Bits<N, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let chunks = self.chunks.as_slice();
        let top = chunks.iter().rposition(|&c| c != 0).unwrap_or(0);
        let mut digits = format!("{:x}", chunks[top]);
        for c in chunks[..top].iter().rev() {
            digits.push_str(&format!("{c:08x}"));
        }
        f.pad_integral(true, "0x", &digits)
    }
}

impl<const N: u32, C: ChunkArray> fmt::Debug for Bits<N, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{N}'h{self:x}")
    }
}

/// `svBitVecVal`: a `uint32_t` chunk.
const SV_BIT_VEC_VAL: CTypeDesc = CTypeDesc::scalar::<u32>(CScalar::SvBitVecVal);

// SAFETY: `bit [N-1:0]` inputs are `const svBitVecVal *` to `ceil(N/32)`
// chunks, outputs `svBitVecVal *` to as many; `[u32; K]` has that layout
// and alignment. NULL and misaligned inputs are rejected and the bits above
// N masked.
unsafe impl<const N: u32, C: ChunkArray> DpiType for Bits<N, C> {
    const SV_TYPE: SvType = {
        let () = Self::LAYOUT;
        SvType::PackedBits { width: N }
    };
    type Input = *const C;
    const C_INPUT: CTypeDesc = CTypeDesc::Pointer {
        pointee: &SV_BIT_VEC_VAL,
        is_const: true,
    };
    type Cell = C;
    const C_CELL: CTypeDesc = SV_BIT_VEC_VAL;
    fn initial() -> Self {
        Self::ZERO
    }
    unsafe fn from_input(raw: *const C) -> Result<Self, ArgError> {
        check_pointer(raw)?;
        // SAFETY: non-NULL and aligned (checked); the simulator passes
        // `ceil(N/32)` chunks (Annex H).
        Ok(Self::from_chunks(unsafe { raw.read() }))
    }
    unsafe fn from_cell(cell: C) -> Result<Self, ArgError> {
        Ok(Self::from_chunks(cell))
    }
    fn to_cell(self) -> C {
        self.chunks
    }
}
// SAFETY: a value type: `f` receives the C argument of the type
// `DpiType::Input` declares, valid while it runs.
unsafe impl<const N: u32, C: ChunkArray> DpiValue for Bits<N, C> {
    fn with_input<R>(&self, f: impl FnOnce(*const C) -> R) -> R {
        f(&self.chunks)
    }
}

// SAFETY: Verilator returns packed vectors of up to 32 bits as one
// `svBitVecVal` by value; wider results do not compile (`REFUSAL`, which
// every function returning one checks). Annex H has no packed results:
// only with Verilator's ABI.
unsafe impl<const N: u32, C: ChunkArray> super::flavour::VerilatorResult for Bits<N, C> {
    const SV_TYPE: SvType = SvType::PackedBits { width: N };
    type Raw = u32;
    const C_TYPE: CTypeDesc = SV_BIT_VEC_VAL;
    fn into_c(self) -> u32 {
        self.chunks.as_slice()[0]
    }
}

// SAFETY: one `svBitVecVal`; the bits above N are masked.
unsafe impl<const N: u32, C: ChunkArray> super::flavour::VerilatorExportResult for Bits<N, C> {
    unsafe fn from_raw(raw: u32) -> Self {
        let _ = <Self as super::flavour::VerilatorResult>::SV_TYPE;
        let mut chunks = C::ZERO;
        chunks.as_mut_slice()[0] = raw;
        Self::from_chunks(chunks)
    }
}

// SAFETY: a value, holding no borrow.
unsafe impl<const N: u32, C: ChunkArray> crate::BorrowedFor<'_> for Bits<N, C> {}

#[cfg(test)]
mod part_select_tests {
    use super::*;

    /// Every part of 1, 5, 32 and 33 bits at every position of a 100-bit
    /// vector, read and written, against shifts and masks of a `u128`.
    #[test]
    fn parts_match_shifts_and_masks() {
        let value: u128 = 0x0000_000f_0123_4567_89ab_cdef_fedc_ba98 & ((1 << 100) - 1);
        let v = Bits::<100>::try_from(value).unwrap();
        macro_rules! check {
            ($($m:literal),*) => {$({
                const M: u32 = $m;
                let mask = (1u128 << M) - 1;
                for lsb in 0..=100 - M {
                    let part: Bits<$m> = v.part(lsb);
                    assert_eq!(part.to_u128(), Some(value >> lsb & mask), "[{lsb} +: {M}]");
                    let mut written = v;
                    written.set_part(lsb, Bits::<$m>::try_from(!(value >> lsb) & mask).unwrap());
                    let expected = value & !(mask << lsb) | (!(value >> lsb) & mask) << lsb;
                    assert_eq!(written.to_u128(), Some(expected), "set [{lsb} +: {M}]");
                }
            })*};
        }
        check!(1, 5, 32, 33);
    }

    #[test]
    #[should_panic(expected = "part [97 +: 4] of a 100-bit vector")]
    fn a_part_beyond_the_vector_panics() {
        let _: Bits<4> = Bits::<100>::ZERO.part(97);
    }
}
