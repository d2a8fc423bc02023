//! The traits `#[ciface]` expansions use: how a Rust type crosses MLIR's C
//! interface as a parameter, a result or an argument to an MLIR function.
//! The macro only names the types; these implementations decide.

mod memrefs;
mod results;
mod scalars;
mod shape;
mod shims;

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
use crate::model::function::{FunctionEntry, ParamEntry, Passing, RecordSource, ResultEntry};
use crate::model::mlir::MemRefError;
use crate::model::mlir::MemRefType;
use crate::model::record::TypeRecord;
use crate::sealed::Sealed;

/// What a memref parameter type fixes: its element and its rank (`None`:
/// unranked). Checked against `#[mlir("...")]` at compile time.
#[derive(Debug, Clone, Copy)]
pub struct MemRefSignature {
    /// The element type.
    pub element: crate::model::mlir::ElementKind,
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
pub unsafe trait CifaceParam: Sized + crate::BorrowedFor<'static> {
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
    /// public API; no implementation can define it).
    #[doc(hidden)]
    const PARAM: Sealed<&'static ParamEntry> = Sealed(&ParamEntry {
        direction: Self::DIRECTION,
        passing: Passing::Value(Self::C_TYPE),
        record: RecordSource::OfMemRef(Self::record),
    });

    /// Check and convert what MLIR passed.
    ///
    /// # Safety
    ///
    /// A descriptor pointer must be NULL or point to a descriptor whose
    /// data is valid for the call.
    unsafe fn from_ciface(raw: Self::Raw, ty: &MemRefType) -> Result<Self, MemRefError>;

    /// [`from_ciface`](CifaceParam::from_ciface) at
    /// [`MemRefType::DYNAMIC_IDENTITY`], the type of a parameter declared
    /// without `#[mlir]`: what the shims call for such a parameter (not
    /// public API). The ranked views check that type by code written for
    /// it alone, which leaves LLVM less to compile into each crate.
    ///
    /// # Safety
    ///
    /// As for [`from_ciface`](CifaceParam::from_ciface).
    #[doc(hidden)]
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_ciface_undeclared(raw: Self::Raw) -> Result<Self, MemRefError> {
        // SAFETY: forwarded from the caller.
        unsafe { Self::from_ciface(raw, &MemRefType::DYNAMIC_IDENTITY) }
    }

    /// Whether [`CifaceParam::borrow`] can return `Some`: the shim checks
    /// that arguments do not overlap only when two of them may borrow (by
    /// this constant, not by how the type is spelled).
    const BORROWS: bool = false;

    /// The memory the converted argument borrows, for the check that no
    /// exclusive argument overlaps another ([`crate::Borrow`]); `None` for
    /// scalars.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
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
    /// Whether the result, alone, travels through the C interface's
    /// leading out-pointer (memrefs, complex numbers, several results)
    /// rather than as the return value (scalars, which then implement
    /// [`CifaceDirect`]). `#[ciface]` decides the signature by this, not
    /// by how the result type is spelled, so an alias is classified as
    /// the type it names.
    const OUT_POINTER: bool = false;
    /// The registry's description of the result, returned directly (not
    /// public API; no implementation can define it).
    #[doc(hidden)]
    const RESULT: Sealed<ResultEntry> = Sealed(ResultEntry::Value {
        c_type: Self::C_TYPE,
        record: Some(Self::record),
    });
    /// The registry's description of the result, written through the
    /// leading out-pointer (not public API; no implementation can define it, see `Sealed`).
    #[doc(hidden)]
    const LEADING: Sealed<ResultEntry> = Sealed(ResultEntry::Leading {
        out: CTypeDesc::Pointer {
            pointee: &Self::C_TYPE,
            is_const: false,
        },
        record: Some(Self::record),
    });

    /// Hand the value over (ownership of memref buffers passes with it).
    fn into_slot(self) -> Self::Slot;

    /// Take what the callee wrote, checked against `types`, the declared
    /// MLIR types of the memref results in order (`#[ciface(result =
    /// ...)]` on the declaration; a missing one is the identity layout of
    /// the result's rank), exactly as arguments are. `arguments` are the
    /// buffers of the call's memref arguments, to recognise results that
    /// alias them.
    ///
    /// # Safety
    ///
    /// The slot was written by the MLIR function per its signature; owned
    /// buffers belong to the caller from now on.
    unsafe fn from_slot(
        slot: Self::Slot,
        arguments: &[ArgumentBuffer],
        types: &[MemRefType],
    ) -> Result<Self, MemRefError> {
        // SAFETY: forwarded (trait contract).
        unsafe { Self::from_slot_after(slot, arguments, &[], types) }
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
        types: &[MemRefType],
    ) -> Result<Self, MemRefError>;

    /// Check a result a Rust function hands to MLIR against the MLIR
    /// types its declaration gives the results (`types[k]` for member `k`
    /// of a tuple, `types[0]` for a single result; a missing entry is the
    /// identity layout of the Rust type's rank, MLIR's default): MLIR reads
    /// the descriptor as the type it declared, so a strided view returned
    /// for an identity layout, or three elements for `memref<4xf32>`, would
    /// be misread or read past. `Err((member, error))` names the member.
    /// Scalars have nothing to check.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
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
    #[cfg_attr(not(abi_core_unoptimised), inline)]
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
    note = "a result whose `CifaceResult::OUT_POINTER` is `false` is returned by value, and must also implement `CifaceDirect`"
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
    /// Rust side passes it, so it is read (not public API; no implementation can define it, see `Sealed`).
    #[doc(hidden)]
    const PARAM: Sealed<&'static ParamEntry> = Sealed(&ParamEntry {
        direction: Direction::In,
        passing: Passing::Value(Self::C_TYPE),
        record: RecordSource::OfMemRef(Self::record),
    });

    /// Check the value against the declared type and build the storage.
    fn prepare(self, ty: &MemRefType) -> Result<Self::Storage, MemRefError>;
    /// The value to pass, pointing into `storage`.
    fn raw(storage: &mut Self::Storage) -> Self::Raw;
    /// The buffer a result might alias ([`ArgumentBuffer::NONE`] for
    /// scalars).
    ///
    /// # Safety
    ///
    /// `storage` was made by [`CifaceArg::prepare`]: a storage is plain data
    /// (an unranked one holds a pointer to its ranked descriptor, which this
    /// reads), so one built by hand could point anywhere.
    unsafe fn buffer(storage: &Self::Storage) -> ArgumentBuffer;
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
    #[cfg_attr(not(abi_core_unoptimised), inline)]
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

