//! Conversions between what C passes and the Rust types of a `#[c_export]`
//! signature.
//!
//! Every conversion from C is checked: a NULL where a reference is required,
//! a misaligned pointer, a slice whose byte length overflows `isize`, or a
//! `&str` that is not UTF-8 becomes an [`ArgError`], never undefined
//! behaviour. What happens next depends on the signature: a function with a
//! status channel (`Result`) returns a reserved status; any other function
//! reports the error naming itself and the argument, and aborts.

#![allow(
    clippy::needless_lifetimes,
    reason = "the lifetime a converted reference gets is the point of these impls; it stays visible"
)]

use core::ffi::{CStr, c_char};
use core::num::NonZeroUsize;

use crate::argument::{ArgError, Borrow, check_pointer};
use crate::c::{C_BOOL, C_CONST_CHAR_PTR, CBool, CType};
use crate::model::Direction;
use crate::model::c::CTypeDesc;
use crate::model::function::{ParamType, Passing, Record, ResultType};
use crate::model::record::TypeRecord;

/// A Rust parameter type that C passes as one argument.
///
/// Implement it (with [`CResult`] for results) to give a type of your own
/// a C spelling: here a validated newtype that C sees as `int32_t`, whose
/// invalid values are refused before the function runs (C receives
/// `ABI_STATUS_INVALID_ARGUMENT` from a `Result` function; a plain one
/// aborts with a report naming the argument).
///
/// ```
/// use abi_core::{ArgError, CParam, CResult, CTypeDesc, c_export};
///
/// /// A percentage, 0 to 100.
/// #[derive(Debug, Clone, Copy)]
/// pub struct Percent(u8);
///
/// // SAFETY: `Raw` is `i32`, which is C's `int32_t`; `from_c` accepts
/// // every `i32` and builds a `Percent` only from 0..=100.
/// unsafe impl CParam for Percent {
///     type Raw = i32;
///     const C_TYPE: CTypeDesc = CTypeDesc::scalar::<i32>("int32_t");
///     unsafe fn from_c(raw: i32) -> Result<Self, ArgError> {
///         u8::try_from(raw)
///             .ok()
///             .filter(|p| *p <= 100)
///             .map(Percent)
///             .ok_or(ArgError::TooLarge { len: raw as usize })
///     }
/// }
///
/// // SAFETY: `Raw` is `i32`, C's `int32_t`.
/// unsafe impl CResult for Percent {
///     type Raw = i32;
///     const C_TYPE: CTypeDesc = CTypeDesc::scalar::<i32>("int32_t");
///     fn into_c(self) -> i32 {
///         i32::from(self.0)
///     }
/// }
///
/// /// The remaining share.
/// #[c_export]
/// pub fn remaining(used: Percent) -> Percent {
///     Percent(100 - used.0)
/// }
///
/// let header = abi_core::CHeader::new("percent.h").render(&abi_core::Registry::all()).unwrap();
/// assert!(header.contains("int32_t remaining(int32_t used);"));
/// ```
///
/// # Safety
///
/// `Raw` must have the ABI of the C type [`CParam::C_TYPE`], and
/// [`CParam::from_c`] must return `Err` instead of creating an invalid value
/// from any bit pattern of `Raw` a C caller can pass.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a parameter of a `#[c_export]` function",
    label = "unsupported parameter type",
    note = "supported: fixed-width integers, `usize`/`isize`, `bool`, `f32`, `f64`, raw pointers to C types, `&T`/`&mut T`/`Option<&T>`/`Option<&mut T>` of C types (`CBool`, not `bool`, behind a pointer), `#[c_export] #[repr(C)]` structs, `&CStr`/`Option<&CStr>`, and (written literally) `&[T]`, `&mut [T]`, `&str`"
)]
pub unsafe trait CParam: Sized {
    /// What the extern "C" shim receives.
    type Raw: Copy;
    /// How the header spells it.
    const C_TYPE: CTypeDesc;
    /// Whether the callee reads it, writes it, or both.
    const DIRECTION: Direction = Direction::In;
    /// The registry's description of the parameter (not public API; never override).
    #[doc(hidden)]
    const PARAM: ParamType = ParamType {
        direction: Self::DIRECTION,
        passing: Passing::Value(Self::C_TYPE),
        record: Record::Of(Self::record),
    };

