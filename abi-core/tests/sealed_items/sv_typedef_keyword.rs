// A typedef that claims to be a SystemVerilog keyword: the package would
// declare a `Bits<64>` argument as `bit` (one bit) with no typedef and no
// check of the name, and the simulator would hand over a one-byte cell for
// the eight bytes Rust writes. Only abi-core's `Time` and `RealTime` may.
use abi_core::dpi::{Bits, SvTypedef};

pub enum Wide {}

impl SvTypedef for Wide {
    type Base = Bits<64>;
    const NAME: &'static str = "bit";
    const KEYWORD: bool = true;
}

fn main() {}
