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
fn one_slice_argument() {
    snapshot(
        "one_slice_argument",
        quote!(),
        quote! {
            /// Sums the values.
            pub fn total(values: &[i32]) -> i64 { values.iter().map(|&v| i64::from(v)).sum() }
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
    // An item that also ends in braces but is not a function: parsed in
    // full.
    let block = quote!(
        unsafe extern "C" {
            fn g(x: i32) -> i32;
        }
    );
    let parsed = crate::syntax::parse_item_shallow(block.clone()).unwrap();
    let syn::Item::ForeignMod(foreign) = &parsed else {
        panic!("not an extern block: {parsed:?}")
    };
    assert_eq!(foreign.items.len(), 1);
    assert_eq!(parsed.to_token_stream().to_string(), block.to_string());
    // The body is rustc's to read: tokens that are no statements come back
    // as they were, for rustc to report where they are.
    let odd_body = quote!(fn h() -> i32 { 1 2 3 });
    let parsed = crate::syntax::parse_item_shallow(odd_body.clone()).unwrap();
    assert!(matches!(parsed, syn::Item::Fn(_)));
    assert_eq!(parsed.to_token_stream().to_string(), odd_body.to_string());
    // A signature syn cannot read is syn's error, as before.
    assert!(crate::syntax::parse_item_shallow(quote!(fn (x: i32) {})).is_err());
}

/// `tokens` with every type written between `⟦` and `⟧` (here the
/// identifiers `group_open` and `group_close`) put inside an invisible group,
/// as a `macro_rules!` `$t:ty` fragment hands it to an attribute.
fn with_invisible_groups(tokens: TokenStream) -> TokenStream {
    use proc_macro2::{Delimiter, Group, TokenTree};
    let mut out: Vec<TokenTree> = Vec::new();
    let mut stack: Vec<Vec<TokenTree>> = Vec::new();
    for token in tokens {
        match token {
            TokenTree::Ident(i) if i == "group_open" => stack.push(Vec::new()),
            TokenTree::Ident(i) if i == "group_close" => {
                let inner = stack.pop().expect("balanced markers");
                let group =
                    TokenTree::Group(Group::new(Delimiter::None, inner.into_iter().collect()));
                stack.last_mut().unwrap_or(&mut out).push(group);
            }
            TokenTree::Group(g) => {
                let mut group = Group::new(g.delimiter(), with_invisible_groups(g.stream()));
                group.set_span(g.span());
                stack
                    .last_mut()
                    .unwrap_or(&mut out)
                    .push(TokenTree::Group(group));
            }
            other => stack.last_mut().unwrap_or(&mut out).push(other),
        }
    }
    out.into_iter().collect()
}

/// Without the markers.
fn written_out(tokens: TokenStream) -> TokenStream {
    use proc_macro2::TokenTree;
    tokens
        .into_iter()
        .filter(|t| !matches!(t, TokenTree::Ident(i) if i == "group_open" || i == "group_close"))
        .map(|t| match t {
            TokenTree::Group(g) => {
                let mut group = proc_macro2::Group::new(g.delimiter(), written_out(g.stream()));
                group.set_span(g.span());
                TokenTree::Group(group)
            }
            other => other,
        })
        .collect()
}

/// Types that arrive through a `macro_rules!` fragment (invisible groups,
/// issue #34) expand exactly as the same types written out, in every
/// attribute and derive that inspects types; before, `&mut $t` with
/// `$t = &'static CStr` was "references in C structs cannot be checked".
#[test]
fn types_from_macro_fragments_read_as_written() {
    type Expand = fn(TokenStream, TokenStream) -> TokenStream;
    let derive_packed: Expand = |_, item| crate::packed::expand(item);
    let cases: [(&str, Expand, TokenStream, TokenStream); 6] = [
        (
            "dpi_import",
            crate::dpi_import::expand,
            quote!(),
            quote! {
                pub fn f(
                    a: group_open [group_open i32 group_close; 3] group_close,
                    name: &mut group_open &'static CStr group_close,
                    #[inout] s: &mut group_open SvString group_close,
                    v: group_open OpenArray<'_, group_open Logic group_close> group_close,
                ) -> group_open () group_close {}
            },
        ),
        (
            "dpi_export",
            crate::dpi_export::expand,
            quote!(),
            quote! {
                unsafe extern "C" {
                    pub fn g(a: group_open [i32; 2] group_close, out: &mut group_open SvString group_close) -> group_open i32 group_close;
                }
            },
        ),
        (
            "c_export",
            crate::c_export::expand,
            quote!(),
            quote! {
                pub fn h(a: group_open &[u8] group_close, b: Option<group_open &mut i32 group_close>) -> group_open Result<i32, Error> group_close { Ok(0) }
            },
        ),
        (
            "c_export struct",
            crate::c_export::expand,
            quote!(),
            quote! {
                #[repr(C)]
                pub struct S { pub p: group_open *const u8 group_close }
            },
        ),
        (
            "ciface",
            crate::ciface::expand,
            quote!(),
            quote! {
                pub fn k(m: group_open MemRef<'_, f32, 1> group_close) -> group_open (f32, i64) group_close { (0.0, 0) }
            },
        ),
        (
            "derive(Packed)",
            derive_packed,
            quote!(),
            quote! {
                pub struct P { pub a: group_open Bits<3> group_close, pub b: group_open bool group_close }
            },
        ),
    ];
    for (what, expand, attr, item) in cases {
        let grouped = expand(attr.clone(), with_invisible_groups(item.clone())).to_string();
        let plain = expand(attr, written_out(item)).to_string();
        assert!(
            !plain.contains("compile_error"),
            "{what}: the written-out item is refused: {plain}"
        );
        assert_eq!(
            grouped, plain,
            "{what}: a type from a macro fragment is read differently"
        );
    }
}
