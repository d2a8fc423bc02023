//! `LogicVec<N>`: a 4-state packed vector `logic [N-1:0]` in DPI's
//! canonical form, `svLogicVecVal` chunks `{aval, bval}` of 32 bits, chunk 0
//! holding the least significant bits (IEEE 1800 Annex H.7.7). Per bit,
//! (aval, bval) = (0, 0) is 0, (1, 0) is 1, (0, 1) is Z and (1, 1) is X.

use core::fmt;

use super::bits::{Bits, ChunkArray, PackedChunks};
use super::{DpiType, DpiValue, Logic, SvType};
use crate::argument::{ArgError, check_pointer};
use crate::bitint::Width;
use crate::model::c::{CScalar, CTypeDesc};

/// One `svLogicVecVal` chunk (VPI's `s_vpi_vecval`).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SvLogicVecVal {
    /// Value bits.
    pub aval: u32,
    /// Control bits: set for Z (aval 0) and X (aval 1).
    pub bval: u32,
}

/// A 4-state packed vector `logic [N-1:0]`. Bits above N are always 0 here;
/// vectors from the simulator are masked.
///
/// ```
/// use abi_core::dpi::{Logic, LogicVec};
///
/// let mut v = LogicVec::<12>::from_bits(0xA5u64.try_into().unwrap());
/// v.set(11, Logic::X);
/// v.set(0, Logic::Z);
/// assert_eq!(format!("{v}"), "x000_1010_010z");
/// assert!(!v.is_known());
/// assert_eq!(v.get(2), Logic::One);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct LogicVec<const N: u32, C: ChunkArray = <Width<N> as PackedChunks>::Chunks> {
    aval: C,
    bval: C,
}

impl<const N: u32, C: ChunkArray> LogicVec<N, C> {
    /// All bits 0.
    pub const ZERO: Self = {
        let () = Bits::<N, C>::LAYOUT_CHECK;
        LogicVec {
            aval: C::ZERO,
            bval: C::ZERO,
        }
    };

    /// All bits X (what an uninitialised `logic` holds).
    pub fn unknown() -> Self {
        let mut v = Self::ZERO;
        for i in 0..N {
            v.set(i, Logic::X);
        }
        v
    }

    /// A known vector with the bits of `bits`.
    pub fn from_bits(bits: Bits<N, C>) -> Self {
        LogicVec {
            aval: *bits.chunks(),
            bval: C::ZERO,
        }
    }

    /// The bits, if none is X or Z.
    pub fn to_bits(&self) -> Option<Bits<N, C>> {
        self.is_known().then(|| Bits::from_chunks(self.aval))
    }

    /// Whether every bit is 0 or 1.
    pub fn is_known(&self) -> bool {
        self.bval.as_slice().iter().all(|&b| b == 0)
    }

    /// Bit `index` (0 is the least significant).
    ///
    /// # Panics
    ///
    /// When `index >= N`.
    pub fn get(&self, index: u32) -> Logic {
        assert!(index < N, "bit {index} of a {N}-bit vector");
        let (chunk, shift) = ((index / 32) as usize, index % 32);
        let a = self.aval.as_slice()[chunk] >> shift & 1;
        let b = self.bval.as_slice()[chunk] >> shift & 1;
        Logic::from_sv_logic((a | b << 1) as u8)
    }

    /// Set bit `index` (0 is the least significant).
    ///
    /// # Panics
    ///
    /// When `index >= N`.
    pub fn set(&mut self, index: u32, value: Logic) {
        assert!(index < N, "bit {index} of a {N}-bit vector");
        let (chunk, mask) = ((index / 32) as usize, 1u32 << (index % 32));
        let code = value as u32;
        let set = |word: &mut u32, on: bool| *word = if on { *word | mask } else { *word & !mask };
        set(&mut self.aval.as_mut_slice()[chunk], code & 1 != 0);
        set(&mut self.bval.as_mut_slice()[chunk], code & 2 != 0);
    }

