use abi_core::dpi_import;

#[dpi_import(contxt, name = 5)]
pub fn f(x: i32) -> i32 {
    x
}

fn main() {}
