//! The registry: a static description of every annotated item, collected at
//! link time.
//!
//! Each `#[c_export]` expansion places its description in a linker section
//! (`registry_section`). No code runs before `main`; the linker gathers the
//! entries into one section. The emitters read the registry instead of
//! re-parsing source, so they see exactly what the macros generated.
//!
//! Linkers drop sections nobody references; the test suites therefore compare
//! the number of registered items with the number of annotations in the
//! source, so a lost entry fails a test instead of silently missing from a
//! header.

use crate::c_type::{CType, CTypeDesc};
use crate::convert::Direction;
pub use crate::naming::{
    c_identifier, checked_c_symbol, checked_sv_name, is_c_identifier, is_header_keyword, strip_raw,
};
pub(crate) use crate::naming::{const_str_eq, unique_names};

/// Which foreign ABI an item is exported for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AbiKind {
    /// `#[c_export]`: a plain C function.
    C,
    /// `#[dpi_import]`: a function SystemVerilog imports with
    /// `import "DPI-C"`.
    DpiImport,
    /// `#[dpi_export]`: a SystemVerilog function exported with
    /// `export "DPI-C"`, called from Rust.
    DpiExport,
    /// `#[ciface]`: a `_mlir_ciface_<name>` function of MLIR's C
    /// interface, implemented in Rust or in an MLIR module.
    Ciface,
}

/// Who implements a `#[ciface]` function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CifaceProvider {
    /// A Rust function MLIR calls.
    Rust,
    /// An MLIR function Rust calls (declared in an `extern "C"` block).
    Mlir,
}

/// What `#[ciface]` adds to a function's description.
#[derive(Debug, Clone, Copy)]
pub struct CifaceDesc {
    /// Who implements it.
    pub provider: CifaceProvider,
    /// The MLIR function name (the symbol without `_mlir_ciface_`).
    pub mlir_name: &'static str,
    /// The MLIR type of each parameter, when it is a memref.
    pub memref_types: &'static [Option<crate::memref::MemRefType>],
    /// Whether the expanded convention is exported too, under
    /// `mlir_name`.
    pub expanded: bool,
}

/// Where an item was declared in Rust.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RustItem {
    /// `module_path!()` at the item: the crate name, then modules.
    pub module_path: &'static str,
    /// The item's Rust name.
    pub name: &'static str,
    /// The item's doc comment, one string with `\n` between lines.
    pub doc: &'static str,
    /// The source file (`file!()`).
    pub file: &'static str,
    /// The line of the item (`line!()` at the attribute).
    pub line: u32,
}

impl RustItem {
    /// The crate the item belongs to (first segment of the module path).
    pub fn crate_name(&self) -> &'static str {
        self.module_path
            .split("::")
            .next()
            .unwrap_or(self.module_path)
    }

    /// `crate::module::name`.
    pub fn path(&self) -> String {
        format!("{}::{}", self.module_path, self.name)
    }
}

/// An exported function, as the registry describes it.
#[derive(Debug, Clone)]
pub struct FunctionDesc {
    /// The ABI it is exported for.
    pub abi: AbiKind,
    /// The Rust function behind it.
    pub rust: RustItem,
    /// The symbol the linker sees.
    pub symbol: &'static str,
    /// Whether the Rust function is `unsafe fn` (its contract passes to C).
    pub is_unsafe: bool,
    /// The Rust parameters, in order.
    pub params: Vec<ParamDesc>,
    /// The result.
    pub result: ResultDesc,
    /// What the SystemVerilog import says (for [`AbiKind::DpiImport`]).
    pub dpi: Option<&'static crate::dpi::DpiImportDesc>,
    /// `named_args`: reflection records the arguments as IREE's
    /// `["named", name, T]`, so callers may pass them by keyword.
    pub named_args: bool,
    /// What `#[ciface]` says (for [`AbiKind::Ciface`]).
    pub ciface: Option<&'static CifaceDesc>,
}

/// One Rust parameter.
#[derive(Debug, Clone, Copy)]
pub struct ParamDesc {
    /// The Rust name (the C name too, unless it is a C keyword).
    pub name: &'static str,
    /// The Rust type, as written.
    pub rust_type: &'static str,
    /// Whether the callee reads it, writes it, or both.
    pub direction: Direction,
    /// How it crosses the boundary.
    pub passing: Passing,
    record: Record,
    memref_type: &'static crate::memref::MemRefType,
}

