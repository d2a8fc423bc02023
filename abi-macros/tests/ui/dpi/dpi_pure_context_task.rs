use abi_core::dpi_import;

#[dpi_import(pure, context)]
pub fn both(x: i32) -> i32 {
    x
}

#[dpi_import(task, pure)]
pub fn pure_task(x: i32) {
    let _ = x;
}

fn main() {}
