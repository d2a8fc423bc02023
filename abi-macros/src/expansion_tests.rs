//! Expansion snapshots: representative inputs are expanded in-process, the
//! output is parsed with `syn` (proving it is valid Rust), pretty-printed,
//! and compared with the committed files in `tests/expand/`. Set `BLESS=1`
//! to rewrite them after reviewing a change.

use std::path::PathBuf;

use proc_macro2::TokenStream;
use quote::quote;

fn snapshot(name: &str, attr: TokenStream, item: TokenStream) {
    snapshot_of(name, crate::c_export::expand(attr, item));
}

fn snapshot_of(name: &str, expanded: TokenStream) {
    let file: syn::File = syn::parse2(expanded.clone())
        .unwrap_or_else(|e| panic!("`{name}` expands to invalid Rust: {e}\n{expanded}"));
    let pretty = prettyplease::unparse(&file);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/expand/{name}.rs"));
    if std::env::var_os("BLESS").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &pretty).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{} is missing ({e}); run with BLESS=1", path.display()));
    assert!(
        expected == pretty,
        "expansion of `{name}` changed; review and rerun with BLESS=1\n--- expected\n{expected}\n--- actual\n{pretty}"
    );
}

#[test]
fn scalar_function() {
    snapshot(
        "scalar_function",
        quote!(),
        quote! {
            /// Adds two numbers.
            pub fn add(a: i32, b: i32) -> i32 { a.wrapping_add(b) }
        },
    );
}

#[test]
fn renamed_with_references_and_slices() {
    snapshot(
        "renamed_with_references_and_slices",
        quote!(name = "geo_centroid"),
        quote! {
            pub fn centroid<'a>(points: &'a [Point], weights: Option<&f64>, label: &str) -> &'a Point {
                &points[0]
            }
        },
    );
}

#[test]
fn result_with_out_pointer() {
    snapshot(
        "result_with_out_pointer",
        quote!(),
        quote! {
            pub fn parse(text: &str, out: &mut u8) -> Result<u32, ParseError> {
                text.parse().map_err(|_| ParseError)
            }
        },
    );
}

#[test]
fn result_unit_unsafe() {
    snapshot(
        "result_unit_unsafe",
        quote!(),
        quote! {
            pub unsafe fn reset(p: *mut u8) -> Result<(), ErrorCode> {
                Ok(())
            }
        },
    );
}

