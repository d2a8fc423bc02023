use abi_core::c_export;

#[c_export]
pub async fn fetch() -> i32 {
    1
}

fn main() {}
