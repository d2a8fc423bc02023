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

mod by_value;
mod references;
mod slices;

use core::ffi::{CStr, c_char};
use core::num::NonZeroUsize;

use crate::argument::{ArgError, Borrow, BorrowedFor, check_pointer};
use crate::c::{C_BOOL, C_CONST_CHAR_PTR, CBool, CType};
use crate::model::Direction;
use crate::model::c::CTypeDesc;
use crate::model::function::{ParamEntry, Passing, RecordSource, ResultEntry};
use crate::model::record::TypeRecord;
use crate::sealed::Sealed;

/// A Rust parameter type that C passes as one argument.
///
/// Implement it (with [`CResult`] for results) to give a type of your own
/// a C spelling: here a validated newtype that C sees as `int32_t`, whose
/// invalid values are refused before the function runs (C receives
/// `ABI_STATUS_INVALID_ARGUMENT` from a `Result` function; a plain one
/// aborts with a report naming the argument).
///
/// ```
/// use abi_core::c::{CParam, CResult};
/// use abi_core::model::c::{CScalar, CTypeDesc};
/// use abi_core::{ArgError, BorrowedFor, c_export};
///
/// /// A percentage, 0 to 100.
/// #[derive(Debug, Clone, Copy)]
/// pub struct Percent(u8);
///
/// // SAFETY: `Raw` is `i32`, which is C's `int32_t`; `from_c` accepts
/// // every `i32` and builds a `Percent` only from 0..=100.
/// unsafe impl CParam for Percent {
///     type Raw = i32;
///     const C_TYPE: CTypeDesc = CTypeDesc::scalar::<i32>(CScalar::Int32);
///     unsafe fn from_c(raw: i32) -> Result<Self, ArgError> {
///         u8::try_from(raw)
///             .ok()
///             .filter(|p| *p <= 100)
///             .map(Percent)
///             .ok_or(ArgError::TooLarge { len: raw as usize })
///     }
/// }
///
/// // SAFETY: a value, holding no borrow.
/// unsafe impl<'call> BorrowedFor<'call> for Percent {}
///
/// // SAFETY: `Raw` is `i32`, C's `int32_t`.
/// unsafe impl CResult for Percent {
///     type Raw = i32;
///     const C_TYPE: CTypeDesc = CTypeDesc::scalar::<i32>(CScalar::Int32);
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
/// let header = abi_core::emit::CHeader::new("percent.h").render(&abi_core::Registry::all()).unwrap();
/// assert!(header.contains("int32_t remaining(int32_t used);"));
/// ```
///
/// # Safety
///
/// `Raw` must have the ABI of the C type [`CParam::C_TYPE`], and
/// [`CParam::from_c`] must return `Err` instead of creating an invalid value
/// from any bit pattern of `Raw` a C caller can pass. A type whose
/// conversion reads or borrows memory through `Raw` must say which bytes in
/// [`CParam::checked_borrow`], and a type whose value can write to that
/// memory must not have the [`Direction::In`] `DIRECTION` (the shims convert
/// the arguments that only read before the ones that write).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a parameter of a `#[c_export]` function",
    label = "unsupported parameter type",
    note = "supported: `i8`..`i64`, `u8`..`u64`, `usize`/`isize`, `bool`, `CBool`, `f32`, `f64`, `*const T`/`*mut T` of C types, `&T`/`&mut T`/`Option<&T>`/`Option<&mut T>` of C types (`CBool`, not `bool`, behind a pointer), `#[c_export] #[repr(C)]` structs, `#[derive(Packed)]` structs (by value), `PackedRef<T>`/`PackedMut<T>` (in place), `BitInt<N>`/`UBitInt<N>` (_BitInt(N)), `&CStr`/`Option<&CStr>` and `&[T]`/`&mut [T]`/`&str` (written literally, not through an alias: a pointer and a length, two C parameters)"
)]
pub unsafe trait CParam: Sized + BorrowedFor<'static> {
    /// What the extern "C" shim receives.
    type Raw: Copy;
    /// How the header spells it.
    const C_TYPE: CTypeDesc;
    /// Whether the callee reads it, writes it, or both.
    const DIRECTION: Direction = Direction::In;
    /// The registry's description of the parameter (not public API; no
    /// implementation can define it, see `Sealed`).
    #[doc(hidden)]
    const PARAM: Sealed<&'static ParamEntry> = Sealed(&ParamEntry {
        direction: Self::DIRECTION,
        passing: Passing::Value(Self::C_TYPE),
        record: RecordSource::Of(Self::record),
    });

    /// Check and convert a raw argument.
    ///
    /// # Safety
    ///
    /// Pointer arguments must be valid for the lifetime the caller picks, as
    /// the header documents; everything checkable (NULL, alignment) is
    /// checked.
    unsafe fn from_c(raw: Self::Raw) -> Result<Self, ArgError>;

    /// Whether [`CParam::checked_borrow`] can return `Some` (a type that
    /// overrides it says `true`): the shim checks that arguments do not
    /// overlap when two of them may borrow, by this constant, not by how the
    /// types are spelled, so an alias of `i32` costs nothing and an alias of
    /// a reference is checked.
    const BORROWS: bool = false;

    /// Check the raw argument as far as forming its reference needs (NULL,
    /// alignment, size), without forming it, and return the memory the
    /// converted argument will borrow or read, for the check that no
    /// exclusive argument overlaps another ([`Borrow`]). The shims call it,
    /// for every argument that may borrow, before any conversion: two Rust
    /// references to one place, one of them `&mut`, are undefined behaviour
    /// the moment they are formed, and so is reading bytes through another
    /// pointer while a `&mut` to them is live. `Ok(None)` (the default) for
    /// values passed in registers, and for an optional pointer that is NULL;
    /// a type that becomes a reference must return what it will borrow, and
    /// a value copied out of memory C points to (a packed struct by value, a
    /// `_BitInt` passed by reference) what it will read, as a shared
    /// borrow. The error is the one [`CParam::from_c`] would return for the
    /// same argument.
    ///
    /// # Safety
    ///
    /// As for [`CParam::from_c`] (a `&CStr` reads its bytes up to the NUL).
    #[cfg_attr(not(abi_core_unoptimised), inline)]
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
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_checked(raw: Self::Raw) -> Result<Self, ArgError> {
        // SAFETY: forwarded, same contract.
        unsafe { Self::from_c(raw) }
    }

    /// The first of a shim's two conversion passes (not public API; no
    /// implementation can define it, see `Sealed`): [`CParam::from_checked`] for an argument that only reads
    /// ([`Direction::In`]), `Ok(None)` for one that may write, which
    /// [`CParam::second_pass`] converts once every reading argument is
    /// converted. So no `&mut` exists while another argument's bytes are
    /// read, even where [`CParam::checked_borrow`] could not tell.
    ///
    /// # Safety
    ///
    /// As for [`CParam::from_checked`].
    #[doc(hidden)]
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn first_pass(raw: Self::Raw) -> Sealed<Result<Option<Self>, ArgError>> {
        if !matches!(Self::DIRECTION, Direction::In) {
            return Sealed(Ok(None));
        }
        // SAFETY: forwarded, same contract.
        Sealed(some_ok(unsafe { Self::from_checked(raw) }))
    }

    /// The second pass (not public API; no implementation can define it):
    /// the value of the first, or the conversion of an argument that may
    /// write.
    ///
    /// # Safety
    ///
    /// As for [`CParam::from_checked`]; `first` is what
    /// [`CParam::first_pass`] returned for `raw`.
    #[doc(hidden)]
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn second_pass(first: Option<Self>, raw: Self::Raw) -> Sealed<Result<Self, ArgError>> {
        Sealed(match first {
            Some(value) => Ok(value),
            // SAFETY: forwarded, same contract.
            None => unsafe { Self::from_checked(raw) },
        })
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
pub unsafe trait CSliceParam: Sized + BorrowedFor<'static> {
    /// The pointer half the shim receives.
    type Ptr: Copy;
    /// How the header spells the pointer half.
    const C_TYPE: CTypeDesc;
    /// Whether the callee reads the elements, writes them, or both.
    const DIRECTION: Direction = Direction::In;
    /// The registry's description of the parameter (not public API; no
    /// implementation can define it, see `Sealed`).
    #[doc(hidden)]
    const PARAM: Sealed<&'static ParamEntry> = Sealed(&ParamEntry {
        direction: Self::DIRECTION,
        passing: Passing::Slice(Self::C_TYPE),
        record: RecordSource::Of(Self::record),
    });

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
    #[cfg_attr(not(abi_core_unoptimised), inline)]
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
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_checked(ptr: Self::Ptr, len: usize) -> Result<Self, ArgError> {
        // SAFETY: forwarded, same contract.
        unsafe { Self::from_c(ptr, len) }
    }

    /// [`CParam::first_pass`] for a pointer and length (not public API; no
    /// implementation can define it).
    ///
    /// # Safety
    ///
    /// As for [`CSliceParam::from_checked`].
    #[doc(hidden)]
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn first_pass(ptr: Self::Ptr, len: usize) -> Sealed<Result<Option<Self>, ArgError>> {
        if !matches!(Self::DIRECTION, Direction::In) {
            return Sealed(Ok(None));
        }
        // SAFETY: forwarded, same contract.
        Sealed(some_ok(unsafe { Self::from_checked(ptr, len) }))
    }

    /// [`CParam::second_pass`] for a pointer and length (not public API; no
    /// implementation can define it).
    ///
    /// # Safety
    ///
    /// As for [`CSliceParam::from_checked`]; `first` is what
    /// [`CSliceParam::first_pass`] returned for `ptr` and `len`.
    #[doc(hidden)]
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn second_pass(
        first: Option<Self>,
        ptr: Self::Ptr,
        len: usize,
    ) -> Sealed<Result<Self, ArgError>> {
        Sealed(match first {
            Some(value) => Ok(value),
            // SAFETY: forwarded, same contract.
            None => unsafe { Self::from_checked(ptr, len) },
        })
    }

    /// The reflection record ([`crate::reflect`]); by default a dynamic
    /// one-dimensional `ndarray` of the pointee.
    fn record() -> TypeRecord {
        slice_record(&Self::C_TYPE)
    }
}

