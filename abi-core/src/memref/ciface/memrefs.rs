//! Memrefs across the C interface: views as parameters, owned and
//! returned memrefs as results.

// `match` where `?` would convert the error of a generic `Result`: each `?`
// on a `Result<D, _>` is a function (`from_residual`) every crate using the
// memref instantiates for its `D`, which a debug build compiles.
#![allow(clippy::question_mark, reason = "see above")]

use super::*;
use crate::memref::MemRefTypeCheck;

/// The C types of a ranked descriptor and of pointers to it.
pub(super) struct DescriptorTypes<T, const N: usize>(core::marker::PhantomData<T>);

impl<T: MemRefElement, const N: usize> DescriptorTypes<T, N> {
    const RANKED: CTypeDesc = CTypeDesc::MemRef {
        element: &T::KIND,
        element_c: &T::C_TYPE,
        rank: N,
    };
    pub(super) const CONST_POINTER: CTypeDesc = CTypeDesc::Pointer {
        pointee: &Self::RANKED,
        is_const: true,
    };
    pub(super) const MUT_POINTER: CTypeDesc = CTypeDesc::Pointer {
        pointee: &Self::RANKED,
        is_const: false,
    };
}

/// Read the descriptor behind a pointer MLIR passed.
///
/// # Safety
///
/// `raw` is NULL or points to a readable descriptor.
#[cfg_attr(not(abi_core_unoptimised), inline)]
unsafe fn read_descriptor<D: Copy>(raw: *const D) -> Result<D, MemRefError> {
    // The checks on the address, in a function of abi-core's own: generic
    // pointer methods (`is_null`, `is_aligned`) are functions every crate
    // instantiates for each descriptor type, which a debug build compiles.
    if let Err(error) = check_descriptor_address(raw as usize, align_of::<D>()) {
        return Err(error);
    }
    // SAFETY: non-NULL, aligned, readable (caller).
    Ok(unsafe { *raw })
}

/// A descriptor's address is not NULL and is aligned to `align` (a power
/// of two).
#[cfg_attr(not(abi_core_unoptimised), inline)]
fn check_descriptor_address(address: usize, align: usize) -> Result<(), MemRefError> {
    if address == 0 {
        return Err(MemRefError::NullDescriptor);
    }
    // A mask, as `<*const T>::is_aligned` tests (`is_multiple_of` cost the
    // rank-2 `_mlir_ciface_` shim of the memref benchmark an instruction).
    if address & (align - 1) != 0 {
        return Err(MemRefError::MisalignedDescriptor { align, address });
    }
    Ok(())
}

// SAFETY: MLIR passes a ranked memref as a pointer to its descriptor; the
// view is built only after validation.
unsafe impl<T: MemRefElement, const N: usize> CifaceParam for MemRef<'static, T, N> {
    const BORROWS: bool = true;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn borrow(&self) -> Option<crate::argument::Borrow> {
        Some(self.borrowed_memory())
    }
    type Raw = *const MemRefDescriptor<T, N>;
    const C_TYPE: CTypeDesc = DescriptorTypes::<T, N>::CONST_POINTER;
    const MEMREF: Option<MemRefSignature> = Some(MemRefSignature {
        element: T::KIND,
        rank: Some(N),
    });
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_ciface(raw: Self::Raw, ty: &MemRefType) -> Result<Self, MemRefError> {
        // SAFETY: forwarded from the caller.
        let desc = match unsafe { read_descriptor(raw) } {
            Ok(desc) => desc,
            Err(error) => return Err(error),
        };
        // SAFETY: the data is valid for the call (caller); the view does
        // not outlive the shim's call of the user function.
        unsafe { MemRef::from_checked_descriptor::<false>(&desc, ty) }
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_ciface_undeclared(raw: Self::Raw) -> Result<Self, MemRefError> {
        // SAFETY: as for `from_ciface`.
        let desc = match unsafe { read_descriptor(raw) } {
            Ok(desc) => desc,
            Err(error) => return Err(error),
        };
        // SAFETY: as for `from_ciface`.
        unsafe { MemRef::from_checked_descriptor::<true>(&desc, &MemRefType::DYNAMIC_IDENTITY) }
    }
    fn record(ty: &MemRefType) -> TypeRecord {
        memref_record::<T>(Some(N), ty)
    }
}

// SAFETY: as for `MemRef`; the mutable view also checks that no element is
// reached twice.
unsafe impl<T: MemRefElement, const N: usize> CifaceParam for MemRefMut<'static, T, N> {
    const BORROWS: bool = true;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn borrow(&self) -> Option<crate::argument::Borrow> {
        Some(self.borrowed_memory())
    }
    type Raw = *const MemRefDescriptor<T, N>;
    const C_TYPE: CTypeDesc = DescriptorTypes::<T, N>::MUT_POINTER;
    const DIRECTION: Direction = Direction::InOut;
    const MEMREF: Option<MemRefSignature> = Some(MemRefSignature {
        element: T::KIND,
        rank: Some(N),
    });
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_ciface(raw: Self::Raw, ty: &MemRefType) -> Result<Self, MemRefError> {
        // SAFETY: forwarded from the caller.
        let desc = match unsafe { read_descriptor(raw) } {
            Ok(desc) => desc,
            Err(error) => return Err(error),
        };
        // SAFETY: valid for reads and writes during the call (caller).
        unsafe { MemRefMut::from_checked_descriptor::<false>(&desc, ty) }
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_ciface_undeclared(raw: Self::Raw) -> Result<Self, MemRefError> {
        // SAFETY: as for `from_ciface`.
        let desc = match unsafe { read_descriptor(raw) } {
            Ok(desc) => desc,
            Err(error) => return Err(error),
        };
        // SAFETY: as for `from_ciface`.
        unsafe { MemRefMut::from_checked_descriptor::<true>(&desc, &MemRefType::DYNAMIC_IDENTITY) }
    }
    fn record(ty: &MemRefType) -> TypeRecord {
        memref_record::<T>(Some(N), ty)
    }
}

