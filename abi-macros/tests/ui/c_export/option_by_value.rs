use abi_core::c_export;

#[c_export]
pub fn maybe(x: Option<u32>) -> u32 {
    x.unwrap_or(0)
}

fn main() {}
