//! SystemVerilog types as data (what the generated `import "DPI-C"`
//! declarations, packages and CIRCT declarations say), and the facts of
//! DPI-C both crates use.

use core::fmt;

use super::Direction;
use super::packed::PackedStructDesc;

/// The widest packed value (a `bit [N-1:0]`, a `struct packed`) a DPI-C
/// function may return: IEEE 1800 Annex H allows no packed result at all,
/// Verilator up to 32 bits (its flavour, `DpiFlavour::Verilator`).
pub const MAX_PACKED_RESULT_BITS: u32 = 32;

/// Why a wider packed result is refused, and what to write instead (the
/// macros add the width; abi-core's compile-time checks use it as it is).
pub const PACKED_RESULT_RULE: &str = "DPI-C cannot return a packed value wider than 32 bits (IEEE 1800 Annex H forbids packed results; Verilator allows up to 32); return it through an output parameter (`out: &mut T`)";

/// A SystemVerilog data type as an import declares it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SvType {
    /// `void`: only as a function result.
    Void,
    /// A type named by its keyword: `int`, `byte unsigned`, `string`, ...
    Scalar(SvScalar),
    /// `bit [width-1:0]`.
    PackedBits {
        /// The number of bits.
        width: u32,
    },
    /// `logic [width-1:0]`.
    PackedLogic {
        /// The number of bits.
        width: u32,
    },
    /// `bit signed [width-1:0]`, a signed packed member.
    PackedSigned {
        /// The number of bits.
        width: u32,
    },
    /// `logic signed [width-1:0]`, a 4-state signed packed member.
    PackedSignedLogic {
        /// The number of bits.
        width: u32,
    },
    /// A packed array `element [len-1:0]`, element 0 in the least
    /// significant bits.
    PackedArray {
        /// The element type.
        element: &'static SvType,
        /// The number of elements.
        len: usize,
    },
    /// A `typedef struct packed` of a `#[derive(Packed)]` struct, referred
    /// to by its typedef name.
    PackedStruct(&'static PackedStructDesc),
    /// A `typedef enum` of a `#[derive(DpiEnum)]` enum, referred to by its
    /// typedef name.
    Enum(&'static DpiEnumDesc),
    /// An open array `element name[]` (`name[][]` for two dimensions, ...).
    OpenArray {
        /// The element type.
        element: &'static SvType,
        /// The number of unpacked dimensions, 1 to 3.
        dimensions: usize,
    },
    /// A fixed-size unpacked array `element name[len]`.
    Unpacked {
        /// The element type.
        element: &'static SvType,
        /// The number of elements.
        len: usize,
    },
    /// A type declared by a name standing for another: a user's
    /// `typedef bit [7:0] byte_t;` (the package declares it once), or a
    /// keyword of its own that DPI-C passes as another type (`time`,
    /// `realtime`).
    Alias(&'static SvAlias),
}

/// A name for a SystemVerilog type ([`SvType::Alias`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SvAlias {
    /// The name imports and exports declare their arguments with.
    pub name: &'static str,
    /// The type it stands for, which decides how DPI-C passes it.
    pub base: &'static SvType,
    /// A keyword (`time`, `realtime`): no typedef is written for it.
    pub keyword: bool,
}

impl SvType {
    /// Whether a `shortreal` is in this type (alone or as an array
    /// element): the one type the two DPI-C flavours pass differently.
    pub const fn mentions_shortreal(&self) -> bool {
        match self {
            SvType::Scalar(scalar) => matches!(scalar, SvScalar::Shortreal),
            SvType::OpenArray { element, .. } | SvType::Unpacked { element, .. } => {
                element.mentions_shortreal()
            }
            SvType::Alias(alias) => alias.base.mentions_shortreal(),
            // Packed types hold no `shortreal` (a packed struct's members
            // are integral).
            SvType::Void
            | SvType::PackedBits { .. }
            | SvType::PackedLogic { .. }
            | SvType::PackedSigned { .. }
            | SvType::PackedSignedLogic { .. }
            | SvType::PackedArray { .. }
            | SvType::PackedStruct(_)
            | SvType::Enum(_) => false,
        }
    }

    /// The number of bits of an integral (packed) type, as SystemVerilog
    /// counts them in a `struct packed` member; `None` for a type that
    /// cannot be one (`real`, `string`, `chandle`, unpacked and open
    /// arrays, `void`) or a width past `u32`. What a packed struct's
    /// declared members must add up to (abi-core checks it against the
    /// Rust width when it passes the struct).
    pub const fn packed_width(&self) -> Option<u32> {
        match self {
            SvType::Scalar(scalar) => match scalar {
                SvScalar::Bit | SvScalar::Logic => Some(1),
                SvScalar::Byte | SvScalar::ByteUnsigned => Some(8),
                SvScalar::Shortint | SvScalar::ShortintUnsigned => Some(16),
                SvScalar::Int | SvScalar::IntUnsigned | SvScalar::FourStateInt => Some(32),
                SvScalar::Longint | SvScalar::LongintUnsigned => Some(64),
                SvScalar::Real | SvScalar::Shortreal | SvScalar::String | SvScalar::CHandle => None,
            },
            SvType::PackedBits { width }
            | SvType::PackedLogic { width }
            | SvType::PackedSigned { width }
            | SvType::PackedSignedLogic { width } => Some(*width),
            SvType::PackedArray { element, len } => match element.packed_width() {
                Some(width) if *len <= u32::MAX as usize => width.checked_mul(*len as u32),
                _ => None,
            },
            SvType::PackedStruct(desc) => Some(desc.width),
            SvType::Enum(desc) => desc.base.packed_width(),
            SvType::Alias(alias) => alias.base.packed_width(),
            SvType::Void | SvType::OpenArray { .. } | SvType::Unpacked { .. } => None,
        }
    }

    /// A declaration of `name` with this type: unpacked dimensions follow
    /// the name (`int a[4]`).
    pub fn declare(&self, name: &str) -> String {
        match self {
            // The outer dimension comes first, right after the name: Rust
            // `[[i32; 3]; 2]` is `int a[2][3]`, as C spells `int32_t a[2][3]`.
            SvType::Unpacked { element, len } => element.declare(&format!("{name}[{len}]")),
            SvType::OpenArray {
                element,
                dimensions,
            } => element.declare(&format!("{name}{}", "[]".repeat(*dimensions))),
            SvType::Void
            | SvType::Scalar(_)
            | SvType::PackedBits { .. }
            | SvType::PackedLogic { .. }
            | SvType::PackedSigned { .. }
            | SvType::PackedSignedLogic { .. }
            | SvType::PackedArray { .. }
            | SvType::PackedStruct(_)
            | SvType::Enum(_)
            | SvType::Alias(_) => format!("{self} {name}"),
        }
    }

    /// The base type and the packed dimensions of a packed type, apart:
    /// `bit [3:0][7:0]` is `("bit", "[3:0][7:0]")`. A packed array puts its
    /// own dimension in front of its element's.
    fn packed_parts(&self) -> (String, String) {
        match self {
            SvType::PackedBits { width } => ("bit".into(), format!("[{}:0]", width - 1)),
            SvType::PackedSigned { width } => ("bit signed".into(), format!("[{}:0]", width - 1)),
            SvType::PackedLogic { width } => ("logic".into(), format!("[{}:0]", width - 1)),
            SvType::PackedSignedLogic { width } => {
                ("logic signed".into(), format!("[{}:0]", width - 1))
            }
            SvType::PackedArray { element, len } => {
                let (base, dims) = element.packed_parts();
                (base, format!("[{}:0]{dims}", len - 1))
            }
            SvType::PackedStruct(desc) => (desc.sv_name.into(), String::new()),
            SvType::Enum(desc) => (desc.sv_name.into(), String::new()),
            SvType::Alias(alias) => (alias.name.into(), String::new()),
            SvType::Void
            | SvType::Scalar(_)
            | SvType::OpenArray { .. }
            | SvType::Unpacked { .. } => (self.to_string(), String::new()),
        }
    }
}

/// The type as it is written before a name; an unpacked array shows its
/// dimension after the element type.
impl fmt::Display for SvType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SvType::Void => f.write_str("void"),
            SvType::Scalar(scalar) => f.write_str(scalar.keyword()),
            SvType::PackedBits { .. }
            | SvType::PackedSigned { .. }
            | SvType::PackedLogic { .. }
            | SvType::PackedSignedLogic { .. }
            | SvType::PackedArray { .. }
            | SvType::PackedStruct(_)
            | SvType::Enum(_)
            | SvType::Alias(_) => {
                let (base, dims) = self.packed_parts();
                if dims.is_empty() {
                    f.write_str(&base)
                } else {
                    write!(f, "{base} {dims}")
                }
            }
            SvType::Unpacked { element, len } => write!(f, "{element} [{len}]"),
            SvType::OpenArray {
                element,
                dimensions,
            } => write!(f, "{element} {}", "[]".repeat(*dimensions)),
        }
    }
}

