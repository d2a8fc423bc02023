//! The book's quick starts (docs/src/quick_start_*.md), each run verbatim as
//! a user would: the chapter's blocks marked `file:<path>` written into a
//! scratch crate, its `sh run` block run there with bash, and every line of
//! its `text output` block looked for in what that printed.
//!
//! The scratch crates live in `target/quick-start/<crate>`, beside a
//! symbolic link `target/quick-start/abi` to the repository, so the
//! chapters' `path = "../abi/abi-core"` lines work as written. One build
//! folder, `target/quick-start/target`, is shared by the crates (each
//! crate's `target` links to it) and kept between runs. The one addition
//! to a chapter's text: `[workspace]` at the end of its `Cargo.toml`,
//! because the scratch crate sits inside the project's workspace folder
//! (the chapters say so).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The chapters, each with the crate name its `Cargo.toml` declares and
/// the foreign tools it runs (commands, or absolute paths).
const CHAPTERS: [(&str, &str, &[&str]); 3] = [
    (
        "docs/src/quick_start_verilator.md",
        "my_models",
        &["verilator", "make", "g++"],
    ),
    (
        "docs/src/quick_start_mlir.md",
        "my_kernels",
        &[
            "/usr/lib/llvm-19/bin/mlir-opt",
            "/usr/lib/llvm-19/bin/llvm-ar",
            "clang-19",
        ],
    ),
    (
        "docs/src/quick_start_c.md",
        "my_clib",
        &["clang-19", "gcc", "make"],
    ),
];

/// A fenced block: its info string and text.
struct Block {
    info: String,
    text: String,
}

/// Every fenced block of a Markdown text (```` ``` ```` fences at the
/// start of a line).
fn blocks(markdown: &str) -> Vec<Block> {
    let mut found = Vec::new();
    let mut open: Option<Block> = None;
    for line in markdown.lines() {
        match &mut open {
            None => {
                if let Some(info) = line.strip_prefix("```") {
                    open = Some(Block {
                        info: info.trim().to_owned(),
                        text: String::new(),
                    });
                }
            }
            Some(block) => {
                if line.trim_end() == "```" {
                    found.extend(open.take());
                } else {
                    block.text.push_str(line);
                    block.text.push('\n');
                }
            }
        }
    }
    found
}

/// The value of `key:` in an info string (`toml file:Cargo.toml`; a colon,
/// not `=`, which rustdoc warns about in the doctested chapters).
fn attribute<'a>(info: &'a str, key: &str) -> Option<&'a str> {
    info.split([' ', ','])
        .find_map(|word| word.strip_prefix(key)?.strip_prefix(':'))
}

fn has_word(info: &str, word: &str) -> bool {
    info.split([' ', ',']).any(|w| w == word)
}

/// Run every quick start (or the one whose crate is `only`); report each
/// one's time.
pub(crate) fn run_all(only: Option<&str>) -> Result<(), String> {
    let root = std::env::current_dir().map_err(|e| e.to_string())?;
    let scratch = root.join("target/quick-start");
    std::fs::create_dir_all(scratch.join("target")).map_err(|e| e.to_string())?;
    let link = scratch.join("abi");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(&root, &link).map_err(|e| e.to_string())?;
    let mut summary = Vec::new();
    for (chapter, name, tools) in CHAPTERS {
        if only.is_some_and(|only| only != name) {
            continue;
        }
        let missing: Vec<&str> = tools
            .iter()
            .copied()
            .filter(|tool| {
                if tool.starts_with('/') {
                    !Path::new(tool).exists()
                } else {
                    !crate::tools::has_command(tool)
                }
            })
            .collect();
        if !missing.is_empty() {
            let message = format!("{chapter}: missing {}", missing.join(", "));
            if crate::under_ci() {
                return Err(message);
            }
            println!("SKIPPED: {message}");
            continue;
        }
        let start = Instant::now();
        run_one(&root, &scratch, chapter, name, &[])?;
        summary.push(format!(
            "  {chapter}: {:.1} s",
            start.elapsed().as_secs_f64()
        ));
        if name == "my_kernels" {
            let start = Instant::now();
            if mlir_22(&root, &scratch, chapter, name)? {
                summary.push(format!(
                    "  {chapter} again with MLIR 22 and clang-22, and abi-mlir-build's tests: {:.1} s",
                    start.elapsed().as_secs_f64()
                ));
            }
        }
    }
    println!(
        "the quick starts, run verbatim from the book:\n{}",
        summary.join("\n")
    );
    Ok(())
}

