//! Emitters: turn the registry into the files foreign callers need, one
//! file per output, each behind [`Emitter`]:
//!
//! | emitter | file |
//! |---|---|
//! | [`CHeader`] | `<name>.h`: the `#[c_export]` functions and structs (with [`CHeader::dpi_functions`], `<name>_dpi.h`: the DPI-C functions with Annex H's C types) |
//! | [`SvPackage`] | `<name>_dpi.sv`: the `import "DPI-C"` package |
//! | [`SvExports`] | `<name>_dpi_exports.svh`: the `export "DPI-C"` lines |
//! | [`DpiLinkFlags`] | `<name>_dpi.ldflags`: the simulator's linker flags |
//! | [`CirctDpi`] | `<name>_dpi.mlir`: CIRCT `sim.func.dpi` declarations |
//! | [`ReflectionJson`] | `<name>.abi.json`: IREE-style reflection |
//!
//! [`Bundle`] renders them all. A new output is one more file here and one
//! more line in [`Bundle::emitters`]; the registry knows no language.

mod bundle;
mod c_header;
mod circt_dpi;
mod link_flags;
mod reflection_json;
mod sv_exports;
mod sv_package;

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

pub use bundle::{Bundle, GeneratedFile};
pub use c_header::{CHeader, bitint_rules_check};
pub use circt_dpi::CirctDpi;
pub use link_flags::{DpiLinkFlags, dpi_link_flags};
pub use reflection_json::ReflectionJson;
pub use sv_exports::SvExports;
pub use sv_package::SvPackage;

use crate::dpi::DpiDecl;
use crate::model::sv::DpiFlavour;
use crate::registry::{Abi, FunctionDesc, Registry};

/// One generated file, rendered from a registry.
///
/// ```
/// use abi_core::emit::{CHeader, Emitter};
///
/// /// Triples `x`.
/// #[abi_core::c_export]
/// pub fn demo_triple(x: i32) -> i32 {
///     3 * x
/// }
///
/// let registry = abi_core::Registry::all();
/// let header = CHeader::new("demo.h");
/// assert_eq!(header.file_name(), "demo.h");
/// assert!(header.wanted(&registry));
/// let text = Emitter::render(&header, &registry).unwrap();
/// assert!(text.contains("int32_t demo_triple(int32_t x);"));
/// ```
pub trait Emitter {
    /// The name of the file it writes.
    fn file_name(&self) -> String;

    /// Whether `registry` needs this file ([`Bundle`] skips it otherwise):
    /// the DPI-C files only when there is a DPI-C function.
    fn wanted(&self, registry: &Registry) -> bool {
        let _ = registry;
        true
    }

    /// The file's contents.
    fn render(&self, registry: &Registry) -> Result<String, EmitError>;
}

/// Whether `registry` has a `#[dpi_import]` or `#[dpi_export]` function:
/// whether the DPI-C files are wanted.
fn has_dpi(registry: &Registry) -> bool {
    registry.functions().iter().any(|f| match f.abi {
        Abi::DpiImport(_) | Abi::DpiExport(_) => true,
        Abi::C | Abi::Ciface(_) => false,
    })
}

/// The SystemVerilog declaration of a `#[dpi_import]` function: what the
/// package and the CIRCT declarations import.
fn dpi_import(f: &FunctionDesc) -> Option<(&FunctionDesc, &'static DpiDecl)> {
    match f.abi {
        Abi::DpiImport(dpi) => Some((f, dpi)),
        Abi::C | Abi::DpiExport(_) | Abi::Ciface(_) => None,
    }
}

/// The SystemVerilog declaration of a `#[dpi_export]` function: what the
/// exports file declares and the linker flags keep.
fn dpi_export(f: &FunctionDesc) -> Option<(&FunctionDesc, &'static DpiDecl)> {
    match f.abi {
        Abi::DpiExport(dpi) => Some((f, dpi)),
        Abi::C | Abi::DpiImport(_) | Abi::Ciface(_) => None,
    }
}

/// The one DPI-C flavour of the registry's DPI-C functions (`None` without
/// any); functions of both are an error.
fn dpi_flavour(registry: &Registry) -> Result<Option<DpiFlavour>, EmitError> {
    let mut first: [Option<&FunctionDesc>; 2] = [None, None];
    for f in registry.functions() {
        let (Abi::DpiImport(dpi) | Abi::DpiExport(dpi)) = f.abi else {
            continue;
        };
        let slot = match dpi.flavour {
            DpiFlavour::Ieee => 0,
            DpiFlavour::Verilator => 1,
        };
        first[slot].get_or_insert(f);
    }
    match first {
        [Some(ieee), Some(verilator)] => Err(EmitError::MixedFlavours {
            ieee: ieee.rust.path(),
            verilator: verilator.rust.path(),
        }),
        [Some(_), None] => Ok(Some(DpiFlavour::Ieee)),
        [None, Some(_)] => Ok(Some(DpiFlavour::Verilator)),
        [None, None] => Ok(None),
    }
}

