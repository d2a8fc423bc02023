//! Scalars, `complex<T>` and `i1` (`bool`) across the C interface.

use super::*;

macro_rules! scalars {
    ($($t:ty => $iree:literal, $registers:literal);*) => {$(
        // SAFETY: MLIR passes and returns these scalars as C does.
        unsafe impl CifaceParam for $t {
            type Raw = $t;
            const C_TYPE: CTypeDesc = <$t as CType>::C_TYPE;
            const FLOAT_REGISTERS: usize = $registers;
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            unsafe fn from_ciface(raw: $t, _: &MemRefType) -> Result<Self, MemRefError> {
                Ok(raw)
            }
            fn record(_: &MemRefType) -> TypeRecord {
                TypeRecord::Primitive($iree.to_owned())
            }
        }
        // SAFETY: as above; in a multi-value result struct a scalar sits
        // at its C offset.
        unsafe impl CifaceResult for $t {
            type Slot = $t;
            const C_TYPE: CTypeDesc = <$t as CType>::C_TYPE;
            const EMPTY: $t = 0 as $t;
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            fn into_slot(self) -> $t {
                self
            }
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            unsafe fn from_slot_after(slot: $t, _: &[ArgumentBuffer], _: &[*const c_void], _: &[MemRefType]) -> Result<Self, MemRefError> {
                Ok(slot)
            }
            fn record() -> TypeRecord {
                TypeRecord::Primitive($iree.to_owned())
            }
        }
        impl CifaceDirect for $t {
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            fn from_direct(slot: $t) -> $t {
                slot
            }
        }
        // SAFETY: passed by value as C does.
        unsafe impl CifaceArg for $t {
            type Storage = $t;
            type Raw = $t;
            const C_TYPE: CTypeDesc = <$t as CType>::C_TYPE;
            const FLOAT_REGISTERS: usize = $registers;
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            fn prepare(self, _: &MemRefType) -> Result<$t, MemRefError> {
                Ok(self)
            }
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            fn raw(storage: &mut $t) -> $t {
                *storage
            }
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            unsafe fn buffer(_: &$t) -> ArgumentBuffer {
                ArgumentBuffer::NONE
            }
            fn record(_: &MemRefType) -> TypeRecord {
                TypeRecord::Primitive($iree.to_owned())
            }
        }
    )*};
}

scalars!(i8 => "i8", 0; i16 => "i16", 0; i32 => "i32", 0; i64 => "i64", 0;
         u8 => "i8", 0; u16 => "i16", 0; u32 => "i32", 0; u64 => "i64", 0;
         f32 => "f32", 1; f64 => "f64", 1);

/// The C-interface traits of a complex type `$ty` (with part `T:
/// ComplexPart`), converted through [`Complex`]: by value as two scalars
/// (see [`crate::memref::complex`]), as a result in a `{re, im}` slot.
macro_rules! complex_impls {
    ($($ty:ty;)*) => {$(
        // SAFETY: `Raw` is passed in two consecutive SSE registers (or two
        // 8-byte stack slots), as LLVM passes MLIR's `{T, T}` on x86-64;
        // the placement that differs and other targets are compile errors
        // (`complex_argument_problem`).
        unsafe impl<T: ComplexPart> CifaceParam for $ty {
            type Raw = T::Split;
            const C_TYPE: CTypeDesc = complex_c_type::<T>();
            const FLOAT_REGISTERS: usize = 2;
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            unsafe fn from_ciface(raw: T::Split, _: &MemRefType) -> Result<Self, MemRefError> {
                Ok(T::join(raw).into())
            }
            fn record(_: &MemRefType) -> TypeRecord {
                complex_record::<T>()
            }
        }
        // SAFETY: `Slot` is `{T re; T im;}`, the layout of MLIR's `{T, T}`
        // behind the out-pointer.
        unsafe impl<T: ComplexPart> CifaceResult for $ty {
            type Slot = Complex<T>;
            const C_TYPE: CTypeDesc = complex_c_type::<T>();
            const EMPTY: Complex<T> = Complex { re: T::ZERO, im: T::ZERO };
            // An LLVM struct, which the C interface never returns by value.
            const OUT_POINTER: bool = true;
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            fn into_slot(self) -> Complex<T> {
                self.into()
            }
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            unsafe fn from_slot_after(
                slot: Complex<T>,
                _: &[ArgumentBuffer],
                _: &[*const c_void],
                _: &[MemRefType],
            ) -> Result<Self, MemRefError> {
                Ok(slot.into())
            }
            fn record() -> TypeRecord {
                complex_record::<T>()
            }
        }
        // SAFETY: as for `CifaceParam`.
        unsafe impl<T: ComplexPart> CifaceArg for $ty {
            type Storage = T::Split;
            type Raw = T::Split;
            const C_TYPE: CTypeDesc = complex_c_type::<T>();
            const FLOAT_REGISTERS: usize = 2;
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            fn prepare(self, _: &MemRefType) -> Result<T::Split, MemRefError> {
                Ok(T::split(self.into()))
            }
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            fn raw(storage: &mut T::Split) -> T::Split {
                *storage
            }
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            unsafe fn buffer(_: &T::Split) -> ArgumentBuffer {
                ArgumentBuffer::NONE
            }
            fn record(_: &MemRefType) -> TypeRecord {
                complex_record::<T>()
            }
        }
    )*};
}

