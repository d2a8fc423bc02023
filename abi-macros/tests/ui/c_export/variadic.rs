use abi_core::c_export;

#[c_export]
pub unsafe extern "C" fn log_all(count: i32, mut args: ...) -> i32 {
    count
}

fn main() {}
