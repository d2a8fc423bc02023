//! `UBitInt<N>` arithmetic against clang-19's native `unsigned _BitInt(N)`
//! code and against `ruint::Uint`, in instructions per operation under
//! callgrind: add, multiply (both wrapping), shift left by a variable
//! amount (then xor), and compare, at N = 24, 128, 256, 1024.
//!
//! Each implementation runs one loop over the same 64 pseudo-random values
//! `n` times; it runs under callgrind for `n = N0` and `n = N0 + N`, and the
//! difference over `N` is the cost of one iteration. `cargo xtask bench`
//! runs it; `--quick` uses fewer iterations.

use std::hint::black_box;

#[path = "support/callgrind.rs"]
mod callgrind;

use abi_core::bitint::BitStorage;
use abi_core::bitint::UBitInt;

const VALUES: usize = 64;
const OPS: [&str; 4] = ["add", "mul", "shl", "lt"];
const WIDTHS: [u32; 4] = [24, 128, 256, 1024];

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

/// One loop per operation over the 64 values, inlined; returns a fold of
/// every word of the result (so no part of the work is dead) or the count.
macro_rules! run_loops {
    ($values:expr, $op:expr, $n:expr, $bits:expr, $shift:ty, $fold:expr) => {{
        let values = black_box($values);
        let mut acc = values[0];
        let mut count = 0u64;
        let n = $n as usize;
        match $op {
            "add" => {
                for i in 0..n {
                    acc = acc.wrapping_add(values[i % VALUES]);
                }
            }
            "mul" => {
                for i in 0..n {
                    acc = acc.wrapping_mul(values[i % VALUES]);
                }
            }
            "shl" => {
                for i in 0..n {
                    acc = (acc << ((i % $bits) as $shift)) ^ values[i % VALUES];
                }
            }
            _ => {
                for i in 0..n {
                    count += u64::from(values[i % VALUES] < values[(i + 1) % VALUES]);
                }
            }
        }
        if $op == "lt" { count } else { ($fold)(acc) }
    }};
}

fn ours<const N: u32, S: BitStorage>(op: &str, n: u64) -> u64 {
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
    run_loops!(values, op, n, N as usize, u32, |acc: UBitInt<N, S>| acc
        .words()
        .as_ref()
        .iter()
        .fold(0, |x, w| x ^ w))
}

fn theirs<const N: usize, const L: usize>(op: &str, n: u64) -> u64 {
    let values: [ruint::Uint<N, L>; VALUES] = std::array::from_fn(|i| {
        let words = &value_words(N as u32)[i];
        ruint::Uint::from_limbs(std::array::from_fn(|k| words[k]))
    });
    run_loops!(values, op, n, N, usize, |acc: ruint::Uint<N, L>| acc
        .as_limbs()
        .iter()
        .fold(0, |x, w| x ^ w))
}

/// The operations as out-of-line `extern "C"` functions, called by the same
/// C driver loop as clang's own (`c/bitint_bench.c`).
macro_rules! c_abi_width {
    ($module:ident, $ty:ty, $c_add:ident, $c_mul:ident, $c_shlx:ident, $c_lt:ident, $drive_add:ident, $drive_shlx:ident, $drive_lt:ident) => {
        mod $module {
            use abi_core::bitint::UBitInt;
            type T = $ty;
            unsafe extern "C" {
                fn $c_add(a: T, b: T) -> T;
                fn $c_mul(a: T, b: T) -> T;
                fn $c_shlx(a: T, v: T, k: u32) -> T;
                fn $c_lt(a: T, b: T) -> bool;
                fn $drive_add(f: unsafe extern "C" fn(T, T) -> T, n: u64) -> u64;
                fn $drive_shlx(f: unsafe extern "C" fn(T, T, u32) -> T, n: u64) -> u64;
                fn $drive_lt(f: unsafe extern "C" fn(T, T) -> bool, n: u64) -> u64;
            }
            #[inline(never)]
            unsafe extern "C" fn add(a: T, b: T) -> T {
                a.wrapping_add(b)
            }
            #[inline(never)]
            unsafe extern "C" fn mul(a: T, b: T) -> T {
                a.wrapping_mul(b)
            }
            #[inline(never)]
            unsafe extern "C" fn shlx(a: T, v: T, k: u32) -> T {
                (a << k) ^ v
            }
            #[inline(never)]
            unsafe extern "C" fn lt(a: T, b: T) -> bool {
                a < b
            }
            pub(crate) fn run(native: bool, op: &str, n: u64) -> u64 {
                // SAFETY: the drivers call the functions with values of their
                // declared types only.
                unsafe {
                    match (op, native) {
                        ("add", true) => $drive_add($c_add, n),
                        ("add", false) => $drive_add(add, n),
                        ("mul", true) => $drive_add($c_mul, n),
                        ("mul", false) => $drive_add(mul, n),
                        ("shl", true) => $drive_shlx($c_shlx, n),
                        ("shl", false) => $drive_shlx(shlx, n),
                        (_, true) => $drive_lt($c_lt, n),
                        (_, false) => $drive_lt(lt, n),
                    }
                }
            }
            #[allow(unused_imports)]
            use UBitInt as _;
        }
    };
}

