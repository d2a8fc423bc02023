// A user type with no MLIR mapping: one error, at the type.
use abi_core::ciface;

pub struct NotMlir {
    pub value: u32,
}

#[ciface]
pub fn take(_x: NotMlir) -> f32 {
    0.0
}

fn main() {}
