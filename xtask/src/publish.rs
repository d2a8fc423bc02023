//! The published crates, checked from their packages: `cargo package` of
//! the five library crates (what `cargo publish --dry-run` does: each
//! packaged and built from its tarball in dependency order, a dependent
//! resolved against its dependencies' packages through cargo's local
//! registry overlay), the metadata and files each package must carry,
//! then every package unpacked into a scratch workspace where the crates
//! see each other only as their tarballs (`[patch.crates-io]`), and their
//! unit tests, integration tests and doctests run there; last the
//! documentation as docs.rs builds it. A file a test or a doctest reads
//! from outside its package, a dev-dependency cycle or a missing file
//! fails here, not after an upload.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The library crates: package name and folder, in dependency order.
const CRATES: [(&str, &str); 5] = [
    ("abi-model", "abi-model"),
    ("abi-macros", "abi-macros"),
    ("abi-mlir-build", "mlir-build"),
    ("abi-core", "abi-core"),
    ("abi-mlir-runtime", "mlir-runtime"),
];

/// What each package's manifest must say (crates.io shows them; docs.rs
/// reads the last).
const METADATA: [&str; 8] = [
    "description = ",
    "license = ",
    "readme = \"README.md\"",
    "documentation = \"https://docs.rs/",
    "keywords = ",
    "categories = ",
    "[package.metadata.docs.rs]",
    "all-features = true",
];

/// The files each package must carry besides its sources.
const FILES: [&str; 3] = ["README.md", "LICENSE-MIT", "LICENSE-APACHE"];

/// The warning of `cargo package` that is expected: abi-macros' UI tests
/// are left out of its package (they compile code using abi-core, a
/// path-only dev-dependency the package cannot carry; they run in the
/// workspace).
const EXPECTED_WARNINGS: [&str; 2] = [
    "warning: ignoring test `ui` as `tests/ui.rs` is not included",
    "warning: ignoring test `supported_types` as `tests/supported_types.rs` is not included",
];

pub(crate) fn target_dir() -> Result<PathBuf, String> {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => std::path::absolute(dir).map_err(|e| e.to_string()),
        None => Ok(std::env::current_dir()
            .map_err(|e| e.to_string())?
            .join("target")),
    }
}

fn version() -> Result<String, String> {
    crate::hygiene::workspace_manifest_value("version")
}

