// A DPI type of one's own, in a Verilator-flavoured function, must say that
// it passes the same way in both flavours.
use abi_core::ArgError;
use abi_core::dpi::{DpiType, DpiValue};
use abi_core::model::c::CTypeDesc;
use abi_core::model::sv::SvType;

#[derive(Debug, Clone, Copy)]
pub struct Lane(i32);

// SAFETY: `int`'s C types.
unsafe impl DpiType for Lane {
    const SV_TYPE: SvType = <i32 as DpiType>::SV_TYPE;
    type Input = <i32 as DpiType>::Input;
    const C_INPUT: CTypeDesc = <i32 as DpiType>::C_INPUT;
    type Cell = i32;
    const C_CELL: CTypeDesc = <i32 as DpiType>::C_CELL;
    fn initial() -> Self {
        Lane(0)
    }
    unsafe fn from_input(raw: Self::Input) -> Result<Self, ArgError> {
        Ok(Lane(raw))
    }
    unsafe fn from_cell(cell: i32) -> Result<Self, ArgError> {
        Ok(Lane(cell))
    }
    fn to_cell(self) -> i32 {
        self.0
    }
}
// SAFETY: a value.
unsafe impl<'call> abi_core::BorrowedFor<'call> for Lane {}
// SAFETY: as `int`'s.
unsafe impl DpiValue for Lane {
    fn with_input<R>(&self, f: impl FnOnce(Self::Input) -> R) -> R {
        f(self.0)
    }
}

#[abi_core::dpi_import(verilator)]
pub fn lane_next(lane: Lane) -> i32 {
    lane.0 + 1
}

fn main() {}
