//! Compiles the C drivers in `c/` against the committed header
//! `include/c_tests.h`, once with gcc and once with clang-19, with
//! `-std=c11 -pedantic -Wall -Wextra -Werror`. Each build gets its own
//! symbol prefix (`gcc_`, `clang_`) so both link into one test binary.
//!
//! clang-19 is required under CI (`CI=true`); elsewhere a missing clang-19
//! is reported as a build warning and its tests print that they were
//! skipped. `cargo xtask test` installs it.

use std::path::Path;
use std::process::Command;

#[path = "build_support/packed_layouts.rs"]
mod packed_layouts;
#[path = "build_support/rng.rs"]
mod rng;

const DRIVERS: &[&str] = &["c/harness.c", "c/prototypes.c"];

fn main() {
    println!("cargo::rerun-if-changed=c");
    println!("cargo::rerun-if-changed=include");
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rerun-if-env-changed=ABI_SKIP_C");
    println!("cargo::rerun-if-changed=build_support");
    println!("cargo::rerun-if-env-changed=PACKED_LAYOUT_SEED");

    // Random packed layouts for `tests/packed_layouts.rs`.
    let seed = std::env::var("PACKED_LAYOUT_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_0f1a_u64);
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(
        Path::new(&out_dir).join("packed_layouts.rs"),
        packed_layouts::generate(seed, 40),
    )
    .expect("write packed_layouts.rs");
    println!("cargo::rustc-check-cfg=cfg(c_harness)");
    println!("cargo::rustc-check-cfg=cfg(clang19)");
    println!("cargo::rustc-check-cfg=cfg(bitint_harness)");

    // Only for creating the golden header the very first time, before there
    // is one to compile against; never set in CI.
    if std::env::var_os("ABI_SKIP_C").is_some() {
        println!("cargo::warning=ABI_SKIP_C is set: the C harness is not built");
        return;
    }
    println!("cargo::rustc-cfg=c_harness");

    compile("gcc", "gcc");
    cc::Build::new()
        .compiler("gcc")
        .file("c/bench_driver.c")
        .opt_level(2)
        .flag("-std=c11")
        .compile("c_tests_bench_driver");
    if has_compiler("clang-19") {
        compile("clang-19", "clang");
        println!("cargo::rustc-cfg=clang19");
        // `_BitInt` needs C23; gcc 12 has no `_BitInt` at all.
        cc::Build::new()
            .compiler("clang-19")
            .include(Path::new("include"))
            .define("HARNESS_PREFIX", "bitint")
            .file("c/bitint_calls.c")
            .opt_level(1)
            .warnings(false)
            .flag("-std=c2x")
            .flag("-pedantic")
            .flag("-Wall")
            .flag("-Wextra")
            .flag("-Werror")
            .compile("c_tests_bitint");
        println!("cargo::rustc-cfg=bitint_harness");
        cc::Build::new()
            .compiler("clang-19")
            .file("c/bitint_bench.c")
            .opt_level(2)
            .warnings(false)
            .flag("-std=c2x")
            .compile("c_tests_bitint_bench");
    } else if std::env::var("CI").is_ok_and(|v| v == "true" || v == "1") {
        panic!("clang-19 is required under CI but was not found; `cargo xtask test` installs it");
    } else {
        println!(
            "cargo::warning=clang-19 not found: the clang half of the C conformance harness is skipped (run `cargo xtask test` to install it)"
        );
    }
}

fn has_compiler(name: &str) -> bool {
    Command::new(name)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn compile(compiler: &str, prefix: &str) {
    let mut build = cc::Build::new();
    build
        .compiler(compiler)
        .include(Path::new("include"))
        .define("HARNESS_PREFIX", prefix)
        .warnings(false)
        .flag("-std=c11")
        .flag("-pedantic")
        .flag("-Wall")
        .flag("-Wextra")
        .flag("-Werror");
    for driver in DRIVERS {
        build.file(driver);
    }
    build.compile(&format!("c_tests_{prefix}"));
}
