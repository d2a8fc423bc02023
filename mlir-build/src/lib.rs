//! Lower MLIR modules in a build script and link them into the crate, for
//! the `#[ciface]` functions of `abi-core`.
//!
//! In `build.rs`'s `main`:
//!
//! ```no_run
//! abi_mlir_build::Build::new()
//!     .file("mlir/kernels.mlir")
//!     .compile("kernels");
//! ```
//!
//! Each module goes through `mlir-opt` (the [default pipeline](DEFAULT_PASSES)
//! or passes of your own), `mlir-translate --mlir-to-llvmir` and `clang -c`;
//! the objects are archived with `llvm-ar` into `lib<name>.a` in `OUT_DIR`,
//! and the `cargo::` lines that link it and rebuild when a module changes
//! are printed. Every tool's exit status is checked, and a failed step
//! stops the build with the command and the tool's own stderr. `mlir-opt`
//! exits 0 after a partial lowering, so the lowered module is also checked
//! for operations outside the `llvm` dialect, which are reported by name
//! and line.
//!
//! Tools: `MLIR_BIN_DIR` (default `/usr/lib/llvm-19/bin`, where Debian's
//! `mlir-19-tools` and `llvm-19` put `mlir-opt`, `mlir-translate` and
//! `llvm-ar`) and `MLIR_CLANG` (default `clang-19`), or
//! [`Build::tool_dir`] and [`Build::clang`].

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The passes of the default pipeline, in order. They lower what MLIR's
/// standard dialects produce (`func`, `arith`, `math`, `scf`, `cf`,
/// `memref`, `affine`, `complex`, `vector`, and `linalg` on memrefs) to
/// the `llvm` dialect: `linalg` operations to `scf` loops, structured
/// control flow and affine loops to branches, complex numbers
/// to arithmetic on their parts, memref metadata to plain arithmetic, then
/// every dialect to `llvm`, last `func` and `cf`, and the casts between
/// them removed. [`Build::c_wrappers`] adds `--llvm-request-c-wrappers`
/// before `--convert-func-to-llvm`, and [`Build::runtime_verification`]
/// adds `--generate-runtime-verification` first.
///
/// `linalg` on tensors needs bufferization first (for example
/// `--one-shot-bufferize="bufferize-function-boundaries"` before these
/// passes, through [`Build::passes`]); `tensor`, `bufferization`, `gpu` and
/// other dialects are not lowered by default, and what is left is named.
pub const DEFAULT_PASSES: &[&str] = &[
    "--convert-linalg-to-loops",
    "--lower-affine",
    "--convert-scf-to-cf",
    "--convert-complex-to-standard",
    "--convert-math-to-llvm",
    "--convert-vector-to-llvm",
    "--expand-strided-metadata",
    "--finalize-memref-to-llvm",
    "--convert-complex-to-llvm",
    "--convert-arith-to-llvm",
    "--convert-cf-to-llvm",
    "--convert-func-to-llvm",
    "--reconcile-unrealized-casts",
];

/// A set of MLIR modules to lower, compile and link (see the crate docs).
#[derive(Debug, Clone)]
pub struct Build {
    files: Vec<PathBuf>,
    passes: Option<Vec<String>>,
    c_wrappers: bool,
    runtime_verification: bool,
    tool_dir: Option<PathBuf>,
    clang: Option<String>,
    clang_flags: Vec<String>,
    out_dir: Option<PathBuf>,
}

impl Default for Build {
    fn default() -> Self {
        Build::new()
    }
}

/// A step that failed: the command and what the tool said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

fn error(message: impl Into<String>) -> Error {
    Error {
        message: message.into(),
    }
}

impl Build {
    /// No modules yet; the default pipeline, with C wrappers
    /// (`--llvm-request-c-wrappers`) and without runtime verification.
    pub fn new() -> Build {
        Build {
            files: Vec::new(),
            passes: None,
            c_wrappers: true,
            runtime_verification: false,
            tool_dir: None,
            clang: None,
            clang_flags: vec!["-O2".to_owned()],
            out_dir: None,
        }
    }

    /// Add a module (`.mlir`).
    pub fn file(&mut self, path: impl AsRef<Path>) -> &mut Build {
        self.files.push(path.as_ref().to_owned());
        self
    }

