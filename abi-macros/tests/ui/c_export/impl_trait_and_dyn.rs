use abi_core::c_export;

#[c_export]
pub fn show(x: impl Copy, y: &dyn std::fmt::Debug) -> i32 {
    let _ = (x, y);
    0
}

fn main() {}
