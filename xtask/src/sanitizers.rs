//! The dynamic checkers that need a nightly toolchain: Miri, ThreadSanitizer
//! and cargo fuzz (libFuzzer with AddressSanitizer). The toolchain and its
//! components are installed here, by the project, when missing.

use std::process::Command;

use crate::under_ci;

/// `cargo` of the nightly toolchain (through rustup, whatever toolchain
/// runs the xtask), with `args` and `env`.
pub(crate) fn nightly_cargo(args: &[&str], env: &[(&str, &str)]) -> Command {
    let mut command = Command::new("rustup");
    command
        .args(["run", NIGHTLY, "cargo"])
        .args(args)
        // Set for the xtask by the stable toolchain; they would pin it.
        .env_remove("RUSTUP_TOOLCHAIN")
        .env_remove("RUSTC")
        .env_remove("CARGO")
        .envs(env.iter().copied());
    command
}

pub(crate) fn run(mut command: Command, what: &str) -> Result<(), String> {
    let status = command
        .status()
        .map_err(|e| format!("cannot run {what}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({status})"))
    }
}

/// The nightly toolchain the checkers use.
const NIGHTLY: &str = "nightly";

/// Seconds each fuzz target runs in `cargo xtask test` (7 targets).
const FUZZ_SECONDS: u32 = 20;

/// The fuzz targets (`fuzz/fuzz_targets/<name>.rs`).
const FUZZ_TARGETS: [&str; 7] = [
    "memref_descriptor",
    "unranked_memref",
    "str_conversion",
    "bitint_bytes",
    "packed_bits",
    "chandle_table",
    "signature_json",
];

/// Install the nightly toolchain with `components` when missing. Outside CI
/// a failure is reported and the caller skips; under CI it fails.
pub(crate) fn nightly_with(components: &[&str]) -> Result<bool, String> {
    let installed = Command::new("rustup")
        .args(["component", "list", "--installed", "--toolchain", NIGHTLY])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned());
    let missing = match &installed {
        None => true,
        Some(list) => components
            .iter()
            .any(|c| !list.lines().any(|l| l.starts_with(c))),
    };
    if missing {
        eprintln!("xtask: installing the {NIGHTLY} toolchain with {components:?}");
        let mut install = Command::new("rustup");
        install.args(["toolchain", "install", NIGHTLY, "--profile", "minimal"]);
        for c in components {
            install.args(["--component", c]);
        }
        let ok = install.status().is_ok_and(|s| s.success());
        if !ok {
            let message = format!("cannot install the {NIGHTLY} toolchain with {components:?}");
            if under_ci() {
                return Err(message);
            }
            eprintln!("SKIPPED: {message}");
            return Ok(false);
        }
    }
    Ok(true)
}

/// Miri over abi-core's unit tests, the replay of the boundary attacks
/// that end in a status (`abi-core/tests/boundary_replay.rs`) and the safe
/// API used the way users write code (`abi-core/tests/safe_api.rs`), under
/// Stacked Borrows; then the replay and the safe API again under Tree
/// Borrows, the other aliasing model (a library sound under one but not
/// the other would break with the model rustc settles on). Any report of
/// undefined behaviour fails the run.
pub(crate) fn miri() -> Result<(), String> {
    if !nightly_with(&["miri", "rust-src"])? {
        return Ok(());
    }
    run(
        nightly_cargo(
            &[
                "miri",
                "test",
                "--quiet",
                "--package",
                "abi-core",
                "--lib",
                "--test",
                "boundary_replay",
                "--test",
                "safe_api",
            ],
            &[],
        ),
        "Miri (Stacked Borrows)",
    )?;
    run(
        nightly_cargo(
            &[
                "miri",
                "test",
                "--quiet",
                "--package",
                "abi-core",
                "--test",
                "boundary_replay",
                "--test",
                "safe_api",
            ],
            &[("MIRIFLAGS", "-Zmiri-tree-borrows")],
        ),
        "Miri (Tree Borrows)",
    )
}