    /// The part-select `[lsb + M - 1 : lsb]` (SystemVerilog's
    /// `v[lsb +: M]`), X and Z kept, its width given by the type asked
    /// for: `let nibble: LogicVec<4> = v.part(4);`.
    ///
    /// # Panics
    ///
    /// When `lsb + M > N`.
    pub fn part<const M: u32, D: ChunkArray>(&self, lsb: u32) -> LogicVec<M, D> {
        super::bits::assert_part(N, lsb, M);
        let mut part = LogicVec::<M, D>::ZERO;
        for i in 0..M {
            part.set(i, self.get(lsb + i));
        }
        part
    }

    /// Write `value` into the part-select `[lsb + M - 1 : lsb]`
    /// (`v[lsb +: M] = value`).
    ///
    /// # Panics
    ///
    /// When `lsb + M > N`.
    pub fn set_part<const M: u32, D: ChunkArray>(&mut self, lsb: u32, value: LogicVec<M, D>) {
        super::bits::assert_part(N, lsb, M);
        for i in 0..M {
            self.set(lsb + i, value.get(i));
        }
    }

    /// From canonical chunks, masking the bits above N.
    pub fn from_chunks(chunks: &C::Logic) -> Self
    where
        C::Logic: AsRef<[SvLogicVecVal]>,
    {
        let mut v = Self::ZERO;
        for (i, chunk) in chunks.as_ref().iter().enumerate() {
            v.aval.as_mut_slice()[i] = chunk.aval;
            v.bval.as_mut_slice()[i] = chunk.bval;
        }
        v.aval = *Bits::<N, C>::from_chunks(v.aval).chunks();
        v.bval = *Bits::<N, C>::from_chunks(v.bval).chunks();
        v
    }

    /// Canonical chunks.
    pub fn to_chunks(&self) -> C::Logic
    where
        C::Logic: AsMut<[SvLogicVecVal]>,
    {
        let mut chunks = C::LOGIC_ZERO;
        for (i, chunk) in chunks.as_mut().iter_mut().enumerate() {
            *chunk = SvLogicVecVal {
                aval: self.aval.as_slice()[i],
                bval: self.bval.as_slice()[i],
            };
        }
        chunks
    }
}

impl<const N: u32, C: ChunkArray> Default for LogicVec<N, C> {
    fn default() -> Self {
        Self::ZERO
    }
}

/// SystemVerilog's binary notation, most significant bit first, `_` every
/// four bits: `x000_1010_010z`.
impl<const N: u32, C: ChunkArray> fmt::Display for LogicVec<N, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::with_capacity(N as usize * 5 / 4);
        for i in (0..N).rev() {
            text.push_str(&self.get(i).to_string());
            if i % 4 == 0 && i != 0 {
                text.push('_');
            }
        }
        f.pad(&text)
    }
}

impl<const N: u32, C: ChunkArray> fmt::Debug for LogicVec<N, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{N}'b{self}")
    }
}

/// `svLogicVecVal`, a typedef from `svdpi.h` (spelled by name, not
/// declared by the header).
pub(crate) const SV_LOGIC_VEC_VAL: CTypeDesc =
    CTypeDesc::scalar::<SvLogicVecVal>(CScalar::SvLogicVecVal);

