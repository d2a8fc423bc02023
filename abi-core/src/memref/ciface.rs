//! The traits `#[ciface]` expansions use: how a Rust type crosses MLIR's C
//! interface as a parameter, a result or an argument to an MLIR function.
//! The macro only names the types; these implementations decide.

use core::ffi::c_void;
use core::fmt;

use super::complex::{Complex, ComplexPart, complex_c_type};
use super::descriptor::{MemRefDescriptor, UnrankedMemRefDescriptor};
use super::element::MemRefElement;
use super::owned::{OwnedMemRef, OwnedUnrankedMemRef, ReturnedMemRef, STATIC_ALLOCATED};
use super::view::{MemRef, MemRefMut, UnrankedMemRef};
use crate::argument::Borrow;
use crate::c::CType;
use crate::model::Direction;
use crate::model::c::CTypeDesc;
use crate::model::function::{ParamType, Passing, Record, ResultType};
use crate::model::mlir::MemRefError;
use crate::model::mlir::MemRefType;
use crate::model::record::TypeRecord;

/// What a memref parameter type fixes: its element's MLIR spellings and
/// its rank (`None`: unranked). Checked against `#[mlir("...")]` at compile
/// time.
#[derive(Debug, Clone, Copy)]
pub struct MemRefSignature {
    /// The MLIR spellings of the element type.
    pub element_names: &'static [&'static str],
    /// The rank; `None` for `memref<*xT>`.
    pub rank: Option<usize>,
}

/// A parameter of a Rust function that MLIR calls through
/// `_mlir_ciface_<name>`: scalars by value, memrefs as a pointer to their
/// descriptor.
///
/// # Safety
///
/// `Raw` must be what MLIR 19's C interface passes for the type, and
/// `from_ciface` must not read beyond what the descriptor validly
/// describes.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a parameter of a `#[ciface]` function",
    label = "not an MLIR C-interface type",
    note = "memrefs are `MemRef<'_, T, N>` (read), `MemRefMut<'_, T, N>` (write) or `UnrankedMemRef<'_, T>`; scalars are i8..i64, u8..u64, f32, f64 and `bool` for `i1` (MLIR `index` is i64); `complex<T>` is `abi_core::memref::Complex<T>`"
)]
pub unsafe trait CifaceParam: Sized {
    /// What the shim receives.
    type Raw: Copy;
    /// How the C header spells `Raw`.
    const C_TYPE: CTypeDesc;
    /// Whether the callee reads, writes or both.
    const DIRECTION: Direction = Direction::In;
    /// Element and rank, for memrefs.
    const MEMREF: Option<MemRefSignature> = None;
    /// How many floating-point argument registers the value takes (1 for
    /// `f32`/`f64`, 2 for a complex number), for the compile-time check of
    /// where a complex argument lands.
    const FLOAT_REGISTERS: usize = 0;
    /// The registry's description of a parameter of a Rust function (not
    /// public API; never override).
    #[doc(hidden)]
    const PARAM: ParamType = ParamType {
        direction: Self::DIRECTION,
        passing: Passing::Value(Self::C_TYPE),
        record: Record::OfMemRef(Self::record),
    };

    /// Check and convert what MLIR passed.
    ///
    /// # Safety
    ///
    /// A descriptor pointer must be NULL or point to a descriptor whose
    /// data is valid for the call.
    unsafe fn from_ciface(raw: Self::Raw, ty: &MemRefType) -> Result<Self, MemRefError>;

    /// The memory the converted argument borrows, for the check that no
    /// exclusive argument overlaps another ([`crate::Borrow`]); `None` for
    /// scalars.
    #[inline(always)]
    fn borrow(&self) -> Option<crate::argument::Borrow> {
        None
    }

    /// The reflection record.
    fn record(ty: &MemRefType) -> TypeRecord;
}

/// A result of an MLIR C-interface function: scalars return directly when
/// alone; memrefs and every member of a multi-value result travel in a
/// slot behind the first out-pointer.
///
/// # Safety
///
/// `Slot` must have the C layout MLIR 19 gives the result.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a result of a `#[ciface]` function",
    label = "not an MLIR C-interface result",
    note = "results are scalars (i8..i64, u8..u64, f32, f64, `bool` for `i1`), `Complex<f32>`/`Complex<f64>`, `OwnedMemRef<T, N>`, `ReturnedMemRef<'_, T, N>`, `OwnedUnrankedMemRef<T>`, or a tuple of those"
)]
pub unsafe trait CifaceResult: Sized {
    /// What travels behind the out-pointer.
    type Slot: Copy;
    /// How the C header spells `Slot`.
    const C_TYPE: CTypeDesc;
    /// What the slot holds before the callee writes it.
    const EMPTY: Self::Slot;
    /// The registry's description of the result, returned directly (not
    /// public API; never override).
    #[doc(hidden)]
    const RESULT: ResultType = ResultType::Value {
        c_type: Self::C_TYPE,
        record: Some(Self::record),
    };
    /// The registry's description of the result, written through the
    /// leading out-pointer (not public API; never override).
    #[doc(hidden)]
    const LEADING: ResultType = ResultType::Leading {
        out: CTypeDesc::Pointer {
            pointee: &Self::C_TYPE,
            is_const: false,
        },
        record: Some(Self::record),
    };

