//! Compiles the C drivers in `c/` against the committed headers
//! `include/c_tests_*.h`, once with gcc and once with clang-19, with
//! `-std=c11 -pedantic -Wall -Wextra -Werror`. Each build gets its own
//! symbol prefix (`gcc_`, `clang_`) so both link into one test binary.
//!
//! clang-19 is required under CI (`CI=true`); elsewhere a missing clang-19
//! is reported as a build warning and its tests print that they were
//! skipped. `cargo xtask test` installs it.

use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "build_support/naming_cases.rs"]
mod naming_cases;
#[path = "build_support/packed_layouts.rs"]
mod packed_layouts;
#[path = "build_support/rng.rs"]
mod rng;

const DRIVERS: &[&str] = &["c/harness.c", "c/prototypes.c"];

fn main() {
    // This crate's DPI-C functions follow Verilator's ABI (its testbenches
    // run in Verilator); other crates' are not affected.
    println!("cargo::rustc-env=ABI_CORE_DPI_FLAVOUR=verilator");
    println!("cargo::rerun-if-changed=c");
    println!("cargo::rerun-if-changed=include");
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rerun-if-env-changed=ABI_SKIP_C");
    println!("cargo::rerun-if-changed=build_support");
    println!("cargo::rerun-if-env-changed=PACKED_LAYOUT_SEED");
    // `tests/dpi_boundary.rs` stands in for the simulator's svdpi.h
    // functions, which abi-core finds with `dlsym`, as in a simulator
    // linked with `-rdynamic`.
    println!("cargo::rustc-link-arg-tests=-rdynamic");

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
    // Random hard names for `tests/naming.rs`.
    std::fs::write(
        Path::new(&out_dir).join("naming_cases.rs"),
        naming_cases::generate(0x6e61_6d65, 24),
    )
    .expect("write naming_cases.rs");
    println!("cargo::rustc-check-cfg=cfg(c_harness)");
    println!("cargo::rustc-check-cfg=cfg(clang19)");
    println!("cargo::rustc-check-cfg=cfg(bitint_harness)");
    println!("cargo::rustc-check-cfg=cfg(mlir_kernels)");

    // Only for creating the golden header the very first time, before there
    // is one to compile against; never set in CI.
    if std::env::var_os("ABI_SKIP_C").is_some() {
        println!("cargo::warning=ABI_SKIP_C is set: the C harness is not built");
        return;
    }
    let target = std::env::var("TARGET").expect("cargo sets TARGET");
    if target != std::env::var("HOST").expect("cargo sets HOST") {
        // A cross-target run (`cargo xtask test` runs the `_BitInt` calls on
        // i686 natively and on aarch64 under qemu): the `_BitInt` harness
        // only, for that target. The rest of the C harness, the MLIR
        // kernels and the benchmarks are host (x86-64) tests.
        // The committed header's layout checks are x86-64's: the harness
        // compiles against the header rendered for the target by the
        // run's first step (the ignored test `write_header_for_this_target`).
        println!("cargo::rerun-if-env-changed=C_TESTS_TARGET_HEADER_DIR");
        let Some(header_dir) = std::env::var_os("C_TESTS_TARGET_HEADER_DIR") else {
            println!(
                "cargo::warning=cross-target build for {target} without C_TESTS_TARGET_HEADER_DIR: no C harness (the first step of `cargo xtask test`'s cross-target run)"
            );
            return;
        };
        let clang = bitint_clang();
        if !has_compiler(&clang) {
            panic!("{clang} is required to build the `_BitInt` harness for {target}");
        }
        compile_bitint_harness(Some(Path::new(&header_dir)));
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
        compile_bitint_harness(None);
        cc::Build::new()
            .compiler("clang-19")
            .file("c/bitint_bench.c")
            .file("c/bitint_shim_driver.c")
            .opt_level(2)
            .warnings(false)
            .flag("-std=c2x")
            .compile("c_tests_bitint_bench");
    } else if under_ci() {
        panic!("clang-19 is required under CI but was not found; `cargo xtask test` installs it");
    } else {
        println!(
            "cargo::warning=clang-19 not found: the clang half of the C conformance harness is skipped (run `cargo xtask test` to install it)"
        );
    }

    lower_mlir(&out_dir);
}

