//! The C harness, the MLIR tests and the hostile callers under valgrind
//! memcheck: every pointer the exports receive from C is checked before
//! use, and memcheck proves no access strays.

use std::process::Command;

use crate::cargo_with_env;
use crate::tools::has_command;
use crate::verilator::c_tests_archive;

/// Run the C harness tests again under memcheck: every pointer the exports
/// receive from C is checked before use, and memcheck proves no access
/// strays.
pub(crate) fn harness_under_valgrind() -> Result<(), String> {
    if !has_command("valgrind") {
        eprintln!("SKIPPED: valgrind is not installed");
        return Ok(());
    }
    let executable = c_tests_executable(&[])?;
    let status = Command::new("valgrind")
        .args(["--error-exitcode=99", "--quiet", "--leak-check=no"])
        .arg(&executable)
        .args(["conformance::c_harness", "--test-threads=1", "--quiet"])
        .status()
        .map_err(|e| format!("cannot run valgrind: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("the C harness under valgrind failed ({status})"))
    }
}

/// The hostile-caller suite (`c-tests/tests/hostile_callers.rs`): C and
/// C++ programs with their own `main`, linked to the c-tests static
/// library, attack every parameter kind; each attack runs in its own
/// process, natively and under valgrind memcheck.
pub(crate) fn hostile_callers() -> Result<(), String> {
    let library = c_tests_archive()?;
    cargo_with_env(
        &[
            "test",
            "--quiet",
            "--package",
            "c-tests",
            "--test",
            "hostile_callers",
            "--",
            "--ignored",
            "--nocapture",
        ],
        &[
            ("HOSTILE_LIB".to_owned(), library.display().to_string()),
            ("HOSTILE_VALGRIND".to_owned(), "1".to_owned()),
        ],
    )
}

/// Run the MLIR C-interface tests under memcheck with leak checking: MLIR
/// frees what Rust allocates and the other way round, and nothing may leak
/// or be freed twice.
pub(crate) fn mlir_under_valgrind() -> Result<(), String> {
    mlir_build_under_valgrind(&[])
}

/// As [`mlir_under_valgrind`], for the c-tests build that `build` (extra
/// environment of cargo: another target folder, another MLIR) makes.
pub(crate) fn mlir_build_under_valgrind(build: &[(&str, &std::ffi::OsStr)]) -> Result<(), String> {
    let executable = c_tests_executable(build)?;
    let status = Command::new("valgrind")
        .args([
            "--error-exitcode=99",
            "--quiet",
            "--leak-check=full",
            "--show-leak-kinds=definite,indirect",
            "--errors-for-leak-kinds=definite,indirect",
        ])
        .arg(&executable)
        .args([
            // Every MLIR test module (kernels, callbacks, results, the
            // verifier, complex numbers, the JIT calls) and the README's.
            "mlir_ciface::",
            "readme_mlir",
            "--test-threads=1",
            "--quiet",
        ])
        .status()
        .map_err(|e| format!("cannot run valgrind: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("the MLIR tests under valgrind failed ({status})"))
    }
}

/// The c-tests unit-test binary (built if needed), of the build that the
/// extra environment `build` selects.
fn c_tests_executable(build: &[(&str, &std::ffi::OsStr)]) -> Result<String, String> {
    let cargo_bin = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(&cargo_bin)
        .envs(build.iter().copied())
        .args([
            "test",
            "--package",
            "c-tests",
            "--lib",
            "--no-run",
            "--message-format=json",
            "--quiet",
        ])
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let executable = stdout
        .lines()
        .filter(|l| {
            l.contains("\"reason\":\"compiler-artifact\"") && l.contains("\"name\":\"c_tests\"")
        })
        .find_map(|l| l.split("\"executable\":\"").nth(1)?.split('"').next())
        .ok_or("cannot find the c-tests test binary")?
        .to_owned();
    Ok(executable)
}