    /// Hand the value over (ownership of memref buffers passes with it).
    fn into_slot(self) -> Self::Slot;

    /// Take what the callee wrote. `arguments` are the buffers of the
    /// call's memref arguments, to recognise results that alias them.
    ///
    /// # Safety
    ///
    /// The slot was written by the MLIR function per its signature; owned
    /// buffers belong to the caller from now on.
    unsafe fn from_slot(
        slot: Self::Slot,
        arguments: &[ArgumentBuffer],
    ) -> Result<Self, MemRefError> {
        // SAFETY: forwarded (trait contract).
        unsafe { Self::from_slot_after(slot, arguments, &[]) }
    }

    /// As [`CifaceResult::from_slot`], for a member of a multi-value
    /// result: `earlier` holds the `allocated` pointers of the members
    /// before it. A member holding one of those buffers is refused and not
    /// freed (the earlier member frees it once).
    ///
    /// # Safety
    ///
    /// As for `from_slot`.
    unsafe fn from_slot_after(
        slot: Self::Slot,
        arguments: &[ArgumentBuffer],
        earlier: &[*const c_void],
    ) -> Result<Self, MemRefError>;

    /// Check a result a Rust function hands to MLIR against the MLIR
    /// types its declaration gives the results (`types[k]` for member `k`
    /// of a tuple, `types[0]` for a single result; a missing entry is the
    /// identity layout of the Rust type's rank, MLIR's default): MLIR reads
    /// the descriptor as the type it declared, so a strided view returned
    /// for an identity layout, or three elements for `memref<4xf32>`, would
    /// be misread or read past. `Err((member, error))` names the member.
    /// Scalars have nothing to check.
    #[inline(always)]
    fn check_result(&self, types: &[MemRefType]) -> Result<(), (usize, MemRefError)> {
        let _ = types;
        Ok(())
    }

    /// Element and rank of a memref result, for the compile-time check of
    /// a declared result type (`None` for scalars and tuples).
    const MEMREF: Option<MemRefSignature> = None;

    /// The `allocated` pointer of the buffer the slot describes (`None`
    /// for scalars, and for an unranked slot without a descriptor).
    ///
    /// # Safety
    ///
    /// The slot was written by the callee per its signature.
    #[inline(always)]
    unsafe fn slot_allocation(slot: &Self::Slot) -> Option<*const c_void> {
        let _ = slot;
        None
    }

    /// The reflection record.
    fn record() -> TypeRecord;
}

/// A result MLIR's C interface returns directly: one scalar.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not returned directly by MLIR's C interface",
    label = "a single result returned by value must be a scalar",
    note = "memrefs and complex numbers come back through an out-pointer: spell the result `OwnedMemRef<T, N>`, `ReturnedMemRef<'_, T, N>`, `OwnedUnrankedMemRef<T>` or `Complex<T>` (not through an alias), or a tuple"
)]
pub trait CifaceDirect: CifaceResult {
    /// The value from what the callee returned (for `bool`, bit 0 of the
    /// byte MLIR returns an `i1` in).
    fn from_direct(slot: Self::Slot) -> Self;
}

/// An argument Rust passes to an MLIR function through its C interface.
///
/// # Safety
///
/// `Raw` must be what MLIR 19's C interface expects for the declared type.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be passed to a `#[ciface]` MLIR function",
    label = "not an MLIR C-interface argument",
    note = "pass memrefs as `MemRef<'_, T, N>`, `MemRefMut<'_, T, N>`, `&[T]` / `&mut [T]` (rank 1), `OwnedMemRef<T, N>` (the callee frees it) or `UnrankedMemRef<'_, T>`, scalars by value, and `complex<T>` as `Complex<T>`"
)]
pub unsafe trait CifaceArg: Sized {
    /// What lives on the caller's stack during the call.
    type Storage;
    /// What is passed.
    type Raw: Copy;
    /// How the C header spells `Raw`.
    const C_TYPE: CTypeDesc;
    /// Element and rank, for memrefs.
    const MEMREF: Option<MemRefSignature> = None;
    /// How many floating-point argument registers the value takes (as
    /// [`CifaceParam::FLOAT_REGISTERS`]).
    const FLOAT_REGISTERS: usize = 0;
    /// The registry's description of an argument of an MLIR function: the
    /// Rust side passes it, so it is read (not public API; never override).
    #[doc(hidden)]
    const PARAM: ParamType = ParamType {
        direction: Direction::In,
        passing: Passing::Value(Self::C_TYPE),
        record: Record::OfMemRef(Self::record),
    };

