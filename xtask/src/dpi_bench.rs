//! DPI-C calls in Verilator: the generated Rust imports of c-tests against
//! hand-written C twins (`c-tests/sv/dpi_bench.c`), from the testbench
//! `c-tests/sv/dpi_bench.sv`.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

pub(crate) const METHOD: &str = "`c-tests/sv/dpi_bench.sv` calls a generated `#[dpi_import]` (Rust, release, one codegen unit) or its hand-written C twin (`c-tests/sv/dpi_bench.c`, compiled by Verilator with the model, at `-O3` like Rust's release profile instead of Verilator's default `-Os`, by g++ as Verilator does by default, and in a second model by clang-19, which like rustc is built on LLVM, another version) in a loop; both are linked into one Verilator 5 binary and print the same result, which is checked. Per call: instructions under callgrind, the difference between `+n=N0` and `+n=N0+N` runs over `N` (the SystemVerilog loop is in both). End to end: wall time of 10 million calls, the fastest of 7 runs of each (2 in quick mode), alternating.";

/// (name, case of the Rust import, case of its C twin).
const PAIRS: [(&str, u32, u32); 8] = [
    ("`int` add", 0, 1),
    (
        "`int` add with an `output int` and an `int` result (`a ^ b`)",
        12,
        13,
    ),
    ("`bit [127:0]` in, in, out (add)", 2, 3),
    ("open array sum, `int values[1024]`", 4, 5),
    (
        "open array `inout` beside an `input` one (overlap check), one element each",
        6,
        7,
    ),
    (
        "the same, the C twin also making the views' checks (index within `svLow`..`svHigh`, element inside the buffer `svGetArrayPtr`/`svSizeOfArray` report)",
        6,
        10,
    ),
    (
        "the same with the `inout` array alone (no overlap check)",
        8,
        9,
    ),
    (
        "the `inout` array alone, the C twin also making the view's checks",
        8,
        11,
    ),
];

pub(crate) fn run(root: &Path, quick: bool) -> Result<String, String> {
    let sv = root.join("c-tests/sv");
    let library = one_codegen_unit_archive(root)?;
    user_calls_inlined(root)?;
    let simulation = crate::verilator::verilate_with(
        &library,
        &crate::verilator::Verilator::debian(),
        "dpi_bench",
        &[
            sv.join("generated/abi_dpi.sv"),
            sv.join("dpi_bench.sv"),
            sv.join("dpi_bench.c"),
        ],
        // (The directory names the level: make does not rebuild objects
        // when only the flags change.)
        &root.join("target/verilator/bench-O3"),
        // The C twins at the optimisation level of Rust's release profile.
        Some("-O3"),
        None,
    )?;
    // The same model compiled by clang-19: its C twins then go through
    // LLVM like the Rust functions (another version of it), which separates
    // what the shims cost from what g++ and LLVM make of the user's loop.
    let simulation_clang = crate::verilator::verilate_with(
        &library,
        &crate::verilator::Verilator::debian(),
        "dpi_bench",
        &[
            sv.join("generated/abi_dpi.sv"),
            sv.join("dpi_bench.sv"),
            sv.join("dpi_bench.c"),
        ],
        &root.join("target/verilator/bench-O3-clang"),
        Some("-O3"),
        Some("clang++-19"),
    )?;
    let (base, extra) = if quick {
        (100, 1_000)
    } else {
        (1_000, 100_000)
    };
    let mut out =
        String::from("| call | generated Rust | hand-written C | ratio |\n|---|---:|---:|---:|\n");
    let clang_pairs = PAIRS.iter().map(|&(name, case, twin)| {
        let name = format!("{name}, model and C twin built by clang-19");
        (name, case, twin, &simulation_clang)
    });
    let pairs = PAIRS
        .iter()
        .map(|&(name, case, twin)| (name.to_owned(), case, twin, &simulation))
        .chain(clang_pairs);
    for (name, case, twin, simulation) in pairs {
        // Both members of the pair compute the same result.
        let rust = simulate(simulation, case, 1000)?;
        let c = simulate(simulation, twin, 1000)?;
        if rust != c {
            return Err(format!(
                "DPI benchmark {name}: Rust printed {rust:?}, C printed {c:?}"
            ));
        }
        let per_call = |case: u32| -> Result<f64, String> {
            let low = instructions(simulation, case, base)?;
            let high = instructions(simulation, case, base + extra)?;
            Ok((high - low) as f64 / extra as f64)
        };
        let (ours, theirs) = (per_call(case)?, per_call(twin)?);
        writeln!(
            out,
            "| {name} (instructions per call) | {ours:.1} | {theirs:.1} | {:.3} |",
            ours / theirs
        )
        .unwrap();
    }
    let calls: u64 = if quick { 100_000 } else { 10_000_000 };
    let wall = |case: u32| -> Result<f64, String> {
        let start = Instant::now();
        simulate(&simulation, case, calls)?;
        Ok(start.elapsed().as_secs_f64())
    };
    // Interleaved runs, the fastest of each: a run takes a few hundredths
    // of a second, so one disturbance would otherwise decide the ratio.
    let rounds = if quick { 2 } else { 7 };
    let (mut ours, mut theirs) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..rounds {
        ours = ours.min(wall(0)?);
        theirs = theirs.min(wall(1)?);
    }
    writeln!(
        out,
        "| {calls} `int` add calls, whole simulation (wall seconds, fastest of {rounds} interleaved runs) | {ours:.3} | {theirs:.3} | {:.3} |",
        ours / theirs
    )
    .unwrap();
    Ok(out)
}

