//! The `_BitInt` rules check of the generated C header
//! (`abi_core::emit::bitint_rules_check`): a header built for one revision
//! of a target's rules is refused by a compiler implementing the other, with
//! a message naming both, and accepted by a compiler implementing the same.
//! Each combination of target, revision and compiler (clang-19, clang-22,
//! and Debian's gcc 12 for riscv64) is compiled for real.

#[path = "support/tools.rs"]
mod tools;

use std::io::Write as _;
use std::process::{Command, Stdio};

use abi_core::bitint_layout::{BitIntRevision, BitIntTarget};
use abi_core::emit::bitint_rules_check;

/// Compile the check twice (as two generated headers included in one
/// file carry it) and a `_BitInt` declaration, warnings as errors:
/// `Ok(())`, or the compiler's stderr.
fn compile(compiler: &str, target_args: &[&str], check: &str) -> Result<(), String> {
    let source = format!("{check}{check}_BitInt(100) f(_BitInt(100) x);\n");
    let mut child = Command::new(compiler)
        .args(target_args)
        .args([
            "-std=c2x",
            "-ffreestanding",
            "-fsyntax-only",
            "-x",
            "c",
            "-",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(source.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

#[test]
fn a_header_for_one_revision_is_refused_by_a_compiler_of_the_other() {
    let mut checked = 0;
    for (clang, major) in [("clang-19", 19), ("clang-22", 22)] {
        if !tools::available(clang) {
            continue;
        }
        for target in BitIntTarget::ALL {
            let triple = format!("--target={}", target.clang_triple());
            for revision in BitIntRevision::ALL {
                let check = bitint_rules_check(target, revision);
                let result = compile(clang, &[&triple], &check);
                let compiler_rules = BitIntRevision::of_clang(target, major);
                if target.psabi_since_clang().is_none() {
                    assert!(check.is_empty(), "{target}: {check}");
                    assert_eq!(result, Ok(()), "{clang} {target}");
                } else if compiler_rules == revision {
                    assert_eq!(result, Ok(()), "{clang} {target} {revision}:\n{check}");
                } else {
                    let stderr = result.expect_err(&format!(
                        "{clang} accepted a header for the {revision} rules on {target}"
                    ));
                    assert!(
                        stderr.contains("#error")
                            && stderr.contains(&format!(
                                "abi-core: this library was built for the {revision} `_BitInt` rules"
                            ))
                            && stderr.contains(&format!(
                                "this compiler implements the {compiler_rules} `_BitInt` rules"
                            )),
                        "{clang} {target} {revision}: {stderr}"
                    );
                    eprintln!(
                        "{clang} {target} {revision}: refused: {}",
                        stderr.lines().find(|l| l.contains("#error")).unwrap_or("")
                    );
                }
                checked += 1;
            }
        }
    }
    eprintln!("{checked} combinations of compiler, target and revision");
}

/// A compiler other than clang is refused on the targets with revisions
/// (Debian's riscv64 gcc 12 has no `_BitInt` at all, so the check is the
/// first error it meets).
#[test]
fn another_compiler_is_refused_on_riscv() {
    const GCC: &str = "riscv64-linux-gnu-gcc";
    if !tools::available(GCC) {
        return;
    }
    let check = bitint_rules_check(BitIntTarget::Riscv64, BitIntRevision::Psabi);
    let stderr = compile(GCC, &[], &check).expect_err("gcc accepted the header");
    assert!(
        stderr.contains("compilers other than clang are not verified"),
        "{stderr}"
    );
}
