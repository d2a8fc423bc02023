//! The DPI-C flavours composed (issue #32): two crates in one build, one
//! of the standard's flavour (`xtask/flavours/std_model`, which chooses
//! nothing) and one of Verilator's (`vl_model`, by its build script), each
//! right with its own caller, and every mismatch refused with a message
//! naming the function and the fix:
//!
//! - a C `main` calls `std_model`'s `ieee_half(3.0f)` through its generated
//!   header and gets 1.5 (`float`, while `vl_model` in the same library
//!   takes `double`);
//! - each Verilator runs `vl_model`'s `vl_half` through its generated
//!   package;
//! - one package of both crates is refused by the emitter;
//! - the header of `std_model` does not link with a library in which
//!   `std_model` was built for Verilator (the marker symbol);
//! - a testbench with its own `import "DPI-C"` of the standard-flavoured
//!   `ieee_half` stops at the first call in each Verilator, and one with
//!   its own declarations of the export task `sv_tick` that
//!   `std_model::ieee_tick` calls stops at the wrapper's first call;
//! - `vl_model`'s `pure` import with an output (Verilator accepts it, the
//!   standard does not) is declared as written and runs in each Verilator.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::verilator::Verilator;

/// The refusal the linker prints for the header of `std_model` with a
/// library in which `ieee_half` was built for Verilator.
const REFUSED_LINK: &str = "abi_core_dpi_flavour__ieee_half__needs_library_built_for_ieee";

/// The run-time stop of the standard-flavoured `ieee_half` in Verilator.
const REFUSED_CALL: &str = "abi-core: DPI-C ABI mismatch: `std_model::ieee_half` (C symbol `ieee_half`) was built for the IEEE 1800 DPI-C ABI, but Verilator runs it";

/// The run-time stop of the standard-flavoured wrapper of the export task
/// `sv_tick` in Verilator.
const REFUSED_EXPORT: &str = "abi-core: DPI-C ABI mismatch: the wrapper of the SystemVerilog export `sv_tick` was built for the IEEE 1800 DPI-C ABI, but Verilator runs it";

