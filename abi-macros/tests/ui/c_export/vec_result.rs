use abi_core::c_export;

#[c_export]
pub fn numbers() -> Vec<u32> {
    vec![1, 2, 3]
}

fn main() {}
