// The unranked view of a mutable view borrows it: the ranked view cannot
// be written through while the unranked one lives.
use abi_core::memref::{MemRefDescriptor, MemRefMut};

fn main() {
    let mut data = [1.0f32, 2.0];
    let mut view = MemRefMut::from_slice(&mut data, [2]).unwrap();
    let mut slot = MemRefDescriptor::EMPTY;
    let unranked = view.as_unranked(&mut slot);
    view[[0]] = 3.0;
    println!("{}", unranked.rank());
}
