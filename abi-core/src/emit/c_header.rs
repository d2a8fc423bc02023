//! The C header for the `#[c_export]` items of a registry.
//!
//! The output is deterministic (structs in dependency order with names
//! breaking ties, functions sorted by symbol), include-guarded, valid C11
//! (`-std=c11 -pedantic -Wall -Wextra -Werror` clean) and usable from C++.
//! Each struct is followed by `_Static_assert`s of the size, alignment and
//! field offsets Rust computed, so a C compiler that disagrees with the Rust
//! layout refuses the header instead of corrupting data.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use crate::bitint_layout::{BitIntRevision, BitIntTarget};
use crate::c::status::RESERVED_STATUSES;
use crate::model::c::{CScalar, CTypeDesc};
use crate::model::names::c_identifier;
use crate::registry::{Abi, FunctionDesc, Registry, ResultDesc, StructDesc};

use super::EmitError;

/// Settings of one header.
#[derive(Debug, Clone)]
pub struct CHeader {
    file_name: String,
    description: Option<String>,
    view: HeaderView,
}

/// Which functions a header declares, with which C types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum HeaderView {
    /// The `#[c_export]` and `#[ciface]` functions, with their structs.
    C,
    /// The `#[dpi_import]` and `#[dpi_export]` functions, with the C types
    /// of IEEE 1800 Annex H (`svdpi.h`).
    Dpi,
}

impl HeaderView {
    /// The header that declares a function of ABI `abi`.
    fn of(abi: &Abi) -> HeaderView {
        match abi {
            Abi::C | Abi::Ciface(_) => HeaderView::C,
            Abi::DpiImport(_) | Abi::DpiExport(_) => HeaderView::Dpi,
        }
    }
}

impl CHeader {
    /// A header that will be saved as `file_name` (used for the include
    /// guard and the banner).
    pub fn new(file_name: impl Into<String>) -> Self {
        CHeader {
            file_name: file_name.into(),
            description: None,
            view: HeaderView::C,
        }
    }

    /// A paragraph for the top of the file.
    pub fn description(mut self, text: impl Into<String>) -> Self {
        self.description = Some(text.into());
        self
    }

    /// Declare the `#[dpi_import]` and `#[dpi_export]` functions instead of
    /// the `#[c_export]` ones, with the C types of IEEE 1800 Annex H
    /// (`svdpi.h`), so that the declarations can be compared with a
    /// simulator's own header (Verilator's `V*__Dpi.h`).
    pub fn dpi_functions(mut self) -> Self {
        self.view = HeaderView::Dpi;
        self
    }

