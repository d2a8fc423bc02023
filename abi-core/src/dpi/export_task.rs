//! What a SystemVerilog export task returns in C, by simulator.

use super::*;
use crate::model::c::{CScalar, CTypeDesc};

/// The task disable flag DPI-C tasks return (IEEE 1800 §35.9): 0 means the
/// task was not disabled.
pub const TASK_NOT_DISABLED: i32 = 0;

/// What a SystemVerilog export task returns in C: the `int` disable flag
/// (IEEE 1800 §35.9), or nothing in Verilator 5 (`verilator` feature).
#[doc(hidden)]
#[cfg(not(feature = "verilator"))]
pub type ExportTaskReturn = i32;
/// What a SystemVerilog export task returns in C: the `int` disable flag
/// (IEEE 1800 §35.9), or nothing in Verilator 5 (`verilator` feature).
#[doc(hidden)]
#[cfg(feature = "verilator")]
pub type ExportTaskReturn = ();

/// The C spelling of [`ExportTaskReturn`].
#[doc(hidden)]
pub const EXPORT_TASK_C_TYPE: CTypeDesc = if cfg!(feature = "verilator") {
    CTypeDesc::Void
} else {
    CTypeDesc::scalar::<i32>(CScalar::Int)
};

/// The outcome of a SystemVerilog export task: `Err(Disabled)` when the
/// simulator reports that it was disabled.
#[doc(hidden)]
#[allow(
    clippy::unused_unit,
    clippy::let_unit_value,
    reason = "the C result is `()` with the `verilator` feature"
)]
pub fn export_task_outcome(
    export: &'static str,
    returned: ExportTaskReturn,
) -> Result<(), DpiError> {
    #[cfg(not(feature = "verilator"))]
    if returned != TASK_NOT_DISABLED {
        return Err(DpiError::Disabled { export });
    }
    let _ = (export, returned);
    Ok(())
}
