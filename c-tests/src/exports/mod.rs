//! Everything exported to the C harness. Every parameter and result type
//! `#[c_export]` supports appears at least once.

pub mod aliasing;
pub mod naming;
pub mod packed;
pub mod pointers;
pub mod results;
pub mod scalars;
pub mod slices;
pub mod strings;
pub mod structs;