    /// The include guard: the file name in upper case, non-identifier
    /// characters replaced by `_`.
    pub fn guard(&self) -> String {
        let mut guard: String = self
            .file_name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_uppercase()
                } else {
                    '_'
                }
            })
            .collect();
        if guard.starts_with(|c: char| c.is_ascii_digit()) {
            guard.insert(0, '_');
        }
        guard
    }

    /// Render the header for the C functions and structs of `registry`.
    pub fn render(&self, registry: &Registry) -> Result<String, EmitError> {
        let (functions, structs) = self.declared(registry)?;
        let bitint = BitIntUse::find(&structs, &functions);

        let mut out = String::new();
        let guard = self.guard();
        self.write_opening(&mut out, &guard);

        if functions
            .iter()
            .any(|f| matches!(f.result, ResultDesc::Status { .. }))
        {
            out.push('\n');
            write_statuses(&mut out);
        }

        if !bitint.types.is_empty() {
            out.push('\n');
            bitint.write_prelude(&mut out);
        }

        if !structs.is_empty() {
            out.push('\n');
            write_structs(&mut out, &structs, &bitint);
        }

        write_aggregates(&mut out, &functions);

        for f in &functions {
            out.push('\n');
            let guarded = bitint.functions.contains(f.symbol);
            guard_open(&mut out, guarded);
            write_function(&mut out, f);
            write_flavour_check(&mut out, f);
            guard_close(&mut out, guarded);
        }

        out.push_str("\n#ifdef __cplusplus\n} /* extern \"C\" */\n#endif\n\n");
        writeln!(out, "#endif /* {guard} */").unwrap();
        Ok(out)
    }

    /// The functions this header declares, and the structs it defines (in
    /// dependency order).
    fn declared<'r>(
        &self,
        registry: &'r Registry,
    ) -> Result<(Vec<&'r FunctionDesc>, Vec<&'static StructDesc>), EmitError> {
        let functions: Vec<&FunctionDesc> = registry
            .functions()
            .iter()
            .filter(|f| HeaderView::of(&f.abi) == self.view)
            .collect();
        check_unique_symbols(&functions)?;
        let mut structs = structs_in_dependency_order(registry, &functions)?;
        match (self.view, registry.module()) {
            // Registered structs belong to the C header; the DPI view
            // declares only the structs its functions reach.
            (HeaderView::Dpi, _) => {
                let used = structs_reached(&structs, &functions);
                structs.retain(|s| used.contains(s.rust.name));
            }
            // One module's header: its own structs and those its functions
            // reach (each definition guarded, for headers included together).
            (HeaderView::C, Some(module)) => {
                let used = structs_reached(&structs, &functions);
                structs.retain(|s| used.contains(s.rust.name) || s.rust.is_in_module(module));
            }
            (HeaderView::C, None) => {}
        }
        Ok((functions, structs))
    }

    /// The banner, the include guard, the includes and `extern "C" {`.
    fn write_opening(&self, out: &mut String, guard: &str) {
        writeln!(out, "/*").unwrap();
        writeln!(
            out,
            " * {}: generated by abi-core {}. Do not edit.",
            self.file_name,
            env!("CARGO_PKG_VERSION")
        )
        .unwrap();
        writeln!(out, " *").unwrap();
        if let Some(description) = &self.description {
            for line in description.lines() {
                writeln!(out, "{}", comment_line(line)).unwrap();
            }
            writeln!(out, " *").unwrap();
        }
        writeln!(
            out,
            " * Layout checks were computed by Rust for a {} target.",
            target_description()
        )
        .unwrap();
        writeln!(out, " */").unwrap();
        writeln!(out, "#ifndef {guard}").unwrap();
        writeln!(out, "#define {guard}").unwrap();
        out.push('\n');
        out.push_str("#include <stdbool.h>\n#include <stddef.h>\n#include <stdint.h>\n");
        match self.view {
            HeaderView::C => {}
            HeaderView::Dpi => out.push_str("#include \"svdpi.h\"\n"),
        }
        out.push('\n');
        out.push_str("#ifdef __cplusplus\nextern \"C\" {\n#endif\n");
    }
}

/// For a `#[dpi_import]` whose C ABI differs between the DPI-C flavours
/// (`DpiDecl::differs_between_flavours`): a reference to the marker symbol
/// the library defines beside the function when built for the flavour this
/// header declares, so that a program including the header does not link
/// with a library built for the other one. The linker's "undefined
/// reference to `abi_core_dpi_flavour__f__needs_library_built_for_ieee`"
/// names the function and the flavour it needs.
fn write_flavour_check(out: &mut String, f: &FunctionDesc) {
    let Abi::DpiImport(dpi) = f.abi else {
        return;
    };
    if !dpi.differs_between_flavours(false) {
        return;
    }
    let marker = dpi.flavour.marker_symbol(f.symbol);
    writeln!(
        out,
        "/* Links only with a library whose `{symbol}` was built for {flavour}: the other\n * flavour passes it differently. */\n\
         #if defined(__GNUC__) || defined(__clang__)\n\
         extern const unsigned char {marker};\n\
         static const unsigned char *const abi_core_dpi_flavour_check__{symbol} __attribute__((used)) = &{marker};\n\
         #endif",
        symbol = f.symbol,
        flavour = dpi.flavour.description(),
    )
    .unwrap();
}

/// The typedefs of `structs`, then each definition with its layout checks.
fn write_structs(out: &mut String, structs: &[&StructDesc], bitint: &BitIntUse) {
    // Each typedef and definition once per translation unit, however many
    // generated headers declare the struct.
    for s in structs {
        writeln!(
            out,
            "#ifndef ABI_TYPEDEF_{0}\n#define ABI_TYPEDEF_{0}\ntypedef struct {0} {0};\n#endif",
            s.rust.name
        )
        .unwrap();
    }
    for s in structs {
        out.push('\n');
        let guarded = bitint.structs.contains(s.rust.name);
        guard_open(out, guarded);
        // The definition once; the layout checks every time, so that a
        // different struct of the same name from another header fails them
        // instead of being silently used.
        writeln!(
            out,
            "#ifndef ABI_STRUCT_{0}\n#define ABI_STRUCT_{0}",
            s.rust.name
        )
        .unwrap();
        write_struct(out, s);
        out.push_str("#endif\n");
        write_struct_checks(out, s);
        guard_close(out, guarded);
    }
}

