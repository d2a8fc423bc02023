//! The traits a DPI-C type implements: how it crosses as an argument
//! ([`DpiType`]), a value the simulator reads or writes ([`DpiValue`]) and a
//! result of an import or an export.

use super::*;
use crate::argument::{ArgError, Borrow};
use crate::model::Direction;
use crate::model::c::CTypeDesc;
use crate::model::function::{ParamEntry, Passing, RecordSource, ResultEntry};
use crate::sealed::Sealed;

/// A Rust type that can be an argument of a DPI-C import.
///
/// Most types are covered by the ones abi-core implements it for,
/// `#[derive(Packed)]` and `#[derive(DpiEnum)]`. A type of your own can
/// travel as an existing DPI type by delegating to it, here a validated
/// `int`:
///
/// ```
/// use abi_core::ArgError;
/// use abi_core::dpi::{DpiType, DpiValue};
/// use abi_core::model::sv::{SvScalar, SvType};
/// use abi_core::model::c::CTypeDesc;
///
/// /// A lane index, 0 to 7, as a SystemVerilog `int`.
/// #[derive(Debug, Clone, Copy)]
/// pub struct Lane(u8);
///
/// impl Lane {
///     fn checked(value: i32) -> Result<Lane, ArgError> {
///         u8::try_from(value).ok().filter(|l| *l < 8).map(Lane).ok_or(ArgError::TooLarge { len: value as usize })
///     }
/// }
///
/// // SAFETY: the C types are `int`'s; every value read is checked.
/// unsafe impl DpiType for Lane {
///     const SV_TYPE: SvType = SvType::Scalar(SvScalar::Int);
///     type Input = <i32 as DpiType>::Input;
///     const C_INPUT: CTypeDesc = <i32 as DpiType>::C_INPUT;
///     type Cell = i32;
///     const C_CELL: CTypeDesc = <i32 as DpiType>::C_CELL;
///     fn initial() -> Self {
///         Lane(0)
///     }
///     unsafe fn from_input(raw: Self::Input) -> Result<Self, ArgError> {
///         // SAFETY: forwarded: the simulator passes an `int`.
///         Lane::checked(unsafe { i32::from_input(raw) }?)
///     }
///     unsafe fn from_cell(cell: i32) -> Result<Self, ArgError> {
///         Lane::checked(cell)
///     }
///     fn to_cell(self) -> i32 {
///         i32::from(self.0)
///     }
/// }
///
/// // SAFETY: a value, holding no borrow.
/// unsafe impl<'call> abi_core::BorrowedFor<'call> for Lane {}
///
/// // SAFETY: as `int`'s.
/// unsafe impl DpiValue for Lane {
///     fn with_input<R>(&self, f: impl FnOnce(Self::Input) -> R) -> R {
///         i32::from(self.0).with_input(f)
///     }
/// }
///
/// #[abi_core::dpi_import]
/// pub fn lane_mask(lane: Lane, mask: &mut Lane) {
///     *mask = lane;
/// }
///
/// let package = abi_core::emit::SvPackage::new("lanes").render(&abi_core::Registry::all()).unwrap();
/// assert!(package.contains("function void lane_mask(input int lane, output int mask);"));
/// ```
///
/// Functions of Verilator's DPI-C flavour take such a type too once it says
/// that it passes the same way there
/// ([`SameInBothFlavours`](crate::dpi::SameInBothFlavours): `unsafe impl
/// abi_core::dpi::SameInBothFlavours for Lane {}`, for a type with no
/// `shortreal` in it).
///
/// # Safety
///
/// `Input` and `Cell` must have the ABI of the C types the standard gives
/// [`DpiType::SV_TYPE`] (by value for inputs, behind a pointer for outputs
/// and inouts), and the conversions must accept every bit pattern a
/// simulator can pass. A type whose converted values borrow the
/// simulator's memory must say so in [`DpiType::CALL_BORROW`], and describe
/// what an input borrows in [`DpiType::input_borrows`] (and an element of
/// an unpacked array input in [`DpiType::cell_borrows`]).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be an argument of a `#[dpi_import]` function",
    label = "no DPI-C mapping",
    note = "supported: `i8`..`i64` (byte, shortint, int, longint), `u8`..`u64` (the same, unsigned), `f64` (real), `f32` (shortreal), `bool` (bit), `Logic` (logic), `Bits<N>` (bit [N-1:0]), `LogicVec<N>` (logic [N-1:0]), `SignedBits<N>` (bit signed [N-1:0]), `SignedLogicVec<N>` (logic signed [N-1:0]), `Integer` (integer), `Time` (time), `RealTime` (realtime), `#[derive(Packed)]` structs and enums (struct packed, union packed), `Typedef<N>` (the typedef `N::NAME` of `N::Base`), `#[derive(DpiEnum)]` enums (typedef enum), `&CStr` (string, for the call), `SvString` (string, owned), `Chandle<T>` (chandle), `ForeignChandle` (chandle owned by C code), `[T; K]` (unpacked arrays) and `OpenArray<'_, T>`/`OpenArrayMut<'_, T>`/`OpenArrayOut<'_, T>` (input, inout and output open arrays of imports); `&mut T` makes an output, `#[inout] &mut T` an inout"
)]
pub unsafe trait DpiType: Sized + crate::BorrowedFor<'static> {
    /// The SystemVerilog data type, as written in the import.
    const SV_TYPE: SvType;
    /// Whether values of this type hand strings to the simulator that must
    /// outlive the call ([`SvString`]): an import with such an output
    /// frees the ones of earlier calls once its function ran (not public
    /// API; never override).
    #[doc(hidden)]
    const OWNS_HANDED_STRINGS: Sealed<bool> = Sealed(false);
    /// Whether values converted from the simulator ([`DpiType::from_input`],
    /// [`DpiType::from_cell`]) borrow its memory, which lives only for the
    /// call: [`CallBorrow::Copied`] (the default) for types that copy, as
    /// every value type but `&CStr` does. The macros refuse a borrowing type
    /// wherever its value would outlive the call (an import's `inout`, an
    /// export's `output` or `inout`, an import input written `'static`),
    /// and check that an exclusive one shares no memory with another
    /// argument.
    const CALL_BORROW: CallBorrow = CallBorrow::Copied;
    /// The direction of a parameter of this type written as a plain value
    /// (`input`, except for `OpenArrayMut` and `OpenArrayOut`, `inout` and
    /// `output` open arrays).
    const SV_DIRECTION: Direction = Direction::In;
    /// What the C function receives for an `input`.
    type Input: Copy;
    /// Its C spelling.
    const C_INPUT: CTypeDesc;
    /// What an `output`/`inout` pointer points to.
    type Cell: Copy;
    /// Its C spelling.
    const C_CELL: CTypeDesc;
    /// The registry's description of an `input` (not public API; no implementation can define it, see `Sealed`).
    #[doc(hidden)]
    const INPUT_PARAM: Sealed<&'static ParamEntry> = Sealed(&ParamEntry {
        direction: Direction::In,
        passing: Passing::Value(Self::C_INPUT),
        record: RecordSource::None,
    });
    /// The registry's description of an `output` (not public API; no implementation can define it, see `Sealed`).
    #[doc(hidden)]
    const OUTPUT_PARAM: Sealed<&'static ParamEntry> =
        Sealed(&ParamEntry::dpi_cell(Direction::Out, &Self::C_CELL));
    /// The registry's description of an `inout` (not public API; no implementation can define it, see `Sealed`).
    #[doc(hidden)]
    const INOUT_PARAM: Sealed<&'static ParamEntry> =
        Sealed(&ParamEntry::dpi_cell(Direction::InOut, &Self::C_CELL));
    /// The SystemVerilog side of an `input` (not public API; no implementation can define it, see `Sealed`).
    #[doc(hidden)]
    const SV_INPUT: Sealed<&'static DpiParamDecl> = Sealed(&DpiParamDecl {
        direction: Self::SV_DIRECTION,
        sv_type: Self::SV_TYPE,
    });
    /// The SystemVerilog side of an `output` (not public API; no implementation can define it, see `Sealed`).
    #[doc(hidden)]
    const SV_OUTPUT: Sealed<&'static DpiParamDecl> = Sealed(&DpiParamDecl {
        direction: Direction::Out,
        sv_type: Self::SV_TYPE,
    });
    /// The SystemVerilog side of an `inout` (not public API; no implementation can define it, see `Sealed`).
    #[doc(hidden)]
    const SV_INOUT: Sealed<&'static DpiParamDecl> = Sealed(&DpiParamDecl {
        direction: Direction::InOut,
        sv_type: Self::SV_TYPE,
    });
    /// The value of an `output` before the function writes it.
    fn initial() -> Self;
    /// Convert an input.
    ///
    /// # Safety
    ///
    /// `raw` comes from the simulator according to Annex H.
    unsafe fn from_input(raw: Self::Input) -> Result<Self, ArgError>;
    /// Read an `inout` cell.
    ///
    /// # Safety
    ///
    /// `cell` comes from the simulator according to Annex H (a pointer
    /// cell points to live data for the call).
    unsafe fn from_cell(cell: Self::Cell) -> Result<Self, ArgError>;
    /// Write an `output`/`inout` cell.
    fn to_cell(self) -> Self::Cell;
    /// Each range of memory the value converted from `raw` would borrow
    /// (as [`DpiType::CALL_BORROW`] says), given to `each`, for the check
    /// that an exclusive argument shares no byte with another, made before
    /// any argument is converted: one range for a string or an open array,
    /// one per string for an array of strings; none when the value borrows
    /// nothing, or when `raw` is invalid (the conversion reports that).
    /// Called only when the import has an exclusive argument and another
    /// that borrows.
    ///
    /// # Safety
    ///
    /// `raw` comes from the simulator according to Annex H.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn input_borrows(raw: Self::Input, each: &mut dyn FnMut(Borrow)) {
        let _ = (raw, each);
    }
    /// Whether [`DpiType::input_borrows`] reports at most one range, the
    /// one [`DpiType::input_borrow`] gives: the overlap check of the
    /// generic import shims then needs no visitor (not public API). Part of
    /// the trait's safety contract: an implementation that sets it `true`
    /// for a type that borrows must give that range from
    /// [`DpiType::input_borrow`], or the overlap check misses it (the
    /// default is `true` only for [`CallBorrow::Copied`], which borrows
    /// nothing).
    #[doc(hidden)]
    const ONE_RANGE: bool = matches!(Self::CALL_BORROW, CallBorrow::Copied);
    /// The one range [`DpiType::input_borrows`] would report, when
    /// [`DpiType::ONE_RANGE`] (not public API).
    ///
    /// # Safety
    ///
    /// As [`DpiType::input_borrows`].
    #[doc(hidden)]
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn input_borrow(raw: Self::Input) -> Option<Borrow> {
        let _ = raw;
        None
    }
    /// As [`DpiType::input_borrows`], for a cell of this type: an element of
    /// an unpacked array input.
    ///
    /// # Safety
    ///
    /// `cell` comes from the simulator according to Annex H (read from an
    /// array input it passed for this call).
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn cell_borrows(cell: Self::Cell, each: &mut dyn FnMut(Borrow)) {
        let _ = (cell, each);
    }
}