pub(crate) fn two_crates(verilators: &[Verilator]) -> Result<(), String> {
    let root = std::env::current_dir().map_err(|e| e.to_string())?;
    let fixture = root.join("xtask/flavours");
    let work = root.join("target/flavours");
    let generated = work.join("generated");
    std::fs::create_dir_all(&generated).map_err(|e| e.to_string())?;

    let library = build(&fixture, &work.join("target"), false)?;
    run(
        cargo_command(&fixture, &work.join("target"), false)
            .args(["run", "--quiet", "--release", "--bin", "generate", "--"])
            .arg(&generated),
        "the generator of the two crates",
    )
    .and_then(|stdout| expect(&stdout, "one package would declare `std_model::ieee_half`"))?;
    let header =
        std::fs::read_to_string(generated.join("std_model_dpi.h")).map_err(|e| e.to_string())?;
    expect(&header, "float ieee_half(float x);")?;
    let vltstd = verilators
        .first()
        .ok_or("no Verilator to take svdpi.h from")?
        .vltstd();

    // The standard one, from C.
    let program = work.join("c_caller");
    let output = link_c_caller(&fixture, &generated, &vltstd, &library, &program)?;
    if !output.status.success() {
        return Err(format!(
            "the C caller did not link with the standard-flavoured library:\n{}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let printed = run(&mut Command::new(&program), "the C caller")?;
    expect(&printed, "ieee_half(3.0) = 1.5")?;
    print!("flavours: C caller via std_model's header: {printed}");

    // The Verilator one, in each Verilator; and the standard one under a
    // testbench's own imports, refused at its first call.
    for verilator in verilators {
        let obj = work.join(&verilator.name);
        let simulation = verilator.build_binary(
            "top",
            &[generated.join("vl_model_dpi.sv"), fixture.join("sv/top.sv")],
            &obj.join("top"),
            &library,
        )?;
        let printed = run(&mut Command::new(&simulation), "the vl_model simulation")?;
        expect(
            &printed,
            "VL OK: vl_half(3.0) = 1.500000, vl_divmod(17, 5) = 3 rem 2",
        )?;
        println!(
            "flavours: Verilator `{}`: {}",
            verilator.name,
            printed.trim()
        );

        for (top, refusal) in [
            ("own_imports", REFUSED_CALL),
            ("own_export", REFUSED_EXPORT),
        ] {
            let simulation = verilator.build_binary(
                top,
                &[fixture.join(format!("sv/{top}.sv"))],
                &obj.join(top),
                &library,
            )?;
            let output = Command::new(&simulation)
                .output()
                .map_err(|e| format!("cannot run {}: {e}", simulation.display()))?;
            let stderr = String::from_utf8_lossy(&output.stderr);
            let stdout = String::from_utf8_lossy(&output.stdout);
            if output.status.success() || !stderr.contains(refusal) {
                return Err(format!(
                    "Verilator `{}` ran {top}.sv, the testbench's own declarations of standard-flavoured functions, without the stop ({}):\n{stdout}{stderr}",
                    verilator.name, output.status
                ));
            }
            println!(
                "flavours: Verilator `{}`, {top}.sv: {}",
                verilator.name,
                stderr
                    .lines()
                    .find(|l| l.contains("mismatch"))
                    .unwrap_or_default()
            );
        }
    }

    // The header of the standard crate with a library in which that crate
    // was built for Verilator: refused at link time, naming the function.
    let flipped = build(&fixture, &work.join("target-flipped"), true)?;
    let output = link_c_caller(
        &fixture,
        &generated,
        &vltstd,
        &flipped,
        &work.join("c_caller_flipped"),
    )?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if output.status.success() || !stderr.contains(REFUSED_LINK) {
        return Err(format!(
            "the header of std_model linked with a library built for Verilator's flavour ({}):\n{stderr}",
            output.status
        ));
    }
    println!(
        "flavours: mismatched link refused: {}",
        stderr
            .lines()
            .find(|l| l.contains(REFUSED_LINK))
            .unwrap_or_default()
            .trim()
    );
    Ok(())
}

/// `cargo` on the fixture, in its own target folder; `flipped` builds
/// `std_model` for Verilator's flavour.
fn cargo_command(fixture: &Path, target: &Path, flipped: bool) -> Command {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let mut command = Command::new(cargo);
    command
        .current_dir(fixture)
        .env("CARGO_TARGET_DIR", target)
        .env_remove("FLAVOURS_STD_MODEL_FOR_VERILATOR");
    if flipped {
        command.env("FLAVOURS_STD_MODEL_FOR_VERILATOR", "1");
    }
    command
}

/// The static library of both crates.
fn build(fixture: &Path, target: &Path, flipped: bool) -> Result<PathBuf, String> {
    run(
        cargo_command(fixture, target, flipped).args([
            "build",
            "--quiet",
            "--release",
            "--package",
            "both",
            "--lib",
        ]),
        "building the two crates",
    )?;
    Ok(target.join("release/libboth.a"))
}

fn link_c_caller(
    fixture: &Path,
    generated: &Path,
    vltstd: &Path,
    library: &Path,
    program: &Path,
) -> Result<std::process::Output, String> {
    Command::new("cc")
        .args(["-std=c11", "-Wall", "-Wextra", "-Werror"])
        .arg(format!("-I{}", generated.display()))
        .arg(format!("-I{}", vltstd.display()))
        .arg(fixture.join("c/main.c"))
        .arg(library)
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(program)
        .output()
        .map_err(|e| format!("cannot run cc: {e}"))
}

/// Run `command`, returning its standard output; a failure is an error
/// with both outputs.
fn run(command: &mut Command, what: &str) -> Result<String, String> {
    let output = command
        .output()
        .map_err(|e| format!("cannot run {what}: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    if !output.status.success() {
        return Err(format!(
            "{what} failed ({}):\n{stdout}{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(stdout)
}

fn expect(text: &str, wanted: &str) -> Result<(), String> {
    if text.contains(wanted) {
        Ok(())
    } else {
        Err(format!("expected `{wanted}` in:\n{text}"))
    }
}
