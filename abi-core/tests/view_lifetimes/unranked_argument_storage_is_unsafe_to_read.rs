// An unranked argument's storage is plain data with a public pointer:
// reading the buffer it describes is `unsafe` (only the storage `prepare`
// made is known to point to a descriptor).
use abi_core::memref::{CifaceArg, UnrankedMemRef, UnrankedMemRefDescriptor};

fn main() {
    let storage = UnrankedMemRefDescriptor {
        rank: 1,
        descriptor: 0x10 as *mut core::ffi::c_void,
    };
    let buffer = <UnrankedMemRef<'_, f32> as CifaceArg>::buffer(&storage);
    println!("{buffer:?}");
}
