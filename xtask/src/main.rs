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
mod cross;
mod dpi_bench;
mod hygiene;
mod public_api;
mod publish;
mod python_tools;
mod readme_recipes;
mod sanitizers;

/// A foreign tool the tests need, and the Debian package that provides it.
#[derive(Clone)]
struct Tool {
    /// A command (run with `--version`), or an absolute path that must
    /// exist (a tool, or a file such as a target's `crt1.o`).
    command: &'static str,
    package: &'static str,
    needed_for: &'static str,
}

impl Tool {
    fn present(&self) -> bool {
        if self.command.starts_with('/') {
            std::path::Path::new(self.command).exists()
        } else {
            has_command(self.command)
        }
    }
}

pub(crate) const CLANG_19: Tool = Tool {
    command: "clang-19",
    package: "clang-19",
    needed_for: "the clang half of the C conformance harness and the `_BitInt` tests",
};

/// The newest clang Debian ships: the `_BitInt` rules of the psABIs on
/// RISC-V and LoongArch, beside clang-19's older ones.
pub(crate) const CLANG_22: Tool = Tool {
    command: "clang-22",
    package: "clang-22",
    needed_for: "the `_BitInt` layout and call tests against the psABI rules (RISC-V, LoongArch)",
};

const GCC: Tool = Tool {
    command: "gcc",
    package: "gcc",
    needed_for: "the gcc half of the C conformance harness and the showcase",
};

const VERILATOR: Tool = Tool {
    command: "verilator",
    package: "verilator",
    needed_for: "the SystemVerilog DPI-C tests",
};

const PYTHON3: Tool = Tool {
    command: "python3",
    package: "python3",
    needed_for: "the check of the reflection JSON by a tool outside Rust",
};

const MLIR_OPT: Tool = Tool {
    command: "/usr/lib/llvm-19/bin/mlir-opt",
    package: "mlir-19-tools",
    needed_for: "lowering the MLIR modules of the `#[ciface]` tests",
};

const LLVM_AR: Tool = Tool {
    command: "/usr/lib/llvm-19/bin/llvm-ar",
    package: "llvm-19",
    needed_for: "archiving the lowered MLIR modules",
};

/// Verilator builds its C++ with g++ through make, and neither Debian
/// package depends on them.
const GXX: Tool = Tool {
    command: "g++",
    package: "g++",
    needed_for: "Verilator's C++ builds and the C++ readers of the generated headers",
};

const MAKE: Tool = Tool {
    command: "make",
    package: "make",
    needed_for: "Verilator's `--build` and the manual's Makefile recipe (docs/src/generating.md)",
};

const TEST_TOOLS: [Tool; 10] = [
    VALGRIND, CLANG_19, CLANG_22, GCC, GXX, MAKE, VERILATOR, PYTHON3, MLIR_OPT, LLVM_AR,
];

const VALGRIND: Tool = Tool {
    command: "valgrind",
    package: "valgrind",
    needed_for: "memory checks of the C harness and instruction counts under callgrind",
};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("test") => test(),
        // `--check-readme`: the step of `test` (the summary against the README's).
        Some("showcase") if args.get(1).is_some_and(|a| a == "--check-readme") => {
            showcase_matches_readme()
        }
        Some("showcase") => showcase(),
        Some("bench") => benchmarks::run(args[1..].iter().any(|a| a == "--quick")),
        Some("compile-cost") => compile_cost(),
        // One step of `test`, for working on the DPI-C flow.
        Some("dpi") => ensure_tools(&TEST_TOOLS).and_then(|()| dpi_in_verilator()),
        Some("hostile") => ensure_tools(&TEST_TOOLS).and_then(|()| hostile_callers()),
        Some("hygiene") => {
            hygiene::docs_without_warnings().and_then(|()| hygiene::minimum_rust_version())
        }
        Some("recipes") => {
            readme_recipes::verilator_recipe().and_then(|()| readme_recipes::generation_recipe())
        }
        Some("docs") => hygiene::book(),
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
                "usage: cargo xtask <showcase [--check-readme] | test | bench [--quick] | compile-cost | dpi | recipes | hostile | hygiene | docs | publish | public-api | cross [TARGET] | miri | tsan | fuzz | circt | iree | slang>"
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
    ensure_tools(&TEST_TOOLS[1..])?;
    cargo(&["run", "--package", "examples", "--bin", "showcase"])
}

