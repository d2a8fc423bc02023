// A C parameter type that defines the items `CParam` derives: a registry
// description of another type (a `uint8_t` slice: the header would declare
// two C parameters for one), a first conversion pass that converts while
// other arguments are still being read, and a second pass spelled with the
// path rustc's help suggests for the type, which is private.
use abi_core::ArgError;
use abi_core::c::{CParam, CSliceParam};
use abi_core::model::c::CTypeDesc;
use abi_core::model::function::ParamEntry;

#[derive(Clone, Copy)]
pub struct Celsius(i32);

// SAFETY: an `int32_t`, any value.
unsafe impl<'call> abi_core::BorrowedFor<'call> for Celsius {}

// SAFETY: an `int32_t`, any value.
unsafe impl CParam for Celsius {
    type Raw = i32;
    const C_TYPE: CTypeDesc = <i32 as CParam>::C_TYPE;
    const PARAM: ParamEntry = *<&[u8] as CSliceParam>::PARAM.0;
    unsafe fn from_c(raw: i32) -> Result<Self, ArgError> {
        Ok(Celsius(raw))
    }
    unsafe fn first_pass(raw: i32) -> Result<Option<Self>, ArgError> {
        Ok(Some(Celsius(raw)))
    }
    unsafe fn second_pass(
        first: Option<Self>,
        raw: i32,
    ) -> abi_core::sealed::Sealed<Result<Self, ArgError>> {
        abi_core::sealed::Sealed(Ok(first.unwrap_or(Celsius(raw))))
    }
}

fn main() {}
