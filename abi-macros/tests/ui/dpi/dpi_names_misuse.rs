// SystemVerilog names other than the C symbol: an import's `aliases` (more
// names of one C function) and an export's `#[name = "..."]` are string
// literals spelled as C identifiers.
use abi_core::{dpi_export, dpi_import};

/// `aliases` is an array of strings.
#[dpi_import(aliases = "sv_other")]
pub fn one_alias(x: i32) -> i32 {
    x
}

/// Each alias is a C identifier.
#[dpi_import(aliases = ["sv_fine", "sv-dash", 3])]
pub fn bad_aliases(x: i32) -> i32 {
    x
}

#[dpi_export]
unsafe extern "C" {
    /// The SystemVerilog name is a string literal.
    #[name = sv_name]
    pub fn c_unquoted(x: i32) -> i32;
    /// And a C identifier.
    #[name = "sv name"]
    pub fn c_spaced(x: i32) -> i32;
}

fn main() {}
