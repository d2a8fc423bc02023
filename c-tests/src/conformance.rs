//! Tests that run the C drivers against the exports.

use std::path::Path;

use abi_core::{CHeader, Registry};

fn registry() -> Registry {
    Registry::all().for_crate(env!("CARGO_CRATE_NAME"))
}

fn header() -> String {
    CHeader::new("c_tests.h")
        .description("Exports of the c-tests conformance harness.")
        .render(&registry())
        .expect("the registry renders")
}

/// The header the C drivers compile against is exactly what the registry
/// generates now.
#[test]
#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
fn header_matches_golden() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("include/c_tests.h");
    abi_core::golden::assert_golden(path, &header());
}

/// Counts `#[c_export]` annotations on functions and structs in the source
/// and compares with the registry, so an entry the linker dropped fails here
/// instead of going missing from the header.
#[test]
fn every_annotation_is_registered() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files: Vec<_> = std::fs::read_dir(src.join("exports"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.push(src.join("bench.rs"));
    let (mut functions, mut structs) = (0, 0);
    for file in files {
        let source = std::fs::read_to_string(file).unwrap();
        let (f, s) = count_annotations(&source);
        functions += f;
        structs += s;
    }
    let registry = registry();
    assert!(
        functions >= 50,
        "expected the full export set, found {functions} annotated functions"
    );
    assert_eq!(
        registry.functions().len(),
        functions,
        "registered functions vs annotated functions"
    );
    assert_eq!(
        registry.structs().len(),
        structs,
        "registered structs vs annotated structs"
    );
}

/// Number of `#[c_export]` annotations followed by a function and by a
/// struct.
fn count_annotations(source: &str) -> (usize, usize) {
    let (mut functions, mut structs) = (0, 0);
    let mut pending = false;
    for line in source.lines().map(str::trim) {
        if line.starts_with("#[c_export") {
            pending = true;
        } else if pending && !line.starts_with("#[") && !line.starts_with("///") {
            let item = line
                .trim_start_matches("pub ")
                .trim_start_matches("unsafe ");
            if item.starts_with("fn ") {
                functions += 1;
            } else if item.starts_with("struct ") {
                structs += 1;
            }
            pending = false;
        }
    }
    (functions, structs)
}

/// The entry points of one compiled copy of `c/harness.c`.
#[cfg(c_harness)]
struct Driver {
    compiler: &'static str,
    run: unsafe extern "C" fn(*mut i32) -> i32,
    call_always_panics: unsafe extern "C" fn() -> i32,
    call_ref_read_null: unsafe extern "C" fn() -> i64,
}

#[cfg(c_harness)]
mod drivers {
    macro_rules! driver {
        ($module:ident, $name:literal, $run:ident, $panics:ident, $null:ident) => {
            pub(super) mod $module {
                unsafe extern "C" {
                    pub(crate) fn $run(checks: *mut i32) -> i32;
                    pub(crate) fn $panics() -> i32;
                    pub(crate) fn $null() -> i64;
                }
                pub(crate) const DRIVER: super::super::Driver = super::super::Driver {
                    compiler: $name,
                    run: $run,
                    call_always_panics: $panics,
                    call_ref_read_null: $null,
                };
            }
        };
    }
    driver!(
        gcc,
        "gcc",
        gcc_harness_run,
        gcc_call_always_panics,
        gcc_call_ref_read_null
    );
    #[cfg(clang19)]
    driver!(
        clang,
        "clang-19",
        clang_harness_run,
        clang_call_always_panics,
        clang_call_ref_read_null
    );
}

#[cfg(c_harness)]
fn run_harness(driver: &Driver) {
    let mut checks = 0;
    // SAFETY: the C harness only calls the exports with valid arguments or
    // with the invalid ones the exports are documented to reject.
    let failures = unsafe { (driver.run)(&mut checks) };
    assert_eq!(
        failures, 0,
        "{} harness: {failures} of {checks} checks failed (details on stderr)",
        driver.compiler
    );
    assert!(
        checks >= 100,
        "{} harness ran only {checks} checks",
        driver.compiler
    );
}

#[test]
#[cfg(c_harness)]
fn c_harness_under_gcc() {
    run_harness(&drivers::gcc::DRIVER);
}

#[test]
#[cfg(c_harness)]
fn c_harness_under_clang19() {
    #[cfg(clang19)]
    run_harness(&drivers::clang::DRIVER);
    #[cfg(not(clang19))]
    eprintln!("SKIPPED: clang-19 is not installed; run `cargo xtask test` to install it");
}

/// Runs `scenario` of the named driver in a child process (this test binary,
/// re-executed) and returns its exit status and stderr.
#[cfg(c_harness)]
fn in_child(test_name: &str, scenario: &str) -> (std::process::ExitStatus, String) {
    let output = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", test_name, "--nocapture", "--test-threads=1"])
        .env("C_TESTS_CHILD_SCENARIO", scenario)
        .output()
        .unwrap();
    (
        output.status,
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[cfg(c_harness)]
fn drivers_under_test() -> Vec<&'static Driver> {
    #[allow(unused_mut)]
    let mut drivers = vec![&drivers::gcc::DRIVER];
    #[cfg(clang19)]
    drivers.push(&drivers::clang::DRIVER);
    drivers
}

/// When re-executed as a child, run the requested scenario (which must not
/// return) instead of the test.
#[cfg(c_harness)]
fn child_scenario() -> bool {
    let Ok(scenario) = std::env::var("C_TESTS_CHILD_SCENARIO") else {
        return false;
    };
    let (compiler, what) = scenario.split_once(':').unwrap();
    let driver = drivers_under_test()
        .into_iter()
        .find(|d| d.compiler == compiler)
        .unwrap();
    match what {
        // SAFETY: this scenario passes invalid input on purpose; the export
        // aborts before undefined behaviour can happen, which is the test.
        "panic" => drop(unsafe { (driver.call_always_panics)() }),
        // SAFETY: as above.
        "null" => drop(unsafe { (driver.call_ref_read_null)() }),
        _ => unreachable!(),
    }
    eprintln!("CHILD RETURNED");
    true
}

#[cfg(c_harness)]
fn assert_aborted(status: std::process::ExitStatus, stderr: &str, expected: &[&str]) {
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(
        status.signal(),
        Some(6),
        "expected SIGABRT, got {status}; stderr:\n{stderr}"
    );
    assert!(!stderr.contains("CHILD RETURNED"), "{stderr}");
    for text in expected {
        assert!(stderr.contains(text), "stderr lacks {text:?}:\n{stderr}");
    }
}

/// Run `scenario` with every driver in a child process and check that it
/// aborted with all of `expected` on stderr.
#[cfg(c_harness)]
fn assert_scenario_aborts(test_name: &str, scenario: &str, expected: &[&str]) {
    for driver in drivers_under_test() {
        let (status, stderr) = in_child(test_name, &format!("{}:{scenario}", driver.compiler));
        assert_aborted(status, &stderr, expected);
    }
}

/// A panic in a function without a status channel never unwinds into C: the
/// process aborts after naming the function and the panic message.
#[test]
#[cfg(c_harness)]
fn panic_without_status_channel_aborts_with_a_message() {
    if child_scenario() {
        return;
    }
    assert_scenario_aborts(
        "conformance::panic_without_status_channel_aborts_with_a_message",
        "panic",
        &[
            "`c_tests::exports::results::ct_always_panics` (C symbol `ct_always_panics`) panicked",
            "deliberate panic with code 3",
            "aborting",
        ],
    );
}

/// A NULL for a `&T` parameter is reported by name and aborts, before the
/// function runs.
#[test]
#[cfg(c_harness)]
fn null_reference_aborts_with_a_message() {
    if child_scenario() {
        return;
    }
    assert_scenario_aborts(
        "conformance::null_reference_aborts_with_a_message",
        "null",
        &[
            "`c_tests::exports::pointers::ct_ref_read` (C symbol `ct_ref_read`)",
            "argument `x: &i64`: NULL pointer where a value is required",
            "Option<&T>",
        ],
    );
}