/// The reflection record of a memref of `T`: the element's record, then
/// [`memref_record_of`], which does not depend on `T`.
fn memref_record<T: MemRefElement>(rank: Option<usize>, ty: &MemRefType) -> TypeRecord {
    memref_record_of(T::element_record(), rank, ty)
}

/// The part of [`memref_record`] that is the same for every element type:
/// one function in abi-core, where a generic one was instantiated in every
/// crate with a `#[ciface]` memref, with its iterator and `Vec` code (the
/// debug build of a crate with one such function: 123 functions to
/// compile, 25 of them this).
fn memref_record_of(element: TypeRecord, rank: Option<usize>, ty: &MemRefType) -> TypeRecord {
    let dims = match rank {
        Some(rank) => (0..rank)
            .map(|k| ty.static_size(k).and_then(|n| u64::try_from(n).ok()))
            .collect(),
        None => Vec::new(),
    };
    TypeRecord::NdArray {
        element: Box::new(element),
        rank: rank.map(|r| r as u32),
        dims,
    }
}

/// What generated code uses. Not a public API.
#[doc(hidden)]
pub mod __private {
    pub use super::shape::{NoOutPointer, ResultShape, Shape};
    pub use super::shims::*;
    pub use super::{ArgumentBuffer, MemRefSignature};
    pub use crate::memref::complex::{checked_complex_placement, complex_argument_problem};

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
        if !rust.element.answers_to(element) {
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

    /// Whether a Rust function's result can be returned in the expanded
    /// convention, by its type's constants: returned directly
    /// ([`OUT_POINTER`](super::CifaceResult::OUT_POINTER) false), or a
    /// memref of rank 1 or more (a descriptor by value, returned as C
    /// returns a struct of 40 bytes or more). A rank-0 or unranked memref, a complex number or several
    /// results come back as an LLVM struct in registers, which C cannot
    /// receive.
    pub const fn expanded_result_fits(out_pointer: bool, memref: Option<MemRefSignature>) -> bool {
        !out_pointer
            || matches!(
                memref,
                Some(MemRefSignature {
                    rank: Some(1..),
                    ..
                })
            )
    }

    /// Whether a parameter's type is what `#[ciface(expanded)]` read from
    /// its spelling (`spelled`: `None` for a value, `Some(Some(n))` for a
    /// memref of rank `n`, `Some(None)` for an unranked memref): the
    /// expanded convention passes a memref as its descriptor's fields,
    /// counted from the type as written, so the type's constants must
    /// agree (an alias of a memref, or a type of the user's named like
    /// one, is refused).
    pub const fn expanded_param_fits(
        memref: Option<MemRefSignature>,
        spelled: Option<Option<usize>>,
    ) -> bool {
        match (memref, spelled) {
            (None, None) => true,
            (Some(MemRefSignature { rank: None, .. }), Some(None)) => true,
            (Some(MemRefSignature { rank: Some(a), .. }), Some(Some(b))) => a == b,
            _ => false,
        }
    }

    /// A result returned directly by an MLIR function (a scalar), from
    /// what the call returned.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn direct<R: super::CifaceDirect>(slot: R::Slot) -> R {
        R::from_direct(slot)
    }

    /// A direct result of a Rust function MLIR calls, as returned.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn into_direct<R: super::CifaceDirect>(value: R) -> R::Slot {
        value.into_slot()
    }

    /// Hand a result over to its slot, after checking it against the
    /// declared result types; a mismatch aborts, naming the function and
    /// the result (MLIR has no status channel).
    #[cfg_attr(not(abi_core_unoptimised), inline)]
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
