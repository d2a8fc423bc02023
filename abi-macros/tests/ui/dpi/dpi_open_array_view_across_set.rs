// A shared view of a writable open array (`view()`, also through the
// `OpenArrayMut` an `output` array dereferences to) borrows it: it cannot
// be held across a write. `into_view` gives up writing instead.
use abi_core::dpi::OpenArrayOut;
use abi_core::dpi_import;

#[dpi_import]
pub fn stale_view(mut squares: OpenArrayOut<'_, i32>) -> i32 {
    let view = squares.view();
    squares.set(view.low(), 4);
    view.as_slice().map_or(0, |s| s[0])
}

fn main() {}
