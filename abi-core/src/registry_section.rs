//! Where the registry's descriptions live: two linker sections, one of
//! [`FunctionEntry`] and one of [`StructDesc`]; and on ELF a third, of
//! [`ShimCode`], which says where each `#[c_export]` shim's code starts
//! (the panic hook names the export a panic aborts in by its frame).
//!
//! Every expansion of `#[c_export]`, `#[dpi_import]`, `#[ciface]` and the
//! others declares its description as a `static` placed in a section the
//! linker concatenates, so the program can list them without running code
//! before `main`.
//!
//! On ELF targets (Linux, Android, the BSDs, Fuchsia) this module does it
//! directly: the descriptions go to the sections `abi_core_functions_v0_1`
//! and `abi_core_structs_v0_1`, and because these names are C identifiers,
//! the linker defines `__start_<section>` and `__stop_<section>` at their
//! bounds (and keeps the sections when these symbols are referenced, which
//! `functions` and `structs` do). That costs nothing per function beyond
//! the description itself; the `linkme` attribute used before cost an extra
//! proc-macro call, a type-checking function and an entry static per
//! function, 0.5 s of a 500-function crate's 2.7 s build. Other object
//! formats (Mach-O, COFF) keep `linkme`'s distributed slices, which know
//! their section conventions.
//!
//! The section names carry abi-core's major and minor version, so that two
//! incompatible copies of abi-core in one program (whose description types
//! differ) never read each other's descriptions.

#[cfg(not(abi_core_elf))]
use crate::model::function::{FunctionEntry, StructDesc};

/// Where a generated shim's code starts, and its C symbol: one entry per
/// `#[c_export]` function, written by [`__shim_code!`](crate::__shim_code)
/// (assembly, so that the entry names the shim by its symbol: a Rust
/// reference to the shim would type-check its signature a second time, and
/// an unsupported parameter type would be reported twice). The panic hook
/// finds the shims among the frames of a panicking thread by their first
/// instruction.
#[repr(C)]
pub(crate) struct ShimCode {
    /// The shim's first instruction.
    pub(crate) code: *const (),
    /// Its C symbol, NUL-terminated.
    pub(crate) symbol: *const core::ffi::c_char,
}

// SAFETY: immutable data the linker and loader write (a code address and a
// string constant's).
unsafe impl Sync for ShimCode {}

// The macros below expand in the user's crate, once per generated
// function, so each is a single level whose output needs no further
// expansion: the target is abi-core's own (the cfg `abi_core_elf`, set by
// the build script, picks which definition exists), not a `cfg` the user's
// crate evaluates. (One shared macro that chose between the ELF and other
// forms in the expansion, holding the description twice through four
// levels of `macro_rules!`, was 1.9 MB of a 400-function crate's 4.9 MB of
// expansions.)

/// Write a [`ShimCode`] for the shim whose C symbol is `$symbol` (a C
/// identifier), on the ELF targets, where the section's bounds are known;
/// elsewhere nothing. Used by `#[c_export]`'s expansions; not public API.
#[cfg(abi_core_elf)]
#[doc(hidden)]
#[macro_export]
macro_rules! __shim_code {
    ($symbol:literal) => {
        #[cfg(not(miri))]
        mod __abi_shim_code {
            // Two pointers (the shim, its symbol's text), 8-aligned: 16 or
            // 8 bytes, so the entries lie back to back on 64- and 32-bit
            // targets alike. Writable, since the loader relocates them, and
            // retained (`R`) as `#[used]` statics are.
            ::core::arch::global_asm!(::core::concat!(
                ".pushsection abi_core_shims_v0_1,\"awR\"\n.balign 8\n.dc.a ",
                $symbol,
                "\n.dc.a 2f\n.popsection\n.pushsection .rodata.abi_core_shim_symbols,\"a\"\n2:\n.asciz \"",
                $symbol,
                "\"\n.popsection",
            ));
        }
    };
}

