//! The `_BitInt` calls on other targets: c-tests' `_BitInt` harness (C by
//! clang-19 calling Rust exports, Rust calling C) built for i686 (run
//! natively) and for aarch64, riscv64 and armv7 (run under qemu-user, with
//! Debian's cross gcc as the linker and its libc as the sysroot).
//!
//! Each target runs in two steps: the ignored test
//! `write_header_for_this_target` renders `c_tests_bitint.h` with that target's
//! layout checks, then the harness is compiled against it
//! (`C_TESTS_TARGET_HEADER_DIR`) and the `bitint` tests run.

use std::path::Path;
use std::process::Command;

use crate::{Tool, cargo_with_env, ensure_tools, under_ci};

/// A target the `_BitInt` calls are proven on.
struct CrossTarget {
    triple: &'static str,
    /// Debian's cross linker, or `None` for the host's `cc` (i686 with
    /// `-m32`, through libc6-dev-i386 and lib32gcc-12-dev).
    linker: Option<&'static str>,
    /// qemu-user and the sysroot of the target's libc, or `None` where the
    /// host runs the code.
    runner: Option<(&'static str, &'static str)>,
    tools: &'static [Tool],
}

const TARGETS: [CrossTarget; 4] = [
    CrossTarget {
        triple: "i686-unknown-linux-gnu",
        linker: None,
        runner: None,
        // Not `gcc-multilib`: Debian makes it conflict with the cross
        // compilers below. Its two parts are enough for `cc -m32`.
        tools: &[
            Tool {
                command: "/usr/lib32/crt1.o",
                package: "libc6-dev-i386",
                needed_for: "linking i686 code (the `_BitInt` calls on i386)",
            },
            Tool {
                command: "/usr/lib/gcc/x86_64-linux-gnu/12/32/libgcc.a",
                package: "lib32gcc-12-dev",
                needed_for: "linking i686 code (the `_BitInt` calls on i386)",
            },
        ],
    },
    CrossTarget {
        triple: "aarch64-unknown-linux-gnu",
        linker: Some("aarch64-linux-gnu-gcc"),
        runner: Some(("qemu-aarch64", "/usr/aarch64-linux-gnu")),
        tools: &[
            Tool {
                command: "aarch64-linux-gnu-gcc",
                package: "gcc-aarch64-linux-gnu",
                needed_for: "linking aarch64 code",
            },
            Tool {
                command: "/usr/aarch64-linux-gnu/lib/crt1.o",
                package: "libc6-dev-arm64-cross",
                needed_for: "linking aarch64 code",
            },
            QEMU,
        ],
    },
    CrossTarget {
        triple: "riscv64gc-unknown-linux-gnu",
        linker: Some("riscv64-linux-gnu-gcc"),
        runner: Some(("qemu-riscv64", "/usr/riscv64-linux-gnu")),
        tools: &[
            Tool {
                command: "riscv64-linux-gnu-gcc",
                package: "gcc-riscv64-linux-gnu",
                needed_for: "linking riscv64 code",
            },
            Tool {
                command: "/usr/riscv64-linux-gnu/lib/crt1.o",
                package: "libc6-dev-riscv64-cross",
                needed_for: "linking riscv64 code",
            },
            QEMU,
        ],
    },
    CrossTarget {
        triple: "armv7-unknown-linux-gnueabihf",
        linker: Some("arm-linux-gnueabihf-gcc"),
        runner: Some(("qemu-arm", "/usr/arm-linux-gnueabihf")),
        tools: &[
            Tool {
                command: "arm-linux-gnueabihf-gcc",
                package: "gcc-arm-linux-gnueabihf",
                needed_for: "linking armv7 code",
            },
            Tool {
                command: "/usr/arm-linux-gnueabihf/lib/crt1.o",
                package: "libc6-dev-armhf-cross",
                needed_for: "linking armv7 code",
            },
            QEMU,
        ],
    },
];

