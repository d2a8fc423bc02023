//! Operators on `Bits<N>`, with the semantics of `UBitInt<N>` (an unsigned
//! N-bit integer): bitwise operators, shifts, comparisons, and `+`, `-`,
//! `*` that panic on overflow with debug assertions and wrap without, next
//! to explicit `wrapping_*` and `checked_*` forms. They work on the 32-bit
//! chunks directly, so any width (`bits!(1000)` too) costs no conversion.

use core::cmp::Ordering;
use core::ops;

use super::bits::{Bits, ChunkArray};

impl<const N: u32, C: ChunkArray> Bits<N, C> {
    /// All bits one.
    pub fn ones() -> Self {
        let mut chunks = C::ZERO;
        chunks.as_mut_slice().fill(u32::MAX);
        Self::from_chunks(chunks)
    }

    /// The number of bits set.
    pub fn count_ones(&self) -> u32 {
        self.chunks()
            .as_slice()
            .iter()
            .map(|c| c.count_ones())
            .sum()
    }

    /// `self + rhs`, with whether it overflowed N bits (the sum wraps).
    pub fn overflowing_add(self, rhs: Self) -> (Self, bool) {
        let mut sum = C::ZERO;
        let mut carry = 0u64;
        for ((out, &a), &b) in sum
            .as_mut_slice()
            .iter_mut()
            .zip(self.chunks().as_slice())
            .zip(rhs.chunks().as_slice())
        {
            let total = u64::from(a) + u64::from(b) + carry;
            *out = total as u32;
            carry = total >> 32;
        }
        let overflow = carry != 0 || above_width::<N, C>(&sum);
        (Self::from_chunks(sum), overflow)
    }

    /// `self - rhs`, with whether it went below zero (the difference wraps).
    pub fn overflowing_sub(self, rhs: Self) -> (Self, bool) {
        let mut difference = C::ZERO;
        let mut borrow = 0i64;
        for ((out, &a), &b) in difference
            .as_mut_slice()
            .iter_mut()
            .zip(self.chunks().as_slice())
            .zip(rhs.chunks().as_slice())
        {
            let total = i64::from(a) - i64::from(b) - borrow;
            *out = total as u32;
            borrow = i64::from(total < 0);
        }
        (Self::from_chunks(difference), borrow != 0)
    }

    /// `self * rhs`, with whether the product needs more than N bits (the
    /// product wraps).
    pub fn overflowing_mul(self, rhs: Self) -> (Self, bool) {
        let a = self.chunks().as_slice();
        let b = rhs.chunks().as_slice();
        // The full product has twice as many chunks; the low ones are the
        // wrapped result, anything above them (or above N) is overflow.
        let mut full = vec![0u32; 2 * C::LEN];
        for (i, &x) in a.iter().enumerate() {
            let mut carry = 0u64;
            for (j, &y) in b.iter().enumerate() {
                let total = u64::from(x) * u64::from(y) + u64::from(full[i + j]) + carry;
                full[i + j] = total as u32;
                carry = total >> 32;
            }
            full[i + C::LEN] = carry as u32;
        }
        let mut product = C::ZERO;
        product.as_mut_slice().copy_from_slice(&full[..C::LEN]);
        let overflow = full[C::LEN..].iter().any(|&c| c != 0) || above_width::<N, C>(&product);
        (Self::from_chunks(product), overflow)
    }

    /// `self + rhs` modulo 2^N.
    pub fn wrapping_add(self, rhs: Self) -> Self {
        self.overflowing_add(rhs).0
    }

    /// `self - rhs` modulo 2^N.
    pub fn wrapping_sub(self, rhs: Self) -> Self {
        self.overflowing_sub(rhs).0
    }

    /// `self * rhs` modulo 2^N.
    pub fn wrapping_mul(self, rhs: Self) -> Self {
        self.overflowing_mul(rhs).0
    }

    /// `self + rhs`, or `None` when it needs more than N bits.
    pub fn checked_add(self, rhs: Self) -> Option<Self> {
        exact(self.overflowing_add(rhs))
    }

    /// `self - rhs`, or `None` below zero.
    pub fn checked_sub(self, rhs: Self) -> Option<Self> {
        exact(self.overflowing_sub(rhs))
    }

    /// `self * rhs`, or `None` when it needs more than N bits.
    pub fn checked_mul(self, rhs: Self) -> Option<Self> {
        exact(self.overflowing_mul(rhs))
    }

