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

const CASES: &[(i32, &str)] = &[
    (0, "i32 add (scalars by value)"),
    (1, "Result<i32, ErrorCode> with out-pointer"),
    (2, "&[i32] sum (pointer and length, 16 elements)"),
];

fn main() {
    // Keep the Rust half of every pair linked in.
    black_box(c_tests::bench::bench_add_generated as fn(i32, i32) -> i32);

    if let Ok(spec) = std::env::var("SHIM_BENCH_CHILD") {
        let parts: Vec<u64> = spec.split(',').map(|p| p.parse().unwrap()).collect();
        // SAFETY: the driver only passes valid pointers to the functions.
        let result = unsafe { bench_drive(parts[0] as i32, parts[1] as i32, parts[2]) };
        black_box(result);
        return;
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
}
