//! The showcase: generate the C header from the registry, compile a C
//! program against it, link it to this crate's cdylib, run it.
//!
//! Run with `cargo run -p examples --bin showcase`. Set `CC` to choose the C
//! compiler (default `cc`).

use std::path::Path;
use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("showcase failed: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    // target/<profile>/showcase: the cdylib sits next to it.
    let profile_dir = exe.parent().ok_or("no parent folder")?.to_owned();
    let target_dir = profile_dir.parent().ok_or("no target folder")?.to_owned();
    let generated = target_dir.join("abi-generated");
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));

    // 1. The registry, as the linker gathered it.
    let registry = examples::registry();
    println!(
        "Rust: the registry holds {} exported functions and {} struct(s) of the `examples` crate",
        registry.functions().len(),
        registry.structs().len()
    );
    for f in registry.functions() {
        println!("Rust:   {};", f.c_prototype());
    }

    // 2. Every generated file, in one call: the C header, the
    // SystemVerilog package and its C view, link flags, reflection JSON.
    let written = examples::bundle()
        .write(&registry, &generated)
        .map_err(|e| e.to_string())?;
    for path in &written {
        let lines = std::fs::read_to_string(path).map_or(0, |text| text.lines().count());
        println!("Rust: wrote {} ({lines} lines)", path.display());
    }

    // 3. A C program compiled against it and linked to the cdylib.
    // `cargo build` puts the cdylib next to the binary; `cargo run` only
    // under deps/.
    let library_dir = [profile_dir.clone(), profile_dir.join("deps")]
        .into_iter()
        .find(|dir| dir.join("libexamples.so").exists())
        .ok_or_else(|| {
            format!(
                "libexamples.so is in neither {} nor its deps/; run `cargo build -p examples`",
                profile_dir.display()
            )
        })?;
    let program = generated.join("showcase_c");
    let compiler = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    let mut compile = Command::new(&compiler);
    compile
        .args(["-std=c11", "-pedantic", "-Wall", "-Wextra", "-Werror"])
        .arg("-I")
        .arg(&generated)
        .arg(manifest_dir.join("c/showcase.c"))
        .arg("-L")
        .arg(&library_dir)
        .arg("-lexamples")
        .arg(format!("-Wl,-rpath,{}", library_dir.display()))
        .arg("-o")
        .arg(&program);
    println!(
        "Rust: compiling c/showcase.c with `{compiler} -std=c11 -pedantic -Wall -Wextra -Werror`"
    );
    run_checked(&mut compile)?;

    // 4. Run it.
    println!("Rust: running {}", program.display());
    run_checked(&mut Command::new(&program))?;
    println!(
        "Rust: showcase complete; the header is in {}",
        generated.display()
    );
    Ok(())
}

fn run_checked(command: &mut Command) -> Result<(), String> {
    let status = command
        .status()
        .map_err(|e| format!("cannot run {:?}: {e}", command.get_program()))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{:?} exited with {status}", command.get_program()))
    }
}
