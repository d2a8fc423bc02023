use abi_core::c_export;

#[c_export]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

fn main() {}