/// The clang that compiles the `_BitInt` harness: clang-19, or the one
/// `C_TESTS_BITINT_CLANG` names (`cargo xtask cross` runs the calls with
/// clang-19 and with clang-22, whose `_BitInt` rules differ on RISC-V; the
/// generated header refuses a clang whose rules differ from the library's).
fn bitint_clang() -> String {
    println!("cargo::rerun-if-env-changed=C_TESTS_BITINT_CLANG");
    std::env::var("C_TESTS_BITINT_CLANG").unwrap_or_else(|_| "clang-19".to_owned())
}

/// `c/bitint_calls.c` with [`bitint_clang`] for the target (`_BitInt`
/// needs C23; gcc 12 has no `_BitInt` at all); `cc` passes clang the
/// target triple. `header_dir` holds a `c_tests_bitint.h` rendered for a
/// cross target, searched before the committed one.
fn compile_bitint_harness(header_dir: Option<&Path>) {
    let mut build = cc::Build::new();
    if let Some(dir) = header_dir {
        build.include(dir);
    }
    build
        .compiler(bitint_clang())
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
}

fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// MLIR 19's tools, where Debian's `mlir-19-tools` and `llvm-19` put them
/// (`MLIR_BIN_DIR` and `MLIR_CLANG` choose others, as for
/// `abi-mlir-build`: `cargo xtask test` runs the MLIR tests again with
/// MLIR 22 and clang-22).
const LLVM_BIN: &str = "/usr/lib/llvm-19/bin";

/// Lower the modules of `mlir/` with MLIR 19 (or the MLIR of
/// `MLIR_BIN_DIR`) and link them, through `abi-mlir-build` (which checks
/// every step's exit status and that `mlir-opt` left only the `llvm`
/// dialect).
fn lower_mlir(out_dir: &str) {
    println!("cargo::rerun-if-changed=mlir");
    println!("cargo::rerun-if-env-changed=MLIR_BIN_DIR");
    println!("cargo::rerun-if-env-changed=MLIR_CLANG");
    let bin = std::env::var_os("MLIR_BIN_DIR").map_or_else(|| LLVM_BIN.into(), PathBuf::from);
    let clang = std::env::var("MLIR_CLANG").unwrap_or_else(|_| "clang-19".to_owned());
    let tool = |name: &str| bin.join(name);
    let available = ["mlir-opt", "mlir-translate", "llvm-ar"]
        .iter()
        .all(|t| tool(t).exists())
        && has_compiler(&clang);
    if !available {
        if under_ci() {
            panic!(
                "MLIR 19 (mlir-19-tools, llvm-19, clang-19) is required under CI but was not found; `cargo xtask test` installs it"
            );
        }
        println!(
            "cargo::warning=MLIR 19 not found: the MLIR C-interface tests are skipped (run `cargo xtask test` to install mlir-19-tools)"
        );
        return;
    }
    let out = Path::new(out_dir);
    // C that calls the kernels and the Rust callbacks through the
    // header's descriptor structs (before the kernels in the link order).
    cc::Build::new()
        .compiler(&clang)
        .include(Path::new("include"))
        .file("c/mlir_calls.c")
        .warnings(false)
        .flag("-std=c11")
        .flag("-pedantic")
        .flag("-Wall")
        .flag("-Wextra")
        .flag("-Werror")
        .compile("c_tests_mlir_calls");
    // The modules, through the project's build helper as a user's
    // `build.rs` would: the default pipeline; `expanded.mlir` declares its
    // callee without a C interface; `verified.mlir` runs MLIR's own
    // runtime checks.
    abi_mlir_build::Build::new()
        .file("mlir/kernels.mlir")
        .file("mlir/dialects.mlir")
        .file("mlir/complex.mlir")
        .file("mlir/vector.mlir")
        .compile("mlir_kernels");
    abi_mlir_build::Build::new()
        .file("mlir/expanded.mlir")
        .c_wrappers(false)
        .compile("mlir_expanded");
    abi_mlir_build::Build::new()
        .file("mlir/verified.mlir")
        .runtime_verification(true)
        .compile("mlir_verified");
    lower_readme_example(out);
    jit_kernels(out, &bin, &clang);
    println!("cargo::rustc-cfg=mlir_kernels");
}