/// How a value converted from the simulator relates to its memory
/// ([`DpiType::CALL_BORROW`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallBorrow {
    /// Copied out: the value owns its data (every value type but `&CStr`).
    Copied,
    /// Reads the simulator's memory, valid for the call only: `&CStr`,
    /// arrays of them, input open arrays ([`OpenArray`]).
    Shared,
    /// Reads and writes it: `inout` and `output` open arrays
    /// ([`OpenArrayMut`], [`OpenArrayOut`]).
    Exclusive,
}

impl CallBorrow {
    /// Whether the value borrows the simulator's memory.
    pub const fn borrows(self) -> bool {
        !matches!(self, CallBorrow::Copied)
    }
}

/// Whether an import whose inputs borrow as `inputs` says needs the overlap
/// check: one exclusive borrow and at least one other borrow. A constant of
/// each shim, so that the check costs nothing in the others.
#[doc(hidden)]
pub const fn overlap_possible(inputs: &[CallBorrow]) -> bool {
    let (mut borrowing, mut exclusive) = (0, false);
    let mut i = 0;
    while i < inputs.len() {
        borrowing += inputs[i].borrows() as usize;
        exclusive |= matches!(inputs[i], CallBorrow::Exclusive);
        i += 1;
    }
    exclusive && borrowing >= 2
}

