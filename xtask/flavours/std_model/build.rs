// This crate chooses no DPI-C flavour: the standard's. Only the refused
// case of `cargo xtask flavours` builds it for Verilator's, to link it with
// a header generated for the standard.
fn main() {
    println!("cargo::rerun-if-env-changed=FLAVOURS_STD_MODEL_FOR_VERILATOR");
    if std::env::var_os("FLAVOURS_STD_MODEL_FOR_VERILATOR").is_some() {
        println!("cargo::rustc-env=ABI_CORE_DPI_FLAVOUR=verilator");
    }
}
