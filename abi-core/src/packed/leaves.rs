//! `Packed` for the built-in field types: `bool`, the primitive integers,
//! `UBitInt<N>`/`BitInt<N>`, `Bits<N>`, the 4-state `Logic`, `LogicVec<N>`,
//! `SignedLogicVec<N>` and `Integer`, and arrays of packed types (element 0
//! in the least significant bits).

use super::{BitSink, BitSource, Packed};
use crate::bitint::{BitInt, BitStorage, UBitInt};
use crate::dpi::{
    Bits, ChunkArray, Integer, Logic, LogicVec, SignedLogicVec, SvLogicVecVal, SvType,
};
use crate::model::sv::SvScalar;

impl Packed for bool {
    const WIDTH: u32 = 1;
    const SV_TYPE: SvType = SvType::Scalar(SvScalar::Bit);
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn pack_into<S: BitSink + ?Sized>(&self, dst: &mut S, offset: usize) {
        dst.deposit(offset, 1, u64::from(*self));
    }
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn unpack_from<S: BitSource + ?Sized>(src: &S, offset: usize) -> Self {
        src.extract(offset, 1) != 0
    }
}

macro_rules! packed_primitive {
    ($($t:ty => $unsigned:ty, $sv:ident),* $(,)?) => {$(
        impl Packed for $t {
            const WIDTH: u32 = <$t>::BITS;
            const SV_TYPE: SvType = SvType::$sv { width: <$t>::BITS };
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn pack_into<S: BitSink + ?Sized>(&self, dst: &mut S, offset: usize) {
                dst.deposit(offset, <$t>::BITS, u64::from(*self as $unsigned));
            }
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn unpack_from<S: BitSource + ?Sized>(src: &S, offset: usize) -> Self {
                // The low bits of the word; the cast to the signed type
                // sign-extends from the top field bit.
                src.extract(offset, <$t>::BITS) as $unsigned as $t
            }
        }
    )*};
}

packed_primitive! {
    u8 => u8, PackedBits,
    u16 => u16, PackedBits,
    u32 => u32, PackedBits,
    u64 => u64, PackedBits,
    i8 => u8, PackedSigned,
    i16 => u16, PackedSigned,
    i32 => u32, PackedSigned,
    i64 => u64, PackedSigned,
}

macro_rules! packed_128 {
    ($($t:ty => $sv:ident),*) => {$(
        impl Packed for $t {
            const WIDTH: u32 = 128;
            const SV_TYPE: SvType = SvType::$sv { width: 128 };
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn pack_into<S: BitSink + ?Sized>(&self, dst: &mut S, offset: usize) {
                let bits = *self as u128;
                dst.deposit(offset, 64, bits as u64);
                dst.deposit(offset + 64, 64, (bits >> 64) as u64);
            }
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn unpack_from<S: BitSource + ?Sized>(src: &S, offset: usize) -> Self {
                let low = u128::from(src.extract(offset, 64));
                let high = u128::from(src.extract(offset + 64, 64));
                (high << 64 | low) as $t
            }
        }
    )*};
}

packed_128!(u128 => PackedBits, i128 => PackedSigned);

/// The width of 64-bit word `k` of an `n`-bit value.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn word_width(n: u32, k: usize) -> u32 {
    (n - 64 * k as u32).min(64)
}

