//! Property tests of `#[derive(Packed)]` against an independent reference:
//! 40 random layouts written by `build.rs` (field widths 1..=300, signed
//! and unsigned fields, arrays, nesting), random values, random bit
//! offsets. The reference builds a packed value as a plain vector of bits,
//! concatenating fields by the rule (first-declared field most significant,
//! array element 0 least significant), and knows nothing of words, shifts
//! or masks.

use abi_core::bitint::{BitInt, UBitInt};
use abi_core::dpi::{Bits, ChunkArray};
use abi_core::packed::{Packed, PackedStruct};

#[path = "../build_support/rng.rs"]
mod rng;
use rng::Rng;

/// A value whose packed bits the reference can state.
trait Reference: Sized {
    fn random(rng: &mut Rng) -> Self;
    /// The packed bits, least significant first.
    fn reference_bits(&self) -> Vec<bool>;
}

/// What the generated layouts add for the checks.
trait Layout: PackedStruct + Reference + PartialEq + core::fmt::Debug {
    /// The width the generator computed from the field types.
    const DECLARED_WIDTH: u32;
    /// Per-field getters and setters of the generated views over `bytes`,
    /// which hold `value` at `bit_offset`.
    fn check_views(value: &Self, other: &Self, bytes: &mut [u8], bit_offset: usize);
    /// `to_u128`, where the width allows it.
    fn as_u128(_value: &Self) -> Option<u128> {
        None
    }
}

fn bits_of_le_bytes(bytes: &[u8], width: usize) -> Vec<bool> {
    (0..width)
        .map(|i| bytes[i / 8] >> (i % 8) & 1 == 1)
        .collect()
}

impl Reference for bool {
    fn random(rng: &mut Rng) -> Self {
        rng.next() & 1 == 1
    }
    fn reference_bits(&self) -> Vec<bool> {
        vec![*self]
    }
}

macro_rules! reference_primitive {
    ($($t:ty),*) => {$(
        impl Reference for $t {
            fn random(rng: &mut Rng) -> Self {
                let bytes = rng.bytes(size_of::<$t>());
                <$t>::from_le_bytes(bytes.try_into().unwrap())
            }
            fn reference_bits(&self) -> Vec<bool> {
                bits_of_le_bytes(&self.to_le_bytes(), <$t>::BITS as usize)
            }
        }
    )*};
}

reference_primitive!(u8, u16, u32, u64, u128, i8, i16, i32, i64, i128);

impl<const N: u32, S: abi_core::bitint::BitStorage> Reference for UBitInt<N, S> {
    fn random(rng: &mut Rng) -> Self {
        let mut bytes = rng.bytes(N.div_ceil(8) as usize);
        if !N.is_multiple_of(8) {
            *bytes.last_mut().unwrap() &= (1u8 << (N % 8)) - 1;
        }
        UBitInt::from_le_bytes(&bytes).unwrap()
    }
    fn reference_bits(&self) -> Vec<bool> {
        bits_of_le_bytes(&self.to_le_bytes(), N as usize)
    }
}

impl<const N: u32, S: abi_core::bitint::BitStorage> Reference for BitInt<N, S> {
    fn random(rng: &mut Rng) -> Self {
        let mut bytes = rng.bytes(N.div_ceil(8) as usize);
        if !N.is_multiple_of(8) {
            let used = N % 8;
            let last = bytes.last_mut().unwrap();
            let negative = *last >> (used - 1) & 1 == 1;
            let high = !((1u8 << used) - 1);
            *last = if negative {
                *last | high
            } else {
                *last & !high
            };
        }
        BitInt::from_le_bytes(&bytes).unwrap()
    }
    fn reference_bits(&self) -> Vec<bool> {
        bits_of_le_bytes(&self.to_le_bytes(), N as usize)
    }
}

impl<const N: u32, C: ChunkArray> Reference for Bits<N, C> {
    fn random(rng: &mut Rng) -> Self {
        let mut chunks = C::ZERO;
        for chunk in chunks.as_mut_slice() {
            *chunk = rng.next() as u32;
        }
        Bits::from_chunks(chunks)
    }
    fn reference_bits(&self) -> Vec<bool> {
        (0..N).map(|i| self.bit(i)).collect()
    }
}

impl<T: Reference, const K: usize> Reference for [T; K] {
    fn random(rng: &mut Rng) -> Self {
        core::array::from_fn(|_| T::random(rng))
    }
    fn reference_bits(&self) -> Vec<bool> {
        // Element 0 is least significant.
        self.iter().flat_map(Reference::reference_bits).collect()
    }
}

include!(concat!(env!("OUT_DIR"), "/packed_layouts.rs"));

fn le_bytes_of_bits(bits: &[bool]) -> Vec<u8> {
    let mut bytes = vec![0u8; bits.len().div_ceil(8)];
    for (i, &bit) in bits.iter().enumerate() {
        bytes[i / 8] |= u8::from(bit) << (i % 8);
    }
    bytes
}

