use abi_core::{c_export, dpi_import};

#[c_export(name = "my-function")]
pub fn f() -> i32 {
    1
}

#[c_export(name = "")]
pub fn g() -> i32 {
    1
}

#[dpi_import(name = "2nd_model")]
pub fn h() -> i32 {
    1
}

fn main() {}
