//! Views of a packed value inside a byte buffer, at any bit offset, without
//! copying: `PackedRef` reads, `PackedMut` reads and writes. The range is
//! checked once, when the view is built; every access stays inside it.

use core::marker::PhantomData;

use super::{Packed, PackedError};
use crate::argument::ArgError;
use crate::c::CParam;
use crate::model::Direction;
use crate::model::c::{CScalar, CTypeDesc};

/// The bits `bit_offset .. bit_offset + T::WIDTH` of `len` bytes, checked.
fn check_range<T: Packed>(len: usize, bit_offset: usize) -> Result<(), PackedError> {
    let available_bits = len.saturating_mul(8);
    let needed_bits = bit_offset.saturating_add(T::WIDTH as usize);
    if needed_bits > available_bits {
        return Err(PackedError::OutOfRange {
            needed_bits,
            available_bits,
        });
    }
    Ok(())
}

/// A read-only view of a packed `T` stored in `bytes` from bit
/// `bit_offset` on (bit `i` is bit `i % 8` of byte `i / 8`).
pub struct PackedRef<'a, T> {
    bytes: &'a [u8],
    bit_offset: usize,
    value: PhantomData<fn() -> T>,
}

impl<T> Clone for PackedRef<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for PackedRef<'_, T> {}

impl<T> core::fmt::Debug for PackedRef<'_, T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PackedRef")
            .field("type", &core::any::type_name::<T>())
            .field("bit_offset", &self.bit_offset)
            .field("buffer_len", &self.bytes.len())
            .finish()
    }
}

impl<T> core::fmt::Debug for PackedMut<'_, T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PackedMut")
            .field("type", &core::any::type_name::<T>())
            .field("bit_offset", &self.bit_offset)
            .field("buffer_len", &self.bytes.len())
            .finish()
    }
}

impl<'a, T: Packed> PackedRef<'a, T> {
    /// A view of the `T::WIDTH` bits of `bytes` starting at `bit_offset`;
    /// an error when they do not all lie inside `bytes`.
    pub fn new(bytes: &'a [u8], bit_offset: usize) -> Result<Self, PackedError> {
        check_range::<T>(bytes.len(), bit_offset)?;
        Ok(PackedRef {
            bytes,
            bit_offset,
            value: PhantomData,
        })
    }

    /// The value.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn get(&self) -> T {
        T::unpack_from(self.bytes, self.bit_offset)
    }

    /// The view of a part of the value: `F::WIDTH` bits starting
    /// `field_offset` bits above this view's start. Generated field getters
    /// use it.
    ///
    /// # Panics
    ///
    /// When the part does not lie inside this view.
    pub fn part<F: Packed>(&self, field_offset: u32) -> PackedRef<'a, F> {
        assert!(
            field_offset as usize + F::WIDTH as usize <= T::WIDTH as usize,
            "a part of {} bits at bit {field_offset} lies outside a {}-bit packed value",
            F::WIDTH,
            T::WIDTH
        );
        PackedRef {
            bytes: self.bytes,
            bit_offset: self.bit_offset + field_offset as usize,
            value: PhantomData,
        }
    }

    /// The buffer the view reads.
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Where the value starts in the buffer, in bits.
    pub fn bit_offset(&self) -> usize {
        self.bit_offset
    }
}

/// A mutable view of a packed `T` stored in `bytes` from bit `bit_offset`
/// on. Writes change exactly the value's bits.
pub struct PackedMut<'a, T> {
    bytes: &'a mut [u8],
    bit_offset: usize,
    value: PhantomData<fn() -> T>,
}

impl<'a, T: Packed> PackedMut<'a, T> {
    /// A view of the `T::WIDTH` bits of `bytes` starting at `bit_offset`;
    /// an error when they do not all lie inside `bytes`.
    pub fn new(bytes: &'a mut [u8], bit_offset: usize) -> Result<Self, PackedError> {
        check_range::<T>(bytes.len(), bit_offset)?;
        Ok(PackedMut {
            bytes,
            bit_offset,
            value: PhantomData,
        })
    }

    /// The value.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn get(&self) -> T {
        T::unpack_from(&*self.bytes, self.bit_offset)
    }

    /// Store `value`, leaving the bits around it unchanged.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn set(&mut self, value: &T) {
        value.pack_into(self.bytes, self.bit_offset);
    }

    /// A read-only view of the same bits.
    pub fn as_ref(&self) -> PackedRef<'_, T> {
        PackedRef {
            bytes: self.bytes,
            bit_offset: self.bit_offset,
            value: PhantomData,
        }
    }

    /// The mutable view of a part of the value: `F::WIDTH` bits starting
    /// `field_offset` bits above this view's start. Generated field setters
    /// use it.
    ///
    /// # Panics
    ///
    /// When the part does not lie inside this view.
    pub fn part_mut<F: Packed>(&mut self, field_offset: u32) -> PackedMut<'_, F> {
        assert!(
            field_offset as usize + F::WIDTH as usize <= T::WIDTH as usize,
            "a part of {} bits at bit {field_offset} lies outside a {}-bit packed value",
            F::WIDTH,
            T::WIDTH
        );
        PackedMut {
            bytes: self.bytes,
            bit_offset: self.bit_offset + field_offset as usize,
            value: PhantomData,
        }
    }

    /// The buffer the view writes (the accessors `#[derive(Packed)]`
    /// generates write a field through it; not public API).
    #[doc(hidden)]
    pub fn bytes_mut(&mut self) -> &mut [u8] {
        self.bytes
    }

    /// Where the value starts in the buffer, in bits.
    pub fn bit_offset(&self) -> usize {
        self.bit_offset
    }
}

