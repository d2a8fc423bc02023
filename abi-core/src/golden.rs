//! A testing helper, for the tests of a crate that commits its generated
//! files: golden files are generated output committed to the repository
//! and compared in tests, so every change to a header or declaration is
//! reviewed (the `examples` crate's `generated/` folder is kept so).
//! Nothing else in abi-core uses it.
//!
//! Set `BLESS=1` to rewrite the golden copies instead of comparing.

use std::path::Path;

/// Compare `actual` with the committed file at `path`; with `BLESS=1` in
/// the environment, write `actual` there instead.
///
/// # Panics
///
/// When the contents differ (showing the first differing line), or the file
/// is missing, and `BLESS` is not set.
#[track_caller]
pub fn assert_golden(path: impl AsRef<Path>, actual: &str) {
    let path = path.as_ref();
    if std::env::var_os("BLESS").is_some_and(|v| v == "1") {
        crate::emit::write_file(path, actual).unwrap_or_else(|e| panic!("{e}"));
        return;
    }
    let expected = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!(
            "golden file {} is missing ({e}); run the tests with BLESS=1 to create it",
            path.display()
        )
    });
    if expected == actual {
        return;
    }
    let first_difference = expected
        .lines()
        .zip(actual.lines())
        .enumerate()
        .find(|(_, (e, a))| e != a)
        .map(|(i, (e, a))| format!("line {}:\n  golden:    {e}\n  generated: {a}", i + 1))
        .unwrap_or_else(|| {
            format!(
                "one is a prefix of the other ({} vs {} lines)",
                expected.lines().count(),
                actual.lines().count()
            )
        });
    panic!(
        "generated output differs from the golden file {}\nfirst difference at {first_difference}\n\
         review the change and run the tests with BLESS=1 to accept it",
        path.display()
    );
}