/// Why a file could not be emitted.
#[derive(Debug)]
#[non_exhaustive]
pub enum EmitError {
    /// Two functions claim one symbol.
    DuplicateSymbol {
        /// The symbol.
        symbol: String,
        /// The first Rust function.
        first: String,
        /// The second Rust function.
        second: String,
        /// Both are declarations of one MLIR function implemented
        /// elsewhere (`#[ciface] unsafe extern`), not two definitions.
        both_declared: bool,
    },
    /// Two registered structs share a C name (C has one namespace for them).
    DuplicateStruct {
        /// The name.
        name: String,
        /// The first Rust struct.
        first: String,
        /// The second Rust struct.
        second: String,
    },
    /// Two packed structs share a SystemVerilog typedef name.
    DuplicateTypedef {
        /// The typedef name.
        name: String,
        /// The first Rust struct.
        first: String,
        /// The second Rust struct.
        second: String,
    },
    /// Two `#[derive(DpiEnum)]` enums of one package have a label in
    /// common (labels share the package's name space).
    DuplicateEnumLabel {
        /// The SystemVerilog label.
        label: String,
        /// The first Rust enum.
        first: String,
        /// The second Rust enum.
        second: String,
    },
    /// A function or struct uses a struct that is not registered.
    UnregisteredStruct {
        /// The struct's name.
        name: String,
        /// Who uses it.
        used_by: String,
    },
    /// One SystemVerilog package would declare functions of both DPI-C
    /// flavours: a simulator runs one of them.
    MixedFlavours {
        /// A function of the standard's ABI.
        ieee: String,
        /// A function of Verilator's ABI.
        verilator: String,
    },
    /// The registry holds nothing to declare: the program that renders it
    /// does not link the crate whose functions it should describe.
    EmptyRegistry,
    /// [`Registry::for_module`](crate::Registry::for_module) kept no
    /// function: the module path is wrong, or its functions are not linked.
    NoFunctionInModule(crate::registry::UnmatchedModule),
    /// Writing the file failed.
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        error: io::Error,
    },
}

impl fmt::Display for EmitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EmitError::DuplicateSymbol {
                symbol,
                first,
                second,
                both_declared: true,
            } => write!(
                f,
                "`{first}` and `{second}` both declare the MLIR function `{symbol}`; declare it once and call that declaration from both places"
            ),
            EmitError::DuplicateSymbol {
                symbol,
                first,
                second,
                both_declared: false,
            } => write!(
                f,
                "`{first}` and `{second}` are both exported as `{symbol}`; give one a different `name = \"...\"`"
            ),
            EmitError::DuplicateStruct {
                name,
                first,
                second,
            } => write!(
                f,
                "`{first}` and `{second}` would both be `struct {name}` in C; rename one"
            ),
            EmitError::DuplicateTypedef {
                name,
                first,
                second,
            } => write!(
                f,
                "`{first}` and `{second}` would both be the SystemVerilog typedef `{name}`; give one a different `sv_name` (`#[packed(sv_name = \"...\")]`, `#[dpi_enum(sv_name = \"...\")]`, `SvTypedef::NAME`)"
            ),
            EmitError::DuplicateEnumLabel {
                label,
                first,
                second,
            } => write!(
                f,
                "enums `{first}` and `{second}` both have the label `{label}`, and enum labels share the package's name space in SystemVerilog; give one a prefix (`#[dpi_enum(prefix = \"...\")]`)"
            ),
            EmitError::UnregisteredStruct { name, used_by } => write!(
                f,
                "`{used_by}` uses struct `{name}`, which is not registered; annotate it with `#[c_export]`"
            ),
            EmitError::MixedFlavours { ieee, verilator } => write!(
                f,
                "one package would declare `{ieee}`, built for the IEEE 1800 DPI-C ABI, and `{verilator}`, built for Verilator's; a simulator runs one of them: render one package per flavour (`Registry::for_crate` or `Registry::for_module` keeps one crate's or module's functions), or give both the same flavour (`#[dpi_import(ieee)]`/`#[dpi_import(verilator)]`, or the crate's `ABI_CORE_DPI_FLAVOUR`)"
            ),
            EmitError::EmptyRegistry => f.write_str(
                "the registry is empty: no `#[c_export]`, `#[dpi_import]`, `#[dpi_export]` or `#[ciface]` item of the wanted crate is linked into this program, so there is nothing to write. Generate from code that links the crate defining them: call one of its functions (for example a `pub fn registry() -> abi_core::Registry { abi_core::Registry::all().for_crate(env!(\"CARGO_CRATE_NAME\")) }` defined in that crate), or generate from a `#[test]` inside it; and check the name given to `Registry::for_crate`",
            ),
            EmitError::NoFunctionInModule(unmatched) => {
                write!(
                    f,
                    "no registered function is declared in module `{}` or its submodules, so there is nothing to write; ",
                    unmatched.module
                )?;
                if unmatched.known.is_empty() {
                    f.write_str("the registry has no function at all (is the crate that defines them linked into this program?)")
                } else {
                    write!(
                        f,
                        "the modules with functions are: {}",
                        unmatched.known.join(", ")
                    )
                }
            }
            EmitError::Io { path, error } => write!(f, "cannot write {}: {error}", path.display()),
        }
    }
}

impl std::error::Error for EmitError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EmitError::Io { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// Write `contents` to `path`, creating parent folders. The file is left
/// untouched when it already holds `contents`, so build tools that watch it
/// do not rebuild for nothing.
pub fn write_file(path: &Path, contents: &str) -> Result<(), EmitError> {
    let io_error = |error| EmitError::Io {
        path: path.to_owned(),
        error,
    };
    if std::fs::read_to_string(path).is_ok_and(|old| old == contents) {
        return Ok(());
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(io_error)?;
    }
    std::fs::write(path, contents).map_err(io_error)
}