    /// Request the `_mlir_ciface_` C interface of every function and
    /// declaration (`--llvm-request-c-wrappers`; default on). Off, only
    /// functions marked `llvm.emit_c_interface` get one, and a `#[ciface]`
    /// callee declared without it must be exported with
    /// `#[ciface(expanded)]`.
    pub fn c_wrappers(&mut self, on: bool) -> &mut Build {
        self.c_wrappers = on;
        self
    }

    /// Let MLIR check its own operations at run time
    /// (`--generate-runtime-verification`: casts to fixed layouts, loads
    /// and stores in bounds, ...). A failed check prints with C's `puts`
    /// and aborts; keep stdout unbuffered to see the message when it is a
    /// pipe.
    pub fn runtime_verification(&mut self, on: bool) -> &mut Build {
        self.runtime_verification = on;
        self
    }

    /// Replace the default pipeline ([`DEFAULT_PASSES`]) by these
    /// `mlir-opt` arguments (the C-wrapper and runtime-verification passes
    /// are still added when enabled).
    pub fn passes<S: AsRef<str>>(&mut self, passes: &[S]) -> &mut Build {
        self.passes = Some(passes.iter().map(|p| p.as_ref().to_owned()).collect());
        self
    }

    /// Where `mlir-opt`, `mlir-translate` and `llvm-ar` are (default:
    /// `MLIR_BIN_DIR`, else `/usr/lib/llvm-19/bin`).
    pub fn tool_dir(&mut self, dir: impl AsRef<Path>) -> &mut Build {
        self.tool_dir = Some(dir.as_ref().to_owned());
        self
    }

    /// The C compiler for the LLVM IR (default: `MLIR_CLANG`, else
    /// `clang-19`; it must read MLIR 19's IR).
    pub fn clang(&mut self, clang: impl Into<String>) -> &mut Build {
        self.clang = Some(clang.into());
        self
    }

    /// An extra flag for clang (`-O2` is the default optimisation).
    pub fn clang_flag(&mut self, flag: impl Into<String>) -> &mut Build {
        self.clang_flags.push(flag.into());
        self
    }

    /// Where the intermediate files and the archive go (default:
    /// `OUT_DIR`).
    pub fn out_dir(&mut self, dir: impl AsRef<Path>) -> &mut Build {
        self.out_dir = Some(dir.as_ref().to_owned());
        self
    }

    /// Lower, compile and archive every module into `lib<name>.a`, and
    /// print the `cargo::` lines that link it. Panics with the failed
    /// step's command and stderr (a build script's way to fail).
    pub fn compile(&self, name: &str) {
        if let Err(e) = self.try_compile(name) {
            panic!("abi-mlir-build: {e}");
        }
    }

    /// As [`Build::compile`], returning the error instead.
    pub fn try_compile(&self, name: &str) -> Result<PathBuf, Error> {
        let out = match &self.out_dir {
            Some(dir) => dir.clone(),
            None => PathBuf::from(std::env::var_os("OUT_DIR").ok_or_else(|| {
                error("OUT_DIR is not set: call this from a build script, or set `out_dir`")
            })?),
        };
        let mut objects = Vec::new();
        for file in &self.files {
            println!("cargo::rerun-if-changed={}", file.display());
            objects.push(self.lower(file, &out)?);
        }
        let archive = out.join(format!("lib{name}.a"));
        let _ = std::fs::remove_file(&archive);
        run(Command::new(self.tool("llvm-ar"))
            .arg("crs")
            .arg(&archive)
            .args(&objects))?;
        println!("cargo::rustc-link-search=native={}", out.display());
        println!("cargo::rustc-link-lib=static={name}");
        println!("cargo::rerun-if-env-changed=MLIR_BIN_DIR");
        println!("cargo::rerun-if-env-changed=MLIR_CLANG");
        Ok(archive)
    }

    /// The `mlir-opt` arguments for one module.
    pub fn mlir_opt_args(&self) -> Vec<String> {
        let mut args = Vec::new();
        if self.runtime_verification {
            // On the operations as written, before anything is lowered.
            args.push("--generate-runtime-verification".to_owned());
        }
        let passes: Vec<String> = match &self.passes {
            Some(passes) => passes.clone(),
            None => DEFAULT_PASSES.iter().map(|p| (*p).to_owned()).collect(),
        };
        for pass in passes {
            // Before functions are lowered: every function and declaration
            // gets (or calls) its `_mlir_ciface_` interface.
            if self.c_wrappers && pass == "--convert-func-to-llvm" {
                args.push("--llvm-request-c-wrappers".to_owned());
            }
            args.push(pass);
        }
        args
    }