/// Whether a value type borrows the simulator's memory. Open arrays are
/// no value types at all, which `require_dpi_value` reports: not again
/// here.
const fn borrows_as_value<T: DpiType>() -> bool {
    T::CALL_BORROW.borrows() && !matches!(T::SV_TYPE, SvType::OpenArray { .. })
}

/// Compile-time check the macros emit for `inout` parameters of imports,
/// as a constant item spanned at the type: the value the
/// function receives must not borrow the string SystemVerilog passed in,
/// which lives only for the call, whatever lifetime the type is written
/// with. The element types of arrays count (`CALL_BORROW` propagates).
#[doc(hidden)]
#[track_caller]
pub const fn require_owned_inout<T: DpiType>() {
    assert!(
        !borrows_as_value::<T>(),
        "an `inout` argument cannot hold a `&CStr`, alone or in an array: the string SystemVerilog passes in lives only for the call, and the one handed back must outlive it; write `#[inout] name: &mut abi_core::dpi::SvString`, an owned string kept alive for the simulator (one parameter per string)"
    );
}

/// `value`, after the compile-time check the macros place at each DPI-C
/// result type (`<T as DpiResult>::REFUSAL`, ...): a refusal stops the
/// build with its text, at the caller's location, which is the user's
/// type (`#[track_caller]`: rustc then shows no location inside abi-core).
#[doc(hidden)]
#[track_caller]
pub const fn accepted<T: Copy>(refusal: Option<&'static str>, value: T) -> T {
    if let Some(refusal) = refusal {
        panic!("{}", refusal);
    }
    value
}

