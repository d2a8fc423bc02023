//! Storage of `_BitInt(N)` values: which Rust type has the exact C size,
//! alignment and passing convention of `_BitInt(N)` on the compilation
//! target. The choice is made here, with `cfg`, never in a macro (proc
//! macros run on the host).

use crate::sealed::Sealed;
use core::num::NonZeroUsize;

use crate::argument::{ArgError, Borrow};
use crate::bitint_layout::{
    BitIntLayout, BitIntRevision, BitIntTarget, bitint_layout_experimental_in, bitint_layout_in,
};

/// The storage of a `_BitInt` value, viewed as little-endian `u64` words for
/// arithmetic.
///
/// # Safety
///
/// `Self` must have the size and alignment of `_BitInt(N)` for every N it is
/// used with (checked when a value is built), every bit pattern must be
/// valid, and `to_words`/`from_words` must be exact inverses on the bits
/// they share.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not the storage of a `_BitInt` on this target",
    label = "no `_BitInt` of this width and signedness",
    note = "`BitInt<1>` is not valid C (a signed `_BitInt` needs a sign bit and a value bit): use `UBitInt<1>` or `bool`",
    note = "no `_BitInt` is wider than the target's `__BITINT_MAXWIDTH__` (8388608 on x86-64 and i386, 128 on the other targets: `abi_core::bitint_layout`)",
    note = "a storage named by hand must have the size and alignment of `_BitInt(N)`: write `bitint!(N)`/`ubitint!(N)` instead"
)]
pub unsafe trait BitStorage: CPassing<Signed> + CPassing<Unsigned> + Copy + 'static {
    /// The working copy arithmetic operates on.
    type Words: Copy + AsRef<[u64]> + AsMut<[u64]>;
    /// All bits clear.
    const ZERO: Self;
    /// All bits set.
    const ONES: Self;
    /// Words of zero.
    const ZERO_WORDS: Self::Words;
    /// The value as words; narrow storage is zero-extended (callers
    /// normalise).
    fn to_words(self) -> Self::Words;
    /// The storage holding `words` (truncated to the storage width).
    fn from_words(words: Self::Words) -> Self;
}

/// Marker for signed `_BitInt(N)` in [`CPassing`].
#[derive(Debug)]
pub enum Signed {}

/// Marker for `unsigned _BitInt(N)` in [`CPassing`].
#[derive(Debug)]
pub enum Unsigned {}

/// How C passes and returns a `_BitInt` of one signedness (`Sign` is
/// [`Signed`] or [`Unsigned`]) held in this storage.
///
/// The signedness matters for the narrow storages: ABIs widen an argument
/// or result narrower than a register by its C type's signedness (x86-64
/// and Arm below 32 bits, RISC-V and the other 64-bit RISC targets up to
/// the register), and clang relies on it. A signed `_BitInt(8)` therefore
/// travels as `i8`, which Rust sign-extends, and not as its `u8` storage.
///
/// # Safety
///
/// `Value` must have the ABI clang gives a `_BitInt(N)` of this signedness
/// as a result (and as an argument passed by value), `Arg` its ABI as an
/// argument, for every N stored in `Self`; the conversions must keep every
/// bit of the storage.
pub unsafe trait CPassing<Sign>: Copy {
    /// The value as C returns it: the primitive of C's signedness for the
    /// narrow storages, the storage itself otherwise.
    type Value: Copy;
    /// The value as C passes an argument: `Value`, or a pointer to a
    /// caller-owned copy where clang passes the type by reference (i386
    /// above 64 bits).
    type Arg: Copy;
    /// The storage as a `Value`.
    fn to_value(self) -> Self::Value;
    /// The storage of a `Value`.
    fn from_value(value: Self::Value) -> Self;
    /// The argument for `self`; a pointer points at `self` and is valid
    /// while `self` is borrowed.
    fn as_arg(&self) -> Self::Arg;
    /// The argument for `self`, whose fully extended form is `extended`:
    /// by value, `extended` itself (clang's callees rely on the extension
    /// of narrow values in registers); by reference, a pointer to `self`,
    /// as [`CPassing::as_arg`].
    fn as_extended_arg(&self, extended: Self) -> Self::Arg;
    /// The storage an argument holds or points to; `None` for NULL.
    ///
    /// # Safety
    ///
    /// A non-null pointer argument must point to a readable copy of the
    /// storage (any bits).
    unsafe fn from_arg(arg: Self::Arg) -> Option<Self>;