    fn lower(&self, file: &Path, out: &Path) -> Result<PathBuf, Error> {
        let stem = file
            .file_stem()
            .ok_or_else(|| error(format!("{}: not a file name", file.display())))?
            .to_string_lossy()
            .into_owned();
        let lowered = out.join(format!("{stem}.llvm.mlir"));
        let ir = out.join(format!("{stem}.ll"));
        let object = out.join(format!("{stem}.o"));
        run(Command::new(self.tool("mlir-opt"))
            .arg(file)
            .args(self.mlir_opt_args())
            .arg("-o")
            .arg(&lowered))?;
        let text = std::fs::read_to_string(&lowered)
            .map_err(|e| error(format!("cannot read {}: {e}", lowered.display())))?;
        let leftover = non_llvm_operations(&text);
        if !leftover.is_empty() {
            let lines: Vec<String> = leftover
                .iter()
                .map(|(line, op)| format!("  line {line}: {op}"))
                .collect();
            return Err(error(format!(
                "mlir-opt left operations outside the `llvm` dialect in {} (a partial lowering; add the passes that lower them):\n{}{}",
                lowered.display(),
                lines.join("\n"),
                hint(&leftover)
            )));
        }
        run(Command::new(self.tool("mlir-translate"))
            .arg("--mlir-to-llvmir")
            .arg(&lowered)
            .arg("-o")
            .arg(&ir))?;
        let clang = self
            .clang
            .clone()
            .or_else(|| std::env::var("MLIR_CLANG").ok())
            .unwrap_or_else(|| "clang-19".to_owned());
        run(Command::new(clang)
            .args(&self.clang_flags)
            .args(["-fPIC", "-Wno-override-module", "-c"])
            .arg(&ir)
            .arg("-o")
            .arg(&object))?;
        Ok(object)
    }

    fn tool(&self, name: &str) -> PathBuf {
        let dir = self
            .tool_dir
            .clone()
            .or_else(|| std::env::var_os("MLIR_BIN_DIR").map(PathBuf::from))
            .unwrap_or_else(|| PathBuf::from("/usr/lib/llvm-19/bin"));
        dir.join(name)
    }
}

/// What to add for the dialects the default pipeline leaves alone.
fn hint(leftover: &[(usize, String)]) -> &'static str {
    let has = |dialect: &str| {
        leftover
            .iter()
            .any(|(_, op)| op.starts_with(&format!("{dialect}.")))
    };
    if has("tensor") || has("bufferization") || has("linalg") {
        "\n(tensors must be bufferized first: `.passes(&[...])` with `--one-shot-bufferize=bufferize-function-boundaries`, then `--convert-linalg-to-loops` and the default passes, abi_mlir_build::DEFAULT_PASSES)"
    } else {
        ""
    }
}

