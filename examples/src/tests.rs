use std::path::Path;

/// The committed files are what the registry generates, and nothing is
/// committed that is no longer generated.
#[test]
#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
fn generated_files_match_golden() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("generated");
    let files = crate::bundle().render(&crate::registry()).unwrap();
    for file in &files {
        abi_core::golden::assert_golden(folder.join(&file.name), &file.contents);
    }
    let mut committed: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    committed.sort();
    let mut generated: Vec<String> = files.into_iter().map(|f| f.name).collect();
    generated.sort();
    assert_eq!(committed, generated, "files in generated/ vs the bundle");
}

/// Every `#[c_export]` in the sources is in the registry.
#[test]
fn every_annotation_is_registered() {
    let sources = [
        include_str!("sensors.rs"),
        include_str!("text.rs"),
        include_str!("hardware.rs"),
        include_str!("kernels.rs"),
    ];
    // Every `#[dpi_export]` and `#[ciface]` block here declares one function.
    let annotations: usize = sources
        .iter()
        .map(|s| {
            ["#[c_export", "#[dpi_import", "#[dpi_export", "#[ciface"]
                .iter()
                .map(|attribute| s.matches(attribute).count())
                .sum::<usize>()
        })
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

/// Emit, parse, compare: every function's records read back into the same
/// model, and each function checks clean against its own description.
#[test]
fn reflection_round_trips() {
    use abi_core::reflect::{self, AbiJson, Signature};
    let registry = crate::registry();
    let text = AbiJson::render(&registry);
    let document: serde_json::Value = serde_json::from_str(&text).unwrap();
    let functions = document["functions"].as_array().unwrap();
    assert_eq!(functions.len(), registry.functions().len());
    for entry in functions {
        let symbol = entry["symbol"].as_str().unwrap();
        let f = registry.function(symbol).unwrap();
        let parsed = Signature::from_json(entry).unwrap();
        assert_eq!(parsed, reflect::signature(f, &registry), "{symbol}");
        assert_eq!(parsed.to_json(), entry["abi"], "{symbol}");
        // `iree.abi` is the same object, present exactly when IREE's runtime
        // reads every record.
        match entry.get("iree.abi") {
            Some(iree) => assert!(parsed.iree_readable() && *iree == entry["abi"], "{symbol}"),
            None => assert!(!parsed.iree_readable(), "{symbol}"),
        }
        assert_eq!(reflect::check(f, &registry, entry), Ok(()), "{symbol}");
    }
}

/// A tool outside Rust reads the JSON: Python's standard `json` module and
/// a validator of IREE's record grammar (`tools/check_abi_json.py`).
#[test]
fn python_validates_the_json() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = std::process::Command::new("python3")
        .arg(root.join("../tools/check_abi_json.py"))
        .arg(root.join("generated/abi_examples.abi.json"))
        .output()
        .expect("python3 runs (it is part of every supported machine)");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("19 functions valid"));
}

/// A generator that does not link the crate it describes gets an error
/// that says how to link it, never empty files.
#[test]
fn an_unlinked_crate_is_an_error() {
    let registry = abi_core::Registry::all().for_crate("not_a_linked_crate");
    let error = crate::bundle().render(&registry).unwrap_err();
    assert!(matches!(error, abi_core::emit::EmitError::EmptyRegistry));
    assert!(error.to_string().contains("links the crate"), "{error}");
    assert!(crate::bundle().render(&crate::registry()).is_ok());
}

/// The manual's reflection example (docs/src/reflection.md) is the generated entry, key for key.
#[test]
fn readme_reflection_example_is_generated() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("../docs/src/reflection.md")).unwrap();
    let block = readme
        .split("From\n`examples/generated/abi_examples.abi.json`")
        .nth(1)
        .and_then(|rest| rest.split("```json\n").nth(1))
        .and_then(|rest| rest.split("```").next())
        .expect("the manual quotes abi_examples.abi.json in a json block");
    let quoted: serde_json::Value = serde_json::from_str(block).unwrap();
    let golden: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("generated/abi_examples.abi.json")).unwrap(),
    )
    .unwrap();
    let entry = golden["functions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["symbol"] == quoted["symbol"])
        .expect("the quoted function is generated");
    assert_eq!(&quoted, entry);
}
