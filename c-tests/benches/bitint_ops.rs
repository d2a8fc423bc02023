//! `UBitInt<N>` arithmetic against clang-19's native `unsigned _BitInt(N)`
//! code and against `ruint::Uint`, in instructions per operation under
//! callgrind: add, subtract, multiply (wrapping), shift left and right by
//! a variable amount (then xor), compare, and divide (quotient and
//! remainder by a divisor of half the width), at N = 24, 64, 128, 256, 512
//! and 1024.
//!
//! Each implementation runs one loop over the same 64 pseudo-random values
//! `n` times; it runs under callgrind for `n = N0` and `n = N0 + N`, and the
//! difference over `N` is the cost of one iteration. `cargo xtask bench`
//! runs it; `--quick` uses fewer iterations.
//!
//! The comparison with `ruint` also gives a wall-time ratio of the same
//! loops run natively, as a check on what instruction counts cannot see:
//! the latency of a chain of dependent operations and the width of vector
//! instructions (at N = 24, LLVM vectorises `UBitInt`'s product, more
//! instructions than `ruint`'s scalar `imul`s, which wait on each other).

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

#[path = "support/callgrind.rs"]
mod callgrind;

use abi_core::bitint::BitStorage;
use abi_core::bitint::UBitInt;

const VALUES: usize = 64;
const OPS: [&str; 8] = ["add", "sub", "mul", "shl", "shr", "lt", "div", "rem"];
const WIDTHS: [u32; 6] = [24, 64, 128, 256, 512, 1024];

/// The little-endian words of the 64 values, as the C side generates them.
fn value_words(bits: u32) -> Vec<Vec<u64>> {
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..VALUES)
        .map(|_| {
            let mut words: Vec<u64> = (0..bits.div_ceil(64)).map(|_| next()).collect();
            // Odd, so that a product of many values does not collapse to
            // zero (which would let early exits skip the work).
            words[0] |= 1;
            let used = bits - 64 * (words.len() as u32 - 1);
            if used < 64 {
                *words.last_mut().unwrap() &= (1 << used) - 1;
            }
            words
        })
        .collect()
}

/// One loop per operation over the 64 values (and, for division, the 64
/// divisors of half their width), in rounds of one pass over them (a
/// constant trip count, so that the loop's own indexing is the same for
/// every implementation), inlined; returns a fold of every word of
/// the result (so no part of the work is dead) or the count. Each
/// implementation expands it in its own function, kept out of line, so
/// that both loops are compiled in the same surroundings.
macro_rules! run_loops {
    ($values:expr, $divisors:expr, $op:expr, $n:expr, $bits:expr, $shift:ty, $fold:expr) => {{
        let values = black_box($values);
        let divisors = black_box($divisors);
        let mut acc = values[0];
        let mut count = 0u64;
        // `n` is a multiple of the 64 values: each round is one pass over
        // them (through `black_box`, so that the compiler cannot sum a
        // round once for all), `i` counts the operations (the shifts').
        let rounds = $n as usize / VALUES;
        let mut i = 0usize;
        match $op {
            0 => {
                for _ in 0..rounds {
                    for v in black_box(&values) {
                        acc = acc.wrapping_add(*v);
                    }
                }
            }
            1 => {
                for _ in 0..rounds {
                    for v in black_box(&values) {
                        acc = acc.wrapping_sub(*v);
                    }
                }
            }
            2 => {
                for _ in 0..rounds {
                    for v in black_box(&values) {
                        acc = acc.wrapping_mul(*v);
                    }
                }
            }
            3 => {
                for _ in 0..rounds {
                    for v in black_box(&values) {
                        acc = (acc << ((i % $bits) as $shift)) ^ *v;
                        i += 1;
                    }
                }
            }
            4 => {
                for _ in 0..rounds {
                    for v in black_box(&values) {
                        acc = (acc >> ((i % $bits) as $shift)) ^ *v;
                        i += 1;
                    }
                }
            }
            5 => {
                for _ in 0..rounds {
                    for (v, d) in black_box(&values).iter().zip(&divisors) {
                        acc ^= *v / *d;
                    }
                }
            }
            6 => {
                for _ in 0..rounds {
                    for (v, d) in black_box(&values).iter().zip(&divisors) {
                        acc ^= *v % *d;
                    }
                }
            }
            _ => {
                for _ in 0..rounds {
                    let values = black_box(&values);
                    for k in 0..VALUES {
                        count += u64::from(values[k] < values[(k + 1) % VALUES]);
                    }
                }
            }
        }
        if $op == 7 { count } else { ($fold)(acc) }
    }};
}

