//! The hostile-caller suite: `hostile/attacks.c`, a C program with its own
//! `main` linked to the c-tests static library, attacks every parameter
//! kind of every attribute. Each attack runs in its own process and must
//! end as `attacks.c` says: a value (a status, a normalised result) or an
//! abort whose report on stderr names the function and the argument.
//!
//! The tests need the library as a static archive, which cargo does not
//! build for a test run, so they are `#[ignore]`d in a plain `cargo test`:
//! `cargo xtask test` builds `libc_tests.a` and runs them with
//! `HOSTILE_LIB` naming it and `--ignored`. With `HOSTILE_VALGRIND=1` (as
//! the xtask sets) every attack runs again under valgrind memcheck, which
//! must report no error before the process ends or aborts.

#[path = "support/tools.rs"]
mod tools;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The static library the programs link (`HOSTILE_LIB`).
fn library() -> PathBuf {
    PathBuf::from(
        std::env::var_os("HOSTILE_LIB")
            .expect("HOSTILE_LIB names libc_tests.a (run through `cargo xtask test`)"),
    )
}

/// Where cargo put this test binary's profile directory (the programs are
/// written below it).
fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    exe.parent()
        .and_then(Path::parent)
        .expect("target/<profile>/deps/<test>")
        .to_path_buf()
}

/// Compile `source` (C or C++) against the library into the program
/// `name`, and return its path.
fn build(compiler: &str, source: &str, std: &str, name: &str) -> PathBuf {
    let dir = profile_dir().join("hostile");
    std::fs::create_dir_all(&dir).unwrap();
    let output = dir.join(name);
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let library = library();
    assert!(library.exists(), "{} is missing", library.display());
    let status = Command::new(compiler)
        .arg(format!("-std={std}"))
        .args(["-O1", "-g", "-Wall", "-Wextra", "-Werror"])
        .arg("-I")
        .arg(manifest.join("include"))
        .arg("-I")
        .arg(manifest.join("sv/generated"))
        .args(["-I", "/usr/share/verilator/include/vltstd"])
        .arg(manifest.join(source))
        .arg(&library)
        .args(["-lpthread", "-ldl", "-lm", "-lrt", "-lutil"])
        .arg("-o")
        .arg(&output)
        .status()
        .unwrap_or_else(|e| panic!("cannot run {compiler}: {e}"));
    assert!(status.success(), "{compiler} failed to build {source}");
    output
}

/// What an attack must end as.
#[derive(Debug)]
enum Expectation {
    Value(i64),
    Abort(Vec<String>),
}

impl Expectation {
    fn parse(text: &str) -> Expectation {
        if let Some(value) = text.strip_prefix("value ") {
            Expectation::Value(value.parse().expect("a value expectation"))
        } else if let Some(fragments) = text.strip_prefix("abort ") {
            Expectation::Abort(fragments.split('|').map(str::to_owned).collect())
        } else {
            panic!("unknown expectation `{text}`")
        }
    }

    /// `None` when `output` meets the expectation, else what went wrong.
    fn check(&self, output: &Output) -> Option<String> {
        use std::os::unix::process::ExitStatusExt;
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        match self {
            Expectation::Value(value) => {
                let wanted = format!("value {value}");
                (!(output.status.success() && stdout.trim() == wanted)).then(|| {
                    format!(
                        "expected `{wanted}`, got {} with stdout `{}` and stderr `{}`",
                        output.status,
                        stdout.trim(),
                        stderr.trim()
                    )
                })
            }
            Expectation::Abort(fragments) => {
                let aborted = output.status.signal() == Some(6);
                let missing: Vec<&String> =
                    fragments.iter().filter(|f| !stderr.contains(*f)).collect();
                (!aborted || !missing.is_empty()).then(|| {
                    format!(
                        "expected SIGABRT with {fragments:?} on stderr, got {} (missing {missing:?}); stdout `{}`, stderr `{}`",
                        output.status,
                        stdout.trim(),
                        stderr.trim()
                    )
                })
            }
        }
    }
}

fn attacks(program: &Path) -> Vec<(String, Expectation)> {
    let list = Command::new(program)
        .arg("--list")
        .output()
        .expect("run the attack list");
    assert!(list.status.success());
    String::from_utf8(list.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let (name, expect) = line.split_once('\t').expect("name<TAB>expectation");
            (name.to_owned(), Expectation::parse(expect))
        })
        .collect()
}

/// Under valgrind an abort ends the same way; memcheck must have counted
/// no error before it.
fn valgrind_clean(stderr: &str) -> bool {
    stderr.contains("ERROR SUMMARY: 0 errors")
}

