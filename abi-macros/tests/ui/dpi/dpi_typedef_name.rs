// A `Typedef` name must be a SystemVerilog identifier: one error, at the
// parameter whose type names it.
use abi_core::dpi::{SvTypedef, Typedef};
use abi_core::dpi_import;

pub enum BadName {}
impl SvTypedef for BadName {
    type Base = u32;
    const NAME: &'static str = "9lives";
}

#[dpi_import]
pub fn takes_bad_name(x: Typedef<BadName>) -> u32 {
    x.0
}

fn main() {}