impl ParamDesc {
    /// Its reflection record; `None` for DPI functions, whose records come
    /// from their SystemVerilog types.
    pub fn record(&self) -> Option<crate::reflect::TypeRecord> {
        match self.record {
            Record::None => None,
            Record::Of(record) => Some(record()),
            Record::OfMemRef(record) => Some(record(self.memref_type)),
        }
    }
}

/// What the macros place in the registry for one function: everything
/// textual in one string, everything about types in per-type constants.
///
/// Compile time is why: a nested description (a struct per parameter with
/// its name, Rust type, direction, passing and record) cost a 500-function
/// crate a sixth of its build in type checking and constant evaluation.
/// [`Registry`] turns entries into [`FunctionDesc`]s. Not public API.
#[doc(hidden)]
#[derive(Debug)]
pub struct FunctionEntry {
    pub abi: AbiKind,
    /// `module_path \0 file \0 line \0 name \0 result type \0 result
    /// out-pointer name \0` then `name \0 type \0` per parameter, then the
    /// doc comment (last, so it may contain anything).
    pub text: &'static str,
    pub symbol: &'static str,
    pub is_unsafe: bool,
    pub named_args: bool,
    pub params: &'static [ParamType],
    pub result: ResultType,
    pub dpi: Option<&'static crate::dpi::DpiImportDesc>,
    pub ciface: Option<&'static CifaceDesc>,
}

/// A parameter's description apart from its name, one constant per type
/// and trait (`<T as CParam>::PARAM` and the like). Not public API.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct ParamType {
    pub direction: Direction,
    pub passing: Passing,
    pub record: Record,
}

impl ParamType {
    /// A DPI `output` or `inout`: a pointer to the simulator's cell.
    pub const fn dpi_cell(direction: Direction, cell: &'static CTypeDesc) -> ParamType {
        ParamType {
            direction,
            passing: Passing::Value(CTypeDesc::Pointer {
                pointee: cell,
                is_const: false,
            }),
            record: Record::None,
        }
    }
}

/// Where a parameter's reflection record comes from. Not public API.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub enum Record {
    /// None (DPI functions: the SystemVerilog types describe them).
    None,
    /// This function.
    Of(fn() -> crate::reflect::TypeRecord),
    /// This function, given the parameter's `#[mlir]` type.
    OfMemRef(fn(&crate::memref::MemRefType) -> crate::reflect::TypeRecord),
}

/// A result's description apart from its Rust spelling, one constant per
/// type (`<T as CResult>::RESULT` and the like). Not public API.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub enum ResultType {
    /// See [`ResultDesc::Value`].
    Value {
        c_type: CTypeDesc,
        record: Option<fn() -> crate::reflect::TypeRecord>,
    },
    /// See [`ResultDesc::Status`].
    Status {
        out: Option<CTypeDesc>,
        record: Option<fn() -> crate::reflect::TypeRecord>,
    },
    /// See [`ResultDesc::Leading`].
    Leading {
        out: CTypeDesc,
        record: Option<fn() -> crate::reflect::TypeRecord>,
    },
}

impl ResultType {
    /// `()`.
    pub const VOID: ResultType = ResultType::Value {
        c_type: CTypeDesc::Void,
        record: None,
    };
    /// `Result<(), E>`.
    pub const STATUS_ONLY: ResultType = ResultType::Status {
        out: None,
        record: None,
    };
}

/// The strings of a [`FunctionEntry`], split.
struct EntryText {
    module_path: &'static str,
    file: &'static str,
    line: u32,
    name: &'static str,
    result_type: &'static str,
    out_name: &'static str,
    /// The parameters' names and types, then the doc comment.
    params: std::str::SplitN<'static, char>,
}

impl FunctionEntry {
    fn split_text(&'static self) -> EntryText {
        debug_assert!(
            self.text.split('\0').count() > 6 + 2 * self.params.len(),
            "malformed registry entry of `{}`",
            self.symbol
        );
        // The doc comment is the last field, whatever it contains.
        let mut fields = self.text.splitn(7 + 2 * self.params.len(), '\0');
        let mut next = || fields.next().unwrap_or("");
        let (module_path, file, line) = (next(), next(), next());
        let (name, result_type, out_name) = (next(), next(), next());
        EntryText {
            module_path,
            file,
            line: line.parse().unwrap_or(0),
            name,
            result_type,
            out_name,
            params: fields,
        }
    }

