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
    workspace_manifest_value("rust-version")
}

/// The first `key = "value"` of the workspace manifest (`Cargo.toml`).
pub(crate) fn workspace_manifest_value(key: &str) -> Result<String, String> {
    let manifest = std::fs::read_to_string("Cargo.toml").map_err(|e| e.to_string())?;
    manifest
        .lines()
        .find_map(|line| {
            let value = line.trim().strip_prefix(key)?.trim().strip_prefix('=')?;
            Some(value.trim().trim_matches('"').to_owned())
        })
        .ok_or_else(|| format!("Cargo.toml has no {key}"))
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
            "--package",
            "abi-mlir-runtime",
        ])
        .args([
            "--features",
            "abi-core/half,abi-core/ndarray,abi-core/num-complex",
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

/// The mdBook version the manual is built with (installed into
/// `target/tools` on first use, without the `serve` and `watch` features
/// nothing here needs).
const MDBOOK_VERSION: &str = "0.5.4";

/// The chapters `docs/src/SUMMARY.md` links (file names without `.md`).
fn chapters() -> Result<Vec<String>, String> {
    let summary = std::fs::read_to_string("docs/src/SUMMARY.md").map_err(|e| e.to_string())?;
    Ok(summary
        .split("](")
        .skip(1)
        .filter_map(|rest| rest.split(".md)").next())
        .map(str::to_owned)
        .collect())
}

/// `mdbook`, installed into `target/tools` when missing.
fn mdbook() -> Result<std::path::PathBuf, String> {
    let root = std::env::current_dir().map_err(|e| e.to_string())?;
    let tools = root.join("target/tools");
    let binary = tools.join("bin/mdbook");
    let installed = Command::new(&binary)
        .arg("--version")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains(MDBOOK_VERSION));
    if !installed {
        println!("installing mdbook {MDBOOK_VERSION} into target/tools (a few minutes, once)");
        let status = Command::new("cargo")
            .args(["install", "--quiet", "--locked", "mdbook", "--version"])
            .arg(MDBOOK_VERSION)
            .args(["--no-default-features", "--features", "search", "--root"])
            .arg(&tools)
            .status()
            .map_err(|e| format!("cannot run cargo install: {e}"))?;
        if !status.success() {
            return Err(format!("`cargo install mdbook` failed ({status})"));
        }
    }
    Ok(binary)
}

/// The manual (`docs/`) built with mdBook into `target/book`: every
/// chapter becomes a page, and the README is its introduction. (Its Rust
/// examples run as c-tests doctests, its recipes in `cargo xtask test`.)
pub(crate) fn book() -> Result<(), String> {
    let mdbook = mdbook()?;
    let out = std::path::Path::new("target/book");
    let _ = std::fs::remove_dir_all(out);
    let output = Command::new(&mdbook)
        .args(["build", "docs"])
        .output()
        .map_err(|e| format!("cannot run mdbook: {e}"))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    // mdBook reports a missing include or a broken SUMMARY link as an
    // error but may still exit 0 for some of them.
    if !output.status.success() || stderr.contains("ERROR") || stderr.contains("WARN") {
        return Err(format!(
            "mdbook build docs failed ({}):\n{stderr}",
            output.status
        ));
    }
    let chapters = chapters()?;
    // Every chapter but the introduction (which includes the README's
    // commands) has its Rust examples run as c-tests doctests.
    let doctested = std::fs::read_to_string("c-tests/src/lib.rs").map_err(|e| e.to_string())?;
    let doctested = doctested
        .split("chapters!(")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .ok_or("c-tests/src/lib.rs has no `chapters!(...)` list")?;
    for chapter in chapters.iter().filter(|c| *c != "introduction") {
        if !doctested.split(',').any(|c| c.trim() == chapter) {
            return Err(format!(
                "docs/src/{chapter}.md is not in c-tests' `chapters!` doctest list"
            ));
        }
    }
    for chapter in &chapters {
        let page = out.join(format!("{chapter}.html"));
        let html = std::fs::read_to_string(&page)
            .map_err(|e| format!("mdbook wrote no {}: {e}", page.display()))?;
        if html.len() < 2000 {
            return Err(format!("{} is nearly empty", page.display()));
        }
    }
    let introduction = std::fs::read_to_string(out.join("introduction.html")).unwrap_or_default();
    if !introduction.contains("cargo xtask showcase") {
        return Err("the book's introduction does not include the README's two commands".into());
    }
    let broken = broken_links(out, &chapters)?;
    if !broken.is_empty() {
        return Err(format!(
            "the book has links that resolve to nothing:\n{}",
            broken.join("\n")
        ));
    }
    println!(
        "mdbook {MDBOOK_VERSION}: the manual's {} chapters built into target/book",
        chapters.len()
    );
    Ok(())
}

/// The relative links of the chapters' pages (`href="..."` that is no URL
/// and no in-page anchor) whose target does not exist, from the page's
/// folder (`target/book`, two levels below the repository, so links to
/// repository files resolve as they do on disk).
fn broken_links(out: &std::path::Path, chapters: &[String]) -> Result<Vec<String>, String> {
    let mut broken = Vec::new();
    for chapter in chapters {
        let page = out.join(format!("{chapter}.html"));
        let html = std::fs::read_to_string(&page).map_err(|e| e.to_string())?;
        for link in html
            .split("href=\"")
            .skip(1)
            .filter_map(|s| s.split('"').next())
        {
            let target = link.split('#').next().unwrap_or("");
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            if !out.join(target).exists() {
                broken.push(format!("{chapter}.html: {link}"));
            }
        }
    }
    Ok(broken)
}
