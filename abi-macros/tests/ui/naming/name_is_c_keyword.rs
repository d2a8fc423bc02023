use abi_core::{c_export, dpi_import};

// `register` is a C keyword: no C code could declare or call it.
#[c_export(name = "register")]
pub fn f() -> i32 {
    1
}

#[dpi_import(name = "double")]
pub fn g() -> i32 {
    1
}

fn main() {}