    /// Check the value against the declared type and build the storage.
    fn prepare(self, ty: &MemRefType) -> Result<Self::Storage, MemRefError>;
    /// The value to pass, pointing into `storage`.
    fn raw(storage: &mut Self::Storage) -> Self::Raw;
    /// The buffer a result might alias ([`ArgumentBuffer::NONE`] for
    /// scalars).
    fn buffer(storage: &Self::Storage) -> ArgumentBuffer;
    /// The reflection record.
    fn record(ty: &MemRefType) -> TypeRecord;
}

/// The buffer of a memref argument of a call into MLIR, to recognise a
/// result that aliases it and to check that such a result stays inside
/// the argument's elements.
#[derive(Debug, Clone, Copy)]
pub struct ArgumentBuffer {
    /// The descriptor's `allocated` pointer (NULL for scalars).
    pub allocated: *const c_void,
    /// The bytes from the argument's lowest to its highest element.
    pub extent: Borrow,
}

impl ArgumentBuffer {
    /// A scalar argument: no buffer.
    pub const NONE: ArgumentBuffer = ArgumentBuffer {
        allocated: core::ptr::null(),
        extent: Borrow::EMPTY,
    };

    /// The buffer of a ranked descriptor.
    #[inline(always)]
    pub fn of_ranked<T, const N: usize>(desc: &MemRefDescriptor<T, N>) -> Self {
        let base = desc
            .aligned
            .addr()
            .wrapping_add_signed((desc.offset as isize).wrapping_mul(size_of::<T>() as isize));
        ArgumentBuffer {
            allocated: desc.allocated.cast_const().cast(),
            extent: super::view::extent::<T>(
                base,
                desc.sizes.iter().copied().zip(desc.strides.iter().copied()),
                false,
            ),
        }
    }
}

/// Two results in one C struct, in order (MLIR's multi-value result).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct Results2<A, B>(pub A, pub B);
/// Three results in one C struct.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct Results3<A, B, C>(pub A, pub B, pub C);
/// Four results in one C struct.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct Results4<A, B, C, D>(pub A, pub B, pub C, pub D);

/// A failed call of an MLIR function through a `#[ciface]` wrapper: the
/// argument or result that was refused, and why. Nothing was called when an
/// argument is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CifaceError {
    /// The Rust wrapper.
    pub function: &'static str,
    /// The C symbol (`_mlir_ciface_<name>`).
    pub symbol: &'static str,
    /// The argument (index and name), or `None` for the result.
    pub argument: Option<(usize, &'static str)>,
    /// What was wrong.
    pub error: MemRefError,
}

