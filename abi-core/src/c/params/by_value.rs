//! Types C passes by value: the fixed-width integers, floats, `bool`,
//! `CBool`, raw pointers and `()` results.

use super::*;

/// How a shim receives a C argument narrower than `int` (`int8_t`,
/// `uint16_t`, `bool`, `char`, `svBit`, ...): as the whole 32-bit register
/// or stack slot, truncated by the shim. C requires the caller to extend
/// such an argument, and Rust (LLVM) callees rely on it; but a caller
/// compiled without extension attributes (CIRCT's arcilator declares `i8`
/// parameters without `signext`, and hand-written LLVM IR or assembly may
/// too) leaves garbage above the value. Reading the wider slot and
/// truncating depends on nothing above the value's own bits, and passes
/// the same way on every target where a narrow argument takes a full
/// register or a slot of 4 bytes or more: all but Apple's arm64, which
/// packs stack arguments by their size and keeps the narrow types there.
#[cfg(not(all(target_vendor = "apple", target_arch = "aarch64")))]
#[macro_export]
#[doc(hidden)]
macro_rules! __received_as {
    (i8) => {
        i32
    };
    (i16) => {
        i32
    };
    (u8) => {
        u32
    };
    (u16) => {
        u32
    };
}

#[cfg(all(target_vendor = "apple", target_arch = "aarch64"))]
#[macro_export]
#[doc(hidden)]
macro_rules! __received_as {
    ($t:ident) => {
        $t
    };
}

macro_rules! by_value {
    ($($t:ty => $raw:ty),* $(,)?) => {$(
        // SAFETY: `Raw` is the type itself, which `CType` ties to the C
        // spelling, or for the types narrower than `int` the 32-bit slot
        // they travel in (see `__received_as`), whose low bits are the
        // value; every bit pattern is valid for these types.
        unsafe impl CParam for $t {
            type Raw = $raw;
            const C_TYPE: CTypeDesc = <$t as CType>::C_TYPE;
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            unsafe fn from_c(raw: $raw) -> Result<Self, ArgError> {
                Ok(raw as $t)
            }
        }
        // SAFETY: returned as the type itself (Rust extends a narrow one
        // as C's callers expect).
        unsafe impl CResult for $t {
            type Raw = $t;
            const C_TYPE: CTypeDesc = <$t as CType>::C_TYPE;
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            fn into_c(self) -> $t {
                self
            }
        }
    )*};
}

by_value! {
    i8 => crate::__received_as!(i8),
    i16 => crate::__received_as!(i16),
    u8 => crate::__received_as!(u8),
    u16 => crate::__received_as!(u16),
    i32 => i32, i64 => i64, u32 => u32, u64 => u64,
    isize => isize, usize => usize, f32 => f32, f64 => f64,
}

// SAFETY: C's `_Bool` is passed as a one-byte integer on every Rust target, so
// the shim receives it as `u8` and normalises: any non-zero byte is `true`.
// Reading it as Rust `bool` directly would be undefined behaviour for a byte
// other than 0 or 1, which a C caller can produce through a cast or memcpy.
unsafe impl CParam for bool {
    type Raw = crate::__received_as!(u8);
    const C_TYPE: CTypeDesc = C_BOOL;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_c(raw: Self::Raw) -> Result<Self, ArgError> {
        // Only the byte counts (see `__received_as`).
        Ok(raw as u8 != 0)
    }
}

// SAFETY: Rust `bool` is 0 or 1, which C's `_Bool` accepts.
unsafe impl CResult for bool {
    type Raw = bool;
    const C_TYPE: CTypeDesc = C_BOOL;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn into_c(self) -> bool {
        self
    }
}

// SAFETY: one byte, any value valid (see `CBool`); by value it is C's
// `bool`.
unsafe impl CParam for CBool {
    type Raw = CBool;
    const C_TYPE: CTypeDesc = C_BOOL;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_c(raw: CBool) -> Result<Self, ArgError> {
        Ok(raw)
    }
}

// SAFETY: as above; C reads the byte as `_Bool`, so it is normalised to 0
// or 1 on the way out.
unsafe impl CResult for CBool {
    type Raw = bool;
    const C_TYPE: CTypeDesc = C_BOOL;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn into_c(self) -> bool {
        self.get()
    }
}

// SAFETY: `void` result.
unsafe impl CResult for () {
    type Raw = ();
    const C_TYPE: CTypeDesc = CTypeDesc::Void;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn into_c(self) {}
}

macro_rules! raw_pointers {
    ($($ptr:ident),*) => {$(
        // SAFETY: raw pointers carry no validity requirement; the function
        // that receives one decides what to do with it.
        unsafe impl<T: CType + ?Sized> CParam for *$ptr T {
            type Raw = *$ptr T;
            const C_TYPE: CTypeDesc = <*$ptr T as CType>::C_TYPE;
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            unsafe fn from_c(raw: *$ptr T) -> Result<Self, ArgError> {
                Ok(raw)
            }
        }
        // SAFETY: as above.
        unsafe impl<T: CType + ?Sized> CResult for *$ptr T {
            type Raw = *$ptr T;
            const C_TYPE: CTypeDesc = <*$ptr T as CType>::C_TYPE;
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            fn into_c(self) -> *$ptr T {
                self
            }
        }
    )*};
}

raw_pointers!(const, mut);
