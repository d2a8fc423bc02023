//! Instruction count per call of generated `#[c_export]` shims against
//! hand-written `extern "C"` functions doing the same work, measured with
//! valgrind's callgrind (deterministic, unlike wall time on a shared
//! machine).
//!
//! A C loop (`c/bench_driver.c`, gcc -O2) calls the function under test `n`
//! times. Each variant runs under callgrind twice, with `n = N0` and
//! `n = N0 + N`; the difference divided by `N` is the cost of one call
//! (loop included, identical for both variants), free of start-up costs.
//!
//! `cargo xtask bench` runs it; `--quick` uses fewer calls.

use std::hint::black_box;
use std::process::Command;

#[path = "support/callgrind.rs"]
mod callgrind;

unsafe extern "C" {
    fn bench_drive(which: i32, generated: i32, n: u64) -> i64;
}

#[cfg(clang19)]
unsafe extern "C" {
    /// `c/bitint_shim_driver.c`, built by clang-19 (gcc 12 has no
    /// `_BitInt`).
    fn bitint_shim_drive(width: i32, generated: i32, n: u64) -> i64;
}

/// Case numbers 0 to 3 are `bench_drive`'s; 24, 128 and 256 are
/// `bitint_shim_drive`'s widths.
const CASES: &[(i32, &str)] = &[
    (0, "i32 add (scalars by value)"),
    (1, "Result<i32, ErrorCode> with out-pointer"),
    (2, "&[i32] sum (pointer and length, 16 elements)"),
    (
        3,
        "&mut [i32] += &[i32] (16 elements; the overlap check of two borrowing arguments)",
    ),
    (24, "`_BitInt(24)` add (one register)"),
    (128, "`_BitInt(128)` add (register pair)"),
    (
        256,
        "`_BitInt(256)` add (memory, result through a hidden pointer)",
    ),
];

/// Run case `which` for `n` calls of the generated (`generated = 1`) or
/// hand-written function.
fn drive(which: i32, generated: i32, n: u64) -> i64 {
    if which < 4 {
        // SAFETY: the driver only passes valid pointers to the functions.
        return unsafe { bench_drive(which, generated, n) };
    }
    #[cfg(clang19)]
    // SAFETY: the driver calls the functions with `_BitInt` values only.
    return unsafe { bitint_shim_drive(which, generated, n) };
    #[cfg(not(clang19))]
    panic!("the `_BitInt` rows need clang-19; run `cargo xtask bench`, which installs it")
}

fn main() {
    // Keep the Rust half of every pair linked in.
    black_box(c_tests::bench::bench_add_generated as fn(i32, i32) -> i32);
    black_box(c_tests::bench::bitint::bench_bitint24_handwritten as extern "C" fn(i32, i32) -> i32);

    if let Ok(spec) = std::env::var("SHIM_BENCH_CHILD") {
        let parts: Vec<u64> = spec.split(',').map(|p| p.parse().unwrap()).collect();
        black_box(drive(parts[0] as i32, parts[1] as i32, parts[2]));
        return;
    }
    // Each pair computes the same values (the error path of case 1
    // included) before either is measured.
    for &(which, name) in CASES {
        assert_eq!(drive(which, 1, 1000), drive(which, 0, 1000), "{name}");
    }

    let quick = std::env::args().any(|a| a == "--quick");
    let (base, extra) = if quick {
        (1_000, 10_000)
    } else {
        (1_000, 1_000_000)
    };
    let exe = std::env::current_exe().unwrap();
    let valgrind = Command::new("valgrind").arg("--version").output();
    let Ok(version) = valgrind else {
        eprintln!("valgrind is not installed; run `cargo xtask bench`, which installs it");
        std::process::exit(1);
    };
    println!(
        "shim cost: instructions per call under callgrind ({}; {} calls measured per variant{})",
        String::from_utf8_lossy(&version.stdout).trim(),
        extra,
        if quick { ", quick mode" } else { "" }
    );
    println!();
    println!("| case | generated | hand-written | ratio |");
    println!("|---|---:|---:|---:|");
    let mut worst: f64 = 0.0;
    for &(which, name) in CASES {
        let per_call = |generated: i32| {
            callgrind::per_iteration(
                &exe,
                "SHIM_BENCH_CHILD",
                |n| format!("{which},{generated},{n}"),
                base,
                extra,
            )
        };
        let generated = per_call(1);
        let handwritten = per_call(0);
        let ratio = generated / handwritten;
        worst = worst.max(ratio);
        println!("| {name} | {generated:.2} | {handwritten:.2} | {ratio:.3} |");
    }
    println!();
    println!("worst ratio: {worst:.3} (goal 1.00)");
    // Instruction counts do not vary between runs: a ratio above 1.05 is a
    // regression (a `_BitInt` shim once walked the layout table on every
    // call, 7.7 times the hand-written cost), and fails the run.
    if worst > 1.05 {
        eprintln!("a generated shim costs more than 1.05 times its hand-written twin");
        std::process::exit(1);
    }
}
