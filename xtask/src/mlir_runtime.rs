//! `cargo xtask mlir-runtime`: the Rust runner utilities
//! (`abi-mlir-runtime`) against LLVM's. Every MLIR program of
//! `mlir-runtime/tests/mlir/` is lowered by MLIR 19 and by MLIR 22, run
//! by that version's runner (`mlir-cpu-runner`, `mlir-runner`) once with
//! Debian's `libmlir_runner_utils` + `libmlir_c_runner_utils` and once with
//! `libabi_mlir_runtime.so`: both must exit 0 and print the same bytes on
//! stdout and on stderr, addresses aside. `sort_alloc.mlir` is lowered a
//! second time with generic allocation functions (which only the Rust
//! runtime provides) and must print the same. Then each program, lowered
//! by MLIR 19 and linked with `libabi_mlir_runtime.a` into an executable,
//! runs under valgrind memcheck: 0 errors, 0 leaks. Before the runs, every
//! C function LLVM's two libraries export (`nm -D`) but the sparse-tensor
//! runtime must be exported by ours.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The passes that lower the programs: `abi-mlir-build`'s default
/// pipeline, with `vector.print` of vectors of more than one dimension
/// lowered to `scf` first.
fn passes() -> Vec<&'static str> {
    let mut passes = vec!["--convert-vector-to-scf"];
    passes.extend_from_slice(abi_mlir_build::DEFAULT_PASSES);
    passes
}

/// One MLIR version: its `mlir-opt`, its runner and LLVM's two runtime
/// libraries.
struct Version {
    name: &'static str,
    mlir_opt: PathBuf,
    runner: PathBuf,
    reference: Vec<PathBuf>,
}

pub(crate) fn compare() -> Result<(), String> {
    let root = std::env::current_dir().map_err(|e| e.to_string())?;
    let mut versions = Vec::new();
    if let Some(v) = mlir_19(&root)? {
        versions.push(v);
    }
    if let Some(bin) = crate::quick_starts::mlir_22_tools(&root)? {
        let llvm = root.join("target/mlir-22/root/usr/lib/llvm-22");
        versions.push(Version {
            name: "22",
            mlir_opt: bin.join("mlir-opt"),
            runner: llvm.join("bin/mlir-runner"),
            reference: vec![
                llvm.join("lib/libmlir_runner_utils.so.22.1"),
                llvm.join("lib/libmlir_c_runner_utils.so.22.1"),
            ],
        });
    }
    crate::cargo(&["build", "--quiet", "--package", "abi-mlir-runtime"])?;
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| root.join("target"), PathBuf::from)
        .join("debug");
    let ours = target.join("libabi_mlir_runtime.so");
    for version in &versions {
        every_function_provided(version, &ours)?;
    }
    let programs = programs(&root)?;
    let scratch = root.join("target/mlir-runtime");
    let mut compared = 0;
    for version in &versions {
        let dir = scratch.join(version.name);
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        for program in &programs {
            let stem = program.file_stem().unwrap().to_string_lossy().into_owned();
            let lowered = dir.join(format!("{stem}.llvm.mlir"));
            lower(version, program, &lowered, &[])?;
            let reference = run(version, &lowered, &version.reference)?;
            let rust = run(version, &lowered, std::slice::from_ref(&ours))?;
            same(&format!("MLIR {} {stem}", version.name), &reference, &rust)?;
            compared += 1;
            if stem == "sort_alloc" {
                let generic = dir.join(format!("{stem}.generic.llvm.mlir"));
                lower(
                    version,
                    program,
                    &generic,
                    &[
                        "--finalize-memref-to-llvm=use-generic-functions=true use-aligned-alloc=true",
                    ],
                )?;
                let rust = run(version, &generic, std::slice::from_ref(&ours))?;
                same(
                    &format!("MLIR {} {stem} (generic allocation)", version.name),
                    &reference,
                    &rust,
                )?;
            }
        }
    }
    println!(
        "abi-mlir-runtime: {compared} runs of {} programs printed what LLVM's runtime prints (MLIR {})",
        programs.len(),
        versions
            .iter()
            .map(|v| v.name)
            .collect::<Vec<_>>()
            .join(" and ")
    );
    if let Some(v19) = versions.iter().find(|v| v.name == "19") {
        under_valgrind(&root, v19, &programs, &target, &scratch.join("valgrind"))?;
    }
    Ok(())
}

