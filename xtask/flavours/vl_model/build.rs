// This crate's DPI-C functions follow Verilator's ABI; `std_model`'s,
// built in the same program, keep the standard's.
fn main() {
    println!("cargo::rustc-env=ABI_CORE_DPI_FLAVOUR=verilator");
}
