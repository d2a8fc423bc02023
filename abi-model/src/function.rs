//! Annotated functions and structs as data: what the registry holds and
//! the emitters read.

use super::AbiKind;
use super::c::{CScalar, CTypeDesc};
use super::mlir::MemRefType;
use super::names::{c_identifier, is_header_keyword, strip_raw, unique_names};
use super::record::TypeRecord;
use super::sv::DpiDecl;
use super::{Direction, entry::EntryText};

/// Which foreign ABI an item is exported for, with what that ABI adds to
/// its description.
#[derive(Debug, Clone, Copy)]
pub enum Abi {
    /// `#[c_export]`: a plain C function.
    C,
    /// `#[dpi_import]`: a function SystemVerilog imports with
    /// `import "DPI-C"`; what its declaration says.
    DpiImport(&'static DpiDecl),
    /// `#[dpi_export]`: a SystemVerilog function exported with
    /// `export "DPI-C"`, called from Rust; what its declaration says.
    DpiExport(&'static DpiDecl),
    /// `#[ciface]`: a `_mlir_ciface_<name>` function of MLIR's C
    /// interface; what the attribute says.
    Ciface(&'static CifaceDesc),
}

impl Abi {
    /// The kind, without the description.
    pub const fn kind(&self) -> AbiKind {
        match self {
            Abi::C => AbiKind::C,
            Abi::DpiImport(_) => AbiKind::DpiImport,
            Abi::DpiExport(_) => AbiKind::DpiExport,
            Abi::Ciface(_) => AbiKind::Ciface,
        }
    }

    /// What the SystemVerilog declaration says, for DPI-C functions.
    pub const fn dpi(&self) -> Option<&'static DpiDecl> {
        match self {
            Abi::DpiImport(desc) | Abi::DpiExport(desc) => Some(desc),
            Abi::C | Abi::Ciface(_) => None,
        }
    }

    /// Whether the function's C ABI differs between the standard's flavour
    /// and Verilator's ([`DpiDecl::differs_between_flavours`], an import's
    /// or an export's); never for a function that is not DPI-C.
    pub const fn differs_between_flavours(&self) -> bool {
        match self {
            Abi::DpiImport(desc) => desc.differs_between_flavours(false),
            Abi::DpiExport(desc) => desc.differs_between_flavours(true),
            Abi::C | Abi::Ciface(_) => false,
        }
    }

    /// What `#[ciface]` says, for MLIR C-interface functions.
    pub const fn ciface(&self) -> Option<&'static CifaceDesc> {
        match self {
            Abi::Ciface(desc) => Some(desc),
            Abi::C | Abi::DpiImport(_) | Abi::DpiExport(_) => None,
        }
    }
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
    pub memref_types: &'static [Option<MemRefType>],
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

    /// Whether the item is declared in `module` or one of its submodules
    /// (`module` is a path such as `my_crate::dsp`).
    pub fn is_in_module(&self, module: &str) -> bool {
        self.module_path
            .strip_prefix(module)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with("::"))
    }

    /// `crate::module::name`.
    pub fn path(&self) -> String {
        format!("{}::{}", self.module_path, self.name)
    }
}

/// An exported function, as the registry describes it.
#[derive(Debug, Clone)]
pub struct FunctionDesc {
    /// The ABI it is exported for, and what that ABI adds.
    pub abi: Abi,
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
    /// `named_args`: reflection records the arguments as IREE's
    /// `["named", name, T]`, so callers may pass them by keyword.
    pub named_args: bool,
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
    record: RecordSource,
    memref_type: &'static MemRefType,
}

impl ParamDesc {
    /// Its reflection record; `None` for DPI functions, whose records come
    /// from their SystemVerilog types.
    pub fn record(&self) -> Option<TypeRecord> {
        match self.record {
            RecordSource::None => None,
            RecordSource::Of(record) => Some(record()),
            RecordSource::OfMemRef(record) => Some(record(self.memref_type)),
        }
    }
}

