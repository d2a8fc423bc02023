use abi_core::{dpi_export, dpi_import};

// One mistake in an export gives one error: the wrapper still exists (a
// placeholder), so the import calling it reports nothing more.
#[dpi_export]
unsafe extern "C" {
    pub fn sv_scale(x: i32, factor: String) -> i32;
}

#[dpi_import(context)]
pub fn model(x: i32) -> i32 {
    sv_scale(x, String::new()).unwrap_or(0)
}

fn main() {}