    /// Check and convert a raw argument.
    ///
    /// # Safety
    ///
    /// Pointer arguments must be valid for the lifetime the caller picks, as
    /// the header documents; everything checkable (NULL, alignment) is
    /// checked.
    unsafe fn from_c(raw: Self::Raw) -> Result<Self, ArgError>;

    /// Check the raw argument as far as forming its reference needs (NULL,
    /// alignment, size), without forming it, and return the memory the
    /// converted argument will borrow, for the check that no exclusive
    /// argument overlaps another ([`Borrow`]). The shims call it, for every
    /// argument that may borrow, before any conversion: two Rust references
    /// to one place, one of them `&mut`, are undefined behaviour the moment
    /// they are formed. `Ok(None)` (the default) for values that borrow
    /// nothing, and for an optional pointer that is NULL; a type that
    /// becomes a reference must return what it will borrow. The error is
    /// the one [`CParam::from_c`] would return for the same argument.
    ///
    /// # Safety
    ///
    /// As for [`CParam::from_c`] (a `&CStr` reads its bytes up to the NUL).
    #[inline(always)]
    unsafe fn checked_borrow(raw: Self::Raw) -> Result<Option<Borrow>, ArgError> {
        let _ = raw;
        Ok(None)
    }

    /// [`CParam::from_c`] for an argument [`CParam::checked_borrow`]
    /// accepted: it may skip the checks made there (the shims of functions
    /// with several borrowing arguments call the two in turn, so each check
    /// runs once). By default, `from_c`.
    ///
    /// # Safety
    ///
    /// As for [`CParam::from_c`], and `checked_borrow(raw)` returned `Ok`.
    #[inline(always)]
    unsafe fn from_checked(raw: Self::Raw) -> Result<Self, ArgError> {
        // SAFETY: forwarded, same contract.
        unsafe { Self::from_c(raw) }
    }

    /// The reflection record ([`crate::reflect`]); by default the record
    /// of the C type.
    fn record() -> TypeRecord {
        TypeRecord::of_c_type(&Self::C_TYPE)
    }
}

/// A Rust parameter type that C passes as a pointer and a length
/// (`const T *name, size_t name_len`): `&[T]`, `&mut [T]` and `&str`.
///
/// # Safety
///
/// As for [`CParam`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be passed from C as a pointer and a length",
    label = "unsupported slice type",
    note = "slices of C types (`&[T]`, `&mut [T]`) and `&str` are supported"
)]
pub unsafe trait CSliceParam: Sized {
    /// The pointer half the shim receives.
    type Ptr: Copy;
    /// How the header spells the pointer half.
    const C_TYPE: CTypeDesc;
    /// Whether the callee reads the elements, writes them, or both.
    const DIRECTION: Direction = Direction::In;
    /// The registry's description of the parameter (not public API; never override).
    #[doc(hidden)]
    const PARAM: ParamType = ParamType {
        direction: Self::DIRECTION,
        passing: Passing::Slice(Self::C_TYPE),
        record: Record::Of(Self::record),
    };

    /// Check and convert a (pointer, length) pair. A zero length yields an
    /// empty slice whatever the pointer is (C passes `NULL, 0` for "none").
    ///
    /// # Safety
    ///
    /// For a non-zero length, `ptr` must point to `len` initialised elements
    /// valid for the chosen lifetime (and not aliased, for `&mut [T]`).
    unsafe fn from_c(ptr: Self::Ptr, len: usize) -> Result<Self, ArgError>;

