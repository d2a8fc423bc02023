use abi_core::c_export;

#[c_export(symbol = "other")]
pub fn f() -> i32 {
    1
}

fn main() {}
