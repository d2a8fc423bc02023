use abi_core::dpi_import;

#[dpi_import]
pub fn wide(x: u128, name: String) -> usize {
    let _ = (x, name);
    0
}

#[dpi_import]
pub fn pointer(x: &i32) -> i32 {
    *x
}

fn main() {}