// SAFETY: `logic [N-1:0]` inputs are `const svLogicVecVal *` to
// `ceil(N/32)` chunks, outputs `svLogicVecVal *`; `[SvLogicVecVal; K]`
// (`#[repr(C)]` pairs of `u32`) has that layout. NULL and misaligned inputs
// are rejected; the bits above N are masked.
unsafe impl<const N: u32, C: ChunkArray> DpiType for LogicVec<N, C>
where
    C::Logic: AsRef<[SvLogicVecVal]> + AsMut<[SvLogicVecVal]>,
{
    const SV_TYPE: SvType = {
        let () = Bits::<N, C>::LAYOUT_CHECK;
        SvType::PackedLogic { width: N }
    };
    type Input = *const C::Logic;
    const C_INPUT: CTypeDesc = CTypeDesc::Pointer {
        pointee: &SV_LOGIC_VEC_VAL,
        is_const: true,
    };
    type Cell = C::Logic;
    const C_CELL: CTypeDesc = SV_LOGIC_VEC_VAL;
    fn initial() -> Self {
        Self::unknown()
    }
    unsafe fn from_input(raw: *const C::Logic) -> Result<Self, ArgError> {
        check_pointer(raw)?;
        // SAFETY: non-NULL and aligned (checked); the simulator passes
        // `ceil(N/32)` chunks (Annex H).
        Ok(Self::from_chunks(&unsafe { raw.read() }))
    }
    unsafe fn from_cell(cell: C::Logic) -> Result<Self, ArgError> {
        Ok(Self::from_chunks(&cell))
    }
    fn to_cell(self) -> C::Logic {
        self.to_chunks()
    }
}
// SAFETY: a value type: `f` receives the C argument of the type
// `DpiType::Input` declares, valid while it runs.
unsafe impl<const N: u32, C: ChunkArray> DpiValue for LogicVec<N, C>
where
    C::Logic: AsRef<[SvLogicVecVal]> + AsMut<[SvLogicVecVal]>,
{
    fn with_input<R>(&self, f: impl FnOnce(*const C::Logic) -> R) -> R {
        let chunks = self.to_chunks();
        f(&chunks)
    }
}

// SAFETY: a value, holding no borrow.
unsafe impl<const N: u32, C: ChunkArray> crate::BorrowedFor<'_> for LogicVec<N, C> {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parts of a 70-bit vector holding 0, 1, Z and X keep every state,
    /// read and written back at every position.
    #[test]
    fn parts_keep_every_state() {
        let states = [Logic::Zero, Logic::One, Logic::Z, Logic::X];
        let mut v = LogicVec::<70>::ZERO;
        for i in 0..70 {
            v.set(i, states[(i as usize * 7 + 3) % 4]);
        }
        for lsb in 0..=70 - 9 {
            let part: LogicVec<9> = v.part(lsb);
            for i in 0..9 {
                assert_eq!(part.get(i), v.get(lsb + i), "[{lsb} +: 9] bit {i}");
            }
            let mut written = LogicVec::<70>::ZERO;
            written.set_part(lsb, part);
            for i in 0..70 {
                let expected = if (lsb..lsb + 9).contains(&i) {
                    v.get(i)
                } else {
                    Logic::Zero
                };
                assert_eq!(written.get(i), expected, "set [{lsb} +: 9] bit {i}");
            }
        }
    }

    #[test]
    fn canonical_encoding_and_masking() {
        let mut v = LogicVec::<40>::ZERO;
        v.set(0, Logic::One);
        v.set(1, Logic::Z);
        v.set(33, Logic::X);
        let chunks = v.to_chunks();
        // 0 = (0,0), 1 = (1,0), Z = (0,1), X = (1,1); chunk 0 is bits 0..32.
        assert_eq!(
            chunks[0],
            SvLogicVecVal {
                aval: 0b01,
                bval: 0b10
            }
        );
        assert_eq!(
            chunks[1],
            SvLogicVecVal {
                aval: 0b10,
                bval: 0b10
            }
        );
        // Bits above N from the simulator are ignored.
        let dirty = [
            SvLogicVecVal {
                aval: 0b01,
                bval: 0b10,
            },
            SvLogicVecVal {
                aval: 0xFFFF_FF02,
                bval: 0xF000_0002,
            },
        ];
        assert_eq!(LogicVec::<40>::from_chunks(&dirty), v);
        assert_eq!(v.to_bits(), None);
        assert_eq!(LogicVec::<40>::unknown().get(39), Logic::X);
    }
}