fn check<T: Layout>() {
    let name = core::any::type_name::<T>();
    assert_eq!(T::WIDTH, T::DECLARED_WIDTH, "{name}: width");
    assert_eq!(T::DESC.width, T::WIDTH, "{name}: described width");
    let fields = T::DESC.fields;
    assert_eq!(
        fields.last().unwrap().offset,
        0,
        "{name}: last field at bit 0"
    );
    for pair in fields.windows(2) {
        assert_eq!(
            pair[0].offset,
            pair[1].offset + pair[1].width,
            "{name}: fields adjacent"
        );
    }
    let width = T::WIDTH as usize;
    let mut rng = Rng(0x1234_5678 ^ u64::from(T::WIDTH));
    for round in 0..24 {
        let value = T::random(&mut rng);
        let other = T::random(&mut rng);
        let bits = value.reference_bits();
        assert_eq!(bits.len(), width, "{name}: reference width");
        let le = le_bytes_of_bits(&bits);

        // Whole-value conversions, and their inverses.
        assert_eq!(
            value.to_le_bytes().as_ref(),
            le.as_slice(),
            "{name} #{round}: host bytes"
        );
        let mut swapped = le.clone();
        swapped.reverse();
        assert_eq!(
            value.to_swapped_bytes().as_ref(),
            swapped.as_slice(),
            "{name}: XLS bytes"
        );
        let mut chunks = vec![0u32; width.div_ceil(32)];
        for (i, &bit) in bits.iter().enumerate() {
            chunks[i / 32] |= u32::from(bit) << (i % 32);
        }
        assert_eq!(
            value.to_sv_chunks().as_slice(),
            chunks.as_slice(),
            "{name}: svBitVecVal chunks"
        );
        assert_eq!(
            T::from_le_bytes(&value.to_le_bytes()),
            value,
            "{name}: host round trip"
        );
        assert_eq!(
            T::from_swapped_bytes(&value.to_swapped_bytes()),
            value,
            "{name}: XLS round trip"
        );
        assert_eq!(
            T::from_sv_chunks(&value.to_sv_chunks()),
            value,
            "{name}: chunk round trip"
        );
        assert_eq!(
            T::from_words(&value.to_words()),
            value,
            "{name}: word round trip"
        );
        if let Some(int) = T::as_u128(&value) {
            let expected = bits
                .iter()
                .enumerate()
                .fold(0u128, |acc, (i, &b)| acc | u128::from(b) << i);
            assert_eq!(int, expected, "{name}: to_u128");
            assert_eq!(T::from_u128(int), value, "{name}: from_u128");
        }

        // Bits above the width are ignored when read.
        if !width.is_multiple_of(8) {
            let mut dirty = value.to_le_bytes();
            *dirty.as_mut().last_mut().unwrap() |= !((1u8 << (width % 8)) - 1);
            assert_eq!(T::from_le_bytes(&dirty), value, "{name}: dirty host bytes");
        }
        if !width.is_multiple_of(32) {
            let mut dirty = value.to_sv_chunks();
            *dirty.as_mut_slice().last_mut().unwrap() |= !((1u32 << (width % 32)) - 1);
            assert_eq!(T::from_sv_chunks(&dirty), value, "{name}: dirty chunks");
        }

        // Views at a random offset inside random surrounding bits.
        let bit_offset = match round % 3 {
            0 => round % 8,
            _ => (rng.next() % 150) as usize,
        };
        let len = (bit_offset + width).div_ceil(8) + (rng.next() % 3) as usize;
        let mut buffer = rng.bytes(len);
        let before = buffer.clone();
        abi_core::packed::PackedMut::<T>::new(&mut buffer, bit_offset)
            .unwrap()
            .set(&value);
        for i in 0..len * 8 {
            let expected = if (bit_offset..bit_offset + width).contains(&i) {
                bits[i - bit_offset]
            } else {
                before[i / 8] >> (i % 8) & 1 == 1
            };
            assert_eq!(
                buffer[i / 8] >> (i % 8) & 1 == 1,
                expected,
                "{name}: view set, bit {i} (offset {bit_offset})"
            );
        }
        let view = abi_core::packed::PackedRef::<T>::new(&buffer, bit_offset).unwrap();
        assert_eq!(view.get(), value, "{name}: view get at offset {bit_offset}");
        T::check_views(&value, &other, &mut buffer, bit_offset);

        // Out-of-range views are errors.
        assert!(abi_core::packed::PackedRef::<T>::new(&buffer, len * 8 - width + 1).is_err());
        assert!(
            abi_core::packed::PackedRef::<T>::new(&buffer[..len - 1], len * 8 - width).is_err()
        );
        assert!(abi_core::packed::PackedRef::<T>::new(&buffer, usize::MAX).is_err());
    }
}

#[test]
fn random_layouts_match_the_reference() {
    for_each_layout!(check);
}

#[test]
fn signed_fields_sign_extend() {
    #[derive(Packed, Clone, Copy, Debug, PartialEq, Eq)]
    struct Signed {
        high: BitInt<3>,
        low: i8,
    }
    let value = Signed::from_u64(0b101_1111_1110);
    assert_eq!(i8::try_from(value.high).unwrap(), -3);
    assert_eq!(value.low, -2);
    assert_eq!(value.to_u64(), 0b101_1111_1110);
}