    /// Check the pointer and length as [`CSliceParam::from_c`] does, and
    /// return the memory the slice will borrow (see
    /// [`CParam::checked_borrow`]).
    #[inline(always)]
    fn checked_borrow(ptr: Self::Ptr, len: usize) -> Result<Option<Borrow>, ArgError> {
        let _ = (ptr, len);
        Ok(None)
    }

    /// [`CSliceParam::from_c`] for a pointer and length
    /// [`CSliceParam::checked_borrow`] accepted (see
    /// [`CParam::from_checked`]). By default, `from_c`.
    ///
    /// # Safety
    ///
    /// As for [`CSliceParam::from_c`], and `checked_borrow(ptr, len)`
    /// returned `Ok`.
    #[inline(always)]
    unsafe fn from_checked(ptr: Self::Ptr, len: usize) -> Result<Self, ArgError> {
        // SAFETY: forwarded, same contract.
        unsafe { Self::from_c(ptr, len) }
    }

    /// The reflection record ([`crate::reflect`]); by default a dynamic
    /// one-dimensional `ndarray` of the pointee.
    fn record() -> TypeRecord {
        match Self::C_TYPE {
            CTypeDesc::Pointer { pointee, .. } => TypeRecord::NdArray {
                element: Box::new(TypeRecord::of_c_type(pointee)),
                rank: Some(1),
                dims: vec![None],
            },
            other => TypeRecord::of_c_type(&other),
        }
    }
}

/// A Rust result type that C receives as a return value (or, inside a
/// `Result`, through the `out` pointer).
///
/// # Safety
///
/// `Raw` must have the ABI of the C type [`CResult::C_TYPE`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be returned from a `#[c_export]` function",
    label = "unsupported result type",
    note = "supported: `()`, fixed-width integers, `usize`/`isize`, `bool`, `f32`, `f64`, raw pointers, `&T`/`&mut T`/`Option<&T>`, `&CStr`, `#[c_export] #[repr(C)]` structs, and `Result<T, E>` of those with `E: abi_core::CError`"
)]
pub unsafe trait CResult {
    /// What the extern "C" shim returns.
    type Raw;
    /// How the header spells it.
    const C_TYPE: CTypeDesc;
    /// The registry's description of the result (not public API; never override).
    #[doc(hidden)]
    const RESULT: ResultType = ResultType::Value {
        c_type: Self::C_TYPE,
        record: Some(Self::record),
    };
    /// The registry's description of `Result<Self, E>` (not public API; never override).
    #[doc(hidden)]
    const STATUS: ResultType = ResultType::Status {
        out: Some(CTypeDesc::Pointer {
            pointee: &Self::C_TYPE,
            is_const: false,
        }),
        record: Some(Self::record),
    };
    /// Convert for C.
    fn into_c(self) -> Self::Raw;

    /// The reflection record ([`crate::reflect`]); by default the record
    /// of the C type (`null`, no result, for `void`).
    fn record() -> TypeRecord {
        match Self::C_TYPE {
            CTypeDesc::Void => TypeRecord::Null,
            other => TypeRecord::of_c_type(&other),
        }
    }
}

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
            #[inline(always)]
            unsafe fn from_c(raw: $raw) -> Result<Self, ArgError> {
                Ok(raw as $t)
            }
        }
        // SAFETY: returned as the type itself (Rust extends a narrow one
        // as C's callers expect).
        unsafe impl CResult for $t {
            type Raw = $t;
            const C_TYPE: CTypeDesc = <$t as CType>::C_TYPE;
            #[inline(always)]
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
    #[inline(always)]
    unsafe fn from_c(raw: Self::Raw) -> Result<Self, ArgError> {
        // Only the byte counts (see `__received_as`).
        Ok(raw as u8 != 0)
    }
}