impl fmt::Display for CifaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` (`{}`): ", self.function, self.symbol)?;
        match self.argument {
            Some((index, name)) => write!(f, "argument {index} `{name}`: ")?,
            None => f.write_str("result: ")?,
        }
        write!(f, "{}", self.error)
    }
}

impl std::error::Error for CifaceError {}

fn memref_record<T: MemRefElement>(rank: Option<usize>, ty: &MemRefType) -> TypeRecord {
    let dims = match rank {
        Some(rank) => (0..rank)
            .map(|k| ty.static_size(k).and_then(|n| u64::try_from(n).ok()))
            .collect(),
        None => Vec::new(),
    };
    TypeRecord::NdArray {
        element: Box::new(TypeRecord::Primitive(T::IREE_NAME.to_owned())),
        rank: rank.map(|r| r as u32),
        dims,
    }
}

macro_rules! scalars {
    ($($t:ty => $iree:literal, $registers:literal);*) => {$(
        // SAFETY: MLIR passes and returns these scalars as C does.
        unsafe impl CifaceParam for $t {
            type Raw = $t;
            const C_TYPE: CTypeDesc = <$t as CType>::C_TYPE;
            const FLOAT_REGISTERS: usize = $registers;
            #[inline(always)]
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
            #[inline(always)]
            fn into_slot(self) -> $t {
                self
            }
            #[inline(always)]
            unsafe fn from_slot_after(slot: $t, _: &[ArgumentBuffer], _: &[*const c_void]) -> Result<Self, MemRefError> {
                Ok(slot)
            }
            fn record() -> TypeRecord {
                TypeRecord::Primitive($iree.to_owned())
            }
        }
        impl CifaceDirect for $t {
            #[inline(always)]
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
            #[inline(always)]
            fn prepare(self, _: &MemRefType) -> Result<$t, MemRefError> {
                Ok(self)
            }
            #[inline(always)]
            fn raw(storage: &mut $t) -> $t {
                *storage
            }
            #[inline(always)]
            fn buffer(_: &$t) -> ArgumentBuffer {
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
/// (see [`super::complex`]), as a result in a `{re, im}` slot.
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
            #[inline(always)]
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
            #[inline(always)]
            fn into_slot(self) -> Complex<T> {
                self.into()
            }
            #[inline(always)]
            unsafe fn from_slot_after(
                slot: Complex<T>,
                _: &[ArgumentBuffer],
                _: &[*const c_void],
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
            #[inline(always)]
            fn prepare(self, _: &MemRefType) -> Result<T::Split, MemRefError> {
                Ok(T::split(self.into()))
            }
            #[inline(always)]
            fn raw(storage: &mut T::Split) -> T::Split {
                *storage
            }
            #[inline(always)]
            fn buffer(_: &T::Split) -> ArgumentBuffer {
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
    #[inline(always)]
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
    #[inline(always)]
    fn into_slot(self) -> u8 {
        u8::from(self)
    }
    #[inline(always)]
    unsafe fn from_slot_after(
        slot: u8,
        _: &[ArgumentBuffer],
        _: &[*const c_void],
    ) -> Result<Self, MemRefError> {
        Ok(slot & 1 != 0)
    }
    fn record() -> TypeRecord {
        TypeRecord::Primitive("i1".to_owned())
    }
}

impl CifaceDirect for bool {
    #[inline(always)]
    fn from_direct(slot: u8) -> bool {
        slot & 1 != 0
    }
}

// SAFETY: as above; Rust passes 0 or 1.
unsafe impl CifaceArg for bool {
    type Storage = u8;
    type Raw = u8;
    const C_TYPE: CTypeDesc = <u8 as CType>::C_TYPE;
    #[inline(always)]
    fn prepare(self, _: &MemRefType) -> Result<u8, MemRefError> {
        Ok(u8::from(self))
    }
    #[inline(always)]
    fn raw(storage: &mut u8) -> u8 {
        *storage
    }
    #[inline(always)]
    fn buffer(_: &u8) -> ArgumentBuffer {
        ArgumentBuffer::NONE
    }
    fn record(_: &MemRefType) -> TypeRecord {
        TypeRecord::Primitive("i1".to_owned())
    }
}

/// The C types of a ranked descriptor and of pointers to it.
struct DescriptorTypes<T, const N: usize>(core::marker::PhantomData<T>);

impl<T: MemRefElement, const N: usize> DescriptorTypes<T, N> {
    const RANKED: CTypeDesc = CTypeDesc::MemRef {
        element: T::IREE_NAME,
        element_c: &T::C_TYPE,
        rank: N,
    };
    const CONST_POINTER: CTypeDesc = CTypeDesc::Pointer {
        pointee: &Self::RANKED,
        is_const: true,
    };
    const MUT_POINTER: CTypeDesc = CTypeDesc::Pointer {
        pointee: &Self::RANKED,
        is_const: false,
    };
}

/// Read the descriptor behind a pointer MLIR passed.
///
/// # Safety
///
/// `raw` is NULL or points to a readable descriptor.
#[inline(always)]
unsafe fn read_descriptor<D: Copy>(raw: *const D) -> Result<D, MemRefError> {
    if raw.is_null() {
        return Err(MemRefError::NullDescriptor);
    }
    if !raw.is_aligned() {
        return Err(MemRefError::MisalignedDescriptor {
            align: align_of::<D>(),
            address: raw as usize,
        });
    }
    // SAFETY: non-NULL, aligned, readable (caller).
    Ok(unsafe { raw.read() })
}

// SAFETY: MLIR passes a ranked memref as a pointer to its descriptor; the
// view is built only after validation.
unsafe impl<T: MemRefElement, const N: usize> CifaceParam for MemRef<'static, T, N> {
    #[inline(always)]
    fn borrow(&self) -> Option<crate::argument::Borrow> {
        Some(self.borrowed_memory())
    }
    type Raw = *const MemRefDescriptor<T, N>;
    const C_TYPE: CTypeDesc = DescriptorTypes::<T, N>::CONST_POINTER;
    const MEMREF: Option<MemRefSignature> = Some(MemRefSignature {
        element_names: T::MLIR_NAMES,
        rank: Some(N),
    });
    #[inline(always)]
    unsafe fn from_ciface(raw: Self::Raw, ty: &MemRefType) -> Result<Self, MemRefError> {
        // SAFETY: forwarded from the caller.
        let desc = unsafe { read_descriptor(raw)? };
        // SAFETY: the data is valid for the call (caller); the view does
        // not outlive the shim's call of the user function.
        unsafe { MemRef::from_descriptor(&desc, ty) }
    }
    fn record(ty: &MemRefType) -> TypeRecord {
        memref_record::<T>(Some(N), ty)
    }
}

// SAFETY: as for `MemRef`; the mutable view also checks that no element is
// reached twice.
unsafe impl<T: MemRefElement, const N: usize> CifaceParam for MemRefMut<'static, T, N> {
    #[inline(always)]
    fn borrow(&self) -> Option<crate::argument::Borrow> {
        Some(self.borrowed_memory())
    }
    type Raw = *const MemRefDescriptor<T, N>;
    const C_TYPE: CTypeDesc = DescriptorTypes::<T, N>::MUT_POINTER;
    const DIRECTION: Direction = Direction::InOut;
    const MEMREF: Option<MemRefSignature> = Some(MemRefSignature {
        element_names: T::MLIR_NAMES,
        rank: Some(N),
    });
    #[inline(always)]
    unsafe fn from_ciface(raw: Self::Raw, ty: &MemRefType) -> Result<Self, MemRefError> {
        // SAFETY: forwarded from the caller.
        let desc = unsafe { read_descriptor(raw)? };
        // SAFETY: valid for reads and writes during the call (caller).
        unsafe { MemRefMut::from_descriptor(&desc, ty) }
    }
    fn record(ty: &MemRefType) -> TypeRecord {
        memref_record::<T>(Some(N), ty)
    }
}

const UNRANKED_POINTER: CTypeDesc = CTypeDesc::Pointer {
    pointee: &CTypeDesc::UnrankedMemRef,
    is_const: true,
};

// SAFETY: MLIR passes `memref<*xT>` as a pointer to `{rank, descriptor}`.
unsafe impl<T: MemRefElement> CifaceParam for UnrankedMemRef<'static, T> {
    type Raw = *const UnrankedMemRefDescriptor;
    const C_TYPE: CTypeDesc = UNRANKED_POINTER;
    const DIRECTION: Direction = Direction::InOut;
    const MEMREF: Option<MemRefSignature> = Some(MemRefSignature {
        element_names: T::MLIR_NAMES,
        rank: None,
    });
    unsafe fn from_ciface(raw: Self::Raw, _: &MemRefType) -> Result<Self, MemRefError> {
        // SAFETY: forwarded from the caller.
        let desc = unsafe { read_descriptor(raw)? };
        // SAFETY: the ranked descriptor and its data are valid for the call.
        unsafe { UnrankedMemRef::from_descriptor(&desc) }
    }
    fn record(ty: &MemRefType) -> TypeRecord {
        memref_record::<T>(None, ty)
    }
}

/// The declared type of result member `k` (the identity layout when none
/// is declared).
fn declared_result(types: &[MemRefType], k: usize) -> &MemRefType {
    types.get(k).unwrap_or(&MemRefType::DYNAMIC_IDENTITY)
}

// SAFETY: a memref result is its descriptor, written into the slot.
unsafe impl<T: MemRefElement, const N: usize> CifaceResult for OwnedMemRef<T, N> {
    type Slot = MemRefDescriptor<T, N>;
    const C_TYPE: CTypeDesc = DescriptorTypes::<T, N>::RANKED;
    const EMPTY: Self::Slot = MemRefDescriptor::EMPTY;
    const MEMREF: Option<MemRefSignature> = Some(MemRefSignature {
        element_names: T::MLIR_NAMES,
        rank: Some(N),
    });
    fn check_result(&self, types: &[MemRefType]) -> Result<(), (usize, MemRefError)> {
        declared_result(types, 0)
            .check(self.descriptor())
            .map(drop)
            .map_err(|error| (0, error))
    }
    fn into_slot(self) -> Self::Slot {
        self.into_descriptor()
    }
    unsafe fn from_slot_after(
        slot: Self::Slot,
        arguments: &[ArgumentBuffer],
        earlier: &[*const c_void],
    ) -> Result<Self, MemRefError> {
        // Not freed when refused: the buffer belongs to the argument or to
        // the earlier member.
        held_elsewhere(slot.allocated.cast_const().cast(), arguments, earlier)?;
        // SAFETY: a fresh result belongs to the caller (trait contract).
        unsafe { OwnedMemRef::from_descriptor(slot, &MemRefType::ANY_STRIDED) }
    }
    #[inline(always)]
    unsafe fn slot_allocation(slot: &Self::Slot) -> Option<*const c_void> {
        Some(slot.allocated.cast_const().cast())
    }
    fn record() -> TypeRecord {
        memref_record::<T>(Some(N), &MemRefType::ANY_STRIDED)
    }
}

// SAFETY: as above.
unsafe impl<'a, T: MemRefElement, const N: usize> CifaceResult for ReturnedMemRef<'a, T, N> {
    type Slot = MemRefDescriptor<T, N>;
    const C_TYPE: CTypeDesc = DescriptorTypes::<T, N>::RANKED;
    const EMPTY: Self::Slot = MemRefDescriptor::EMPTY;
    const MEMREF: Option<MemRefSignature> = Some(MemRefSignature {
        element_names: T::MLIR_NAMES,
        rank: Some(N),
    });
    fn check_result(&self, types: &[MemRefType]) -> Result<(), (usize, MemRefError)> {
        declared_result(types, 0)
            .check(&self.view().descriptor())
            .map(drop)
            .map_err(|error| (0, error))
    }
    fn into_slot(self) -> Self::Slot {
        self.into_descriptor()
    }
    unsafe fn from_slot_after(
        slot: Self::Slot,
        arguments: &[ArgumentBuffer],
        earlier: &[*const c_void],
    ) -> Result<Self, MemRefError> {
        let allocated = slot.allocated.cast_const().cast::<c_void>();
        // Arguments first: a result borrowing an argument is `Borrowed`
        // even when an earlier member borrows the same argument.
        let borrows_argument =
            !allocated.is_null() && arguments.iter().any(|a| a.allocated == allocated);
        if !borrows_argument && allocated.addr() != STATIC_ALLOCATED {
            held_elsewhere(allocated, &[], earlier)?;
        }
        // SAFETY: the trait contract, and the wrapper ties `'a` to the
        // arguments' borrows.
        unsafe { ReturnedMemRef::classify(slot, &MemRefType::ANY_STRIDED, arguments) }
    }
    #[inline(always)]
    unsafe fn slot_allocation(slot: &Self::Slot) -> Option<*const c_void> {
        Some(slot.allocated.cast_const().cast())
    }
    fn record() -> TypeRecord {
        memref_record::<T>(Some(N), &MemRefType::ANY_STRIDED)
    }
}

