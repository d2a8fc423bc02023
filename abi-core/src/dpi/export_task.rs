//! What a SystemVerilog export task returns in C, by simulator.

use super::*;
use crate::model::c::{CScalar, CTypeDesc};

/// The task disable flag DPI-C tasks return (IEEE 1800 §35.9): 0 means the
/// task was not disabled.
pub const TASK_NOT_DISABLED: i32 = 0;

/// What a SystemVerilog export task returns in C with the standard's ABI:
/// the `int` disable flag (IEEE 1800 §35.9); Verilator's is in `flavour`.
#[doc(hidden)]
pub type ExportTaskReturn = i32;

/// The C spelling of [`ExportTaskReturn`].
#[doc(hidden)]
pub const EXPORT_TASK_C_TYPE: CTypeDesc = CTypeDesc::scalar::<i32>(CScalar::Int);

/// The outcome of a SystemVerilog export task: `Err(Disabled)` when the
/// simulator reports that it was disabled.
#[doc(hidden)]
pub fn export_task_outcome(
    export: &'static str,
    returned: ExportTaskReturn,
) -> Result<(), DpiError> {
    if returned != TASK_NOT_DISABLED {
        return Err(DpiError::Disabled { export });
    }
    Ok(())
}