macro_rules! packed_bitint {
    ($($name:ident => $sv:ident),*) => {$(
        impl<const N: u32, S: BitStorage> Packed for $name<N, S> {
            const WIDTH: u32 = N;
            const SV_TYPE: SvType = SvType::$sv { width: N };
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn pack_into<D: BitSink + ?Sized>(&self, dst: &mut D, offset: usize) {
                let words = self.words();
                let words = words.as_ref();
                if N > 64 && N <= 128 {
                    // As one u128, cut at the destination's 64-bit word
                    // boundaries: LLVM then reads each piece with one
                    // (possibly unaligned) load, as it does for
                    // hand-written u128 code.
                    let value = u128::from(words[0]) | u128::from(words[1]) << 64;
                    let mut done = 0;
                    while done < N {
                        let at = offset + done as usize;
                        let take = (64 - (at % 64) as u32).min(N - done);
                        dst.deposit(at, take, (value >> done) as u64);
                        done += take;
                    }
                    return;
                }
                for k in 0..N.div_ceil(64) as usize {
                    dst.deposit(offset + 64 * k, word_width(N, k), words[k]);
                }
            }
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn unpack_from<D: BitSource + ?Sized>(src: &D, offset: usize) -> Self {
                let mut words = S::ZERO_WORDS;
                for k in 0..N.div_ceil(64) as usize {
                    words.as_mut()[k] = src.extract(offset + 64 * k, word_width(N, k));
                }
                // Re-extends from bit N-1: zero for `UBitInt`, the sign for
                // `BitInt`.
                Self::from_storage(S::from_words(words))
            }
        }
    )*};
}

packed_bitint!(UBitInt => PackedBits, BitInt => PackedSigned);

impl<const N: u32, C: ChunkArray> Packed for Bits<N, C> {
    const WIDTH: u32 = {
        let () = Self::LAYOUT_CHECK;
        N
    };
    const SV_TYPE: SvType = SvType::PackedBits { width: N };
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn pack_into<S: BitSink + ?Sized>(&self, dst: &mut S, offset: usize) {
        for (k, &chunk) in self.chunks().as_slice().iter().enumerate() {
            let width = (N - 32 * k as u32).min(32);
            dst.deposit(offset + 32 * k, width, u64::from(chunk));
        }
    }
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn unpack_from<S: BitSource + ?Sized>(src: &S, offset: usize) -> Self {
        let mut chunks = C::ZERO;
        for (k, chunk) in chunks.as_mut_slice().iter_mut().enumerate() {
            let width = (N - 32 * k as u32).min(32);
            *chunk = src.extract(offset + 32 * k, width) as u32;
        }
        Self::from_chunks(chunks)
    }
}

impl Packed for Logic {
    const WIDTH: u32 = 1;
    const SV_TYPE: SvType = SvType::Scalar(SvScalar::Logic);
    const FOUR_STATE: bool = true;
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn pack_into<S: BitSink + ?Sized>(&self, dst: &mut S, offset: usize) {
        // `aval`: 1 for One and X.
        dst.deposit(offset, 1, u64::from(matches!(self, Logic::One | Logic::X)));
    }
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn pack_control_into<S: BitSink + ?Sized>(&self, dst: &mut S, offset: usize) {
        // `bval`: 1 for Z and X.
        dst.deposit(offset, 1, u64::from(!self.is_known()));
    }
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn unpack_from<S: BitSource + ?Sized>(src: &S, offset: usize) -> Self {
        Logic::from(src.extract(offset, 1) != 0)
    }
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn unpack_logic_from<S: BitSource + ?Sized>(value: &S, control: &S, offset: usize) -> Self {
        let (aval, bval) = (value.extract(offset, 1), control.extract(offset, 1));
        Logic::from_sv_logic((aval | bval << 1) as u8)
    }
}

/// The planes of a 4-state vector, 32 bits at a time.
fn pack_planes<S: BitSink + ?Sized>(
    chunks: &[SvLogicVecVal],
    width: u32,
    dst: &mut S,
    offset: usize,
    plane: fn(&SvLogicVecVal) -> u32,
) {
    for (k, chunk) in chunks.iter().enumerate() {
        let run = (width - 32 * k as u32).min(32);
        dst.deposit(offset + 32 * k, run, u64::from(plane(chunk)));
    }
}