/// ThreadSanitizer over the concurrent tests of abi-core (the chandle
/// table, the registry, shims called from several threads), with the
/// standard library rebuilt instrumented (no false reports from it).
pub(crate) fn thread_sanitizer() -> Result<(), String> {
    if !nightly_with(&["rust-src"])? {
        return Ok(());
    }
    let target = host_target()?;
    run(
        nightly_cargo(
            &[
                "test",
                "--quiet",
                "-Zbuild-std",
                "--target",
                &target,
                "--target-dir",
                "target/tsan",
                "--package",
                "abi-core",
                "--lib",
                "--test",
                "boundary_replay",
                "--",
                "chandle",
                "concurrent",
            ],
            &[
                ("RUSTFLAGS", "-Zsanitizer=thread"),
                ("RUSTDOCFLAGS", "-Zsanitizer=thread"),
                ("TSAN_OPTIONS", "halt_on_error=1"),
            ],
        ),
        "ThreadSanitizer",
    )
}

/// Every fuzz target for [`FUZZ_SECONDS`], from the committed seeds in
/// `fuzz/seeds/<target>` (new inputs go to `target/fuzz-corpus/<target>`,
/// so the tree stays clean). A crash fails the run; the input is left in
/// `fuzz/artifacts/<target>/` to become a regression test.
pub(crate) fn fuzz() -> Result<(), String> {
    if !nightly_with(&["rust-src"])? {
        return Ok(());
    }
    let has_fuzz = nightly_cargo(&["fuzz", "--version"], &[])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_fuzz {
        eprintln!("xtask: installing cargo-fuzz");
        let ok = Command::new("cargo")
            .args(["install", "--locked", "--quiet", "cargo-fuzz"])
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            if under_ci() {
                return Err("cannot install cargo-fuzz".to_owned());
            }
            eprintln!("SKIPPED: cannot install cargo-fuzz");
            return Ok(());
        }
    }
    let root = std::env::current_dir().map_err(|e| e.to_string())?;
    let mut summary = Vec::new();
    for target in FUZZ_TARGETS {
        let corpus = root.join("target/fuzz-corpus").join(target);
        std::fs::create_dir_all(&corpus).map_err(|e| e.to_string())?;
        let seeds = root.join("fuzz/seeds").join(target);
        let output = nightly_cargo(&["fuzz", "run", target], &[])
            .current_dir(root.join("fuzz"))
            .arg(&corpus)
            .arg(&seeds)
            .arg("--")
            .arg(format!("-max_total_time={FUZZ_SECONDS}"))
            // An input that runs this long is a hang: a finding.
            .arg("-timeout=10")
            .arg("-print_final_stats=1")
            .output()
            .map_err(|e| format!("cannot run cargo fuzz: {e}"))?;
        let stderr = String::from_utf8_lossy(&output.stderr);
        if !output.status.success() {
            eprintln!("{stderr}");
            return Err(format!("fuzz target {target} failed ({})", output.status));
        }
        let stat = |name: &str| {
            stderr
                .lines()
                .find_map(|l| l.strip_prefix(&format!("stat::{name}:")))
                .map_or("?".to_owned(), |v| v.trim().to_owned())
        };
        summary.push(format!(
            "{target}: {} executions in {FUZZ_SECONDS} s, corpus {} inputs",
            stat("number_of_executed_units"),
            std::fs::read_dir(&corpus).map_or(0, |d| d.count())
        ));
    }
    for line in summary {
        println!("fuzz {line}");
    }
    Ok(())
}

fn host_target() -> Result<String, String> {
    let output = Command::new("rustc")
        .args(["-vV"])
        .output()
        .map_err(|e| format!("cannot run rustc: {e}"))?;
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .map(str::to_owned)
        .ok_or_else(|| "rustc -vV printed no host".to_owned())
}
