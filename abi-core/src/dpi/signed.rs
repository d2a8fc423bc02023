//! Signed packed types: `bit signed [N-1:0]` ([`SignedBits`]),
//! `logic signed [N-1:0]` ([`SignedLogicVec`]) and the 4-state 32-bit
//! `integer` ([`Integer`]). Their C form is that of the
//! unsigned type of the same width (`svBitVecVal` or `svLogicVecVal`
//! chunks, Annex H); the sign only changes how SystemVerilog extends and
//! compares them, which is why the package must declare it.

use super::bits::{Bits, ChunkArray, PackedChunks};
use super::logic_vec::{LogicVec, SvLogicVecVal};
use super::{DpiType, DpiValue, Logic, SvType};
use crate::argument::ArgError;
use crate::bitint::BitIntError;
use crate::bitint::Width;
use crate::model::c::CTypeDesc;
use crate::model::sv::SvScalar;

/// `bit signed [N-1:0]`: the two's-complement bits of a [`Bits<N>`].
///
/// ```
/// use abi_core::dpi::SignedBits;
///
/// let x = SignedBits::<10>::try_from(-3i64).unwrap();
/// assert_eq!(x.to_i128(), Some(-3));
/// assert_eq!(x.bits().to_u128(), Some(0x3fd)); // the 10 bits
/// assert!(SignedBits::<10>::try_from(512i64).is_err()); // 2^9 does not fit
/// ```
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct SignedBits<const N: u32, C: ChunkArray = <Width<N> as PackedChunks>::Chunks>(Bits<N, C>);

impl<const N: u32, C: ChunkArray> SignedBits<N, C> {
    /// The vector with these bits.
    pub fn from_bits(bits: Bits<N, C>) -> Self {
        SignedBits(bits)
    }

    /// The bits.
    pub fn bits(&self) -> Bits<N, C> {
        self.0
    }

    /// The value, sign-extended from bit N-1, when N is at most 128.
    pub fn to_i128(&self) -> Option<i128> {
        if N > 128 {
            return None;
        }
        let unsigned = self.0.to_u128()?;
        let shift = 128 - N;
        Some(((unsigned << shift) as i128) >> shift)
    }
}

impl<const N: u32, C: ChunkArray> TryFrom<i128> for SignedBits<N, C> {
    type Error = BitIntError;
    /// `value` when it lies in `-2^(N-1) .. 2^(N-1)`.
    fn try_from(value: i128) -> Result<Self, BitIntError> {
        if N < 128 {
            let half = 1i128 << (N - 1);
            if value < -half || value >= half {
                return Err(BitIntError::OutOfRange);
            }
        }
        let bits = if N >= 128 {
            value as u128
        } else {
            (value as u128) & ((1u128 << N) - 1)
        };
        // Sign-extend above 128 bits for wider vectors.
        let mut chunks = C::ZERO;
        let fill = if value < 0 { u32::MAX } else { 0 };
        for (i, chunk) in chunks.as_mut_slice().iter_mut().enumerate() {
            *chunk = if i < 4 {
                (bits >> (32 * i)) as u32
            } else {
                fill
            };
        }
        Ok(SignedBits(Bits::from_chunks(chunks)))
    }
}

impl<const N: u32, C: ChunkArray> TryFrom<i64> for SignedBits<N, C> {
    type Error = BitIntError;
    fn try_from(value: i64) -> Result<Self, BitIntError> {
        Self::try_from(i128::from(value))
    }
}

// SAFETY: exactly `Bits<N, C>`'s C form (a signed packed vector travels as
// the same `svBitVecVal` chunks); only the SystemVerilog type differs.
unsafe impl<const N: u32, C: ChunkArray> DpiType for SignedBits<N, C> {
    const SV_TYPE: SvType = {
        let _ = <Bits<N, C> as DpiType>::SV_TYPE;
        SvType::PackedSigned { width: N }
    };
    type Input = <Bits<N, C> as DpiType>::Input;
    const C_INPUT: CTypeDesc = <Bits<N, C> as DpiType>::C_INPUT;
    type Cell = <Bits<N, C> as DpiType>::Cell;
    const C_CELL: CTypeDesc = <Bits<N, C> as DpiType>::C_CELL;
    fn initial() -> Self {
        SignedBits(Bits::<N, C>::initial())
    }
    unsafe fn from_input(raw: Self::Input) -> Result<Self, ArgError> {
        // SAFETY: forwarded (the same contract).
        unsafe { Bits::<N, C>::from_input(raw) }.map(SignedBits)
    }
    unsafe fn from_cell(cell: Self::Cell) -> Result<Self, ArgError> {
        // SAFETY: forwarded.
        unsafe { Bits::<N, C>::from_cell(cell) }.map(SignedBits)
    }
    fn to_cell(self) -> Self::Cell {
        self.0.to_cell()
    }
}

