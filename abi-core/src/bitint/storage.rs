//! Storage of `_BitInt(N)` values: which Rust type has the exact C size,
//! alignment and passing convention of `_BitInt(N)` on the compilation
//! target. The choice is made here, with `cfg`, never in a macro (proc
//! macros run on the host).

/// The storage of a `_BitInt` value, viewed as little-endian `u64` words for
/// arithmetic.
///
/// # Safety
///
/// `Self` must have the size and alignment of `_BitInt(N)` for every N it is
/// used with (checked when a value is built), every bit pattern must be
/// valid, and `to_words`/`from_words` must be exact inverses on the bits
/// they share.
pub unsafe trait BitStorage: Copy + 'static {
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

macro_rules! narrow_storage {
    ($($t:ty),*) => {$(
        // SAFETY: a primitive integer: every bit pattern valid; the words
        // round-trip through `as` casts.
        unsafe impl BitStorage for $t {
            type Words = [u64; 1];
            const ZERO: Self = 0;
            const ONES: Self = !0;
            const ZERO_WORDS: [u64; 1] = [0];
            #[inline(always)]
            fn to_words(self) -> [u64; 1] {
                [self as u64]
            }
            #[inline(always)]
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
    #[inline(always)]
    fn to_words(self) -> [u64; K] {
        self
    }
    #[inline(always)]
    fn from_words(words: [u64; K]) -> Self {
        words
    }
}

/// `[u128; K]` seen as `2K` little-endian `u64` words.
#[derive(Clone, Copy, Debug)]
#[repr(transparent)]
pub struct U128Words<const K: usize>(pub [u128; K]);

impl<const K: usize> AsRef<[u64]> for U128Words<K> {
    #[inline(always)]
    fn as_ref(&self) -> &[u64] {
        // SAFETY: `[u128; K]` is `16 * K` initialised bytes, aligned for
        // `u64`; on a little-endian target word `2i` is the low half of
        // element `i` (big-endian targets are rejected at compile time).
        unsafe { core::slice::from_raw_parts(self.0.as_ptr().cast::<u64>(), 2 * K) }
    }
}

impl<const K: usize> AsMut<[u64]> for U128Words<K> {
    #[inline(always)]
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
    #[inline(always)]
    fn to_words(self) -> U128Words<K> {
        U128Words(self)
    }
    #[inline(always)]
    fn from_words(words: U128Words<K>) -> Self {
        words.0
    }
}

#[cfg(target_endian = "big")]
compile_error!("abi-core's `_BitInt` types support little-endian targets only");

/// Storage class of a width: 1, 2, 4, 8 (one primitive) or 16 (chunks).
#[doc(hidden)]
pub const fn kind(bits: u32) -> u8 {
    if bits <= 8 {
        1
    } else if bits <= 16 {
        2
    } else if bits <= 32 {
        4
    } else if bits <= 64 {
        8
    } else {
        16
    }
}

/// Bits per chunk above 64 bits on this target.
const CHUNK_BITS: u32 = if cfg!(target_arch = "aarch64") {
    128
} else {
    64
};

#[cfg(target_arch = "x86")]
compile_error!(
    "abi-core's `_BitInt` types do not support i386 yet (4-byte chunks); the layout is described by `bitint_layout`"
);

/// Number of chunks of a width above 64 bits (1 otherwise).
#[doc(hidden)]
pub const fn chunks(bits: u32) -> usize {
    if bits <= 64 {
        1
    } else {
        bits.div_ceil(CHUNK_BITS) as usize
    }
}

/// Maps a storage class and chunk count to the Rust type.
#[doc(hidden)]
pub trait Pick {
    /// The storage type.
    type Repr: BitStorage;
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
#[cfg(not(target_arch = "aarch64"))]
impl<const C: usize> Pick for Kind<16, C> {
    // x86-64 and the other 8-byte-chunk targets: `[u64; C]`, align 8 (not
    // `u128`, whose alignment is 16).
    type Repr = [u64; C];
}
#[cfg(target_arch = "aarch64")]
impl<const C: usize> Pick for Kind<16, C> {
    // AAPCS64: 16-byte chunks, align 16, passed like `__int128`: the storage
    // must contain `u128` for the register-pair assignment to match.
    type Repr = [u128; C];
}

/// The storage of a width, for widths outside the built-in table:
/// `BitInt<5000, abi_core::bitint_storage!(5000)>`. Prefer
/// [`bitint!`](crate::bitint!) and [`ubitint!`](crate::ubitint!).
#[macro_export]
macro_rules! bitint_storage {
    ($bits:expr) => {
        <$crate::bitint::Kind<{ $crate::bitint::kind($bits) }, { $crate::bitint::chunks($bits) }> as $crate::bitint::Pick>::Repr
    };
}

/// `BitInt<N>` for any width the target accepts, including those above the
/// built-in table: `abi_core::bitint!(5000)`.
#[macro_export]
macro_rules! bitint {
    ($bits:expr) => {
        $crate::BitInt<{ $bits }, $crate::bitint_storage!($bits)>
    };
}

/// `UBitInt<N>` for any width the target accepts: `abi_core::ubitint!(5000)`.
#[macro_export]
macro_rules! ubitint {
    ($bits:expr) => {
        $crate::UBitInt<{ $bits }, $crate::bitint_storage!($bits)>
    };
}

/// A width, as a type: the key of the default-storage table.
#[doc(hidden)]
#[derive(Debug)]
pub struct Width<const N: u32>;

/// The storage of `Width<N>`, for N in the built-in table (1..=256), which
/// lets users write `BitInt<24>`.
#[doc(hidden)]
pub trait DefaultStorage {
    /// The storage type.
    type Storage: BitStorage;
}

/// Widest width with a default storage. The table costs compile time
/// quadratically (each entry is checked against every other for overlap):
/// 256 entries add about 0.3 s to a clean build of abi-core, 1024 would add
/// about 4.5 s. Wider values use `bitint!(N)`.
pub const DEFAULT_STORAGE_MAX_WIDTH: u32 = 256;

macro_rules! default_storage {
    ($n:expr) => {
        impl DefaultStorage for Width<{ $n }> {
            type Storage = <Kind<{ kind($n) }, { chunks($n) }> as Pick>::Repr;
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
