// The refusals of a declaration are read from the type's description, so
// an alias, an enum's base or an array's element is refused as the type
// itself: one error each, at the type.
use abi_core::dpi::{Bits, DpiEnum, SvTypedef, Typedef};
use abi_core::{dpi_export, dpi_import};

type Wide = Bits<40>;

#[dpi_import(verilator)]
pub fn wide_alias() -> Wide {
    Wide::ZERO
}

#[derive(DpiEnum, Clone, Copy)]
#[dpi_enum(base = Bits<40>)]
pub enum WideState {
    Idle,
    Busy,
}

#[dpi_import(verilator)]
pub fn wide_enum() -> WideState {
    WideState::Idle
}

pub enum BadName {}
impl SvTypedef for BadName {
    type Base = u32;
    const NAME: &'static str = "9lives";
}

#[dpi_import]
pub fn bad_name_result() -> Typedef<BadName> {
    Typedef::new(0)
}

#[dpi_export]
unsafe extern "C" {
    pub fn sv_bad_names(names: [Typedef<BadName>; 2]);
}

fn main() {}
