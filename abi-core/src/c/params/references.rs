//! References and strings: `&T`, `&mut T`, their `Option`s, `&CStr`, and
//! references as results.

use super::*;

// SAFETY: NULL and misaligned pointers are rejected before the reference is
// formed; validity of the pointee is the C caller's contract (`T: CType`
// makes every bit pattern C can write a valid `T`).
// Not recommended: a pointee that is no C type is reported as this
// parameter type's (`CParam`'s message and note), once, not again as the
// pointee's `CType`.
#[diagnostic::do_not_recommend]
unsafe impl<'a, T: CType> CParam for &'a T {
    fn record() -> TypeRecord {
        TypeRecord::of_c_type(&T::C_TYPE)
    }
    const BORROWS: bool = true;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn checked_borrow(raw: *const T) -> Result<Option<Borrow>, ArgError> {
        check_pointer(raw)?;
        Ok(Some(Borrow::of_checked(raw, NonZeroUsize::MIN, false)))
    }
    type Raw = *const T;
    const C_TYPE: CTypeDesc = <*const T as CType>::C_TYPE;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_c(raw: *const T) -> Result<Self, ArgError> {
        check_pointer(raw)?;
        // SAFETY: non-NULL and aligned (checked above); the caller promises
        // it points to a live `T` for `'a`.
        Ok(unsafe { &*raw })
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_checked(raw: *const T) -> Result<Self, ArgError> {
        // SAFETY: non-NULL and aligned (`checked_borrow` accepted it); the
        // caller promises it points to a live `T` for `'a`.
        Ok(unsafe { &*raw })
    }
}

// SAFETY: as for `&T`, with exclusivity promised by the caller.
// Not recommended: a pointee that is no C type is reported as this
// parameter type's (`CParam`'s message and note), once, not again as the
// pointee's `CType`.
#[diagnostic::do_not_recommend]
unsafe impl<'a, T: CType> CParam for &'a mut T {
    fn record() -> TypeRecord {
        TypeRecord::of_c_type(&T::C_TYPE)
    }
    const BORROWS: bool = true;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn checked_borrow(raw: *mut T) -> Result<Option<Borrow>, ArgError> {
        check_pointer(raw.cast_const())?;
        Ok(Some(Borrow::of_checked(
            raw.cast_const(),
            NonZeroUsize::MIN,
            true,
        )))
    }
    type Raw = *mut T;
    const C_TYPE: CTypeDesc = <*mut T as CType>::C_TYPE;
    const DIRECTION: Direction = Direction::InOut;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_c(raw: *mut T) -> Result<Self, ArgError> {
        check_pointer(raw)?;
        // SAFETY: non-NULL and aligned (checked above); the caller promises
        // exclusive access to a live `T` for `'a`.
        Ok(unsafe { &mut *raw })
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_checked(raw: *mut T) -> Result<Self, ArgError> {
        // SAFETY: non-NULL and aligned (`checked_borrow` accepted it); the
        // caller promises exclusive access to a live `T` for `'a`.
        Ok(unsafe { &mut *raw })
    }
}

// SAFETY: as for `&T`; NULL maps to `None`.
// Not recommended: a pointee that is no C type is reported as this
// parameter type's (`CParam`'s message and note), once, not again as the
// pointee's `CType`.
#[diagnostic::do_not_recommend]
unsafe impl<'a, T: CType> CParam for Option<&'a T> {
    fn record() -> TypeRecord {
        TypeRecord::Optional(Box::new(TypeRecord::of_c_type(&T::C_TYPE)))
    }
    const BORROWS: bool = true;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn checked_borrow(raw: *const T) -> Result<Option<Borrow>, ArgError> {
        if raw.is_null() {
            return Ok(None);
        }
        // SAFETY: forwarded to the `&T` check, same contract.
        unsafe { <&'a T as CParam>::checked_borrow(raw) }
    }
    type Raw = *const T;
    const C_TYPE: CTypeDesc = <*const T as CType>::C_TYPE;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_c(raw: *const T) -> Result<Self, ArgError> {
        if raw.is_null() {
            return Ok(None);
        }
        // SAFETY: forwarded to the `&T` conversion, same contract.
        some_ok(unsafe { <&'a T as CParam>::from_c(raw) })
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_checked(raw: *const T) -> Result<Self, ArgError> {
        if raw.is_null() {
            return Ok(None);
        }
        // SAFETY: forwarded to the `&T` conversion, same contract.
        some_ok(unsafe { <&'a T as CParam>::from_checked(raw) })
    }
}

// SAFETY: as for `&mut T`; NULL maps to `None`.
// Not recommended: a pointee that is no C type is reported as this
// parameter type's (`CParam`'s message and note), once, not again as the
// pointee's `CType`.
#[diagnostic::do_not_recommend]
unsafe impl<'a, T: CType> CParam for Option<&'a mut T> {
    fn record() -> TypeRecord {
        TypeRecord::Optional(Box::new(TypeRecord::of_c_type(&T::C_TYPE)))
    }
    const BORROWS: bool = true;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn checked_borrow(raw: *mut T) -> Result<Option<Borrow>, ArgError> {
        if raw.is_null() {
            return Ok(None);
        }
        // SAFETY: forwarded to the `&mut T` check, same contract.
        unsafe { <&'a mut T as CParam>::checked_borrow(raw) }
    }
    type Raw = *mut T;
    const C_TYPE: CTypeDesc = <*mut T as CType>::C_TYPE;
    const DIRECTION: Direction = Direction::InOut;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_c(raw: *mut T) -> Result<Self, ArgError> {
        if raw.is_null() {
            return Ok(None);
        }
        // SAFETY: forwarded to the `&mut T` conversion, same contract.
        some_ok(unsafe { <&'a mut T as CParam>::from_c(raw) })
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_checked(raw: *mut T) -> Result<Self, ArgError> {
        if raw.is_null() {
            return Ok(None);
        }
        // SAFETY: forwarded to the `&mut T` conversion, same contract.
        some_ok(unsafe { <&'a mut T as CParam>::from_checked(raw) })
    }
}

// SAFETY: `const char *`; NULL is rejected, the caller promises a
// NUL-terminated string that lives for `'a`.
unsafe impl<'a> CParam for &'a CStr {
    fn record() -> TypeRecord {
        TypeRecord::Str("cstr".into())
    }
    const BORROWS: bool = true;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn checked_borrow(raw: *const c_char) -> Result<Option<Borrow>, ArgError> {
        if raw.is_null() {
            return Err(ArgError::Null);
        }
        // SAFETY: a NUL-terminated string (the caller's contract).
        Ok(Some(unsafe { cstr_borrow(raw) }))
    }
    type Raw = *const c_char;
    const C_TYPE: CTypeDesc = C_CONST_CHAR_PTR;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_c(raw: *const c_char) -> Result<Self, ArgError> {
        if raw.is_null() {
            return Err(ArgError::Null);
        }
        // SAFETY: non-NULL (checked above); NUL termination and lifetime are
        // the caller's contract, documented in the header.
        Ok(unsafe { CStr::from_ptr(raw) })
    }
}

// SAFETY: as for `&CStr`; NULL maps to `None`.
unsafe impl<'a> CParam for Option<&'a CStr> {
    fn record() -> TypeRecord {
        TypeRecord::Optional(Box::new(TypeRecord::Str("cstr".into())))
    }
    const BORROWS: bool = true;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn checked_borrow(raw: *const c_char) -> Result<Option<Borrow>, ArgError> {
        if raw.is_null() {
            return Ok(None);
        }
        // SAFETY: forwarded to the `&CStr` check, same contract.
        unsafe { <&'a CStr as CParam>::checked_borrow(raw) }
    }
    type Raw = *const c_char;
    const C_TYPE: CTypeDesc = C_CONST_CHAR_PTR;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_c(raw: *const c_char) -> Result<Self, ArgError> {
        if raw.is_null() {
            return Ok(None);
        }
        // SAFETY: forwarded to the `&CStr` conversion, same contract.
        some_ok(unsafe { <&'a CStr as CParam>::from_c(raw) })
    }
}

macro_rules! reference_results {
    ($($rust:ty => $raw:ty, $as_raw:expr, $record:expr;)*) => {$(
        // SAFETY: a reference becomes a non-NULL pointer of the same type.
        unsafe impl<'a, T: CType> CResult for $rust {
            fn record() -> TypeRecord {
                $record
            }
            type Raw = $raw;
            const C_TYPE: CTypeDesc = <$raw as CType>::C_TYPE;
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            fn into_c(self) -> $raw {
                ($as_raw)(self)
            }
        }
    )*};
}

reference_results! {
    &'a T => *const T, |r: &'a T| r as *const T, TypeRecord::of_c_type(&T::C_TYPE);
    &'a mut T => *mut T, |r: &'a mut T| r as *mut T, TypeRecord::of_c_type(&T::C_TYPE);
    Option<&'a T> => *const T, |r: Option<&'a T>| r.map_or(core::ptr::null(), |r| r as *const T),
        TypeRecord::Optional(Box::new(TypeRecord::of_c_type(&T::C_TYPE)));
    Option<&'a mut T> => *mut T, |r: Option<&'a mut T>| r.map_or(core::ptr::null_mut(), |r| r as *mut T),
        TypeRecord::Optional(Box::new(TypeRecord::of_c_type(&T::C_TYPE)));
}

// SAFETY: a `&CStr` is a NUL-terminated `const char *`.
unsafe impl<'a> CResult for &'a CStr {
    fn record() -> TypeRecord {
        TypeRecord::Str("cstr".into())
    }
    type Raw = *const c_char;
    const C_TYPE: CTypeDesc = C_CONST_CHAR_PTR;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn into_c(self) -> *const c_char {
        self.as_ptr()
    }
}

/// The bytes of a NUL-terminated string, NUL included.
///
/// # Safety
///
/// `raw` points to a NUL-terminated string.
#[cfg_attr(not(abi_core_unoptimised), inline)]
unsafe fn cstr_borrow(raw: *const c_char) -> Borrow {
    // SAFETY: NUL-terminated (caller); only its length is read, no
    // reference outlives this call.
    let len = unsafe { CStr::from_ptr(raw) }.count_bytes();
    // A string that ends before the end of the address space cannot wrap;
    // the NUL is one more byte.
    Borrow::of_checked(raw, NonZeroUsize::MIN.saturating_add(len), false)
}
