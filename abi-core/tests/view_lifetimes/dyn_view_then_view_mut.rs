// A dynamic-rank view borrows the unranked memref: no mutable view of the
// same data can be made while it lives.
use abi_core::memref::{MemRefDescriptor, MemRefMut};

fn main() {
    let mut data = [1.0f32, 2.0, 3.0, 4.0];
    let mut view = MemRefMut::from_slice(&mut data, [2, 2]).unwrap();
    let mut slot = MemRefDescriptor::EMPTY;
    let mut unranked = view.as_unranked(&mut slot);
    let shared = unranked.view().unwrap();
    let mut writer = unranked.view_mut().unwrap();
    writer.fill(0.0);
    println!("{:?}", shared.get(&[0, 0]));
}