pub(super) const UNRANKED_POINTER: CTypeDesc = CTypeDesc::Pointer {
    pointee: &CTypeDesc::UnrankedMemRef,
    is_const: true,
};

// SAFETY: MLIR passes `memref<*xT>` as a pointer to `{rank, descriptor}`.
unsafe impl<T: MemRefElement> CifaceParam for UnrankedMemRef<'static, T> {
    // Exclusive: the function can make a `MemRefMut` of it.
    const BORROWS: bool = true;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn borrow(&self) -> Option<crate::argument::Borrow> {
        Some(self.borrowed_memory())
    }
    type Raw = *const UnrankedMemRefDescriptor;
    const C_TYPE: CTypeDesc = UNRANKED_POINTER;
    const DIRECTION: Direction = Direction::InOut;
    const MEMREF: Option<MemRefSignature> = Some(MemRefSignature {
        element: T::KIND,
        rank: None,
    });
    unsafe fn from_ciface(raw: Self::Raw, _: &MemRefType) -> Result<Self, MemRefError> {
        // SAFETY: forwarded from the caller.
        let desc = match unsafe { read_descriptor(raw) } {
            Ok(desc) => desc,
            Err(error) => return Err(error),
        };
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
    const OUT_POINTER: bool = true;
    const MEMREF: Option<MemRefSignature> = Some(MemRefSignature {
        element: T::KIND,
        rank: Some(N),
    });
    fn check_result(&self, types: &[MemRefType]) -> Result<(), (usize, MemRefError)> {
        self.check_handed_over().map_err(|error| (0, error))?;
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
        types: &[MemRefType],
    ) -> Result<Self, MemRefError> {
        // Not freed when refused: the buffer belongs to the argument or to
        // the earlier member.
        held_elsewhere(slot.allocated.cast_const().cast(), arguments, earlier)?;
        // SAFETY: a fresh result belongs to the caller (trait contract).
        unsafe { OwnedMemRef::from_descriptor(slot, declared_result(types, 0)) }
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
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
    const OUT_POINTER: bool = true;
    const MEMREF: Option<MemRefSignature> = Some(MemRefSignature {
        element: T::KIND,
        rank: Some(N),
    });
    fn check_result(&self, types: &[MemRefType]) -> Result<(), (usize, MemRefError)> {
        if let ReturnedMemRef::Owned(owned) = self {
            owned.check_handed_over().map_err(|error| (0, error))?;
        }
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
        types: &[MemRefType],
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
        unsafe { ReturnedMemRef::classify(slot, declared_result(types, 0), arguments) }
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
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
    const OUT_POINTER: bool = true;
    fn check_result(&self, _: &[MemRefType]) -> Result<(), (usize, MemRefError)> {
        self.check_handed_over().map_err(|error| (0, error))
    }
    fn into_slot(self) -> Self::Slot {
        self.into_descriptor()
    }
    unsafe fn from_slot_after(
        slot: Self::Slot,
        arguments: &[ArgumentBuffer],
        earlier: &[*const c_void],
        _: &[MemRefType],
    ) -> Result<Self, MemRefError> {
        // SAFETY: the slot was written per the signature (trait contract).
        if let Some(allocated) = unsafe { Self::slot_allocation(&slot) }
            && let Err(error) = held_elsewhere(allocated, arguments, earlier)
        {
            // The data belongs to someone else; the heap descriptor is this
            // result's own.
            // SAFETY: MLIR copies an unranked result's descriptor to a
            // `malloc` block that belongs to the caller.
            unsafe { crate::memref::owned::free_heap_descriptor(slot.descriptor) };
            return Err(error);
        }
        // SAFETY: the heap descriptor and the data belong to the caller.
        unsafe { OwnedUnrankedMemRef::from_descriptor(slot) }
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
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
#[cfg_attr(not(abi_core_unoptimised), inline)]
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

// SAFETY: the views borrow the caller's buffer for `'a`, at most `'call`.
unsafe impl<'call: 'a, 'a, T, const N: usize> crate::BorrowedFor<'call> for MemRef<'a, T, N> {}
// SAFETY: as above.
unsafe impl<'call: 'a, 'a, T, const N: usize> crate::BorrowedFor<'call> for MemRefMut<'a, T, N> {}
// SAFETY: as above.
unsafe impl<'call: 'a, 'a, T> crate::BorrowedFor<'call> for UnrankedMemRef<'a, T> {}
// SAFETY: owned buffers, no borrow.
unsafe impl<T, const N: usize> crate::BorrowedFor<'_> for OwnedMemRef<T, N> {}
// SAFETY: as above.
unsafe impl<T> crate::BorrowedFor<'_> for OwnedUnrankedMemRef<T> {}
// SAFETY: a returned view may borrow an argument's buffer for `'a`, at
// most `'call`. (A `#[ciface]` declaration requires it of its results, so
// that a `'static` hidden in an alias cannot outlive the arguments.)
unsafe impl<'call: 'a, 'a, T: MemRefElement, const N: usize> crate::BorrowedFor<'call>
    for ReturnedMemRef<'a, T, N>
{
}
