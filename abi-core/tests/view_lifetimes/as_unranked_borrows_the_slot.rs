// The descriptor the unranked view points to stays borrowed: its public
// fields cannot be changed under the view.
use abi_core::memref::{MemRefDescriptor, MemRefMut};

fn main() {
    let mut data = [1.0f32, 2.0];
    let mut view = MemRefMut::from_slice(&mut data, [2]).unwrap();
    let mut slot = MemRefDescriptor::EMPTY;
    let unranked = view.as_unranked(&mut slot);
    slot.sizes = [1_000_000];
    println!("{}", unranked.rank());
}
