//! The reflection JSON of every function (IREE's `{"a": [...], "r": [...],
//! "v": 1}` per function; the records are [`crate::reflect`]'s).

use super::{EmitError, Emitter};
use crate::reflect::AbiJson;
use crate::registry::Registry;

/// Settings of one reflection file: `<name>.abi.json`.
#[derive(Debug, Clone)]
pub struct ReflectionJson {
    name: String,
}

impl ReflectionJson {
    /// The reflection file of the library `name`.
    pub fn new(name: impl Into<String>) -> Self {
        ReflectionJson { name: name.into() }
    }
}

impl Emitter for ReflectionJson {
    fn file_name(&self) -> String {
        format!("{}.abi.json", self.name)
    }

    fn render(&self, registry: &Registry) -> Result<String, EmitError> {
        Ok(AbiJson::render(registry))
    }
}
