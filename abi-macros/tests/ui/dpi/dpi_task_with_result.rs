use abi_core::dpi_import;

#[dpi_import(task)]
pub fn step(x: i32) -> i32 {
    x
}

fn main() {}