// SAFETY: an unranked result is `{rank, heap descriptor}`.
unsafe impl<T: MemRefElement> CifaceResult for OwnedUnrankedMemRef<T> {
    type Slot = UnrankedMemRefDescriptor;
    const C_TYPE: CTypeDesc = CTypeDesc::UnrankedMemRef;
    const EMPTY: Self::Slot = UnrankedMemRefDescriptor::EMPTY;
    fn into_slot(self) -> Self::Slot {
        self.into_descriptor()
    }
    unsafe fn from_slot_after(
        slot: Self::Slot,
        arguments: &[ArgumentBuffer],
        earlier: &[*const c_void],
    ) -> Result<Self, MemRefError> {
        // SAFETY: the slot was written per the signature (trait contract).
        if let Some(allocated) = unsafe { Self::slot_allocation(&slot) }
            && let Err(error) = held_elsewhere(allocated, arguments, earlier)
        {
            // The data belongs to someone else; the heap descriptor is this
            // result's own.
            // SAFETY: MLIR copies an unranked result's descriptor to a
            // `malloc` block that belongs to the caller.
            unsafe { super::owned::free_heap_descriptor(slot.descriptor) };
            return Err(error);
        }
        // SAFETY: the heap descriptor and the data belong to the caller.
        unsafe { OwnedUnrankedMemRef::from_descriptor(slot) }
    }
    #[inline(always)]
    unsafe fn slot_allocation(slot: &Self::Slot) -> Option<*const c_void> {
        // SAFETY: a non-NULL heap descriptor starts with `allocated`
        // (trait contract); read unaligned, as foreign memory.
        (!slot.descriptor.is_null())
            .then(|| unsafe { slot.descriptor.cast::<*const c_void>().read_unaligned() })
    }
    fn record() -> TypeRecord {
        memref_record::<T>(None, &MemRefType::ANY_STRIDED)
    }
}