/// `mlir/jit.mlir` lowered with the build helper's passes into a shared
/// object that nothing links (`C_TESTS_JIT_KERNELS` names it): the tests
/// `dlopen` it and call its functions through `#[ciface(jit)]` handles.
fn jit_kernels(out: &Path, bin: &Path, clang: &str) {
    let dir = out.join("jit");
    std::fs::create_dir_all(&dir).expect("create the jit folder");
    let lowered = dir.join("jit.llvm.mlir");
    let ir = dir.join("jit.ll");
    let library = dir.join("libjit_kernels.so");
    let run = |command: &mut Command| {
        let output = command.output().expect("run an MLIR tool");
        assert!(
            output.status.success(),
            "{command:?} failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
    };
    run(Command::new(bin.join("mlir-opt"))
        .arg("mlir/jit.mlir")
        .args(abi_mlir_build::Build::new().mlir_opt_args())
        .arg("-o")
        .arg(&lowered));
    run(Command::new(bin.join("mlir-translate"))
        .arg("--mlir-to-llvmir")
        .arg(&lowered)
        .arg("-o")
        .arg(&ir));
    run(Command::new(clang)
        .args(["-shared", "-fPIC", "-O2", "-Wno-override-module"])
        .arg(&ir)
        .arg("-o")
        .arg(&library));
    println!("cargo::rustc-env=C_TESTS_JIT_KERNELS={}", library.display());
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

/// The manual's MLIR chapter (docs/src/mlir.md), run as written: its kernel (the ```mlir
/// block), its shell commands (the ```sh block, with `bash -e`) and its
/// Rust code (the ```rust block, which `src/readme_mlir.rs` includes and a
/// test runs), so that the manual cannot drift from what works.
fn lower_readme_example(out: &Path) {
    println!("cargo::rerun-if-changed=../docs/src/mlir.md");
    let section = std::fs::read_to_string("../docs/src/mlir.md").expect("read ../docs/src/mlir.md");
    let block = |fence: &str| -> String {
        let start = section
            .find(fence)
            .unwrap_or_else(|| panic!("no {fence} block in the manual's MLIR chapter"))
            + fence.len();
        let body = &section[start..];
        body[..body.find("\n```").expect("a closed block")].to_owned()
    };
    let dir = out.join("readme");
    std::fs::create_dir_all(&dir).expect("create the manual example directory");
    std::fs::write(dir.join("kernel.mlir"), block("```mlir\n")).expect("write kernel.mlir");
    run_checked(
        Command::new("bash")
            .args(["-e", "-c", &block("```sh\n")])
            .current_dir(&dir),
    );
    // The Rust side: the `rust` block that is not the `build.rs`.
    let rust: String = block("```rust,no_run\nuse ")
        .lines()
        .filter(|line| !line.starts_with("# "))
        .enumerate()
        .map(|(i, line)| {
            if i == 0 {
                format!("use {line}")
            } else {
                line.to_owned()
            }
        })
        .map(|line| format!("{line}\n"))
        .collect();
    std::fs::write(out.join("readme_mlir.rs"), rust).expect("write readme_mlir.rs");
    println!("cargo::rustc-link-search=native={}", dir.display());
    println!("cargo::rustc-link-lib=static=kernel");
}

/// Run a tool; a failure (non-zero exit) fails the build with its stderr.
fn run_checked(command: &mut Command) {
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
    if !output.status.success() {
        panic!(
            "{command:?} failed ({}):\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
    }
}
