//! `BitInt<N>` and `UBitInt<N>`: Rust integers with the exact C ABI of
//! C23 `_BitInt(N)` and `unsigned _BitInt(N)` on the compilation target.
//!
//! ```
//! use abi_core::{BitInt, UBitInt};
//!
//! let a = BitInt::<24>::try_from(-8_000_000).unwrap();
//! let b = BitInt::<24>::try_from(1_000_000).unwrap();
//! assert_eq!(a.wrapping_sub(b), BitInt::<24>::try_from(7_777_216).unwrap()); // wraps at 24 bits
//! assert_eq!(a.checked_sub(b), None);
//! assert_eq!(BitInt::<24>::MIN.to_string(), "-8388608");
//!
//! let x = UBitInt::<100>::MAX;
//! assert_eq!(format!("{x:#x}"), "0xfffffffffffffffffffffffff");
//! assert_eq!(x.wrapping_add(UBitInt::ONE), UBitInt::ZERO);
//! assert_eq!(size_of::<UBitInt<100>>(), 16); // as clang: 16 bytes...
//! # #[cfg(target_arch = "x86_64")]
//! assert_eq!(align_of::<UBitInt<100>>(), 8); // ...aligned to 8 on x86-64, not 16 like u128
//!
//! // Widths above the built-in table (1..=256) through the macros:
//! type U4096 = abi_core::ubitint!(4096);
//! assert_eq!(U4096::MAX.count_ones(), 4096);
//! ```
//!
//! # Representation
//!
//! The storage is chosen per target in [`storage`](self) (x86-64: the
//! smallest of `u8`/`u16`/`u32`/`u64` up to 64 bits, then `[u64; K]` with
//! alignment 8; AArch64: `[u128; K]` above 64 bits, so the value travels in
//! an even register pair like `__int128`; i386: `[u32; K]` above 64 bits,
//! alignment 4). Values built in Rust are always
//! stored fully extended (sign-extended for `BitInt`, zero-extended for
//! `UBitInt`) into the padding bits, which is what C callees on every target
//! may rely on. C does not promise the same in the other direction, so every
//! operation re-normalises its inputs: a value read from C memory or
//! returned by C with garbage in the padding bits still compares, hashes,
//! prints and computes as the N-bit value it holds. Padding is never a
//! validity invariant.
//!
//! # Targets
//!
//! Storage and calls are tested against clang-19 on x86-64 and i686 (widths
//! 2 to 4096) and on aarch64, riscv64 and armv7 (widths 2 to 128, their
//! `__BITINT_MAXWIDTH__`; run under qemu-user): C calls Rust and Rust calls
//! C, in registers, on the stack, after one `int` (AArch64's even register
//! pairs), by pointer and inside structs, with dirty padding bits. Two ABI
//! differences reach Rust code that declares C functions itself:
//!
//! - i386 passes `_BitInt(N > 64)` by reference: declare the parameter as
//!   [`CArg<T>`] and pass [`BitInt::as_c_arg`] (on the other targets that
//!   is the value itself). Generated shims handle it (a NULL pointer is an
//!   argument error).
//! - ABIs widen a narrow argument or result in its register by C's
//!   signedness, so a signed value travels as a signed primitive: declare
//!   C results as [`CValue<T>`] and convert with [`BitInt::from_c_value`].
//!
//! The other little-endian targets of [`bitint_layout`](crate::bitint_layout)
//! get storage that follows its table, untested by calls; big-endian
//! targets are rejected at compile time.

pub(crate) mod storage;
mod words;

use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops;

pub(crate) use storage::for_each_default_width;
pub use storage::{
    BitStorage, ByValue, CPassing, DEFAULT_STORAGE_MAX_WIDTH, DefaultStorage, Kind, NoSuchBitInt,
    Pick, Signed, U128Words, Unsigned, Width, chunks, kind,
};

use crate::bitint_layout::{BitIntTarget, bitint_layout};

