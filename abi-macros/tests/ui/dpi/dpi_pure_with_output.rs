use abi_core::dpi_import;

#[dpi_import(pure)]
pub fn half(x: i32, rest: &mut i32) -> i32 {
    *rest = x % 2;
    x / 2
}

#[dpi_import(pure)]
pub fn nothing(x: i32) {
    let _ = x;
}

fn main() {}