/// The aggregates the header defines itself (memref descriptors, complex
/// numbers, multi-value results) that `functions` name, each once.
fn write_aggregates(out: &mut String, functions: &[&FunctionDesc]) {
    let mut aggregates: Vec<CTypeDesc> = Vec::new();
    for f in functions {
        let mut found = Vec::new();
        for slot in f.c_params() {
            slot.c_type.header_aggregates(&mut found);
        }
        f.c_result().header_aggregates(&mut found);
        for a in found {
            if !aggregates.contains(&a) {
                aggregates.push(a);
            }
        }
    }
    if aggregates.is_empty() {
        return;
    }
    out.push_str("\n/* MLIR memref descriptors (the layout of `StridedMemRefType<T, N>` in\n * mlir/ExecutionEngine/CRunnerUtils.h) and multi-value results. */\n");
    write_half_float_typedefs(out, &aggregates);
    for a in &aggregates {
        if let Some(definition) = a.typedef_definition() {
            let name = a.typedef_name().unwrap_or_default();
            writeln!(
                out,
                "#ifndef ABI_DEFINED_{name}\n#define ABI_DEFINED_{name}"
            )
            .unwrap();
            writeln!(out, "{definition}").unwrap();
            out.push_str("#endif\n");
        }
    }
}

/// The `_BitInt` types a header uses, and which declarations need them.
///
/// `_BitInt(N)` is C23: those declarations sit inside `#if ABI_HAVE_BITINT`
/// so that the rest of the header stays usable from C11 compilers (and
/// from gcc before 14, which has no `_BitInt`).
struct BitIntUse {
    types: BTreeSet<(bool, u32, usize, usize)>,
    structs: BTreeSet<&'static str>,
    functions: BTreeSet<&'static str>,
}

impl BitIntUse {
    fn find(structs: &[&'static StructDesc], functions: &[&FunctionDesc]) -> Self {
        let mut found = BitIntUse {
            types: BTreeSet::new(),
            structs: BTreeSet::new(),
            functions: BTreeSet::new(),
        };
        // Structs come in dependency order, so a struct's by-value and
        // pointer members were classified before it, except for pointers
        // to later structs, which a second pass settles.
        for _ in 0..2 {
            for s in structs {
                let types: Vec<CTypeDesc> = s.fields.iter().map(|f| f.c_type).collect();
                if found.mentions(&types) {
                    found.structs.insert(s.rust.name);
                }
            }
        }
        for f in functions {
            let mut types: Vec<CTypeDesc> =
                f.c_params().into_iter().map(|slot| slot.c_type).collect();
            types.push(f.c_result());
            if found.mentions(&types) {
                found.functions.insert(f.symbol);
            }
        }
        found
    }

    /// Whether `types` name a `_BitInt` or a struct that does; records the
    /// `_BitInt` types seen.
    fn mentions(&mut self, types: &[CTypeDesc]) -> bool {
        let mut any = false;
        for ty in types {
            let mut bitints = Vec::new();
            ty.bitints_named(&mut bitints);
            for b in bitints {
                if let CTypeDesc::BitInt {
                    bits,
                    signed,
                    size,
                    align,
                } = b
                {
                    self.types.insert((signed, bits, size, align));
                    any = true;
                }
            }
            let mut structs = Vec::new();
            ty.structs_named(&mut structs);
            any |= structs.iter().any(|s| self.structs.contains(s));
        }
        any
    }

    fn write_prelude(&self, out: &mut String) {
        out.push_str("/* `_BitInt(N)` is C23: the declarations that use it need clang >= 16 or\n");
        out.push_str(" * gcc >= 14 in C23 mode (-std=c2x / -std=c23). */\n");
        out.push_str("#ifndef ABI_HAVE_BITINT\n");
        out.push_str(
            "#if !defined(__cplusplus) && defined(__BITINT_MAXWIDTH__) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 202311L\n",
        );
        out.push_str(
            "#define ABI_HAVE_BITINT 1\n#else\n#define ABI_HAVE_BITINT 0\n#endif\n#endif\n",
        );
        out.push_str("#if ABI_HAVE_BITINT\n");
        if let Some(target) = BitIntTarget::current() {
            out.push_str(&bitint_rules_check(target, BitIntRevision::SELECTED));
        }
        for (signed, bits, size, align) in &self.types {
            let ty = CTypeDesc::BitInt {
                bits: *bits,
                signed: *signed,
                size: *size,
                align: *align,
            }
            .declare("");
            writeln!(out, "_Static_assert(sizeof({ty}) == {size} && _Alignof({ty}) == {align}, \"{ty}: layout differs from Rust\");").unwrap();
        }
        out.push_str("#endif\n");
    }
}

/// The preprocessor test that a C compiler targets `target` (the macros
/// clang and gcc define), for the targets whose `_BitInt` rules have
/// revisions; `None` elsewhere.
fn revised_target_macro(target: BitIntTarget) -> Option<&'static str> {
    match target {
        BitIntTarget::Riscv64 => Some("defined(__riscv) && __riscv_xlen == 64"),
        BitIntTarget::Riscv32 => Some("defined(__riscv) && __riscv_xlen == 32"),
        BitIntTarget::Loongarch64 => Some("defined(__loongarch64)"),
        BitIntTarget::X86_64
        | BitIntTarget::I386
        | BitIntTarget::Aarch64
        | BitIntTarget::AppleArm64
        | BitIntTarget::Armv7
        | BitIntTarget::Ppc64le
        | BitIntTarget::S390x
        | BitIntTarget::Mips64
        | BitIntTarget::Sparcv9
        | BitIntTarget::Wasm32 => None,
    }
}