/// The SystemVerilog types named by a keyword alone that DPI-C passes: a
/// closed list, so that every emitter that spells or classifies one (the
/// spelling here, the reflection record, the CIRCT type) is an exhaustive
/// `match` the compiler completes when a kind is added.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SvScalar {
    /// `byte`: 8 bits, signed.
    Byte,
    /// `byte unsigned`.
    ByteUnsigned,
    /// `shortint`: 16 bits, signed.
    Shortint,
    /// `shortint unsigned`.
    ShortintUnsigned,
    /// `int`: 32 bits, signed.
    Int,
    /// `int unsigned`.
    IntUnsigned,
    /// `longint`: 64 bits, signed.
    Longint,
    /// `longint unsigned`.
    LongintUnsigned,
    /// `real`: a C `double`.
    Real,
    /// `shortreal`: a C `float` (Annex H) or `double` (Verilator).
    Shortreal,
    /// `bit`: 2-state, one bit.
    Bit,
    /// `logic`: 4-state, one bit.
    Logic,
    /// `integer`: 4-state `logic signed [31:0]` (not named `Integer`, so
    /// that rustc's diagnostics keep calling abi-core's `Integer` type by
    /// its short name).
    FourStateInt,
    /// `string`: a C `const char *`.
    String,
    /// `chandle`: a C `void *` (not named `Chandle`, as for
    /// [`SvScalar::FourStateInt`]).
    CHandle,
}