/// See the other definition: no shim table off ELF.
#[cfg(not(abi_core_elf))]
#[doc(hidden)]
#[macro_export]
macro_rules! __shim_code {
    ($symbol:literal) => {};
}

/// Place a description `static` in the registry: `function NAME = init;`
/// for a `FunctionEntry`, `struct NAME = init;` for a `StructDesc`. The
/// macro writes the static's type itself, so that nothing but an entry
/// can be placed in the sections `Registry::all` reads (a static of
/// another type there, from safe code, was read out of bounds). Used by
/// the macros' expansions; not public API. The initialiser is taken as
/// tokens, not as an `expr` fragment: parsing a whole static as an `item`
/// cost rustc 0.09 M instructions per function (the 400-function
/// benchmark crate 4.27 G to 4.24 G).
#[cfg(abi_core_elf)]
#[doc(hidden)]
#[macro_export]
macro_rules! __register {
    (function $name:ident = $($init:tt)*) => {
        #[used]
        #[unsafe(link_section = "abi_core_functions_v0_1")]
        static $name: $crate::__private::FunctionEntry = $($init)*
    };
    (struct $name:ident = $($init:tt)*) => {
        #[used]
        #[unsafe(link_section = "abi_core_structs_v0_1")]
        static $name: $crate::__private::StructDesc = $($init)*
    };
}

/// See the other definition: `linkme`'s slices off ELF.
#[cfg(not(abi_core_elf))]
#[doc(hidden)]
#[macro_export]
macro_rules! __register {
    (function $name:ident = $($init:tt)*) => {
        #[$crate::__private::linkme::distributed_slice($crate::__private::FUNCTIONS)]
        #[linkme(crate = $crate::__private::linkme)]
        static $name: $crate::__private::FunctionEntry = $($init)*
    };
    (struct $name:ident = $($init:tt)*) => {
        #[$crate::__private::linkme::distributed_slice($crate::__private::STRUCTS)]
        #[linkme(crate = $crate::__private::linkme)]
        static $name: $crate::__private::StructDesc = $($init)*
    };
}

#[cfg(abi_core_elf)]
mod bounds {
    use super::ShimCode;
    use crate::model::function::{FunctionEntry, StructDesc};

    /// A function returning the statics of one linker section as a slice.
    macro_rules! section_slice {
        ($function:ident, $ty:ty, $section:literal, $start:literal, $stop:literal) => {
            pub(crate) fn $function() -> &'static [$ty] {
                /// Makes the section exist, and so its bound symbols, in a
                /// program with nothing registered.
                #[used]
                #[unsafe(link_section = $section)]
                static NOTHING: [$ty; 0] = [];

                unsafe extern "Rust" {
                    // Defined by the linker at the start and the end of the
                    // section.
                    #[link_name = $start]
                    static SECTION_START: [$ty; 0];
                    #[link_name = $stop]
                    static SECTION_STOP: [$ty; 0];
                }

                let start = (&raw const SECTION_START).cast::<$ty>();
                let stop = (&raw const SECTION_STOP).cast::<$ty>();
                let bytes = (stop as usize).saturating_sub(start as usize);
                // SAFETY: everything in the section is a `$ty` static (those of
                // `__register!` and the empty array above; the section name is
                // private to abi-core and versioned), each with `$ty`'s size and
                // alignment, so the linker lays them out back to back between
                // the two bound symbols, aligned, and they are immutable for the
                // whole program. The pointer spans the whole section, which is
                // one object to the linker; this is how a `__start_`/`__stop_`
                // section is read.
                unsafe { core::slice::from_raw_parts(start, bytes / size_of::<$ty>()) }
            }
        };
    }

    section_slice!(
        functions,
        FunctionEntry,
        "abi_core_functions_v0_1",
        "__start_abi_core_functions_v0_1",
        "__stop_abi_core_functions_v0_1"
    );
    section_slice!(
        structs,
        StructDesc,
        "abi_core_structs_v0_1",
        "__start_abi_core_structs_v0_1",
        "__stop_abi_core_structs_v0_1"
    );
    section_slice!(
        shims,
        ShimCode,
        "abi_core_shims_v0_1",
        "__start_abi_core_shims_v0_1",
        "__stop_abi_core_shims_v0_1"
    );
}

