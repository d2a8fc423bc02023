use abi_core::c_export;

#[c_export(name = "first", name = "second")]
pub fn f() -> i32 {
    1
}

fn main() {}