#[test]
#[ignore = "needs the static library: run by `cargo xtask test`"]
fn every_attack_from_a_c_main_ends_as_documented() {
    if !tools::available("clang-19") {
        return;
    }
    let program = build("clang-19", "hostile/attacks.c", "c23", "attacks");
    let attacks = attacks(&program);
    assert!(attacks.len() >= 150, "only {} attacks", attacks.len());

    let valgrind = std::env::var("HOSTILE_VALGRIND").is_ok_and(|v| v == "1");
    if valgrind && !tools::available("valgrind") {
        return;
    }
    let mut failures = Vec::new();
    let (mut values, mut aborts) = (0, 0);
    for (name, expectation) in &attacks {
        match expectation {
            Expectation::Value(_) => values += 1,
            Expectation::Abort(_) => aborts += 1,
        }
        let native = Command::new(&program).arg(name).output().unwrap();
        if let Some(problem) = expectation.check(&native) {
            failures.push(format!("{name}: {problem}"));
            continue;
        }
        if valgrind {
            let checked = Command::new("valgrind")
                .args(["--error-exitcode=99", "--leak-check=no"])
                .arg(&program)
                .arg(name)
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&checked.stderr);
            if !valgrind_clean(&stderr) {
                failures.push(format!("{name}: memcheck reported errors:\n{stderr}"));
            } else if let Some(problem) = expectation.check(&checked) {
                failures.push(format!("{name} (under valgrind): {problem}"));
            }
        }
    }
    eprintln!(
        "hostile C caller: {} attacks ({values} returning a defined value, {aborts} aborting with a report){}; {} failed",
        attacks.len(),
        if valgrind {
            ", natively and under valgrind"
        } else {
            ""
        },
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// `ABI_CORE_STATUS_REPORTS=off`, set by a C program that must keep stderr
/// clean: every attack that ends in a value ends in the same value, with
/// nothing on stderr (neither abi-core's line nor Rust's panic message);
/// without it the reports are there; an unknown value is named once.
#[test]
#[ignore = "needs the static library: run by `cargo xtask test`"]
fn status_reports_turned_off_from_the_environment() {
    if !tools::available("clang-19") {
        return;
    }
    let program = build("clang-19", "hostile/attacks.c", "c23", "attacks");
    let run = |name: &str, setting: Option<&str>| {
        let mut command = Command::new(&program);
        command.arg(name);
        match setting {
            Some(value) => command.env("ABI_CORE_STATUS_REPORTS", value),
            None => command.env_remove("ABI_CORE_STATUS_REPORTS"),
        };
        command.output().unwrap()
    };
    let (mut silenced, mut failures) = (0, Vec::new());
    for (name, expectation) in attacks(&program) {
        if !matches!(expectation, Expectation::Value(_)) {
            continue;
        }
        let reported = String::from_utf8_lossy(&run(&name, None).stderr).contains("abi-core: ");
        let quiet = run(&name, Some("off"));
        let stderr = String::from_utf8_lossy(&quiet.stderr);
        if let Some(problem) = expectation.check(&quiet) {
            failures.push(format!("{name}: {problem}"));
        } else if !stderr.trim().is_empty() {
            failures.push(format!(
                "{name}: stderr not empty with the reports off: `{stderr}`"
            ));
        } else if reported {
            silenced += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        silenced >= 10,
        "only {silenced} attacks reported on stderr by default"
    );
    let unknown = run("panic_with_status", Some("loud"));
    let stderr = String::from_utf8_lossy(&unknown.stderr);
    assert!(
        stderr.contains("abi-core: ABI_CORE_STATUS_REPORTS=\"loud\" is not understood")
            && stderr.contains("returning ABI_STATUS_PANIC"),
        "{stderr}"
    );
    eprintln!(
        "status reports off: {silenced} attacks that report by default left stderr empty, with the same values"
    );
}

/// A panic in a function without a status channel, called from a C++
/// `main`: the report names the function whether or not the caller has a
/// `catch (...)` around the call (it must never catch a Rust panic).
#[test]
#[ignore = "needs the static library: run by `cargo xtask test`"]
fn panic_report_from_a_cpp_main() {
    if !tools::available("clang++-19") {
        return;
    }
    let program = build("clang++-19", "hostile/cpp_main.cpp", "c++17", "cpp_main");
    let expectation = Expectation::Abort(vec![
        "deliberate panic with code 5".to_owned(),
        "ct_always_panics` (C symbol `ct_always_panics`) panicked".to_owned(),
    ]);
    for mode in ["plain", "catch-all"] {
        let output = Command::new(&program).arg(mode).output().unwrap();
        if let Some(problem) = expectation.check(&output) {
            panic!("C++ main ({mode}): {problem}");
        }
    }
}

/// Narrow integer arguments from a caller written in LLVM IR the way
/// CIRCT's arcilator declares DPI functions: `i8`/`i16` parameters without
/// `signext`/`zeroext`, each value truncated from a 32-bit word so the
/// register's upper bits are garbage (`hostile/narrow_caller.ll`, its own
/// `main`, compiled by clang-19): C exports, DPI imports and `_BitInt`
/// values that cross as a byte. Every shim must read the value's own bits.
#[test]
#[ignore = "needs the static library: run by `cargo xtask test`"]
fn narrow_arguments_from_llvm_ir_without_extension_attributes() {
    if !tools::available("clang-19") {
        return;
    }
    let dir = profile_dir().join("hostile");
    std::fs::create_dir_all(&dir).unwrap();
    let program = dir.join("narrow_caller");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("hostile/narrow_caller.ll");
    let status = Command::new("clang-19")
        .args(["-O1", "-Wno-override-module"])
        .arg(&source)
        .arg(library())
        .args(["-lpthread", "-ldl", "-lm", "-lrt", "-lutil", "-o"])
        .arg(&program)
        .status()
        .expect("clang-19 runs");
    assert!(
        status.success(),
        "clang-19 failed to build {}",
        source.display()
    );
    let output = Command::new(&program).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let lines = stdout.lines().count();
    assert!(
        output.status.success() && lines == 12,
        "narrow_caller ({}):\n{stdout}{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    eprintln!(
        "LLVM IR caller without extension attributes: {lines} narrow results, all from the values' own bits"
    );
}