/// c-tests' static archive built in release with one codegen unit, in a
/// target directory of its own (the workspace's release builds keep
/// theirs): the setting users pick for the fastest code, and the one in
/// which a small crate's import with an input, an output and a result
/// once called the user's function out of line (`user_calls_inlined`).
/// Every row is measured with it.
fn one_codegen_unit_archive(root: &Path) -> Result<std::path::PathBuf, String> {
    let target = root.join("target/bench-one-codegen-unit");
    crate::cargo_with_env(
        &crate::verilator::C_TESTS_ARCHIVE,
        &[
            ("CARGO_TARGET_DIR".to_owned(), target.display().to_string()),
            (
                "CARGO_PROFILE_RELEASE_CODEGEN_UNITS".to_owned(),
                "1".to_owned(),
            ),
        ],
    )?;
    Ok(target.join("release/libc_tests.a"))
}

/// The shapes of `#[dpi_import]` whose user call LLVM once left out of
/// line with one codegen unit (an input, an output and a result: in a
/// crate this small; c-tests, built the same way, did not show it), and
/// neighbours that were always inlined.
const INLINING_PROBE: &str = "use abi_core::dpi_import;

#[dpi_import]
pub fn probe_vc(a: i32, out: &mut i64) {
    *out = i64::from(a) * 3;
}

#[dpi_import]
pub fn probe_vcr(a: i32, out: &mut i64) -> i32 {
    *out = i64::from(a) * 3;
    a
}

#[dpi_import]
pub fn probe_vvcr(a: i32, b: i32, sum: &mut i32) -> i32 {
    *sum = a.wrapping_add(b);
    a ^ b
}

#[dpi_import]
pub fn probe_vr(a: i32, b: i32) -> i32 {
    a.wrapping_add(b)
}
";

