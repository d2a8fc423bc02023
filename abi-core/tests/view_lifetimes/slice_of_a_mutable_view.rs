// A slice of a mutable view borrows it: no write through the view while
// the slice lives.
use abi_core::memref::MemRefMut;

fn main() {
    let mut data = [1i32, 2, 3];
    let mut view = MemRefMut::from_slice(&mut data, [3]).unwrap();
    let slice = view.as_mut_slice().unwrap();
    view[[1]] = 7;
    slice[0] = 9;
}