    /// The bytes [`CPassing::from_arg`] reads through a pointer argument,
    /// for the shims' overlap check ([`crate::c::CParam::checked_borrow`]):
    /// `Ok(None)` for an argument passed by value (the default), the
    /// storage's bytes for a pointer, `Err(Null)` for NULL. C's caller
    /// points to its own copy, but a hostile one can point into a buffer it
    /// passes as `&mut` beside it.
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn arg_borrow(arg: Self::Arg) -> Result<Option<Borrow>, ArgError> {
        let _ = arg;
        Ok(None)
    }
    /// Whether [`CPassing::arg_borrow`] can return `Some`: the argument is a
    /// pointer (i386 above 64 bits). The shims decide by it whether the
    /// argument takes part in the overlap check (`CParam::BORROWS`). Not
    /// public API: it follows from `Arg`; no implementation outside abi-core
    /// can define it, see `Sealed`.
    #[doc(hidden)]
    const ARG_BORROWS: Sealed<bool> = Sealed(false);
}

/// A `_BitInt` storage passed by value, as C passes the wide types on most
/// targets: `#[repr(transparent)]`, so it has the ABI of the storage (and
/// of `BitInt<N, S>`, also transparent over it).
#[derive(Clone, Copy, Debug)]
#[repr(transparent)]
pub struct ByValue<S>(pub S);

/// Storage `$storage` passed by value as `$value` (of the same size, so a
/// bit cast) for the signedness `$sign`; an argument travels as `$arg`:
/// `$value` itself, or for the 8- and 16-bit storages the 32-bit slot a
/// narrower value travels in (see `crate::__received_as`: the shim then
/// depends on no bit above the value's). `$to_arg` and `$from_arg` convert
/// between the value and the argument.
macro_rules! passed_by_value {
    ($(const $k:ident,)? $storage:ty, $sign:ty, $value:ty, $to:expr, $from:expr) => {
        passed_by_value!($(const $k,)? $storage, $sign, $value, $value, $to, $from, |v| v, |a| a);
    };
    ($(const $k:ident,)? $storage:ty, $sign:ty, $value:ty, $arg:ty, $to:expr, $from:expr, $to_arg:expr, $from_arg:expr) => {
        // SAFETY: `$value` has the size of the storage and the ABI of the
        // `_BitInt` types held in it (proven by the conformance tests on
        // x86-64, i386, aarch64, riscv64 and armv7); the conversions are
        // bit casts, and `$arg` is `$value` or the 32-bit slot a narrower
        // value travels in, extended by its signedness.
        unsafe impl<$(const $k: usize)?> CPassing<$sign> for $storage {
            type Value = $value;
            type Arg = $arg;
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn to_value(self) -> $value {
                $to(self)
            }
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn from_value(value: $value) -> Self {
                $from(value)
            }
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn as_arg(&self) -> $arg {
                $to_arg($to(*self))
            }
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn as_extended_arg(&self, extended: Self) -> $arg {
                $to_arg($to(extended))
            }
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            unsafe fn from_arg(arg: $arg) -> Option<Self> {
                Some($from($from_arg(arg)))
            }
        }
    };
}

