// One bad field of a `#[derive(Packed)]` struct: one error, at its type.
use abi_core::packed::Packed;

#[derive(Packed, Clone, Copy)]
struct Sample {
    valid: bool,
    level: f32,
}

fn main() {}
