use abi_core::c_export;

#[c_export]
#[repr(C)]
pub enum Color {
    Red,
    Green,
}

fn main() {}