/// Run a tool; a failure is the command and the tool's stderr.
fn run(command: &mut Command) -> Result<(), Error> {
    let output = command
        .output()
        .map_err(|e| error(format!("cannot run {command:?}: {e}")))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(error(format!(
            "{command:?} failed ({}):\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        )))
    }
}

/// The operations of a lowered module outside the `llvm` dialect, with
/// their line numbers: every operation name in the custom form (`%x =
/// arith.addf ...`, `memref.store ...`) or the generic one (`"scf.yield"(...)`),
/// except `llvm.*` (intrinsics included) and the `module` around them.
pub fn non_llvm_operations(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let mut rest = line.trim_start();
        // Results: `%a = `, `%a, %b = `, `%a:2 = `.
        if rest.starts_with('%')
            && let Some((_, after)) = rest.split_once(" = ")
        {
            rest = after.trim_start();
        }
        let name = if let Some(quoted) = rest.strip_prefix('"') {
            quoted.split('"').next().unwrap_or("")
        } else {
            rest.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
                .next()
                .unwrap_or("")
        };
        let is_operation = name.contains('.')
            && name.starts_with(|c: char| c.is_ascii_lowercase())
            && !name.ends_with('.');
        if is_operation && !name.starts_with("llvm.") && name != "builtin.module" {
            found.push((number + 1, name.to_owned()));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn llvm_operations_and_intrinsics_pass_others_are_named() {
        let text = r#"module attributes {llvm.data_layout = ""} {
  llvm.func @f(%arg0: f32) -> f32 {
    %0 = llvm.intr.sqrt(%arg0)  : (f32) -> f32
    "llvm.intr.memcpy"(%a, %b, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
    llvm.intr.assume %c : i1
    %1 = arith.addf %0, %0 : f32
    %2:2 = "scf.if"(%c) ({
    memref.store %1, %m[] : memref<f32>
    %3, %4 = builtin.unrealized_conversion_cast %x : f32 to i32, i32
  ^bb1(%r: f32):
    llvm.return %0 : f32
  }
}
"#;
        assert_eq!(
            non_llvm_operations(text),
            [
                (6, "arith.addf".to_owned()),
                (7, "scf.if".to_owned()),
                (8, "memref.store".to_owned()),
                (9, "builtin.unrealized_conversion_cast".to_owned()),
            ]
        );
    }

    #[test]
    fn c_wrappers_come_before_func_lowering_and_verification_first() {
        let mut build = Build::new();
        build.runtime_verification(true);
        let args = build.mlir_opt_args();
        assert_eq!(args[0], "--generate-runtime-verification");
        let wrappers = args.iter().position(|a| a == "--llvm-request-c-wrappers");
        let func = args.iter().position(|a| a == "--convert-func-to-llvm");
        assert_eq!(wrappers.map(|w| w + 1), func);
        build.c_wrappers(false).passes(&["--convert-to-llvm"]);
        assert_eq!(
            build.mlir_opt_args(),
            ["--generate-runtime-verification", "--convert-to-llvm"]
        );
    }

    /// MLIR 19's "expected add/mul op in the body" on `linalg.matmul` was
    /// what the default pipeline gave before it lowered `linalg`.
    #[test]
    fn the_default_pipeline_lowers_linalg_on_memrefs() {
        if !Path::new("/usr/lib/llvm-19/bin/mlir-opt").exists()
            && std::env::var_os("MLIR_BIN_DIR").is_none()
        {
            eprintln!("SKIPPED: no mlir-opt (mlir-19-tools)");
            return;
        }
        let dir =
            std::env::temp_dir().join(format!("abi-mlir-build-linalg-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let kernel = dir.join("linalg_kernel.mlir");
        std::fs::write(
            &kernel,
            r#"#map = affine_map<(i) -> (i)>
func.func @add(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>) {
  linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%a, %b : memref<?xf32>, memref<?xf32>) outs(%c : memref<?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  return
}
func.func @matmul(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  return
}
"#,
        )
        .unwrap();
        let archive = Build::new()
            .file(&kernel)
            .out_dir(&dir)
            .try_compile("linalg_kernel")
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(archive.exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// `linalg` on tensors: the default pipeline names the fix, and the
    /// pipeline the MLIR chapter shows (bufferization, then the default
    /// passes) lowers it.
    #[test]
    fn linalg_on_tensors_needs_bufferization_and_the_error_says_so() {
        if !Path::new("/usr/lib/llvm-19/bin/mlir-opt").exists()
            && std::env::var_os("MLIR_BIN_DIR").is_none()
        {
            eprintln!("SKIPPED: no mlir-opt (mlir-19-tools)");
            return;
        }
        let dir =
            std::env::temp_dir().join(format!("abi-mlir-build-tensors-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let kernel = dir.join("tensor_kernel.mlir");
        std::fs::write(
            &kernel,
            r#"#map = affine_map<(i) -> (i)>
func.func @add(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%c : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
"#,
        )
        .unwrap();
        let error = Build::new()
            .file(&kernel)
            .out_dir(&dir)
            .try_compile("tensor_kernel")
            .unwrap_err()
            .to_string();
        assert!(error.contains("linalg.generic"), "{error}");
        assert!(
            error.contains("--one-shot-bufferize=bufferize-function-boundaries"),
            "{error}"
        );
        let mut passes = vec!["--one-shot-bufferize=bufferize-function-boundaries".to_owned()];
        passes.extend(DEFAULT_PASSES.iter().map(|p| p.to_string()));
        Build::new()
            .file(&kernel)
            .out_dir(&dir)
            .passes(&passes)
            .try_compile("tensor_kernel")
            .unwrap_or_else(|e| panic!("{e}"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_missing_tool_is_an_error_naming_it() {
        let dir = std::env::temp_dir().join("abi-mlir-build-missing-tool");
        let _ = std::fs::create_dir_all(&dir);
        let error = Build::new()
            .file("does-not-matter.mlir")
            .tool_dir("/nonexistent/bin")
            .out_dir(&dir)
            .try_compile("x")
            .unwrap_err();
        assert!(
            error.to_string().contains("/nonexistent/bin/mlir-opt"),
            "{error}"
        );
    }
}
