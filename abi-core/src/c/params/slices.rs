//! Slices and `&str`: a pointer and a `size_t` length.

use super::*;

/// Check the pointer half of a non-empty slice and its byte length.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn check_slice<T>(ptr: *const T, len: usize) -> Result<(), ArgError> {
    // In a function of abi-core's own, as `check_pointer` does.
    check_slice_at(ptr as usize, len, size_of::<T>(), align_of::<T>())
}

/// [`check_slice`] for an address and the element's size and alignment
/// (a power of two).
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn check_slice_at(address: usize, len: usize, size: usize, align: usize) -> Result<(), ArgError> {
    // At most `isize::MAX` bytes (no allocation is larger), so the byte
    // count cannot overflow; and a range that wraps around the address
    // space is no allocation.
    let max_len = match size {
        0 => usize::MAX,
        size => isize::MAX as usize / size,
    };
    // One test, and the error worked out after it: errors built in
    // separate branches share one report path, and the optimiser then sets
    // up their values before the tests, on the fast path of every call.
    let fits = len <= max_len && address.checked_add(len * size).is_some();
    if address != 0 && address & (align - 1) == 0 && fits {
        return Ok(());
    }
    match crate::argument::check_address(address, align) {
        Err(error) => Err(error),
        Ok(()) => Err(ArgError::TooLarge { len }),
    }
}

/// The borrow of a slice argument, after [`check_slice`] (`None` when
/// empty: an empty slice borrows nothing, wherever it points).
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn checked_slice_borrow<T>(
    ptr: *const T,
    len: usize,
    exclusive: bool,
) -> Result<Option<Borrow>, ArgError> {
    let Some(count) = NonZeroUsize::new(len) else {
        return Ok(None);
    };
    check_slice(ptr, len)?;
    Ok(Some(Borrow::of_checked(ptr, count, exclusive)))
}

// SAFETY: `(const T *, size_t)`; NULL, misalignment and overflowing lengths
// are rejected before the slice is formed.
unsafe impl<'a, T: CType> CSliceParam for &'a [T] {
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn checked_borrow(ptr: *const T, len: usize) -> Result<Option<Borrow>, ArgError> {
        checked_slice_borrow(ptr, len, false)
    }
    type Ptr = *const T;
    const C_TYPE: CTypeDesc = <*const T as CType>::C_TYPE;
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    unsafe fn from_c(ptr: *const T, len: usize) -> Result<Self, ArgError> {
        if len == 0 {
            return Ok(&[]);
        }
        check_slice(ptr, len)?;
        // SAFETY: non-NULL, aligned and in bounds of the address space
        // (checked above); the caller promises `len` live elements.
        Ok(unsafe { core::slice::from_raw_parts(ptr, len) })
    }
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    unsafe fn from_checked(ptr: *const T, len: usize) -> Result<Self, ArgError> {
        if len == 0 {
            return Ok(&[]);
        }
        // SAFETY: as in `from_c`; `checked_borrow` made its checks.
        Ok(unsafe { core::slice::from_raw_parts(ptr, len) })
    }
}

// SAFETY: as for `&[T]`, with exclusivity promised by the caller.
unsafe impl<'a, T: CType> CSliceParam for &'a mut [T] {
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn checked_borrow(ptr: *mut T, len: usize) -> Result<Option<Borrow>, ArgError> {
        checked_slice_borrow(ptr.cast_const(), len, true)
    }
    type Ptr = *mut T;
    const C_TYPE: CTypeDesc = <*mut T as CType>::C_TYPE;
    const DIRECTION: Direction = Direction::InOut;
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    unsafe fn from_c(ptr: *mut T, len: usize) -> Result<Self, ArgError> {
        if len == 0 {
            return Ok(&mut []);
        }
        check_slice(ptr, len)?;
        // SAFETY: non-NULL, aligned and in bounds of the address space
        // (checked above); the caller promises `len` live elements it does
        // not access during the call.
        Ok(unsafe { core::slice::from_raw_parts_mut(ptr, len) })
    }
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    unsafe fn from_checked(ptr: *mut T, len: usize) -> Result<Self, ArgError> {
        if len == 0 {
            return Ok(&mut []);
        }
        // SAFETY: as in `from_c`; `checked_borrow` made its checks.
        Ok(unsafe { core::slice::from_raw_parts_mut(ptr, len) })
    }
}

// SAFETY: `(const char *, size_t)` of UTF-8; the bytes are validated before
// the `&str` is formed.
unsafe impl<'a> CSliceParam for &'a str {
    fn record() -> TypeRecord {
        TypeRecord::Str("utf8".into())
    }
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn checked_borrow(ptr: *const c_char, len: usize) -> Result<Option<Borrow>, ArgError> {
        checked_slice_borrow(ptr, len, false)
    }
    type Ptr = *const c_char;
    const C_TYPE: CTypeDesc = C_CONST_CHAR_PTR;
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    unsafe fn from_c(ptr: *const c_char, len: usize) -> Result<Self, ArgError> {
        // SAFETY: forwarded to the byte-slice conversion, same contract.
        let bytes: &'a [u8] = unsafe { <&'a [u8] as CSliceParam>::from_c(ptr.cast(), len) }?;
        core::str::from_utf8(bytes).map_err(|e| ArgError::InvalidUtf8 {
            valid_up_to: e.valid_up_to(),
        })
    }
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    unsafe fn from_checked(ptr: *const c_char, len: usize) -> Result<Self, ArgError> {
        // SAFETY: forwarded to the byte-slice conversion, same contract.
        let bytes: &'a [u8] = unsafe { <&'a [u8] as CSliceParam>::from_checked(ptr.cast(), len) }?;
        core::str::from_utf8(bytes).map_err(|e| ArgError::InvalidUtf8 {
            valid_up_to: e.valid_up_to(),
        })
    }
}

/// Never implemented: the bound of the `CParam` implementations of `&[T]`
/// and `&mut [T]`, which exist only to refuse a slice written through a
/// type alias with this message. `#[c_export]` passes a slice as two C
/// parameters, which it decides from the type as written (a literal
/// `&[T]` is a `CSliceParam`).
#[diagnostic::on_unimplemented(
    message = "a slice behind a type alias cannot be a parameter of a `#[c_export]` function",
    label = "write `&[T]` or `&mut [T]` here",
    note = "`#[c_export]` passes a slice as two C parameters, a pointer and a length, which it decides from the type as written in the signature"
)]
#[doc(hidden)]
pub trait SliceWrittenLiterally {}

// SAFETY: never implemented (`SliceWrittenLiterally` has no
// implementation): a refusal with a message.
#[diagnostic::do_not_recommend]
unsafe impl<T> CParam for &[T]
where
    [T]: SliceWrittenLiterally,
{
    type Raw = *const T;
    const C_TYPE: CTypeDesc = CTypeDesc::Void;
    unsafe fn from_c(_: *const T) -> Result<Self, ArgError> {
        unreachable!("`SliceWrittenLiterally` has no implementation")
    }
}

// SAFETY: as above.
#[diagnostic::do_not_recommend]
unsafe impl<T> CParam for &mut [T]
where
    [T]: SliceWrittenLiterally,
{
    type Raw = *mut T;
    const C_TYPE: CTypeDesc = CTypeDesc::Void;
    unsafe fn from_c(_: *mut T) -> Result<Self, ArgError> {
        unreachable!("`SliceWrittenLiterally` has no implementation")
    }
}