/// The compile-time check the macros place at each DPI-C parameter type,
/// as [`accepted`] does for results: `decl`, after the rules of its
/// declaration ([`sv_type_refusal`]). The registry's declaration passes
/// through it, so that the type's trait is named once and a type with no
/// DPI-C mapping is reported once.
#[doc(hidden)]
#[track_caller]
pub const fn accepted_param(decl: &'static DpiParamDecl) -> &'static DpiParamDecl {
    accepted(sv_type_refusal(&decl.sv_type), decl)
}

/// As [`accepted_param`], for a Verilator-flavoured function: the
/// standard's rules and Verilator's own ([`verilator_sv_type_refusal`]).
#[doc(hidden)]
#[track_caller]
pub const fn accepted_verilator_param(decl: &'static DpiParamDecl) -> &'static DpiParamDecl {
    accepted(verilator_sv_type_refusal(&decl.sv_type), decl)
}

/// As [`sv_type_refusal`], with what Verilator cannot pass although the
/// standard can: an open array of `string` elements (Verilator gives no
/// access to them).
const fn verilator_sv_type_refusal(ty: &SvType) -> Option<&'static str> {
    if let SvType::OpenArray { element, .. } = ty
        && matches!(unaliased(element), SvType::Scalar(SvScalar::String))
    {
        return Some(super::open_array::VERILATOR_STRING_ELEMENTS_RULE);
    }
    sv_type_refusal(ty)
}

/// `ty` without its typedef names.
const fn unaliased(ty: &SvType) -> &SvType {
    match ty {
        SvType::Alias(alias) => unaliased(alias.base),
        _ => ty,
    }
}

/// Why DPI-C cannot pass a value declared `ty`, if it cannot: the rules of
/// a declaration, wherever it is (an array's element, a typedef's base).
/// The default of the `REFUSAL` items.
pub(crate) const fn sv_type_refusal(ty: &SvType) -> Option<&'static str> {
    match ty {
        SvType::OpenArray {
            element,
            dimensions,
        } => {
            if *dimensions < 1 || *dimensions > 3 {
                return Some(super::open_array::DIMENSIONS_RULE);
            }
            sv_type_refusal(element)
        }
        SvType::Unpacked { element, .. } | SvType::PackedArray { element, .. } => {
            sv_type_refusal(element)
        }
        SvType::Alias(alias) => {
            if !alias.keyword && !super::typedef::is_identifier(alias.name) {
                return Some(super::typedef::NAME_RULE);
            }
            sv_type_refusal(alias.base)
        }
        SvType::Void
        | SvType::Scalar(_)
        | SvType::PackedBits { .. }
        | SvType::PackedLogic { .. }
        | SvType::PackedSigned { .. }
        | SvType::PackedSignedLogic { .. }
        | SvType::PackedStruct(_)
        | SvType::Enum(_) => None,
    }
}

/// Compile-time check the macros emit for `output` and `inout` parameters
/// of exports, spanned at the type: what SystemVerilog hands back lives
/// only until its next call, so the value must own it.
#[doc(hidden)]
#[track_caller]
pub const fn require_owned_export_output<T: DpiType>() {
    assert!(
        !borrows_as_value::<T>(),
        "an export cannot hand back a `&CStr`, alone or in an array: the simulator keeps the string only until its next call, which no lifetime can say; write `&mut abi_core::dpi::SvString`, an owned copy (one parameter per string)"
    );
}

