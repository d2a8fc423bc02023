//! The linker flags a simulator executable needs to link a DPI-C library.

use std::fmt::Write;

use super::{EmitError, Emitter};
use crate::registry::Registry;

/// Settings of one flags file: `<name>.ldflags`, one flag per line (see
/// [`dpi_link_flags`]).
#[derive(Debug, Clone)]
pub struct DpiLinkFlags {
    name: String,
}

impl DpiLinkFlags {
    /// The flags file of the DPI-C library `name`.
    pub fn new(name: impl Into<String>) -> Self {
        DpiLinkFlags { name: name.into() }
    }
}

impl Emitter for DpiLinkFlags {
    fn file_name(&self) -> String {
        format!("{}.ldflags", self.name)
    }

    fn wanted(&self, registry: &Registry) -> bool {
        super::has_dpi(registry)
    }

    fn render(&self, registry: &Registry) -> Result<String, EmitError> {
        Ok(dpi_link_flags(registry))
    }
}

/// The linker flags a simulator executable needs so that abi-core finds,
/// at run time, the `svdpi.h` scope functions and the `#[dpi_export]`
/// functions of `registry`: `-rdynamic` (export the symbols) and one
/// `-Wl,-u,name` per symbol (link them in although no object file
/// references them). One flag per line, sorted.
pub fn dpi_link_flags(registry: &Registry) -> String {
    let mut symbols: Vec<&str> = vec![
        "svAckDisabledState",
        "svDpiVersion",
        "svGetCallerInfo",
        "svGetNameFromScope",
        "svGetScope",
        "svGetScopeFromName",
        "svIsDisabledState",
        "svSetScope",
    ];
    symbols.extend(crate::dpi::OPEN_ARRAY_SYMBOLS);
    symbols.extend(
        registry
            .functions()
            .iter()
            .filter_map(super::dpi_export)
            .map(|(f, _)| f.symbol),
    );
    symbols.sort_unstable();
    symbols.dedup();
    let mut out = String::from("-rdynamic\n");
    for symbol in symbols {
        writeln!(out, "-Wl,-u,{symbol}").unwrap();
    }
    out
}