// SAFETY: as `Bits<N, C>`.
unsafe impl<const N: u32, C: ChunkArray> DpiValue for SignedBits<N, C> {
    fn with_input<R>(&self, f: impl FnOnce(Self::Input) -> R) -> R {
        self.0.with_input(f)
    }
}

/// `logic signed [N-1:0]`: a 4-state [`LogicVec<N>`] that SystemVerilog
/// extends and compares as signed.
///
/// ```
/// use abi_core::dpi::{Logic, SignedLogicVec, SignedBits};
///
/// let mut x = SignedLogicVec::<12>::from(SignedBits::try_from(-5i64).unwrap());
/// assert_eq!(x.to_i128(), Some(-5));
/// x.set(11, Logic::Z);
/// assert_eq!(x.to_i128(), None); // a Z bit has no value
/// ```
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SignedLogicVec<const N: u32, C: ChunkArray = <Width<N> as PackedChunks>::Chunks>(
    LogicVec<N, C>,
);

impl<const N: u32, C: ChunkArray> SignedLogicVec<N, C> {
    /// The vector with these bits.
    pub fn from_logic(bits: LogicVec<N, C>) -> Self {
        SignedLogicVec(bits)
    }

    /// The bits.
    pub fn logic(&self) -> LogicVec<N, C> {
        self.0
    }

    /// The value, sign-extended from bit N-1, when every bit is 0 or 1 and
    /// N is at most 128.
    pub fn to_i128(&self) -> Option<i128> {
        SignedBits::from_bits(self.0.to_bits()?).to_i128()
    }

    /// Bit `index` (0 is the least significant).
    pub fn get(&self, index: u32) -> Logic {
        self.0.get(index)
    }

    /// Set bit `index`.
    pub fn set(&mut self, index: u32, value: Logic) {
        self.0.set(index, value);
    }
}

impl<const N: u32, C: ChunkArray> From<SignedBits<N, C>> for SignedLogicVec<N, C> {
    fn from(value: SignedBits<N, C>) -> Self {
        SignedLogicVec(LogicVec::from_bits(value.bits()))
    }
}

// SAFETY: exactly `LogicVec<N, C>`'s C form (`svLogicVecVal` chunks); only
// the SystemVerilog type differs.
unsafe impl<const N: u32, C: ChunkArray> DpiType for SignedLogicVec<N, C>
where
    C::Logic: AsRef<[SvLogicVecVal]> + AsMut<[SvLogicVecVal]>,
{
    const SV_TYPE: SvType = {
        let _ = <LogicVec<N, C> as DpiType>::SV_TYPE;
        SvType::PackedSignedLogic { width: N }
    };
    type Input = <LogicVec<N, C> as DpiType>::Input;
    const C_INPUT: CTypeDesc = <LogicVec<N, C> as DpiType>::C_INPUT;
    type Cell = <LogicVec<N, C> as DpiType>::Cell;
    const C_CELL: CTypeDesc = <LogicVec<N, C> as DpiType>::C_CELL;
    fn initial() -> Self {
        SignedLogicVec(LogicVec::<N, C>::initial())
    }
    unsafe fn from_input(raw: Self::Input) -> Result<Self, ArgError> {
        // SAFETY: forwarded (the same contract).
        unsafe { LogicVec::<N, C>::from_input(raw) }.map(SignedLogicVec)
    }
    unsafe fn from_cell(cell: Self::Cell) -> Result<Self, ArgError> {
        // SAFETY: forwarded.
        unsafe { LogicVec::<N, C>::from_cell(cell) }.map(SignedLogicVec)
    }
    fn to_cell(self) -> Self::Cell {
        self.0.to_cell()
    }
}

// SAFETY: as `LogicVec<N, C>`.
unsafe impl<const N: u32, C: ChunkArray> DpiValue for SignedLogicVec<N, C>
where
    C::Logic: AsRef<[SvLogicVecVal]> + AsMut<[SvLogicVecVal]>,
{
    fn with_input<R>(&self, f: impl FnOnce(Self::Input) -> R) -> R {
        self.0.with_input(f)
    }
}

/// SystemVerilog's `integer`: a 4-state signed 32-bit value, passed as one
/// `svLogicVecVal` (Annex H), X and Z included.
///
/// ```
/// use abi_core::dpi::{Integer, Logic};
///
/// let n = Integer::from(-7);
/// assert_eq!(n.to_i32(), Some(-7));
/// let mut unknown = n;
/// unknown.set(31, Logic::X);
/// assert_eq!(unknown.to_i32(), None); // an X bit has no value
/// ```
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Integer(LogicVec<32>);