    /// `crate::module::name` of the Rust item.
    pub fn rust_path(&'static self) -> String {
        let text = self.split_text();
        format!("{}::{}", text.module_path, text.name)
    }

    /// The name and Rust type of parameter `index`.
    pub fn param_names(&'static self, index: usize) -> Option<(&'static str, &'static str)> {
        let mut params = self.split_text().params.skip(2 * index);
        if index >= self.params.len() {
            return None;
        }
        Some((params.next()?, params.next()?))
    }

    /// The full description.
    pub fn describe(&'static self) -> FunctionDesc {
        const DYNAMIC_IDENTITY: &crate::memref::MemRefType =
            &crate::memref::MemRefType::DYNAMIC_IDENTITY;
        let mut text = self.split_text();
        let memref_types = self.ciface.map_or(&[][..], |c| c.memref_types);
        let params = self
            .params
            .iter()
            .enumerate()
            .map(|(index, param)| ParamDesc {
                name: text.params.next().unwrap_or(""),
                rust_type: text.params.next().unwrap_or(""),
                direction: param.direction,
                passing: param.passing,
                record: param.record,
                memref_type: memref_types
                    .get(index)
                    .and_then(Option::as_ref)
                    .unwrap_or(DYNAMIC_IDENTITY),
            })
            .collect();
        let doc = text.params.next().unwrap_or("");
        let (rust_type, out_name) = (text.result_type, text.out_name);
        let result = match self.result {
            ResultType::Value { c_type, record } => ResultDesc::Value {
                rust_type,
                c_type,
                record,
            },
            ResultType::Status { out, record } => ResultDesc::Status {
                rust_type,
                out,
                out_name,
                record,
            },
            ResultType::Leading { out, record } => ResultDesc::Leading {
                rust_type,
                out,
                out_name,
                record,
            },
        };
        FunctionDesc {
            abi: self.abi,
            rust: RustItem {
                module_path: text.module_path,
                name: text.name,
                doc,
                file: text.file,
                line: text.line,
            },
            symbol: self.symbol,
            is_unsafe: self.is_unsafe,
            params,
            result,
            dpi: self.dpi,
            named_args: self.named_args,
            ciface: self.ciface,
        }
    }
}

/// How a Rust parameter becomes C parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Passing {
    /// One C parameter of this type (an MLIR `complex<T>` is two: `T
    /// <name>_re, T <name>_im`, as LLVM passes MLIR's `{T, T}`).
    Value(CTypeDesc),
    /// A pointer of this type, then `size_t <name>_len`.
    Slice(CTypeDesc),
}

impl Passing {
    /// How many C parameters this takes.
    pub fn c_parameter_count(&self) -> usize {
        match self {
            Passing::Value(CTypeDesc::Complex { .. }) | Passing::Slice(_) => 2,
            Passing::Value(_) => 1,
        }
    }
}

/// The result of an exported function.
#[derive(Debug, Clone, Copy)]
pub enum ResultDesc {
    /// Returned directly (`void` for `()`).
    Value {
        /// The Rust type, as written.
        rust_type: &'static str,
        /// How C spells it.
        c_type: CTypeDesc,
        /// Its reflection record; `None` for DPI functions.
        record: Option<fn() -> crate::reflect::TypeRecord>,
    },
    /// `Result<T, E>`: an `int32_t` status, and `T` through a trailing
    /// out-pointer unless `T` is `()`. See [`crate::status`].
    Status {
        /// The Rust type, as written.
        rust_type: &'static str,
        /// How C spells the out-pointer (`T *`), `None` when `T` is `()`.
        out: Option<CTypeDesc>,
        /// The name of the out-pointer parameter.
        out_name: &'static str,
        /// The reflection record of `T`; `None` when `T` is `()`.
        record: Option<fn() -> crate::reflect::TypeRecord>,
    },
    /// MLIR's C interface for memref and multi-value results: the function
    /// returns `void` and writes the results through an out-pointer passed
    /// *first*.
    Leading {
        /// The Rust type, as written.
        rust_type: &'static str,
        /// How C spells the out-pointer.
        out: CTypeDesc,
        /// The name of the out-pointer parameter.
        out_name: &'static str,
        /// The reflection record of the result.
        record: Option<fn() -> crate::reflect::TypeRecord>,
    },
}

