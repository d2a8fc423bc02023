use abi_core::dpi::DpiEnum;
use abi_core::dpi::Bits;

// `bit [1:0]` holds 0 to 3: the value 4 fails where the enum is defined.
#[derive(DpiEnum, Clone, Copy)]
#[dpi_enum(base = Bits<2>)]
pub enum State {
    Idle = 0,
    Overflow = 4,
}

fn main() {}