/// How C passes a `T` argument at the machine level: the parameter type to
/// write in an `extern "C"` block that declares a C function taking
/// `_BitInt(N)` (pass [`BitInt::as_c_arg`]). It has the ABI of the storage
/// on most targets, of a pointer to it on i386 above 64 bits, where clang
/// passes the value by reference, and of a primitive of C's signedness for
/// narrow values, which ABIs widen in the register (`#[repr(transparent)]`
/// over that machine type, so the compiler's messages name `CArg<...>`).
///
/// ```
/// use abi_core::{BitInt, c_export};
/// use abi_core::bitint::{CArg, CValue};
///
/// // A function with C's `_BitInt(100) twice(_BitInt(100))` ABI (here in
/// // Rust; in practice written in C and compiled by clang).
/// #[c_export]
/// pub fn twice(x: BitInt<100>) -> BitInt<100> {
///     x.wrapping_add(x)
/// }
///
/// unsafe extern "C" {
///     #[link_name = "twice"]
///     fn c_twice(x: CArg<BitInt<100>>) -> CValue<BitInt<100>>;
/// }
///
/// let x = BitInt::<100>::try_from(-21).unwrap();
/// // SAFETY: `twice` has exactly this C prototype.
/// let doubled = BitInt::<100>::from_c_value(unsafe { c_twice(x.as_c_arg()) });
/// assert_eq!(doubled, BitInt::try_from(-42).unwrap());
/// ```
#[repr(transparent)]
pub struct CArg<T: crate::CParam>(T::Raw);

impl<T: crate::CParam> CArg<T> {
    /// The machine-level value (the storage, a primitive, or a pointer).
    pub fn into_raw(self) -> T::Raw {
        self.0
    }
}

impl<T: crate::CParam> Clone for CArg<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: crate::CParam> Copy for CArg<T> {}

impl<T: crate::CParam> fmt::Debug for CArg<T>
where
    T::Raw: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("CArg").field(&self.0).finish()
    }
}

/// How C returns a `T` at the machine level: the result type to write in an
/// `extern "C"` block that declares a C function returning `_BitInt(N)`
/// (convert with [`BitInt::from_c_value`]). A narrow value travels as a
/// primitive of C's signedness, because ABIs widen it in the register by
/// that signedness (a signed `_BitInt(8)` as `i8`), a wide one as its
/// storage (`#[repr(transparent)]` over that machine type). See [`CArg`]
/// for an example.
#[repr(transparent)]
pub struct CValue<T: crate::CResult>(T::Raw);

impl<T: crate::CResult> CValue<T> {
    /// The machine-level value (the storage, or a primitive).
    pub fn into_raw(self) -> T::Raw {
        self.0
    }
}

impl<T: crate::CResult> Clone for CValue<T>
where
    T::Raw: Copy,
{
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: crate::CResult> Copy for CValue<T> where T::Raw: Copy {}

impl<T: crate::CResult> fmt::Debug for CValue<T>
where
    T::Raw: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("CValue").field(&self.0).finish()
    }
}

/// A value that does not fit the target type, or bytes of the wrong length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BitIntError {
    /// The value is outside the target type's range.
    OutOfRange,
    /// A byte slice of the wrong length: `expected` bytes are needed.
    WrongLength {
        /// The number of bytes the type needs (`ceil(N / 8)`).
        expected: usize,
    },
    /// Text that is not a number: no digits, a digit outside the radix, or
    /// a `-` for an unsigned type.
    InvalidDigit,
}

impl fmt::Display for BitIntError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BitIntError::OutOfRange => {
                f.write_str("value out of range for the target integer type")
            }
            BitIntError::WrongLength { expected } => write!(f, "expected exactly {expected} bytes"),
            BitIntError::InvalidDigit => f.write_str("not a number: expected an optional sign, then decimal digits, or 0x/0o/0b and digits of that radix (`_` may separate them)"),
        }
    }
}

impl std::error::Error for BitIntError {}

mod cast {
    pub trait Sealed {}
}

/// A `_BitInt` type values can be cast to: [`BitInt<N>`] and
/// [`UBitInt<N>`] (sealed). See `wrapping_cast` and `try_cast`.
pub trait BitIntCast: Copy + cast::Sealed {
    #[doc(hidden)]
    const VALUE_BITS: u32;
    #[doc(hidden)]
    const IS_SIGNED: bool;
    #[doc(hidden)]
    fn word_count() -> usize;
    #[doc(hidden)]
    fn from_extended_words(words: &[u64]) -> Self;
    #[doc(hidden)]
    fn extended_words(self, len: usize) -> Vec<u64>;
    #[doc(hidden)]
    fn is_below_zero(self) -> bool;
}

