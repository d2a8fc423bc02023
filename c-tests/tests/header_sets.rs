//! The C headers of several modules (`Registry::for_module`) included in
//! one file, as C code using two libraries of one crate does: the shared
//! definitions (statuses, structs, descriptors) are guarded, so together
//! they compile; and a different struct of the same name, from another
//! header, fails the layout checks instead of being silently used.

use std::path::Path;
use std::process::Command;

fn include_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/include"))
}

/// The committed module headers, `include/c_tests_*.h`.
fn headers() -> Vec<String> {
    let mut headers: Vec<String> = std::fs::read_dir(include_dir())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("c_tests_") && name.ends_with(".h"))
        .collect();
    headers.sort();
    headers
}

/// Compile `source` (C) with `compiler`; the combined output and whether it
/// compiled.
fn compile(compiler: &str, std: &str, source: &str, dir: &Path) -> (bool, String) {
    let file = dir.join("header_set.c");
    std::fs::write(&file, source).unwrap();
    let output = Command::new(compiler)
        .arg(format!("-std={std}"))
        .args(["-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-pedantic"])
        .arg("-I")
        .arg(include_dir())
        .arg("-I")
        .arg(dir)
        .arg(&file)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {compiler}: {e}"));
    let text = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.success(), text)
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("c-tests-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn every_module_header_in_one_file() {
    let dir = scratch("header-set");
    let headers = headers();
    assert_eq!(headers.len(), 5, "{headers:?}");
    let includes: String = headers
        .iter()
        .chain(headers.iter())
        .map(|h| format!("#include \"{h}\"\n"))
        .collect();
    let source = format!("{includes}int main(void) {{ return ABI_STATUS_OK; }}\n");
    for (compiler, std) in [("gcc", "c11"), ("clang-19", "c23")] {
        let (ok, errors) = compile(compiler, std, &source, &dir);
        assert!(
            ok,
            "{compiler} -std={std} rejected the headers together:\n{errors}"
        );
    }
}

#[test]
fn a_different_struct_of_the_same_name_is_caught() {
    let dir = scratch("header-clash");
    // Another library's header with its own `Point`: same name, other
    // layout (and its own include guard and status codes).
    let exports = std::fs::read_to_string(include_dir().join("c_tests_exports.h")).unwrap();
    let other = exports
        .replace("C_TESTS_EXPORTS_H", "OTHER_LIBRARY_H")
        .replace("    double y;\n", "    double y;\n    double z;\n")
        .replace(
            "_Static_assert(sizeof(Point) == 16,",
            "_Static_assert(sizeof(Point) == 24,",
        );
    assert_ne!(other, exports, "the test edits the struct");
    std::fs::write(dir.join("other_library.h"), other).unwrap();
    let source = "#include \"other_library.h\"\n#include \"c_tests_exports.h\"\nint main(void) { return 0; }\n";
    for (compiler, std) in [("gcc", "c11"), ("clang-19", "c23")] {
        let (ok, errors) = compile(compiler, std, source, &dir);
        assert!(!ok, "{compiler} accepted two different `Point`s");
        assert!(
            errors.contains("Point: size differs from Rust"),
            "{compiler} refused for another reason:\n{errors}"
        );
    }
}