// SAFETY: Rust `bool` is 0 or 1, which C's `_Bool` accepts.
unsafe impl CResult for bool {
    type Raw = bool;
    const C_TYPE: CTypeDesc = C_BOOL;
    #[inline(always)]
    fn into_c(self) -> bool {
        self
    }
}

// SAFETY: one byte, any value valid (see `CBool`); by value it is C's
// `bool`.
unsafe impl CParam for CBool {
    type Raw = CBool;
    const C_TYPE: CTypeDesc = C_BOOL;
    #[inline(always)]
    unsafe fn from_c(raw: CBool) -> Result<Self, ArgError> {
        Ok(raw)
    }
}

// SAFETY: as above; C reads the byte as `_Bool`, so it is normalised to 0
// or 1 on the way out.
unsafe impl CResult for CBool {
    type Raw = bool;
    const C_TYPE: CTypeDesc = C_BOOL;
    #[inline(always)]
    fn into_c(self) -> bool {
        self.get()
    }
}

// SAFETY: `void` result.
unsafe impl CResult for () {
    type Raw = ();
    const C_TYPE: CTypeDesc = CTypeDesc::Void;
    #[inline(always)]
    fn into_c(self) {}
}

macro_rules! raw_pointers {
    ($($ptr:ident),*) => {$(
        // SAFETY: raw pointers carry no validity requirement; the function
        // that receives one decides what to do with it.
        unsafe impl<T: CType + ?Sized> CParam for *$ptr T {
            type Raw = *$ptr T;
            const C_TYPE: CTypeDesc = <*$ptr T as CType>::C_TYPE;
            #[inline(always)]
            unsafe fn from_c(raw: *$ptr T) -> Result<Self, ArgError> {
                Ok(raw)
            }
        }
        // SAFETY: as above.
        unsafe impl<T: CType + ?Sized> CResult for *$ptr T {
            type Raw = *$ptr T;
            const C_TYPE: CTypeDesc = <*$ptr T as CType>::C_TYPE;
            #[inline(always)]
            fn into_c(self) -> *$ptr T {
                self
            }
        }
    )*};
}

raw_pointers!(const, mut);

// SAFETY: NULL and misaligned pointers are rejected before the reference is
// formed; validity of the pointee is the C caller's contract (`T: CType`
// makes every bit pattern C can write a valid `T`).
unsafe impl<'a, T: CType> CParam for &'a T {
    fn record() -> TypeRecord {
        TypeRecord::of_c_type(&T::C_TYPE)
    }
    #[inline(always)]
    unsafe fn checked_borrow(raw: *const T) -> Result<Option<Borrow>, ArgError> {
        check_pointer(raw)?;
        Ok(Some(Borrow::of_checked(raw, NonZeroUsize::MIN, false)))
    }
    type Raw = *const T;
    const C_TYPE: CTypeDesc = <*const T as CType>::C_TYPE;
    #[inline(always)]
    unsafe fn from_c(raw: *const T) -> Result<Self, ArgError> {
        check_pointer(raw)?;
        // SAFETY: non-NULL and aligned (checked above); the caller promises
        // it points to a live `T` for `'a`.
        Ok(unsafe { &*raw })
    }
    #[inline(always)]
    unsafe fn from_checked(raw: *const T) -> Result<Self, ArgError> {
        // SAFETY: non-NULL and aligned (`checked_borrow` accepted it); the
        // caller promises it points to a live `T` for `'a`.
        Ok(unsafe { &*raw })
    }
}

// SAFETY: as for `&T`, with exclusivity promised by the caller.
unsafe impl<'a, T: CType> CParam for &'a mut T {
    fn record() -> TypeRecord {
        TypeRecord::of_c_type(&T::C_TYPE)
    }
    #[inline(always)]
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
    #[inline(always)]
    unsafe fn from_c(raw: *mut T) -> Result<Self, ArgError> {
        check_pointer(raw)?;
        // SAFETY: non-NULL and aligned (checked above); the caller promises
        // exclusive access to a live `T` for `'a`.
        Ok(unsafe { &mut *raw })
    }
    #[inline(always)]
    unsafe fn from_checked(raw: *mut T) -> Result<Self, ArgError> {
        // SAFETY: non-NULL and aligned (`checked_borrow` accepted it); the
        // caller promises exclusive access to a live `T` for `'a`.
        Ok(unsafe { &mut *raw })
    }
}

