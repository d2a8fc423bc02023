//! Compile-fail tests: every construct the attributes and derives reject,
//! with the message and span users see, one folder per topic (`c_export`,
//! `dpi`, `ciface`, `packed`, `bitint`, `naming`, and `one_error`: common
//! mistakes, each of which must give one error). Regenerate the
//! `.stderr` files with `TRYBUILD=overwrite cargo test -p abi-macros --test
//! ui` and review them. They run on the rustc they were blessed with
//! (`ui_toolchain::BLESSED`).

// Kept in abi-core, whose packaged tests use it too (this test is not
// packaged: it needs abi-core).
#[path = "../../abi-core/tests/ui_toolchain/mod.rs"]
mod ui_toolchain;

#[test]
fn ui() {
    if !ui_toolchain::blessed_toolchain("-p abi-macros --test ui") {
        return;
    }
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/*/*.rs");
}