macro_rules! narrow_passing {
    ($($unsigned:ident, $signed:ident;)*) => {$(
        passed_by_value!(
            $unsigned, Unsigned, $unsigned, crate::__received_as!($unsigned),
            |x| x, |x| x,
            |v: $unsigned| v as crate::__received_as!($unsigned),
            |a: crate::__received_as!($unsigned)| a as $unsigned
        );
        passed_by_value!(
            $unsigned, Signed, $signed, crate::__received_as!($signed),
            |x: $unsigned| x as $signed, |x: $signed| x as $unsigned,
            |v: $signed| v as crate::__received_as!($signed),
            |a: crate::__received_as!($signed)| a as $signed
        );
    )*};
}

narrow_passing! {
    u8, i8;
    u16, i16;
}

passed_by_value!(u32, Unsigned, u32, |x| x, |x| x);
passed_by_value!(u32, Signed, i32, |x: u32| x as i32, |x: i32| x as u32);
passed_by_value!(u64, Unsigned, u64, |x| x, |x| x);
passed_by_value!(u64, Signed, i64, |x: u64| x as i64, |x: i64| x as u64);

// The wide storages (x86-64 and the 8-byte-chunk targets, aarch64) travel
// as themselves, whatever the signedness: no ABI widens an aggregate.
passed_by_value!(const K, [u64; K], Signed, ByValue<[u64; K]>, ByValue, |v: ByValue<_>| v.0);
passed_by_value!(const K, [u64; K], Unsigned, ByValue<[u64; K]>, ByValue, |v: ByValue<_>| v.0);
passed_by_value!(const K, [u128; K], Signed, ByValue<[u128; K]>, ByValue, |v: ByValue<_>| v.0);
passed_by_value!(const K, [u128; K], Unsigned, ByValue<[u128; K]>, ByValue, |v: ByValue<_>| v.0);

macro_rules! narrow_storage {
    ($($t:ty),*) => {$(
        // SAFETY: a primitive integer: every bit pattern valid; the words
        // round-trip through `as` casts.
        unsafe impl BitStorage for $t {
            type Words = [u64; 1];
            const ZERO: Self = 0;
            const ONES: Self = !0;
            const ZERO_WORDS: [u64; 1] = [0];
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn to_words(self) -> [u64; 1] {
                [self as u64]
            }
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn from_words(words: [u64; 1]) -> Self {
                words[0] as $t
            }
        }
    )*};
}

narrow_storage!(u8, u16, u32, u64);

// SAFETY: an array of `u64`: every bit pattern valid, and the words are the
// storage itself.
unsafe impl<const K: usize> BitStorage for [u64; K] {
    type Words = [u64; K];
    const ZERO: Self = [0; K];
    const ONES: Self = [!0; K];
    const ZERO_WORDS: [u64; K] = [0; K];
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn to_words(self) -> [u64; K] {
        self
    }
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn from_words(words: [u64; K]) -> Self {
        words
    }
}

/// `[u128; K]` seen as `2K` little-endian `u64` words.
#[derive(Clone, Copy, Debug)]
#[repr(transparent)]
pub struct U128Words<const K: usize>(pub [u128; K]);

impl<const K: usize> AsRef<[u64]> for U128Words<K> {
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn as_ref(&self) -> &[u64] {
        // SAFETY: `[u128; K]` is `16 * K` initialised bytes, aligned for
        // `u64`; on a little-endian target word `2i` is the low half of
        // element `i` (big-endian targets are rejected at compile time).
        unsafe { core::slice::from_raw_parts(self.0.as_ptr().cast::<u64>(), 2 * K) }
    }
}

impl<const K: usize> AsMut<[u64]> for U128Words<K> {
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn as_mut(&mut self) -> &mut [u64] {
        // SAFETY: as in `as_ref`, and `self` is borrowed mutably.
        unsafe { core::slice::from_raw_parts_mut(self.0.as_mut_ptr().cast::<u64>(), 2 * K) }
    }
}

// SAFETY: an array of `u128`: every bit pattern valid; the words are the
// storage itself.
unsafe impl<const K: usize> BitStorage for [u128; K] {
    type Words = U128Words<K>;
    const ZERO: Self = [0; K];
    const ONES: Self = [!0; K];
    const ZERO_WORDS: U128Words<K> = U128Words([0; K]);
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn to_words(self) -> U128Words<K> {
        U128Words(self)
    }
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn from_words(words: U128Words<K>) -> Self {
        words.0
    }
}

