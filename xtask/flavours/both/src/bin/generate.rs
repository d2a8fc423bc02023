//! Writes each model's files into the folder given: `std_model`'s DPI-C
//! header (for the C caller) and `vl_model`'s package (for Verilator); and
//! shows that one package of both is refused.

use abi_core::Registry;
use abi_core::emit::{CHeader, SvPackage};

fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).expect("an output folder"));
    // Link both crates (the registry holds what is linked).
    std::hint::black_box((
        both::std_model::ieee_half as fn(f32) -> f32,
        both::vl_model::vl_half as fn(f32) -> f32,
    ));
    let standard = Registry::all().for_crate("std_model");
    let header = CHeader::new("std_model_dpi.h")
        .dpi_functions()
        .render(&standard)
        .unwrap();
    std::fs::write(dir.join("std_model_dpi.h"), header).unwrap();
    let verilator = Registry::all().for_crate("vl_model");
    let package = SvPackage::new("vl_model_dpi").render(&verilator).unwrap();
    let pure_with_output = "import \"DPI-C\" pure function int vl_divmod(input int a, input int b, output int remainder);";
    assert!(package.contains(pure_with_output), "{package}");
    std::fs::write(dir.join("vl_model_dpi.sv"), package).unwrap();
    match SvPackage::new("mixed").render(&Registry::all()) {
        Ok(_) => panic!("a package of both flavours was rendered"),
        Err(error) => println!("one package of both crates: {error}"),
    }
}