/// Compile-time check the macros emit for an import input whose type is
/// written with `'static`, spanned at the type: a borrowing input lives
/// only for the call.
#[doc(hidden)]
#[track_caller]
pub const fn require_call_lifetime<T: DpiType>() {
    assert!(
        !T::CALL_BORROW.borrows(),
        "this input borrows the simulator's memory for the call only (a string, an open array or an array of strings), so it cannot be `'static`: write `&CStr` or `OpenArray<'_, T>`, and copy what must outlive the call (`SvString::from`, `to_vec`)"
    );
}

/// A [`DpiType`] passed as a value, copied in and out: every DPI type
/// except open arrays, which the simulator passes by handle. Only value
/// types can be `output`/`inout` parameters (`&mut T`) of an import, any
/// argument of a SystemVerilog export, or elements of `[T; K]`.
///
/// # Safety
///
/// `with_input` must hand `f` the C argument [`DpiType::Input`] describes,
/// valid while `f` runs.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a DPI-C value type (an output, an inout, an export argument or an element of `[T; K]`)",
    label = "not a DPI-C value type",
    note = "open arrays are input (`OpenArray<'_, T>`), inout (`OpenArrayMut<'_, T>`) or output (`OpenArrayOut<'_, T>`) parameters of a `#[dpi_import]` function, written without `&mut`",
    note = "SystemVerilog exports cannot have open-array arguments (IEEE 1800-2017 35.5.6.1): declare the export with a fixed-size array `[T; K]`"
)]
pub unsafe trait DpiValue: DpiType {
    /// Pass the value as an input to a SystemVerilog export: `f` receives
    /// the C argument, valid while it runs.
    fn with_input<R>(&self, f: impl FnOnce(Self::Input) -> R) -> R;
}

/// Compile-time check the macros emit for parameters that must be value
/// types (outputs and inouts of imports, outputs of exports):
/// `let () = <T as RequireDpiValue>::CHECKED;`, spanned at the parameter's
/// type. A constant of a trait rather than a generic function's bound, so
/// a type that is no value type is reported at the type without a note
/// quoting abi-core's source.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a DPI-C value type (an output, an inout, an export argument or an element of `[T; K]`)",
    label = "not a DPI-C value type",
    note = "open arrays are input (`OpenArray<'_, T>`), inout (`OpenArrayMut<'_, T>`) or output (`OpenArrayOut<'_, T>`) parameters of a `#[dpi_import]` function, written without `&mut`",
    note = "SystemVerilog exports cannot have open-array arguments (IEEE 1800-2017 35.5.6.1): declare the export with a fixed-size array `[T; K]`"
)]
#[doc(hidden)]
pub trait RequireDpiValue {
    /// Nothing: the implementation is the check.
    const CHECKED: ();
}

// Not recommended: a type that is no value type is then reported with this
// trait's message (`DpiValue`'s), not as a bound of this implementation.
#[diagnostic::do_not_recommend]
impl<T: DpiValue> RequireDpiValue for T {
    const CHECKED: () = ();
}

/// An `inout` argument of a SystemVerilog export: its value is copied into
/// a cell before the call and read back after it. The wrapper holds what
/// the cell points to ([`ExportInout::Held`]) for the whole call, so that
/// an `inout string` ([`SvString`]) stays valid while SystemVerilog runs,
/// whatever the imports it calls meanwhile free; what SystemVerilog leaves
/// in the cell is copied at once.
///
/// # Safety
///
/// [`ExportInout::cell`] must give a cell valid for the export's C type
/// while `held` lives.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be an `inout` argument of a `#[dpi_export]` function",
    label = "not an inout export argument",
    note = "an export's `inout` is a DPI value type (`Copy`, as every one but `SvString` is) or `SvString` (`inout string`)"
)]
#[doc(hidden)]
pub unsafe trait ExportInout: DpiValue {
    /// What keeps the cell's data alive during the call.
    type Held;
    /// Hold the value for the call.
    fn hold(&self) -> Self::Held;
    /// The cell passed to the export, valid while `held` lives.
    fn cell(held: &Self::Held) -> Self::Cell;
}

