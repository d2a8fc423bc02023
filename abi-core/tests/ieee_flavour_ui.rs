//! Compile errors of the IEEE 1800 flavour (abi-core without the
//! `verilator` feature), which the workspace build cannot show since
//! c-tests enables the feature: `cargo xtask test` runs this file with
//! abi-core built alone (`cargo test -p abi-core --test ieee_flavour_ui`).

#[cfg(not(feature = "verilator"))]
mod ui_toolchain;

#[test]
#[cfg(not(feature = "verilator"))]
fn ieee_flavour_rejections() {
    if !ui_toolchain::blessed_toolchain("-p abi-core --test ieee_flavour_ui") {
        return;
    }
    trybuild::TestCases::new().compile_fail("tests/ieee_ui/*.rs");
}