/// The loop of one operation (`OPS[OP]`) on `UBitInt<N>`, alone in its
/// function, so that no other loop changes how it is compiled.
#[inline(never)]
fn ours<const N: u32, S: BitStorage, const OP: usize>(n: u64) -> u64 {
    let values: [UBitInt<N, S>; VALUES] = std::array::from_fn(|i| {
        let words = &value_words(N)[i];
        let mut storage = S::ZERO;
        // The words, little-endian, into the storage bytes.
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let target = (&raw mut storage).cast::<u8>();
        for (k, b) in bytes.iter().take(size_of::<S>()).enumerate() {
            // SAFETY: `k < size_of::<S>()`: inside `storage`.
            let byte = unsafe { target.add(k) };
            // SAFETY: in bounds; plain integer storage.
            unsafe { byte.write(*b) };
        }
        UBitInt::from_storage(storage)
    });
    let divisors = values.map(|v| (v >> (N / 2)) | UBitInt::ONE);
    run_loops!(values, divisors, OP, n, N as usize, u32, |acc: UBitInt<
        N,
        S,
    >| acc
        .words()
        .as_ref()
        .iter()
        .fold(0, |x, w| x ^ w))
}

/// The same loop on `ruint::Uint<N, L>`.
#[inline(never)]
fn theirs<const N: usize, const L: usize, const OP: usize>(n: u64) -> u64 {
    let values: [ruint::Uint<N, L>; VALUES] = std::array::from_fn(|i| {
        let words = &value_words(N as u32)[i];
        ruint::Uint::from_limbs(std::array::from_fn(|k| words[k]))
    });
    let divisors = values.map(|v| (v >> (N / 2)) | ruint::Uint::from(1u8));
    run_loops!(values, divisors, OP, n, N, usize, |acc: ruint::Uint<
        N,
        L,
    >| acc
        .as_limbs()
        .iter()
        .fold(0, |x, w| x ^ w))
}

/// `ours::<N, S, OP>` for the operation named `op`.
fn ours_op<const N: u32, S: BitStorage>(op: &str, n: u64) -> u64 {
    match op {
        "add" => ours::<N, S, 0>(n),
        "sub" => ours::<N, S, 1>(n),
        "mul" => ours::<N, S, 2>(n),
        "shl" => ours::<N, S, 3>(n),
        "shr" => ours::<N, S, 4>(n),
        "div" => ours::<N, S, 5>(n),
        "rem" => ours::<N, S, 6>(n),
        _ => ours::<N, S, 7>(n),
    }
}

/// `theirs::<N, L, OP>` for the operation named `op`.
fn theirs_op<const N: usize, const L: usize>(op: &str, n: u64) -> u64 {
    match op {
        "add" => theirs::<N, L, 0>(n),
        "sub" => theirs::<N, L, 1>(n),
        "mul" => theirs::<N, L, 2>(n),
        "shl" => theirs::<N, L, 3>(n),
        "shr" => theirs::<N, L, 4>(n),
        "div" => theirs::<N, L, 5>(n),
        "rem" => theirs::<N, L, 6>(n),
        _ => theirs::<N, L, 7>(n),
    }
}

