//! The rustc the UI snapshots (`.stderr` files of trybuild) were blessed
//! with: rustc's wording, notes and spans change between releases, so the
//! snapshots are compared on that toolchain only. Elsewhere the UI tests
//! are skipped with a message, except under `CI=true`, where they must run
//! and a different rustc fails them. Shared by abi-macros' `ui` and
//! abi-core's `view_lifetimes` and `ieee_flavour_ui`; re-bless all three
//! when this changes.

use std::process::Command;

/// `rustc --version`'s version of the toolchain that blessed the snapshots.
pub(crate) const BLESSED: &str = "1.95.0";

/// Whether the UI tests of `suite` run: `true` on the blessed toolchain;
/// `false` (after saying why) on another one; a panic on another one under
/// `CI=true`.
pub(crate) fn blessed_toolchain(suite: &str) -> bool {
    // The `rustc` cargo and trybuild run: rustup resolves it from
    // `RUSTUP_TOOLCHAIN`, as it resolved the `cargo` running this test.
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let current = Command::new(&rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|out| {
            String::from_utf8(out.stdout)
                .ok()?
                .split_whitespace()
                .nth(1)
                .map(str::to_owned)
        })
        .unwrap_or_else(|| format!("unknown (`{rustc} --version` failed)"));
    if current == BLESSED {
        return true;
    }
    let rerun = format!("rustup run {BLESSED} cargo test {suite}");
    if std::env::var("CI").is_ok_and(|v| v == "true" || v == "1") {
        panic!(
            "the UI snapshots of `{suite}` are blessed with rustc {BLESSED}, and CI runs them on it: this is rustc {current}; run `{rerun}`"
        );
    }
    eprintln!(
        "SKIPPED: the UI snapshots of `{suite}` are blessed with rustc {BLESSED}, this is rustc {current}; run `{rerun}` (under CI=true a different rustc fails)"
    );
    false
}
