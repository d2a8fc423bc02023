//! The `_BitInt` calls on other targets: c-tests' `_BitInt` harness (C by
//! clang-19 and by clang-22 calling Rust exports, Rust calling C) built for
//! i686 (run natively) and for aarch64, riscv64 and armv7 (run under
//! qemu-user, with Debian's cross gcc as the linker and its libc as the
//! sysroot), and on the host with clang-22 (the workspace tests run it
//! with clang-19).
//!
//! Each target and compiler runs in two steps: the ignored test
//! `write_header_for_this_target` renders `c_tests_bitint.h` with that
//! target's layout checks and `_BitInt` rules check, then the harness is
//! compiled against it (`C_TESTS_TARGET_HEADER_DIR`, `C_TESTS_BITINT_CLANG`)
//! and the `bitint` tests run. Where the compilers' `_BitInt` rules differ
//! (RISC-V), the library is built for the rules of the compiler at hand
//! (`ABI_CORE_BITINT_RULES`), and the header is also given to the other
//! compiler, which must refuse it.

use std::path::Path;
use std::process::Command;

use crate::tools::{Tool, ensure_tools};
use crate::{cargo_with_env, under_ci};

/// A target the `_BitInt` calls are proven on.
struct CrossTarget {
    triple: &'static str,
    /// clang's name of the target.
    clang_triple: &'static str,
    /// The first clang whose `_BitInt` rules here are the psABI's, where
    /// they changed (as `abi_core::bitint_layout::BitIntTarget::
    /// psabi_since_clang`; the generated header refuses a library built for
    /// other rules than the compiler's, so a wrong value fails the run).
    psabi_since_clang: Option<u32>,
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
        clang_triple: "i386-linux-gnu",
        psabi_since_clang: None,
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
        clang_triple: "aarch64-linux-gnu",
        psabi_since_clang: None,
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
        clang_triple: "riscv64-linux-gnu",
        psabi_since_clang: Some(22),
        linker: Some("riscv64-linux-gnu-gcc"),
        runner: Some(("qemu-riscv64", "/usr/riscv64-linux-gnu")),
        tools: &[
            crate::tools::GCC_RISCV64,
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
        clang_triple: "armv7-linux-gnueabihf",
        psabi_since_clang: None,
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

/// The compilers of the C side, with their major versions.
const COMPILERS: [(&str, u32); 2] = [("clang-19", 19), ("clang-22", 22)];

impl CrossTarget {
    /// The `ABI_CORE_BITINT_RULES` of a library that clang `major` can call.
    fn rules_of_clang(&self, major: u32) -> &'static str {
        match self.psabi_since_clang {
            Some(first) if major < first => "legacy",
            _ => "psabi",
        }
    }
}

const QEMU: Tool = Tool {
    command: "qemu-aarch64",
    package: "qemu-user",
    needed_for: "running aarch64, riscv64 and armv7 code",
};

/// Run the `_BitInt` harness on every target in [`TARGETS`] (or those whose
/// triple contains `only`, then without the host's run).
pub(crate) fn bitint_calls_on_other_targets(only: Option<&str>) -> Result<(), String> {
    let mut tools: Vec<Tool> = TARGETS
        .iter()
        .flat_map(|t| t.tools.iter().cloned())
        .collect();
    tools.extend([crate::tools::CLANG_19, crate::tools::CLANG_22]);
    ensure_tools(&tools)?;
    let root = std::env::current_dir().map_err(|e| e.to_string())?;
    for target in TARGETS
        .iter()
        .filter(|t| only.is_none_or(|w| t.triple.contains(w)))
    {
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
        for (clang, major) in COMPILERS {
            if !crate::tools::has_command(clang) {
                // Not under CI (`ensure_tools` fails there).
                eprintln!(
                    "SKIPPED: the `_BitInt` calls on {} by {clang}",
                    target.triple
                );
                continue;
            }
            eprintln!("--> {} with {clang}", target.triple);
            run_target(target, &root, clang, target.rules_of_clang(major))?;
        }
        if target.psabi_since_clang.is_some()
            && COMPILERS.iter().all(|(c, _)| crate::tools::has_command(c))
        {
            stale_header_does_not_link(target, &root)?;
        }
    }
    if only.is_some() {
        return Ok(());
    }
    // The host's calls by clang-22 (clang-19's run in the workspace tests).
    eprintln!("--> the host with clang-22");
    cargo_with_env(
        &[
            "test",
            "--quiet",
            "--package",
            "c-tests",
            "--lib",
            "--",
            "bitint",
        ],
        &[("C_TESTS_BITINT_CLANG".to_owned(), "clang-22".to_owned())],
    )
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

/// The cargo environment of a run: linker and runner, the harness's
/// compiler and the library's `_BitInt` rules.
fn run_env(target: &CrossTarget, clang: &str, rules: &str) -> Vec<(String, String)> {
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
    env.push(("C_TESTS_BITINT_CLANG".to_owned(), clang.to_owned()));
    env.push(("ABI_CORE_BITINT_RULES".to_owned(), rules.to_owned()));
    env
}

/// Where a run writes the header rendered for its target and rules.
fn header_dir(root: &Path, target: &CrossTarget, clang: &str) -> String {
    root.join("target/cross-header")
        .join(target.triple)
        .join(clang)
        .to_string_lossy()
        .into_owned()
}

fn run_target(target: &CrossTarget, root: &Path, clang: &str, rules: &str) -> Result<(), String> {
    let env = run_env(target, clang, rules);
    let header_dir = header_dir(root, target, clang);
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
    if target.psabi_since_clang.is_some() {
        refused_by_the_other_compiler(target, root, &header_dir, clang)?;
    }
    test(
        ("C_TESTS_TARGET_HEADER_DIR", &header_dir),
        &["bitint", "--nocapture"],
    )
}

/// The header just written for `clang`'s `_BitInt` rules, read by the other
/// compiler, whose rules differ on this target: it must stop at the
/// header's `#error`, which names both sets of rules.
fn refused_by_the_other_compiler(
    target: &CrossTarget,
    root: &Path,
    header_dir: &str,
    clang: &str,
) -> Result<(), String> {
    let Some((other, _)) = COMPILERS.into_iter().find(|(c, _)| *c != clang) else {
        return Ok(());
    };
    let output = Command::new(other)
        .arg(format!("--target={}", target.clang_triple))
        .args([
            "-std=c2x",
            "-ffreestanding",
            "-fsyntax-only",
            "-I",
            header_dir,
            "-I",
        ])
        .arg(root.join("c-tests/include"))
        .args(["-include", "c_tests_bitint.h", "-x", "c", "/dev/null"])
        .output()
        .map_err(|e| format!("cannot run {other}: {e}"))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    let message = stderr
        .lines()
        .find(|l| l.contains("#error \"abi-core: this library was built for"));
    match message {
        Some(line) if !output.status.success() => {
            eprintln!(
                "{other} refuses the header built for {clang}'s rules: {}",
                line.trim()
            );
            Ok(())
        }
        _ => Err(format!(
            "{other} did not refuse the {} header built for {clang}'s `_BitInt` rules ({}):\n{stderr}",
            target.triple, output.status
        )),
    }
}

/// Build c-tests (every `_BitInt` export of up to 128 bits) for LoongArch
/// under each revision of its `_BitInt` rules, which differ in alignment
/// and chunk size above 64 bits: each storage's size and alignment is
/// checked against `bitint_layout_in` when the exports are compiled, so a
/// storage that does not follow the table fails the build. Built, not
/// run: Debian has no LoongArch cross toolchain. The standard library
/// comes from nightly's `-Zbuild-std` (rustup ships no prebuilt one here).
pub(crate) fn loongarch_storage_compiles() -> Result<(), String> {
    const TRIPLE: &str = "loongarch64-unknown-linux-gnu";
    if !crate::sanitizers::nightly_with(&["rust-src"])? {
        return Ok(());
    }
    let root = std::env::current_dir().map_err(|e| e.to_string())?;
    let target_dir = root.join("target/loongarch64-build-std");
    let target_dir = target_dir.to_string_lossy();
    for rules in ["legacy", "psabi"] {
        eprintln!("--> {TRIPLE}, ABI_CORE_BITINT_RULES={rules} (built, not run)");
        crate::sanitizers::run(
            crate::sanitizers::nightly_cargo(
                &[
                    "build",
                    "--quiet",
                    "-Zbuild-std=std,panic_abort",
                    "--target",
                    TRIPLE,
                    "--package",
                    "c-tests",
                    "--lib",
                ],
                &[
                    ("ABI_CORE_BITINT_RULES", rules),
                    ("CARGO_TARGET_DIR", &target_dir),
                ],
            ),
            &format!("the build for {TRIPLE} with ABI_CORE_BITINT_RULES={rules}"),
        )?;
    }
    Ok(())
}

/// After the runs with both compilers on a target whose `_BitInt` rules
/// have revisions: c-tests' static library built for the psABI rules,
/// linked with C compiled (by the compiler of those rules) against the
/// header each run rendered. The psABI header links; the legacy one, which
/// references the marker symbol a legacy library carries, must fail with
/// "undefined reference to `abi_core_bitint_rules_legacy`" (a header
/// generated by one build and a library built by another with different
/// rules).
fn stale_header_does_not_link(target: &CrossTarget, root: &Path) -> Result<(), String> {
    let Some(linker) = target.linker else {
        return Ok(());
    };
    let (psabi_clang, _) = COMPILERS
        .into_iter()
        .find(|(_, major)| target.rules_of_clang(*major) == "psabi")
        .ok_or("no compiler of the psABI rules")?;
    let mut env = run_env(target, psabi_clang, "psabi");
    env.push((
        "C_TESTS_TARGET_HEADER_DIR".to_owned(),
        header_dir(root, target, psabi_clang),
    ));
    cargo_with_env(
        &[
            "build",
            "--quiet",
            "--package",
            "c-tests",
            "--lib",
            "--target",
            target.triple,
        ],
        &env,
    )?;
    let library = root
        .join("target")
        .join(target.triple)
        .join("debug/libc_tests.a");
    let scratch = root.join("target/cross-link").join(target.triple);
    std::fs::create_dir_all(&scratch).map_err(|e| e.to_string())?;
    let source = scratch.join("main.c");
    std::fs::write(
        &source,
        "#include \"c_tests_bitint.h\"\nint main(void) { return 0; }\n",
    )
    .map_err(|e| e.to_string())?;
    for (clang, major) in COMPILERS {
        let rules = target.rules_of_clang(major);
        let object = scratch.join(format!("main-{rules}.o"));
        let compiled = Command::new(clang)
            .arg(format!("--target={}", target.clang_triple))
            .args(["-std=c2x", "-ffreestanding", "-c", "-I"])
            .arg(header_dir(root, target, clang))
            .arg("-I")
            .arg(root.join("c-tests/include"))
            .arg(&source)
            .arg("-o")
            .arg(&object)
            .output()
            .map_err(|e| format!("cannot run {clang}: {e}"))?;
        if !compiled.status.success() {
            return Err(format!(
                "{clang} cannot compile against its own header:\n{}",
                String::from_utf8_lossy(&compiled.stderr)
            ));
        }
        let linked = Command::new(linker)
            .arg(&object)
            .arg(&library)
            .args([
                "-lpthread",
                "-ldl",
                "-lm",
                "-lrt",
                "-lutil",
                "-lgcc_s",
                "-o",
            ])
            .arg(scratch.join(format!("main-{rules}")))
            .output()
            .map_err(|e| format!("cannot run {linker}: {e}"))?;
        let stderr = String::from_utf8_lossy(&linked.stderr);
        match (rules, linked.status.success()) {
            ("psabi", true) => {
                eprintln!("the psabi header links with the psabi library");
            }
            ("legacy", false)
                if stderr.contains("undefined reference to `abi_core_bitint_rules_legacy'") =>
            {
                eprintln!(
                    "the legacy header does not link with the psabi library: undefined reference to `abi_core_bitint_rules_legacy'"
                );
            }
            _ => {
                return Err(format!(
                    "the {rules} header of {} with the psabi library: link {} unexpectedly:\n{stderr}",
                    target.triple,
                    if linked.status.success() {
                        "succeeded"
                    } else {
                        "failed"
                    }
                ));
            }
        }
    }
    Ok(())
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
