//! Where the registry's entries live: one linker section.
//!
//! Every expansion of `#[c_export]`, `#[dpi_import]`, `#[ciface]` and the
//! others places one [`Entry`] static in a section the linker concatenates,
//! so the program can list them without running code before `main`.
//!
//! On ELF targets (Linux, Android, the BSDs, Fuchsia) this module does it
//! directly: the entries go to the section `abi_core_registry_v0_1`, and
//! because that name is a C identifier, the linker defines
//! `__start_abi_core_registry_v0_1` and `__stop_abi_core_registry_v0_1` at its
//! bounds (and keeps the section when these symbols are referenced, which
//! `entries` does). This costs one plain `static` per function; the
//! `linkme` attribute used before cost an extra proc-macro call and a
//! type-checking function per entry, 0.4 s of a 500-function crate's
//! 2.7 s build. Other object formats (Mach-O, COFF) keep `linkme`'s
//! distributed slice, which knows their section conventions.
//!
//! The section name carries abi-core's major and minor version, so that two
//! incompatible copies of abi-core in one program (whose `Entry` types
//! differ) never read each other's entries.

use crate::registry::Entry;

/// Place `static __ABI_ENTRY: Entry = $entry;` in the registry. Used by the
/// macros' expansions; not public API.
#[doc(hidden)]
#[macro_export]
macro_rules! __register_entry {
    ($entry:expr) => {
        #[cfg(any(
            target_os = "linux",
            target_os = "android",
            target_os = "freebsd",
            target_os = "netbsd",
            target_os = "openbsd",
            target_os = "fuchsia"
        ))]
        #[used]
        #[unsafe(link_section = "abi_core_registry_v0_1")]
        static __ABI_ENTRY: $crate::__private::Entry = $entry;
        #[cfg(not(any(
            target_os = "linux",
            target_os = "android",
            target_os = "freebsd",
            target_os = "netbsd",
            target_os = "openbsd",
            target_os = "fuchsia"
        )))]
        #[$crate::__private::linkme::distributed_slice($crate::__private::REGISTRY)]
        #[linkme(crate = $crate::__private::linkme)]
        static __ABI_ENTRY: $crate::__private::Entry = $entry;
    };
}

#[cfg(any(
    target_os = "linux",
    target_os = "android",
    target_os = "freebsd",
    target_os = "netbsd",
    target_os = "openbsd",
    target_os = "fuchsia"
))]
mod bounds {
    use crate::registry::Entry;

    /// Makes the section exist, and so its bound symbols, in a program with
    /// no registered item.
    #[used]
    #[unsafe(link_section = "abi_core_registry_v0_1")]
    static NO_ENTRIES: [Entry; 0] = [];

    unsafe extern "Rust" {
        // Defined by the linker at the start and the end of the section.
        #[link_name = "__start_abi_core_registry_v0_1"]
        static SECTION_START: [Entry; 0];
        #[link_name = "__stop_abi_core_registry_v0_1"]
        static SECTION_STOP: [Entry; 0];
    }

    pub(crate) fn entries() -> &'static [Entry] {
        let start = (&raw const SECTION_START).cast::<Entry>();
        let stop = (&raw const SECTION_STOP).cast::<Entry>();
        let bytes = (stop as usize).saturating_sub(start as usize);
        // SAFETY: everything in the section is an `Entry` static (the
        // `__register_entry` statics and the empty array above; the section
        // name is private to abi-core and versioned), each with `Entry`'s
        // size and alignment, so the linker lays them out back to back
        // between the two bound symbols, aligned, and they are immutable
        // for the whole program. The pointer spans the whole section, which
        // is one object to the linker; this is the standard way to read a
        // `__start_`/`__stop_` section.
        unsafe { core::slice::from_raw_parts(start, bytes / size_of::<Entry>()) }
    }
}

/// The targets without `__start_`/`__stop_` symbols read `linkme`'s slice.
#[cfg(not(any(
    target_os = "linux",
    target_os = "android",
    target_os = "freebsd",
    target_os = "netbsd",
    target_os = "openbsd",
    target_os = "fuchsia"
)))]
mod bounds {
    use crate::registry::Entry;

    pub(crate) fn entries() -> &'static [Entry] {
        &super::REGISTRY
    }
}

pub(crate) use bounds::entries;

/// The distributed slice of the targets without `__start_`/`__stop_`
/// symbols (declared everywhere, filled only there).
#[doc(hidden)]
#[linkme::distributed_slice]
pub static REGISTRY: [Entry];

#[cfg(test)]
mod tests {
    /// The section name in `__register_entry` and `elf` matches this
    /// crate's version (bump it with the version).
    #[test]
    fn section_name_carries_the_version() {
        let source = include_str!("registry_section.rs");
        // Split so that this test's own text does not match.
        const PREFIX: &str = concat!("abi_core_registry", "_v");
        let name = format!(
            "{PREFIX}{}_{}",
            env!("CARGO_PKG_VERSION_MAJOR"),
            env!("CARGO_PKG_VERSION_MINOR")
        );
        let stale = source
            .match_indices(PREFIX)
            .map(|(i, _)| &source[i..])
            .filter(|rest| !rest.starts_with(&name))
            .count();
        assert_eq!(stale, 0, "every section name must be `{name}`");
        assert!(source.matches(&name).count() >= 5);
    }
}
