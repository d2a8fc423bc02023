//! Both DPI-C ABIs at once, chosen per function: the traits of
//! [`DpiType`], [`DpiValue`], [`DpiResult`] and [`DpiExportResult`] are
//! the IEEE 1800 Annex H ABI; the `Verilator*` traits here are Verilator 5's,
//! which the macros name instead for a function of the Verilator flavour
//! (`#[dpi_import(verilator)]`, or a crate whose build script sets
//! `ABI_CORE_DPI_FLAVOUR=verilator`). A flavour is a property of each
//! function's generated code, never of abi-core's build, so one crate's
//! choice cannot change another's ABI.
//!
//! The two differ in three places: `shortreal` (`f32`, also as an array
//! element) is `double` in Verilator, its export tasks return `void`, and
//! it returns packed values of up to 32 bits and enums, which Annex H
//! forbids. Every other type passes the same way in both: it says so with
//! [`SameInBothFlavours`], and the `Verilator*` traits delegate to its
//! standard implementation.

use super::*;
use crate::argument::{ArgError, Borrow};
use crate::model::Direction;
use crate::model::c::{CScalar, CTypeDesc};
use crate::model::function::{ParamEntry, Passing, RecordSource, ResultEntry};
use crate::sealed::Sealed;

/// A DPI type whose C ABI is the same with both DPI-C flavours (IEEE 1800
/// and Verilator): every type but `f32` (`shortreal`) and arrays of it.
/// Implement it for a [`DpiType`] of your own that delegates to such a type,
/// so that Verilator-flavoured functions can take it too.
///
/// # Safety
///
/// The type's [`DpiType`] (and [`DpiResult`], [`DpiExportResult`]) must be
/// right for Verilator 5's DPI-C ABI as well: no `shortreal` in it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no Verilator DPI-C ABI",
    label = "not usable in a Verilator-flavoured DPI function",
    note = "a type of your own that passes as another DPI type: `unsafe impl abi_core::dpi::SameInBothFlavours for {Self} {{}}` once it has no `shortreal` in it"
)]
pub unsafe trait SameInBothFlavours {}

/// [`DpiType`] with Verilator 5's ABI (not public API: the macros name it
/// for a Verilator-flavoured function).
///
/// # Safety
///
/// As [`DpiType`], for Verilator's ABI.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be an argument of a DPI-C function with Verilator's ABI",
    label = "no Verilator DPI-C mapping",
    note = "the types of `DpiType` are all supported (open arrays of `string` refused with a reason); a type of your own needs `unsafe impl abi_core::dpi::SameInBothFlavours for {Self} {{}}` (when it passes the same way in both ABIs)"
)]
pub unsafe trait VerilatorType: DpiType {
    /// As [`DpiType::SV_TYPE`].
    const SV_TYPE: SvType = <Self as DpiType>::SV_TYPE;
    /// As [`DpiType::OWNS_HANDED_STRINGS`].
    const OWNS_HANDED_STRINGS: Sealed<bool> = <Self as DpiType>::OWNS_HANDED_STRINGS;
    /// As [`DpiType::CALL_BORROW`].
    const CALL_BORROW: CallBorrow = <Self as DpiType>::CALL_BORROW;
    /// As [`DpiType::Input`].
    type Input: Copy;
    /// As [`DpiType::C_INPUT`].
    const C_INPUT: CTypeDesc;
    /// As [`DpiType::Cell`].
    type Cell: Copy;
    /// As [`DpiType::C_CELL`].
    const C_CELL: CTypeDesc;
    /// As [`DpiType::INPUT_PARAM`].
    const INPUT_PARAM: Sealed<&'static ParamEntry> = Sealed(&ParamEntry {
        direction: Direction::In,
        passing: Passing::Value(<Self as VerilatorType>::C_INPUT),
        record: RecordSource::None,
    });
    /// As [`DpiType::OUTPUT_PARAM`].
    const OUTPUT_PARAM: Sealed<&'static ParamEntry> = Sealed(&ParamEntry::dpi_cell(
        Direction::Out,
        &<Self as VerilatorType>::C_CELL,
    ));
    /// As [`DpiType::INOUT_PARAM`].
    const INOUT_PARAM: Sealed<&'static ParamEntry> = Sealed(&ParamEntry::dpi_cell(
        Direction::InOut,
        &<Self as VerilatorType>::C_CELL,
    ));
    /// As [`DpiType::SV_INPUT`].
    const SV_INPUT: Sealed<&'static DpiParamDecl> = <Self as DpiType>::SV_INPUT;
    /// As [`DpiType::SV_OUTPUT`].
    const SV_OUTPUT: Sealed<&'static DpiParamDecl> = <Self as DpiType>::SV_OUTPUT;
    /// As [`DpiType::SV_INOUT`].
    const SV_INOUT: Sealed<&'static DpiParamDecl> = <Self as DpiType>::SV_INOUT;
    /// As [`DpiType::initial`].
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn initial() -> Self {
        <Self as DpiType>::initial()
    }
    /// As [`DpiType::from_input`].
    ///
    /// # Safety
    ///
    /// `raw` comes from Verilator.
    unsafe fn from_input(raw: <Self as VerilatorType>::Input) -> Result<Self, ArgError>;
    /// As [`DpiType::from_cell`].
    ///
    /// # Safety
    ///
    /// `cell` comes from Verilator.
    unsafe fn from_cell(cell: <Self as VerilatorType>::Cell) -> Result<Self, ArgError>;
    /// As [`DpiType::to_cell`].
    fn to_cell(self) -> <Self as VerilatorType>::Cell;
    /// As [`DpiType::input_borrows`].
    ///
    /// # Safety
    ///
    /// `raw` comes from Verilator.
    /// As [`DpiType::ONE_RANGE`] (not public API).
    #[doc(hidden)]
    const ONE_RANGE: bool = matches!(<Self as VerilatorType>::CALL_BORROW, CallBorrow::Copied);
    /// As [`DpiType::input_borrow`] (not public API).
    ///
    /// # Safety
    ///
    /// As [`DpiType::input_borrows`].
    #[doc(hidden)]
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn input_borrow(raw: <Self as VerilatorType>::Input) -> Option<Borrow> {
        let _ = raw;
        None
    }
    unsafe fn input_borrows(raw: <Self as VerilatorType>::Input, each: &mut dyn FnMut(Borrow));
    /// As [`DpiType::cell_borrows`].
    ///
    /// # Safety
    ///
    /// `cell` comes from Verilator.
    unsafe fn cell_borrows(cell: <Self as VerilatorType>::Cell, each: &mut dyn FnMut(Borrow));
}