/// The operations as out-of-line `extern "C"` functions, called by the same
/// C driver loop as clang's own (`c/bitint_bench.c`).
macro_rules! c_abi_width {
    ($module:ident, $ty:ty, $w:literal) => {
        mod $module {
            use abi_core::bitint::UBitInt;
            type T = $ty;
            unsafe extern "C" {
                #[link_name = concat!("c_add_", $w)]
                fn c_add(a: T, b: T) -> T;
                #[link_name = concat!("c_sub_", $w)]
                fn c_sub(a: T, b: T) -> T;
                #[link_name = concat!("c_mul_", $w)]
                fn c_mul(a: T, b: T) -> T;
                #[link_name = concat!("c_div_", $w)]
                fn c_div(a: T, b: T) -> T;
                #[link_name = concat!("c_rem_", $w)]
                fn c_rem(a: T, b: T) -> T;
                #[link_name = concat!("c_shlx_", $w)]
                fn c_shlx(a: T, v: T, k: u32) -> T;
                #[link_name = concat!("c_shrx_", $w)]
                fn c_shrx(a: T, v: T, k: u32) -> T;
                #[link_name = concat!("c_lt_", $w)]
                fn c_lt(a: T, b: T) -> bool;
                #[link_name = concat!("drive_add_", $w)]
                fn drive_add(f: unsafe extern "C" fn(T, T) -> T, n: u64) -> u64;
                #[link_name = concat!("drive_div_", $w)]
                fn drive_div(f: unsafe extern "C" fn(T, T) -> T, n: u64) -> u64;
                #[link_name = concat!("drive_shlx_", $w)]
                fn drive_shlx(f: unsafe extern "C" fn(T, T, u32) -> T, n: u64) -> u64;
                #[link_name = concat!("drive_lt_", $w)]
                fn drive_lt(f: unsafe extern "C" fn(T, T) -> bool, n: u64) -> u64;
            }
            #[inline(never)]
            unsafe extern "C" fn add(a: T, b: T) -> T {
                a.wrapping_add(b)
            }
            #[inline(never)]
            unsafe extern "C" fn sub(a: T, b: T) -> T {
                a.wrapping_sub(b)
            }
            #[inline(never)]
            unsafe extern "C" fn mul(a: T, b: T) -> T {
                a.wrapping_mul(b)
            }
            #[inline(never)]
            unsafe extern "C" fn div(a: T, b: T) -> T {
                a / b
            }
            #[inline(never)]
            unsafe extern "C" fn rem(a: T, b: T) -> T {
                a % b
            }
            #[inline(never)]
            unsafe extern "C" fn shlx(a: T, v: T, k: u32) -> T {
                (a << k) ^ v
            }
            #[inline(never)]
            unsafe extern "C" fn shrx(a: T, v: T, k: u32) -> T {
                (a >> k) ^ v
            }
            #[inline(never)]
            unsafe extern "C" fn lt(a: T, b: T) -> bool {
                a < b
            }
            pub(crate) fn run(native: bool, op: &str, n: u64) -> u64 {
                // SAFETY: the drivers call the functions with values of their
                // declared types only (non-zero divisors).
                unsafe {
                    match (op, native) {
                        ("add", true) => drive_add(c_add, n),
                        ("add", false) => drive_add(add, n),
                        ("sub", true) => drive_add(c_sub, n),
                        ("sub", false) => drive_add(sub, n),
                        ("mul", true) => drive_add(c_mul, n),
                        ("mul", false) => drive_add(mul, n),
                        ("div", true) => drive_div(c_div, n),
                        ("div", false) => drive_div(div, n),
                        ("rem", true) => drive_div(c_rem, n),
                        ("rem", false) => drive_div(rem, n),
                        ("shl", true) => drive_shlx(c_shlx, n),
                        ("shl", false) => drive_shlx(shlx, n),
                        ("shr", true) => drive_shlx(c_shrx, n),
                        ("shr", false) => drive_shlx(shrx, n),
                        (_, true) => drive_lt(c_lt, n),
                        (_, false) => drive_lt(lt, n),
                    }
                }
            }
            #[allow(unused_imports)]
            use UBitInt as _;
        }
    };
}

c_abi_width!(w24, UBitInt<24>, "24");
c_abi_width!(w64, UBitInt<64>, "64");
c_abi_width!(w128, UBitInt<128>, "128");
c_abi_width!(w256, UBitInt<256>, "256");
c_abi_width!(w512, abi_core::ubitint!(512), "512");
c_abi_width!(w1024, abi_core::ubitint!(1024), "1024");

fn run(implementation: &str, bits: u32, op: &str, n: u64) -> u64 {
    let native = implementation == "clang";
    match (implementation, bits) {
        ("clang" | "ours-c", 24) => w24::run(native, op, n),
        ("clang" | "ours-c", 64) => w64::run(native, op, n),
        ("clang" | "ours-c", 128) => w128::run(native, op, n),
        ("clang" | "ours-c", 256) => w256::run(native, op, n),
        ("clang" | "ours-c", 512) => w512::run(native, op, n),
        ("clang" | "ours-c", _) => w1024::run(native, op, n),
        ("ours", 24) => ours_op::<24, abi_core::bitint_storage!(24)>(op, n),
        ("ours", 64) => ours_op::<64, abi_core::bitint_storage!(64)>(op, n),
        ("ours", 128) => ours_op::<128, abi_core::bitint_storage!(128)>(op, n),
        ("ours", 256) => ours_op::<256, abi_core::bitint_storage!(256)>(op, n),
        ("ours", 512) => ours_op::<512, abi_core::bitint_storage!(512)>(op, n),
        ("ours", _) => ours_op::<1024, abi_core::bitint_storage!(1024)>(op, n),
        ("ruint", 24) => theirs_op::<24, 1>(op, n),
        ("ruint", 64) => theirs_op::<64, 1>(op, n),
        ("ruint", 128) => theirs_op::<128, 2>(op, n),
        ("ruint", 256) => theirs_op::<256, 4>(op, n),
        ("ruint", 512) => theirs_op::<512, 8>(op, n),
        (_, _) => theirs_op::<1024, 16>(op, n),
    }
}

