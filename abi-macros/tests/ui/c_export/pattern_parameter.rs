use abi_core::c_export;

#[c_export]
pub fn first(Wrapper(x): Wrapper) -> i32 {
    x
}

#[c_export]
#[repr(C)]
pub struct Wrapper(i32);

fn main() {}