/// Build `INLINING_PROBE` as a release static library with one codegen
/// unit and check, in its disassembly, that every shim's fast path (up to
/// its first `ret`) calls nothing: the user's function is inlined.
fn user_calls_inlined(root: &Path) -> Result<(), String> {
    if !cfg!(target_arch = "x86_64") {
        return Err("the inlining check reads x86-64 disassembly".to_owned());
    }
    let target = root.join("target/bench-one-codegen-unit");
    let dir = target.join("inlining-probe");
    std::fs::create_dir_all(dir.join("src")).map_err(|e| e.to_string())?;
    std::fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[package]\nname = \"inlining-probe\"\nversion = \"0.0.0\"\nedition = \"2024\"\n\n[lib]\ncrate-type = [\"staticlib\"]\n\n[dependencies]\nabi-core = {{ path = {:?} }}\n\n[workspace]\n",
            root.join("abi-core").display().to_string()
        ),
    )
    .map_err(|e| e.to_string())?;
    std::fs::write(dir.join("src/lib.rs"), INLINING_PROBE).map_err(|e| e.to_string())?;
    crate::cargo_with_env(
        &[
            "build",
            "--quiet",
            "--release",
            "--manifest-path",
            &dir.join("Cargo.toml").display().to_string(),
        ],
        &[
            ("CARGO_TARGET_DIR".to_owned(), target.display().to_string()),
            (
                "CARGO_PROFILE_RELEASE_CODEGEN_UNITS".to_owned(),
                "1".to_owned(),
            ),
        ],
    )?;
    let archive = target.join("release/libinlining_probe.a");
    let output = Command::new("objdump")
        .args(["-d", "--no-show-raw-insn"])
        .arg(&archive)
        .output()
        .map_err(|e| format!("cannot run objdump: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "objdump {} failed: {}",
            archive.display(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let shims = ["probe_vc", "probe_vcr", "probe_vvcr", "probe_vr"];
    for shim in shims {
        let fast_path = fast_path(&text, shim)
            .ok_or_else(|| format!("no shim `{shim}` with a `ret` in {}", archive.display()))?;
        if let Some(call) = fast_path.iter().find(|line| line.contains("call")) {
            return Err(format!(
                "the shim `{shim}` (release, one codegen unit) calls out on its fast path, its user function is not inlined: `{}`\n{}",
                call.trim(),
                fast_path.join("\n")
            ));
        }
    }
    Ok(())
}

/// The instructions of the function `symbol` in `objdump -d` output, up
/// to and including its first `ret`.
fn fast_path<'a>(disassembly: &'a str, symbol: &str) -> Option<Vec<&'a str>> {
    let header = format!("<{symbol}>:");
    let mut lines = disassembly
        .lines()
        .skip_while(|line| !line.ends_with(&header))
        .skip(1);
    let mut path = Vec::new();
    for line in lines.by_ref() {
        if line.trim().is_empty() {
            return None;
        }
        path.push(line);
        if line.split_whitespace().nth(1) == Some("ret") {
            return Some(path);
        }
    }
    None
}

/// Run the simulation and return its result line.
fn simulate(simulation: &Path, case: u32, calls: u64) -> Result<String, String> {
    let output = Command::new(simulation)
        .arg(format!("+case={case}"))
        .arg(format!("+n={calls}"))
        .output()
        .map_err(|e| format!("cannot run {}: {e}", simulation.display()))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let line = stdout.lines().find(|l| l.starts_with("DPI BENCH"));
    match (output.status.success(), line) {
        (true, Some(line)) => Ok(line.to_owned()),
        _ => Err(format!(
            "the DPI benchmark simulation failed ({}):\n{stdout}{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        )),
    }
}

/// Instructions callgrind counts for one simulation run.
fn instructions(simulation: &Path, case: u32, calls: u64) -> Result<u64, String> {
    let out_file = std::env::temp_dir().join(format!("dpi-bench-{}.out", std::process::id()));
    let output = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out_file.display()))
        .arg(simulation)
        .arg(format!("+case={case}"))
        .arg(format!("+n={calls}"))
        .output()
        .map_err(|e| format!("cannot run valgrind: {e}"))?;
    let _ = std::fs::remove_file(&out_file);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        return Err(format!("callgrind run failed:\n{stderr}"));
    }
    stderr
        .lines()
        .find_map(|line| line.split("Collected :").nth(1))
        .and_then(|n| n.trim().parse().ok())
        .ok_or_else(|| format!("no instruction total in callgrind output:\n{stderr}"))
}
