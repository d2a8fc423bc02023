// A dynamic-rank view cannot outlive the unranked memref it was made from,
// nor see its descriptor change.
use abi_core::memref::{MemRefDescriptor, MemRefMut};

fn main() {
    let mut data = [1.0f32, 2.0];
    let mut view = MemRefMut::from_slice(&mut data, [2]).unwrap();
    let mut slot = MemRefDescriptor::EMPTY;
    let unranked = view.as_unranked(&mut slot);
    let element = unranked.view().unwrap().get(&[1]);
    drop(unranked);
    slot.sizes = [1_000_000];
    println!("{element:?}");
}
