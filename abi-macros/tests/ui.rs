//! Compile-fail tests: every construct `#[c_export]` rejects, with the
//! message and span users see. Regenerate the `.stderr` files with
//! `TRYBUILD=overwrite cargo test -p abi-macros --test ui` and review them.

#[test]
fn ui() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/*.rs");
}
