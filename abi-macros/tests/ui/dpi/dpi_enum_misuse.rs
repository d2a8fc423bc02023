use abi_core::dpi::DpiEnum;

// Variants with fields.
#[derive(DpiEnum, Clone, Copy)]
pub enum WithFields {
    Idle,
    Busy(u8),
}

// An unknown argument, and a typedef name that is not an identifier.
#[derive(DpiEnum, Clone, Copy)]
#[dpi_enum(sv_name = "2bad", width = 3)]
pub enum BadArguments {
    A,
}

// A base that is no integer or bit vector.
#[derive(DpiEnum, Clone, Copy)]
#[dpi_enum(base = f64)]
pub enum FloatBase {
    A,
}

// A struct.
#[derive(DpiEnum, Clone, Copy)]
pub struct NotAnEnum {
    x: u8,
}

fn main() {}
