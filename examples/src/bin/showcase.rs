//! The showcase: every system the project connects, each run for real and
//! checked, with a summary at the end.
//!
//! 1. Every foreign-side file of the `examples` crate, written from the
//!    registry in one call (`emit::Bundle`).
//! 2. A C11 program compiled against the generated header (`c/showcase.c`).
//! 3. A C23 program compiled by clang-19 (`c/bitint.c`) passing
//!    `_BitInt(N)` values to Rust.
//! 4. An MLIR kernel lowered by MLIR 19 (`mlir/kernels.mlir`, by
//!    `build.rs`), called from Rust with a strided view; it calls a Rust
//!    callback.
//! 5. A Verilator simulation (`sv/showcase_tb.sv`) in which SystemVerilog
//!    calls Rust reference models through the generated package, and one
//!    of them calls the testbench back.
//!
//! Run with `cargo xtask showcase` (which installs missing tools first) or
//! `cargo run -p examples --bin showcase`. `CC` picks the C11 compiler
//! (default `cc`), `CLANG` the C23 one (default `clang-19`), `VERILATOR`
//! the simulator (default `verilator`).

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

fn main() -> ExitCode {
    let started = Instant::now();
    match run() {
        Ok(summary) => {
            println!(
                "\nSummary ({:.1} s in all):",
                started.elapsed().as_secs_f64()
            );
            for step in summary {
                println!(
                    "  {:<20} {:>5.1} s  {}",
                    step.what, step.seconds, step.result
                );
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("showcase failed: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Where the build put things: the cdylib and staticlib, and the folder the
/// showcase writes to.
struct Places {
    library_dir: PathBuf,
    generated: PathBuf,
    sources: PathBuf,
}

/// A step of the tour: the names of what ran, and what it checked.
type Step = dyn Fn(&Places) -> Result<(String, String), String>;

/// One line of the summary.
struct StepResult {
    what: String,
    seconds: f64,
    result: String,
}

fn run() -> Result<Vec<StepResult>, String> {
    let places = places()?;
    let steps: [(&str, &str, &Step); 5] = [
        (
            "1",
            "Generated files (emit::Bundle, from the registry the linker gathered)",
            &generated_files,
        ),
        (
            "2",
            "C11: a program compiled against the header, linked to the cdylib",
            &c11_program,
        ),
        (
            "3",
            "C23: _BitInt(N) values passed to and returned from Rust",
            &c23_program,
        ),
        (
            "4",
            "MLIR 19: a lowered kernel called with a strided view, calling Rust back",
            &|_: &Places| mlir_kernel(),
        ),
        (
            "5",
            "SystemVerilog: a Verilator testbench calling Rust reference models",
            &verilator_simulation,
        ),
    ];
    let mut summary = Vec::new();
    for (number, heading, step) in steps {
        println!("\n{number}. {heading}");
        let started = Instant::now();
        let (what, result) = step(&places)?;
        summary.push(StepResult {
            what,
            seconds: started.elapsed().as_secs_f64(),
            result,
        });
    }
    Ok(summary)
}

fn places() -> Result<Places, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    // target/<profile>/showcase: the libraries are in deps/, and copied
    // next to the binary by `cargo build` but not by `cargo run`, so a
    // copy there can be older than the code: deps/ first.
    let profile_dir = exe.parent().ok_or("no parent folder")?.to_owned();
    let target_dir = profile_dir.parent().ok_or("no target folder")?.to_owned();
    let library_dir = [profile_dir.join("deps"), profile_dir.clone()]
        .into_iter()
        .find(|dir| dir.join("libexamples.so").exists() && dir.join("libexamples.a").exists())
        .ok_or_else(|| {
            format!(
                "libexamples.so and libexamples.a are in neither {} nor its deps/; run `cargo build -p examples`",
                profile_dir.display()
            )
        })?;
    // Shown relative to where the showcase runs, when it is below it.
    let generated = target_dir.join("abi-generated");
    let generated = std::env::current_dir()
        .ok()
        .and_then(|here| generated.strip_prefix(here).ok().map(Path::to_owned))
        .unwrap_or(generated);
    Ok(Places {
        library_dir,
        generated,
        sources: Path::new(env!("CARGO_MANIFEST_DIR")).to_owned(),
    })
}

fn generated_files(places: &Places) -> Result<(String, String), String> {
    let registry = examples::registry();
    let written = examples::bundle()
        .write(&registry, &places.generated)
        .map_err(|e| e.to_string())?;
    println!(
        "{} functions and {} struct registered by the `examples` crate; written to {}:",
        registry.functions().len(),
        registry.structs().len(),
        places.generated.display()
    );
    for path in &written {
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let lines = std::fs::read_to_string(path).map_or(0, |text| text.lines().count());
        println!("  {name:<32} {lines:>4} lines  {}", describe(&name));
    }
    Ok((
        "generated files".to_owned(),
        format!("{} files in {}", written.len(), places.generated.display()),
    ))
}

/// What a generated file is for, from its name.
fn describe(name: &str) -> &'static str {
    if name.ends_with("_dpi_exports.svh") {
        "SystemVerilog `export \"DPI-C\"` lines, to `include in the testbench"
    } else if name.ends_with("_dpi.sv") {
        "SystemVerilog package of `import \"DPI-C\"` declarations"
    } else if name.ends_with("_dpi.h") {
        "the DPI functions' C prototypes (Annex H types)"
    } else if name.ends_with(".ldflags") {
        "linker flags for the simulation"
    } else if name.ends_with("_dpi.mlir") {
        "CIRCT `sim.func.dpi` declarations"
    } else if name.ends_with(".abi.json") {
        "reflection: IREE-style ABI JSON of every function"
    } else if name.ends_with(".h") {
        "C header (C11; `_BitInt` declarations under C23)"
    } else {
        ""
    }
}

fn c11_program(places: &Places) -> Result<(String, String), String> {
    let flags = ["-std=c11", "-pedantic", "-Wall", "-Wextra", "-Werror"];
    c_program(places, ("CC", "cc"), &flags, "showcase.c", "C11")
}

fn c23_program(places: &Places) -> Result<(String, String), String> {
    let flags = [
        "-std=c23",
        "-O1",
        "-pedantic",
        "-Wall",
        "-Wextra",
        "-Werror",
    ];
    c_program(places, ("CLANG", "clang-19"), &flags, "bitint.c", "C23")
}

/// Compiles `c/<source>` against the generated header with the compiler
/// the environment variable names (or the default), links it to the
/// cdylib and runs it.
fn c_program(
    places: &Places,
    (variable, default): (&str, &str),
    flags: &[&str],
    source: &str,
    language: &str,
) -> Result<(String, String), String> {
    let compiler = std::env::var(variable).unwrap_or_else(|_| default.to_owned());
    let program = places
        .generated
        .join(format!("showcase_{}", language.to_lowercase()));
    println!(
        "compiling c/{source} with `{compiler} {}`, linking -lexamples",
        flags.join(" ")
    );
    let mut compile = Command::new(&compiler);
    compile
        .args(flags)
        .arg("-I")
        .arg(&places.generated)
        .arg(places.sources.join("c").join(source))
        .arg("-L")
        .arg(&places.library_dir)
        .arg("-lexamples")
        .arg(format!("-Wl,-rpath,{}", places.library_dir.display()))
        .arg("-o")
        .arg(&program);
    run_with_progress(&mut compile, "compiling")?;
    let last = run_program(&program)?;
    Ok((format!("{language} ({compiler})"), last))
}

fn mlir_kernel() -> Result<(String, String), String> {
    println!(
        "mlir/kernels.mlir was lowered by mlir-opt, mlir-translate and clang-19 when the crate was built (build.rs)"
    );
    // A row-major 4 x 3 matrix; the kernel sees one column through a
    // strided view of the matrix's own memory (stride 3, offset = column).
    let matrix: Vec<f32> = (1..=12).map(|x| x as f32).collect();
    let mut calls = 0;
    for (column, k, limit) in [(1, 2.0, 15.0), (0, 0.5, 100.0), (2, -1.0, -4.0)] {
        let (from_mlir, expected) =
            examples::kernels::scaled_column_sum_checked(&matrix, 3, column, k, limit)
                .map_err(|e| e.to_string())?;
        if from_mlir != expected {
            return Err(format!(
                "scaled_column_sum(column {column}, k {k}, limit {limit}) = {from_mlir}, Rust computes {expected}"
            ));
        }
        calls += 1;
        if column == 1 {
            println!(
                "scaled_column_sum(column 1 of [[1 2 3] [4 5 6] [7 8 9] [10 11 12]], k 2, limit 15) = {from_mlir} (clamped by Rust's clamp_in_rust)"
            );
        }
    }
    Ok((
        "MLIR 19 kernel".to_owned(),
        format!("{calls} calls with strided views, each equal to Rust's result"),
    ))
}

fn verilator_simulation(places: &Places) -> Result<(String, String), String> {
    let verilator = std::env::var("VERILATOR").unwrap_or_else(|_| "verilator".to_owned());
    let version = Command::new(&verilator)
        .arg("--version")
        .output()
        .map_err(|e| format!("cannot run {verilator}: {e}"))?;
    let version = String::from_utf8_lossy(&version.stdout).trim().to_owned();
    let build_dir = places.generated.join("showcase-verilator");
    // Verilator's make does not know the Rust archive changed: relink.
    let _ = std::fs::remove_file(build_dir.join("Vshowcase_tb"));
    let ldflags = std::fs::read_to_string(places.generated.join("abi_examples_dpi.ldflags"))
        .map_err(|e| e.to_string())?;
    let archive = places.library_dir.join("libexamples.a");
    let mut build = Command::new(&verilator);
    build
        .args([
            "--binary",
            "-j",
            "2",
            "--top-module",
            "showcase_tb",
            "--Mdir",
        ])
        .arg(&build_dir)
        .arg(format!("-I{}", places.generated.display()))
        .arg(places.generated.join("abi_examples_dpi.sv"))
        .arg(places.sources.join("sv/showcase_tb.sv"));
    for flag in ldflags.lines().filter(|l| !l.trim().is_empty()) {
        build.arg("-LDFLAGS").arg(flag);
    }
    build.arg("-LDFLAGS").arg(format!(
        "-Wl,--start-group {} Vshowcase_tb__ALL.a -Wl,--end-group",
        archive.display()
    ));
    println!("building sv/showcase_tb.sv with the generated package and libexamples.a ({version})");
    run_with_progress(&mut build, "building the simulation")?;
    let last = run_program(&build_dir.join("Vshowcase_tb"))?;
    let short_version = version
        .split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ");
    Ok((format!("SV ({short_version})"), last))
}

/// Runs a built program, prints what it printed, and returns its last line.
fn run_program(program: &Path) -> Result<String, String> {
    // `cargo run` puts target/<profile> on LD_LIBRARY_PATH, which wins over
    // the programs' rpath, and the libexamples.so there may be stale.
    let mut command = Command::new(program);
    command.env_remove("LD_LIBRARY_PATH");
    let output = run_with_progress(&mut command, "running")?;
    let text = String::from_utf8_lossy(&output);
    let mut last = String::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        // Verilator's own closing lines say nothing about the checks.
        if line.starts_with("- ") {
            continue;
        }
        println!("{line}");
        last = line.to_owned();
    }
    Ok(last
        .split_once(": ")
        .map_or(last.clone(), |(_, rest)| rest.to_owned()))
}

/// Runs a command, printing a line every few seconds while it runs; on
/// failure the error carries everything it printed.
fn run_with_progress(command: &mut Command, doing: &str) -> Result<Vec<u8>, String> {
    let program = command.get_program().to_string_lossy().into_owned();
    let started = Instant::now();
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {program}: {e}"))?;
    // Drain both pipes on threads so a chatty tool cannot block on a full
    // pipe while this thread waits.
    let mut stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let out = std::thread::spawn(move || {
        let mut buffer = Vec::new();
        std::io::Read::read_to_end(&mut stdout, &mut buffer).map(|_| buffer)
    });
    let err = std::thread::spawn(move || {
        let mut buffer = Vec::new();
        std::io::Read::read_to_end(&mut stderr, &mut buffer).map(|_| buffer)
    });
    let mut reported = Duration::ZERO;
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        let elapsed = started.elapsed();
        if elapsed >= reported + Duration::from_secs(10) {
            reported = elapsed;
            println!("  ... {doing} ({} s)", elapsed.as_secs());
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let stdout = out.join().expect("reader").map_err(|e| e.to_string())?;
    let stderr = err.join().expect("reader").map_err(|e| e.to_string())?;
    if status.success() {
        Ok(stdout)
    } else {
        Err(format!(
            "{program} exited with {status}:\n{}{}",
            String::from_utf8_lossy(&stdout),
            String::from_utf8_lossy(&stderr)
        ))
    }
}