impl ResultDesc {
    /// The Rust type of the result, as written.
    pub fn rust_type(&self) -> &'static str {
        match self {
            ResultDesc::Value { rust_type, .. }
            | ResultDesc::Status { rust_type, .. }
            | ResultDesc::Leading { rust_type, .. } => rust_type,
        }
    }
}

/// One parameter as C sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CParamSlot {
    /// The C parameter name.
    pub name: String,
    /// Its type.
    pub c_type: CTypeDesc,
}

const SIZE_T: CTypeDesc = <usize as CType>::C_TYPE;
const STATUS_T: CTypeDesc = <i32 as CType>::C_TYPE;

impl FunctionDesc {
    /// The C parameters in order: slices expand to a pointer and a length,
    /// a `Result` adds its out-pointer last (an MLIR result, first).
    ///
    /// Every name is a C identifier and unique: a parameter's own name is
    /// kept when it is one; names the C side derives (a keyword with `_`
    /// appended, a slice's `x_len`, the out-pointer) take further `_`s until
    /// they collide with nothing, so `fn f(x: &[u8], x_len: usize)` is
    /// `f(const uint8_t *x, size_t x_len_, size_t x_len)`.
    pub fn c_params(&self) -> Vec<CParamSlot> {
        // (preferred name, whether it is the parameter's own, type)
        let mut wanted: Vec<(String, bool, CTypeDesc)> = Vec::new();
        let derived = |name: &str| (c_identifier(name), is_header_keyword(strip_raw(name)));
        if let ResultDesc::Leading { out, out_name, .. } = self.result {
            wanted.push((c_identifier(out_name), false, out));
        }
        for param in &self.params {
            let (name, renamed) = derived(param.name);
            match param.passing {
                Passing::Value(CTypeDesc::Complex { part, .. }) => {
                    wanted.push((format!("{name}_re"), false, *part));
                    wanted.push((format!("{name}_im"), false, *part));
                }
                Passing::Value(c_type) => wanted.push((name, !renamed, c_type)),
                Passing::Slice(c_type) => {
                    wanted.push((name.clone(), !renamed, c_type));
                    wanted.push((format!("{name}_len"), false, SIZE_T));
                }
            }
        }
        if let ResultDesc::Status {
            out: Some(c_type),
            out_name,
            ..
        } = self.result
        {
            wanted.push((c_identifier(out_name), false, c_type));
        }
        let names = unique_names(
            wanted.iter().map(|(name, own, _)| (name.clone(), *own)),
            is_header_keyword,
        );
        names
            .into_iter()
            .zip(wanted)
            .map(|(name, (_, _, c_type))| CParamSlot { name, c_type })
            .collect()
    }

    /// The C name of the out-pointer of a `Result` function, as
    /// [`FunctionDesc::c_params`] spells it.
    pub fn c_out_name(&self) -> Option<String> {
        match self.result {
            ResultDesc::Status { out: Some(_), .. } => self.c_params().pop().map(|s| s.name),
            _ => None,
        }
    }

    /// The C result type.
    pub fn c_result(&self) -> CTypeDesc {
        match self.result {
            ResultDesc::Value { c_type, .. } => c_type,
            ResultDesc::Status { .. } => STATUS_T,
            ResultDesc::Leading { .. } => CTypeDesc::Void,
        }
    }

    /// The C prototype, without the trailing `;`.
    pub fn c_prototype(&self) -> String {
        let params = self.c_params();
        let params = if params.is_empty() {
            "void".to_owned()
        } else {
            params
                .iter()
                .map(|slot| slot.c_type.declare(&slot.name))
                .collect::<Vec<_>>()
                .join(", ")
        };
        self.c_result()
            .declare(&format!("{}({params})", self.symbol))
    }
}

/// A `#[repr(C)]` struct.
#[derive(Debug, Clone, Copy)]
pub struct StructDesc {
    /// The Rust struct (its name is the C typedef name).
    pub rust: RustItem,
    /// The fields in declaration order.
    pub fields: &'static [FieldDesc],
    /// `size_of` on the compilation target.
    pub size: usize,
    /// `align_of` on the compilation target.
    pub align: usize,
}