/// [`DpiValue`] with Verilator 5's ABI (not public API).
///
/// # Safety
///
/// As [`DpiValue`], for Verilator's ABI.
#[doc(hidden)]
pub unsafe trait VerilatorValue: VerilatorType + DpiValue {
    /// As [`DpiValue::with_input`].
    fn with_input<R>(&self, f: impl FnOnce(<Self as VerilatorType>::Input) -> R) -> R;
}

/// [`DpiResult`] with Verilator 5's ABI, which also returns packed values
/// of up to 32 bits and enums (not public API).
///
/// # Safety
///
/// As [`DpiResult`], for Verilator's ABI.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the result of a DPI-C function with Verilator's ABI",
    label = "not a Verilator DPI-C result type",
    note = "results with Verilator's ABI are `()`, the integers, `f64`, `f32`, `bool`, `Logic`, `&'static CStr`, `Chandle<T>`, packed values of up to 32 bits (`Bits<N>`, packed structs) and `#[derive(DpiEnum)]` enums; return anything else through an output parameter (`&mut T`)"
)]
pub unsafe trait VerilatorResult {
    /// As [`DpiResult::SV_TYPE`].
    const SV_TYPE: SvType;
    /// As [`DpiResult::OWNS_HANDED_STRINGS`].
    const OWNS_HANDED_STRINGS: Sealed<bool> = Sealed(false);
    /// As [`DpiResult::REFUSAL`], with the rules of Verilator's packed
    /// results.
    const REFUSAL: Sealed<Option<&'static str>> = Sealed(result_refusal(&Self::SV_TYPE));
    /// As [`DpiResult::Raw`].
    type Raw;
    /// As [`DpiResult::C_TYPE`].
    const C_TYPE: CTypeDesc;
    /// As [`DpiResult::RESULT`].
    const RESULT: Sealed<ResultEntry> = Sealed(ResultEntry::Value {
        c_type: Self::C_TYPE,
        record: None,
    });
    /// As [`DpiResult::into_c`].
    fn into_c(self) -> Self::Raw;
}

