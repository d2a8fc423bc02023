// A slice of an `inout` open array borrows the array: it cannot be held
// across a write, which would change the elements under it.
use abi_core::dpi::OpenArrayMut;
use abi_core::dpi_import;

#[dpi_import]
pub fn stale_slice(mut values: OpenArrayMut<'_, i32>) -> i32 {
    let slice = values.as_slice().unwrap();
    let low = values.low();
    values.set(low, slice[0] + 1);
    slice[0]
}

fn main() {}
