use abi_core::c_export;

#[c_export]
#[unsafe(no_mangle)]
pub fn f() -> i32 {
    1
}

fn main() {}
