//! The C ABI of `#[c_export]`: how each Rust type is spelled in C
//! ([`CType`], [`CBool`]), how parameters and results convert
//! ([`CParam`], [`CSliceParam`], [`CResult`]), and the status codes of
//! `Result` functions ([`status`]).

mod params;
pub(crate) mod shim_template;
pub mod status;
mod types;

pub use params::{CParam, CResult, CSliceParam};
pub(crate) use types::{C_BOOL, C_CONST_CHAR_PTR};
pub use types::{CBool, CType};