// SAFETY: an array of `u32` (i386 above 64 bits: 4-byte chunks, align 4):
// every bit pattern valid. The working copy has K words for K chunks, twice
// what the value needs, because a const generic cannot be halved on stable
// Rust; the words above the value hold its extension, which every
// arithmetic routine already allows. `to_words`/`from_words` pair chunk
// `2i` (low) and `2i + 1` (high) into word `i`.
unsafe impl<const K: usize> BitStorage for [u32; K] {
    type Words = [u64; K];
    const ZERO: Self = [0; K];
    const ONES: Self = [!0; K];
    const ZERO_WORDS: [u64; K] = [0; K];
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn to_words(self) -> [u64; K] {
        let mut words = [0; K];
        for (i, chunk) in self.into_iter().enumerate() {
            words[i / 2] |= u64::from(chunk) << (32 * (i % 2));
        }
        words
    }
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn from_words(words: [u64; K]) -> Self {
        core::array::from_fn(|i| (words[i / 2] >> (32 * (i % 2))) as u32)
    }
}

/// i386 above 64 bits: clang passes `_BitInt(N)` by reference (a plain
/// pointer to a caller-owned copy, not a `byval` copy) and returns it
/// through a hidden pointer, which is how Rust returns an array.
macro_rules! passed_by_reference {
    ($($sign:ty),*) => {$(
        // SAFETY: as the macro says: `Arg` is the pointer clang passes, and
        // `Value` the array, which Rust returns through the same hidden
        // pointer (proven by the conformance tests on i686).
        unsafe impl<const K: usize> CPassing<$sign> for [u32; K] {
            type Value = ByValue<[u32; K]>;
            type Arg = *const [u32; K];
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn to_value(self) -> ByValue<[u32; K]> {
                ByValue(self)
            }
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn from_value(value: ByValue<[u32; K]>) -> Self {
                value.0
            }
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn as_arg(&self) -> *const [u32; K] {
                self
            }
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn as_extended_arg(&self, _extended: Self) -> *const [u32; K] {
                self
            }
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            unsafe fn from_arg(arg: *const [u32; K]) -> Option<Self> {
                // SAFETY: the caller guarantees a non-null `arg` points to
                // a readable copy; `read_unaligned` assumes nothing about
                // the alignment of memory C handed over.
                (!arg.is_null()).then(|| unsafe { arg.read_unaligned() })
            }
            const ARG_BORROWS: crate::sealed::Sealed<bool> = crate::sealed::Sealed(true);
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn arg_borrow(arg: *const [u32; K]) -> Result<Option<Borrow>, ArgError> {
                if arg.is_null() {
                    return Err(ArgError::Null);
                }
                // Unaligned, as `from_arg` reads it; `K` is at least 3
                // above 64 bits, so the storage is never empty.
                Ok(NonZeroUsize::new(size_of::<[u32; K]>())
                    .map(|len| Borrow::of_checked(arg.cast::<u8>(), len, false)))
            }
        }
    )*};
}

passed_by_reference!(Signed, Unsigned);

#[cfg(target_endian = "big")]
compile_error!("abi-core's `_BitInt` types support little-endian targets only");

/// The ABI of a width on the compilation target, under the revision this
/// build follows ([`BitIntRevision::SELECTED`]): the one rule the storage
/// follows (`None` where no such `_BitInt` exists, or the target is not
/// known).
const fn layout(bits: u32, signed: bool) -> Option<BitIntLayout> {
    match BitIntTarget::current() {
        Some(target) => {
            bitint_layout_experimental_in(target, BitIntRevision::SELECTED, bits, signed)
        }
        None => None,
    }
}

