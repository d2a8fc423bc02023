//! The Rust types each attribute accepts, listed once: the compiler notes
//! of abi-core's traits (`#[diagnostic::on_unimplemented(note = "...")]`,
//! which must be a literal) are [`SupportedList::note`] of these tables,
//! and the book's type tables name every type listed here. A test
//! (`abi-macros/tests/supported_types.rs`) compares both with the tables
//! and rewrites the notes with `BLESS=1`; adding a type to an ABI means a
//! row here, which that test then asks for in the note and the book.
//!
//! Which types are accepted is the traits' decision (their
//! implementations); these tables only say it to a person.

/// One kind of type in a list: written `` `code` `` then `words`, then
/// `(foreign)` when the foreign spelling is not obvious.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SupportedType {
    /// The Rust spelling, between backticks in the note; `a`..`b` is a
    /// range (`i8`..`i64`), `a`/`b` alternatives.
    pub code: &'static str,
    /// Words after the code (` structs`), or empty.
    pub words: &'static str,
    /// The foreign type, in parentheses, or empty.
    pub foreign: &'static str,
}

/// The types one trait accepts, and where they are documented.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SupportedList {
    /// The trait whose compiler note lists them.
    pub trait_name: &'static str,
    /// abi-core's source file that declares the trait, from abi-core's
    /// directory.
    pub source: &'static str,
    /// The book chapter whose table names every type, from the
    /// repository's root.
    pub chapter: &'static str,
    /// The note's first words (`supported: `).
    pub lead: &'static str,
    /// The types.
    pub types: &'static [SupportedType],
    /// The note's last words (`; `&mut T` makes an output`), or empty.
    pub tail: &'static str,
}

const fn ty(code: &'static str, foreign: &'static str) -> SupportedType {
    SupportedType {
        code,
        words: "",
        foreign,
    }
}

const fn words(code: &'static str, words: &'static str, foreign: &'static str) -> SupportedType {
    SupportedType {
        code,
        words,
        foreign,
    }
}

impl SupportedList {
    /// The compiler note: the lead, each type (`` `code`words (foreign) ``)
    /// separated by commas and the last by "and", then the tail.
    pub fn note(&self) -> String {
        let mut note = String::from(self.lead);
        for (i, t) in self.types.iter().enumerate() {
            if i > 0 {
                note.push_str(if i + 1 == self.types.len() {
                    " and "
                } else {
                    ", "
                });
            }
            note.push('`');
            note.push_str(t.code);
            note.push('`');
            note.push_str(t.words);
            if !t.foreign.is_empty() {
                note.push_str(" (");
                note.push_str(t.foreign);
                note.push(')');
            }
        }
        note.push_str(self.tail);
        note
    }

    /// Each Rust spelling the book's table must name: the ends of a range
    /// and each alternative, without the words around them.
    pub fn book_spellings(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.types
            .iter()
            .flat_map(|t| t.code.split("`..`").flat_map(|part| part.split("`/`")))
    }
}

/// Parameters of `#[dpi_import]` and `#[dpi_export]` functions (`DpiType`).
pub const DPI_PARAMETERS: SupportedList = SupportedList {
    trait_name: "DpiType",
    source: "src/dpi/traits.rs",
    chapter: "docs/src/dpi.md",
    lead: "supported: ",
    types: &[
        ty("i8`..`i64", "byte, shortint, int, longint"),
        ty("u8`..`u64", "the same, unsigned"),
        ty("f64", "real"),
        ty("f32", "shortreal"),
        ty("bool", "bit"),
        ty("Logic", "logic"),
        ty("Bits<N>", "bit [N-1:0]"),
        ty("LogicVec<N>", "logic [N-1:0]"),
        ty("SignedBits<N>", "bit signed [N-1:0]"),
        ty("SignedLogicVec<N>", "logic signed [N-1:0]"),
        ty("Integer", "integer"),
        ty("Time", "time"),
        ty("RealTime", "realtime"),
        words(
            "#[derive(Packed)]",
            " structs and enums",
            "struct packed, union packed",
        ),
        ty("Typedef<N>", "the typedef `N::NAME` of `N::Base`"),
        words("#[derive(DpiEnum)]", " enums", "typedef enum"),
        ty("&CStr", "string, for the call"),
        ty("SvString", "string, owned"),
        ty("Chandle<T>", "chandle"),
        ty("ForeignChandle", "chandle owned by C code"),
        ty("[T; K]", "unpacked arrays"),
        ty(
            "OpenArray<'_, T>`/`OpenArrayMut<'_, T>`/`OpenArrayOut<'_, T>",
            "input, inout and output open arrays of imports",
        ),
    ],
    tail: "; `&mut T` makes an output, `#[inout] &mut T` an inout",
};

