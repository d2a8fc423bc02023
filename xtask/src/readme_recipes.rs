//! The manual's recipes (docs/src), run from outside as a user would: the text of its
//! code blocks, verbatim.

use std::path::Path;
use std::process::Command;

/// The text of the first ```` ```<language> ```` block after `heading`'s
/// `after` marker.
fn block(readme: &str, heading: &str, language: &str) -> Result<String, String> {
    readme
        .split(heading)
        .nth(1)
        .and_then(|rest| rest.split(&format!("```{language}\n")).nth(1))
        .and_then(|rest| rest.split("```").next())
        .map(str::to_owned)
        .ok_or_else(|| format!("the manual has no ```{language} block after `{heading}`"))
}

/// The manual's Verilator recipe, run exactly as written (both flows must
/// pass the testbench).
pub(crate) fn verilator_recipe() -> Result<(), String> {
    let readme = std::fs::read_to_string("docs/src/dpi.md").map_err(|e| e.to_string())?;
    let script = block(&readme, "## Building a simulation with Verilator", "sh")?;
    let output = Command::new("bash")
        .args(["-euc", &script])
        .output()
        .map_err(|e| format!("cannot run bash: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let passes = stdout.matches("DPI OK:").count();
    if !(output.status.success() && passes == 2) {
        return Err(format!(
            "the manual's Verilator recipe failed ({}):\n{stdout}{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    println!(
        "the manual's Verilator recipe: both flows (--binary, --cc --exe --build) pass the testbench"
    );
    Ok(())
}

/// The manual's file-generation recipe: a crate `my_models` made of its
/// `src/lib.rs`, testbench and `Makefile` blocks (abi-core by path), built
/// with `make` in a scratch folder. The simulation must pass, and each
/// testbench's package must hold its own module's model only.
pub(crate) fn generation_recipe() -> Result<(), String> {
    let readme = std::fs::read_to_string("docs/src/generating.md").map_err(|e| e.to_string())?;
    let section = "# Generating the foreign-side files";
    let lib = block(&readme, section, "rust,ignore")?;
    let testbench = block(&readme, section, "systemverilog")?;
    let makefile = block(&readme, section, "make")?;
    let root = std::env::current_dir().map_err(|e| e.to_string())?;
    let dir = root.join("target/recipe/my_models");
    // A fresh crate but for its build folder, which is kept between runs
    // (outside the crate, so that `cargo clean` of it is never needed).
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("src")).map_err(|e| e.to_string())?;
    let build = root.join("target/recipe/my_models-target");
    std::fs::create_dir_all(&build).map_err(|e| e.to_string())?;
    std::os::unix::fs::symlink(&build, dir.join("target")).map_err(|e| e.to_string())?;
    let manifest = format!(
        "[package]\nname = \"my_models\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\n\
         [lib]\ncrate-type = [\"rlib\", \"staticlib\"]\n\n\
         [dependencies]\nabi-core = {{ path = \"{}\" }}\n\n\
         # Not a member of the project's workspace.\n[workspace]\n",
        root.join("abi-core").display()
    );
    for (name, text) in [
        ("Cargo.toml", manifest.as_str()),
        // Verilator's DPI-C flavour for this crate, as the chapter says.
        (
            "build.rs",
            "fn main() {\n    println!(\"cargo::rustc-env=ABI_CORE_DPI_FLAVOUR=verilator\");\n}\n",
        ),
        ("src/lib.rs", lib.as_str()),
        ("alu_tb.sv", testbench.as_str()),
        ("Makefile", makefile.as_str()),
    ] {
        std::fs::write(dir.join(name), text).map_err(|e| e.to_string())?;
    }
    let output = Command::new("make")
        .arg("--no-print-directory")
        .current_dir(&dir)
        // The Makefile names the crate's own `target/`, as a user's does.
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .map_err(|e| format!("cannot run make: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !(output.status.success() && stdout.contains("alu_tb: OK")) {
        return Err(format!(
            "the manual's generation recipe failed ({}):\n{stdout}{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let package = |name: &str| std::fs::read_to_string(dir.join("generated").join(name));
    let alu = package("alu_tb_dpi.sv").map_err(|e| e.to_string())?;
    let fifo = package("fifo_tb_dpi.sv").map_err(|e| e.to_string())?;
    let separate = alu.contains("function int alu_model_add(")
        && !alu.contains("fifo_model_level")
        && fifo.contains("function int fifo_model_level(")
        && !fifo.contains("alu_model_add");
    if !separate {
        return Err(format!(
            "the recipe's packages are not one per module:\n{alu}\n{fifo}"
        ));
    }
    check_files_are_listed(&dir.join("generated"))?;
    println!(
        "the manual's generation recipe: `make` generated a package per testbench module and ran the ALU simulation"
    );
    Ok(())
}

/// Both bundles wrote their whole set of files.
fn check_files_are_listed(generated: &Path) -> Result<(), String> {
    for testbench in ["alu_tb", "fifo_tb"] {
        for suffix in [
            ".h",
            "_dpi.sv",
            "_dpi.h",
            "_dpi.ldflags",
            "_dpi_exports.svh",
            "_dpi.mlir",
            ".abi.json",
        ] {
            let path = generated.join(format!("{testbench}{suffix}"));
            if !path.exists() {
                return Err(format!("the recipe did not write {}", path.display()));
            }
        }
    }
    Ok(())
}
