//! Arithmetic of `BitInt`/`UBitInt`: wrapping and checked operations, division,
//! shifts, and the operator traits. Expanded by `bit_int_type!` for each type.

macro_rules! bit_int_arith {
    ($name:ident, $signed:literal) => {
        impl<const N: u32, S: BitStorage> $name<N, S> {
            /// `self + rhs`, wrapping around at N bits.
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            pub fn wrapping_add(self, rhs: Self) -> Self {
                let mut a = self.words();
                words::add_assign(a.as_mut(), rhs.words().as_ref());
                Self::from_words(a)
            }

            /// `self - rhs`, wrapping around at N bits.
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            pub fn wrapping_sub(self, rhs: Self) -> Self {
                let mut a = self.words();
                words::sub_assign(a.as_mut(), rhs.words().as_ref());
                Self::from_words(a)
            }

            /// `self * rhs`, wrapping around at N bits.
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            pub fn wrapping_mul(self, rhs: Self) -> Self {
                let mut out = S::ZERO_WORDS;
                words::mul_into(out.as_mut(), self.words().as_ref(), rhs.words().as_ref());
                Self::from_words(out)
            }

            /// `-self`, wrapping around at N bits (`MIN` for `BitInt::MIN`).
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            pub fn wrapping_neg(self) -> Self {
                let mut a = self.words();
                words::negate(a.as_mut());
                Self::from_words(a)
            }

            /// `self + rhs`, or `None` on overflow.
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            pub fn checked_add(self, rhs: Self) -> Option<Self> {
                let sum = self.wrapping_add(rhs);
                let overflow = if $signed {
                    self.is_negative() == rhs.is_negative() && sum.is_negative() != self.is_negative()
                } else {
                    sum < self
                };
                (!overflow).then_some(sum)
            }

            /// `self - rhs`, or `None` on overflow.
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            pub fn checked_sub(self, rhs: Self) -> Option<Self> {
                let difference = self.wrapping_sub(rhs);
                let overflow = if $signed {
                    self.is_negative() != rhs.is_negative() && difference.is_negative() != self.is_negative()
                } else {
                    rhs > self
                };
                (!overflow).then_some(difference)
            }

            /// `self * rhs`, or `None` on overflow.
            pub fn checked_mul(self, rhs: Self) -> Option<Self> {
                if self.is_zero() || rhs.is_zero() {
                    return Some(Self::ZERO);
                }
                let product = self.wrapping_mul(rhs);
                // Exact iff dividing back gives the other factor (and, for
                // signed values, the special case MIN * -1 is excluded).
                if $signed && (self == Self::MIN || rhs == Self::MIN) {
                    let other = if self == Self::MIN { rhs } else { self };
                    return (other == Self::ONE).then_some(product);
                }
                let (quotient, remainder) = product.divide::<true>(self);
                (quotient == rhs && remainder.is_zero()).then_some(product)
            }

            /// `-self`, or `None` when it does not fit (`BitInt::MIN`, or any
            /// non-zero `UBitInt`).
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            pub fn checked_neg(self) -> Option<Self> {
                if $signed { (self != Self::MIN).then(|| self.wrapping_neg()) } else { self.is_zero().then_some(self) }
            }

            /// Quotient (truncated towards zero) and remainder (with the sign
            /// of `self`), or `None` when `rhs` is zero or the quotient
            /// overflows (`BitInt::MIN / -1`).
            pub fn checked_div_rem(self, rhs: Self) -> Option<(Self, Self)> {
                self.checked_divide::<true>(rhs)
            }

            /// `checked_div_rem`, with a zero remainder unless `REMAINDER`
            /// (then the division skips working it out).
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn checked_divide<const REMAINDER: bool>(self, rhs: Self) -> Option<(Self, Self)> {
                if rhs.is_zero() {
                    return None;
                }
                if $signed && self == Self::MIN && rhs == Self::ZERO.wrapping_sub(Self::ONE) {
                    return None;
                }
                Some(self.divide::<REMAINDER>(rhs))
            }

            /// `self / rhs`, or `None` when `rhs` is zero or on overflow.
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            pub fn checked_div(self, rhs: Self) -> Option<Self> {
                self.checked_divide::<false>(rhs).map(|(q, _)| q)
            }

            /// `self % rhs`, or `None` when `rhs` is zero or on overflow.
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            pub fn checked_rem(self, rhs: Self) -> Option<Self> {
                self.checked_divide::<true>(rhs).map(|(_, r)| r)
            }

            /// `self / rhs` wrapping (`BitInt::MIN / -1` is `MIN`).
            ///
            /// # Panics
            ///
            /// When `rhs` is zero.
            pub fn wrapping_div(self, rhs: Self) -> Self {
                assert!(!rhs.is_zero(), "attempt to divide by zero");
                self.divide::<false>(rhs).0
            }

            /// `self % rhs` wrapping (`BitInt::MIN % -1` is 0).
            ///
            /// # Panics
            ///
            /// When `rhs` is zero.
            pub fn wrapping_rem(self, rhs: Self) -> Self {
                assert!(!rhs.is_zero(), "attempt to calculate the remainder with a divisor of zero");
                self.divide::<true>(rhs).1
            }

            /// Division of magnitudes with signs applied; `rhs` is not zero.
            /// The remainder is zero unless `REMAINDER`.
            fn divide<const REMAINDER: bool>(self, rhs: Self) -> (Self, Self) {
                let (negative_dividend, negative_divisor) = (self.is_negative(), rhs.is_negative());
                let mut dividend = self.words();
                let mut divisor = rhs.words();
                if negative_dividend {
                    words::negate(dividend.as_mut());
                }
                if negative_divisor {
                    words::negate(divisor.as_mut());
                }
                let mut quotient = S::ZERO_WORDS;
                let mut remainder = S::ZERO_WORDS;
                words::divide_unsigned::<REMAINDER>(dividend.as_mut(), divisor.as_mut(), quotient.as_mut(), remainder.as_mut());
                if negative_dividend != negative_divisor {
                    words::negate(quotient.as_mut());
                }
                if negative_dividend {
                    words::negate(remainder.as_mut());
                }
                (Self::from_words(quotient), Self::from_words(remainder))
            }

            /// `self << amount`, or `None` when `amount >= N`.
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            pub fn checked_shl(self, amount: u32) -> Option<Self> {
                (amount < N).then(|| self.shl_unchecked(amount))
            }

            /// `self >> amount` (arithmetic for `BitInt`), or `None` when
            /// `amount >= N`.
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            pub fn checked_shr(self, amount: u32) -> Option<Self> {
                (amount < N).then(|| self.shr_unchecked(amount))
            }

            /// `self << (amount % N)`.
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            pub fn wrapping_shl(self, amount: u32) -> Self {
                self.shl_unchecked(shift_modulo_width::<N>(amount))
            }

            /// `self >> (amount % N)`.
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            pub fn wrapping_shr(self, amount: u32) -> Self {
                self.shr_unchecked(shift_modulo_width::<N>(amount))
            }

            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn shl_unchecked(self, amount: u32) -> Self {
                let a = self.words();
                let mut r = S::ZERO_WORDS;
                words::shl_into(a.as_ref(), r.as_mut(), amount);
                Self::from_words(r)
            }

            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn shr_unchecked(self, amount: u32) -> Self {
                let a = self.words();
                let fill = if words::is_negative(a.as_ref(), $signed) { !0 } else { 0 };
                let mut r = S::ZERO_WORDS;
                words::shr_into(a.as_ref(), r.as_mut(), amount, fill);
                Self::from_words(r)
            }

        }

        macro_rules! binary_op {
            ($trait:ident, $method:ident, $assign_trait:ident, $assign:ident, $checked:ident, $wrapping:ident, $message:literal) => {
                impl<const N: u32, S: BitStorage> ops::$trait for $name<N, S> {
                    type Output = Self;
                    /// Panics on overflow with debug assertions, wraps
                    /// without (as the primitive integers do).
                    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
                    #[track_caller]
                    fn $method(self, rhs: Self) -> Self {
                        if cfg!(debug_assertions) {
                            self.$checked(rhs).expect($message)
                        } else {
                            self.$wrapping(rhs)
                        }
                    }
                }
                impl<const N: u32, S: BitStorage> ops::$assign_trait for $name<N, S> {
                    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
                    #[track_caller]
                    fn $assign(&mut self, rhs: Self) {
                        *self = ops::$trait::$method(*self, rhs);
                    }
                }
            };
        }
        binary_op!(Add, add, AddAssign, add_assign, checked_add, wrapping_add, "attempt to add with overflow");
        binary_op!(Sub, sub, SubAssign, sub_assign, checked_sub, wrapping_sub, "attempt to subtract with overflow");
        binary_op!(Mul, mul, MulAssign, mul_assign, checked_mul, wrapping_mul, "attempt to multiply with overflow");

        impl<const N: u32, S: BitStorage> ops::Div for $name<N, S> {
            type Output = Self;
            /// Panics when `rhs` is zero or on overflow, as the primitives do.
            #[track_caller]
            fn div(self, rhs: Self) -> Self {
                assert!(!rhs.is_zero(), "attempt to divide by zero");
                self.checked_div(rhs).expect("attempt to divide with overflow")
            }
        }

        impl<const N: u32, S: BitStorage> ops::Rem for $name<N, S> {
            type Output = Self;
            /// Panics when `rhs` is zero or on overflow, as the primitives do.
            #[track_caller]
            fn rem(self, rhs: Self) -> Self {
                assert!(!rhs.is_zero(), "attempt to calculate the remainder with a divisor of zero");
                self.checked_rem(rhs).expect("attempt to calculate the remainder with overflow")
            }
        }

        macro_rules! bit_op {
            ($trait:ident, $method:ident, $assign_trait:ident, $assign:ident) => {
                impl<const N: u32, S: BitStorage> ops::$trait for $name<N, S> {
                    type Output = Self;
                    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
                    fn $method(self, rhs: Self) -> Self {
                        let mut a = self.words();
                        for (x, y) in a.as_mut().iter_mut().zip(rhs.words().as_ref()) {
                            *x = ops::$trait::$method(*x, *y);
                        }
                        Self::from_words(a)
                    }
                }
                impl<const N: u32, S: BitStorage> ops::$assign_trait for $name<N, S> {
                    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
                    fn $assign(&mut self, rhs: Self) {
                        *self = ops::$trait::$method(*self, rhs);
                    }
                }
            };
        }
        bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign);
        bit_op!(BitOr, bitor, BitOrAssign, bitor_assign);
        bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign);

        impl<const N: u32, S: BitStorage> ops::Not for $name<N, S> {
            type Output = Self;
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn not(self) -> Self {
                let mut a = self.words();
                for x in a.as_mut() {
                    *x = !*x;
                }
                Self::from_words(a)
            }
        }

        impl<const N: u32, S: BitStorage> ops::Shl<u32> for $name<N, S> {
            type Output = Self;
            /// Panics when `amount >= N` with debug assertions; without, shifts
            /// by `amount % N` (as the primitive integers do).
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            #[track_caller]
            fn shl(self, amount: u32) -> Self {
                if cfg!(debug_assertions) && amount >= N {
                    shift_overflow("left");
                }
                self.shl_unchecked(shift_modulo_width::<N>(amount))
            }
        }

        impl<const N: u32, S: BitStorage> ops::Shr<u32> for $name<N, S> {
            type Output = Self;
            /// Panics when `amount >= N` with debug assertions; without, shifts
            /// by `amount % N` (as the primitive integers do).
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            #[track_caller]
            fn shr(self, amount: u32) -> Self {
                if cfg!(debug_assertions) && amount >= N {
                    shift_overflow("right");
                }
                self.shr_unchecked(shift_modulo_width::<N>(amount))
            }
        }
    };
}