/// Package, check and test the five library crates from their tarballs.
pub(crate) fn from_tarballs() -> Result<(), String> {
    let start = Instant::now();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let target = target_dir()?;
    let version = version()?;

    // `cargo package` of the five: what `cargo publish --dry-run` does
    // (package in dependency order, build each from its tarball), and it
    // keeps the tarballs, which the dry run deletes. `--allow-dirty`: the
    // packages are checked, not the Git state. A tarball left from an
    // earlier run must not stand in for one this run failed to write.
    for (name, _) in CRATES {
        let _ = std::fs::remove_file(target.join(format!("package/{name}-{version}.crate")));
    }
    let mut package = Command::new(&cargo);
    // `--no-verify`: cargo's own verification builds each crate against
    // the others through a local registry, and cargo treats a registry
    // crate as never changing: a build of abi-model left in the target
    // folder by an earlier run (of the same version, from the same
    // registry path) stood in for the changed one and abi-macros failed
    // against it. The scratch workspace below builds and tests every
    // package from its tarball instead, by path, where cargo compares
    // contents (see `sync`).
    package.args(["package", "--allow-dirty", "--locked", "--no-verify"]);
    for (name, _) in CRATES {
        package.args(["--package", name]);
    }
    let output = package
        .output()
        .map_err(|e| format!("cannot run cargo package: {e}"))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        return Err(format!(
            "`cargo package` failed ({}):\n{stderr}",
            output.status
        ));
    }
    let unexpected: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("warning"))
        .filter(|l| !EXPECTED_WARNINGS.iter().any(|w| l.starts_with(w)))
        .collect();
    if !unexpected.is_empty() {
        return Err(format!(
            "`cargo package` warned:\n{}\n(full output:\n{stderr})",
            unexpected.join("\n")
        ));
    }
    let packaged = start.elapsed();

    // Unpack into a scratch workspace. Its build folder is the main one,
    // so dependencies already built are reused; the workspace itself is
    // outside it, or trybuild would take the UI tests' sources for build
    // products and print their paths in full. One per build folder, so
    // that work trees do not share it.
    let scratch = {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::hash::DefaultHasher::new();
        target.hash(&mut hasher);
        std::env::temp_dir().join(format!("abi-packages-{:016x}", hasher.finish()))
    };
    // cargo gives every file of a package the same fixed mtime, and cargo
    // decides what to rebuild by mtime: a tarball unpacked over the last
    // one would leave the last build looking fresh. So each package is
    // unpacked aside, then copied over the scratch copy file by file where
    // the content differs (a copied file is newer than the last build),
    // and what the package no longer has is removed.
    let staging = scratch.with_extension("staging");
    let _ = std::fs::remove_dir_all(&staging);
    std::fs::create_dir_all(&staging).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(&scratch).map_err(|e| e.to_string())?;
    let mut members = Vec::new();
    let mut patches = Vec::new();
    for (name, _) in CRATES {
        let tarball = target.join(format!("package/{name}-{version}.crate"));
        let status = Command::new("tar")
            .arg("xzf")
            .arg(&tarball)
            .arg("-C")
            .arg(&staging)
            .status()
            .map_err(|e| format!("cannot run tar: {e}"))?;
        if !status.success() {
            return Err(format!("cannot unpack {} ({status})", tarball.display()));
        }
        let dir = format!("{name}-{version}");
        check_package(&staging.join(&dir), name)?;
        sync(&staging.join(&dir), &scratch.join(&dir))?;
        patches.push(format!("{name} = {{ path = \"{dir}\" }}"));
        members.push(format!("\"{dir}\""));
    }
    let manifest = format!(
        "# Written by `cargo xtask test`: the packages of the library crates,\n\
         # each seeing the others only as their packages.\n\
         [workspace]\nresolver = \"3\"\nmembers = [{}]\n\n[patch.crates-io]\n{}\n",
        members.join(", "),
        patches.join("\n")
    );
    let _ = std::fs::remove_dir_all(&staging);
    std::fs::write(scratch.join("Cargo.toml"), manifest).map_err(|e| e.to_string())?;
    // The repository's lock file, so the packages are tested with the
    // dependency versions the workspace is (cargo drops what is unused).
    std::fs::copy("Cargo.lock", scratch.join("Cargo.lock")).map_err(|e| e.to_string())?;

    let tests = Instant::now();
    let status = Command::new(&cargo)
        .args(["test", "--workspace", "--quiet"])
        .current_dir(&scratch)
        .env("CARGO_TARGET_DIR", &target)
        .status()
        .map_err(|e| format!("cannot run cargo test: {e}"))?;
    if !status.success() {
        return Err(format!(
            "the tests of the packaged crates failed in {} ({status})",
            scratch.display()
        ));
    }
    let tested = tests.elapsed();
    let docs = Instant::now();
    let docs_rs = docs_as_on_docs_rs(&scratch, &target)?;
    println!(
        "packages: {} packaged with complete metadata, README and licences ({:.1} s); their unit, integration and doctests pass from the unpacked tarballs ({:.1} s)",
        CRATES.map(|(name, _)| name).join(", "),
        packaged.as_secs_f64(),
        tested.as_secs_f64()
    );
    if docs_rs {
        println!(
            "packages: their documentation builds as docs.rs builds it, with the feature badges ({:.1} s)",
            docs.elapsed().as_secs_f64()
        );
    }
    println!("packages: {:.1} s in all", start.elapsed().as_secs_f64());
    Ok(())
}

