//! The lifetime rules the view types and the user-data keys rely on: each
//! misuse safe code could write (a view kept across a write, an unranked
//! view over a descriptor anyone can fill, a view outliving its buffer, a
//! key coerced to a key of a longer-lived type) fails to compile, with the
//! compiler's own message pointing at the conflicting use.

mod ui_toolchain;

#[test]
fn misuse_of_views_does_not_compile() {
    if !ui_toolchain::blessed_toolchain("-p abi-core --test view_lifetimes") {
        return;
    }
    trybuild::TestCases::new().compile_fail("tests/view_lifetimes/*.rs");
}