    fn shifted_left(self, amount: u32) -> Self {
        let source = self.chunks().as_slice();
        let (whole, part) = ((amount / 32) as usize, amount % 32);
        let mut chunks = C::ZERO;
        for (i, out) in chunks.as_mut_slice().iter_mut().enumerate().skip(whole) {
            let low = source[i - whole];
            let carried = if part > 0 && i > whole {
                source[i - whole - 1] >> (32 - part)
            } else {
                0
            };
            *out = low << part | carried;
        }
        Self::from_chunks(chunks)
    }

    fn shifted_right(self, amount: u32) -> Self {
        let source = self.chunks().as_slice();
        let (whole, part) = ((amount / 32) as usize, amount % 32);
        let mut chunks = C::ZERO;
        for (i, out) in chunks.as_mut_slice().iter_mut().enumerate() {
            let Some(&high) = source.get(i + whole) else {
                break;
            };
            let carried = match source.get(i + whole + 1) {
                Some(&next) if part > 0 => next << (32 - part),
                _ => 0,
            };
            *out = high >> part | carried;
        }
        Self::from_chunks(chunks)
    }
}

/// Whether the top chunk has bits set above N (before masking).
fn above_width<const N: u32, C: ChunkArray>(chunks: &C) -> bool {
    let used = N - 32 * (C::LEN as u32 - 1);
    used < 32 && chunks.as_slice()[C::LEN - 1] >> used != 0
}

fn exact<T>((value, overflow): (T, bool)) -> Option<T> {
    (!overflow).then_some(value)
}

/// The panic of an arithmetic operator that overflowed, out of line.
#[cold]
#[inline(never)]
#[track_caller]
fn overflow(operation: &str) -> ! {
    panic!("attempt to {operation} with overflow")
}

macro_rules! arithmetic {
    ($($trait:ident $method:ident $assign_trait:ident $assign:ident $overflowing:ident $what:literal;)*) => {$(
        impl<const N: u32, C: ChunkArray> ops::$trait for Bits<N, C> {
            type Output = Self;
            /// Panics on overflow with debug assertions, wraps without, as
            /// `UBitInt<N>` and the primitive integers do.
            #[track_caller]
            fn $method(self, rhs: Self) -> Self {
                let (value, overflowed) = self.$overflowing(rhs);
                if cfg!(debug_assertions) && overflowed {
                    overflow($what);
                }
                value
            }
        }
        impl<const N: u32, C: ChunkArray> ops::$assign_trait for Bits<N, C> {
            #[track_caller]
            fn $assign(&mut self, rhs: Self) {
                *self = ops::$trait::$method(*self, rhs);
            }
        }
    )*};
}

arithmetic! {
    Add add AddAssign add_assign overflowing_add "add";
    Sub sub SubAssign sub_assign overflowing_sub "subtract";
    Mul mul MulAssign mul_assign overflowing_mul "multiply";
}

macro_rules! bitwise {
    ($($trait:ident $method:ident $assign_trait:ident $assign:ident $op:tt $op_assign:tt;)*) => {$(
        impl<const N: u32, C: ChunkArray> ops::$trait for Bits<N, C> {
            type Output = Self;
            fn $method(self, rhs: Self) -> Self {
                let mut chunks = *self.chunks();
                for (out, &b) in chunks.as_mut_slice().iter_mut().zip(rhs.chunks().as_slice()) {
                    *out $op_assign b;
                }
                Self::from_chunks(chunks)
            }
        }
        impl<const N: u32, C: ChunkArray> ops::$assign_trait for Bits<N, C> {
            fn $assign(&mut self, rhs: Self) {
                *self = ops::$trait::$method(*self, rhs);
            }
        }
    )*};
}

bitwise! {
    BitAnd bitand BitAndAssign bitand_assign & &=;
    BitOr bitor BitOrAssign bitor_assign | |=;
    BitXor bitxor BitXorAssign bitxor_assign ^ ^=;
}

impl<const N: u32, C: ChunkArray> ops::Not for Bits<N, C> {
    type Output = Self;
    fn not(self) -> Self {
        let mut chunks = *self.chunks();
        for c in chunks.as_mut_slice() {
            *c = !*c;
        }
        // `from_chunks` clears the inverted bits above N.
        Self::from_chunks(chunks)
    }
}

macro_rules! shift {
    ($($trait:ident $method:ident $assign_trait:ident $assign:ident $shifted:ident $direction:literal;)*) => {$(
        impl<const N: u32, C: ChunkArray> ops::$trait<u32> for Bits<N, C> {
            type Output = Self;
            /// A logical shift. Panics when `amount >= N` with debug
            /// assertions; without, shifts by `amount % N`, as `UBitInt<N>`
            /// and the primitive integers do.
            #[track_caller]
            fn $method(self, amount: u32) -> Self {
                if cfg!(debug_assertions) && amount >= N {
                    overflow(concat!("shift ", $direction));
                }
                self.$shifted(amount % N)
            }
        }
        impl<const N: u32, C: ChunkArray> ops::$assign_trait<u32> for Bits<N, C> {
            #[track_caller]
            fn $assign(&mut self, amount: u32) {
                *self = ops::$trait::$method(*self, amount);
            }
        }
    )*};
}