impl SvScalar {
    /// The SystemVerilog spelling.
    pub const fn keyword(self) -> &'static str {
        match self {
            SvScalar::Byte => "byte",
            SvScalar::ByteUnsigned => "byte unsigned",
            SvScalar::Shortint => "shortint",
            SvScalar::ShortintUnsigned => "shortint unsigned",
            SvScalar::Int => "int",
            SvScalar::IntUnsigned => "int unsigned",
            SvScalar::Longint => "longint",
            SvScalar::LongintUnsigned => "longint unsigned",
            SvScalar::Real => "real",
            SvScalar::Shortreal => "shortreal",
            SvScalar::Bit => "bit",
            SvScalar::Logic => "logic",
            SvScalar::FourStateInt => "integer",
            SvScalar::String => "string",
            SvScalar::CHandle => "chandle",
        }
    }
}

/// What the SystemVerilog declaration of a DPI-C function says, beyond its
/// C view: the `import "DPI-C"` of a `#[dpi_import]` or the `export
/// "DPI-C"` of a `#[dpi_export]`.
#[derive(Debug, Clone, Copy)]
pub struct DpiDecl {
    /// The name SystemVerilog calls it by (the C symbol unless renamed).
    pub sv_name: &'static str,
    /// More names SystemVerilog imports the same C function by, each
    /// declared `import "DPI-C" c_name = function alias(...)` (imports
    /// only; empty for exports).
    pub aliases: &'static [&'static str],
    /// `context`: may call exports and VPI.
    pub context: bool,
    /// `pure`: no side effects, result depends on inputs only.
    pub pure: bool,
    /// A `task` (its C result is the `int` disable flag) rather than a
    /// `function`.
    pub task: bool,
    /// Per parameter: SystemVerilog type and direction, each a per-type
    /// constant's (references, for the reason `FunctionEntry::params` gives).
    pub params: &'static [&'static DpiParamDecl],
    /// The SystemVerilog result type (`void` for none).
    pub result: SvType,
    /// The DPI-C ABI the shim was compiled for.
    pub flavour: DpiFlavour,
}