impl Integer {
    /// The 32 bits, 4-state.
    pub fn logic(&self) -> LogicVec<32> {
        self.0
    }

    /// An `integer` with these bits.
    pub fn from_logic(bits: LogicVec<32>) -> Self {
        Integer(bits)
    }

    /// The value, when every bit is 0 or 1.
    pub fn to_i32(&self) -> Option<i32> {
        self.0.to_bits()?.to_u128().map(|v| v as u32 as i32)
    }

    /// Bit `index` (0 is the least significant).
    pub fn get(&self, index: u32) -> Logic {
        self.0.get(index)
    }

    /// Set bit `index`.
    pub fn set(&mut self, index: u32, value: Logic) {
        self.0.set(index, value);
    }
}

impl From<i32> for Integer {
    fn from(value: i32) -> Self {
        let bits = Bits::<32>::try_from(u64::from(value as u32)).expect("32 bits fit");
        Integer(LogicVec::from_bits(bits))
    }
}

// SAFETY: exactly `LogicVec<32>`'s C form (`integer` is `logic signed
// [31:0]` to Annex H: one `svLogicVecVal`).
unsafe impl DpiType for Integer {
    const SV_TYPE: SvType = SvType::Scalar(SvScalar::FourStateInt);
    type Input = <LogicVec<32> as DpiType>::Input;
    const C_INPUT: CTypeDesc = <LogicVec<32> as DpiType>::C_INPUT;
    type Cell = <LogicVec<32> as DpiType>::Cell;
    const C_CELL: CTypeDesc = <LogicVec<32> as DpiType>::C_CELL;
    fn initial() -> Self {
        Integer(LogicVec::<32>::initial())
    }
    unsafe fn from_input(raw: Self::Input) -> Result<Self, ArgError> {
        // SAFETY: forwarded (the same contract).
        unsafe { LogicVec::<32>::from_input(raw) }.map(Integer)
    }
    unsafe fn from_cell(cell: Self::Cell) -> Result<Self, ArgError> {
        // SAFETY: forwarded.
        unsafe { LogicVec::<32>::from_cell(cell) }.map(Integer)
    }
    fn to_cell(self) -> Self::Cell {
        self.0.to_cell()
    }
}

// SAFETY: as `LogicVec<32>`.
unsafe impl DpiValue for Integer {
    fn with_input<R>(&self, f: impl FnOnce(Self::Input) -> R) -> R {
        self.0.with_input(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_bits_round_trip_and_range() {
        for v in [-512i128, -3, -1, 0, 1, 511] {
            let x = SignedBits::<10>::try_from(v).unwrap();
            assert_eq!(x.to_i128(), Some(v));
        }
        assert!(SignedBits::<10>::try_from(-513i128).is_err());
        assert!(SignedBits::<10>::try_from(512i128).is_err());
        // Wider than 128 bits: the sign fills the upper chunks.
        let wide = SignedBits::<200>::try_from(-1i128).unwrap();
        assert!((0..200).all(|i| wide.bits().bit(i)));
        assert_eq!(wide.to_i128(), None);
        assert_eq!(
            SignedBits::<128>::try_from(i128::MIN).unwrap().to_i128(),
            Some(i128::MIN)
        );
    }

    #[test]
    fn signed_logic_values_and_unknown_bits() {
        for v in [-2048i64, -5, -1, 0, 7, 2047] {
            let x = SignedLogicVec::<12>::from(SignedBits::try_from(v).unwrap());
            assert_eq!(x.to_i128(), Some(i128::from(v)));
            assert_eq!(
                x.logic().to_bits(),
                Some(SignedBits::<12>::try_from(v).unwrap().bits())
            );
        }
        let mut x = SignedLogicVec::<12>::from(SignedBits::try_from(-1i64).unwrap());
        x.set(0, Logic::X);
        assert_eq!(
            (x.to_i128(), x.get(0), x.get(11)),
            (None, Logic::X, Logic::One)
        );
    }

    #[test]
    fn integer_values_and_unknown_bits() {
        for v in [i32::MIN, -1, 0, 42, i32::MAX] {
            assert_eq!(Integer::from(v).to_i32(), Some(v));
        }
        let mut z = Integer::from(5);
        z.set(3, Logic::Z);
        assert_eq!(z.to_i32(), None);
        assert_eq!(z.get(0), Logic::One);
    }
}

// SAFETY: values, holding no borrow.
unsafe impl<const N: u32, C: ChunkArray> crate::BorrowedFor<'_> for SignedBits<N, C> {}
// SAFETY: as above.
unsafe impl<const N: u32, C: ChunkArray> crate::BorrowedFor<'_> for SignedLogicVec<N, C> {}
crate::argument::borrows_nothing!(Integer);
