//! CIRCT itself checks the `sim.func.dpi` declarations abi-core generates:
//! the PyPI `circt` package (Python bindings, wheels for CPython 3.13 and
//! 3.14 only) in a virtual environment under `target/`, driven by
//! `tools/check_circt.py`.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::sanitizers::run;

/// The CIRCT release the check is written against (its known deviations
/// from the standard are listed in `tools/check_circt.py`).
const CIRCT_VERSION: &str = "1.162.0";

/// Parse, verify, lower and export c-tests' declarations with CIRCT and
/// compare its `import "DPI-C"` lines with c-tests' SystemVerilog package.
pub(crate) fn check_declarations() -> Result<(), String> {
    let Some(python) = venv_python()? else {
        return Ok(());
    };
    let mut check = Command::new(&python);
    check.args([
        "tools/check_circt.py",
        "c-tests/sv/abi_dpi.mlir",
        "c-tests/sv/abi_dpi.sv",
    ]);
    run(check, "CIRCT's check of the sim.func.dpi declarations")
}

/// The venv's Python with `circt` installed, creating both when needed;
/// `None` (skipped, said so) when no CPython 3.13 or 3.14 exists outside
/// CI, an error under CI.
fn venv_python() -> Result<Option<PathBuf>, String> {
    let venv = Path::new("target/circt-venv");
    let python = venv.join("bin/python");
    let installed = || {
        Command::new(&python)
            .args([
                "-c",
                &format!(
                    "import importlib.metadata as m, circt; assert m.version('circt') == '{CIRCT_VERSION}'"
                ),
            ])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if installed() {
        return Ok(Some(python));
    }
    let Some(base) = python_313() else {
        let message = "CIRCT's Python bindings need CPython 3.13 or 3.14 (pyenv's 3.13, or python3.13 on PATH); none found";
        if crate::under_ci() {
            return Err(message.to_owned());
        }
        eprintln!("SKIPPED: {message}");
        return Ok(None);
    };
    eprintln!(
        "xtask: installing circt {CIRCT_VERSION} from PyPI into {} (about 35 MB)",
        venv.display()
    );
    let mut create = Command::new(&base);
    create.args(["-m", "venv"]).arg(venv);
    run(create, "python -m venv")?;
    let mut install = Command::new(&python);
    install.args([
        "-m",
        "pip",
        "install",
        "--quiet",
        &format!("circt=={CIRCT_VERSION}"),
    ]);
    run(install, "pip install circt")?;
    if installed() {
        Ok(Some(python))
    } else {
        Err(format!(
            "circt {CIRCT_VERSION} is not importable from {} after installing it",
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
