//! A property test of naming: random functions whose parameter and
//! function names are C, C++ and SystemVerilog keywords, Rust raw
//! identifiers and names that collide with derived ones (`build.rs`,
//! `build_support/naming_cases.rs`). Their C header must compile with gcc
//! and clang-19 (`-Werror`) and as C++ with g++, and their SystemVerilog
//! package must pass `verilator --lint-only -Wall`. The files are written
//! to `target/naming/` for `cargo xtask test`, which also has slang
//! elaborate the package and CIRCT parse the declarations.

#![allow(clippy::all, unused_parens, unreachable_pub)]

#[path = "support/tools.rs"]
mod tools;

use std::path::{Path, PathBuf};
use std::process::Command;

mod cases {
    include!(concat!(env!("OUT_DIR"), "/naming_cases.rs"));
}

fn registry() -> abi_core::Registry {
    abi_core::Registry::all().for_crate(env!("CARGO_CRATE_NAME"))
}

/// `target/naming` of the workspace (or of `CARGO_TARGET_DIR`).
fn out_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target"));
    let dir = target.join("naming");
    std::fs::create_dir_all(&dir).expect("create target/naming");
    dir
}

fn run(command: &mut Command, what: &str) {
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("cannot run {what}: {e}"));
    assert!(
        output.status.success(),
        "{what} rejected the generated file:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn hard_names_make_files_every_tool_accepts() {
    let registry = registry();
    assert!(
        registry.functions().len() >= 40,
        "the generated functions are registered"
    );
    let files = abi_core::emit::Bundle::new("naming")
        .write(&registry, &out_dir())
        .expect("the files render");
    let dir = out_dir();
    let header = dir.join("naming.h");
    let dpi_header = dir.join("naming_dpi.h");
    let main = dir.join("naming_main.c");
    std::fs::write(
        &main,
        "#include \"naming.h\"\nint main(void) { return 0; }\n",
    )
    .unwrap();
    for compiler in ["gcc", "clang-19"] {
        if tools::available(compiler) {
            run(
                Command::new(compiler)
                    .args([
                        "-std=c11",
                        "-pedantic",
                        "-Wall",
                        "-Wextra",
                        "-Werror",
                        "-fsyntax-only",
                    ])
                    .arg(&main),
                compiler,
            );
        }
    }
    if tools::available("g++") {
        // C++ reads the C header (`extern "C"`) and the DPI header (which
        // Verilator's generated C++ includes).
        for file in [&header, &dpi_header] {
            let include = if file == &dpi_header {
                vec!["-I/usr/share/verilator/include/vltstd".to_owned()]
            } else {
                Vec::new()
            };
            run(
                Command::new("g++")
                    .args([
                        "-std=c++17",
                        "-Wall",
                        "-Wextra",
                        "-Werror",
                        "-fsyntax-only",
                        "-x",
                        "c++",
                    ])
                    .args(include)
                    .arg(file),
                "g++",
            );
        }
    }
    if tools::available("verilator") {
        run(
            Command::new("verilator")
                .args(["--lint-only", "-Wall"])
                .arg(dir.join("naming_dpi.sv")),
            "verilator --lint-only -Wall",
        );
    }
    assert!(files.iter().any(|f| f.ends_with("naming_dpi.mlir")));
    // Keep the names honest: the keywords really are in the sources.
    let sv = std::fs::read_to_string(dir.join("naming_dpi.sv")).unwrap();
    assert!(sv.contains("\\table ") && sv.contains("begin_"), "{sv}");
}
