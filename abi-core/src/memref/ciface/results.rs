//! Several results (`ResultsN`) and the arguments Rust passes to MLIR
//! functions.

use super::memrefs::{DescriptorTypes, UNRANKED_POINTER};
use super::*;
use crate::memref::MemRefTypeCheck;

macro_rules! tuples {
    ($($slot:ident: $($t:ident $i:tt),*;)*) => {$(
        // SAFETY: MLIR returns several results as one struct of the
        // members in order, which `$slot` is (`#[repr(C)]`).
        unsafe impl<$($t: CifaceResult),*> CifaceResult for ($($t,)*) {
            type Slot = $slot<$($t::Slot),*>;
            const C_TYPE: CTypeDesc = CTypeDesc::Tuple { fields: &[$($t::C_TYPE),*] };
            const EMPTY: Self::Slot = $slot($($t::EMPTY),*);
            const OUT_POINTER: bool = true;
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
                types: &[MemRefType],
            ) -> Result<Self, MemRefError> {
                // Every member converts (each one seeing the buffers of
                // the members before it), so that when one is refused the
                // others are still owned and dropped (freed) with the
                // error: nothing leaks, nothing is freed twice.
                let mut earlier: [*const c_void; 4] = [core::ptr::null(); 4];
                let members = ($({
                    let declared = types.get($i..$i + 1).unwrap_or(&[]);
                    // SAFETY: forwarded per member (trait contract).
                    let member = unsafe { $t::from_slot_after(slot.$i, arguments, &earlier[..$i], declared) };
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
                element: T::KIND,
                rank: Some($rank),
            });
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            fn prepare(self, ty: &MemRefType) -> Result<Self::Storage, MemRefError> {
                let ($value, $declared) = (self, ty);
                $prepare
            }
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            fn raw(storage: &mut Self::Storage) -> Self::Raw {
                storage
            }
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            unsafe fn buffer(storage: &Self::Storage) -> ArgumentBuffer {
                ArgumentBuffer::of_ranked(storage)
            }
            fn record(ty: &MemRefType) -> TypeRecord {
                memref_record::<T>(Some($rank), ty)
            }
        }
    )*};
}

/// `desc` once checked against the declared type.
#[cfg_attr(not(abi_core_unoptimised), inline)]
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
    // the allocator `OwnedMemRef` uses): one with a deallocator of its own
    // is refused.
    [, const N: usize] OwnedMemRef<T, N>, rank N, MUT_POINTER,
        |owned, ty| {
            owned.check_handed_over()?;
            checked_against(ty, *owned.descriptor()).map(|_| owned.into_descriptor())
        };
}

// SAFETY: passed as a pointer to `{rank, descriptor}` on the caller's stack.
unsafe impl<'a, T: MemRefElement> CifaceArg for UnrankedMemRef<'a, T> {
    type Storage = UnrankedMemRefDescriptor;
    type Raw = *const UnrankedMemRefDescriptor;
    const C_TYPE: CTypeDesc = UNRANKED_POINTER;
    const MEMREF: Option<MemRefSignature> = Some(MemRefSignature {
        element: T::KIND,
        rank: None,
    });
    fn prepare(mut self, _: &MemRefType) -> Result<Self::Storage, MemRefError> {
        Ok(self.descriptor())
    }
    fn raw(storage: &mut Self::Storage) -> Self::Raw {
        storage
    }
    unsafe fn buffer(storage: &Self::Storage) -> ArgumentBuffer {
        if storage.descriptor.is_null() {
            return ArgumentBuffer::NONE;
        }
        let rank = usize::try_from(storage.rank).unwrap_or(0).min(64);
        // SAFETY: `allocated` comes first in the ranked descriptor of
        // `rank` (at most 64, as the view checked); read unaligned, as
        // foreign memory.
        let allocated = unsafe { storage.descriptor.cast::<*const c_void>().read_unaligned() };
        ArgumentBuffer {
            allocated,
            // SAFETY: as above.
            extent: unsafe {
                crate::memref::view::ranked_extent::<T>(storage.descriptor, rank, false)
            },
        }
    }
    fn record(ty: &MemRefType) -> TypeRecord {
        memref_record::<T>(None, ty)
    }
}