/// Storage class of a width: 1, 2, 4, 8 (one primitive), or 32, 64, 128
/// (an array of chunks of that many bits), or 0 when no `_BitInt` of this
/// width and signedness exists on the target (a signed one bit, zero bits,
/// or above `__BITINT_MAXWIDTH__`, as
/// [`bitint_layout`](crate::bitint_layout::bitint_layout) says): its
/// storage is then [`NoSuchBitInt`], so that the type is an error as soon
/// as it is type-checked (`cargo check`), not only when code is generated.
#[doc(hidden)]
pub const fn kind(bits: u32, signed: bool) -> u8 {
    let exists = match BitIntTarget::current() {
        Some(target) => bitint_layout_in(target, BitIntRevision::SELECTED, bits, signed).is_some(),
        // An unknown target is refused by the layout check instead.
        None => bits > 0,
    };
    if !exists {
        0
    } else if bits <= 8 {
        1
    } else if bits <= 16 {
        2
    } else if bits <= 32 {
        4
    } else if bits <= 64 {
        // One primitive: `u64` also where it is two 4-byte chunks (i386,
        // where `u64` has alignment 4 like clang's `_BitInt(64)`).
        8
    } else {
        8 * chunk_bytes(bits) as u8
    }
}

/// Bytes per chunk above 64 bits (8 on an unknown target, which the layout
/// check refuses anyway).
const fn chunk_bytes(bits: u32) -> usize {
    match layout(bits, false) {
        Some(layout) => layout.chunk_bytes,
        None => 8,
    }
}

/// Number of chunks of a width above 64 bits (1 otherwise).
#[doc(hidden)]
pub const fn chunks(bits: u32) -> usize {
    if bits <= 64 {
        1
    } else {
        bits.div_ceil(8 * chunk_bytes(bits) as u32) as usize
    }
}

/// Maps a storage class and chunk count to the Rust type.
#[doc(hidden)]
pub trait Pick {
    /// The storage type ([`NoSuchBitInt`] for class 0).
    type Repr;
}

/// The "storage" of a width and signedness that has no `_BitInt` on the
/// target: it is no [`BitStorage`], so `BitInt<1>` (or `UBitInt<129>` on a
/// target whose `__BITINT_MAXWIDTH__` is 128) fails to type-check, with the
/// notes of `BitStorage`'s diagnostic.
#[derive(Debug, Clone, Copy)]
pub enum NoSuchBitInt {}

impl<const C: usize> Pick for Kind<0, C> {
    type Repr = NoSuchBitInt;
}

/// A storage class (see [`kind`]) and a chunk count, as types.
#[doc(hidden)]
#[derive(Debug)]
pub struct Kind<const KIND: u8, const CHUNKS: usize>;

impl Pick for Kind<1, 1> {
    type Repr = u8;
}
impl Pick for Kind<2, 1> {
    type Repr = u16;
}
impl Pick for Kind<4, 1> {
    type Repr = u32;
}
impl Pick for Kind<8, 1> {
    type Repr = u64;
}
impl<const C: usize> Pick for Kind<32, C> {
    // i386: 4-byte chunks, align 4, passed by reference (see `CArg`).
    type Repr = [u32; C];
}
impl<const C: usize> Pick for Kind<64, C> {
    // x86-64 and the other 8-byte-chunk targets: `[u64; C]`, align 8 (not
    // `u128`, whose alignment is 16).
    type Repr = [u64; C];
}
impl<const C: usize> Pick for Kind<128, C> {
    // AAPCS64 and LoongArch's psABI: 16-byte chunks, align 16, passed like
    // `__int128`: the storage must contain `u128` for AArch64's even
    // register pair (and Rust's RISC-V/LoongArch lowering of a 16-aligned
    // aggregate as one `i128`) to match.
    type Repr = [u128; C];
}

