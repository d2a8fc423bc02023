//! `BitInt<N>` and `UBitInt<N>`: Rust integers with the exact C ABI of
//! C23 `_BitInt(N)` and `unsigned _BitInt(N)` on the compilation target.
//!
//! ```
//! use abi_core::bitint::{BitInt, UBitInt};
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
//! an even register pair like `__int128`, and LoongArch under its psABI
//! rules; i386: `[u32; K]` above 64 bits, alignment 4), following
//! [`bitint_layout_in`] under the
//! revision of the target's rules this build follows
//! ([`BitIntRevision::SELECTED`]).
//! Values built in Rust are always
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
//! Storage and calls are tested against clang-19 and clang-22 on x86-64 and
//! i686 (widths 2 to 4096) and on aarch64, riscv64 and armv7 (widths 2 to
//! 128, their `__BITINT_MAXWIDTH__`; run under qemu-user; on riscv64 with
//! the library built for each compiler's rules): C calls Rust and Rust calls
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
//!   Where an ABI widens an unsigned value like a signed one (RV64 under
//!   the legacy rules, LoongArch and MIPS64: `unsigned _BitInt(17..=31)`),
//!   [`BitInt::as_c_arg`] and the shims' results are extended that way.
//!
//! The other little-endian targets of [`bitint_layout`](crate::bitint_layout)
//! get storage that follows its table, untested by calls; big-endian
//! targets are rejected at compile time.

// The type macros first: `bit_int_type!` below expands them in this
// module, where the names they use are imported.
#[macro_use]
mod arith;
#[macro_use]
mod convert;
#[macro_use]
mod ffi;
#[macro_use]
mod text;
#[macro_use]
mod value;

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

use crate::bitint_layout::{
    BitIntRevision, BitIntTarget, Extension, ParamPassing, bitint_layout_in,
};

/// How C passes a `T` argument at the machine level: the parameter type to
/// write in an `extern "C"` block that declares a C function taking
/// `_BitInt(N)` (pass [`BitInt::as_c_arg`]). It has the ABI of the storage
/// on most targets, of a pointer to it on i386 above 64 bits, where clang
/// passes the value by reference, and of a primitive of C's signedness for
/// narrow values, which ABIs widen in the register (`#[repr(transparent)]`
/// over that machine type, so the compiler's messages name `CArg<...>`).
///
/// ```
/// use abi_core::bitint::BitInt;
/// use abi_core::c_export;
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
pub struct CArg<T: crate::c::CParam>(T::Raw);

impl<T: crate::c::CParam> CArg<T> {
    /// The machine-level value (the storage, a primitive, or a pointer).
    pub fn into_raw(self) -> T::Raw {
        self.0
    }
}

impl<T: crate::c::CParam> Clone for CArg<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: crate::c::CParam> Copy for CArg<T> {}

impl<T: crate::c::CParam> fmt::Debug for CArg<T>
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
pub struct CValue<T: crate::c::CResult>(T::Raw);

impl<T: crate::c::CResult> CValue<T> {
    /// The machine-level value (the storage, or a primitive).
    pub fn into_raw(self) -> T::Raw {
        self.0
    }
}

impl<T: crate::c::CResult> Clone for CValue<T>
where
    T::Raw: Copy,
{
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: crate::c::CResult> Copy for CValue<T> where T::Raw: Copy {}

impl<T: crate::c::CResult> fmt::Debug for CValue<T>
where
    T::Raw: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("CValue").field(&self.0).finish()
    }
}

/// A value that does not fit the target type, or bytes of the wrong length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
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

/// The layout check of `BitInt<N, S>` (`SIGNED`) and `UBitInt<N, S>`,
/// which every constructor and `C_TYPE` evaluate: the storage has the
/// exact `_BitInt(N)` layout and N is a valid width on this target. A
/// constant of its own, outside `bit_int_type!`, so that a failure is
/// reported at this one line of abi-core and at the user's constant (the
/// check is `#[track_caller]`; no macro backtrace).
pub(crate) struct Layout<S, const N: u32, const SIGNED: bool>(core::marker::PhantomData<S>);