shift! {
    Shl shl ShlAssign shl_assign shifted_left "left";
    Shr shr ShrAssign shr_assign shifted_right "right";
}

impl<const N: u32, C: ChunkArray> Ord for Bits<N, C> {
    /// As unsigned integers: the most significant chunk first.
    fn cmp(&self, other: &Self) -> Ordering {
        self.chunks()
            .as_slice()
            .iter()
            .rev()
            .cmp(other.chunks().as_slice().iter().rev())
    }
}

impl<const N: u32, C: ChunkArray> PartialOrd for Bits<N, C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitint::UBitInt;

    /// xorshift64: a fixed sequence.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// Every operator against `UBitInt<N>`, the reference of the
    /// semantics, on edge values and random ones (wrapping forms, and the
    /// checked forms' overflow decisions).
    macro_rules! agrees_with_ubitint {
        ($($name:ident: $n:literal;)*) => {$(
            #[test]
            #[allow(clippy::modulo_one, reason = "the one-bit instance")]
            fn $name() {
                type B = Bits<$n>;
                type U = UBitInt<$n>;
                let mut state = 0x9E37_79B9_7F4A_7C15_u64 ^ $n;
                let mut values: Vec<U> = vec![U::ZERO, U::ONE, U::MAX, U::MAX.wrapping_sub(U::ONE)];
                let count = if cfg!(miri) { 4 } else { 60 };
                for _ in 0..count {
                    let mut chunks = [0u32; ($n as usize).div_ceil(32)];
                    chunks.iter_mut().for_each(|c| *c = next(&mut state) as u32);
                    values.push(B::from_chunks(chunks).to_ubitint());
                }
                for &a in &values {
                    let x = B::from_ubitint(a);
                    assert_eq!(x.to_ubitint(), a);
                    assert_eq!(B::from_ubitint(!a), !x, "!{a}");
                    assert_eq!(x.count_ones(), a.count_ones());
                    for amount in [0, 1, 31, 32, 33, $n / 2, $n - 1] {
                        let amount = amount % $n;
                        assert_eq!(B::from_ubitint(a << amount), x << amount, "{a} << {amount}");
                        assert_eq!(B::from_ubitint(a >> amount), x >> amount, "{a} >> {amount}");
                    }
                    for &b in &values {
                        let y = B::from_ubitint(b);
                        assert_eq!(B::from_ubitint(a & b), x & y);
                        assert_eq!(B::from_ubitint(a | b), x | y);
                        assert_eq!(B::from_ubitint(a ^ b), x ^ y);
                        assert_eq!(B::from_ubitint(a.wrapping_add(b)), x.wrapping_add(y), "{a} + {b}");
                        assert_eq!(B::from_ubitint(a.wrapping_sub(b)), x.wrapping_sub(y), "{a} - {b}");
                        assert_eq!(B::from_ubitint(a.wrapping_mul(b)), x.wrapping_mul(y), "{a} * {b}");
                        assert_eq!(a.checked_add(b).map(B::from_ubitint), x.checked_add(y), "{a} + {b}");
                        assert_eq!(a.checked_sub(b).map(B::from_ubitint), x.checked_sub(y), "{a} - {b}");
                        assert_eq!(a.checked_mul(b).map(B::from_ubitint), x.checked_mul(y), "{a} * {b}");
                        assert_eq!(a.cmp(&b), x.cmp(&y), "{a} <=> {b}");
                    }
                }
            }
        )*};
    }

    agrees_with_ubitint! {
        one_bit: 1;
        seven_bits: 7;
        thirty_two_bits: 32;
        thirty_three_bits: 33;
        sixty_four_bits: 64;
        seventy_bits: 70;
        one_hundred_twenty_eight_bits: 128;
        two_hundred_bits: 200;
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "attempt to add with overflow")]
    fn operators_panic_on_overflow_with_debug_assertions() {
        let _ = Bits::<70>::ones() + Bits::<70>::try_from(1u64).unwrap();
    }

    #[test]
    fn generic_code_takes_the_chunks_as_a_parameter() {
        fn parity<const N: u32, C: ChunkArray>(v: Bits<N, C>) -> bool {
            v.count_ones() % 2 == 1
        }
        assert!(parity(Bits::<40>::try_from(0b1011u64).unwrap()));
        assert!(!parity(<crate::bits!(1000)>::ones()));
    }
}
