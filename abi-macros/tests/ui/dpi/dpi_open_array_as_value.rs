// Open arrays are passed by handle: they cannot be outputs of an import
// (`&mut`), arguments of a SystemVerilog export, or elements of `[T; K]`.
use abi_core::dpi::{OpenArray, OpenArrayMut};
use abi_core::{dpi_export, dpi_import};

#[dpi_import]
pub fn output_open_array(out: &mut OpenArray<'_, i32>) {
    let _ = out;
}

#[dpi_import]
pub fn inout_open_array(#[inout] values: &mut OpenArrayMut<'_, i32>) {
    let _ = values;
}

#[dpi_export]
unsafe extern "C" {
    pub fn sv_takes_open_array(values: OpenArray<'_, i32>) -> i32;
    pub fn sv_writes_open_array(values: &mut OpenArray<'_, i32>);
}

fn main() {}