#[test]
fn repr_c_struct() {
    snapshot(
        "repr_c_struct",
        quote!(),
        quote! {
            /// A point.
            #[repr(C)]
            #[derive(Clone, Copy)]
            pub struct Point { pub x: f64, pub y: f64, r#type: [u8; 4] }
        },
    );
}

#[test]
fn errors_keep_the_item() {
    // The item is emitted unchanged next to the errors, and nothing else.
    let expanded = crate::c_export::expand(
        quote!(bogus),
        quote!(
            pub fn f(s: String) -> i32 {
                1
            }
        ),
    );
    let text = expanded.to_string();
    assert_eq!(text.matches("compile_error").count(), 2, "{text}");
    assert!(
        text.contains("pub fn f (s : String) -> i32 { 1 }"),
        "{text}"
    );
    assert!(!text.contains("export_name"), "{text}");
}

#[test]
fn dpi_import_with_output_and_inout() {
    snapshot_of(
        "dpi_import_with_output_and_inout",
        crate::dpi_import::expand(
            quote!(context, name = "sv_step"),
            quote! {
                /// One step.
                pub fn step(a: i32, flag: bool, out: &mut u64, #[inout] state: &mut i16) -> bool {
                    *out = a as u64;
                    *state += 1;
                    flag
                }
            },
        ),
    );
}

#[test]
fn dpi_import_task() {
    snapshot_of(
        "dpi_import_task",
        crate::dpi_import::expand(
            quote!(task),
            quote!(
                pub fn tick(n: i64) {}
            ),
        ),
    );
}

#[test]
fn dpi_export_function_and_task() {
    snapshot_of(
        "dpi_export_function_and_task",
        crate::dpi_export::expand(
            quote!(),
            quote! {
                unsafe extern "C" {
                    /// Doubles in SystemVerilog.
                    pub fn sv_double(x: f32, #[inout] n: &mut i32) -> f32;
                    /// Waits in SystemVerilog.
                    #[task]
                    pub fn sv_wait(cycles: i32, done: &mut bool);
                }
            },
        ),
    );
}

/// The Verilator flavour names the `Verilator*` traits, records
/// `DpiFlavour::Verilator` and calls export tasks returning nothing.
#[test]
fn dpi_verilator_flavour() {
    let mut expanded = crate::dpi_import::expand(
        quote!(verilator),
        quote! {
            pub fn half(x: f32) -> f32 { x / 2.0 }
        },
    );
    expanded.extend(crate::dpi_export::expand(
        quote!(verilator),
        quote! {
            unsafe extern "C" {
                #[task]
                pub fn sv_wait(cycles: f32);
            }
        },
    ));
    snapshot_of("dpi_verilator_flavour", expanded);
}

#[test]
fn derive_packed_float32() {
    snapshot_of(
        "derive_packed_float32",
        crate::packed::expand(quote! {
            #[derive(Packed, Clone, Copy)]
            #[packed(sv_name = "float32_t")]
            pub struct Float32 {
                pub sign: bool,
                pub exponent: UBitInt<8>,
                pub fraction: UBitInt<23>,
            }
        }),
    );
}

#[test]
fn ciface_rust_callee() {
    snapshot_of(
        "ciface_rust_callee",
        crate::ciface::expand(
            quote!(expanded),
            quote! {
                /// Scales a strided vector.
                pub fn scale(#[mlir("memref<?xf32, strided<[?], offset: ?>>")] mut m: MemRefMut<'_, f32, 1>, k: f32) -> f32 {
                    k
                }
            },
        ),
    );
}

#[test]
fn ciface_memref_results() {
    snapshot_of(
        "ciface_memref_results",
        crate::ciface::expand(
            quote!(),
            quote! {
                pub fn pair(n: i64) -> (OwnedMemRef<f32, 1>, i32) {
                    unimplemented!()
                }
            },
        ),
    );
}

#[test]
fn ciface_mlir_functions() {
    snapshot_of(
        "ciface_mlir_functions",
        crate::ciface::expand(
            quote!(),
            quote! {
                unsafe extern "C" {
                    /// Sum of a vector.
                    pub fn sum_1d(m: &[f32]) -> f32;
                    pub fn tail<'a>(#[mlir("memref<?xf32>")] m: MemRef<'a, f32, 1>) -> ReturnedMemRef<'a, f32, 1>;
                }
            },
        ),
    );
}

/// Functions are parsed without their bodies, which come back verbatim;
/// other items are parsed in full.
#[test]
fn shallow_parse_keeps_the_body_verbatim() {
    use quote::ToTokens;
    let function = quote! {
        /// Doc.
        pub unsafe fn f<'a>(a: &'a [i32]) -> i32 { let b = a.len() as i32; b * 2 }
    };
    let parsed = crate::syntax::parse_item_shallow(function.clone()).unwrap();
    let syn::Item::Fn(f) = &parsed else {
        panic!("not a function: {parsed:?}")
    };
    assert_eq!(f.sig.ident, "f");
    assert!(matches!(
        f.block.stmts[..],
        [syn::Stmt::Item(syn::Item::Verbatim(_))]
    ));
    assert_eq!(parsed.to_token_stream().to_string(), function.to_string());
    let structure = quote!(
        #[repr(C)]
        pub struct P {
            pub x: f64,
        }
    );
    assert!(matches!(
        crate::syntax::parse_item_shallow(structure).unwrap(),
        syn::Item::Struct(_)
    ));
}