/// The showcase as `test` runs it: its summary must be the one the README
/// shows, times aside (the README promises every count in it).
fn showcase_matches_readme() -> Result<(), String> {
    ensure_tools(&TEST_TOOLS[1..])?;
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
    ensure_tools(&TEST_TOOLS)?;
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
        "abi-core without its optional features (half, ndarray, verilator: the IEEE 1800 DPI ABI)",
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
    // The workspace build enables `verilator` (c-tests does); this run
    // tests the standard DPI ABI's choices (`shortreal` as `float`, export
    // tasks' disable flag, no packed results).
    cargo(&["test", "--package", "abi-core", "--lib", "--quiet"])?;
    // The IEEE flavour's compile errors (enum results).
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
    step("workspace tests (unit, doc, UI, expansion snapshots, C conformance)");
    cargo(&["test", "--workspace", "--quiet"])?;
    step(
        "the library crates: `cargo package` (the publish dry run, dependency order), their tests and doctests from the tarballs, their docs as on docs.rs",
    );
    publish::from_tarballs()?;
    step(
        "the public API of the library crates (rustdoc JSON, nightly) against api/*.txt, and one path per item",
    );
    public_api::check()?;
    step(
        "`_BitInt` calls by clang-19 and clang-22 on i686 (native) and aarch64, riscv64, armv7 (qemu-user), and by clang-22 on the host",
    );
    cross::bitint_calls_on_other_targets(None)?;
    step("`_BitInt` storage built for loongarch64 under both revisions of its rules");
    cross::loongarch_storage_compiles()?;
    step("type-check for Windows (the registry through `linkme`, not ELF sections)");
    cross::registry_fallback_compiles()?;
    step("C conformance harness under valgrind memcheck");
    harness_under_valgrind()?;
    step("MLIR C interface under valgrind memcheck (errors and leaks)");
    mlir_under_valgrind()?;
    step("hostile C and C++ callers with their own `main` (natively and under valgrind memcheck)");
    hostile_callers()?;
    step(
        "Miri: abi-core's unit tests, the boundary replay and the safe-API suite (Stacked Borrows), the replay and the suite again under Tree Borrows",
    );
    sanitizers::miri()?;
    step("ThreadSanitizer: concurrent calls, registry reads and chandles");
    sanitizers::thread_sanitizer()?;
    step("fuzzing (cargo fuzz, libFuzzer with AddressSanitizer)");
    sanitizers::fuzz()?;
    step("SystemVerilog DPI-C in Verilator");
    dpi_in_verilator()?;
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

/// Run the C harness tests again under memcheck: every pointer the exports
/// receive from C is checked before use, and memcheck proves no access
/// strays.
fn harness_under_valgrind() -> Result<(), String> {
    if !has_command("valgrind") {
        eprintln!("SKIPPED: valgrind is not installed");
        return Ok(());
    }
    let executable = c_tests_executable()?;
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
fn hostile_callers() -> Result<(), String> {
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
fn mlir_under_valgrind() -> Result<(), String> {
    let executable = c_tests_executable()?;
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
            "mlir_ciface::tests",
            "mlir_ciface::callback_results",
            "mlir_ciface::verifier",
            "mlir_ciface::complex",
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

/// Clean-build cost of abi-core, and of a user crate with 100 distinct
/// `_BitInt` widths (small, large and very large widths, to show the cost
/// does not grow with N), against the same crate on `u64`.
fn compile_cost() -> Result<(), String> {
    let root = std::env::current_dir().map_err(|e| e.to_string())?;
    let work = root.join("target/compile-cost");
    let _ = std::fs::remove_dir_all(&work);
    // Wall seconds of a build (the peak memory `timed_cargo` also reports
    // is not used here).
    let timed = |dir: &std::path::Path, args: &[&str], target: &std::path::Path| {
        benchmarks::timed_cargo(dir, args, target).map(|(seconds, _)| seconds)
    };
    let core_target = work.join("core-target");
    let core_clean = timed(
        &root,
        &["build", "--quiet", "--package", "abi-core"],
        &core_target,
    )?;
    let _ = Command::new("touch")
        .arg(root.join("abi-core/src/lib.rs"))
        .status();
    let core_alone = timed(
        &root,
        &["build", "--quiet", "--package", "abi-core"],
        &core_target,
    )?;

    let mut rows = Vec::new();
    // The first width of each variant; `None` is the `u64` baseline.
    let variants = [
        ("u64 (baseline)", None),
        ("BitInt, N = 2..=101", Some(2)),
        ("BitInt, N = 4000..=4099", Some(4000)),
        ("BitInt, N = 100000..=100099", Some(100_000)),
    ];
    for (index, (name, first_width)) in variants.iter().enumerate() {
        let ty = |k: u32| {
            first_width.map_or_else(|| "u64".to_owned(), |first: u32| width_type(first + k))
        };
        let dir = work.join(format!("user{index}"));
        std::fs::create_dir_all(dir.join("src")).map_err(|e| e.to_string())?;
        std::fs::write(
            dir.join("Cargo.toml"),
            format!(
                "[package]\nname = \"user{index}\"\nversion = \"0.0.0\"\nedition = \"2024\"\n\n[dependencies]\nabi-core = {{ path = \"{}\" }}\n\n[workspace]\n",
                root.join("abi-core").display()
            ),
        )
        .map_err(|e| e.to_string())?;
        let mut source = String::from("#![allow(unused_imports)]\nuse abi_core::bitint::BitInt;\n");
        for k in 0..100 {
            let t = ty(k);
            source.push_str(&format!(
                "pub fn f{k}(a: {t}, b: {t}) -> ({t}, String) {{ (a.wrapping_mul(b).wrapping_add(a) ^ (b >> 3), a.to_string()) }}\n"
            ));
        }
        std::fs::write(dir.join("src/lib.rs"), source).map_err(|e| e.to_string())?;
        // Dependencies first, then the user crate alone, clean.
        let target = work.join(format!("user{index}-target"));
        timed(&dir, &["build", "--quiet"], &target)?;
        let _ = Command::new("touch").arg(dir.join("src/lib.rs")).status();
        rows.push((
            name.to_string(),
            timed(&dir, &["build", "--quiet"], &target)?,
        ));
    }
    println!("| what | debug build, wall seconds |");
    println!("|---|---:|");
    println!("| abi-core with its dependencies, clean | {core_clean:.2} |");
    println!("| abi-core alone (dependencies built) | {core_alone:.2} |");
    for (name, seconds) in rows {
        println!("| user crate, 100 functions on {name} | {seconds:.2} |");
    }
    Ok(())
}

fn width_type(bits: u32) -> String {
    if bits <= 256 {
        format!("BitInt<{bits}>")
    } else {
        format!("abi_core::bitint!({bits})")
    }
}

/// A Verilator installation: Debian's on PATH, or the newer build of the
/// PyPI `verilator` wheel, run with its own `VERILATOR_ROOT`.
pub(crate) struct Verilator {
    /// How it is named in reports and build directories.
    pub(crate) name: String,
    program: std::path::PathBuf,
    root: Option<std::path::PathBuf>,
}

impl Verilator {
    /// Debian's `verilator` on PATH.
    pub(crate) fn debian() -> Verilator {
        Verilator {
            name: "debian".to_owned(),
            program: "verilator".into(),
            root: None,
        }
    }

    /// The build under `root` (a PyPI wheel's `verilator` package).
    pub(crate) fn at(name: &str, root: std::path::PathBuf) -> Verilator {
        Verilator {
            name: name.to_owned(),
            program: root.join("bin/verilator"),
            root: Some(root),
        }
    }

    fn command(&self) -> Command {
        let mut command = Command::new(&self.program);
        if let Some(root) = &self.root {
            command.env("VERILATOR_ROOT", root);
        }
        command
    }

    /// Its runtime's sources and headers.
    fn include(&self) -> std::path::PathBuf {
        match &self.root {
            Some(root) => root.join("include"),
            None => "/usr/share/verilator/include".into(),
        }
    }

    /// Where its `svdpi.h` is.
    fn vltstd(&self) -> std::path::PathBuf {
        self.include().join("vltstd")
    }

    /// `verilator --version`.
    fn version(&self) -> Result<String, String> {
        let output = self
            .command()
            .arg("--version")
            .output()
            .map_err(|e| format!("cannot run {}: {e}", self.program.display()))?;
        let version = String::from_utf8_lossy(&output.stdout).trim().to_owned();
        let header = self
            .root
            .as_ref()
            .and_then(|root| std::fs::read_to_string(root.join("include/verilated_config.h")).ok())
            .and_then(|text| {
                text.lines().find_map(|l| {
                    l.strip_prefix("#define VERILATOR_VERSION \"")
                        .map(|v| v.trim_end_matches('"').to_owned())
                })
            });
        Ok(match header {
            Some(v) => format!("{version} (verilated_config.h: {v})"),
            None => version,
        })
    }
}

/// The DPI testbench on every Verilator: Debian's 5.006 and PyPI's newest
/// build (installed into the python-tools venv).
fn dpi_in_verilator() -> Result<(), String> {
    if !has_command("verilator") {
        eprintln!("SKIPPED: verilator is not installed");
        return Ok(());
    }
    let mut versions = vec![Verilator::debian()];
    versions.extend(python_tools::pypi_verilator()?);
    for verilator in &versions {
        println!("Verilator `{}`: {}", verilator.name, verilator.version()?);
        lint_generated(verilator)?;
        dpi_testbench(verilator)?;
        logic_oracle(verilator)?;
    }
    readme_recipes::verilator_recipe()?;
    readme_recipes::generation_recipe()
}

/// `verilator --lint-only -Wall` on the generated packages: clean but for
/// `shortreal` (the manual's Verilator recipe, docs/src/dpi.md, passes `-Wno-SHORTREAL`).
fn lint_generated(verilator: &Verilator) -> Result<(), String> {
    for package in [
        "c-tests/sv/generated/abi_dpi.sv",
        "examples/generated/abi_examples_dpi.sv",
    ] {
        let mut lint = verilator.command();
        lint.args(["--lint-only", "-Wall", "-Wno-SHORTREAL", package]);
        sanitizers::run(
            lint,
            &format!(
                "verilator `{}` --lint-only -Wall on {package}",
                verilator.name
            ),
        )?;
    }
    println!(
        "Verilator `{}` --lint-only -Wall -Wno-SHORTREAL: the generated packages are clean",
        verilator.name
    );
    Ok(())
}

/// `LogicVec`'s 4-state encoding against the simulator's own svdpi
/// utilities (`c-tests/c/logic_oracle.cpp`, built with this Verilator's
/// runtime and linked to the c-tests library).
fn logic_oracle(verilator: &Verilator) -> Result<(), String> {
    let library = c_tests_archive()?;
    let include = verilator.include();
    let program = std::path::Path::new("target/verilator")
        .join(&verilator.name)
        .join("logic_oracle");
    let mut build = Command::new("g++");
    build
        .args(["-std=c++17", "-O1"])
        .arg(format!("-I{}", include.display()))
        .arg(format!("-I{}", verilator.vltstd().display()))
        .arg("c-tests/c/logic_oracle.cpp")
        .args(
            [
                "verilated_dpi.cpp",
                "verilated.cpp",
                "verilated_threads.cpp",
            ]
            .map(|file| include.join(file)),
        )
        .arg(&library)
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&program);
    sanitizers::run(
        build,
        &format!(
            "building the 4-state oracle against Verilator `{}`",
            verilator.name
        ),
    )?;
    let output = Command::new(&program)
        .output()
        .map_err(|e| format!("cannot run the 4-state oracle: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !(output.status.success() && stdout.contains("LOGIC OK")) {
        return Err(format!(
            "LogicVec disagrees with Verilator `{}`'s svdpi 4-state utilities: {stdout}",
            verilator.name
        ));
    }
    print!("Verilator `{}`: {stdout}", verilator.name);
    Ok(())
}

/// Build c-tests as a staticlib, verilate the generated DPI package (which
/// a test keeps equal to the registry) with the testbench `sv/dpi_tb.sv`,
/// link, and run the simulation: the testbench `$fatal`s on any mismatch.
fn dpi_testbench(verilator: &Verilator) -> Result<(), String> {
    let root = std::env::current_dir().map_err(|e| e.to_string())?;
    let obj = root
        .join("target/verilator")
        .join(&verilator.name)
        .join("dpi");
    let sv = root.join("c-tests/sv");
    let generated = sv.join("generated");
    let simulation = verilate(
        verilator,
        "dpi_tb",
        &[generated.join("abi_dpi.sv"), sv.join("dpi_tb.sv")],
        &obj,
        None,
        None,
    )?;
    // The C declarations abi-core generates must be identical to the ones
    // Verilator generates: C++ rejects an `extern "C"` redeclaration with
    // any other type (even `int8_t` for `char`).
    let check = obj.join("prototypes_match.cpp");
    std::fs::write(
        &check,
        "#include \"Vdpi_tb__Dpi.h\"\n#include \"abi_dpi.h\"\n",
    )
    .map_err(|e| e.to_string())?;
    let status = Command::new("g++")
        .args(["-std=c++17", "-fsyntax-only", "-Wall", "-Wextra", "-Werror"])
        .arg(format!("-I{}", verilator.vltstd().display()))
        .arg(format!("-I{}", obj.display()))
        .arg(format!("-I{}", generated.display()))
        .arg(&check)
        .status()
        .map_err(|e| format!("cannot run g++: {e}"))?;
    if !status.success() {
        return Err(format!(
            "abi_dpi.h does not declare the imports exactly as Verilator `{}`'s Vdpi_tb__Dpi.h",
            verilator.name
        ));
    }
    // Every function of one header is declared in the other, so the
    // compile above compared each prototype (a mismatch is a "conflicting
    // declaration" naming the function).
    let ours = declared_functions(&generated.join("abi_dpi.h"))?;
    let theirs = declared_functions(&obj.join("Vdpi_tb__Dpi.h"))?;
    if ours != theirs {
        return Err(format!(
            "abi_dpi.h and Verilator `{}`'s Vdpi_tb__Dpi.h declare different functions: only ours {:?}, only Verilator's {:?}",
            verilator.name,
            ours.difference(&theirs).collect::<Vec<_>>(),
            theirs.difference(&ours).collect::<Vec<_>>()
        ));
    }
    println!(
        "DPI prototypes: all {} of abi_dpi.h identical to Verilator `{}`'s Vdpi_tb__Dpi.h",
        ours.len(),
        verilator.name
    );

    let output = Command::new(&simulation)
        .output()
        .map_err(|e| format!("cannot run the simulation: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    print!("{stdout}");
    eprint!("{}", String::from_utf8_lossy(&output.stderr));
    if !(output.status.success() && stdout.contains("DPI OK:")) {
        return Err(format!(
            "the DPI simulation in Verilator `{}` failed ({})",
            verilator.name, output.status
        ));
    }
    panic_in_verilator(verilator, &root, &sv)
}

/// The names of the functions a C header declares (one declaration per
/// line, as both abi-core and Verilator write them).
fn declared_functions(
    header: &std::path::Path,
) -> Result<std::collections::BTreeSet<String>, String> {
    let text = std::fs::read_to_string(header)
        .map_err(|e| format!("cannot read {}: {e}", header.display()))?;
    Ok(text
        .lines()
        .map(str::trim_start)
        .filter(|line| {
            line.ends_with(");")
                && !line.starts_with(['#', '/', '*'])
                && !line.starts_with("typedef")
        })
        .filter_map(|line| {
            let name = line.split('(').next()?.rsplit([' ', '*']).next()?;
            (!name.is_empty()).then(|| name.to_owned())
        })
        .collect())
}

/// A Rust import that panics inside a Verilator simulation (a C++ `main`
/// that catches nothing): the simulation must abort with the report naming
/// the import.
fn panic_in_verilator(
    verilator: &Verilator,
    root: &std::path::Path,
    sv: &std::path::Path,
) -> Result<(), String> {
    use std::os::unix::process::ExitStatusExt;
    let simulation = verilate(
        verilator,
        "panic_tb",
        // The package of the panicking module only (`Registry::for_module`).
        &[sv.join("generated/panic_dpi.sv"), sv.join("panic_tb.sv")],
        &root
            .join("target/verilator")
            .join(&verilator.name)
            .join("panic"),
        None,
        None,
    )?;
    let output = Command::new(&simulation)
        .output()
        .map_err(|e| format!("cannot run the panic simulation: {e}"))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    let report = "dpi_panics` (C symbol `dpi_panics`) panicked: dpi_panics was called with 3";
    if output.status.signal() == Some(6) && stderr.contains(report) {
        println!(
            "DPI panic: the simulation in Verilator `{}` aborted with the report naming `dpi_panics`",
            verilator.name
        );
        Ok(())
    } else {
        Err(format!(
            "a panicking import in Verilator ended with {} instead of SIGABRT and the report; stderr:\n{stderr}",
            output.status
        ))
    }
}

/// Build c-tests as a `staticlib` (release), verilate `top` from the
/// generated package `abi_dpi.sv` and `sources` (SystemVerilog, and C files
/// Verilator compiles with the model) into `obj`, and link the archive.
/// `c_optimisation` replaces Verilator's default `-Os` for the model and
/// those C files; `cxx` replaces Verilator's compiler (g++) for compiling
/// and linking them. Returns the simulation binary.
fn verilate(
    verilator: &Verilator,
    top: &str,
    sources: &[std::path::PathBuf],
    obj: &std::path::Path,
    c_optimisation: Option<&str>,
    cxx: Option<&str>,
) -> Result<std::path::PathBuf, String> {
    let library = c_tests_archive()?;
    let root = std::env::current_dir().map_err(|e| e.to_string())?;
    let generated = root.join("c-tests/sv/generated");
    std::fs::create_dir_all(obj).map_err(|e| e.to_string())?;
    // Verilator's makefile does not know the Rust archive: without this, a
    // changed archive would not be linked again.
    let binary = obj.join(format!("V{top}"));
    let _ = std::fs::remove_file(&binary);
    // `-rdynamic` and `-u` flags generated from the registry (a golden file
    // kept equal to it by a test), so that abi-core finds the scope
    // functions and the exports at run time.
    let link_flags = std::fs::read_to_string(generated.join("abi_dpi.ldflags"))
        .map_err(|e| format!("cannot read abi_dpi.ldflags: {e}"))?;
    let status = verilator
        .command()
        .args([
            "--binary",
            "-j",
            "2",
            "--quiet-exit",
            "-Wno-fatal",
            "--top-module",
            top,
            "--Mdir",
        ])
        .arg(obj)
        .args(c_optimisation.into_iter().flat_map(|flag| {
            [
                "-MAKEFLAGS".to_owned(),
                format!("OPT_FAST={flag} OPT_GLOBAL={flag}"),
            ]
        }))
        .args(
            cxx.into_iter()
                .flat_map(|cxx| ["-MAKEFLAGS".to_owned(), format!("CXX={cxx} LINK={cxx}")]),
        )
        // `include "abi_dpi_exports.svh"` resolves in the generated files.
        .arg(format!("-I{}", generated.display()))
        .args(sources)
        .args(
            link_flags
                .split_whitespace()
                .flat_map(|flag| ["-LDFLAGS", flag]),
        )
        .arg("-LDFLAGS")
        // The archive by absolute path, grouped with the model so that
        // symbols resolve in both directions (exports called from Rust).
        .arg(format!(
            "-Wl,--start-group {} V{top}__ALL.a -Wl,--end-group",
            library.display()
        ))
        .stdout(std::process::Stdio::null())
        .status()
        .map_err(|e| format!("cannot run verilator: {e}"))?;
    if !status.success() {
        return Err(format!("verilator failed ({status})"));
    }
    Ok(binary)
}

/// Build c-tests as a static archive (release) and return its path: what
/// a C program with its own `main`, or a simulator, links.
fn c_tests_archive() -> Result<std::path::PathBuf, String> {
    cargo(&[
        "build",
        "--quiet",
        "--release",
        "--package",
        "c-tests",
        "--lib",
    ])?;
    // Where cargo put it: `CARGO_TARGET_DIR` when set, else `target/`.
    let target = match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => std::path::PathBuf::from(dir),
        None => std::env::current_dir()
            .map_err(|e| e.to_string())?
            .join("target"),
    };
    Ok(target.join("release/libc_tests.a"))
}

fn step(name: &str) {
    eprintln!("\n==> {name}");
}

fn cargo(args: &[&str]) -> Result<(), String> {
    cargo_with_env(args, &[])
}

fn cargo_with_env(args: &[&str], env: &[(String, String)]) -> Result<(), String> {
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

fn has_command(command: &str) -> bool {
    Command::new(command)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Install the missing tools with apt-get (as root, or through sudo).
fn ensure_tools(tools: &[Tool]) -> Result<(), String> {
    let missing: Vec<&Tool> = tools.iter().filter(|t| !t.present()).collect();
    if missing.is_empty() {
        return Ok(());
    }
    let mut packages: Vec<&str> = missing.iter().map(|t| t.package).collect();
    packages.sort_unstable();
    packages.dedup();
    eprintln!(
        "xtask: installing missing Debian packages: {}",
        packages.join(" ")
    );
    let installed = apt_get(&["update", "-qq"]) && {
        let mut args = vec!["install", "-y", "-qq", "--no-install-recommends"];
        args.extend(&packages);
        apt_get(&args)
    };
    let still_missing: Vec<&&Tool> = missing.iter().filter(|t| !t.present()).collect();
    if still_missing.is_empty() {
        return Ok(());
    }
    let report: Vec<String> = still_missing
        .iter()
        .map(|t| {
            format!(
                "`{}` (package {}, needed for {})",
                t.command, t.package, t.needed_for
            )
        })
        .collect();
    let message = format!(
        "missing after {}: {}",
        if installed {
            "installing"
        } else {
            "a failed apt-get"
        },
        report.join(", ")
    );
    if under_ci() {
        Err(message)
    } else {
        eprintln!("xtask: WARNING: {message}; the tests that need them will report SKIPPED");
        Ok(())
    }
}

fn apt_get(args: &[&str]) -> bool {
    let is_root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    let mut command = if is_root {
        Command::new("apt-get")
    } else {
        let mut sudo = Command::new("sudo");
        sudo.args(["-n", "apt-get"]);
        sudo
    };
    command.args(args).env("DEBIAN_FRONTEND", "noninteractive");
    command.status().is_ok_and(|s| s.success())
}

/// The c-tests unit-test binary (built if needed).
fn c_tests_executable() -> Result<String, String> {
    let cargo_bin = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(&cargo_bin)
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
