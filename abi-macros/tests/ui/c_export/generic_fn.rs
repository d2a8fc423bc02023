use abi_core::c_export;

#[c_export]
pub fn identity<T: Copy>(x: T) -> T {
    x
}

fn main() {}
