// A descriptor's fields are public, so an unranked view of one is only
// as good as the caller's word: `from_ranked` is `unsafe`.
use abi_core::memref::{MemRefDescriptor, UnrankedMemRef};

fn main() {
    let mut desc = MemRefDescriptor::<f32, 1> {
        allocated: core::ptr::null_mut(),
        aligned: 64 as *mut f32,
        offset: 0,
        sizes: [1000],
        strides: [1],
    };
    let unranked = UnrankedMemRef::from_ranked(&mut desc);
    println!("{}", unranked.rank());
}