fn main() {
    // Link the c-tests crate, which carries the C side.
    black_box(c_tests::bench::bench_add_generated as fn(i32, i32) -> i32);
    if let Ok(spec) = std::env::var("BITINT_BENCH_CHILD") {
        let parts: Vec<&str> = spec.split(',').collect();
        let result = run(
            parts[0],
            parts[1].parse().unwrap(),
            parts[2],
            parts[3].parse().unwrap(),
        );
        black_box(result);
        return;
    }
    // All implementations compute the same thing.
    for bits in WIDTHS {
        for op in OPS {
            let expected = run("clang", bits, op, 1024);
            for implementation in ["ours-c", "ours", "ruint"] {
                assert_eq!(
                    run(implementation, bits, op, 1024),
                    expected,
                    "{implementation} vs clang, {op} at {bits}"
                );
            }
        }
    }

    let quick = std::env::args().any(|a| a == "--quick");
    // Multiples of the 64 values (whole rounds); division runs a tenth as
    // many.
    let (base, extra) = if quick {
        (1_024, 10_240)
    } else {
        (1_024, 204_800)
    };
    let exe = std::env::current_exe().unwrap();
    println!(
        "`UBitInt<N>` arithmetic, instructions per loop iteration under callgrind ({extra} iterations measured, {} for `div` and `rem`{})",
        extra / 10,
        if quick { ", quick mode" } else { "" }
    );
    println!();
    println!(
        "Against clang-19: one C loop calls the operation out of line through the C ABI, compiled by clang-19 (`unsigned _BitInt(N)`, -O2; division above 128 bits is expanded inline by LLVM, up to 128 bits `__udivti3`) or by rustc (`UBitInt<N>`, release). `div` and `rem` divide each value by one of half its width (`(v >> N/2) | 1`)."
    );
    println!(
        "Against ruint 1.21: one Rust loop with the operation inlined, `UBitInt<N>` or `ruint::Uint<N, L>`, each loop in its own function (kept out of line, the same code for both). Its wall ratio{} is of the same two loops run natively (not under callgrind), each sized to about {} million instructions (tens of milliseconds), the fastest of {} runs with the process's start-up taken out: only indicative on a shared machine, but it sees what instructions do not (a chain of dependent operations waiting on each other, vector instructions doing several operations each, loads waiting for stores).",
        if quick {
            " (not measured in quick mode, whose runs would be too short)"
        } else {
            ""
        },
        WALL_INSTRUCTIONS / 1_000_000,
        WALL_RUNS
    );
    println!();
    println!(
        "| N | op | clang-19 | abi-core (C ABI) | ratio | abi-core (inlined) | ruint (inlined) | ratio | wall ratio |"
    );
    println!("|---:|---|---:|---:|---:|---:|---:|---:|---:|");
    let start_up = if quick {
        Duration::ZERO
    } else {
        fastest_run(&exe, "ruint,24,add,0")
    };
    for bits in WIDTHS {
        for op in OPS {
            let per = |implementation: &str| {
                let extra = if matches!(op, "div" | "rem") {
                    extra / 10 / 64 * 64
                } else {
                    extra
                };
                callgrind::per_iteration(
                    &exe,
                    "BITINT_BENCH_CHILD",
                    |n| format!("{implementation},{bits},{op},{n}"),
                    base,
                    extra,
                )
            };
            let (c, oc, o, r) = (per("clang"), per("ours-c"), per("ours"), per("ruint"));
            let wall_ratio = if quick {
                "-".to_owned()
            } else {
                // Iterations for about the same time whatever the
                // operation costs: a whole number of rounds over the 64
                // values.
                let n = (WALL_INSTRUCTIONS as f64 / o.max(r)) as u64 / 64 * 64;
                let n = n.max(64);
                let wall = |implementation: &str| {
                    let spec = format!("{implementation},{bits},{op},{n}");
                    fastest_run(&exe, &spec).saturating_sub(start_up)
                };
                format!(
                    "{:.2}",
                    wall("ours").as_secs_f64() / wall("ruint").as_secs_f64()
                )
            };
            println!(
                "| {bits} | {op} | {c:.2} | {oc:.2} | {:.3} | {o:.2} | {r:.2} | {:.3} | {wall_ratio} |",
                oc / c,
                o / r
            );
        }
    }
}

/// The instructions a native run of one loop is sized to (some tens of
/// milliseconds: the process's start-up, about a millisecond, varies by
/// a tenth of that).
const WALL_INSTRUCTIONS: u64 = 1_000_000_000;

/// Native runs per case; the fastest counts (a shared machine only ever
/// slows a run down).
const WALL_RUNS: usize = 5;

/// The fastest of [`WALL_RUNS`] native runs of `exe` measuring `spec`.
fn fastest_run(exe: &Path, spec: &str) -> Duration {
    (0..WALL_RUNS)
        .map(|_| {
            let start = Instant::now();
            let status = std::process::Command::new(exe)
                .env("BITINT_BENCH_CHILD", spec)
                .status()
                .expect("the benchmark runs itself");
            assert!(status.success(), "{spec}: the native run failed");
            start.elapsed()
        })
        .min()
        .expect("at least one run")
}