/// [`DpiExportResult`] with Verilator 5's ABI (not public API).
///
/// # Safety
///
/// As [`DpiExportResult`], for Verilator's ABI.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the result of a `#[dpi_export]` function with Verilator's ABI",
    label = "not an export result type",
    note = "export results are `()`, the integers, `f64`, `f32`, `bool`, `Logic`, `Chandle<T>` and packed values of up to 32 bits (`Bits<N>`, packed structs); pass anything else through an output argument (`&mut T`)"
)]
pub unsafe trait VerilatorExportResult: VerilatorResult {
    /// As [`DpiExportResult::from_raw`].
    ///
    /// # Safety
    ///
    /// `raw` is what a Verilator export just returned.
    unsafe fn from_raw(raw: Self::Raw) -> Self;
}

// SAFETY: the same ABI in both flavours (`SameInBothFlavours`): every item
// is the standard's.
unsafe impl<T: DpiType + SameInBothFlavours> VerilatorType for T {
    type Input = <T as DpiType>::Input;
    const C_INPUT: CTypeDesc = <T as DpiType>::C_INPUT;
    type Cell = <T as DpiType>::Cell;
    const C_CELL: CTypeDesc = <T as DpiType>::C_CELL;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_input(raw: <Self as VerilatorType>::Input) -> Result<Self, ArgError> {
        // SAFETY: forwarded; the same ABI.
        unsafe { <T as DpiType>::from_input(raw) }
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_cell(cell: <Self as VerilatorType>::Cell) -> Result<Self, ArgError> {
        // SAFETY: forwarded; the same ABI.
        unsafe { <T as DpiType>::from_cell(cell) }
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn to_cell(self) -> <Self as VerilatorType>::Cell {
        <T as DpiType>::to_cell(self)
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn input_borrows(raw: <Self as VerilatorType>::Input, each: &mut dyn FnMut(Borrow)) {
        // SAFETY: forwarded; the same ABI.
        unsafe { <T as DpiType>::input_borrows(raw, each) }
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn cell_borrows(cell: <Self as VerilatorType>::Cell, each: &mut dyn FnMut(Borrow)) {
        // SAFETY: forwarded; the same ABI.
        unsafe { <T as DpiType>::cell_borrows(cell, each) }
    }
}

// SAFETY: the standard's, the same ABI.
unsafe impl<T: DpiValue + SameInBothFlavours> VerilatorValue for T {
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn with_input<R>(&self, f: impl FnOnce(<Self as VerilatorType>::Input) -> R) -> R {
        <T as DpiValue>::with_input(self, f)
    }
}

// SAFETY: the standard's, the same ABI.
unsafe impl<T: DpiResult + SameInBothFlavours> VerilatorResult for T {
    const SV_TYPE: SvType = <T as DpiResult>::SV_TYPE;
    const OWNS_HANDED_STRINGS: Sealed<bool> = <T as DpiResult>::OWNS_HANDED_STRINGS;
    type Raw = <T as DpiResult>::Raw;
    const C_TYPE: CTypeDesc = <T as DpiResult>::C_TYPE;
    const RESULT: Sealed<ResultEntry> = <T as DpiResult>::RESULT;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn into_c(self) -> Self::Raw {
        <T as DpiResult>::into_c(self)
    }
}

// SAFETY: the standard's, the same ABI.
unsafe impl<T: DpiExportResult + SameInBothFlavours> VerilatorExportResult for T {
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_raw(raw: Self::Raw) -> Self {
        // SAFETY: forwarded; the same ABI.
        unsafe { <T as DpiExportResult>::from_raw(raw) }
    }
}

macro_rules! same_in_both {
    ($($t:ty),* $(,)?) => {$(
        // SAFETY: no `shortreal` in this type; its ABI is the standard's
        // in Verilator too.
        unsafe impl SameInBothFlavours for $t {}
    )*};
}
same_in_both!(
    i8,
    u8,
    i16,
    u16,
    i32,
    u32,
    i64,
    u64,
    f64,
    bool,
    (),
    Logic,
    Integer,
    SvString,
    &core::ffi::CStr
);
// SAFETY: packed bits (`svBitVecVal` chunks), no `shortreal`: the
// standard's ABI in Verilator too; the same for the three below.
unsafe impl<const N: u32, C: ChunkArray> SameInBothFlavours for Bits<N, C> {}
// SAFETY: as above.
unsafe impl<const N: u32, C: ChunkArray> SameInBothFlavours for SignedBits<N, C> {}
// SAFETY: as above.
unsafe impl<const N: u32, C: ChunkArray> SameInBothFlavours for LogicVec<N, C> {}
// SAFETY: as above.
unsafe impl<const N: u32, C: ChunkArray> SameInBothFlavours for SignedLogicVec<N, C> {}
// SAFETY: as above: a `void *`.
unsafe impl<T: 'static> SameInBothFlavours for Chandle<T> {}
// SAFETY: as above: a `void *`, passed through untouched.
unsafe impl SameInBothFlavours for super::ForeignChandle {}
/// An element of an open array of a Verilator-flavoured function: one
/// that passes the same way in both ABIs, and `shortreal` (`f32`), which
/// [`OpenArrayElement::read_verilator`] reads as Verilator keeps it (not
/// public API). The views' `VerilatorType` is in `open_array`.
///
/// # Safety
///
/// `read_verilator`/`write_verilator` are right for Verilator.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no Verilator DPI-C ABI as an open-array element",
    label = "not an open-array element of a Verilator-flavoured DPI function",
    note = "a type of your own that passes as another DPI type: `unsafe impl abi_core::dpi::SameInBothFlavours for {Self} {{}}` once it has no `shortreal` in it"
)]
pub unsafe trait VerilatorElement: OpenArrayElement {}

// SAFETY: the same ABI in both flavours; `read_verilator` is `read`.
unsafe impl<T: OpenArrayElement + SameInBothFlavours> VerilatorElement for T {}
// SAFETY: `f32`'s `read_verilator`/`write_verilator` use `double`s.
unsafe impl VerilatorElement for f32 {}

/// `shortreal` in Verilator: `double`, converted to and from `f32` (values
/// outside `f32` become infinities, as an SV `shortreal` assignment does).
const VERILATOR_SHORTREAL: CTypeDesc = CTypeDesc::scalar::<f64>(CScalar::Double);

// SAFETY: Verilator passes `shortreal` inputs and results as `double` by
// value and outputs as `double *` (its `--dpi-hdr-only` header:
// `double f(double a, double* b)`); every bit pattern is a valid double.
unsafe impl VerilatorType for f32 {
    type Input = f64;
    const C_INPUT: CTypeDesc = VERILATOR_SHORTREAL;
    type Cell = f64;
    const C_CELL: CTypeDesc = VERILATOR_SHORTREAL;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_input(raw: f64) -> Result<Self, ArgError> {
        Ok(raw as f32)
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_cell(cell: f64) -> Result<Self, ArgError> {
        Ok(cell as f32)
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn to_cell(self) -> f64 {
        f64::from(self)
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn input_borrows(_: f64, _: &mut dyn FnMut(Borrow)) {}
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn cell_borrows(_: f64, _: &mut dyn FnMut(Borrow)) {}
}
// SAFETY: `f` receives the `double`.
unsafe impl VerilatorValue for f32 {
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn with_input<R>(&self, f: impl FnOnce(f64) -> R) -> R {
        f(f64::from(*self))
    }
}
// SAFETY: returned as `double`.
unsafe impl VerilatorResult for f32 {
    const SV_TYPE: SvType = <f32 as DpiResult>::SV_TYPE;
    type Raw = f64;
    const C_TYPE: CTypeDesc = VERILATOR_SHORTREAL;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn into_c(self) -> f64 {
        f64::from(self)
    }
}
// SAFETY: every bit pattern is a valid double.
unsafe impl VerilatorExportResult for f32 {
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_raw(raw: f64) -> Self {
        raw as f32
    }
}

/// The cells of Verilator's ABI.
struct VerilatorCell<T>(core::marker::PhantomData<T>);

impl<T: VerilatorType> super::unpacked::CellType for VerilatorCell<T> {
    const C_CELL: CTypeDesc = <T as VerilatorType>::C_CELL;
}

// SAFETY: `T name[K]` is a pointer to `K` cells of the element's Verilator
// C type (`const double *` for `shortreal`, Verilator's header), each
// converted as the element's own; NULL and misaligned inputs are rejected.
unsafe impl<T: VerilatorValue + Copy, const K: usize> VerilatorType for [T; K]
where
    <T as DpiType>::Cell: Copy,
{
    type Input = *const [<T as VerilatorType>::Cell; K];
    // As the standard's: `const void **`/`const char **` for chandles and
    // strings (what both Verilator versions declare), `const T *` else.
    const C_INPUT: CTypeDesc = super::unpacked::ConstElements::<VerilatorCell<T>>::INPUT;
    type Cell = [<T as VerilatorType>::Cell; K];
    const C_CELL: CTypeDesc = <T as VerilatorType>::C_CELL;
    unsafe fn from_input(raw: <Self as VerilatorType>::Input) -> Result<Self, ArgError> {
        crate::argument::check_pointer(raw)?;
        // SAFETY: non-NULL and aligned (checked); Verilator passes `K`
        // elements.
        let cells = unsafe { raw.read() };
        // SAFETY: cells of the element type, from Verilator.
        unsafe { <Self as VerilatorType>::from_cell(cells) }
    }
    unsafe fn from_cell(cell: <Self as VerilatorType>::Cell) -> Result<Self, ArgError> {
        let mut error = None;
        let elements = cell.map(|c| {
            // SAFETY: forwarded; same contract per element.
            unsafe { <T as VerilatorType>::from_cell(c) }.unwrap_or_else(|e| {
                error.get_or_insert(e);
                <T as VerilatorType>::initial()
            })
        });
        match error {
            Some(error) => Err(error),
            None => Ok(elements),
        }
    }
    fn to_cell(self) -> <Self as VerilatorType>::Cell {
        self.map(<T as VerilatorType>::to_cell)
    }
    unsafe fn input_borrows(raw: <Self as VerilatorType>::Input, each: &mut dyn FnMut(Borrow)) {
        if <T as VerilatorType>::CALL_BORROW.borrows()
            && crate::argument::check_pointer(raw).is_ok()
        {
            // SAFETY: non-NULL and aligned (checked); `K` elements.
            let cells = unsafe { raw.read() };
            // SAFETY: the cells of an input array, from Verilator.
            unsafe { <Self as VerilatorType>::cell_borrows(cells, each) }
        }
    }
    unsafe fn cell_borrows(cell: <Self as VerilatorType>::Cell, each: &mut dyn FnMut(Borrow)) {
        for element in cell {
            // SAFETY: forwarded; same contract per element.
            unsafe { <T as VerilatorType>::cell_borrows(element, each) }
        }
    }
}
// SAFETY: `f` receives a pointer to `K` Verilator cells, valid while it
// runs.
unsafe impl<T: VerilatorValue + Copy, const K: usize> VerilatorValue for [T; K]
where
    <T as DpiType>::Cell: Copy,
{
    fn with_input<R>(&self, f: impl FnOnce(<Self as VerilatorType>::Input) -> R) -> R {
        let cells = self.map(<T as VerilatorType>::to_cell);
        f(&cells)
    }
}

/// What a SystemVerilog export task returns in C with Verilator's ABI:
/// nothing.
#[doc(hidden)]
pub type VerilatorExportTaskReturn = ();

/// The C spelling of [`VerilatorExportTaskReturn`].
#[doc(hidden)]
pub const VERILATOR_EXPORT_TASK_C_TYPE: CTypeDesc = CTypeDesc::Void;

/// The outcome of a SystemVerilog export task with Verilator's ABI, which
/// has no disable flag.
#[doc(hidden)]
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub fn verilator_export_task_outcome(
    export: &'static str,
    returned: VerilatorExportTaskReturn,
) -> Result<(), DpiError> {
    let ((), _) = (returned, export);
    Ok(())
}

/// Why a Verilator-flavoured function cannot return a value declared
/// `ty`, if it cannot: a packed result is 2-state and at most
/// `MAX_PACKED_RESULT_BITS` wide (Annex H has none; Verilator returns one
/// `svBitVecVal`); then the rules of every declaration.
const fn result_refusal(ty: &SvType) -> Option<&'static str> {
    match ty {
        SvType::PackedStruct(desc) => {
            if desc.four_state {
                return Some(FOUR_STATE_RESULT_RULE);
            }
            packed_result_refusal(desc.width)
        }
        SvType::PackedBits { width } | SvType::PackedSigned { width } => {
            packed_result_refusal(*width)
        }
        SvType::Enum(desc) => result_refusal(desc.base),
        SvType::Void
        | SvType::Scalar(_)
        | SvType::PackedLogic { .. }
        | SvType::PackedSignedLogic { .. }
        | SvType::PackedArray { .. }
        | SvType::OpenArray { .. }
        | SvType::Unpacked { .. }
        | SvType::Alias(_) => super::traits::sv_type_refusal(ty),
    }
}

const fn packed_result_refusal(width: u32) -> Option<&'static str> {
    if width > abi_model::sv::MAX_PACKED_RESULT_BITS {
        Some(abi_model::sv::PACKED_RESULT_RULE)
    } else {
        None
    }
}

/// Why a 4-state packed struct result is refused.
const FOUR_STATE_RESULT_RULE: &str = "a 4-state packed struct (with `logic` fields) cannot be a DPI-C result; return it through an output parameter `&mut T`";

/// Why a string result that can be NULL is refused with Verilator's ABI.
const NULLABLE_STRING_RESULT_RULE: &str = "a string result that can be NULL (`Option<&'static CStr>`, `Option<SvString>`) needs the ieee flavour: Verilator 5.006's generated code assigns a string result to a `std::string` without checking for NULL (it aborts); return `&'static CStr` (`c\"\"` for none) or `SvString`, or build the function with `#[dpi_import(ieee)]` for another simulator";

/// `VerilatorResult` for the string results that can be NULL, which
/// Verilator's ABI refuses.
macro_rules! refused_nullable_string_results {
    ($($t:ty),*) => {$(
        // SAFETY: never used by a shim: `REFUSAL`, which every
        // Verilator-flavoured import returning it checks at compile time,
        // refuses it.
        unsafe impl VerilatorResult for $t {
            const SV_TYPE: SvType = <Self as DpiResult>::SV_TYPE;
            const REFUSAL: Sealed<Option<&'static str>> =
                Sealed(Some(NULLABLE_STRING_RESULT_RULE));
            type Raw = *const core::ffi::c_char;
            const C_TYPE: CTypeDesc = crate::c::C_CONST_CHAR_PTR;
            fn into_c(self) -> Self::Raw {
                <Self as DpiResult>::into_c(self)
            }
        }
    )*};
}

refused_nullable_string_results!(Option<&'static core::ffi::CStr>, Option<super::SvString>);

#[cfg(test)]
mod tests {
    use super::*;

    fn c_name(desc: CTypeDesc) -> &'static str {
        match desc {
            CTypeDesc::Void => "void",
            CTypeDesc::Scalar { kind, .. } => kind.spelling(),
            other => panic!("not a scalar: {other:?}"),
        }
    }

    /// Both ABIs in one build: `float` and the `int` disable flag for the
    /// standard, `double` and `void` for Verilator.
    #[test]
    fn both_flavours_at_once() {
        assert_eq!(c_name(<f32 as DpiType>::C_INPUT), "float");
        assert_eq!(c_name(<f32 as DpiType>::C_CELL), "float");
        assert_eq!(c_name(<f32 as DpiResult>::C_TYPE), "float");
        assert_eq!(c_name(<f32 as VerilatorType>::C_INPUT), "double");
        assert_eq!(c_name(<f32 as VerilatorType>::C_CELL), "double");
        assert_eq!(c_name(<f32 as VerilatorResult>::C_TYPE), "double");
        assert_eq!(c_name(super::export_task::EXPORT_TASK_C_TYPE), "int");
        assert_eq!(c_name(VERILATOR_EXPORT_TASK_C_TYPE), "void");
        assert_eq!(c_name(<i32 as VerilatorType>::C_INPUT), "int");
        // Arrays follow their element.
        assert_eq!(size_of::<<[f32; 4] as DpiType>::Cell>(), 16);
        assert_eq!(size_of::<<[f32; 4] as VerilatorType>::Cell>(), 32);
        // Conversions: in range, to the nearest `f32`; outside, infinity.
        // SAFETY: every bit pattern is accepted.
        let half = unsafe { <f32 as VerilatorType>::from_input(1.5) };
        assert_eq!(half, Ok(1.5));
        // SAFETY: as above.
        let huge = unsafe { <f32 as VerilatorType>::from_input(1e300) };
        assert_eq!(huge, Ok(f32::INFINITY));
        let cells = [0.5, -2.25];
        // SAFETY: a pointer to two cells.
        let array = unsafe { <[f32; 2] as VerilatorType>::from_input(&cells) };
        assert_eq!(array, Ok([0.5, -2.25]));
        assert_eq!(super::export_task::export_task_outcome("t", 0), Ok(()));
        assert_eq!(
            super::export_task::export_task_outcome("t", 1),
            Err(DpiError::Disabled { export: "t" })
        );
        assert_eq!(VerilatorValue::with_input(&-2.25f32, |x| x), -2.25f64);
        assert_eq!(verilator_export_task_outcome("t", ()), Ok(()));
    }
}