impl DpiDecl {
    /// Whether the C ABI of this function differs between the two
    /// flavours: a `shortreal` anywhere in its arguments or result, or an
    /// export task (the one rule; the shims' run-time check and the
    /// emitters' markers follow it). Packed and enum results exist only
    /// with Verilator's ABI, so they never meet the other.
    pub const fn differs_between_flavours(&self, export: bool) -> bool {
        if export && self.task {
            return true;
        }
        if self.result.mentions_shortreal() {
            return true;
        }
        let mut i = 0;
        while i < self.params.len() {
            if self.params[i].sv_type.mentions_shortreal() {
                return true;
            }
            i += 1;
        }
        false
    }
}

/// Which DPI-C ABI a `#[dpi_import]` or `#[dpi_export]` function follows.
/// Chosen per function (`#[dpi_import(verilator)]`) or per crate (its
/// build script's `cargo::rustc-env=ABI_CORE_DPI_FLAVOUR=verilator`), never
/// for other crates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DpiFlavour {
    /// IEEE 1800 Annex H, as commercial simulators implement it:
    /// `shortreal` is `float`, export tasks return the `int` disable flag,
    /// no packed or enum results.
    Ieee,
    /// Verilator 5: `shortreal` is `double`, export tasks return `void`,
    /// packed results of up to 32 bits and enum results.
    Verilator,
}

impl DpiFlavour {
    /// The environment variable a crate's build script sets (with
    /// `cargo::rustc-env`) to choose the flavour of its functions that name
    /// none; read by the macros when they expand.
    pub const ENV: &'static str = "ABI_CORE_DPI_FLAVOUR";

    /// Its one spelling: the attribute argument, the value of
    /// [`DpiFlavour::ENV`], and the part of the marker symbols.
    pub const fn name(self) -> &'static str {
        match self {
            DpiFlavour::Ieee => "ieee",
            DpiFlavour::Verilator => "verilator",
        }
    }

    /// How people call it in messages.
    pub const fn description(self) -> &'static str {
        match self {
            DpiFlavour::Ieee => "the IEEE 1800 DPI-C ABI",
            DpiFlavour::Verilator => "Verilator's DPI-C ABI",
        }
    }

    /// The flavour spelled `name`, as [`DpiFlavour::name`] writes it.
    pub fn parse(name: &str) -> Option<DpiFlavour> {
        [DpiFlavour::Ieee, DpiFlavour::Verilator]
            .into_iter()
            .find(|f| f.name() == name)
    }

    /// The symbol a library defines beside the shim of the C function
    /// `symbol` built for this flavour, and that generated C declarations
    /// reference, so that a header generated for one flavour does not link
    /// with a library built for the other: the linker's "undefined
    /// reference" then names the function and what it needs.
    pub fn marker_symbol(self, symbol: &str) -> String {
        format!(
            "abi_core_dpi_flavour__{symbol}__needs_library_built_for_{}",
            self.name()
        )
    }
}

/// The numbers of arguments abi-core has generic import shims for: a
/// `#[dpi_import]` function (not a task, not `unsafe`) with that many
/// arguments calls one of them instead of having its steps written out
/// (not public API).
#[doc(hidden)]
pub const GENERIC_IMPORT_ARGUMENTS: core::ops::RangeInclusive<usize> = 1..=4;