/// The C functions a shared library defines and exports (`nm -D`).
fn exported(library: &Path) -> Result<std::collections::BTreeSet<String>, String> {
    let output = Command::new("nm")
        .args(["-D", "--defined-only"])
        .arg(library)
        .output()
        .map_err(|e| format!("cannot run nm: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "nm {} failed:\n{}",
            library.display(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(
            |line| match line.split_whitespace().collect::<Vec<_>>()[..] {
                [_, "T", name] if !name.starts_with("_Z") => Some(name.to_owned()),
                _ => None,
            },
        )
        .collect())
}

/// The sparse-tensor runtime, which `abi-mlir-runtime` does not provide.
fn sparse_tensor_function(name: &str) -> bool {
    name.contains("parse")
        || name.starts_with("_mlir_ciface_expInsert")
        || name.starts_with("_mlir_ciface_lexInsert")
        || name == "endLexInsert"
        || name == "getTensorFilename"
}

/// Every C function LLVM's two runtime libraries export, the sparse-tensor
/// runtime aside, is exported by ours.
fn every_function_provided(version: &Version, ours: &Path) -> Result<(), String> {
    let provided = exported(ours)?;
    let mut theirs = std::collections::BTreeSet::new();
    for library in &version.reference {
        theirs.extend(exported(library)?);
    }
    let sparse = theirs.iter().filter(|n| sparse_tensor_function(n)).count();
    let missing: Vec<&String> = theirs
        .iter()
        .filter(|n| !sparse_tensor_function(n) && !provided.contains(*n))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "MLIR {}: LLVM's runtime exports functions abi-mlir-runtime does not: {missing:?}",
            version.name
        ));
    }
    println!(
        "MLIR {}: abi-mlir-runtime exports all {} functions of LLVM's runtime but its {sparse} sparse-tensor ones",
        version.name,
        theirs.len() - sparse
    );
    Ok(())
}

fn programs(root: &Path) -> Result<Vec<PathBuf>, String> {
    let dir = root.join("mlir-runtime/tests/mlir");
    let mut programs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    programs.sort();
    Ok(programs)
}

/// What `cargo xtask setup` provisions for this step: `libmlir-19`'s
/// runtime libraries when the package is not installed.
pub(crate) fn provision(root: &Path) -> Result<(), String> {
    mlir_19(root).map(drop)
}

/// MLIR 19: Debian's `mlir-19-tools`, and `libmlir-19`'s two runtime
/// libraries (downloaded and unpacked into `target/libmlir-19` when the
/// package is not installed).
fn mlir_19(root: &Path) -> Result<Option<Version>, String> {
    use crate::quick_starts::skip;
    let bin = PathBuf::from("/usr/lib/llvm-19/bin");
    if !bin.join("mlir-cpu-runner").exists() {
        return skip("MLIR 19: mlir-cpu-runner (mlir-19-tools) is not installed".to_owned());
    }
    let installed = PathBuf::from("/usr/lib/llvm-19/lib");
    let lib = if installed.join("libmlir_runner_utils.so.19.1").exists() {
        installed
    } else {
        let dir = root.join("target/libmlir-19");
        let lib = dir.join("root/usr/lib/llvm-19/lib");
        if !lib.join("libmlir_runner_utils.so.19.1").exists()
            && !crate::quick_starts::download_and_unpack(&dir, &["libmlir-19"])?
        {
            return skip("MLIR 19: `apt-get download libmlir-19` failed".to_owned());
        }
        lib
    };
    Ok(Some(Version {
        name: "19",
        mlir_opt: bin.join("mlir-opt"),
        runner: bin.join("mlir-cpu-runner"),
        reference: vec![
            lib.join("libmlir_runner_utils.so.19.1"),
            lib.join("libmlir_c_runner_utils.so.19.1"),
        ],
    }))
}

