use abi_core::c_export;

pub struct NotRepr {
    pub value: u32,
}

#[c_export]
pub fn read(x: &NotRepr) -> u32 {
    x.value
}

fn main() {}