const C_UINT8: CTypeDesc = CTypeDesc::scalar::<u8>(CScalar::Uint8);

/// The bytes C passes a packed value in, `ceil(WIDTH / 8)` (at least one:
/// no packed type is zero bits wide).
fn packed_len<T: Packed>() -> core::num::NonZeroUsize {
    core::num::NonZeroUsize::new((T::WIDTH as usize).div_ceil(8))
        .unwrap_or(core::num::NonZeroUsize::MIN)
}

/// `const uint8_t *`, how C passes packed data in host layout.
pub(crate) const C_CONST_BYTES: CTypeDesc = CTypeDesc::Pointer {
    pointee: &C_UINT8,
    is_const: true,
};

// SAFETY: C passes `const uint8_t *` to `ceil(WIDTH / 8)` readable bytes
// (the header's contract), alive for the call; NULL is rejected and bytes
// have no alignment.
unsafe impl<'a, T: Packed> CParam for PackedRef<'a, T> {
    fn record() -> crate::model::record::TypeRecord {
        crate::model::record::TypeRecord::of_sv_type(&T::SV_TYPE)
    }
    type Raw = *const u8;
    const C_TYPE: CTypeDesc = C_CONST_BYTES;
    const BORROWS: bool = true;
    unsafe fn checked_borrow(raw: *const u8) -> Result<Option<crate::argument::Borrow>, ArgError> {
        if raw.is_null() {
            return Err(ArgError::Null);
        }
        Ok(Some(crate::argument::Borrow::of_checked(
            raw,
            packed_len::<T>(),
            false,
        )))
    }
    unsafe fn from_c(raw: *const u8) -> Result<Self, ArgError> {
        if raw.is_null() {
            return Err(ArgError::Null);
        }
        let len = (T::WIDTH as usize).div_ceil(8);
        // SAFETY: non-NULL (checked); `len` readable bytes by the contract.
        let bytes = unsafe { core::slice::from_raw_parts(raw, len) };
        Ok(PackedRef {
            bytes,
            bit_offset: 0,
            value: PhantomData,
        })
    }
}

const C_MUT_BYTES: CTypeDesc = CTypeDesc::Pointer {
    pointee: &C_UINT8,
    is_const: false,
};

// SAFETY: C passes `uint8_t *` to `ceil(WIDTH / 8)` bytes the callee may
// read and write, not aliased during the call (the header's contract);
// NULL is rejected.
unsafe impl<'a, T: Packed> CParam for PackedMut<'a, T> {
    fn record() -> crate::model::record::TypeRecord {
        crate::model::record::TypeRecord::of_sv_type(&T::SV_TYPE)
    }
    type Raw = *mut u8;
    const C_TYPE: CTypeDesc = C_MUT_BYTES;
    const DIRECTION: Direction = Direction::InOut;
    const BORROWS: bool = true;
    unsafe fn checked_borrow(raw: *mut u8) -> Result<Option<crate::argument::Borrow>, ArgError> {
        if raw.is_null() {
            return Err(ArgError::Null);
        }
        Ok(Some(crate::argument::Borrow::of_checked(
            raw.cast_const(),
            packed_len::<T>(),
            true,
        )))
    }
    unsafe fn from_c(raw: *mut u8) -> Result<Self, ArgError> {
        if raw.is_null() {
            return Err(ArgError::Null);
        }
        let len = (T::WIDTH as usize).div_ceil(8);
        // SAFETY: non-NULL (checked); `len` writable bytes, unaliased, by
        // the contract.
        let bytes = unsafe { core::slice::from_raw_parts_mut(raw, len) };
        Ok(PackedMut {
            bytes,
            bit_offset: 0,
            value: PhantomData,
        })
    }
}

// SAFETY: the views borrow the packed bytes for `'a`, at most `'call`.
unsafe impl<'call: 'a, 'a, T> crate::BorrowedFor<'call> for PackedRef<'a, T> {}
// SAFETY: as above.
unsafe impl<'call: 'a, 'a, T> crate::BorrowedFor<'call> for PackedMut<'a, T> {}