/// The check a header's `_BitInt` prelude carries: an `#error` naming both
/// sets of rules when the compiler reading the header implements another
/// revision of `target`'s `_BitInt` rules than `revision`, the one the
/// library was built for (a mismatch would otherwise pass values the
/// other side misreads, with no message). Compilers other than clang are
/// refused on these targets: abi-core has not verified their rules there.
/// It also references the library's marker symbol of `revision`
/// ([`marker`](crate::bitint_layout::marker)), so that a library built for
/// the other revision does not link. Empty for a target whose compilers
/// all follow the same rules, so those headers are unchanged.
pub fn bitint_rules_check(target: BitIntTarget, revision: BitIntRevision) -> String {
    let (Some(target_macro), Some(first_psabi)) =
        (revised_target_macro(target), target.psabi_since_clang())
    else {
        return String::new();
    };
    let describe = |r: BitIntRevision| match r.clang_versions(target) {
        (first, Some(last)) => format!("the {r} `_BitInt` rules of clang {first} to {last}"),
        (first, None) => format!("the {r} `_BitInt` rules of clang >= {first}"),
    };
    let (mismatch, other) = match revision {
        BitIntRevision::Psabi => (
            format!("__clang_major__ < {first_psabi}"),
            BitIntRevision::Legacy,
        ),
        BitIntRevision::Legacy => (
            format!("__clang_major__ >= {first_psabi}"),
            BitIntRevision::Psabi,
        ),
    };
    let ours = describe(revision);
    let theirs = describe(other);
    let mut out = String::new();
    writeln!(
        out,
        "/* The library passes `_BitInt` by {ours} on {target} (ABI_CORE_BITINT_RULES={revision}). */"
    )
    .unwrap();
    writeln!(out, "#if {target_macro}").unwrap();
    writeln!(out, "#if defined(__clang__) && {mismatch}").unwrap();
    writeln!(
        out,
        "#error \"abi-core: this library was built for {ours} on {target} (ABI_CORE_BITINT_RULES={revision}), but this compiler implements {theirs}: compile with clang {}, or rebuild the library with ABI_CORE_BITINT_RULES={other}\"",
        match revision.clang_versions(target) {
            (first, Some(last)) => format!("{first} to {last}"),
            (first, None) => format!(">= {first}"),
        }
    )
    .unwrap();
    writeln!(out, "#elif !defined(__clang__)").unwrap();
    writeln!(
        out,
        "#error \"abi-core: this library was built for {ours} on {target} (ABI_CORE_BITINT_RULES={revision}); the `_BitInt` rules of compilers other than clang are not verified on this target\""
    )
    .unwrap();
    out.push_str("#endif\n");
    // The library's marker (`bitint_layout::marker`): referenced once per
    // translation unit, so that a library built for the other revision
    // fails to link with C compiled against this header.
    writeln!(
        out,
        "#ifndef ABI_BITINT_RULES_REFERENCED\n#define ABI_BITINT_RULES_REFERENCED\nextern const unsigned char abi_core_bitint_rules_{revision};\n__attribute__((used)) static const unsigned char *const abi_bitint_rules_reference = &abi_core_bitint_rules_{revision};\n#endif"
    )
    .unwrap();
    out.push_str("#endif\n");
    out
}

