// A view of an owned memref cannot outlive the buffer it owns.
use abi_core::memref::OwnedMemRef;

fn main() {
    let owned = OwnedMemRef::from_slice(&[1.0f32, 2.0], [2]).unwrap();
    let view = owned.view();
    drop(owned);
    println!("{:?}", view.to_vec());
}
