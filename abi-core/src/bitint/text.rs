//! Comparison, hashing, formatting and parsing of `BitInt`/`UBitInt`.
//! Expanded by `bit_int_type!` for each type.

macro_rules! bit_int_text {
    ($name:ident, $signed:literal) => {
        impl<const N: u32, S: BitStorage> Default for $name<N, S> {
            fn default() -> Self {
                Self::ZERO
            }
        }

        impl<const N: u32, S: BitStorage> PartialEq for $name<N, S> {
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            fn eq(&self, other: &Self) -> bool {
                self.words().as_ref() == other.words().as_ref()
            }
        }

        impl<const N: u32, S: BitStorage> Eq for $name<N, S> {}

        impl<const N: u32, S: BitStorage> Hash for $name<N, S> {
            fn hash<H: Hasher>(&self, state: &mut H) {
                self.words().as_ref().hash(state);
            }
        }

        impl<const N: u32, S: BitStorage> PartialOrd for $name<N, S> {
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
                Some(self.cmp(other))
            }
            // `<` and the like directly, not through an `Ordering`: one
            // `cmp` (and `sbb`) on one or two words.
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            fn lt(&self, other: &Self) -> bool {
                words::less(self.words().as_ref(), other.words().as_ref(), $signed)
            }
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            fn le(&self, other: &Self) -> bool {
                !words::less(other.words().as_ref(), self.words().as_ref(), $signed)
            }
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            fn gt(&self, other: &Self) -> bool {
                words::less(other.words().as_ref(), self.words().as_ref(), $signed)
            }
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            fn ge(&self, other: &Self) -> bool {
                !words::less(self.words().as_ref(), other.words().as_ref(), $signed)
            }
        }

        impl<const N: u32, S: BitStorage> Ord for $name<N, S> {
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            fn cmp(&self, other: &Self) -> Ordering {
                words::compare(self.words().as_ref(), other.words().as_ref(), $signed)
            }
        }

        impl<const N: u32, S: BitStorage> fmt::Display for $name<N, S> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let negative = self.is_negative();
                let mut magnitude = self.words();
                if negative {
                    words::negate(magnitude.as_mut());
                }
                // Magnitudes of signed values fit their storage: the storage
                // is at least one bit wider than N, or N is a multiple of 64
                // and the negated MIN reads correctly as unsigned.
                let m = magnitude.as_mut();
                let mut chunks = Vec::new();
                while !words::is_zero(m) {
                    chunks.push(words::divide_small(m, 10_000_000_000_000_000_000));
                }
                let mut digits = chunks.last().map_or_else(|| "0".to_owned(), |c| c.to_string());
                for chunk in chunks.iter().rev().skip(1) {
                    digits.push_str(&format!("{chunk:019}"));
                }
                f.pad_integral(!negative, "", &digits)
            }
        }

        impl<const N: u32, S: BitStorage> fmt::Debug for $name<N, S> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(self, f)
            }
        }

        impl<const N: u32, S: BitStorage> fmt::LowerHex for $name<N, S> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.pad_integral(true, "0x", &self.radix_digits(4, false))
            }
        }

        impl<const N: u32, S: BitStorage> fmt::UpperHex for $name<N, S> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.pad_integral(true, "0x", &self.radix_digits(4, true))
            }
        }

        impl<const N: u32, S: BitStorage> fmt::Binary for $name<N, S> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.pad_integral(true, "0b", &self.radix_digits(1, false))
            }
        }

        impl<const N: u32, S: BitStorage> fmt::Octal for $name<N, S> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.pad_integral(true, "0o", &self.radix_digits(3, false))
            }
        }

        impl<const N: u32, S: BitStorage> From<bool> for $name<N, S> {
            fn from(b: bool) -> Self {
                if b { Self::ONE } else { Self::ZERO }
            }
        }

        impl<const N: u32, S: BitStorage> cast::Sealed for $name<N, S> {}

        impl<const N: u32, S: BitStorage> BitIntCast for $name<N, S> {
            const VALUE_BITS: u32 = N;
            const IS_SIGNED: bool = $signed;
            fn word_count() -> usize {
                S::ZERO_WORDS.as_ref().len()
            }
            fn from_extended_words(words: &[u64]) -> Self {
                let mut w = S::ZERO_WORDS;
                for (word, source) in w.as_mut().iter_mut().zip(words) {
                    *word = *source;
                }
                Self::from_words(w)
            }
            fn extended_words(self, len: usize) -> Vec<u64> {
                let words = self.words();
                let fill = if $signed && self.is_negative() { u64::MAX } else { 0 };
                (0..len).map(|k| words.as_ref().get(k).copied().unwrap_or(fill)).collect()
            }
            fn is_below_zero(self) -> bool {
                $signed && self.is_negative()
            }
        }

        impl<const N: u32, S: BitStorage> $name<N, S> {
            /// This value as another `_BitInt` type, keeping the low bits
            /// of the target's width: truncating when it is narrower,
            /// extending by this type's signedness when wider, as `as` does
            /// between primitive integers.
            ///
            /// ```
            /// use abi_core::bitint::{BitInt, UBitInt};
            ///
            /// let x = BitInt::<12>::try_from(-1000).unwrap();
            /// let low: BitInt<8> = x.wrapping_cast();
            /// assert_eq!(i8::try_from(low), Ok(-1000i32 as i8));
            /// let bits: UBitInt<16> = x.wrapping_cast();
            /// assert_eq!(u16::try_from(bits), Ok(64536)); // 2^16 - 1000
            /// ```
            pub fn wrapping_cast<T: BitIntCast>(self) -> T {
                T::from_extended_words(&self.extended_words(T::word_count()))
            }

            /// This value as a `_BitInt` type that holds every value of this
            /// one, as a widening `From` would (which Rust cannot express
            /// between widths): a type of the same signedness at least as
            /// wide, or a signed type wider than this unsigned one. Any
            /// other target is a compile-time error when the code is built
            /// ("`widen` would lose values"); use `try_cast` or
            /// `wrapping_cast` there.
            ///
            /// ```
            /// use abi_core::bitint::{BitInt, UBitInt};
            ///
            /// let x = BitInt::<12>::try_from(-1000).unwrap();
            /// let wide: BitInt<200> = x.widen();
            /// assert_eq!(wide.to_string(), "-1000");
            /// let y: BitInt<13> = UBitInt::<12>::MAX.widen();
            /// assert_eq!(y.to_string(), "4095");
            /// ```
            ///
            /// ```compile_fail
            /// // A signed value cannot widen to an unsigned type.
            /// let _: abi_core::bitint::UBitInt<64> = abi_core::bitint::BitInt::<12>::ZERO.widen();
            /// ```
            pub fn widen<T: BitIntCast>(self) -> T {
                const {
                    let holds_every_value = if T::IS_SIGNED == $signed {
                        T::VALUE_BITS >= N
                    } else {
                        T::IS_SIGNED && T::VALUE_BITS > N
                    };
                    assert!(
                        holds_every_value,
                        "`widen` would lose values: the target type does not hold every value of the source (use `try_cast` or `wrapping_cast`)"
                    );
                }
                self.wrapping_cast()
            }

            /// This value as another `_BitInt` type, or
            /// [`BitIntError::OutOfRange`] when it does not fit there
            /// (widening to a type of the same signedness always fits; a
            /// negative value never fits an unsigned type).
            ///
            /// ```
            /// use abi_core::bitint::{BitInt, BitIntError, UBitInt};
            ///
            /// let x = BitInt::<12>::try_from(-1000).unwrap();
            /// let wide: BitInt<200> = x.try_cast().unwrap();
            /// assert_eq!(wide.to_string(), "-1000");
            /// assert_eq!(x.try_cast::<BitInt<10>>(), Err(BitIntError::OutOfRange));
            /// assert_eq!(x.try_cast::<UBitInt<16>>(), Err(BitIntError::OutOfRange));
            /// ```
            pub fn try_cast<T: BitIntCast>(self) -> Result<T, BitIntError> {
                let converted: T = self.wrapping_cast();
                let len = Self::word_count().max(T::word_count());
                let same = converted.is_below_zero() == self.is_below_zero()
                    && converted.extended_words(len) == self.extended_words(len);
                if same { Ok(converted) } else { Err(BitIntError::OutOfRange) }
            }
        }

        impl<const N: u32, S: BitStorage> core::str::FromStr for $name<N, S> {
            type Err = BitIntError;
            /// An optional sign (`-` only for signed types), then decimal
            /// digits, or `0x`, `0o` or `0b` and hexadecimal, octal or
            /// binary digits; `_` may separate digits. A value outside the
            /// type's range is [`BitIntError::OutOfRange`].
            fn from_str(text: &str) -> Result<Self, BitIntError> {
                let (negative, unsigned_text) = match text.strip_prefix('-') {
                    Some(rest) => (true, rest),
                    None => (false, text.strip_prefix('+').unwrap_or(text)),
                };
                if negative && !$signed {
                    return Err(BitIntError::InvalidDigit);
                }
                let (radix, digits) = [("0x", 16), ("0X", 16), ("0o", 8), ("0O", 8), ("0b", 2), ("0B", 2)]
                    .iter()
                    .find_map(|(prefix, radix)| unsigned_text.strip_prefix(prefix).map(|d| (*radix, d)))
                    .unwrap_or((10, unsigned_text));
                if digits.is_empty() || digits.starts_with('_') {
                    return Err(BitIntError::InvalidDigit);
                }
                // The magnitude, little-endian 64-bit limbs.
                let mut magnitude: Vec<u64> = vec![0];
                for c in digits.chars().filter(|c| *c != '_') {
                    let mut carry = u128::from(c.to_digit(radix).ok_or(BitIntError::InvalidDigit)?);
                    for limb in magnitude.iter_mut() {
                        let t = u128::from(*limb) * u128::from(radix) + carry;
                        *limb = t as u64;
                        carry = t >> 64;
                    }
                    if carry != 0 {
                        magnitude.push(carry as u64);
                    }
                    // Far past any width: stop before the text grows the
                    // limbs without bound.
                    if magnitude.len() as u64 > u64::from(N) / 64 + 2 {
                        return Err(BitIntError::OutOfRange);
                    }
                }
                let top = magnitude.iter().rposition(|&l| l != 0);
                let bits = top.map_or(0, |t| 64 * t as u64 + 64 - u64::from(magnitude[t].leading_zeros()));
                let limit = u64::from(N) - u64::from($signed);
                // A signed type also holds -2^(N-1), whose magnitude has N bits
                // with only the top one set.
                let is_min = negative
                    && bits == u64::from(N)
                    && magnitude.iter().map(|l| l.count_ones()).sum::<u32>() == 1;
                if bits > limit && !is_min {
                    return Err(BitIntError::OutOfRange);
                }
                let mut w = S::ZERO_WORDS;
                for (word, limb) in w.as_mut().iter_mut().zip(&magnitude) {
                    *word = *limb;
                }
                let value = Self::from_words(w);
                Ok(if negative { value.wrapping_neg() } else { value })
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use crate::bitint::*;

    #[test]
    fn parses_every_radix_sign_and_separator() {
        assert_eq!(
            "-3".parse::<BitInt<7>>(),
            Ok(BitInt::<7>::try_from(-3).unwrap())
        );
        assert_eq!("0x7f".parse::<UBitInt<7>>(), Ok(UBitInt::<7>::MAX));
        assert_eq!(
            "0b1_0000_0000".parse::<UBitInt<9>>().unwrap().to_u128(),
            Some(256)
        );
        assert_eq!("+0o777".parse::<UBitInt<9>>().unwrap().to_u128(), Some(511));
        assert_eq!("-64".parse::<BitInt<7>>(), Ok(BitInt::<7>::MIN));
        assert_eq!("63".parse::<BitInt<7>>(), Ok(BitInt::<7>::MAX));
        assert_eq!("64".parse::<BitInt<7>>(), Err(BitIntError::OutOfRange));
        assert_eq!("-65".parse::<BitInt<7>>(), Err(BitIntError::OutOfRange));
        assert_eq!("128".parse::<UBitInt<7>>(), Err(BitIntError::OutOfRange));
        assert_eq!("1".parse::<UBitInt<1>>(), Ok(UBitInt::<1>::ONE));
        for bad in ["", "-", "0x", "_1", "12a", "0b102", "--1"] {
            assert_eq!(
                bad.parse::<BitInt<16>>(),
                Err(BitIntError::InvalidDigit),
                "{bad:?}"
            );
        }
        assert_eq!("-1".parse::<UBitInt<16>>(), Err(BitIntError::InvalidDigit));
        // Wide values round-trip through Display.
        let big: UBitInt<200> = "1606938044258990275541962092341162602522202993782792835301375"
            .parse()
            .unwrap();
        assert_eq!(big, UBitInt::<200>::MAX);
        assert_eq!(big.to_string().parse::<UBitInt<200>>(), Ok(big));
        let min: BitInt<200> = BitInt::<200>::MIN.to_string().parse().unwrap();
        assert_eq!(min, BitInt::<200>::MIN);
        assert_eq!(
            format!("{:#x}", UBitInt::<130>::MAX).parse::<UBitInt<130>>(),
            Ok(UBitInt::<130>::MAX)
        );
    }

    #[test]
    fn casts_between_widths_and_signedness() {
        let x = BitInt::<12>::try_from(-1000).unwrap();
        assert_eq!(x.try_cast::<BitInt<200>>().unwrap().to_string(), "-1000");
        assert_eq!(
            x.wrapping_cast::<UBitInt<16>>().to_u128(),
            Some(0x10000 - 1000)
        );
        assert_eq!(x.try_cast::<UBitInt<16>>(), Err(BitIntError::OutOfRange));
        assert_eq!(
            x.try_cast::<BitInt<11>>(),
            Ok(BitInt::<11>::try_from(-1000).unwrap())
        );
        assert_eq!(x.try_cast::<BitInt<10>>(), Err(BitIntError::OutOfRange));
        let u = UBitInt::<8>::try_from(200u32).unwrap();
        assert_eq!(u.try_cast::<BitInt<8>>(), Err(BitIntError::OutOfRange));
        assert_eq!(u.wrapping_cast::<BitInt<8>>().to_i128(), Some(-56));
        assert_eq!(u.try_cast::<BitInt<9>>().unwrap().to_i128(), Some(200));
        assert_eq!(u.try_cast::<UBitInt<256>>().unwrap().to_string(), "200");
        let wide = BitInt::<250>::MIN;
        assert_eq!(wide.wrapping_cast::<UBitInt<1>>(), UBitInt::<1>::ZERO);
        assert_eq!(wide.try_cast::<BitInt<250>>(), Ok(wide));
        assert_eq!(wide.try_cast::<BitInt<249>>(), Err(BitIntError::OutOfRange));
        assert_eq!(
            wide.try_cast::<BitInt<256>>().unwrap().to_string(),
            wide.to_string()
        );
        // As `as` and `TryFrom` between primitives, for every i16.
        // Every i16 natively; a spread of them under Miri, which is slow.
        for v in (i16::MIN..=i16::MAX).step_by(if cfg!(miri) { 4099 } else { 1 }) {
            let b = BitInt::<16>::try_from(v).unwrap();
            assert_eq!(
                b.wrapping_cast::<UBitInt<8>>().to_u128(),
                Some(u128::from(v as u8))
            );
            assert_eq!(
                b.wrapping_cast::<BitInt<8>>().to_i128(),
                Some(i128::from(v as i8))
            );
            assert_eq!(
                b.wrapping_cast::<BitInt<64>>().to_i128(),
                Some(i128::from(v))
            );
            assert_eq!(b.try_cast::<BitInt<8>>().is_ok(), i8::try_from(v).is_ok());
            assert_eq!(
                b.try_cast::<UBitInt<16>>().is_ok(),
                u16::try_from(v).is_ok()
            );
            let w = UBitInt::<16>::try_from(v as u16).unwrap();
            assert_eq!(
                w.try_cast::<BitInt<16>>().is_ok(),
                i16::try_from(v as u16).is_ok()
            );
        }
    }

    #[test]
    fn wrapping_conversions_from_primitives_and_plain_bits() {
        // Every i16 natively; a spread of them under Miri, which is slow.
        for v in (i16::MIN..=i16::MAX).step_by(if cfg!(miri) { 4099 } else { 1 }) {
            let v128 = i128::from(v);
            assert_eq!(
                i8::try_from(BitInt::<8>::wrapping_from_i128(v128)),
                Ok(v as i8)
            );
            assert_eq!(
                u8::try_from(UBitInt::<8>::wrapping_from_i128(v128)),
                Ok(v as u8)
            );
            assert_eq!(
                u8::try_from(UBitInt::<8>::wrapping_from_u128(v as u16 as u128)),
                Ok(v as u8)
            );
            // The plain 12-bit pattern of v, upper nibble of the last byte dirty.
            let pattern = (v as u16 & 0x0fff) | 0xa000;
            let x = BitInt::<12>::from_le_bits(&pattern.to_le_bytes()).unwrap();
            assert_eq!(x, BitInt::<12>::wrapping_from_i128(v128));
        }
        assert_eq!(
            BitInt::<7>::from_le_bits(&[0x7d, 0]),
            Err(BitIntError::WrongLength { expected: 1 })
        );
        let wide = UBitInt::<200>::wrapping_from_i128(-1);
        assert_eq!(wide, UBitInt::<200>::MAX);
    }

    #[test]
    fn unary_minus_is_negation() {
        let x = BitInt::<24>::try_from(1234).unwrap();
        assert_eq!(-x, BitInt::<24>::try_from(-1234).unwrap());
        assert_eq!(-(-x), x);
        assert_eq!(BitInt::<24>::MIN.wrapping_neg(), BitInt::<24>::MIN);
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "attempt to negate with overflow")]
    fn unary_minus_of_min_panics_in_debug() {
        let _ = -BitInt::<24>::MIN;
    }
}