/// The storage of a width, for widths outside the built-in table:
/// `BitInt<5000, abi_core::bitint_storage!(5000)>`. Prefer
/// [`bitint!`](crate::bitint!) and [`ubitint!`](crate::ubitint!).
#[macro_export]
macro_rules! bitint_storage {
    ($bits:expr) => {
        <$crate::bitint::Kind<
            { $crate::bitint::kind($bits, false) },
            { $crate::bitint::chunks($bits) },
        > as $crate::bitint::Pick>::Repr
    };
    (signed $bits:expr) => {
        <$crate::bitint::Kind<
            { $crate::bitint::kind($bits, true) },
            { $crate::bitint::chunks($bits) },
        > as $crate::bitint::Pick>::Repr
    };
}

/// `BitInt<N>` for any width the target accepts, including those above the
/// built-in table: `abi_core::bitint!(5000)`.
#[macro_export]
macro_rules! bitint {
    ($bits:expr) => {
        $crate::bitint::BitInt<{ $bits }, $crate::bitint_storage!(signed $bits)>
    };
}

/// `UBitInt<N>` for any width the target accepts: `abi_core::ubitint!(5000)`.
#[macro_export]
macro_rules! ubitint {
    ($bits:expr) => {
        $crate::bitint::UBitInt<{ $bits }, $crate::bitint_storage!($bits)>
    };
}

/// A width, as a type: the key of the default-storage table.
#[doc(hidden)]
#[derive(Debug)]
pub struct Width<const N: u32>;

/// The storages of `Width<N>`, for N in the built-in table (1..=256), which
/// let users write `BitInt<24>`.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`BitInt<N>` and `UBitInt<N>` name widths up to 256 directly; this one is `{Self}`",
    label = "no built-in storage for this width",
    note = "above 256 bits write `abi_core::bitint!(N)` or `abi_core::ubitint!(N)` (for example `abi_core::bitint!(300)`), up to the target's `__BITINT_MAXWIDTH__`",
    note = "in generic code take the storage as a parameter: `fn f<const N: u32, S: abi_core::bitint::BitStorage>(x: abi_core::bitint::BitInt<N, S>)`"
)]
pub trait DefaultStorage {
    /// The storage of `_BitInt(N)` ([`NoSuchBitInt`] for N = 1, and above
    /// the target's maximum).
    type Signed;
    /// The storage of `unsigned _BitInt(N)` ([`NoSuchBitInt`] above the
    /// target's maximum).
    type Unsigned;
}

/// Widest width with a default storage. The table costs compile time
/// quadratically (each entry is checked against every other for overlap):
/// 256 entries add about 0.3 s to a clean build of abi-core, 1024 would add
/// about 4.5 s. Wider values use `bitint!(N)`.
pub const DEFAULT_STORAGE_MAX_WIDTH: u32 = *crate::model::c::BITINT_NAMED_WIDTHS.end();

macro_rules! default_storage {
    ($n:expr) => {
        // Not listed in diagnostics: a width above the table would
        // otherwise print "the following other types implement ... and
        // 248 others".
        #[diagnostic::do_not_recommend]
        impl DefaultStorage for Width<{ $n }> {
            type Signed = <Kind<{ kind($n, true) }, { chunks($n) }> as Pick>::Repr;
            type Unsigned = <Kind<{ kind($n, false) }, { chunks($n) }> as Pick>::Repr;
        }
    };
}