impl<S: BitStorage, const N: u32, const SIGNED: bool> Layout<S, N, SIGNED> {
    /// Nothing: evaluating it is the check.
    pub(crate) const CHECKED: () = check_layout::<S>(N, SIGNED);
}

/// Panics (at compile time, where the value is used in a `const`) unless
/// `S` has the size and alignment clang gives `_BitInt(N)` here.
#[track_caller]
const fn check_layout<S: BitStorage>(bits: u32, signed: bool) {
    let Some(target) = BitIntTarget::current() else {
        panic!("abi-core does not know the `_BitInt` ABI of this target");
    };
    let Some(layout) = bitint_layout_in(target, BitIntRevision::SELECTED, bits, signed) else {
        panic!(
            "this width is not a valid `_BitInt` on this target (0, 1 for signed, or above __BITINT_MAXWIDTH__)"
        );
    };
    assert!(
        size_of::<S>() == layout.size && align_of::<S>() == layout.align,
        "the storage type does not have the size and alignment of this `_BitInt(N)`; use `bitint!(N)`/`ubitint!(N)`"
    );
}

/// Whether the ABI wants a `_BitInt(bits)` of this signedness
/// sign-extended from bit N-1 in a register (as an argument and as a
/// result), on this target under the selected revision. It differs from
/// the type's signedness for RV64 (clang <= 21), LoongArch64 and MIPS64
/// `unsigned _BitInt(17..=31)`, which live sign-extended like every 32-bit
/// value. Where the ABI promises nothing or passes the value in memory,
/// the storage's own extension.
const fn register_sign_extended(bits: u32, signed: bool) -> bool {
    let layout = match BitIntTarget::current() {
        Some(target) => bitint_layout_in(target, BitIntRevision::SELECTED, bits, signed),
        None => None,
    };
    match layout {
        Some(layout) => match layout.param {
            ParamPassing::Direct {
                extension: Extension::Sign,
            } => true,
            ParamPassing::Direct {
                extension: Extension::Zero,
            } => false,
            ParamPassing::Direct {
                extension: Extension::None,
            }
            | ParamPassing::Memory
            | ParamPassing::Reference => signed,
        },
        None => signed,
    }
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
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn shift_modulo_width<const N: u32>(amount: u32) -> u32 {
    if N.is_power_of_two() {
        amount & (N - 1)
    } else if amount >= N {
        amount % N
    } else {
        amount
    }
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
    /// use abi_core::bitint::BitInt;
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

/// abi-core's `BitInt` and `UBitInt`, of any width and storage. The
/// attributes generate nothing for a signature that names `BitInt<N>` or
/// `UBitInt<N>` with a literal width that has no built-in storage (rustc
/// reports that type once, at the signature) and check with
/// [`AbiCoreBitInt::abi_core_bitint`] that the type is this one, so that a type of
/// the user's own with that name is refused, not left without its shim
/// (not public API).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not abi-core's `BitInt`/`UBitInt`",
    label = "read as abi-core's `_BitInt` type by its name",
    note = "the attributes take `BitInt<N>` and `UBitInt<N>` with a literal width outside 1..=256 for abi-core's types, which have no storage for it, and generate no function; give a type of your own another name"
)]
pub trait AbiCoreBitInt {
    /// Nothing: called on the value (a method call reports the missing
    /// implementation without quoting a bound's definition).
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn abi_core_bitint(&self) {}
}

// Not listed in diagnostics (the message says what to do).
#[diagnostic::do_not_recommend]
impl<const N: u32, S> AbiCoreBitInt for BitInt<N, S> {}
#[diagnostic::do_not_recommend]
impl<const N: u32, S> AbiCoreBitInt for UBitInt<N, S> {}

impl<const N: u32, S: BitStorage> ops::Neg for BitInt<N, S> {
    type Output = Self;
    /// `-self`: panics for `MIN` with debug assertions and wraps to `MIN`
    /// without, as the primitive integers do.
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    #[track_caller]
    fn neg(self) -> Self {
        if cfg!(debug_assertions) {
            self.checked_neg().expect("attempt to negate with overflow")
        } else {
            self.wrapping_neg()
        }
    }
}
