// An MLIR C-interface result that claims to be returned directly while
// its value travels behind the leading out-pointer.
use abi_core::memref::{ArgumentBuffer, CifaceResult, OwnedMemRef};
use abi_core::model::function::ResultEntry;
use abi_core::model::mlir::{MemRefError, MemRefType};
use abi_core::model::record::TypeRecord;

pub struct Pair(OwnedMemRef<f32, 1>);

// SAFETY: forwarded to `OwnedMemRef<f32, 1>`.
unsafe impl CifaceResult for Pair {
    type Slot = <OwnedMemRef<f32, 1> as CifaceResult>::Slot;
    const C_TYPE: abi_core::model::c::CTypeDesc = <OwnedMemRef<f32, 1> as CifaceResult>::C_TYPE;
    const EMPTY: Self::Slot = <OwnedMemRef<f32, 1> as CifaceResult>::EMPTY;
    const LEADING: ResultEntry = <OwnedMemRef<f32, 1> as CifaceResult>::RESULT.0;
    fn into_slot(self) -> Self::Slot {
        self.0.into_slot()
    }
    unsafe fn from_slot_after(
        slot: Self::Slot,
        arguments: &[ArgumentBuffer],
        bases: &[*const core::ffi::c_void],
        types: &[MemRefType],
    ) -> Result<Self, MemRefError> {
        // SAFETY: forwarded, same contract.
        unsafe { OwnedMemRef::from_slot_after(slot, arguments, bases, types) }.map(Pair)
    }
    fn record() -> TypeRecord {
        <OwnedMemRef<f32, 1> as CifaceResult>::record()
    }
}

fn main() {}