/// `Err` when the buffer at `allocated` belongs to an argument or to an
/// earlier member of the same result (NULL belongs to nobody).
#[inline(always)]
fn held_elsewhere(
    allocated: *const c_void,
    arguments: &[ArgumentBuffer],
    earlier: &[*const c_void],
) -> Result<(), MemRefError> {
    if allocated.is_null() {
        return Ok(());
    }
    if let Some(argument) = arguments.iter().position(|a| a.allocated == allocated) {
        return Err(MemRefError::AliasesArgument { argument });
    }
    if let Some(member) = earlier.iter().position(|e| *e == allocated) {
        return Err(MemRefError::SharesResultBuffer { member });
    }
    Ok(())
}

macro_rules! tuples {
    ($($slot:ident: $($t:ident $i:tt),*;)*) => {$(
        // SAFETY: MLIR returns several results as one struct of the
        // members in order, which `$slot` is (`#[repr(C)]`).
        unsafe impl<$($t: CifaceResult),*> CifaceResult for ($($t,)*) {
            type Slot = $slot<$($t::Slot),*>;
            const C_TYPE: CTypeDesc = CTypeDesc::Tuple { fields: &[$($t::C_TYPE),*] };
            const EMPTY: Self::Slot = $slot($($t::EMPTY),*);
            fn into_slot(self) -> Self::Slot {
                $slot($(self.$i.into_slot()),*)
            }
            fn check_result(&self, types: &[MemRefType]) -> Result<(), (usize, MemRefError)> {
                $(
                    let member = types.get($i..$i + 1).unwrap_or(&[]);
                    self.$i.check_result(member).map_err(|(_, error)| ($i, error))?;
                )*
                Ok(())
            }
            unsafe fn from_slot_after(
                slot: Self::Slot,
                arguments: &[ArgumentBuffer],
                _: &[*const c_void],
            ) -> Result<Self, MemRefError> {
                // Every member converts (each one seeing the buffers of
                // the members before it), so that when one is refused the
                // others are still owned and dropped (freed) with the
                // error: nothing leaks, nothing is freed twice.
                let mut earlier: [*const c_void; 4] = [core::ptr::null(); 4];
                let members = ($({
                    // SAFETY: forwarded per member (trait contract).
                    let member = unsafe { $t::from_slot_after(slot.$i, arguments, &earlier[..$i]) };
                    // SAFETY: as above.
                    earlier[$i] = unsafe { $t::slot_allocation(&slot.$i) }.unwrap_or(core::ptr::null());
                    member
                },)*);
                let _ = earlier;
                Ok(($(members.$i?,)*))
            }
            fn record() -> TypeRecord {
                TypeRecord::STuple(vec![$($t::record()),*])
            }
        }
    )*};
}