/// Lower `program` to the LLVM dialect (`replace`: passes given instead of
/// the default ones with the same name before `=`).
fn lower(version: &Version, program: &Path, out: &Path, replace: &[&str]) -> Result<(), String> {
    let passes: Vec<&str> = passes()
        .into_iter()
        .map(|p| {
            replace
                .iter()
                .find(|r| r.split('=').next() == Some(p))
                .copied()
                .unwrap_or(p)
        })
        .collect();
    let output = Command::new(&version.mlir_opt)
        .arg(program)
        .args(&passes)
        .arg("-o")
        .arg(out)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", version.mlir_opt.display()))?;
    if !output.status.success() {
        return Err(format!(
            "MLIR {}: mlir-opt {} failed:\n{}",
            version.name,
            program.display(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(())
}

fn run(version: &Version, lowered: &Path, libs: &[PathBuf]) -> Result<Output, String> {
    let libs: Vec<String> = libs.iter().map(|l| l.display().to_string()).collect();
    let output = Command::new(&version.runner)
        .args(["-e", "main", "-entry-point-result=void"])
        .arg(format!("-shared-libs={}", libs.join(",")))
        .arg(lowered)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", version.runner.display()))?;
    if !output.status.success() {
        return Err(format!(
            "{} {} with {} failed ({}):\n{}",
            version.runner.display(),
            lowered.display(),
            libs.join(","),
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(output)
}

/// Addresses (`0x...`) replaced, the rest byte for byte.
fn masked(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i..].starts_with(b"0x") {
            out.extend_from_slice(b"ADDR");
            i += 2;
            while i < bytes.len() && bytes[i].is_ascii_hexdigit() {
                i += 1;
            }
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    out
}

fn same(what: &str, reference: &Output, rust: &Output) -> Result<(), String> {
    for (stream, a, b) in [
        ("stdout", &reference.stdout, &rust.stdout),
        ("stderr", &reference.stderr, &rust.stderr),
    ] {
        if masked(a) != masked(b) {
            return Err(format!(
                "{what}: the Rust runtime's {stream} differs from LLVM's\n--- LLVM:\n{}\n--- Rust:\n{}",
                String::from_utf8_lossy(a),
                String::from_utf8_lossy(b)
            ));
        }
    }
    if reference.stdout.is_empty() {
        return Err(format!("{what}: nothing printed"));
    }
    println!(
        "{what}: same {} + {} bytes",
        reference.stdout.len(),
        reference.stderr.len()
    );
    Ok(())
}

/// Each program lowered by MLIR 19, translated, compiled by clang-19 and
/// linked with the static Rust runtime into an executable, under valgrind
/// memcheck.
fn under_valgrind(
    root: &Path,
    version: &Version,
    programs: &[PathBuf],
    target: &Path,
    dir: &Path,
) -> Result<(), String> {
    if !crate::tools::has_command("valgrind") {
        if crate::under_ci() {
            return Err("valgrind is not installed".to_owned());
        }
        println!("SKIPPED: valgrind is not installed");
        return Ok(());
    }
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let driver = dir.join("driver.c");
    std::fs::write(
        &driver,
        "void mlir_main(void);\nint main(void) { mlir_main(); return 0; }\n",
    )
    .map_err(|e| e.to_string())?;
    let translate = version.mlir_opt.with_file_name("mlir-translate");
    let _ = root;
    for program in programs {
        let stem = program.file_stem().unwrap().to_string_lossy().into_owned();
        let lowered = dir.join(format!("{stem}.llvm.mlir"));
        lower(version, program, &lowered, &[])?;
        let text = std::fs::read_to_string(&lowered).map_err(|e| e.to_string())?;
        std::fs::write(&lowered, text.replace("@main(", "@mlir_main("))
            .map_err(|e| e.to_string())?;
        let ll = dir.join(format!("{stem}.ll"));
        let exe = dir.join(&stem);
        let ok = |c: &mut Command, what: &str| -> Result<(), String> {
            let o = c.output().map_err(|e| format!("cannot run {what}: {e}"))?;
            if o.status.success() {
                Ok(())
            } else {
                Err(format!(
                    "{what} failed:\n{}",
                    String::from_utf8_lossy(&o.stderr)
                ))
            }
        };
        ok(
            Command::new(&translate)
                .arg("--mlir-to-llvmir")
                .arg(&lowered)
                .arg("-o")
                .arg(&ll),
            "mlir-translate",
        )?;
        ok(
            Command::new("clang-19")
                .args(["-O1", "-Wno-override-module"])
                .arg(&ll)
                .arg(&driver)
                .arg(target.join("libabi_mlir_runtime.a"))
                .args(["-lm", "-lpthread", "-ldl", "-o"])
                .arg(&exe),
            "clang-19",
        )?;
        ok(
            Command::new("valgrind")
                .args([
                    "--quiet",
                    "--error-exitcode=99",
                    "--leak-check=full",
                    // As the MLIR step of `memcheck`: what is lost, not
                    // what stays reachable (abi-core's panic hook, installed
                    // once per process).
                    "--show-leak-kinds=definite,indirect",
                    "--errors-for-leak-kinds=definite,indirect",
                ])
                .arg(&exe),
            &format!("{stem} under valgrind"),
        )?;
        println!("valgrind: {stem} linked with libabi_mlir_runtime.a: 0 errors, 0 leaks");
    }
    Ok(())
}
