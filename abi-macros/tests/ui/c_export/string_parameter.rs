use abi_core::c_export;

#[c_export]
pub fn greet(name: String) -> usize {
    name.len()
}

fn main() {}
