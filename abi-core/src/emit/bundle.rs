//! One call that writes every file foreign callers need for a registry:
//! the C header, the SystemVerilog package with its C view, link flags and
//! CIRCT declarations (when there are DPI functions), and the reflection
//! JSON.

use std::path::{Path, PathBuf};

use super::{
    CHeader, CirctDpi, DpiLinkFlags, EmitError, Emitter, ReflectionJson, SvExports, SvPackage,
    write_file,
};
use crate::registry::Registry;

/// The generated files of one library, named after it:
///
/// | file | what |
/// |---|---|
/// | `<name>.h` | C header of the `#[c_export]` functions and structs |
/// | `<name>_dpi.sv` | package `<name>_dpi` with the `import "DPI-C"` declarations (if any DPI function) |
/// | `<name>_dpi.h` | the same functions with Annex H's C types |
/// | `<name>_dpi.ldflags` | linker flags for the simulator executable |
/// | `<name>_dpi_exports.svh` | the `export "DPI-C"` lines, to include in the module defining the exports |
/// | `<name>_dpi.mlir` | CIRCT `sim.func.dpi` declarations of the imports ([`super::CirctDpi`]) |
/// | `<name>.abi.json` | IREE-style reflection of every function ([`crate::reflect`]) |
///
/// An empty registry is an error ([`EmitError::EmptyRegistry`]), never a
/// set of empty files: the program rendering it does not link the crate
/// that defines the functions (or [`Registry::for_crate`] named a crate it
/// does not link).
///
/// ```
/// /// Doubles `x`.
/// #[abi_core::c_export]
/// pub fn demo_double(x: i32) -> i32 {
///     2 * x
/// }
///
/// let files = abi_core::emit::Bundle::new("demo").render(&abi_core::Registry::all()).unwrap();
/// let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
/// assert!(names.contains(&"demo.h") && names.contains(&"demo.abi.json"));
/// ```
#[derive(Debug, Clone)]
pub struct Bundle {
    name: String,
    description: Option<String>,
}

/// One generated file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedFile {
    /// The file name.
    pub name: String,
    /// Its contents.
    pub contents: String,
}

impl Bundle {
    /// The files of a library called `name`.
    pub fn new(name: impl Into<String>) -> Self {
        Bundle {
            name: name.into(),
            description: None,
        }
    }

    /// A description for the C header's banner.
    pub fn description(mut self, text: impl Into<String>) -> Self {
        self.description = Some(text.into());
        self
    }

    /// Every file, in a fixed order; the same registry gives the same
    /// files byte for byte.
    pub fn render(&self, registry: &Registry) -> Result<Vec<GeneratedFile>, EmitError> {
        if let Some(unmatched) = registry.unmatched_module() {
            return Err(EmitError::NoFunctionInModule(unmatched.clone()));
        }
        if registry.functions().is_empty() && registry.structs().is_empty() {
            return Err(EmitError::EmptyRegistry);
        }
        self.emitters()
            .iter()
            .filter(|emitter| emitter.wanted(registry))
            .map(|emitter| {
                Ok(GeneratedFile {
                    name: emitter.file_name(),
                    contents: emitter.render(registry)?,
                })
            })
            .collect()
    }

    /// The emitters of every file the bundle may write, in order (each
    /// says whether a registry needs its file).
    pub fn emitters(&self) -> Vec<Box<dyn Emitter>> {
        let name = &self.name;
        let package = format!("{name}_dpi");
        let mut header = CHeader::new(format!("{name}.h"));
        if let Some(description) = &self.description {
            header = header.description(description.clone());
        }
        vec![
            Box::new(header),
            Box::new(SvPackage::new(package.clone())),
            Box::new(CHeader::new(format!("{package}.h")).dpi_functions()),
            Box::new(DpiLinkFlags::new(package.clone())),
            Box::new(SvExports::new(package.clone())),
            Box::new(CirctDpi::new(format!("{package}.mlir"))),
            Box::new(ReflectionJson::new(name.clone())),
        ]
    }

    /// Render and write every file into `dir` (created if needed; files
    /// already up to date are not touched). Returns the paths written.
    pub fn write(&self, registry: &Registry, dir: &Path) -> Result<Vec<PathBuf>, EmitError> {
        let mut paths = Vec::new();
        for file in self.render(registry)? {
            let path = dir.join(&file.name);
            write_file(&path, &file.contents)?;
            paths.push(path);
        }
        Ok(paths)
    }
}