tuples! {
    Results2: A 0, B 1;
    Results3: A 0, B 1, C 2;
    Results4: A 0, B 1, C 2, D 3;
}

/// `CifaceArg` for a type passed as a pointer to a ranked descriptor on the
/// caller's stack: `$prepare` turns the value into the descriptor, checked
/// against the declared type `$declared` with `checked_against`.
macro_rules! ranked_arg {
    ($([$($generics:tt)*] $ty:ty, rank $rank:tt, $pointer:ident, |$value:ident, $declared:ident| $prepare:expr;)*) => {$(
        // SAFETY: passed as a pointer to a descriptor on the caller's
        // stack, validated against the declared type first.
        unsafe impl<'a, T: MemRefElement $($generics)*> CifaceArg for $ty {
            type Storage = MemRefDescriptor<T, $rank>;
            type Raw = *const MemRefDescriptor<T, $rank>;
            const C_TYPE: CTypeDesc = DescriptorTypes::<T, $rank>::$pointer;
            const MEMREF: Option<MemRefSignature> = Some(MemRefSignature {
                element_names: T::MLIR_NAMES,
                rank: Some($rank),
            });
            #[inline(always)]
            fn prepare(self, ty: &MemRefType) -> Result<Self::Storage, MemRefError> {
                let ($value, $declared) = (self, ty);
                $prepare
            }
            #[inline(always)]
            fn raw(storage: &mut Self::Storage) -> Self::Raw {
                storage
            }
            #[inline(always)]
            fn buffer(storage: &Self::Storage) -> ArgumentBuffer {
                ArgumentBuffer::of_ranked(storage)
            }
            fn record(ty: &MemRefType) -> TypeRecord {
                memref_record::<T>(Some($rank), ty)
            }
        }
    )*};
}

/// `desc` once checked against the declared type.
#[inline(always)]
fn checked_against<T, const N: usize>(
    ty: &MemRefType,
    desc: MemRefDescriptor<T, N>,
) -> Result<MemRefDescriptor<T, N>, MemRefError> {
    ty.check_declared(desc.offset, &desc.sizes, &desc.strides)?;
    Ok(desc)
}

ranked_arg! {
    [, const N: usize] MemRef<'a, T, N>, rank N, CONST_POINTER,
        |view, ty| checked_against(ty, view.descriptor());
    [, const N: usize] MemRefMut<'a, T, N>, rank N, MUT_POINTER,
        |view, ty| { let mut view = view; checked_against(ty, view.descriptor()) };
    [] &'a [T], rank 1, CONST_POINTER,
        |slice, ty| checked_against(ty, MemRef::from_slice(slice, [slice.len()])?.descriptor());
    [] &'a mut [T], rank 1, MUT_POINTER,
        |slice, ty| {
            let len = slice.len();
            checked_against(ty, MemRefMut::from_slice(slice, [len])?.descriptor())
        };
    // Checked before the buffer is given up, so a refused argument is still
    // owned (and freed) by the caller. After the call the buffer belongs to
    // the callee, which frees it with `memref.dealloc` (`free(allocated)`,
    // the allocator `OwnedMemRef` uses).
    [, const N: usize] OwnedMemRef<T, N>, rank N, MUT_POINTER,
        |owned, ty| checked_against(ty, *owned.descriptor()).map(|_| owned.into_descriptor());
}