/// Storage bytes `[from, to)` bits set (`true`) or cleared, at compile time.
/// Little-endian storage: bit `i` is bit `i % 8` of byte `i / 8`.
const fn with_bits<S: BitStorage>(mut storage: S, from: u32, to: u32, set: bool) -> S {
    let bytes = (&raw mut storage).cast::<u8>();
    let mut bit = from;
    while bit < to {
        let mask = 1u8 << (bit % 8);
        // SAFETY: `bit < to <= 8 * size_of::<S>()`, so the byte is inside
        // `storage`.
        let byte = unsafe { bytes.add((bit / 8) as usize) };
        // SAFETY: in bounds (above); `storage` is plain integer data, every
        // byte initialised, and nothing else refers to it.
        let old = unsafe { *byte };
        // SAFETY: as above.
        unsafe { *byte = if set { old | mask } else { old & !mask } };
        bit += 1;
    }
    storage
}

/// Panics (at compile time, where the value is used in a `const`) unless
/// `S` has the size and alignment clang gives `_BitInt(N)` here.
const fn check_layout<S: BitStorage>(bits: u32, signed: bool) {
    let Some(target) = BitIntTarget::current() else {
        panic!("abi-core does not know the `_BitInt` ABI of this target");
    };
    let Some(layout) = bitint_layout(target, bits, signed) else {
        panic!(
            "this width is not a valid `_BitInt` on this target (0, 1 for signed, or above __BITINT_MAXWIDTH__)"
        );
    };
    assert!(
        size_of::<S>() == layout.size && align_of::<S>() == layout.align,
        "the storage type does not have the size and alignment of this `_BitInt(N)`; use `bitint!(N)`/`ubitint!(N)`"
    );
}

/// The panic of `<<` and `>>` by `N` or more (with debug assertions), out of
/// line so that the inlined operators stay small.
#[cold]
#[inline(never)]
#[track_caller]
fn shift_overflow(direction: &str) -> ! {
    panic!("attempt to shift {direction} with overflow")
}

/// `amount % N`, in one `and` when N is a power of two and otherwise
/// behind a branch that in-range amounts do not take (no division).
#[inline(always)]
fn shift_modulo_width<const N: u32>(amount: u32) -> u32 {
    if N.is_power_of_two() {
        amount & (N - 1)
    } else if amount >= N {
        amount % N
    } else {
        amount
    }
}