fn guard_open(out: &mut String, guarded: bool) {
    if guarded {
        out.push_str("#if ABI_HAVE_BITINT\n");
    }
}

fn guard_close(out: &mut String, guarded: bool) {
    if guarded {
        out.push_str("#endif\n");
    }
}

/// The target whose layout the header's checks record.
fn target_description() -> String {
    format!(
        "{}-bit {}-{}",
        usize::BITS,
        std::env::consts::ARCH,
        std::env::consts::OS
    )
}

fn write_statuses(out: &mut String) {
    out.push_str("/* Status codes of functions that return a status (Rust `Result<T, E>`):\n");
    out.push_str(" * 0 is success, positive values are the function's own error codes. */\n");
    out.push_str("#ifndef ABI_STATUS_OK\n");
    for (name, value, meaning) in RESERVED_STATUSES {
        let value = if *value < 0 {
            format!("({value})")
        } else {
            value.to_string()
        };
        writeln!(out, "#define {name} {value} /* {meaning} */").unwrap();
    }
    out.push_str("#endif\n");
}

fn write_struct(out: &mut String, s: &StructDesc) {
    write_doc(out, s.rust.doc, &[format!("Rust: `{}`", s.rust.path())]);
    writeln!(out, "struct {} {{", s.rust.name).unwrap();
    for field in s.fields {
        writeln!(
            out,
            "    {};",
            field.c_type.declare(&c_identifier(field.name))
        )
        .unwrap();
    }
    out.push_str("};\n");
}

/// `_Static_assert`s of a struct's size, alignment and field offsets.
fn write_struct_checks(out: &mut String, s: &StructDesc) {
    let name = s.rust.name;
    out.push_str("#ifndef __cplusplus\n");
    writeln!(
        out,
        "_Static_assert(sizeof({name}) == {}, \"{name}: size differs from Rust\");",
        s.size
    )
    .unwrap();
    writeln!(
        out,
        "_Static_assert(_Alignof({name}) == {}, \"{name}: alignment differs from Rust\");",
        s.align
    )
    .unwrap();
    for field in s.fields {
        let field_name = c_identifier(field.name);
        writeln!(
            out,
            "_Static_assert(offsetof({name}, {field_name}) == {}, \"{name}.{field_name}: offset differs from Rust\");",
            field.offset
        )
        .unwrap();
    }
    out.push_str("#endif\n");
}

fn write_function(out: &mut String, f: &FunctionDesc) {
    let mut notes = vec![format!("Rust: `{}`", f.rust.path())];
    if let ResultDesc::Status {
        rust_type,
        out,
        out_name,
        ..
    } = f.result
    {
        let mut note = format!(
            "Returns ABI_STATUS_OK on success, a positive error code from `{rust_type}`, or a negative ABI_STATUS_*."
        );
        if out.is_some() {
            write!(
                note,
                " On success the value is stored in `*{}`; it is untouched otherwise.",
                f.c_out_name().unwrap_or_else(|| c_identifier(out_name))
            )
            .unwrap();
        }
        notes.push(note);
    }
    if let Some(ciface) = f.abi.ciface() {
        let mut note = match ciface.provider {
            crate::registry::CifaceProvider::Rust => format!(
                "MLIR C interface of `{}`, implemented in Rust: MLIR code calls it.",
                ciface.mlir_name
            ),
            crate::registry::CifaceProvider::Mlir => format!(
                "MLIR C interface of `{}`, implemented by an MLIR module (`llvm.emit_c_interface`); Rust calls it.",
                ciface.mlir_name
            ),
        };
        if matches!(f.result, ResultDesc::Leading { .. }) {
            note.push_str(" The results are written through `result`, the first argument.");
        }
        notes.push(note);
    }
    if f.is_unsafe {
        notes.push("The Rust function is `unsafe`: the caller upholds its safety contract, described above.".to_owned());
    }
    write_doc(out, f.rust.doc, &notes);
    writeln!(out, "{};", f.c_prototype()).unwrap();
}

