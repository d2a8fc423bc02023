//! `abi_core::bitint_layout` against clang-19 and clang-22 themselves, on
//! every target it describes: `sizeof` and `_Alignof` of `_BitInt(N)` and
//! `unsigned _BitInt(N)` for every N in 1..=1024 (within the target's
//! `__BITINT_MAXWIDTH__`, then beyond it under clang's experimental flag)
//! plus spot widths up to the maximum, and the way clang passes and returns
//! each type, read from the LLVM IR signature of a function that takes and
//! returns it.

#[path = "support/tools.rs"]
mod tools;

use std::fmt::Write as _;
use std::process::Command;

use abi_core::bitint_layout::{
    BitIntLayout, BitIntRevision, BitIntTarget, Extension, ParamPassing, ResultPassing,
    bitint_layout, bitint_layout_experimental_in, bitint_layout_in,
};

/// The compilers the table is proven against, each against the revision it
/// implements on each target (`BitIntRevision::of_clang`): clang-19 the
/// legacy rules, clang-22 the psABIs'.
const COMPILERS: [(&str, u32); 2] = [("clang-19", 19), ("clang-22", 22)];

/// What clang reports for one type.
#[derive(Debug, PartialEq)]
struct Observed {
    size: usize,
    align: usize,
    param: ParamPassing,
    result: ResultPassing,
}

fn type_name(bits: u32, signed: bool) -> String {
    if signed {
        format!("_BitInt({bits})")
    } else {
        format!("unsigned _BitInt({bits})")
    }
}

fn tag(bits: u32, signed: bool) -> String {
    format!("{}{bits}", if signed { 'S' } else { 'U' })
}

