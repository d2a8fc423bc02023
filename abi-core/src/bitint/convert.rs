//! Conversions of `BitInt`/`UBitInt`: to and from Rust integers, bytes and
//! other widths. Expanded by `bit_int_type!` for each type.

macro_rules! bit_int_convert {
    ($name:ident, $signed:literal, $($int:ident)*, $($uint:ident)*) => {
        impl<const N: u32, S: BitStorage> $name<N, S> {
            /// The value as an `i128` if it fits.
            fn to_i128(self) -> Option<i128> {
                let w = self.words();
                let w = w.as_ref();
                let fill = if words::is_negative(w, $signed) { !0 } else { 0 };
                if w.len() > 2 && w[2..].iter().any(|&x| x != fill) {
                    return None;
                }
                let low = w[0];
                let high = if w.len() > 1 { w[1] } else { fill };
                let value = (u128::from(high) << 64 | u128::from(low)) as i128;
                // The 128-bit window must carry the sign the value has.
                ((value < 0) == (fill != 0)).then_some(value)
            }

            /// The value as a `u128` if it fits.
            fn to_u128(self) -> Option<u128> {
                if self.is_negative() {
                    return None;
                }
                let w = self.words();
                let w = w.as_ref();
                if w.len() > 2 && w[2..].iter().any(|&x| x != 0) {
                    return None;
                }
                Some(u128::from(if w.len() > 1 { w[1] } else { 0 }) << 64 | u128::from(w[0]))
            }

            /// Build from a 128-bit two's-complement value (`negative` says
            /// whether it is an `i128` below zero), if it fits.
            fn from_i128_parts(bits128: u128, negative: bool) -> Option<Self> {
                let value = if negative {
                    Self::wrapping_from_i128(bits128 as i128)
                } else {
                    Self::wrapping_from_u128(bits128)
                };
                // It fits iff reading it back gives the same number.
                let same = if negative {
                    value.to_i128() == Some(bits128 as i128)
                } else {
                    value.to_u128() == Some(bits128)
                };
                same.then_some(value)
            }

            /// The low N bits of `value` (sign-extended from bit N-1 for
            /// `BitInt`), as `as` converts between primitives: wraps where
            /// `TryFrom` would refuse.
            ///
            /// ```
            /// use abi_core::bitint::{BitInt, UBitInt};
            ///
            /// assert_eq!(i8::try_from(BitInt::<8>::wrapping_from_i128(200)), Ok(-56));
            /// assert_eq!(u8::try_from(UBitInt::<4>::wrapping_from_i128(-1)), Ok(15));
            /// ```
            pub fn wrapping_from_i128(value: i128) -> Self {
                let fill = if value < 0 { !0 } else { 0 };
                let mut w = S::ZERO_WORDS;
                for (i, x) in w.as_mut().iter_mut().enumerate() {
                    *x = match i {
                        0 => value as u64,
                        1 => (value >> 64) as u64,
                        _ => fill,
                    };
                }
                Self::from_words(w)
            }

            /// The low N bits of `value`, as [`Self::wrapping_from_i128`].
            pub fn wrapping_from_u128(value: u128) -> Self {
                let mut w = S::ZERO_WORDS;
                for (i, x) in w.as_mut().iter_mut().enumerate().take(2) {
                    *x = (value >> (64 * i)) as u64;
                }
                Self::from_words(w)
            }

            /// From `ceil(N / 8)` little-endian bytes of which only the low
            /// N bits count: the bits above N in the last byte may be
            /// anything (a negative `BitInt` from its plain N-bit pattern,
            /// or bytes C left dirty). [`Self::from_le_bytes`] instead
            /// refuses bytes whose extension is wrong.
            ///
            /// ```
            /// use abi_core::bitint::BitInt;
            ///
            /// // -3 in 7 bits is 0b111_1101; bit 7 is not set.
            /// let x = BitInt::<7>::from_le_bits(&[0x7d]).unwrap();
            /// assert_eq!(i8::try_from(x), Ok(-3));
            /// assert!(BitInt::<7>::from_le_bytes(&[0x7d]).is_err());
            /// ```
            pub fn from_le_bits(bytes: &[u8]) -> Result<Self, BitIntError> {
                let expected = N.div_ceil(8) as usize;
                if bytes.len() != expected {
                    return Err(BitIntError::WrongLength { expected });
                }
                let mut w = S::ZERO_WORDS;
                for (i, byte) in bytes.iter().enumerate() {
                    w.as_mut()[i / 8] |= u64::from(*byte) << (8 * (i % 8));
                }
                // `from_words` keeps the low N bits and extends them.
                Ok(Self::from_words(w))
            }

            /// Little-endian bytes, `ceil(N / 8)` of them; the bits above N
            /// in the last byte are the extension.
            pub fn to_le_bytes(self) -> Vec<u8> {
                let w = self.words();
                w.as_ref().iter().flat_map(|x| x.to_le_bytes()).take(N.div_ceil(8) as usize).collect()
            }

            /// Big-endian bytes, `ceil(N / 8)` of them.
            pub fn to_be_bytes(self) -> Vec<u8> {
                let mut bytes = self.to_le_bytes();
                bytes.reverse();
                bytes
            }

            /// From exactly `ceil(N / 8)` little-endian bytes; the bits
            /// above N in the last byte must be the extension (zero, or
            /// copies of bit N-1 for `BitInt`).
            pub fn from_le_bytes(bytes: &[u8]) -> Result<Self, BitIntError> {
                let expected = N.div_ceil(8) as usize;
                if bytes.len() != expected {
                    return Err(BitIntError::WrongLength { expected });
                }
                let mut w = S::ZERO_WORDS;
                let negative = $signed && bytes[expected - 1] & (1 << ((N - 1) % 8)) != 0;
                for (i, x) in w.as_mut().iter_mut().enumerate() {
                    let mut word = [if negative { 0xff } else { 0 }; 8];
                    for (k, b) in word.iter_mut().enumerate() {
                        if let Some(&byte) = bytes.get(8 * i + k) {
                            *b = byte;
                        }
                    }
                    *x = u64::from_le_bytes(word);
                }
                let value = Self::from_words(w);
                if value.to_le_bytes() == bytes { Ok(value) } else { Err(BitIntError::OutOfRange) }
            }

            /// From exactly `ceil(N / 8)` big-endian bytes.
            pub fn from_be_bytes(bytes: &[u8]) -> Result<Self, BitIntError> {
                let mut le = bytes.to_vec();
                le.reverse();
                Self::from_le_bytes(&le)
            }

            /// Digits of the N-bit two's-complement form in a power-of-two
            /// radix, most significant first, without leading zeros.
            fn radix_digits(self, bits_per_digit: u32, upper: bool) -> String {
                let mut w = self.words();
                words::normalize(w.as_mut(), N, false);
                let w = w.as_ref();
                let digits = N.div_ceil(bits_per_digit);
                let mut out = String::new();
                for d in (0..digits).rev() {
                    let mut value = 0u32;
                    for b in (0..bits_per_digit).rev() {
                        let i = d * bits_per_digit + b;
                        let set = i < N && (w[(i / 64) as usize] >> (i % 64)) & 1 == 1;
                        value = value << 1 | set as u32;
                    }
                    if value != 0 || !out.is_empty() || d == 0 {
                        let c = char::from_digit(value, 1 << bits_per_digit).unwrap();
                        out.push(if upper { c.to_ascii_uppercase() } else { c });
                    }
                }
                out
            }
        }

        $(
            impl<const N: u32, S: BitStorage> TryFrom<$int> for $name<N, S> {
                type Error = BitIntError;
                fn try_from(value: $int) -> Result<Self, BitIntError> {
                    let value = value as i128;
                    Self::from_i128_parts(value as u128, value < 0).ok_or(BitIntError::OutOfRange)
                }
            }
            impl<const N: u32, S: BitStorage> TryFrom<$name<N, S>> for $int {
                type Error = BitIntError;
                fn try_from(value: $name<N, S>) -> Result<$int, BitIntError> {
                    value.to_i128().and_then(|v| <$int>::try_from(v).ok()).ok_or(BitIntError::OutOfRange)
                }
            }
        )*
        $(
            impl<const N: u32, S: BitStorage> TryFrom<$uint> for $name<N, S> {
                type Error = BitIntError;
                fn try_from(value: $uint) -> Result<Self, BitIntError> {
                    Self::from_i128_parts(value as u128, false).ok_or(BitIntError::OutOfRange)
                }
            }
            impl<const N: u32, S: BitStorage> TryFrom<$name<N, S>> for $uint {
                type Error = BitIntError;
                fn try_from(value: $name<N, S>) -> Result<$uint, BitIntError> {
                    value.to_u128().and_then(|v| <$uint>::try_from(v).ok()).ok_or(BitIntError::OutOfRange)
                }
            }
        )*
    };
}