// SAFETY: as for `&T`; NULL maps to `None`.
unsafe impl<'a, T: CType> CParam for Option<&'a T> {
    fn record() -> TypeRecord {
        TypeRecord::Optional(Box::new(TypeRecord::of_c_type(&T::C_TYPE)))
    }
    #[inline(always)]
    unsafe fn checked_borrow(raw: *const T) -> Result<Option<Borrow>, ArgError> {
        if raw.is_null() {
            return Ok(None);
        }
        // SAFETY: forwarded to the `&T` check, same contract.
        unsafe { <&'a T as CParam>::checked_borrow(raw) }
    }
    type Raw = *const T;
    const C_TYPE: CTypeDesc = <*const T as CType>::C_TYPE;
    #[inline(always)]
    unsafe fn from_c(raw: *const T) -> Result<Self, ArgError> {
        if raw.is_null() {
            return Ok(None);
        }
        // SAFETY: forwarded to the `&T` conversion, same contract.
        unsafe { <&'a T as CParam>::from_c(raw) }.map(Some)
    }
    #[inline(always)]
    unsafe fn from_checked(raw: *const T) -> Result<Self, ArgError> {
        if raw.is_null() {
            return Ok(None);
        }
        // SAFETY: forwarded to the `&T` conversion, same contract.
        unsafe { <&'a T as CParam>::from_checked(raw) }.map(Some)
    }
}

// SAFETY: as for `&mut T`; NULL maps to `None`.
unsafe impl<'a, T: CType> CParam for Option<&'a mut T> {
    fn record() -> TypeRecord {
        TypeRecord::Optional(Box::new(TypeRecord::of_c_type(&T::C_TYPE)))
    }
    #[inline(always)]
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
    #[inline(always)]
    unsafe fn from_c(raw: *mut T) -> Result<Self, ArgError> {
        if raw.is_null() {
            return Ok(None);
        }
        // SAFETY: forwarded to the `&mut T` conversion, same contract.
        unsafe { <&'a mut T as CParam>::from_c(raw) }.map(Some)
    }
    #[inline(always)]
    unsafe fn from_checked(raw: *mut T) -> Result<Self, ArgError> {
        if raw.is_null() {
            return Ok(None);
        }
        // SAFETY: forwarded to the `&mut T` conversion, same contract.
        unsafe { <&'a mut T as CParam>::from_checked(raw) }.map(Some)
    }
}

// SAFETY: `const char *`; NULL is rejected, the caller promises a
// NUL-terminated string that lives for `'a`.
unsafe impl<'a> CParam for &'a CStr {
    fn record() -> TypeRecord {
        TypeRecord::Str("cstr".into())
    }
    #[inline(always)]
    unsafe fn checked_borrow(raw: *const c_char) -> Result<Option<Borrow>, ArgError> {
        if raw.is_null() {
            return Err(ArgError::Null);
        }
        // SAFETY: a NUL-terminated string (the caller's contract).
        Ok(Some(unsafe { cstr_borrow(raw) }))
    }
    type Raw = *const c_char;
    const C_TYPE: CTypeDesc = C_CONST_CHAR_PTR;
    #[inline(always)]
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
    #[inline(always)]
    unsafe fn checked_borrow(raw: *const c_char) -> Result<Option<Borrow>, ArgError> {
        if raw.is_null() {
            return Ok(None);
        }
        // SAFETY: forwarded to the `&CStr` check, same contract.
        unsafe { <&'a CStr as CParam>::checked_borrow(raw) }
    }
    type Raw = *const c_char;
    const C_TYPE: CTypeDesc = C_CONST_CHAR_PTR;
    #[inline(always)]
    unsafe fn from_c(raw: *const c_char) -> Result<Self, ArgError> {
        if raw.is_null() {
            return Ok(None);
        }
        // SAFETY: forwarded to the `&CStr` conversion, same contract.
        unsafe { <&'a CStr as CParam>::from_c(raw) }.map(Some)
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
            #[inline(always)]
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
    #[inline(always)]
    fn into_c(self) -> *const c_char {
        self.as_ptr()
    }
}

/// The bytes of a NUL-terminated string, NUL included.
///
/// # Safety
///
/// `raw` points to a NUL-terminated string.
#[inline(always)]
unsafe fn cstr_borrow(raw: *const c_char) -> Borrow {
    // SAFETY: NUL-terminated (caller); only its length is read, no
    // reference outlives this call.
    let len = unsafe { CStr::from_ptr(raw) }.count_bytes();
    // A string that ends before the end of the address space cannot wrap;
    // the NUL is one more byte.
    Borrow::of_checked(raw, NonZeroUsize::MIN.saturating_add(len), false)
}

/// Check the pointer half of a non-empty slice and its byte length.
#[inline(always)]
fn check_slice<T>(ptr: *const T, len: usize) -> Result<(), ArgError> {
    // At most `isize::MAX` bytes (no allocation is larger), so the byte
    // count cannot overflow; and a range that wraps around the address
    // space is no allocation.
    let max_len = match size_of::<T>() {
        0 => usize::MAX,
        size => isize::MAX as usize / size,
    };
    // One test, and the error worked out after it: errors built in
    // separate branches share one report path, and the optimiser then sets
    // up their values before the tests, on the fast path of every call.
    let fits = len <= max_len && ptr.addr().checked_add(len * size_of::<T>()).is_some();
    if !ptr.is_null() && ptr.is_aligned() && fits {
        return Ok(());
    }
    match check_pointer(ptr) {
        Err(error) => Err(error),
        Ok(()) => Err(ArgError::TooLarge { len }),
    }
}

/// The borrow of a slice argument, after [`check_slice`] (`None` when
/// empty: an empty slice borrows nothing, wherever it points).
#[inline(always)]
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
    #[inline(always)]
    fn checked_borrow(ptr: *const T, len: usize) -> Result<Option<Borrow>, ArgError> {
        checked_slice_borrow(ptr, len, false)
    }
    type Ptr = *const T;
    const C_TYPE: CTypeDesc = <*const T as CType>::C_TYPE;
    #[inline(always)]
    unsafe fn from_c(ptr: *const T, len: usize) -> Result<Self, ArgError> {
        if len == 0 {
            return Ok(&[]);
        }
        check_slice(ptr, len)?;
        // SAFETY: non-NULL, aligned and in bounds of the address space
        // (checked above); the caller promises `len` live elements.
        Ok(unsafe { core::slice::from_raw_parts(ptr, len) })
    }
    #[inline(always)]
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
    #[inline(always)]
    fn checked_borrow(ptr: *mut T, len: usize) -> Result<Option<Borrow>, ArgError> {
        checked_slice_borrow(ptr.cast_const(), len, true)
    }
    type Ptr = *mut T;
    const C_TYPE: CTypeDesc = <*mut T as CType>::C_TYPE;
    const DIRECTION: Direction = Direction::InOut;
    #[inline(always)]
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
    #[inline(always)]
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
    #[inline(always)]
    fn checked_borrow(ptr: *const c_char, len: usize) -> Result<Option<Borrow>, ArgError> {
        checked_slice_borrow(ptr, len, false)
    }
    type Ptr = *const c_char;
    const C_TYPE: CTypeDesc = C_CONST_CHAR_PTR;
    #[inline(always)]
    unsafe fn from_c(ptr: *const c_char, len: usize) -> Result<Self, ArgError> {
        // SAFETY: forwarded to the byte-slice conversion, same contract.
        let bytes: &'a [u8] = unsafe { <&'a [u8] as CSliceParam>::from_c(ptr.cast(), len) }?;
        core::str::from_utf8(bytes).map_err(|e| ArgError::InvalidUtf8 {
            valid_up_to: e.valid_up_to(),
        })
    }
    #[inline(always)]
    unsafe fn from_checked(ptr: *const c_char, len: usize) -> Result<Self, ArgError> {
        // SAFETY: forwarded to the byte-slice conversion, same contract.
        let bytes: &'a [u8] = unsafe { <&'a [u8] as CSliceParam>::from_checked(ptr.cast(), len) }?;
        core::str::from_utf8(bytes).map_err(|e| ArgError::InvalidUtf8 {
            valid_up_to: e.valid_up_to(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checked_borrow_refuses_what_from_c_refuses_with_the_same_error() {
        let misaligned = core::ptr::without_provenance_mut::<u32>(0x1001);
        let wraps = core::ptr::without_provenance_mut::<u32>(usize::MAX - 7);
        let cases: [(*mut u32, usize); 4] = [
            (core::ptr::null_mut(), 3),
            (misaligned, 3),
            (core::ptr::without_provenance_mut(0x1000), usize::MAX / 2),
            (wraps, 4),
        ];
        for (ptr, len) in cases {
            let borrowed = <&mut [u32] as CSliceParam>::checked_borrow(ptr, len).unwrap_err();
            // SAFETY: every case is refused before a slice is formed.
            let converted = unsafe { <&mut [u32] as CSliceParam>::from_c(ptr, len) }.unwrap_err();
            assert_eq!(borrowed, converted, "{ptr:?}, {len}");
        }
        // SAFETY: refused before a reference is formed.
        let misaligned_ref = unsafe { <&u32 as CParam>::checked_borrow(misaligned) };
        assert_eq!(misaligned_ref, Err(ArgError::Misaligned { align: 4 }));
        // SAFETY: as above.
        let null_string = unsafe { <&CStr as CParam>::checked_borrow(core::ptr::null()) };
        assert_eq!(null_string, Err(ArgError::Null));
        // SAFETY: NULL is `None`, no reference formed.
        let none = unsafe { <Option<&mut u32> as CParam>::checked_borrow(core::ptr::null_mut()) };
        assert_eq!(none, Ok(None));
        // An empty slice borrows nothing, whatever its pointer.
        assert_eq!(
            <&[u32] as CSliceParam>::checked_borrow(misaligned, 0),
            Ok(None)
        );
    }

    #[test]
    fn from_checked_converts_what_checked_borrow_accepted() {
        let mut data = [1u32, 2, 3];
        let ptr = data.as_mut_ptr();
        let borrow = <&mut [u32] as CSliceParam>::checked_borrow(ptr, 3)
            .unwrap()
            .unwrap();
        assert_eq!(borrow, Borrow::range(ptr.addr(), 12, true));
        // SAFETY: `checked_borrow` accepted it; `data` is live and not
        // otherwise used while the slice is.
        let slice = unsafe { <&mut [u32] as CSliceParam>::from_checked(ptr, 3) }.unwrap();
        slice[2] = 7;
        assert_eq!(data, [1, 2, 7]);
        let text = b"caf\xc3\xa9!";
        let text_ptr = text.as_ptr().cast::<c_char>();
        assert!(<&str as CSliceParam>::checked_borrow(text_ptr, 4).is_ok());
        // SAFETY: accepted above; `text` is live. The UTF-8 check stays in
        // `from_checked`: four bytes end inside `é`.
        let cut = unsafe { <&str as CSliceParam>::from_checked(text_ptr, 4) };
        assert_eq!(cut, Err(ArgError::InvalidUtf8 { valid_up_to: 3 }));
    }
}