macro_rules! bit_int_type {
    ($(#[$doc:meta])* $name:ident, signed = $signed:literal, sign = $sign:ident, c = $c_prefix:literal) => {
        $(#[$doc])*
        #[repr(transparent)]
        #[derive(Clone, Copy)]
        pub struct $name<const N: u32, S: BitStorage = <Width<N> as DefaultStorage>::$sign> {
            storage: S,
        }

        impl<const N: u32, S: BitStorage> $name<N, S> {
            /// N, the number of value bits.
            pub const BITS: u32 = N;
            /// Whether the type is signed.
            pub const SIGNED: bool = $signed;
            /// Evaluated by every constructor: the storage has the exact
            /// `_BitInt(N)` layout and N is a valid width on this target.
            const LAYOUT: () = check_layout::<S>(N, $signed);
            /// Zero.
            pub const ZERO: Self = {
                let () = Self::LAYOUT;
                Self { storage: S::ZERO }
            };
            /// One (for `BitInt<N>`, N >= 2 is required by C anyway).
            pub const ONE: Self = Self { storage: with_bits(Self::ZERO.storage, 0, 1, true) };
            /// The largest value.
            pub const MAX: Self = {
                let () = Self::LAYOUT;
                let total = 8 * size_of::<S>() as u32;
                let first_zero = if $signed { N - 1 } else { N };
                Self { storage: with_bits(S::ONES, first_zero, total, false) }
            };
            /// The smallest value.
            pub const MIN: Self = {
                let () = Self::LAYOUT;
                let total = 8 * size_of::<S>() as u32;
                if $signed {
                    Self { storage: with_bits(S::ZERO, N - 1, total, true) }
                } else {
                    Self { storage: S::ZERO }
                }
            };

            /// Wrap raw storage, for example bytes C wrote; the padding bits
            /// may hold anything and are re-normalised.
            #[inline(always)]
            pub fn from_storage(storage: S) -> Self {
                let () = Self::LAYOUT;
                Self::from_words(storage.to_words())
            }

            /// The storage, fully extended (what C receives).
            #[inline(always)]
            pub fn to_storage(self) -> S {
                self.normalized().storage
            }

            /// The value as an argument of a C function declared in Rust:
            /// declare the parameter as [`CArg`](crate::bitint::CArg)`<Self>`
            /// and pass `value.as_c_arg()`. It is the storage by value, or,
            /// on targets where clang passes `_BitInt(N)` by reference (i386
            /// above 64 bits), a pointer to `self`'s storage, valid while
            /// `self` is borrowed. A value passed by value is always fully
            /// extended, whatever padding bits `self` holds (a value read
            /// from C memory may hold any): clang's callees compare whole
            /// registers. Passed by reference (i386 only), the pointee is
            /// `self` as it is; call [`normalized`](Self::normalized) first
            /// on a value copied out of C memory.
            #[inline(always)]
            pub fn as_c_arg(&self) -> CArg<Self> {
                CArg(<S as CPassing<$sign>>::as_extended_arg(&self.storage, self.to_storage()))
            }

            /// A value a C function declared in Rust returned: declare the
            /// result as [`CValue`](crate::bitint::CValue)`<Self>` and
            /// convert it here (the padding bits are re-normalised). A
            /// narrow value travels as a primitive of C's signedness.
            #[inline(always)]
            pub fn from_c_value(value: CValue<Self>) -> Self {
                Self::from_storage(<S as CPassing<$sign>>::from_value(value.0))
            }

            /// The same value with the padding bits re-extended. Values
            /// built in Rust are already normalised; values that came from C
            /// by pointer or by return may not be.
            #[inline(always)]
            pub fn normalized(self) -> Self {
                Self::from_words(self.storage.to_words())
            }

            /// The normalised value as little-endian 64-bit words.
            #[inline(always)]
            pub fn words(self) -> S::Words {
                let mut w = self.storage.to_words();
                words::normalize(w.as_mut(), N, $signed);
                w
            }

            #[inline(always)]
            fn from_words(mut w: S::Words) -> Self {
                let () = Self::LAYOUT;
                words::normalize(w.as_mut(), N, $signed);
                Self { storage: S::from_words(w) }
            }

            /// Whether the value is zero.
            #[inline]
            pub fn is_zero(self) -> bool {
                words::is_zero(self.words().as_ref())
            }

            /// Whether the value is below zero (never for `UBitInt`).
            #[inline]
            pub fn is_negative(self) -> bool {
                words::is_negative(self.words().as_ref(), $signed)
            }

            /// Number of one bits in the N-bit two's-complement form.
            pub fn count_ones(self) -> u32 {
                let mut w = self.words();
                // Count only the N value bits.
                words::normalize(w.as_mut(), N, false);
                w.as_ref().iter().map(|x| x.count_ones()).sum()
            }

            /// `self + rhs`, wrapping around at N bits.
            #[inline(always)]
            pub fn wrapping_add(self, rhs: Self) -> Self {
                let mut a = self.words();
                words::add_assign(a.as_mut(), rhs.words().as_ref());
                Self::from_words(a)
            }

            /// `self - rhs`, wrapping around at N bits.
            #[inline(always)]
            pub fn wrapping_sub(self, rhs: Self) -> Self {
                let mut a = self.words();
                words::sub_assign(a.as_mut(), rhs.words().as_ref());
                Self::from_words(a)
            }

            /// `self * rhs`, wrapping around at N bits.
            #[inline(always)]
            pub fn wrapping_mul(self, rhs: Self) -> Self {
                let mut out = S::ZERO_WORDS;
                words::mul_into(out.as_mut(), self.words().as_ref(), rhs.words().as_ref());
                Self::from_words(out)
            }

            /// `-self`, wrapping around at N bits (`MIN` for `BitInt::MIN`).
            #[inline(always)]
            pub fn wrapping_neg(self) -> Self {
                let mut a = self.words();
                words::negate(a.as_mut());
                Self::from_words(a)
            }

            /// `self + rhs`, or `None` on overflow.
            #[inline]
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
            #[inline]
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
                let (quotient, remainder) = product.div_rem_unchecked(self);
                (quotient == rhs && remainder.is_zero()).then_some(product)
            }

            /// `-self`, or `None` when it does not fit (`BitInt::MIN`, or any
            /// non-zero `UBitInt`).
            #[inline]
            pub fn checked_neg(self) -> Option<Self> {
                if $signed { (self != Self::MIN).then(|| self.wrapping_neg()) } else { self.is_zero().then_some(self) }
            }

            /// Quotient (truncated towards zero) and remainder (with the sign
            /// of `self`), or `None` when `rhs` is zero or the quotient
            /// overflows (`BitInt::MIN / -1`).
            pub fn checked_div_rem(self, rhs: Self) -> Option<(Self, Self)> {
                if rhs.is_zero() {
                    return None;
                }
                if $signed && self == Self::MIN && rhs == Self::ZERO.wrapping_sub(Self::ONE) {
                    return None;
                }
                Some(self.div_rem_unchecked(rhs))
            }

            /// `self / rhs`, or `None` when `rhs` is zero or on overflow.
            #[inline]
            pub fn checked_div(self, rhs: Self) -> Option<Self> {
                self.checked_div_rem(rhs).map(|(q, _)| q)
            }

            /// `self % rhs`, or `None` when `rhs` is zero or on overflow.
            #[inline]
            pub fn checked_rem(self, rhs: Self) -> Option<Self> {
                self.checked_div_rem(rhs).map(|(_, r)| r)
            }

            /// `self / rhs` wrapping (`BitInt::MIN / -1` is `MIN`).
            ///
            /// # Panics
            ///
            /// When `rhs` is zero.
            pub fn wrapping_div(self, rhs: Self) -> Self {
                assert!(!rhs.is_zero(), "attempt to divide by zero");
                self.div_rem_unchecked(rhs).0
            }

            /// `self % rhs` wrapping (`BitInt::MIN % -1` is 0).
            ///
            /// # Panics
            ///
            /// When `rhs` is zero.
            pub fn wrapping_rem(self, rhs: Self) -> Self {
                assert!(!rhs.is_zero(), "attempt to calculate the remainder with a divisor of zero");
                self.div_rem_unchecked(rhs).1
            }

            /// Division of magnitudes with signs applied; `rhs` is not zero.
            fn div_rem_unchecked(self, rhs: Self) -> (Self, Self) {
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
                words::divide_unsigned(dividend.as_ref(), divisor.as_ref(), quotient.as_mut(), remainder.as_mut());
                if negative_dividend != negative_divisor {
                    words::negate(quotient.as_mut());
                }
                if negative_dividend {
                    words::negate(remainder.as_mut());
                }
                (Self::from_words(quotient), Self::from_words(remainder))
            }

            /// `self << amount`, or `None` when `amount >= N`.
            #[inline]
            pub fn checked_shl(self, amount: u32) -> Option<Self> {
                (amount < N).then(|| self.shl_unchecked(amount))
            }

            /// `self >> amount` (arithmetic for `BitInt`), or `None` when
            /// `amount >= N`.
            #[inline]
            pub fn checked_shr(self, amount: u32) -> Option<Self> {
                (amount < N).then(|| self.shr_unchecked(amount))
            }

            /// `self << (amount % N)`.
            #[inline]
            pub fn wrapping_shl(self, amount: u32) -> Self {
                self.shl_unchecked(shift_modulo_width::<N>(amount))
            }

            /// `self >> (amount % N)`.
            #[inline]
            pub fn wrapping_shr(self, amount: u32) -> Self {
                self.shr_unchecked(shift_modulo_width::<N>(amount))
            }

            #[inline(always)]
            fn shl_unchecked(self, amount: u32) -> Self {
                let mut a = self.words();
                words::shl(a.as_mut(), amount);
                Self::from_words(a)
            }

            #[inline(always)]
            fn shr_unchecked(self, amount: u32) -> Self {
                let mut a = self.words();
                let fill = if words::is_negative(a.as_ref(), $signed) { !0 } else { 0 };
                words::shr(a.as_mut(), amount, fill);
                Self::from_words(a)
            }

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
            /// use abi_core::{BitInt, UBitInt};
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
            /// use abi_core::BitInt;
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

        impl<const N: u32, S: BitStorage> Default for $name<N, S> {
            fn default() -> Self {
                Self::ZERO
            }
        }

        impl<const N: u32, S: BitStorage> PartialEq for $name<N, S> {
            #[inline]
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
            #[inline]
            fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
                Some(self.cmp(other))
            }
        }

        impl<const N: u32, S: BitStorage> Ord for $name<N, S> {
            #[inline]
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

        bit_int_type!(@ops $name, $signed);
        bit_int_type!(@convert $name, $signed, i8 i16 i32 i64 i128 isize, u8 u16 u32 u64 u128 usize);
        bit_int_type!(@ffi $name, $signed, $sign, $c_prefix);
        bit_int_type!(@text $name, $signed);
    };

    (@ops $name:ident, $signed:literal) => {
        macro_rules! binary_op {
            ($trait:ident, $method:ident, $assign_trait:ident, $assign:ident, $checked:ident, $wrapping:ident, $message:literal) => {
                impl<const N: u32, S: BitStorage> ops::$trait for $name<N, S> {
                    type Output = Self;
                    /// Panics on overflow with debug assertions, wraps
                    /// without (as the primitive integers do).
                    #[inline(always)]
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
                    #[inline(always)]
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
                    #[inline(always)]
                    fn $method(self, rhs: Self) -> Self {
                        let mut a = self.words();
                        for (x, y) in a.as_mut().iter_mut().zip(rhs.words().as_ref()) {
                            *x = ops::$trait::$method(*x, *y);
                        }
                        Self::from_words(a)
                    }
                }
                impl<const N: u32, S: BitStorage> ops::$assign_trait for $name<N, S> {
                    #[inline(always)]
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
            #[inline(always)]
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
            #[inline(always)]
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
            #[inline(always)]
            #[track_caller]
            fn shr(self, amount: u32) -> Self {
                if cfg!(debug_assertions) && amount >= N {
                    shift_overflow("right");
                }
                self.shr_unchecked(shift_modulo_width::<N>(amount))
            }
        }
    };

    (@convert $name:ident, $signed:literal, $($int:ident)*, $($uint:ident)*) => {
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

    (@text $name:ident, $signed:literal) => {
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
            /// use abi_core::{BitInt, UBitInt};
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
            /// use abi_core::{BitInt, UBitInt};
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
            /// let _: abi_core::UBitInt<64> = abi_core::BitInt::<12>::ZERO.widen();
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
            /// use abi_core::{BitInt, BitIntError, UBitInt};
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

    (@ffi $name:ident, $signed:literal, $sign:ident, $c_prefix:literal) => {
        // SAFETY: `#[repr(transparent)]` over storage whose size and
        // alignment equal clang's `_BitInt(N)` (checked in `LAYOUT`, which
        // `C_TYPE` evaluates); every bit pattern is a valid value, the
        // padding bits being re-normalised on every read.
        unsafe impl<const N: u32, S: BitStorage> crate::CType for $name<N, S> {
            const C_TYPE: crate::CTypeDesc = {
                let () = Self::LAYOUT;
                crate::CTypeDesc::BitInt { bits: N, signed: $signed, size: size_of::<S>(), align: align_of::<S>() }
            };
        }

        // SAFETY: passed as `CPassing::Arg` of the storage and signedness:
        // by value (widened in the register by C's signedness), or a
        // pointer where clang passes `_BitInt(N)` by reference; the
        // conformance tests call both ways on x86-64, i386, aarch64,
        // riscv64 and armv7. The padding bits C leaves unspecified are
        // re-normalised, and a NULL pointer is an error.
        unsafe impl<const N: u32, S: BitStorage> crate::CParam for $name<N, S> {
            type Raw = <S as CPassing<$sign>>::Arg;
            const C_TYPE: crate::CTypeDesc = <Self as crate::CType>::C_TYPE;
            #[inline(always)]
            unsafe fn from_c(raw: Self::Raw) -> Result<Self, crate::ArgError> {
                // SAFETY: the shim's caller passes what C passes: the
                // storage, or a pointer to a readable copy of it.
                match unsafe { <S as CPassing<$sign>>::from_arg(raw) } {
                    Some(storage) => Ok(Self::from_storage(storage)),
                    None => Err(crate::ArgError::Null),
                }
            }
        }

        // SAFETY: returned as `CPassing::Value`, fully extended.
        unsafe impl<const N: u32, S: BitStorage> crate::CResult for $name<N, S> {
            type Raw = <S as CPassing<$sign>>::Value;
            const C_TYPE: crate::CTypeDesc = <Self as crate::CType>::C_TYPE;
            #[inline(always)]
            fn into_c(self) -> Self::Raw {
                <S as CPassing<$sign>>::to_value(self.to_storage())
            }
        }
    };
}

bit_int_type!(
    /// A signed integer of exactly N bits with the C ABI of `_BitInt(N)`.
    ///
    /// `BitInt<N>` works for N in 2..=256; wider widths are written
    /// `abi_core::bitint!(N)` (up to the target's `__BITINT_MAXWIDTH__`).
    /// A width that is no `_BitInt` on the target (`BitInt<1>`, or above
    /// the target's maximum) is an error at `cargo check`.
    ///
    /// Code generic over the width takes the storage as a second
    /// parameter, since the default storage of an unknown `N` cannot be
    /// named; it then also accepts the `bitint!(N)` types:
    ///
    /// ```
    /// use abi_core::BitInt;
    /// use abi_core::bitint::BitStorage;
    ///
    /// fn is_extreme<const N: u32, S: BitStorage>(x: BitInt<N, S>) -> bool {
    ///     x == BitInt::MIN || x == BitInt::MAX
    /// }
    ///
    /// assert!(is_extreme(BitInt::<24>::MIN));
    /// assert!(!is_extreme(<abi_core::bitint!(300)>::ZERO));
    /// ```
    BitInt,
    signed = true,
    sign = Signed,
    c = "_BitInt"
);

bit_int_type!(
    /// An unsigned integer of exactly N bits with the C ABI of
    /// `unsigned _BitInt(N)`.
    ///
    /// `UBitInt<N>` works for N in 1..=256; wider widths are written
    /// `abi_core::ubitint!(N)` (up to the target's `__BITINT_MAXWIDTH__`).
    UBitInt,
    signed = false,
    sign = Unsigned,
    c = "unsigned _BitInt"
);

impl<const N: u32, S: BitStorage> ops::Neg for BitInt<N, S> {
    type Output = Self;
    /// `-self`: panics for `MIN` with debug assertions and wraps to `MIN`
    /// without, as the primitive integers do.
    #[inline(always)]
    #[track_caller]
    fn neg(self) -> Self {
        if cfg!(debug_assertions) {
            self.checked_neg().expect("attempt to negate with overflow")
        } else {
            self.wrapping_neg()
        }
    }
}

#[cfg(test)]
mod text_tests {
    use super::*;

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

#[cfg(test)]
mod c_argument_tests {
    use super::*;

    /// A value C left in memory with dirty padding bits compares equal in
    /// Rust, and crosses back to C fully extended.
    #[test]
    fn as_c_arg_is_extended_whatever_the_padding() {
        let dirty_u7: u8 = 0x85; // value 5, padding bit 7 set
        // SAFETY: `UBitInt<7>` is transparent over its one-byte storage,
        // and every byte is a valid storage (padding is not a validity
        // invariant).
        let u = unsafe { &*(&dirty_u7 as *const u8).cast::<UBitInt<7>>() };
        assert_eq!(*u, UBitInt::<7>::try_from(5u8).unwrap());
        assert_eq!(u.as_c_arg().into_raw(), 5);

        let dirty_s7: u8 = 0x7f; // -1 in 7 bits, padding bit 7 clear
        // SAFETY: as above.
        let s = unsafe { &*(&dirty_s7 as *const u8).cast::<BitInt<7>>() };
        assert_eq!(s.as_c_arg().into_raw(), -1);

        let dirty_u24: u32 = 0xff00_0001;
        // SAFETY: as above, four-byte storage.
        let w = unsafe { &*(&dirty_u24 as *const u32).cast::<UBitInt<24>>() };
        assert_eq!(w.as_c_arg().into_raw(), 1);
    }
}