// A binary expansion: `widths_256!(m, 0)` calls `m!(0 + ... + 1)` for every
// width 1..=256 (a declarative macro cannot count). Paths, so that other
// modules can run their own `m` over the same widths.
macro_rules! widths_1 {
    ($m:ident, $b:expr) => {
        $m!($b + 1);
    };
}
macro_rules! widths_2 {
    ($m:ident, $b:expr) => {
        $crate::bitint::storage::widths_1!($m, $b);
        $crate::bitint::storage::widths_1!($m, $b + 1);
    };
}
macro_rules! widths_4 {
    ($m:ident, $b:expr) => {
        $crate::bitint::storage::widths_2!($m, $b);
        $crate::bitint::storage::widths_2!($m, $b + 2);
    };
}
macro_rules! widths_8 {
    ($m:ident, $b:expr) => {
        $crate::bitint::storage::widths_4!($m, $b);
        $crate::bitint::storage::widths_4!($m, $b + 4);
    };
}
macro_rules! widths_16 {
    ($m:ident, $b:expr) => {
        $crate::bitint::storage::widths_8!($m, $b);
        $crate::bitint::storage::widths_8!($m, $b + 8);
    };
}
macro_rules! widths_32 {
    ($m:ident, $b:expr) => {
        $crate::bitint::storage::widths_16!($m, $b);
        $crate::bitint::storage::widths_16!($m, $b + 16);
    };
}
macro_rules! widths_64 {
    ($m:ident, $b:expr) => {
        $crate::bitint::storage::widths_32!($m, $b);
        $crate::bitint::storage::widths_32!($m, $b + 32);
    };
}
macro_rules! widths_128 {
    ($m:ident, $b:expr) => {
        $crate::bitint::storage::widths_64!($m, $b);
        $crate::bitint::storage::widths_64!($m, $b + 64);
    };
}
macro_rules! widths_256 {
    ($m:ident, $b:expr) => {
        $crate::bitint::storage::widths_128!($m, $b);
        $crate::bitint::storage::widths_128!($m, $b + 128);
    };
}
/// Run the macro `m` over every width with a default storage (1..=256).
macro_rules! for_each_default_width {
    ($m:ident) => {
        $crate::bitint::storage::widths_256!($m, 0);
    };
}
pub(crate) use {
    for_each_default_width, widths_1, widths_2, widths_4, widths_8, widths_16, widths_32,
    widths_64, widths_128, widths_256,
};

for_each_default_width!(default_storage);

#[cfg(test)]
mod tests {
    use super::*;

    /// The table ends where abi-model's rule, which the attributes read,
    /// says (the width above it is refused by the UI test
    /// `bitint_above_default_table`).
    #[test]
    fn the_table_ends_at_the_named_widths_rule() {
        fn has_default_storage<T: DefaultStorage>() {}
        has_default_storage::<Width<{ DEFAULT_STORAGE_MAX_WIDTH }>>();
        has_default_storage::<Width<{ *crate::model::c::BITINT_NAMED_WIDTHS.start() }>>();
        assert_eq!(*crate::model::c::BITINT_NAMED_WIDTHS.start(), 1);
        assert_eq!(DEFAULT_STORAGE_MAX_WIDTH, 256);
    }

    /// The i386 by-reference path: a pointer is read (whatever its
    /// alignment), NULL is refused; the chunks pair up into words.
    #[test]
    fn passed_by_reference_reads_through_the_pointer() {
        let storage: [u32; 3] = [0x1111_1111, 0x2222_2222, 0x3333_3333];
        let arg = <[u32; 3] as CPassing<Signed>>::as_arg(&storage);
        // SAFETY: `arg` points at `storage`.
        let read = unsafe { <[u32; 3] as CPassing<Signed>>::from_arg(arg) };
        assert_eq!(read, Some(storage));
        // SAFETY: NULL is allowed and refused.
        let null = unsafe { <[u32; 3] as CPassing<Unsigned>>::from_arg(core::ptr::null()) };
        assert_eq!(null, None);
        let words = storage.to_words();
        assert_eq!(words[..2], [0x2222_2222_1111_1111, 0x3333_3333]);
        assert_eq!(<[u32; 3]>::from_words(words), storage);
    }

    /// Narrow signed values cross as the signed primitive of the same bits.
    #[test]
    fn narrow_values_take_the_signedness_of_c() {
        assert_eq!(<u8 as CPassing<Signed>>::to_value(0xff), -1i8);
        assert_eq!(<u8 as CPassing<Signed>>::from_value(-1i8), 0xff);
        assert_eq!(<u16 as CPassing<Unsigned>>::to_value(0xffff), 0xffffu16);
    }
}