/// The name of abi-core's generic import shim for a function of `flavour`
/// whose arguments are, in order, values (`false`: an input, passed to the
/// function by value) or cells (`true`: an output or inout, passed as
/// `&mut T`): `dpi_import_shim_vc` (standard) or `verilator_import_shim_vc`
/// (not public API; abi-core's list is checked against this rule).
#[doc(hidden)]
pub fn generic_import_shim(flavour: DpiFlavour, cells: impl IntoIterator<Item = bool>) -> String {
    let shape: String = cells
        .into_iter()
        .map(|cell| if cell { 'c' } else { 'v' })
        .collect();
    let prefix = match flavour {
        DpiFlavour::Ieee => "dpi",
        DpiFlavour::Verilator => "verilator",
    };
    format!("{prefix}_import_shim_{shape}")
}

/// The constant `FLAGS` of a generic import shim (written by the macro as
/// a literal): whether the import is `context`, and which of its
/// arguments (by index) are inouts, read by [`import_shim_is_context`] and
/// [`import_shim_is_inout`] (not public API).
#[doc(hidden)]
pub fn import_shim_flags(context: bool, inouts: impl IntoIterator<Item = bool>) -> u32 {
    inouts
        .into_iter()
        .enumerate()
        .fold(u32::from(context), |flags, (i, inout)| {
            flags | u32::from(inout) << (1 + i)
        })
}

/// Whether [`import_shim_flags`] said `context` (not public API).
#[doc(hidden)]
pub const fn import_shim_is_context(flags: u32) -> bool {
    flags & 1 != 0
}

/// Whether [`import_shim_flags`] said argument `index` is an inout (not
/// public API).
#[doc(hidden)]
pub const fn import_shim_is_inout(flags: u32, index: u32) -> bool {
    flags & 1 << (1 + index) != 0
}

/// One argument as SystemVerilog sees it.
#[derive(Debug, Clone, Copy)]
pub struct DpiParamDecl {
    /// `input`, `output` or `inout`.
    pub direction: Direction,
    /// The data type.
    pub sv_type: SvType,
}

/// A `typedef enum` as the generated package declares it.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct DpiEnumDesc {
    /// The Rust enum's path.
    pub rust_name: &'static str,
    /// The typedef name.
    pub sv_name: &'static str,
    /// The base type (`int`, `byte unsigned`, `bit [2:0]`, ...).
    pub base: &'static SvType,
    /// The labels in declaration order: the Rust variant name (written in
    /// SystemVerilog with the enum's prefix) and its value.
    pub labels: &'static [(&'static str, i128)],
    /// Prepended to every label in SystemVerilog, where labels share the
    /// package's name space (`#[dpi_enum(prefix = "OP_")]`).
    pub label_prefix: &'static str,
}

impl DpiEnumDesc {
    /// The description, after checking at compile time that every value
    /// fits the base type (`min..=max`).
    #[doc(hidden)]
    pub const fn checked(self, (min, max): (i128, i128)) -> Self {
        let mut i = 0;
        while i < self.labels.len() {
            let value = self.labels[i].1;
            assert!(
                value >= min && value <= max,
                "a `#[derive(DpiEnum)]` value does not fit the enum's base type; choose a wider `base`"
            );
            i += 1;
        }
        assert!(
            !self.labels.is_empty(),
            "a `#[derive(DpiEnum)]` enum needs a variant"
        );
        self
    }
}

#[cfg(test)]
mod flavour_tests {
    use super::*;

    #[test]
    fn one_spelling_per_flavour() {
        for flavour in [DpiFlavour::Ieee, DpiFlavour::Verilator] {
            assert_eq!(DpiFlavour::parse(flavour.name()), Some(flavour));
        }
        assert_eq!(DpiFlavour::parse("Verilator"), None);
        assert_eq!(
            DpiFlavour::Ieee.marker_symbol("f"),
            "abi_core_dpi_flavour__f__needs_library_built_for_ieee"
        );
    }

