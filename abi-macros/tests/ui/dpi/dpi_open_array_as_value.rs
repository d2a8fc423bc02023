// Open arrays are passed by handle: they cannot be outputs of an import
// (`&mut`), its result, arguments of a SystemVerilog export (by value or
// not), or elements of `[T; K]`. Each is one error at the type, with what
// to write instead.
use abi_core::dpi::{OpenArray, OpenArrayMut, OpenArrayOut};
use abi_core::{dpi_export, dpi_import};

#[dpi_import]
pub fn output_open_array(out: &mut OpenArray<'_, i32>) {
    let _ = out;
}

#[dpi_import]
pub fn inout_open_array(#[inout] values: &mut OpenArrayMut<'_, i32>) {
    let _ = values;
}

#[dpi_import]
pub fn open_array_result() -> OpenArrayOut<'static, i32> {
    unimplemented!()
}

#[dpi_export]
unsafe extern "C" {
    pub fn sv_takes_open_array(values: OpenArray<'_, i32>) -> i32;
    pub fn sv_writes_open_array(values: &mut OpenArray<'_, i32>);
    pub fn sv_fills_open_array(values: OpenArrayOut<'_, i32>);
}

fn main() {}
