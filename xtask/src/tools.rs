//! The foreign tools the tests need, each with the Debian package that
//! provides it; the named sets each command installs; `cargo xtask setup`,
//! which installs everything `cargo xtask test` needs (and `test` calls
//! first), so that provisioning is one step a machine can run alone.

use std::process::Command;

use crate::under_ci;

/// A foreign tool the tests need, and the Debian package that provides it.
#[derive(Clone)]
pub(crate) struct Tool {
    /// A command (run with `--version`), or an absolute path that must
    /// exist (a tool, or a file such as a target's `crt1.o`).
    pub(crate) command: &'static str,
    pub(crate) package: &'static str,
    pub(crate) needed_for: &'static str,
}

impl Tool {
    pub(crate) fn present(&self) -> bool {
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

pub(crate) const GCC: Tool = Tool {
    command: "gcc",
    package: "gcc",
    needed_for: "the gcc half of the C conformance harness and the showcase",
};

pub(crate) const VERILATOR: Tool = Tool {
    command: "verilator",
    package: "verilator",
    needed_for: "the SystemVerilog DPI-C tests",
};

pub(crate) const PYTHON3: Tool = Tool {
    command: "python3",
    package: "python3",
    needed_for: "the check of the reflection JSON by a tool outside Rust",
};

pub(crate) const MLIR_OPT: Tool = Tool {
    command: "/usr/lib/llvm-19/bin/mlir-opt",
    package: "mlir-19-tools",
    needed_for: "lowering the MLIR modules of the `#[ciface]` tests",
};

pub(crate) const LLVM_AR: Tool = Tool {
    command: "/usr/lib/llvm-19/bin/llvm-ar",
    package: "llvm-19",
    needed_for: "archiving the lowered MLIR modules",
};

/// Verilator builds its C++ with g++ through make, and neither Debian
/// package depends on them.
pub(crate) const GXX: Tool = Tool {
    command: "g++",
    package: "g++",
    needed_for: "Verilator's C++ builds and the C++ readers of the generated headers",
};

pub(crate) const MAKE: Tool = Tool {
    command: "make",
    package: "make",
    needed_for: "Verilator's `--build` and the manual's Makefile recipe (docs/src/generating.md)",
};

/// Everything `cargo xtask test` runs (the cross-target tools are
/// [`crate::cross`]'s, installed by its step).
pub(crate) const FOR_TESTS: &[Tool] = &[
    VALGRIND,
    CLANG_19,
    CLANG_22,
    GCC,
    GXX,
    MAKE,
    VERILATOR,
    PYTHON3,
    MLIR_OPT,
    LLVM_AR,
    GCC_RISCV64,
];

/// riscv64's gcc: the cross step links with it, and the workspace tests,
/// which run before that step, check that a generated header refuses it
/// (c-tests' `tests/bitint_rules_check.rs`), so `setup` installs it.
pub(crate) const GCC_RISCV64: Tool = Tool {
    command: "riscv64-linux-gnu-gcc",
    package: "gcc-riscv64-linux-gnu",
    needed_for: "linking riscv64 code, and the check that a generated header refuses gcc on riscv64",
};

/// What the showcase builds and runs: C compilers, Verilator, MLIR (no
/// valgrind: nothing runs under it there).
pub(crate) const FOR_SHOWCASE: &[Tool] = &[
    CLANG_19, CLANG_22, GCC, GXX, MAKE, VERILATOR, PYTHON3, MLIR_OPT, LLVM_AR,
];

pub(crate) const VALGRIND: Tool = Tool {
    command: "valgrind",
    package: "valgrind",
    needed_for: "memory checks of the C harness and instruction counts under callgrind",
};

pub(crate) fn has_command(command: &str) -> bool {
    Command::new(command)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Install the missing tools with apt-get (as root, or through sudo).
pub(crate) fn ensure_tools(tools: &[Tool]) -> Result<(), String> {
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

/// `cargo xtask setup`: the Debian packages of [`FOR_TESTS`], and the
/// nightly toolchain with the components Miri, the sanitizers and the
/// fuzzer need. The other cross-target tools and the Python tools' venv
/// are installed by their own steps (they are large, and only those steps
/// use them).
pub(crate) fn setup() -> Result<(), String> {
    ensure_tools(FOR_TESTS)?;
    crate::sanitizers::nightly_with(&["miri", "rust-src"])?;
    // The MLIR packages that are downloaded and unpacked rather than
    // installed (they conflict with the installed MLIR 19), so that no
    // later step of `test` runs `apt-get`; a step run alone still fetches
    // what it lacks.
    let root = std::env::current_dir().map_err(|e| e.to_string())?;
    crate::quick_starts::mlir_22_tools(&root)?;
    crate::mlir_runtime::provision(&root)?;
    Ok(())
}
