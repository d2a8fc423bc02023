// A DPI-C type that declares its `input` as another direction in the
// generated package.
use abi_core::ArgError;
use abi_core::dpi::DpiType;
use abi_core::model::sv::SvType;
use abi_core::model::Direction;
use abi_core::model::c::CTypeDesc;
use abi_core::model::sv::DpiParamDecl;

#[derive(Clone, Copy)]
pub struct Level(i32);

// SAFETY: an `int`, any value.
unsafe impl<'call> abi_core::BorrowedFor<'call> for Level {}

// SAFETY: an `int` passed as `int32_t`, any value.
unsafe impl DpiType for Level {
    const SV_TYPE: SvType = <i32 as DpiType>::SV_TYPE;
    type Input = i32;
    const C_INPUT: CTypeDesc = <i32 as DpiType>::C_INPUT;
    type Cell = i32;
    const C_CELL: CTypeDesc = <i32 as DpiType>::C_CELL;
    const SV_INPUT: DpiParamDecl = DpiParamDecl {
        direction: Direction::InOut,
        sv_type: <i32 as DpiType>::SV_TYPE,
    };
    fn initial() -> Self {
        Level(0)
    }
    unsafe fn from_input(raw: i32) -> Result<Self, ArgError> {
        Ok(Level(raw))
    }
    unsafe fn from_cell(cell: i32) -> Result<Self, ArgError> {
        Ok(Level(cell))
    }
    fn to_cell(self) -> i32 {
        self.0
    }
}

fn main() {}