fn complex_record<T: ComplexPart>() -> TypeRecord {
    TypeRecord::Complex(Box::new(TypeRecord::primitive(T::MLIR_NAME)))
}

complex_impls! {
    Complex<T>;
}
#[cfg(feature = "num-complex")]
complex_impls! {
    num_complex::Complex<T>;
}

// SAFETY: LLVM passes and returns MLIR's `i1` in a byte-sized slot with no
// extension attribute, so only bit 0 is defined (a `trunci` to `i1` leaves
// the other bits as they were). The raw value is a `u8` of which only bit 0
// is read; what Rust hands over is 0 or 1. In a multi-value result struct
// an `i1` is one byte at its C offset, likewise read by bit 0.
unsafe impl CifaceParam for bool {
    type Raw = u8;
    const C_TYPE: CTypeDesc = <u8 as CType>::C_TYPE;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_ciface(raw: u8, _: &MemRefType) -> Result<Self, MemRefError> {
        Ok(raw & 1 != 0)
    }
    fn record(_: &MemRefType) -> TypeRecord {
        TypeRecord::Primitive("i1".to_owned())
    }
}

// SAFETY: as above.
unsafe impl CifaceResult for bool {
    type Slot = u8;
    const C_TYPE: CTypeDesc = <u8 as CType>::C_TYPE;
    const EMPTY: u8 = 0;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn into_slot(self) -> u8 {
        u8::from(self)
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_slot_after(
        slot: u8,
        _: &[ArgumentBuffer],
        _: &[*const c_void],
        _: &[MemRefType],
    ) -> Result<Self, MemRefError> {
        Ok(slot & 1 != 0)
    }
    fn record() -> TypeRecord {
        TypeRecord::Primitive("i1".to_owned())
    }
}

impl CifaceDirect for bool {
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn from_direct(slot: u8) -> bool {
        slot & 1 != 0
    }
}

// SAFETY: as above; Rust passes 0 or 1.
unsafe impl CifaceArg for bool {
    type Storage = u8;
    type Raw = u8;
    const C_TYPE: CTypeDesc = <u8 as CType>::C_TYPE;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn prepare(self, _: &MemRefType) -> Result<u8, MemRefError> {
        Ok(u8::from(self))
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn raw(storage: &mut u8) -> u8 {
        *storage
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn buffer(_: &u8) -> ArgumentBuffer {
        ArgumentBuffer::NONE
    }
    fn record(_: &MemRefType) -> TypeRecord {
        TypeRecord::Primitive("i1".to_owned())
    }
}

// SAFETY: two parts, no borrow.
unsafe impl<T> crate::BorrowedFor<'_> for Complex<T> {}
// SAFETY: as above.
#[cfg(feature = "num-complex")]
unsafe impl<T> crate::BorrowedFor<'_> for num_complex::Complex<T> {}
