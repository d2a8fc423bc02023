// svdpi.h accesses open-array elements with 1, 2 or 3 indices
// (`svGetArrElemPtr1..3`), so `T name[][][][]` is refused at compile time.
use abi_core::dpi::OpenArray;
use abi_core::dpi_import;

#[dpi_import]
pub fn four_dimensions(values: OpenArray<'_, i32, 4>) -> i32 {
    values.dimensions()
}

fn main() {}
