//! `cargo xtask compile-cost`: the clean-build cost of abi-core and of a
//! user crate with many `_BitInt` widths.

use std::process::Command;

use crate::benchmarks;

/// Clean-build cost of abi-core, and of a user crate with 100 distinct
/// `_BitInt` widths (small, large and very large widths, to show the cost
/// does not grow with N), against the same crate on `u64`.
pub(crate) fn compile_cost() -> Result<(), String> {
    let root = std::env::current_dir().map_err(|e| e.to_string())?;
    let work = root.join("target/compile-cost");
    let _ = std::fs::remove_dir_all(&work);
    // Wall seconds of a build (the peak memory `timed_cargo` also reports
    // is not used here).
    let timed = |dir: &std::path::Path, args: &[&str], target: &std::path::Path| {
        benchmarks::timed_cargo(dir, args, target).map(|(seconds, _)| seconds)
    };
    let core_target = work.join("core-target");
    let core_clean = timed(
        &root,
        &["build", "--quiet", "--package", "abi-core"],
        &core_target,
    )?;
    let _ = Command::new("touch")
        .arg(root.join("abi-core/src/lib.rs"))
        .status();
    let core_alone = timed(
        &root,
        &["build", "--quiet", "--package", "abi-core"],
        &core_target,
    )?;

    let mut rows = Vec::new();
    // The first width of each variant; `None` is the `u64` baseline.
    let variants = [
        ("u64 (baseline)", None),
        ("BitInt, N = 2..=101", Some(2)),
        ("BitInt, N = 4000..=4099", Some(4000)),
        ("BitInt, N = 100000..=100099", Some(100_000)),
    ];
    for (index, (name, first_width)) in variants.iter().enumerate() {
        let ty = |k: u32| {
            first_width.map_or_else(|| "u64".to_owned(), |first: u32| width_type(first + k))
        };
        let dir = work.join(format!("user{index}"));
        std::fs::create_dir_all(dir.join("src")).map_err(|e| e.to_string())?;
        std::fs::write(
            dir.join("Cargo.toml"),
            format!(
                "[package]\nname = \"user{index}\"\nversion = \"0.0.0\"\nedition = \"2024\"\n\n[dependencies]\nabi-core = {{ path = \"{}\" }}\n\n[workspace]\n",
                root.join("abi-core").display()
            ),
        )
        .map_err(|e| e.to_string())?;
        let mut source = String::from("#![allow(unused_imports)]\nuse abi_core::bitint::BitInt;\n");
        for k in 0..100 {
            let t = ty(k);
            source.push_str(&format!(
                "pub fn f{k}(a: {t}, b: {t}) -> ({t}, String) {{ (a.wrapping_mul(b).wrapping_add(a) ^ (b >> 3), a.to_string()) }}\n"
            ));
        }
        std::fs::write(dir.join("src/lib.rs"), source).map_err(|e| e.to_string())?;
        // Dependencies first, then the user crate alone, clean.
        let target = work.join(format!("user{index}-target"));
        timed(&dir, &["build", "--quiet"], &target)?;
        let _ = Command::new("touch").arg(dir.join("src/lib.rs")).status();
        rows.push((
            name.to_string(),
            timed(&dir, &["build", "--quiet"], &target)?,
        ));
    }
    println!("| what | debug build, wall seconds |");
    println!("|---|---:|");
    println!("| abi-core with its dependencies, clean | {core_clean:.2} |");
    println!("| abi-core alone (dependencies built) | {core_alone:.2} |");
    for (name, seconds) in rows {
        println!("| user crate, 100 functions on {name} | {seconds:.2} |");
    }
    Ok(())
}

fn width_type(bits: u32) -> String {
    if bits <= 256 {
        format!("BitInt<{bits}>")
    } else {
        format!("abi_core::bitint!({bits})")
    }
}