c_abi_width!(
    w24,
    UBitInt<24>,
    c_add_24,
    c_mul_24,
    c_shlx_24,
    c_lt_24,
    drive_add_24,
    drive_shlx_24,
    drive_lt_24
);
c_abi_width!(
    w128,
    UBitInt<128>,
    c_add_128,
    c_mul_128,
    c_shlx_128,
    c_lt_128,
    drive_add_128,
    drive_shlx_128,
    drive_lt_128
);
c_abi_width!(
    w256,
    UBitInt<256>,
    c_add_256,
    c_mul_256,
    c_shlx_256,
    c_lt_256,
    drive_add_256,
    drive_shlx_256,
    drive_lt_256
);
c_abi_width!(
    w1024,
    abi_core::ubitint!(1024),
    c_add_1024,
    c_mul_1024,
    c_shlx_1024,
    c_lt_1024,
    drive_add_1024,
    drive_shlx_1024,
    drive_lt_1024
);

fn run(implementation: &str, bits: u32, op: &str, n: u64) -> u64 {
    let native = implementation == "clang";
    match (implementation, bits) {
        ("clang" | "ours-c", 24) => w24::run(native, op, n),
        ("clang" | "ours-c", 128) => w128::run(native, op, n),
        ("clang" | "ours-c", 256) => w256::run(native, op, n),
        ("clang" | "ours-c", _) => w1024::run(native, op, n),
        ("ours", 24) => ours::<24, abi_core::bitint_storage!(24)>(op, n),
        ("ours", 128) => ours::<128, abi_core::bitint_storage!(128)>(op, n),
        ("ours", 256) => ours::<256, abi_core::bitint_storage!(256)>(op, n),
        ("ours", _) => ours::<1024, abi_core::bitint_storage!(1024)>(op, n),
        ("ruint", 24) => theirs::<24, 1>(op, n),
        ("ruint", 128) => theirs::<128, 2>(op, n),
        ("ruint", 256) => theirs::<256, 4>(op, n),
        (_, _) => theirs::<1024, 16>(op, n),
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
            let expected = run("clang", bits, op, 1000);
            for implementation in ["ours-c", "ours", "ruint"] {
                assert_eq!(
                    run(implementation, bits, op, 1000),
                    expected,
                    "{implementation} vs clang, {op} at {bits}"
                );
            }
        }
    }

    let quick = std::env::args().any(|a| a == "--quick");
    let (base, extra) = if quick {
        (1_000, 10_000)
    } else {
        (1_000, 200_000)
    };
    let exe = std::env::current_exe().unwrap();
    println!(
        "`UBitInt<N>` arithmetic, instructions per loop iteration under callgrind ({extra} iterations measured{})",
        if quick { ", quick mode" } else { "" }
    );
    println!();
    println!(
        "Against clang-19: one C loop calls the operation out of line through the C ABI, compiled by clang-19 (`unsigned _BitInt(N)`, -O2) or by rustc (`UBitInt<N>`, release)."
    );
    println!(
        "Against ruint 1.21: one Rust loop with the operation inlined, `UBitInt<N>` or `ruint::Uint<N, L>`."
    );
    println!();
    println!(
        "| N | op | clang-19 | abi-core (C ABI) | ratio | abi-core (inlined) | ruint (inlined) | ratio |"
    );
    println!("|---:|---|---:|---:|---:|---:|---:|---:|");
    for bits in WIDTHS {
        for op in OPS {
            let per = |implementation: &str| {
                callgrind::per_iteration(
                    &exe,
                    "BITINT_BENCH_CHILD",
                    |n| format!("{implementation},{bits},{op},{n}"),
                    base,
                    extra,
                )
            };
            let (c, oc, o, r) = (per("clang"), per("ours-c"), per("ours"), per("ruint"));
            println!(
                "| {bits} | {op} | {c:.2} | {oc:.2} | {:.3} | {o:.2} | {r:.2} | {:.3} |",
                oc / c,
                o / r
            );
        }
    }
}