/// Compile one C file for `target` and return clang's view of each width.
fn observe(
    clang: &str,
    target: BitIntTarget,
    widths: &[u32],
    experimental: bool,
    with_calls: bool,
) -> Vec<(u32, bool, Observed)> {
    let mut source = String::new();
    let mut types = Vec::new();
    for &bits in widths {
        for signed in [false, true] {
            if signed && bits == 1 {
                continue;
            }
            let (t, n) = (type_name(bits, signed), tag(bits, signed));
            writeln!(source, "unsigned s{n} = sizeof({t}), a{n} = _Alignof({t});").unwrap();
            if with_calls {
                writeln!(source, "void p{n}({t} x) {{ (void)x; }}").unwrap();
                writeln!(source, "{t} r{n}(void) {{ return 0; }}").unwrap();
            }
            types.push((bits, signed));
        }
    }
    let mut command = Command::new(clang);
    command.args([
        &format!("--target={}", target.clang_triple()),
        "-ffreestanding",
        "-std=c2x",
        "-O0",
        "-S",
        "-emit-llvm",
        "-x",
        "c",
        "-",
        "-o",
        "-",
    ]);
    if experimental {
        command.args(["-Xclang", "-fexperimental-max-bitint-width=1024"]);
    }
    let mut child = command
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer =
        std::thread::spawn(move || std::io::Write::write_all(&mut stdin, source.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    let ir = String::from_utf8(output.stdout).unwrap();
    assert!(
        output.status.success(),
        "{clang} failed for {target}: {}",
        String::from_utf8_lossy(&output.stderr)
    );

    let mut globals = std::collections::HashMap::new();
    let mut params = std::collections::HashMap::new();
    let mut results = std::collections::HashMap::new();
    for line in ir.lines() {
        if let Some(rest) = line.strip_prefix('@') {
            let name = rest.split(' ').next().unwrap();
            if let Some(value) = rest.split(" global i32 ").nth(1) {
                let value = value.split(',').next().unwrap().trim();
                globals.insert(name.to_owned(), value.parse::<usize>().unwrap());
            }
        } else if let Some(rest) = line.strip_prefix("define ") {
            let name = rest
                .split('@')
                .nth(1)
                .unwrap()
                .split('(')
                .next()
                .unwrap()
                .to_owned();
            let args = rest.split_once('(').unwrap().1;
            if let Some(n) = name.strip_prefix('p') {
                let passing = if args.contains("byval") {
                    ParamPassing::Memory
                } else if args.starts_with("ptr") {
                    ParamPassing::Reference
                } else {
                    let first = args.split(',').next().unwrap();
                    let extension = if first.contains("signext") {
                        Extension::Sign
                    } else if first.contains("zeroext") {
                        Extension::Zero
                    } else {
                        Extension::None
                    };
                    ParamPassing::Direct { extension }
                };
                params.insert(n.to_owned(), passing);
            } else if let Some(n) = name.strip_prefix('r') {
                let passing = if args.contains("sret") {
                    ResultPassing::Indirect
                } else {
                    ResultPassing::Direct
                };
                results.insert(n.to_owned(), passing);
            }
        }
    }
    types
        .into_iter()
        .map(|(bits, signed)| {
            let n = tag(bits, signed);
            let observed = Observed {
                size: globals[&format!("s{n}")],
                align: globals[&format!("a{n}")],
                param: params.get(&n).copied().unwrap_or(ParamPassing::Reference),
                result: results.get(&n).copied().unwrap_or(ResultPassing::Direct),
            };
            (bits, signed, observed)
        })
        .collect()
}

fn expected(layout: BitIntLayout, with_calls: bool, observed: &Observed) -> Observed {
    Observed {
        size: layout.size,
        align: layout.align,
        // Without compiled calls only the layout is compared.
        param: if with_calls {
            layout.param
        } else {
            observed.param
        },
        result: if with_calls {
            layout.result
        } else {
            observed.result
        },
    }
}

fn compare(
    (clang, major): (&str, u32),
    target: BitIntTarget,
    widths: &[u32],
    experimental: bool,
    with_calls: bool,
    mismatches: &mut Vec<String>,
) -> usize {
    let revision = BitIntRevision::of_clang(target, major);
    let mut checked = 0;
    for (bits, signed, observed) in observe(clang, target, widths, experimental, with_calls) {
        let layout = if experimental {
            bitint_layout_experimental_in(target, revision, bits, signed)
        } else {
            bitint_layout_in(target, revision, bits, signed)
        }
        .unwrap_or_else(|| {
            panic!(
                "clang accepts {} on {target}, abi-core says no",
                type_name(bits, signed)
            )
        });
        let want = expected(layout, with_calls, &observed);
        if want != observed {
            mismatches.push(format!(
                "{target} {}: abi-core ({revision}) {want:?}, {clang} {observed:?}",
                type_name(bits, signed)
            ));
        }
        checked += 1;
    }
    checked
}

/// Every target's table against one compiler: (checks, mismatches) per
/// target, printed as a table row each.
fn sweep(compiler: (&str, u32), mismatches: &mut Vec<String>) -> usize {
    let clang = compiler.0;
    let mut checked = 0;
    for target in BitIntTarget::ALL {
        let before = mismatches.len();
        let mut here = 0;
        let max = target.max_width();
        let within: Vec<u32> = (1..=max.min(1024)).collect();
        here += compare(compiler, target, &within, false, true, mismatches);
        if max < 1024 {
            let beyond: Vec<u32> = (max + 1..=1024).collect();
            here += compare(compiler, target, &beyond, true, true, mismatches);
        } else {
            // Spot widths up to the maximum: layout only (a function taking
            // a megabyte by value is not worth compiling).
            let spots = [
                1025,
                2047,
                2048,
                4096,
                65_535,
                65_536,
                1_000_001,
                max - 1,
                max,
            ];
            here += compare(compiler, target, &spots, false, false, mismatches);
        }
        // Widths past the maximum are rejected by abi-core as by clang.
        assert_eq!(bitint_layout(target, max + 1, false), None);
        eprintln!(
            "{clang} {target} ({}): {here} checks, {} mismatches",
            BitIntRevision::of_clang(target, compiler.1),
            mismatches.len() - before
        );
        checked += here;
    }
    checked
}

#[test]
fn layout_and_passing_match_clang_on_every_target() {
    let mut mismatches = Vec::new();
    for compiler in COMPILERS {
        let clang = compiler.0;
        if !tools::available(clang) {
            continue;
        }
        let checked = sweep(compiler, &mut mismatches);
        eprintln!(
            "{clang}: checked {checked} `_BitInt` types on {} targets",
            BitIntTarget::ALL.len()
        );
        assert!(checked > 13 * 2 * 1000, "only {checked} types checked");
    }
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}