/// The targets without `__start_`/`__stop_` symbols read `linkme`'s slices.
#[cfg(not(abi_core_elf))]
mod bounds {
    use crate::model::function::{FunctionEntry, StructDesc};

    pub(crate) fn functions() -> &'static [FunctionEntry] {
        &super::FUNCTIONS
    }

    pub(crate) fn structs() -> &'static [StructDesc] {
        &super::STRUCTS
    }

    /// No shim table off ELF.
    pub(crate) fn shims() -> &'static [super::ShimCode] {
        &[]
    }
}

pub(crate) use bounds::{functions, shims, structs};

/// The functions' distributed slice of the targets without
/// `__start_`/`__stop_` symbols (only there: abi-core depends on linkme on
/// those targets alone).
#[cfg(not(abi_core_elf))]
#[doc(hidden)]
#[linkme::distributed_slice]
pub static FUNCTIONS: [FunctionEntry];

/// The structs' distributed slice (see `FUNCTIONS`).
#[cfg(not(abi_core_elf))]
#[doc(hidden)]
#[linkme::distributed_slice]
pub static STRUCTS: [StructDesc];

#[cfg(test)]
mod tests {
    /// The targets abi-core depends on linkme for (its manifest) are
    /// exactly those without `abi_core_elf` (its build script): an ELF
    /// target missing from the manifest's list would build linkme for
    /// nothing, one missing from the build script would not build at all.
    /// Read from the manifest as written and as `cargo package` rewrites
    /// it (the tests also run from the tarball).
    #[test]
    fn linkme_only_off_elf() {
        /// The `target_os` values named in `text`, sorted.
        fn target_oses(text: &str) -> Vec<&str> {
            let mut oses: Vec<&str> = text
                .split("target_os")
                .skip(1)
                .filter_map(|rest| {
                    let value = rest.trim_start_matches([' ', '=', '\\', '"']);
                    value.split(['"', '\\']).next()
                })
                .collect();
            oses.sort_unstable();
            oses
        }
        let manifest = include_str!("../Cargo.toml");
        let at = manifest
            .find("cfg(not(any(")
            .expect("linkme's target table");
        let rest = &manifest[at..];
        let close = rest.find(")))").expect("the end of its cfg");
        // The table is linkme's (`...dependencies]` then `linkme`, or
        // `...dependencies.linkme]` once packaged).
        let table: String = rest[close..].lines().take(2).collect();
        assert!(table.contains("linkme"), "{table}");
        let build_script = include_str!("../build.rs");
        let marker = "os.as_str(),";
        let at = build_script.find(marker).expect("the ELF list") + marker.len();
        let list = &build_script[at..];
        let list = &list[..list.find(')').expect("its end")];
        let mut listed: Vec<&str> = list.split('"').skip(1).step_by(2).collect();
        listed.sort_unstable();
        assert!(listed.contains(&"linux"), "{listed:?}");
        assert_eq!(target_oses(&rest[..close]), listed);
    }

    /// Every section name in this file carries this crate's version (bump
    /// them with the version).
    #[test]
    fn section_names_carry_the_version() {
        let source = include_str!("registry_section.rs");
        let version = format!(
            "_v{}_{}",
            env!("CARGO_PKG_VERSION_MAJOR"),
            env!("CARGO_PKG_VERSION_MINOR")
        );
        let mut seen = 0;
        // Split so that this test's own text does not match.
        for prefix in [
            concat!("abi_core_", "functions"),
            concat!("abi_core_", "structs"),
            concat!("abi_core_", "shims"),
        ] {
            for (at, _) in source.match_indices(prefix) {
                let rest = &source[at + prefix.len()..];
                let end = rest
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len());
                assert_eq!(&rest[..end], version, "at byte {at}");
                seen += 1;
            }
        }
        assert!(seen >= 12, "{seen} section names");
    }
}