/// `converted.map(Some)`, in abi-core's code: the generic `Result::map`
/// and the `Some` it is given are two functions a crate instantiates for
/// every parameter type, which a debug build compiles.
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub(crate) fn some_ok<T>(converted: Result<T, ArgError>) -> Result<Option<T>, ArgError> {
    match converted {
        Ok(value) => Ok(Some(value)),
        Err(error) => Err(error),
    }
}

/// [`CSliceParam::record`]'s default for a slice passed as `c_type`: in
/// abi-core's code, where the default method's body (a `Box` and a `vec!`)
/// was instantiated in every crate for each slice type.
fn slice_record(c_type: &CTypeDesc) -> TypeRecord {
    match c_type {
        CTypeDesc::Pointer { pointee, .. } => TypeRecord::NdArray {
            element: Box::new(TypeRecord::of_c_type(pointee)),
            rank: Some(1),
            dims: vec![None],
        },
        other => TypeRecord::of_c_type(other),
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
    note = "supported: `()`, `i8`..`i64`, `u8`..`u64`, `usize`/`isize`, `bool`, `CBool`, `f32`, `f64`, `*const T`/`*mut T`, `&T`/`&mut T`/`Option<&T>`, `&'static CStr`, `#[c_export] #[repr(C)]` structs, `BitInt<N>`/`UBitInt<N>` and `Result<T, E>` of those, written literally (`E: abi_core::c::status::CError`; it adds an out-pointer parameter)"
)]
pub unsafe trait CResult {
    /// What the extern "C" shim returns.
    type Raw;
    /// How the header spells it.
    const C_TYPE: CTypeDesc;
    /// The registry's description of the result (not public API; no
    /// implementation can define it, see `Sealed`).
    #[doc(hidden)]
    const RESULT: Sealed<ResultEntry> = Sealed(ResultEntry::Value {
        c_type: Self::C_TYPE,
        record: Some(Self::record),
    });
    /// The registry's description of `Result<Self, E>` (not public API; no
    /// implementation can define it).
    #[doc(hidden)]
    const STATUS: Sealed<ResultEntry> = Sealed(ResultEntry::Status {
        out: Some(CTypeDesc::Pointer {
            pointee: &Self::C_TYPE,
            is_const: false,
        }),
        record: Some(Self::record),
    });
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