/// A struct field.
#[derive(Debug, Clone, Copy)]
pub struct FieldDesc {
    /// The Rust name.
    pub name: &'static str,
    /// The Rust type, as written.
    pub rust_type: &'static str,
    /// How C spells it.
    pub c_type: CTypeDesc,
    /// `offset_of!` on the compilation target.
    pub offset: usize,
}

/// A snapshot of the registry, optionally narrowed to some crates.
#[derive(Debug, Clone)]
pub struct Registry {
    functions: Vec<FunctionDesc>,
    structs: Vec<&'static StructDesc>,
    /// Set by [`Registry::for_module`] when it kept no function, so that
    /// generation fails naming the module instead of writing files without
    /// the functions the user expected.
    unmatched_module: Option<UnmatchedModule>,
}

/// A module path [`Registry::for_module`] found no function in, and the
/// modules that have some.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnmatchedModule {
    /// The module path asked for.
    pub module: String,
    /// The module paths of the functions there were.
    pub known: Vec<String>,
}

impl Registry {
    /// Everything linked into this program.
    pub fn all() -> Self {
        let mut functions: Vec<FunctionDesc> = crate::registry_section::functions()
            .iter()
            .map(FunctionEntry::describe)
            .collect();
        let mut structs: Vec<&'static StructDesc> =
            crate::registry_section::structs().iter().collect();
        // Link order is not a stable order; names are.
        functions.sort_by(|a, b| {
            a.symbol
                .cmp(b.symbol)
                .then(a.rust.path().cmp(&b.rust.path()))
        });
        structs.sort_by(|a, b| {
            a.rust
                .name
                .cmp(b.rust.name)
                .then(a.rust.path().cmp(&b.rust.path()))
        });
        Registry {
            functions,
            structs,
            unmatched_module: None,
        }
    }

    /// Only the items declared in `crate_name` (as `module_path!()` spells
    /// it, with `_` for `-`).
    pub fn for_crate(mut self, crate_name: &str) -> Self {
        let wanted = crate_name.replace('-', "_");
        self.functions.retain(|f| f.rust.crate_name() == wanted);
        self.structs.retain(|s| s.rust.crate_name() == wanted);
        self
    }