impl<const N: u32, C: ChunkArray> Packed for LogicVec<N, C> {
    const WIDTH: u32 = {
        let () = Bits::<N, C>::LAYOUT_CHECK;
        N
    };
    const SV_TYPE: SvType = SvType::PackedLogic { width: N };
    const FOUR_STATE: bool = true;
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn pack_into<S: BitSink + ?Sized>(&self, dst: &mut S, offset: usize) {
        pack_planes(self.to_chunks().as_ref(), N, dst, offset, |c| c.aval);
    }
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn pack_control_into<S: BitSink + ?Sized>(&self, dst: &mut S, offset: usize) {
        pack_planes(self.to_chunks().as_ref(), N, dst, offset, |c| c.bval);
    }
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn unpack_from<S: BitSource + ?Sized>(src: &S, offset: usize) -> Self {
        LogicVec::from_bits(Bits::unpack_from(src, offset))
    }
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn unpack_logic_from<S: BitSource + ?Sized>(value: &S, control: &S, offset: usize) -> Self {
        let mut chunks = C::LOGIC_ZERO;
        for (k, chunk) in chunks.as_mut().iter_mut().enumerate() {
            let run = (N - 32 * k as u32).min(32);
            let at = offset + 32 * k;
            *chunk = SvLogicVecVal {
                aval: value.extract(at, run) as u32,
                bval: control.extract(at, run) as u32,
            };
        }
        LogicVec::from_chunks(&chunks)
    }
}

/// `Packed` for a 4-state type that is a `LogicVec` with another
/// SystemVerilog spelling.
macro_rules! packed_like_logic_vec {
    ($([$($generics:tt)*] $t:ty => $vec:ty, $sv:expr, $wrap:expr, $unwrap:expr;)*) => {$(
        impl<$($generics)*> Packed for $t {
            const WIDTH: u32 = <$vec as Packed>::WIDTH;
            const SV_TYPE: SvType = $sv;
            const FOUR_STATE: bool = true;
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn pack_into<S: BitSink + ?Sized>(&self, dst: &mut S, offset: usize) {
                $unwrap(self).pack_into(dst, offset);
            }
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn pack_control_into<S: BitSink + ?Sized>(&self, dst: &mut S, offset: usize) {
                $unwrap(self).pack_control_into(dst, offset);
            }
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn unpack_from<S: BitSource + ?Sized>(src: &S, offset: usize) -> Self {
                $wrap(<$vec>::unpack_from(src, offset))
            }
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn unpack_logic_from<S: BitSource + ?Sized>(value: &S, control: &S, offset: usize) -> Self {
                $wrap(<$vec>::unpack_logic_from(value, control, offset))
            }
        }
    )*};
}

packed_like_logic_vec! {
    [const N: u32, C: ChunkArray] SignedLogicVec<N, C> => LogicVec<N, C>,
        SvType::PackedSignedLogic { width: N }, SignedLogicVec::from_logic, SignedLogicVec::logic;
    [] Integer => LogicVec<32>, SvType::Scalar(SvScalar::FourStateInt), Integer::from_logic, Integer::logic;
}

impl<T: Packed, const K: usize> Packed for [T; K] {
    const WIDTH: u32 = {
        assert!(K >= 1, "a packed array needs at least one element");
        T::WIDTH * K as u32
    };
    const SV_TYPE: SvType = SvType::PackedArray {
        element: &T::SV_TYPE,
        len: K,
    };
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn pack_into<S: BitSink + ?Sized>(&self, dst: &mut S, offset: usize) {
        for (i, element) in self.iter().enumerate() {
            element.pack_into(dst, offset + i * T::WIDTH as usize);
        }
    }
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn unpack_from<S: BitSource + ?Sized>(src: &S, offset: usize) -> Self {
        core::array::from_fn(|i| T::unpack_from(src, offset + i * T::WIDTH as usize))
    }
    const FOUR_STATE: bool = T::FOUR_STATE;
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn pack_control_into<S: BitSink + ?Sized>(&self, dst: &mut S, offset: usize) {
        for (i, element) in self.iter().enumerate() {
            element.pack_control_into(dst, offset + i * T::WIDTH as usize);
        }
    }
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn unpack_logic_from<S: BitSource + ?Sized>(value: &S, control: &S, offset: usize) -> Self {
        core::array::from_fn(|i| {
            T::unpack_logic_from(value, control, offset + i * T::WIDTH as usize)
        })
    }
}
