//! Checks of what users see besides behaviour: the documentation builds
//! without warnings, and the libraries build with the oldest Rust the
//! `rust-version` field promises.

use std::process::Command;

/// `cargo doc` of the workspace's libraries with every rustdoc warning an
/// error (broken intra-doc links, bad code-block attributes, ...).
pub(crate) fn docs_without_warnings() -> Result<(), String> {
    let status = Command::new("cargo")
        .args(["doc", "--workspace", "--no-deps", "--quiet"])
        .env("RUSTDOCFLAGS", "-D warnings")
        .status()
        .map_err(|e| format!("cannot run cargo doc: {e}"))?;
    if !status.success() {
        return Err(format!(
            "`cargo doc` with RUSTDOCFLAGS=-D warnings failed ({status})"
        ));
    }
    println!("cargo doc: the workspace's documentation builds with -D warnings");
    Ok(())
}

/// The `rust-version` of the workspace manifest.
fn rust_version() -> Result<String, String> {
    let manifest = std::fs::read_to_string("Cargo.toml").map_err(|e| e.to_string())?;
    manifest
        .lines()
        .find_map(|line| {
            let value = line
                .trim()
                .strip_prefix("rust-version")?
                .trim()
                .strip_prefix('=')?;
            Some(value.trim().trim_matches('"').to_owned())
        })
        .ok_or_else(|| "Cargo.toml has no rust-version".to_owned())
}

/// The libraries users depend on (abi-core with each of its features, the
/// macros, the MLIR build helper) type-check with the toolchain
/// `rust-version` names, installed with rustup's minimal profile.
pub(crate) fn minimum_rust_version() -> Result<(), String> {
    let version = rust_version()?;
    let installed = Command::new("rustup")
        .args(["toolchain", "list"])
        .output()
        .map_err(|e| format!("cannot run rustup: {e}"))?;
    let have = String::from_utf8_lossy(&installed.stdout)
        .lines()
        .any(|l| l.starts_with(&format!("{version}-")));
    if !have {
        let status = Command::new("rustup")
            .args(["toolchain", "install", &version, "--profile", "minimal"])
            .status()
            .map_err(|e| format!("cannot run rustup: {e}"))?;
        if !status.success() {
            return Err(format!(
                "`rustup toolchain install {version}` failed ({status})"
            ));
        }
    }
    // A separate target folder: another compiler's artifacts would only
    // evict the main build's.
    let status = Command::new("rustup")
        .args(["run", &version, "cargo", "check", "--quiet", "--locked"])
        .args([
            "--package",
            "abi-core",
            "--package",
            "abi-macros",
            "--package",
            "abi-mlir-build",
        ])
        .args([
            "--features",
            "abi-core/verilator,abi-core/half,abi-core/ndarray,abi-core/num-complex",
        ])
        .env("CARGO_TARGET_DIR", "target/msrv")
        .status()
        .map_err(|e| format!("cannot run cargo with Rust {version}: {e}"))?;
    if !status.success() {
        return Err(format!(
            "the libraries do not build with Rust {version}, the workspace's rust-version ({status})"
        ));
    }
    println!(
        "Rust {version} (the workspace's rust-version) builds abi-core with every feature, abi-macros and abi-mlir-build"
    );
    Ok(())
}