/// A `/** ... */` block with the Rust docs, then `notes` as paragraphs.
fn write_doc(out: &mut String, doc: &str, notes: &[String]) {
    out.push_str("/**\n");
    let doc = doc.trim_matches('\n');
    if !doc.is_empty() {
        for line in doc.lines() {
            writeln!(out, "{}", comment_line(line)).unwrap();
        }
        out.push_str(" *\n");
    }
    for (i, note) in notes.iter().enumerate() {
        if i > 0 {
            out.push_str(" *\n");
        }
        writeln!(out, "{}", comment_line(note)).unwrap();
    }
    out.push_str(" */\n");
}

/// One line inside a block comment: ` * text`, with `*/` defused so user
/// docs cannot end the comment early.
fn comment_line(line: &str) -> String {
    let line = line.trim_end().replace("*/", "* /");
    if line.is_empty() {
        " *".to_owned()
    } else {
        format!(" * {line}")
    }
}

/// The names of the structs `functions` use, directly or through fields.
fn structs_reached(
    structs: &[&'static StructDesc],
    functions: &[&FunctionDesc],
) -> BTreeSet<&'static str> {
    let mut pending = Vec::new();
    for f in functions {
        for slot in f.c_params() {
            slot.c_type.structs_named(&mut pending);
        }
        f.c_result().structs_named(&mut pending);
    }
    let mut reached = BTreeSet::new();
    while let Some(name) = pending.pop() {
        if reached.insert(name)
            && let Some(s) = structs.iter().find(|s| s.rust.name == name)
        {
            for field in s.fields {
                field.c_type.structs_named(&mut pending);
            }
        }
    }
    reached
}

fn check_unique_symbols(functions: &[&FunctionDesc]) -> Result<(), EmitError> {
    for pair in functions.windows(2) {
        if pair[0].symbol == pair[1].symbol {
            let declared = |f: &FunctionDesc| {
                f.abi
                    .ciface()
                    .is_some_and(|c| c.provider == crate::registry::CifaceProvider::Mlir)
            };
            return Err(EmitError::DuplicateSymbol {
                symbol: pair[0].symbol.to_owned(),
                first: pair[0].rust.path(),
                second: pair[1].rust.path(),
                both_declared: declared(pair[0]) && declared(pair[1]),
            });
        }
    }
    Ok(())
}

/// The structs the functions use, with everything they contain by value
/// first; names break ties so the order is stable.
fn structs_in_dependency_order(
    registry: &Registry,
    functions: &[&FunctionDesc],
) -> Result<Vec<&'static StructDesc>, EmitError> {
    let mut by_name: BTreeMap<&str, &'static StructDesc> = BTreeMap::new();
    for s in registry.structs() {
        if let Some(previous) = by_name.insert(s.rust.name, s) {
            return Err(EmitError::DuplicateStruct {
                name: s.rust.name.to_owned(),
                first: previous.rust.path(),
                second: s.rust.path(),
            });
        }
    }

    // Every struct a function mentions must be registered, or the header
    // would not compile.
    for f in functions {
        let mut named = Vec::new();
        for slot in f.c_params() {
            slot.c_type.structs_named(&mut named);
        }
        f.c_result().structs_named(&mut named);
        for name in named {
            if !by_name.contains_key(name) {
                return Err(EmitError::UnregisteredStruct {
                    name: name.to_owned(),
                    used_by: f.rust.path(),
                });
            }
        }
    }

    let mut ordered = Vec::new();
    let mut done = BTreeSet::new();
    let mut visiting = BTreeSet::new();
    for name in by_name.keys() {
        visit(name, &by_name, &mut done, &mut visiting, &mut ordered)?;
    }
    Ok(ordered)
}