fn run_one(
    root: &Path,
    scratch: &Path,
    chapter: &str,
    name: &str,
    env: &[(&str, &Path)],
) -> Result<(), String> {
    let text = std::fs::read_to_string(root.join(chapter))
        .map_err(|e| format!("cannot read {chapter}: {e}"))?;
    let blocks = blocks(&text);
    let dir = scratch.join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    std::os::unix::fs::symlink(scratch.join("target"), dir.join("target"))
        .map_err(|e| e.to_string())?;
    let mut files = Vec::new();
    for block in &blocks {
        let Some(file) = attribute(&block.info, "file") else {
            continue;
        };
        let path: PathBuf = dir.join(file);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
        }
        let mut contents = block.text.clone();
        if file == "Cargo.toml" {
            if !contents.contains(&format!("name = \"{name}\"")) {
                return Err(format!(
                    "{chapter}: its Cargo.toml is not the crate `{name}`"
                ));
            }
            contents.push_str(
                "\n# Added by xtask: not a member of the project's workspace.\n[workspace]\n",
            );
        }
        std::fs::write(&path, contents).map_err(|e| e.to_string())?;
        files.push(file.to_owned());
    }
    if !files.iter().any(|f| f == "Cargo.toml") {
        return Err(format!("{chapter}: no ```toml file:Cargo.toml block"));
    }
    // The crate's dependencies at the versions the project's own tests use.
    std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).map_err(|e| e.to_string())?;
    let script = blocks
        .iter()
        .find(|b| b.info.starts_with("sh") && has_word(&b.info, "run"))
        .ok_or_else(|| format!("{chapter}: no ```sh run block"))?;
    let expected = blocks
        .iter()
        .find(|b| b.info.starts_with("text") && has_word(&b.info, "output"))
        .ok_or_else(|| format!("{chapter}: no ```text output block"))?;
    let output = Command::new("bash")
        .args(["-euo", "pipefail", "-c", &script.text])
        .current_dir(&dir)
        // The crate's own `target/` (the link), as a user's.
        .env_remove("CARGO_TARGET_DIR")
        .envs(env.iter().copied())
        .output()
        .map_err(|e| format!("cannot run bash: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let missing: Vec<&str> = expected
        .text
        .lines()
        .filter(|line| !line.trim().is_empty() && !stdout.lines().any(|l| l == *line))
        .collect();
    if !output.status.success() || !missing.is_empty() {
        return Err(format!(
            "{chapter}: the quick start failed ({}; lines of its output block not printed: {missing:?}):\n{stdout}{stderr}",
            output.status
        ));
    }
    if let Some(line) = text.lines().find(|l| l.starts_with("NATIVE := ")) {
        check_native_libraries(&dir, chapter, line.trim_start_matches("NATIVE := "))?;
    }
    println!(
        "{chapter}: {} files written, `{}` passed",
        files.len(),
        script.text.trim().replace('\n', "; ")
    );
    Ok(())
}

/// The chapter's list of native libraries is what rustc prints for the
/// crate's static library.
fn check_native_libraries(dir: &Path, chapter: &str, listed: &str) -> Result<(), String> {
    let output = Command::new("cargo")
        .args([
            "rustc",
            "--quiet",
            "--release",
            "--lib",
            "--crate-type",
            "staticlib",
            "--",
            "--print",
            "native-static-libs",
        ])
        .current_dir(dir)
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    let printed = stderr
        .lines()
        .find_map(|l| l.split("native-static-libs: ").nth(1))
        .ok_or_else(|| format!("{chapter}: rustc printed no native-static-libs:\n{stderr}"))?;
    if printed.trim() != listed.trim() {
        return Err(format!(
            "{chapter}: the Makefile lists `{listed}`, rustc prints `{printed}` for the static library"
        ));
    }
    Ok(())
}

/// The MLIR quick start and abi-mlir-build's tests (the `linalg` kernel)
/// again with MLIR 22 and clang-22 ([`mlir_22_tools`]). `Ok(false)`:
/// skipped, said so (outside CI).
fn mlir_22(root: &Path, scratch: &Path, chapter: &str, name: &str) -> Result<bool, String> {
    let Some(bin) = mlir_22_tools(root)? else {
        return Ok(false);
    };
    let clang = Path::new("clang-22");
    run_one(
        root,
        scratch,
        chapter,
        name,
        &[("MLIR_BIN_DIR", &bin), ("MLIR_CLANG", clang)],
    )?;
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(cargo)
        .args(["test", "--quiet", "--package", "abi-mlir-build"])
        .env("MLIR_BIN_DIR", &bin)
        .env("MLIR_CLANG", "clang-22")
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "abi-mlir-build's tests with MLIR 22 failed ({}):\n{}{}",
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    println!(
        "MLIR 22 ({}) and clang-22: the MLIR quick start and abi-mlir-build's tests passed",
        bin.display()
    );
    Ok(true)
}

/// MLIR 22's `mlir-opt` and `mlir-translate` (with LLVM 19's `llvm-ar`) in
/// one folder, for `MLIR_BIN_DIR`. Debian's `libmlir-22` conflicts with
/// the `libmlir-19` the other MLIR tests need, so MLIR 22 is not installed:
/// its two packages are downloaded (`apt-get download`, 43 MB) and unpacked
/// into `target/mlir-22` (270 MB; `mlir-opt` finds its `libMLIR.so`
/// through its own runpath, `libLLVM.so.22` comes with clang-22).
/// `llvm-ar` is LLVM 19's (the `llvm-22` package is not needed for an
/// archive of ELF objects). `Ok(None)`: not available, said so (outside
/// CI; under CI an error).
pub(crate) fn mlir_22_tools(root: &Path) -> Result<Option<PathBuf>, String> {
    if !crate::tools::has_command("clang-22") {
        return skip("MLIR 22: clang-22 is not installed".to_owned());
    }
    let dir = root.join("target/mlir-22");
    let bin = dir.join("bin");
    let tools = dir.join("root/usr/lib/llvm-22/bin");
    let works = |bin: &Path| {
        Command::new(bin.join("mlir-opt"))
            .arg("--version")
            .output()
            .is_ok_and(|o| {
                o.status.success() && String::from_utf8_lossy(&o.stdout).contains("LLVM version 22")
            })
    };
    if works(&bin) {
        return Ok(Some(bin));
    }
    if !download_and_unpack(&dir, &["mlir-22-tools", "libmlir-22"])? {
        return skip("MLIR 22: `apt-get download mlir-22-tools libmlir-22` failed".to_owned());
    }
    std::fs::create_dir_all(&bin).map_err(|e| e.to_string())?;
    for (link, target) in [
        ("mlir-opt", tools.join("mlir-opt")),
        ("mlir-translate", tools.join("mlir-translate")),
        ("llvm-ar", PathBuf::from("/usr/lib/llvm-19/bin/llvm-ar")),
    ] {
        std::os::unix::fs::symlink(&target, bin.join(link)).map_err(|e| e.to_string())?;
    }
    if !works(&bin) {
        return Err(format!(
            "MLIR 22 unpacked into {} does not run",
            dir.display()
        ));
    }
    Ok(Some(bin))
}

/// A tool that is missing: said so and `Ok(None)` outside CI, an error
/// under CI (where nothing may be skipped).
pub(crate) fn skip<T>(message: String) -> Result<Option<T>, String> {
    if crate::under_ci() {
        Err(message)
    } else {
        println!("SKIPPED: {message}");
        Ok(None)
    }
}

/// Debian `packages` downloaded (`apt-get download`) and unpacked into
/// `dir/root` (`dir` emptied first); `Ok(false)` when the download failed.
pub(crate) fn download_and_unpack(dir: &Path, packages: &[&str]) -> Result<bool, String> {
    let debs = dir.join("debs");
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(&debs).map_err(|e| e.to_string())?;
    let downloaded = Command::new("apt-get")
        .args(["download", "-qq"])
        .args(packages)
        .current_dir(&debs)
        .output()
        .is_ok_and(|o| o.status.success());
    if !downloaded {
        return Ok(false);
    }
    for deb in std::fs::read_dir(&debs).map_err(|e| e.to_string())? {
        let deb = deb.map_err(|e| e.to_string())?.path();
        let status = Command::new("dpkg")
            .arg("-x")
            .arg(&deb)
            .arg(dir.join("root"))
            .status()
            .map_err(|e| format!("cannot run dpkg: {e}"))?;
        if !status.success() {
            return Err(format!("dpkg -x {} failed ({status})", deb.display()));
        }
    }
    let _ = std::fs::remove_dir_all(&debs);
    Ok(true)
}

/// c-tests' MLIR suite (every `#[ciface]` test: the kernels lowered by
/// `abi-mlir-build`, the callbacks, the results, the complex numbers, MLIR's
/// runtime verification, the C callers) built and run again with MLIR 22
/// and clang-22, in a target folder of its own (`target/mlir-22-build`).
pub(crate) fn c_tests_with_mlir_22() -> Result<(), String> {
    let root = std::env::current_dir().map_err(|e| e.to_string())?;
    let Some(bin) = mlir_22_tools(&root)? else {
        return Ok(());
    };
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let status = Command::new(cargo)
        .args([
            "test",
            "--quiet",
            "--package",
            "c-tests",
            "--lib",
            "--",
            "mlir_ciface",
            "readme_mlir",
        ])
        .env("CARGO_TARGET_DIR", root.join("target/mlir-22-build"))
        .env("MLIR_BIN_DIR", &bin)
        .env("MLIR_CLANG", "clang-22")
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!(
            "c-tests' MLIR suite with MLIR 22 failed ({status})"
        ));
    }
    println!("MLIR 22 and clang-22: c-tests' MLIR suite passed");
    crate::memcheck::mlir_build_under_valgrind(&[
        (
            "CARGO_TARGET_DIR",
            root.join("target/mlir-22-build").as_os_str(),
        ),
        ("MLIR_BIN_DIR", bin.as_os_str()),
        ("MLIR_CLANG", "clang-22".as_ref()),
    ])?;
    println!("MLIR 22 and clang-22: c-tests' MLIR suite under valgrind: no error, no leak");
    Ok(())
}
