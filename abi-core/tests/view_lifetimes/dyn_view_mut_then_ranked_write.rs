// The mutable dynamic-rank view `into_view_mut` returns keeps the ranked
// view it came from borrowed: the two cannot write the same elements.
use abi_core::memref::{MemRefDescriptor, MemRefMut};

fn main() {
    let mut data = [1.0f32, 2.0];
    let mut view = MemRefMut::from_slice(&mut data, [2]).unwrap();
    let mut slot = MemRefDescriptor::EMPTY;
    let mut all = view.as_unranked(&mut slot).into_view_mut().unwrap();
    view[[0]] = 5.0;
    all.fill(0.0);
}