const QEMU: Tool = Tool {
    command: "qemu-aarch64",
    package: "qemu-user",
    needed_for: "running aarch64, riscv64 and armv7 code",
};

/// Run the `_BitInt` harness on every target in [`TARGETS`].
pub(crate) fn bitint_calls_on_other_targets() -> Result<(), String> {
    let tools: Vec<Tool> = TARGETS
        .iter()
        .flat_map(|t| t.tools.iter().cloned())
        .collect();
    ensure_tools(&tools)?;
    let root = std::env::current_dir().map_err(|e| e.to_string())?;
    for target in &TARGETS {
        if let Err(message) = add_rust_target(target.triple) {
            if under_ci() {
                return Err(message);
            }
            eprintln!(
                "SKIPPED: the `_BitInt` calls on {}: {message}",
                target.triple
            );
            continue;
        }
        if !target.tools.iter().all(Tool::present) {
            // Not under CI (`ensure_tools` fails there): reported above.
            eprintln!(
                "SKIPPED: the `_BitInt` calls on {}: tools missing",
                target.triple
            );
            continue;
        }
        eprintln!("--> {}", target.triple);
        run_target(target, &root)?;
    }
    Ok(())
}

/// Type-check abi-core and its tests, which use every attribute, for a COFF
/// target: there the registry goes through `linkme`'s distributed slices
/// instead of abi-core's ELF sections, a path no Linux build compiles.
/// (Checked only: nothing here can link or run Windows code.)
pub(crate) fn registry_fallback_compiles() -> Result<(), String> {
    const TRIPLE: &str = "x86_64-pc-windows-gnu";
    if let Err(message) = add_rust_target(TRIPLE) {
        if under_ci() {
            return Err(message);
        }
        eprintln!("SKIPPED: type-checking for {TRIPLE}: {message}");
        return Ok(());
    }
    cargo_with_env(
        &[
            "check",
            "--quiet",
            "--package",
            "abi-core",
            "--tests",
            "--target",
            TRIPLE,
        ],
        &[],
    )
}

fn run_target(target: &CrossTarget, root: &Path) -> Result<(), String> {
    let variable = target.triple.to_uppercase().replace('-', "_");
    let mut env: Vec<(String, String)> = Vec::new();
    if let Some(linker) = target.linker {
        env.push((format!("CARGO_TARGET_{variable}_LINKER"), linker.to_owned()));
    }
    if let Some((qemu, sysroot)) = target.runner {
        env.push((
            format!("CARGO_TARGET_{variable}_RUNNER"),
            format!("{qemu} -L {sysroot}"),
        ));
    }
    let header_dir = root.join("target/cross-header").join(target.triple);
    let header_dir = header_dir.to_string_lossy().into_owned();
    let test = |extra_env: (&str, &str), filter: &[&str]| {
        let mut args = vec![
            "test",
            "--quiet",
            "--package",
            "c-tests",
            "--target",
            target.triple,
            "--lib",
            "--",
        ];
        args.extend(filter);
        let mut all_env = env.clone();
        all_env.push((extra_env.0.to_owned(), extra_env.1.to_owned()));
        cargo_with_env(&args, &all_env)
    };
    test(
        ("C_TESTS_WRITE_HEADER_DIR", &header_dir),
        &[
            "--ignored",
            "--exact",
            "conformance::write_header_for_this_target",
        ],
    )?;
    test(("C_TESTS_TARGET_HEADER_DIR", &header_dir), &["bitint"])
}

/// `rustup target add`, unless the standard library is there already.
fn add_rust_target(triple: &str) -> Result<(), String> {
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map_err(|e| format!("cannot run rustup: {e}"))?;
    if String::from_utf8_lossy(&installed.stdout)
        .lines()
        .any(|l| l.trim() == triple)
    {
        return Ok(());
    }
    let status = Command::new("rustup")
        .args(["target", "add", triple])
        .status()
        .map_err(|e| format!("cannot run rustup: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`rustup target add {triple}` failed ({status})"))
    }
}
