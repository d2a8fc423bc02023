// `named_args` is a flag: no value, once.
use abi_core::{c_export, dpi_import};

#[c_export(named_args = true)]
pub fn with_value(x: i32) -> i32 {
    x
}

#[dpi_import(named_args, named_args)]
pub fn twice(x: i32) -> i32 {
    x
}

fn main() {}