// SAFETY: passed as a pointer to `{rank, descriptor}` on the caller's stack.
unsafe impl<'a, T: MemRefElement> CifaceArg for UnrankedMemRef<'a, T> {
    type Storage = UnrankedMemRefDescriptor;
    type Raw = *const UnrankedMemRefDescriptor;
    const C_TYPE: CTypeDesc = UNRANKED_POINTER;
    const MEMREF: Option<MemRefSignature> = Some(MemRefSignature {
        element_names: T::MLIR_NAMES,
        rank: None,
    });
    fn prepare(mut self, _: &MemRefType) -> Result<Self::Storage, MemRefError> {
        Ok(self.descriptor())
    }
    fn raw(storage: &mut Self::Storage) -> Self::Raw {
        storage
    }
    fn buffer(storage: &Self::Storage) -> ArgumentBuffer {
        if storage.descriptor.is_null() {
            return ArgumentBuffer::NONE;
        }
        let rank = usize::try_from(storage.rank).unwrap_or(0).min(64);
        let words = storage.descriptor.cast::<i64>().cast_const();
        // SAFETY: the ranked descriptor of `rank` (at most 64, as the view
        // checked) is two pointers, the offset, then the sizes and the
        // strides; read unaligned, as foreign memory.
        let word = |k: usize| unsafe { words.wrapping_add(k).read_unaligned() };
        // SAFETY: as above: `allocated` and `aligned` come first.
        let allocated = unsafe { storage.descriptor.cast::<*const c_void>().read_unaligned() };
        let aligned = word(1) as usize;
        let base =
            aligned.wrapping_add_signed((word(2) as isize).wrapping_mul(size_of::<T>() as isize));
        ArgumentBuffer {
            allocated,
            extent: super::view::extent::<T>(
                base,
                (0..rank).map(|k| (word(3 + k), word(3 + rank + k))),
                false,
            ),
        }
    }
    fn record(ty: &MemRefType) -> TypeRecord {
        memref_record::<T>(None, ty)
    }
}

/// What generated code uses. Not a public API.
#[doc(hidden)]
pub mod __private {
    pub use super::MemRefSignature;
    pub use crate::memref::complex::complex_argument_problem;
    use crate::model::names::const_str_eq;

    /// How a parameter's Rust type differs from its `#[mlir("...")]` type,
    /// evaluated at compile time: [`TYPE_FITS`] (both memrefs, the same
    /// element and rank), [`NOT_A_MEMREF`], [`OTHER_ELEMENT`] or
    /// [`OTHER_RANK`] (the first difference found).
    pub const fn declared_type_mismatch(
        rust: Option<MemRefSignature>,
        element: &str,
        rank: Option<usize>,
    ) -> u8 {
        let Some(rust) = rust else {
            return NOT_A_MEMREF;
        };
        let mut k = 0;
        let mut element_fits = false;
        while k < rust.element_names.len() {
            if const_str_eq(rust.element_names[k], element) {
                element_fits = true;
            }
            k += 1;
        }
        if !element_fits {
            return OTHER_ELEMENT;
        }
        match (rust.rank, rank) {
            (Some(a), Some(b)) if a == b => TYPE_FITS,
            (None, None) => TYPE_FITS,
            _ => OTHER_RANK,
        }
    }
    /// See [`declared_type_mismatch`].
    pub const TYPE_FITS: u8 = 0;
    /// See [`declared_type_mismatch`].
    pub const NOT_A_MEMREF: u8 = 1;
    /// See [`declared_type_mismatch`].
    pub const OTHER_ELEMENT: u8 = 2;
    /// See [`declared_type_mismatch`].
    pub const OTHER_RANK: u8 = 3;

    /// A result returned directly by an MLIR function (a scalar), from
    /// what the call returned.
    #[inline(always)]
    pub fn direct<R: super::CifaceDirect>(slot: R::Slot) -> R {
        R::from_direct(slot)
    }

    /// A direct result of a Rust function MLIR calls, as returned.
    #[inline(always)]
    pub fn into_direct<R: super::CifaceDirect>(value: R) -> R::Slot {
        value.into_slot()
    }

    /// Hand a result over to its slot, after checking it against the
    /// declared result types; a mismatch aborts, naming the function and
    /// the result (MLIR has no status channel).
    #[inline(always)]
    pub fn into_checked_slot<R: super::CifaceResult>(
        value: R,
        types: &[super::MemRefType],
        function: &'static crate::model::function::FunctionEntry,
    ) -> R::Slot {
        if let Err((member, error)) = value.check_result(types) {
            crate::guard::reject_result(function, member, error);
        }
        value.into_slot()
    }
}
