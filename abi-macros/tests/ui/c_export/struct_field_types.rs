use abi_core::c_export;

#[c_export]
#[repr(C)]
pub struct Bad<'a> {
    pub name: &'a str,
    pub items: Vec<u8>,
    pub wide: u128,
}

fn main() {}
