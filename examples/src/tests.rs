use std::path::Path;

/// The committed header is what the registry generates.
#[test]
#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
fn header_matches_golden() {
    let header = crate::render_header().unwrap();
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("generated")
        .join(crate::HEADER_NAME);
    abi_core::golden::assert_golden(path, &header);
}

/// Every `#[c_export]` in the sources is in the registry.
#[test]
fn every_annotation_is_registered() {
    let sources = [include_str!("sensors.rs"), include_str!("text.rs")];
    let annotations: usize = sources
        .iter()
        .map(|s| s.matches("#[c_export]").count())
        .sum();
    let registry = abi_core::Registry::all().for_crate(env!("CARGO_CRATE_NAME"));
    assert_eq!(
        registry.functions().len() + registry.structs().len(),
        annotations
    );
    assert_eq!(registry.structs().len(), 1);
}

#[test]
fn rust_callers_still_use_the_plain_functions() {
    assert_eq!(crate::text::ex_crc32(b"123456789"), 0xCBF4_3926);
    assert_eq!(crate::sensors::ex_fahrenheit(100.0), 212.0);
    assert!(crate::text::ex_is_palindrome("ÅbbÅ"));
}
