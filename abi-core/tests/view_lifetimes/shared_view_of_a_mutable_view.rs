// A shared view of a mutable view (and an iterator over it) borrows the
// mutable view: no write while it lives.
use abi_core::memref::MemRefMut;

fn main() {
    let mut data = [1i32, 2, 3];
    let mut view = MemRefMut::from_slice(&mut data, [3]).unwrap();
    let iter = view.as_view().iter();
    view.fill(0);
    println!("{}", iter.count());
}
