use abi_core::c_export;

#[c_export]
pub fn table() -> std::collections::HashMap<u32, u32> {
    Default::default()
}

fn main() {}
