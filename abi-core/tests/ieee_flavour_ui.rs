//! Compile errors of the IEEE 1800 flavour, the default of a crate that
//! chooses none (abi-core's own tests choose none).

mod ui_toolchain;

#[test]
fn ieee_flavour_rejections() {
    if !ui_toolchain::blessed_toolchain("-p abi-core --test ieee_flavour_ui") {
        return;
    }
    trybuild::TestCases::new().compile_fail("tests/ieee_ui/*.rs");
}
