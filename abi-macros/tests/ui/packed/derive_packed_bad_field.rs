// A field type with no packed layout is reported at the field's type.
use abi_core::packed::Packed;

#[derive(Packed, Clone, Copy)]
struct Sample {
    valid: bool,
    level: f32,
}

fn main() {}
