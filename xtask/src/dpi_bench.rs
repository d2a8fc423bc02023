//! DPI-C calls in Verilator: the generated Rust imports of c-tests against
//! hand-written C twins (`c-tests/sv/dpi_bench.c`), from the testbench
//! `c-tests/sv/dpi_bench.sv`.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

pub(crate) const METHOD: &str = "`c-tests/sv/dpi_bench.sv` calls a generated `#[dpi_import]` (Rust, release) or its hand-written C twin (`c-tests/sv/dpi_bench.c`, compiled by Verilator with the model, at `-O3` like Rust's release profile instead of Verilator's default `-Os`, by g++ as Verilator does by default, and in a second model by clang-19, which like rustc is built on LLVM, another version) in a loop; both are linked into one Verilator 5 binary and print the same result, which is checked. Per call: instructions under callgrind, the difference between `+n=N0` and `+n=N0+N` runs over `N` (the SystemVerilog loop is in both). End to end: wall time of 10 million calls, the fastest of 7 runs of each (2 in quick mode), alternating.";

/// (name, case of the Rust import, case of its C twin).
const PAIRS: [(&str, u32, u32); 7] = [
    ("`int` add", 0, 1),
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
    let simulation = crate::verilator::verilate(
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
    let simulation_clang = crate::verilator::verilate(
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