    /// Only the functions declared in module `module` (a path as
    /// `module_path!()` spells it, `my_crate::testbench_a`) or in its
    /// submodules: one crate serving several testbenches writes one
    /// SystemVerilog package (one [`Bundle`](crate::emit::Bundle)) per
    /// module. The structs stay (a function may use a struct declared
    /// elsewhere; a package declares only the packed structs its functions
    /// use). When no function is declared there, generating files from the
    /// result is [`EmitError::NoFunctionInModule`](crate::emit::EmitError::NoFunctionInModule),
    /// which lists the modules that have some.
    ///
    /// ```
    /// mod testbench_a {
    ///     #[abi_core::dpi_import]
    ///     pub fn model_a(x: i32) -> i32 { x + 1 }
    /// }
    /// mod testbench_b {
    ///     #[abi_core::dpi_import]
    ///     pub fn model_b(x: i32) -> i32 { x - 1 }
    /// }
    ///
    /// # fn main() {
    /// let here = module_path!();
    /// let registry = abi_core::Registry::all();
    /// let a = registry.clone().for_module(&format!("{here}::testbench_a"));
    /// let package = abi_core::SvPackage::new("tb_a_pkg").render(&a).unwrap();
    /// assert!(package.contains("model_a") && !package.contains("model_b"));
    ///
    /// let typo = registry.for_module(&format!("{here}::testbench_c"));
    /// let error = abi_core::emit::Bundle::new("tb_c").render(&typo).unwrap_err();
    /// assert!(error.to_string().contains("testbench_b"));
    /// # }
    /// ```
    pub fn for_module(mut self, module: &str) -> Self {
        let known: std::collections::BTreeSet<&str> =
            self.functions.iter().map(|f| f.rust.module_path).collect();
        let inside = |path: &str| {
            path.strip_prefix(module)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with("::"))
        };
        self.functions.retain(|f| inside(f.rust.module_path));
        if self.functions.is_empty() {
            self.unmatched_module = Some(UnmatchedModule {
                module: module.to_owned(),
                known: known.into_iter().map(str::to_owned).collect(),
            });
        }
        self
    }

    /// The module [`Registry::for_module`] was asked for and found no
    /// function in, if that happened.
    pub fn unmatched_module(&self) -> Option<&UnmatchedModule> {
        self.unmatched_module.as_ref()
    }

    /// The functions, sorted by symbol.
    pub fn functions(&self) -> &[FunctionDesc] {
        &self.functions
    }

    /// The structs, sorted by name.
    pub fn structs(&self) -> &[&'static StructDesc] {
        &self.structs
    }

    /// The function exported under `symbol`.
    pub fn function(&self, symbol: &str) -> Option<&FunctionDesc> {
        self.functions.iter().find(|f| f.symbol == symbol)
    }

    /// The struct with C name `name`.
    pub fn struct_named(&self, name: &str) -> Option<&'static StructDesc> {
        self.structs.iter().copied().find(|s| s.rust.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // What a macro emits for `/// a\0b` `fn f(x: &[i32], y: u8) -> Result<u8, E>`
    // (a doc comment may contain anything, even NUL).
    static ENTRY: FunctionEntry = FunctionEntry {
        abi: AbiKind::C,
        text: concat!(
            "my_crate::m\0src/m.rs\0",
            42,
            "\0f\0Result<u8, E>\0out\0x\0&[i32]\0y\0u8\0a\0b"
        ),
        symbol: "my_f",
        is_unsafe: false,
        named_args: true,
        params: &[
            <&[i32] as crate::CSliceParam>::PARAM,
            <u8 as crate::CParam>::PARAM,
        ],
        result: <u8 as crate::CResult>::STATUS,
        dpi: None,
        ciface: None,
    };

    // `fn g()`, no parameters, no doc comment, no result.
    static BARE_ENTRY: FunctionEntry = FunctionEntry {
        abi: AbiKind::C,
        text: concat!("c\0lib.rs\0", 7, "\0g\0()\0\0"),
        symbol: "g",
        is_unsafe: true,
        named_args: false,
        params: &[],
        result: ResultType::VOID,
        dpi: None,
        ciface: None,
    };

    #[test]
    fn bare_entries_expand_to_descriptions() {
        let f = BARE_ENTRY.describe();
        assert_eq!(
            (f.rust.path(), f.rust.line, f.rust.doc),
            ("c::g".to_owned(), 7, "")
        );
        assert!(f.params.is_empty() && f.is_unsafe);
        assert_eq!(BARE_ENTRY.param_names(0), None);
        assert!(matches!(
            f.result,
            ResultDesc::Value {
                rust_type: "()",
                c_type: CTypeDesc::Void,
                record: None
            }
        ));
        assert_eq!(f.c_prototype(), "void g(void)");
    }

    #[test]
    fn entries_expand_to_descriptions() {
        let f = ENTRY.describe();
        assert_eq!(f.rust.path(), "my_crate::m::f");
        assert_eq!(
            (f.rust.file, f.rust.line, f.rust.doc),
            ("src/m.rs", 42, "a\0b")
        );
        assert_eq!(ENTRY.rust_path(), "my_crate::m::f");
        let names: Vec<_> = f.params.iter().map(|p| (p.name, p.rust_type)).collect();
        assert_eq!(names, [("x", "&[i32]"), ("y", "u8")]);
        assert_eq!(ENTRY.param_names(1), Some(("y", "u8")));
        assert_eq!(ENTRY.param_names(2), None);
        assert!(matches!(f.params[0].passing, Passing::Slice(_)));
        assert_eq!(
            f.params[1].record(),
            Some(crate::reflect::TypeRecord::of_c_type(
                &<u8 as CType>::C_TYPE
            ))
        );
        assert!(matches!(
            f.result,
            ResultDesc::Status {
                rust_type: "Result<u8, E>",
                out_name: "out",
                out: Some(_),
                ..
            }
        ));
        assert!(f.named_args);
        assert_eq!(
            f.c_prototype(),
            "int32_t my_f(const int32_t *x, size_t x_len, uint8_t y, uint8_t *out)"
        );
    }
}
