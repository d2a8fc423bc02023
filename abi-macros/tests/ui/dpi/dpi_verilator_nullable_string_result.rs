// A string result that can be NULL is the standard's flavour only:
// Verilator 5.006 assigns a string result to a `std::string` without a
// NULL check.
use abi_core::dpi_import;
use core::ffi::CStr;

#[dpi_import(verilator)]
pub fn maybe_name(known: bool) -> Option<&'static CStr> {
    known.then_some(c"known")
}

#[dpi_import(verilator)]
pub fn maybe_owned(known: bool) -> Option<abi_core::dpi::SvString> {
    known.then(|| abi_core::dpi::SvString::new("known").unwrap())
}

fn main() {}