// SAFETY: a `Copy` value's cell holds the value itself.
unsafe impl<T: DpiValue + Copy> ExportInout for T {
    type Held = T;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn hold(&self) -> T {
        *self
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn cell(held: &T) -> T::Cell {
        held.to_cell()
    }
}

// SAFETY: the cell points into the held copy of the text, which the
// wrapper keeps until after the call; it is not handed over to the
// per-thread list (which an import SystemVerilog calls meanwhile could
// free).
unsafe impl ExportInout for SvString {
    type Held = SvString;
    fn hold(&self) -> SvString {
        self.clone()
    }
    fn cell(held: &SvString) -> *const core::ffi::c_char {
        held.as_c_str().as_ptr()
    }
}

/// Compile-time check the macros emit for `inout` arguments of exports,
/// `let () = <T as RequireExportInout>::CHECKED;`, spanned at the
/// parameter's type (see [`RequireDpiValue`]).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be an `inout` argument of a `#[dpi_export]` function",
    label = "not an inout export argument",
    note = "an `inout string` of an export is not supported (the string Rust passes would have to outlive calls SystemVerilog makes meanwhile): pass the string as an input and read the new one through an output `&mut SvString`"
)]
#[doc(hidden)]
pub trait RequireExportInout {
    /// Nothing: the implementation is the check.
    const CHECKED: ();
}

#[diagnostic::do_not_recommend]
impl<T: ExportInout> RequireExportInout for T {
    const CHECKED: () = ();
}

/// A result a SystemVerilog export can hand back to Rust.
///
/// # Safety
///
/// `from_raw` must accept every value of `Raw` a simulator can return.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the result of a `#[dpi_export]` function",
    label = "not an export result type",
    note = "export results are `()` (void), `i8`..`i64`, `u8`..`u64`, `f64`, `f32`, `bool`, `Logic`, `SvString`, `Chandle<T>`, `ForeignChandle`, `RealTime` and `Typedef<N>` of these, and with Verilator's ABI (`#[dpi_export(verilator)]`) packed values of up to 32 bits (`Bits<N>`, packed structs); pass anything else through an output argument (`&mut T`)"
)]
pub unsafe trait DpiExportResult: DpiResult {
    /// Convert what the export returned.
    ///
    /// # Safety
    ///
    /// `raw` is what a SystemVerilog export just returned (a string result
    /// is read through its pointer).
    unsafe fn from_raw(raw: Self::Raw) -> Self;
}

/// A Rust type that can be the result of a DPI-C import.
///
/// # Safety
///
/// `Raw` must have the ABI of the C result type of [`DpiResult::SV_TYPE`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the result of a `#[dpi_import]` function",
    label = "not a DPI-C result type",
    note = "DPI-C results are `()` (void), `i8`..`i64`, `u8`..`u64`, `f64`, `f32`, `bool`, `Logic`, `&'static CStr`, `Option<&'static CStr>` (NULL for None, not with Verilator's ABI), `SvString`, `Option<SvString>` (NULL for None, not with Verilator's ABI), `Chandle<T>`, `ForeignChandle`, `RealTime` and `Typedef<N>` of these, and with Verilator's ABI (`#[dpi_import(verilator)]`) packed values of up to 32 bits (`Bits<N>`, packed structs) and `#[derive(DpiEnum)]` enums; return anything else through an output parameter (`&mut T`)"
)]
pub unsafe trait DpiResult {
    /// The SystemVerilog result type (`void` for `()`).
    const SV_TYPE: SvType;
    /// As [`DpiType::OWNS_HANDED_STRINGS`] (not public API; no implementation can define it, see `Sealed`).
    #[doc(hidden)]
    const OWNS_HANDED_STRINGS: Sealed<bool> = Sealed(false);
    /// What the C function returns.
    type Raw;
    /// Its C spelling.
    const C_TYPE: CTypeDesc;
    /// Why a function cannot return this type, if it cannot (a typedef
    /// name that is no identifier; with Verilator's ABI, a packed value
    /// wider than 32 bits): the macros' compile-time check at the result's
    /// type (not public API; no implementation can define it, see `Sealed`).
    #[doc(hidden)]
    const REFUSAL: Sealed<Option<&'static str>> = Sealed(sv_type_refusal(&Self::SV_TYPE));
    /// The registry's description of the result (not public API; no implementation can define it, see `Sealed`).
    #[doc(hidden)]
    const RESULT: Sealed<ResultEntry> = Sealed(ResultEntry::Value {
        c_type: Self::C_TYPE,
        record: None,
    });
    /// Convert for the simulator.
    fn into_c(self) -> Self::Raw;
}
