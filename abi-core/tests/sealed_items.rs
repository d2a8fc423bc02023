//! The trait items that follow from a type's other items (the registry's
//! descriptions of a parameter or a result, the two conversion passes)
//! cannot be defined by an implementation outside abi-core: an `unsafe
//! impl` that tried would make the generated header and package describe
//! the type as something it is not. Each case is an implementation that
//! tries, and must not compile.

mod ui_toolchain;

#[test]
fn sealed_items_cannot_be_defined() {
    if !ui_toolchain::blessed_toolchain("-p abi-core --test sealed_items") {
        return;
    }
    trybuild::TestCases::new().compile_fail("tests/sealed_items/*.rs");
}