/// Results of `#[dpi_import]` functions (`DpiResult`).
pub const DPI_IMPORT_RESULTS: SupportedList = SupportedList {
    trait_name: "DpiResult",
    source: "src/dpi/traits.rs",
    chapter: "docs/src/dpi.md",
    lead: "DPI-C results are ",
    types: &[
        ty("()", "void"),
        ty("i8`..`i64", ""),
        ty("u8`..`u64", ""),
        ty("f64", ""),
        ty("f32", ""),
        ty("bool", ""),
        ty("Logic", ""),
        ty("&'static CStr", ""),
        ty(
            "Option<&'static CStr>",
            "NULL for None, not with Verilator's ABI",
        ),
        ty("SvString", ""),
        ty(
            "Option<SvString>",
            "NULL for None, not with Verilator's ABI",
        ),
        ty("Chandle<T>", ""),
        ty("ForeignChandle", ""),
        ty("RealTime", ""),
        words("Typedef<N>", " of these", ""),
    ],
    tail: ", and with Verilator's ABI (`#[dpi_import(verilator)]`) packed values of up to 32 bits (`Bits<N>`, packed structs) and `#[derive(DpiEnum)]` enums; return anything else through an output parameter (`&mut T`)",
};

/// Results of SystemVerilog exports declared with `#[dpi_export]`
/// (`DpiExportResult`).
pub const DPI_EXPORT_RESULTS: SupportedList = SupportedList {
    trait_name: "DpiExportResult",
    source: "src/dpi/traits.rs",
    chapter: "docs/src/dpi.md",
    lead: "export results are ",
    types: &[
        ty("()", "void"),
        ty("i8`..`i64", ""),
        ty("u8`..`u64", ""),
        ty("f64", ""),
        ty("f32", ""),
        ty("bool", ""),
        ty("Logic", ""),
        ty("SvString", ""),
        ty("Chandle<T>", ""),
        ty("ForeignChandle", ""),
        ty("RealTime", ""),
        words("Typedef<N>", " of these", ""),
    ],
    tail: ", and with Verilator's ABI (`#[dpi_export(verilator)]`) packed values of up to 32 bits (`Bits<N>`, packed structs); pass anything else through an output argument (`&mut T`)",
};

/// Fields of `#[derive(Packed)]` structs (`Packed`).
pub const PACKED_FIELDS: SupportedList = SupportedList {
    trait_name: "Packed",
    source: "src/packed/mod.rs",
    chapter: "docs/src/packed.md",
    lead: "packed fields are ",
    types: &[
        ty("bool", ""),
        ty("u8`..`u128", ""),
        ty("i8`..`i128", ""),
        ty("UBitInt<N>", ""),
        ty("BitInt<N>", ""),
        ty("Bits<N>", ""),
        ty("Logic", "4-state"),
        ty("LogicVec<N>", ""),
        ty("SignedLogicVec<N>", ""),
        ty("Integer", ""),
        words("[T; K]", " of packed types", ""),
        words("#[derive(Packed)]", " structs and unions", ""),
    ],
    tail: "",
};

/// Parameters of `#[c_export]` functions (`CParam`).
pub const C_PARAMETERS: SupportedList = SupportedList {
    trait_name: "CParam",
    source: "src/c/params/mod.rs",
    chapter: "docs/src/c_export.md",
    lead: "supported: ",
    types: &[
        ty("i8`..`i64", ""),
        ty("u8`..`u64", ""),
        ty("usize`/`isize", ""),
        ty("bool", ""),
        ty("CBool", ""),
        ty("f32", ""),
        ty("f64", ""),
        words("*const T`/`*mut T", " of C types", ""),
        words(
            "&T`/`&mut T`/`Option<&T>`/`Option<&mut T>",
            " of C types",
            "`CBool`, not `bool`, behind a pointer",
        ),
        words("#[c_export] #[repr(C)]", " structs", ""),
        words("#[derive(Packed)]", " structs", "by value"),
        ty("PackedRef<T>`/`PackedMut<T>", "in place"),
        ty("BitInt<N>`/`UBitInt<N>", "_BitInt(N)"),
        ty("&CStr`/`Option<&CStr>", ""),
        ty(
            "&[T]`/`&mut [T]`/`&str",
            "written literally, not through an alias: a pointer and a length, two C parameters",
        ),
    ],
    tail: "",
};

/// Results of `#[c_export]` functions (`CResult`).
pub const C_RESULTS: SupportedList = SupportedList {
    trait_name: "CResult",
    source: "src/c/params/mod.rs",
    chapter: "docs/src/c_export.md",
    lead: "supported: ",
    types: &[
        ty("()", ""),
        ty("i8`..`i64", ""),
        ty("u8`..`u64", ""),
        ty("usize`/`isize", ""),
        ty("bool", ""),
        ty("CBool", ""),
        ty("f32", ""),
        ty("f64", ""),
        ty("*const T`/`*mut T", ""),
        ty("&T`/`&mut T`/`Option<&T>", ""),
        ty("&'static CStr", ""),
        words("#[c_export] #[repr(C)]", " structs", ""),
        ty("BitInt<N>`/`UBitInt<N>", ""),
        words(
            "Result<T, E>",
            " of those, written literally",
            "`E: abi_core::c::status::CError`; it adds an out-pointer parameter",
        ),
    ],
    tail: "",
};

/// Every list, for the test that compares them with the notes and the
/// book.
pub const ALL: &[SupportedList] = &[
    DPI_PARAMETERS,
    DPI_IMPORT_RESULTS,
    DPI_EXPORT_RESULTS,
    PACKED_FIELDS,
    C_PARAMETERS,
    C_RESULTS,
];