/// What the macros place in the registry for one function: everything
/// textual in one string, everything about types in per-type constants.
///
/// Compile time is why: a nested description (a struct per parameter with
/// its name, Rust type, direction, passing and record) cost a 500-function
/// crate a sixth of its build in type checking and constant evaluation.
/// `abi_core::Registry` turns entries into [`FunctionDesc`]s. Not public API.
#[doc(hidden)]
#[derive(Debug)]
pub struct FunctionEntry {
    pub abi: Abi,
    /// The names and Rust spellings, encoded as [`EntryText`] says.
    pub text: &'static str,
    pub symbol: &'static str,
    pub is_unsafe: bool,
    pub named_args: bool,
    /// One reference per parameter, each a per-type constant's. An array
    /// of references is all rustc needs to check in each entry: it proves
    /// `Freeze` for every borrowed array of structs again, per `static`
    /// (about 0.2 M instructions per parameter of every function).
    pub params: &'static [&'static ParamEntry],
    pub result: ResultEntry,
}

/// A parameter's description apart from its name, one constant per type
/// and trait (`<T as CParam>::PARAM` and the like). Not public API.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct ParamEntry {
    pub direction: Direction,
    pub passing: Passing,
    pub record: RecordSource,
}

impl ParamEntry {
    /// A DPI `output` or `inout`: a pointer to the simulator's cell.
    pub const fn dpi_cell(direction: Direction, cell: &'static CTypeDesc) -> ParamEntry {
        ParamEntry {
            direction,
            passing: Passing::Value(CTypeDesc::Pointer {
                pointee: cell,
                is_const: false,
            }),
            record: RecordSource::None,
        }
    }
}

/// Where a parameter's reflection record comes from. Not public API.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub enum RecordSource {
    /// None (DPI functions: the SystemVerilog types describe them).
    None,
    /// This function.
    Of(fn() -> TypeRecord),
    /// This function, given the parameter's `#[mlir]` type.
    OfMemRef(fn(&MemRefType) -> TypeRecord),
}

/// How a function's result travels, as its registry entry holds it (the
/// counterpart of [`ParamEntry`]): returned as a C value, through a status
/// code and an optional out-pointer, or through a leading out-pointer. One
/// constant per type and trait (`<T as CResult>::RESULT` and the like); the
/// registry decodes it into a [`ResultDesc`]. Not public API.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub enum ResultEntry {
    /// See [`ResultDesc::Value`].
    Value {
        c_type: CTypeDesc,
        record: Option<fn() -> TypeRecord>,
    },
    /// See [`ResultDesc::Status`].
    Status {
        out: Option<CTypeDesc>,
        record: Option<fn() -> TypeRecord>,
    },
    /// See [`ResultDesc::Leading`].
    Leading {
        out: CTypeDesc,
        record: Option<fn() -> TypeRecord>,
    },
}

impl ResultEntry {
    /// `()`.
    pub const VOID: ResultEntry = ResultEntry::Value {
        c_type: CTypeDesc::Void,
        record: None,
    };
    /// `Result<(), E>`.
    pub const STATUS_ONLY: ResultEntry = ResultEntry::Status {
        out: None,
        record: None,
    };
}

