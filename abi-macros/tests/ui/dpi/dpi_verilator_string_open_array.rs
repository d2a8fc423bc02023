// Verilator answers NULL to every access of a `string` open array's
// elements (svGetArrayPtr, svGetArrElemPtr*, in 5.006 and 5.049): a
// Verilator-flavoured import cannot take one, in any direction. One
// error, saying what to write instead.
use abi_core::dpi::{OpenArrayOut, SvString};

#[abi_core::dpi_import(verilator)]
pub fn names(out: OpenArrayOut<'_, SvString>) -> i32 {
    out.len() as i32
}

fn main() {}