    #[test]
    fn packed_widths_as_systemverilog_counts_them() {
        static BYTE: SvType = SvType::Scalar(SvScalar::ByteUnsigned);
        static LOGIC3: SvType = SvType::PackedLogic { width: 3 };
        static WIDE: SvType = SvType::PackedBits { width: u32::MAX };
        let width = |t: SvType| t.packed_width();
        assert_eq!(width(SvType::Scalar(SvScalar::Bit)), Some(1));
        assert_eq!(width(BYTE), Some(8));
        assert_eq!(width(SvType::Scalar(SvScalar::ShortintUnsigned)), Some(16));
        assert_eq!(width(SvType::Scalar(SvScalar::FourStateInt)), Some(32));
        assert_eq!(width(SvType::Scalar(SvScalar::Longint)), Some(64));
        assert_eq!(width(SvType::PackedSignedLogic { width: 12 }), Some(12));
        assert_eq!(
            width(SvType::PackedArray {
                element: &BYTE,
                len: 5
            }),
            Some(40)
        );
        assert_eq!(
            width(SvType::PackedArray {
                element: &LOGIC3,
                len: 0
            }),
            Some(0)
        );
        assert_eq!(
            width(SvType::PackedArray {
                element: &WIDE,
                len: 2
            }),
            None
        );
        for not_packed in [
            SvType::Void,
            SvType::Scalar(SvScalar::Real),
            SvType::Scalar(SvScalar::Shortreal),
            SvType::Scalar(SvScalar::String),
            SvType::Scalar(SvScalar::CHandle),
            SvType::Unpacked {
                element: &BYTE,
                len: 2,
            },
            SvType::OpenArray {
                element: &BYTE,
                dimensions: 1,
            },
        ] {
            assert_eq!(width(not_packed), None);
        }
    }

    #[test]
    fn shortreal_and_export_tasks_differ_between_flavours() {
        static SHORTREAL: SvType = SvType::Scalar(SvScalar::Shortreal);
        let decl = |params: &'static [&'static DpiParamDecl], result, task| DpiDecl {
            sv_name: "f",
            aliases: &[],
            context: false,
            pure: false,
            task,
            params,
            result,
            flavour: DpiFlavour::Ieee,
        };
        let int = SvType::Scalar(SvScalar::Int);
        assert!(!decl(&[], int, false).differs_between_flavours(false));
        assert!(decl(&[], SHORTREAL, false).differs_between_flavours(false));
        static ARRAY: [&DpiParamDecl; 1] = [&DpiParamDecl {
            direction: Direction::In,
            sv_type: SvType::OpenArray {
                element: &SHORTREAL,
                dimensions: 1,
            },
        }];
        assert!(decl(&ARRAY, SvType::Void, false).differs_between_flavours(false));
        // An import task returns `int` to both (Verilator ignores it); an
        // export task differs.
        assert!(!decl(&[], SvType::Void, true).differs_between_flavours(false));
        assert!(decl(&[], SvType::Void, true).differs_between_flavours(true));
        // A function's ABI applies the rule of its side (what an import's
        // shim checks): the task is an import's or an export's; the other
        // ABIs never differ.
        use crate::function::Abi;
        static TASK: DpiDecl = DpiDecl {
            sv_name: "t",
            aliases: &[],
            context: false,
            pure: false,
            task: true,
            params: &[],
            result: SvType::Void,
            flavour: DpiFlavour::Ieee,
        };
        assert!(!Abi::DpiImport(&TASK).differs_between_flavours());
        assert!(Abi::DpiExport(&TASK).differs_between_flavours());
        assert!(!Abi::C.differs_between_flavours());
    }
}

sync_by_fields!(DpiDecl {
    sv_name,
    aliases,
    context,
    pure,
    task,
    params,
    result,
    flavour,
});