fn visit(
    name: &str,
    by_name: &BTreeMap<&str, &'static StructDesc>,
    done: &mut BTreeSet<String>,
    visiting: &mut BTreeSet<String>,
    ordered: &mut Vec<&'static StructDesc>,
) -> Result<(), EmitError> {
    if done.contains(name) {
        return Ok(());
    }
    let Some(s) = by_name.get(name) else {
        return Err(EmitError::UnregisteredStruct {
            name: name.to_owned(),
            used_by: "a struct field".to_owned(),
        });
    };
    // Rust rejects a struct that contains itself by value, so a cycle here
    // means two registered structs share a name.
    if !visiting.insert(name.to_owned()) {
        return Err(EmitError::DuplicateStruct {
            name: name.to_owned(),
            first: s.rust.path(),
            second: s.rust.path(),
        });
    }
    let mut deps: Vec<&str> = s
        .fields
        .iter()
        .filter_map(|f| f.c_type.struct_by_value())
        .collect();
    deps.sort_unstable();
    for dep in deps {
        if !by_name.contains_key(dep) {
            return Err(EmitError::UnregisteredStruct {
                name: dep.to_owned(),
                used_by: s.rust.path(),
            });
        }
        visit(dep, by_name, done, visiting, ordered)?;
    }
    visiting.remove(name);
    done.insert(name.to_owned());
    ordered.push(s);
    Ok(())
}

/// The 16-bit float element types of memrefs, named `abi_f16` / `abi_bf16`
/// in the header: the compiler's `_Float16` / `__bf16` where it has them
/// (`__extension__` keeps `-pedantic` C11 quiet), else the raw 16 bits, so
/// that the header compiles everywhere with the same layout.
fn write_half_float_typedefs(out: &mut String, aggregates: &[CTypeDesc]) {
    let mut elements: Vec<CScalar> = aggregates
        .iter()
        .filter_map(|a| {
            if let CTypeDesc::MemRef {
                element_c: CTypeDesc::Scalar { kind, .. },
                ..
            } = a
            {
                Some(*kind)
            } else {
                None
            }
        })
        .collect();
    elements.sort_unstable();
    elements.dedup();
    for kind in elements {
        if let Some(definition) = header_definition(kind) {
            out.push_str(definition);
        }
    }
}

/// The definition the header writes for a scalar it names itself.
fn header_definition(kind: CScalar) -> Option<&'static str> {
    match kind {
        CScalar::AbiF16 => Some(
            "#ifndef ABI_DEFINED_abi_f16\n#define ABI_DEFINED_abi_f16\n\
             #if defined(__FLT16_MAX__)\n__extension__ typedef _Float16 abi_f16;\n\
             #else\ntypedef uint16_t abi_f16; /* IEEE binary16 bits: no _Float16 here */\n#endif\n#endif\n",
        ),
        CScalar::AbiBf16 => Some(
            "#ifndef ABI_DEFINED_abi_bf16\n#define ABI_DEFINED_abi_bf16\n\
             #if defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 13)\n__extension__ typedef __bf16 abi_bf16;\n\
             #else\ntypedef uint16_t abi_bf16; /* bfloat16 bits: no __bf16 here */\n#endif\n#endif\n",
        ),
        // Defined by <stdint.h>, <stddef.h>, <stdbool.h> or svdpi.h.
        CScalar::Int8
        | CScalar::Int16
        | CScalar::Int32
        | CScalar::Int64
        | CScalar::Uint8
        | CScalar::Uint16
        | CScalar::Uint32
        | CScalar::Uint64
        | CScalar::Ptrdiff
        | CScalar::Size
        | CScalar::Float
        | CScalar::Double
        | CScalar::Bool
        | CScalar::Char
        | CScalar::UnsignedChar
        | CScalar::Short
        | CScalar::UnsignedShort
        | CScalar::Int
        | CScalar::UnsignedInt
        | CScalar::LongLong
        | CScalar::UnsignedLongLong
        | CScalar::SvBit
        | CScalar::SvLogic
        | CScalar::SvBitVecVal
        | CScalar::SvLogicVecVal
        | CScalar::SvOpenArrayHandle => None,
    }
}

impl super::Emitter for CHeader {
    fn file_name(&self) -> String {
        self.file_name.clone()
    }

    fn wanted(&self, registry: &Registry) -> bool {
        match self.view {
            HeaderView::C => true,
            HeaderView::Dpi => super::has_dpi(registry),
        }
    }

    fn render(&self, registry: &Registry) -> Result<String, EmitError> {
        CHeader::render(self, registry)
    }
}
