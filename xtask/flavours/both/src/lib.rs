//! Both models in one static library.

pub use std_model;
pub use vl_model;
