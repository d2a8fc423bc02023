use abi_core::c_export;

#[c_export]
pub fn callback(f: fn(i32) -> i32) -> ! {
    let _ = f;
    loop {}
}

fn main() {}
