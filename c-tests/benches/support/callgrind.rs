//! Counting instructions with valgrind's callgrind: deterministic for the
//! same binary and input, unlike wall time on a shared machine.

use std::path::Path;
use std::process::Command;

/// Total instructions callgrind counts for one run of `exe` with the
/// environment variable `child_var` set to `spec` (the benchmark re-executes
/// itself and runs one measured case when it sees that variable).
pub(crate) fn instructions(exe: &Path, child_var: &str, spec: &str) -> u64 {
    let out_file = std::env::temp_dir().join(format!("callgrind-{}.out", std::process::id()));
    let output = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out_file.display()))
        .arg(exe)
        .env(child_var, spec)
        .output()
        .expect("valgrind runs");
    let _ = std::fs::remove_file(&out_file);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "callgrind run failed:\n{stderr}");
    stderr
        .lines()
        .find_map(|line| line.split("Collected :").nth(1))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no instruction total in callgrind output:\n{stderr}"))
}

/// Instructions of one iteration: the difference between runs of `base`
/// and `base + extra` iterations, over `extra`, so start-up costs cancel.
pub(crate) fn per_iteration(
    exe: &Path,
    child_var: &str,
    spec: impl Fn(u64) -> String,
    base: u64,
    extra: u64,
) -> f64 {
    let low = instructions(exe, child_var, &spec(base));
    let high = instructions(exe, child_var, &spec(base + extra));
    (high - low) as f64 / extra as f64
}
