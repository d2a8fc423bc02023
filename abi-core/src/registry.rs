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

pub(crate) use crate::model::function::{
    Abi, CifaceDesc, CifaceProvider, FunctionDesc, FunctionEntry, ResultDesc, StructDesc,
};

/// A snapshot of the registry, optionally narrowed to some crates.
#[derive(Debug, Clone)]
pub struct Registry {
    functions: Vec<FunctionDesc>,
    structs: Vec<&'static StructDesc>,
    /// Set by [`Registry::for_module`] when it kept no function, so that
    /// generation fails naming the module instead of writing files without
    /// the functions the user expected.
    unmatched_module: Option<UnmatchedModule>,
    /// Set by [`Registry::for_module`].
    module: Option<String>,
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
            module: None,
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
    /// let package = abi_core::emit::SvPackage::new("tb_a_pkg").render(&a).unwrap();
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
        self.functions.retain(|f| f.rust.is_in_module(module));
        self.module = Some(module.to_owned());
        if self.functions.is_empty() {
            self.unmatched_module = Some(UnmatchedModule {
                module: module.to_owned(),
                known: known.into_iter().map(str::to_owned).collect(),
            });
        }
        self
    }

    /// The module [`Registry::for_module`] narrowed the registry to. The C
    /// header of such a registry declares the structs of that module and
    /// those its functions reach, not every registered struct, and guards
    /// each definition, so that the headers of several modules can be
    /// included in one C file.
    pub fn module(&self) -> Option<&str> {
        self.module.as_deref()
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
    use crate::c::CType;
    use crate::model::c::CTypeDesc;
    use crate::model::function::{Passing, ResultEntry};

    // What a macro emits for `/// a\0b` `fn f(x: &[i32], y: u8) -> Result<u8, E>`
    // (a doc comment may contain anything, even NUL).
    static ENTRY: FunctionEntry = FunctionEntry {
        abi: Abi::C,
        text: concat!(
            "my_crate::m\0src/m.rs\0",
            42,
            "\0f\0Result<u8, E>\0out\0x\0&[i32]\0y\0u8\0a\0b"
        ),
        symbol: "my_f",
        is_unsafe: false,
        named_args: true,
        params: &[
            <&[i32] as crate::c::CSliceParam>::PARAM.0,
            <u8 as crate::c::CParam>::PARAM.0,
        ],
        result: <u8 as crate::c::CResult>::STATUS.0,
    };

    // `fn g()`, no parameters, no doc comment, no result.
    static BARE_ENTRY: FunctionEntry = FunctionEntry {
        abi: Abi::C,
        text: concat!("c\0lib.rs\0", 7, "\0g\0()\0\0"),
        symbol: "g",
        is_unsafe: true,
        named_args: false,
        params: &[],
        result: ResultEntry::VOID,
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