/// The packages' documentation built as docs.rs builds it: nightly
/// rustdoc, every feature, `--cfg docsrs` (which turns on
/// `feature(doc_cfg)`, so feature-gated items carry a badge). Checks that
/// the badges are there. `false` when nightly is missing outside CI.
fn docs_as_on_docs_rs(scratch: &Path, target: &Path) -> Result<bool, String> {
    if !crate::sanitizers::nightly_with(&[])? {
        return Ok(false);
    }
    // A build folder of its own: another compiler's artifacts.
    let docs_target = target.join("docsrs");
    let mut doc = crate::sanitizers::nightly_cargo(
        &[
            "doc",
            "--workspace",
            "--all-features",
            "--no-deps",
            "--quiet",
        ],
        &[("RUSTDOCFLAGS", "--cfg docsrs")],
    );
    doc.current_dir(scratch)
        .env("CARGO_TARGET_DIR", &docs_target);
    crate::sanitizers::run(doc, "`cargo +nightly doc` of the packages (as docs.rs)")?;
    let page = docs_target.join("doc/abi_core/memref/struct.MemRef.html");
    let html = std::fs::read_to_string(&page)
        .map_err(|e| format!("rustdoc wrote no {}: {e}", page.display()))?;
    if !html.contains("Available on <strong>crate feature <code>ndarray</code></strong> only") {
        return Err(format!(
            "{} has no badge for the `ndarray` feature: `doc_cfg` is not on under `--cfg docsrs`",
            page.display()
        ));
    }
    Ok(true)
}

/// One unpacked package: its manifest's metadata, its README and licence
/// files, and no file of the repository outside it.
fn check_package(dir: &Path, name: &str) -> Result<(), String> {
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).map_err(|e| e.to_string())?;
    for field in METADATA {
        if !manifest.lines().any(|l| l.starts_with(field)) {
            return Err(format!(
                "the package of {name} has no `{field}...` in its Cargo.toml"
            ));
        }
    }
    if manifest.contains("example.invalid") {
        return Err(format!("the package of {name} names a placeholder URL"));
    }
    for file in FILES {
        let path = dir.join(file);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("the package of {name} has no {file}: {e}"))?;
        if text.trim().is_empty() {
            return Err(format!("the package of {name} has an empty {file}"));
        }
    }
    Ok(())
}

/// Make `to` a copy of `from`: files whose content differs (or that are
/// new) are copied, and so get the current time as mtime; files and
/// folders `from` does not have are removed; identical files are left
/// alone, so their last build stays fresh.
fn sync(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| e.to_string())?;
    let mut wanted = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(from).map_err(|e| e.to_string())? {
        let entry = entry.map_err(|e| e.to_string())?;
        let source = entry.path();
        let copy = to.join(entry.file_name());
        wanted.insert(entry.file_name());
        if entry.file_type().map_err(|e| e.to_string())?.is_dir() {
            if copy.is_file() {
                std::fs::remove_file(&copy).map_err(|e| e.to_string())?;
            }
            sync(&source, &copy)?;
        } else {
            if copy.is_dir() {
                std::fs::remove_dir_all(&copy).map_err(|e| e.to_string())?;
            }
            let new = std::fs::read(&source).map_err(|e| e.to_string())?;
            if std::fs::read(&copy).ok().as_deref() != Some(new.as_slice()) {
                std::fs::write(&copy, new).map_err(|e| e.to_string())?;
            }
        }
    }
    for entry in std::fs::read_dir(to).map_err(|e| e.to_string())? {
        let entry = entry.map_err(|e| e.to_string())?;
        if !wanted.contains(&entry.file_name()) {
            let path = entry.path();
            let removed = if path.is_dir() {
                std::fs::remove_dir_all(&path)
            } else {
                std::fs::remove_file(&path)
            };
            removed.map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}
