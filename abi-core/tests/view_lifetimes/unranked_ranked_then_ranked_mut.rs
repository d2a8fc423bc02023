// A shared ranked view of an unranked memref borrows it: no mutable view
// of the same data can be made while the shared one lives.
use abi_core::{memref::{MemRefDescriptor, MemRefMut}, model::mlir::MemRefType};

fn main() {
    let mut data = [1.0f32, 2.0];
    let mut view = MemRefMut::from_slice(&mut data, [2]).unwrap();
    let mut slot = MemRefDescriptor::EMPTY;
    let mut unranked = view.as_unranked(&mut slot);
    let shared = unranked.ranked::<1>(&MemRefType::ANY_STRIDED).unwrap();
    let mut exclusive = unranked.ranked_mut::<1>(&MemRefType::ANY_STRIDED).unwrap();
    exclusive[[0]] = 5.0;
    println!("{}", shared[[0]]);
}
