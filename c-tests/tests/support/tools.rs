//! The one rule the integration tests follow for a foreign tool (a
//! compiler, valgrind): run it when it is installed; outside CI, skip
//! (and say so) when it is not; under CI, fail, since a conformance test
//! whose tool is missing proves nothing.

use std::process::Command;

/// Whether `tool --version` runs and succeeds. When it does not, panics
/// under CI (`CI` is `true` or `1`) and otherwise prints a `SKIPPED` line
/// naming the tool and returns `false`.
pub(crate) fn available(tool: &str) -> bool {
    let found = Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            !std::env::var("CI").is_ok_and(|v| v == "true" || v == "1"),
            "{tool} is required under CI (`cargo xtask setup` installs it)"
        );
        eprintln!("SKIPPED: {tool} is not installed; run `cargo xtask test` to install it");
    }
    found
}
