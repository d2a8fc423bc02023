use abi_core::bitint::BitInt;
use abi_core::bitint::{CArg, CValue};

unsafe extern "C" {
    fn c_twice(x: CArg<BitInt<7>>) -> CValue<BitInt<7>>;
}

// The value must go through `as_c_arg` and come back through
// `from_c_value`; the messages name the types as they were written.
pub fn twice(x: BitInt<7>) -> BitInt<7> {
    unsafe { c_twice(x) }
}

fn main() {}