impl FunctionEntry {
    /// The entry's text, decoded. A malformed text (a registry entry not
    /// written by this version's macros, which the versioned section names
    /// rule out) reads as empty fields rather than failing the emitters.
    fn decoded(&'static self) -> EntryText<'static> {
        let decoded = EntryText::decode(self.text, self.params.len());
        debug_assert!(
            decoded.is_ok(),
            "malformed registry entry of `{}`: {decoded:?}",
            self.symbol
        );
        decoded.unwrap_or_else(|_| EntryText {
            module_path: "",
            file: "",
            line: 0,
            name: self.symbol,
            result_type: "",
            out_name: "",
            params: vec![("", ""); self.params.len()],
            doc: "",
        })
    }

    /// `crate::module::name` of the Rust item.
    pub fn rust_path(&'static self) -> String {
        let text = self.decoded();
        format!("{}::{}", text.module_path, text.name)
    }

    /// The name and Rust type of parameter `index`.
    pub fn param_names(&'static self, index: usize) -> Option<(&'static str, &'static str)> {
        self.decoded().params.get(index).copied()
    }

    /// The full description.
    pub fn describe(&'static self) -> FunctionDesc {
        const DYNAMIC_IDENTITY: &MemRefType = &MemRefType::DYNAMIC_IDENTITY;
        let text = self.decoded();
        let memref_types = self.abi.ciface().map_or(&[][..], |c| c.memref_types);
        let params = self
            .params
            .iter()
            .zip(&text.params)
            .enumerate()
            .map(|(index, (param, (name, rust_type)))| ParamDesc {
                name,
                rust_type,
                direction: param.direction,
                passing: param.passing,
                record: param.record,
                memref_type: memref_types
                    .get(index)
                    .and_then(Option::as_ref)
                    .unwrap_or(DYNAMIC_IDENTITY),
            })
            .collect();
        let (rust_type, out_name) = (text.result_type, text.out_name);
        let result = match self.result {
            ResultEntry::Value { c_type, record } => ResultDesc::Value {
                rust_type,
                c_type,
                record,
            },
            ResultEntry::Status { out, record } => ResultDesc::Status {
                rust_type,
                out,
                out_name,
                record,
            },
            ResultEntry::Leading { out, record } => ResultDesc::Leading {
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
                doc: text.doc,
                file: text.file,
                line: text.line,
            },
            symbol: self.symbol,
            is_unsafe: self.is_unsafe,
            params,
            result,
            named_args: self.named_args,
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
        record: Option<fn() -> TypeRecord>,
    },
    /// `Result<T, E>`: an `int32_t` status, and `T` through a trailing
    /// out-pointer unless `T` is `()`. See `abi_core::c::status`.
    Status {
        /// The Rust type, as written.
        rust_type: &'static str,
        /// How C spells the out-pointer (`T *`), `None` when `T` is `()`.
        out: Option<CTypeDesc>,
        /// The name of the out-pointer parameter.
        out_name: &'static str,
        /// The reflection record of `T`; `None` when `T` is `()`.
        record: Option<fn() -> TypeRecord>,
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
        record: Option<fn() -> TypeRecord>,
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
pub struct CParamDecl {
    /// The C parameter name.
    pub name: String,
    /// Its type.
    pub c_type: CTypeDesc,
}

const SIZE_T: CTypeDesc = CTypeDesc::scalar::<usize>(CScalar::Size);
const STATUS_T: CTypeDesc = CTypeDesc::scalar::<i32>(CScalar::Int32);

impl FunctionDesc {
    /// The C parameters in order: slices expand to a pointer and a length,
    /// a `Result` adds its out-pointer last (an MLIR result, first).
    ///
    /// Every name is a C identifier and unique: a parameter's own name is
    /// kept when it is one; names the C side derives (a keyword with `_`
    /// appended, a slice's `x_len`, the out-pointer) take further `_`s until
    /// they collide with nothing, so `fn f(x: &[u8], x_len: usize)` is
    /// `f(const uint8_t *x, size_t x_len_, size_t x_len)`.
    pub fn c_params(&self) -> Vec<CParamDecl> {
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
            .map(|(name, (_, _, c_type))| CParamDecl { name, c_type })
            .collect()
    }

    /// The C name of the out-pointer of a `Result` function, as
    /// [`FunctionDesc::c_params`] spells it.
    pub fn c_out_name(&self) -> Option<String> {
        match self.result {
            ResultDesc::Status { out: Some(_), .. } => self.c_params().pop().map(|s| s.name),
            ResultDesc::Status { out: None, .. }
            | ResultDesc::Value { .. }
            | ResultDesc::Leading { .. } => None,
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

sync_by_fields!(FunctionEntry {
    abi,
    text,
    symbol,
    is_unsafe,
    named_args,
    params,
    result,
});
sync_by_fields!(CifaceDesc {
    provider,
    mlir_name,
    memref_types,
    expanded,
});
sync_by_fields!(StructDesc {
    rust,
    fields,
    size,
    align,
});
