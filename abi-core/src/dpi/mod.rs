//! SystemVerilog DPI-C: the types that cross an `import "DPI-C"` boundary
//! and how (IEEE 1800-2023 Annex H), for `#[dpi_import]`.
//!
//! | Rust | SystemVerilog | C input | C output / inout |
//! |---|---|---|---|
//! | `i8` / `u8` | `byte` / `byte unsigned` | `char` / `unsigned char` | pointer |
//! | `i16` / `u16` | `shortint` / `shortint unsigned` | `short` | pointer |
//! | `i32` / `u32` | `int` / `int unsigned` | `int` | pointer |
//! | `i64` / `u64` | `longint` / `longint unsigned` | `long long` | pointer |
//! | `f64` | `real` | `double` | pointer |
//! | `f32` | `shortreal` | `float` (`double` with the `verilator` feature) | pointer |
//! | `bool` | `bit` | `svBit` (any non-zero byte is 1) | `svBit *` |
//! | [`Logic`] | `logic` | `svLogic` (0, 1, Z = 2, X = 3) | `svLogic *` |
//! | `&CStr` (`&'static CStr` as an output) | `string` | `const char *` | `const char **` |
//! | [`Bits<N>`] | `bit [N-1:0]` | `const svBitVecVal *` | `svBitVecVal *` |
//! | [`LogicVec<N>`] | `logic [N-1:0]` | `const svLogicVecVal *` | `svLogicVecVal *` |
//! | [`SignedBits<N>`] | `bit signed [N-1:0]` | `const svBitVecVal *` | `svBitVecVal *` |
//! | [`SignedLogicVec<N>`] | `logic signed [N-1:0]` | `const svLogicVecVal *` | `svLogicVecVal *` |
//! | [`Integer`] | `integer` (4-state, signed, 32 bits) | `const svLogicVecVal *` | `svLogicVecVal *` |
//! | `#[derive(`[`DpiEnum`](macro@DpiEnum)`)]` enum | `typedef enum <base>` | the base's | the base's |
//! | [`Chandle<T>`] | `chandle` | `void *` | `void **` |
//! | `[T; K]` | `T name[K]` | `const T *` | `T *` |
//! | [`OpenArray<T>`] / [`OpenArrayMut<T>`] / [`OpenArrayOut<T>`] | `input` / `inout` / `output T name[]` | `const svOpenArrayHandle` | — |
//! | `OpenArray<T, 2>` / `OpenArrayMut<T, 3>` | `input T name[][]` / `inout T name[][][]` | `const svOpenArrayHandle` | — |
//!
//! A plain parameter is an `input`; `&mut T` is an `output`; `#[inout]` on
//! a `&mut T` parameter makes it an `inout`. Results are the small types
//! above, `&'static CStr` (`string`), `Chandle<T>` or `()` (`void`); with
//! the `verilator` feature also `Bits<N>` for N <= 32 and packed structs of
//! up to 32 bits (returned as an `svBitVecVal` by value, a Verilator
//! extension; Annex H forbids packed results, so they are compile errors
//! otherwise, and wider ones always are).
//!
//! ## Which simulator: the `verilator` feature
//!
//! Verilator 5 departs from Annex H in three places, so the generated code
//! targets one or the other, chosen by abi-core's `verilator` cargo
//! feature (off: the standard, as commercial simulators implement it):
//!
//! | | IEEE 1800 Annex H | `verilator` feature |
//! |---|---|---|
//! | `shortreal` (`f32`) argument, output, result | `float` | `double` (converted to and from `f32`) |
//! | SystemVerilog export task, C result | `int` (1 when disabled) | `void` |
//! | packed result of up to 32 bits | compile error | `svBitVecVal` by value |
//!
//! The generated C header and SystemVerilog follow the same choice, so a
//! mismatch between the library and the simulator shows up as a prototype
//! mismatch when the simulator compiles its DPI header, not as wrong
//! values. Everything else (open arrays through the standard's access
//! functions, canonical packed copies, masked padding) is correct on both.

mod bits;
mod bits_ops;
mod chandle;
mod enums;
pub(crate) mod logic_vec;
mod open_array;
mod runtime;
mod signed;
mod string;
mod unpacked;

use core::ffi::{CStr, c_char};
use core::fmt;

pub use abi_macros::DpiEnum;
pub use bits::{Bits, ChunkArray, PackedChunks};
pub use chandle::{Chandle, HandleError};
pub use enums::{DpiEnum, EnumBase};
#[doc(hidden)]
pub use enums::{enum_from_base, enum_initial, enum_result_sv_type, enum_to_base};
pub use logic_vec::{LogicVec, SvLogicVecVal};
pub(crate) use open_array::OPEN_ARRAY_SYMBOLS;
pub use open_array::{OpenArray, OpenArrayElement, OpenArrayMut, OpenArrayOut};
pub use runtime::{DpiError, Scope};
#[doc(hidden)]
pub use runtime::{LazySymbol, ScopeGrant, require_scope};
pub use signed::{Integer, SignedBits, SignedLogicVec};
pub use string::SvString;
#[doc(hidden)]
pub use string::release_handed_strings;

use crate::argument::ArgError;
use crate::c::C_CONST_CHAR_PTR;
use crate::model::Direction;
use crate::model::c::CTypeDesc;
use crate::model::function::{ParamType, Passing, Record, ResultType};
pub use crate::model::sv::{DpiEnumDesc, DpiImportDesc, DpiParamDesc, SvType};

/// A 4-state SystemVerilog scalar (`logic`): 0, 1, Z (high impedance) or X
/// (unknown), encoded as `svLogic` (`sv_0` = 0, `sv_1` = 1, `sv_z` = 2,
/// `sv_x` = 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum Logic {
    /// Logic 0.
    #[default]
    Zero = 0,
    /// Logic 1.
    One = 1,
    /// High impedance.
    Z = 2,
    /// Unknown.
    X = 3,
}

impl Logic {
    /// From the `svLogic` encoding; only the two low bits count (the rest
    /// of the byte is not specified by the standard).
    pub const fn from_sv_logic(raw: u8) -> Logic {
        match raw & 3 {
            0 => Logic::Zero,
            1 => Logic::One,
            2 => Logic::Z,
            _ => Logic::X,
        }
    }

    /// Whether the value is 0 or 1.
    pub const fn is_known(self) -> bool {
        matches!(self, Logic::Zero | Logic::One)
    }
}

impl From<bool> for Logic {
    fn from(b: bool) -> Self {
        if b { Logic::One } else { Logic::Zero }
    }
}

impl fmt::Display for Logic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Logic::Zero => "0",
            Logic::One => "1",
            Logic::Z => "z",
            Logic::X => "x",
        })
    }
}

/// A Rust type that can be an argument of a DPI-C import.
///
/// Most types are covered by the ones abi-core implements it for,
/// `#[derive(Packed)]` and `#[derive(DpiEnum)]`. A type of your own can
/// travel as an existing DPI type by delegating to it, here a validated
/// `int`:
///
/// ```
/// use abi_core::ArgError;
/// use abi_core::dpi::{DpiType, DpiValue, SvType};
/// use abi_core::CTypeDesc;
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
///     const SV_TYPE: SvType = SvType::Named("int");
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
/// let package = abi_core::SvPackage::new("lanes").render(&abi_core::Registry::all()).unwrap();
/// assert!(package.contains("function void lane_mask(input int lane, output int mask);"));
/// ```
///
/// # Safety
///
/// `Input` and `Cell` must have the ABI of the C types the standard gives
/// [`DpiType::SV_TYPE`] (by value for inputs, behind a pointer for outputs
/// and inouts), and the conversions must accept every bit pattern a
/// simulator can pass.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be an argument of a `#[dpi_import]` function",
    label = "no DPI-C mapping",
    note = "supported: `i8`..`i64`, `u8`..`u64` (byte, shortint, int, longint), `f64` (real), `bool` (bit), `Logic` (logic), `Bits<N>` (bit [N-1:0]), `LogicVec<N>` (logic [N-1:0]), `SignedBits<N>` (bit signed [N-1:0]), `SignedLogicVec<N>` (logic signed [N-1:0]), `Integer` (integer), `#[derive(Packed)]` structs, `#[derive(DpiEnum)]` enums (typedef enum), `&CStr` (string), `Chandle<T>` (chandle), `[T; K]` (unpacked arrays) and `OpenArray<'_, T>`/`OpenArrayMut<'_, T>`/`OpenArrayOut<'_, T>` (open arrays); `&mut T` makes an output"
)]
pub unsafe trait DpiType: Sized {
    /// The SystemVerilog data type, as written in the import.
    const SV_TYPE: SvType;
    /// Whether values of this type hand strings to the simulator that must
    /// outlive the call ([`SvString`]): an import with such an output
    /// first frees the ones of earlier calls (not public API; never
    /// override).
    #[doc(hidden)]
    const OWNS_HANDED_STRINGS: bool = false;
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
    /// The registry's description of an `input` (not public API; never override).
    #[doc(hidden)]
    const INPUT_PARAM: ParamType = ParamType {
        direction: Direction::In,
        passing: Passing::Value(Self::C_INPUT),
        record: Record::None,
    };
    /// The registry's description of an `output` (not public API; never override).
    #[doc(hidden)]
    const OUTPUT_PARAM: ParamType = ParamType::dpi_cell(Direction::Out, &Self::C_CELL);
    /// The registry's description of an `inout` (not public API; never override).
    #[doc(hidden)]
    const INOUT_PARAM: ParamType = ParamType::dpi_cell(Direction::InOut, &Self::C_CELL);
    /// The SystemVerilog side of an `input` (not public API; never override).
    #[doc(hidden)]
    const SV_INPUT: DpiParamDesc = DpiParamDesc {
        direction: Self::SV_DIRECTION,
        sv_type: Self::SV_TYPE,
    };
    /// The SystemVerilog side of an `output` (not public API; never override).
    #[doc(hidden)]
    const SV_OUTPUT: DpiParamDesc = DpiParamDesc {
        direction: Direction::Out,
        sv_type: Self::SV_TYPE,
    };
    /// The SystemVerilog side of an `inout` (not public API; never override).
    #[doc(hidden)]
    const SV_INOUT: DpiParamDesc = DpiParamDesc {
        direction: Direction::InOut,
        sv_type: Self::SV_TYPE,
    };
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
    message = "`{Self}` is passed by handle, not as a value",
    label = "an open array here",
    note = "open arrays are input (`OpenArray<'_, T>`), inout (`OpenArrayMut<'_, T>`) or output (`OpenArrayOut<'_, T>`) parameters of a `#[dpi_import]` function, written without `&mut`",
    note = "SystemVerilog exports cannot have open-array arguments (IEEE 1800-2017 35.5.6.1): declare the export with a fixed-size array `[T; K]`"
)]
pub unsafe trait DpiValue: DpiType {
    /// Pass the value as an input to a SystemVerilog export: `f` receives
    /// the C argument, valid while it runs.
    fn with_input<R>(&self, f: impl FnOnce(Self::Input) -> R) -> R;
}

/// Compile-time check the macros emit for parameters that must be value
/// types (outputs and inouts of imports, outputs of exports), spanned at
/// the parameter's type.
#[doc(hidden)]
#[inline(always)]
pub const fn require_dpi_value<T: DpiValue>() {}

/// An `inout` argument of a SystemVerilog export: copied in and back, so
/// a plain value (every DPI value type but `SvString`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be an `inout` argument of a `#[dpi_export]` function",
    label = "not an inout export argument",
    note = "an `inout string` of an export is not supported (the string Rust passes would have to outlive calls SystemVerilog makes meanwhile): pass the string as an input and read the new one through an output `&mut SvString`"
)]
#[doc(hidden)]
pub trait ExportInout: DpiValue + Copy {}

impl<T: DpiValue + Copy> ExportInout for T {}

/// Compile-time check the macros emit for `inout` arguments of exports,
/// spanned at the parameter's type.
#[doc(hidden)]
#[inline(always)]
pub const fn require_export_inout<T: ExportInout>() {}

/// A result a SystemVerilog export can hand back to Rust.
///
/// # Safety
///
/// `from_raw` must accept every value of `Raw` a simulator can return.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the result of a `#[dpi_export]` function",
    label = "not an export result type",
    note = "export results are `()`, the integers, `f64`, `f32`, `bool`, `Logic` and `Chandle<T>`, and with abi-core's `verilator` feature packed values of up to 32 bits (`Bits<N>`, packed structs); pass anything else through an output argument (`&mut T`)"
)]
pub unsafe trait DpiExportResult: DpiResult {
    /// Convert what the export returned.
    fn from_raw(raw: Self::Raw) -> Self;
}

/// A Rust type that can be the result of a DPI-C import.
///
/// # Safety
///
/// `Raw` must have the ABI of the C result type of [`DpiResult::SV_TYPE`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the result of a `#[dpi_import]` function",
    label = "not a DPI-C result type",
    note = "DPI-C results are `()`, the integers, `f64`, `f32`, `bool`, `Logic`, `&'static CStr` and `Chandle<T>`, and with abi-core's `verilator` feature packed values of up to 32 bits (`Bits<N>`, packed structs) and `#[derive(DpiEnum)]` enums; return anything else through an output parameter (`&mut T`)"
)]
pub unsafe trait DpiResult {
    /// The SystemVerilog result type (`void` for `()`).
    const SV_TYPE: SvType;
    /// As [`DpiType::OWNS_HANDED_STRINGS`] (not public API; never override).
    #[doc(hidden)]
    const OWNS_HANDED_STRINGS: bool = false;
    /// What the C function returns.
    type Raw;
    /// Its C spelling.
    const C_TYPE: CTypeDesc;
    /// The registry's description of the result (not public API; never override).
    #[doc(hidden)]
    const RESULT: ResultType = ResultType::Value {
        c_type: Self::C_TYPE,
        record: None,
    };
    /// Convert for the simulator.
    fn into_c(self) -> Self::Raw;
}

macro_rules! same_representation {
    ($($t:ty => $sv:literal, $c:literal, $input:ty),* $(,)?) => {$(
        // SAFETY: Annex H passes these types by value as the C type of the
        // same size and signedness (char, short, int, long long, double),
        // and behind plain pointers for outputs; all bit patterns valid.
        // Inputs narrower than `int` are received as their 32-bit slot
        // and truncated (`crate::__received_as`).
        unsafe impl DpiType for $t {
            const SV_TYPE: SvType = SvType::Named($sv);
            type Input = $input;
            const C_INPUT: CTypeDesc = CTypeDesc::scalar::<$t>($c);
            type Cell = $t;
            const C_CELL: CTypeDesc = CTypeDesc::scalar::<$t>($c);
            #[inline(always)]
            fn initial() -> Self {
                0 as $t
            }
            #[inline(always)]
            unsafe fn from_input(raw: $input) -> Result<Self, ArgError> {
                Ok(raw as $t)
            }
            #[inline(always)]
            unsafe fn from_cell(cell: $t) -> Result<Self, ArgError> {
                Ok(cell)
            }
            #[inline(always)]
            fn to_cell(self) -> $t {
                self
            }
        }
        // SAFETY: a value type: `f` receives the C argument of the type
        // `DpiType::Input` declares, valid while it runs.
        unsafe impl DpiValue for $t {
            #[inline(always)]
            fn with_input<R>(&self, f: impl FnOnce($input) -> R) -> R {
                // Extended as C's callees expect (sign for signed types).
                f(*self as $input)
            }
        }
        // SAFETY: every bit pattern is a valid value.
        unsafe impl DpiExportResult for $t {
            #[inline(always)]
            fn from_raw(raw: $t) -> Self {
                raw
            }
        }
        // SAFETY: returned by value as the same C type.
        unsafe impl DpiResult for $t {
            const SV_TYPE: SvType = SvType::Named($sv);
            type Raw = $t;
            const C_TYPE: CTypeDesc = CTypeDesc::scalar::<$t>($c);
            #[inline(always)]
            fn into_c(self) -> $t {
                self
            }
        }
    )*};
}

// The C spellings are svdpi.h's (Annex H), not <stdint.h>'s: `char` and
// `int8_t` (`signed char`), `long long` and `int64_t` (`long` on LP64) have
// the same ABI but are different C types, and the generated declarations
// must be identical to the simulator's.
same_representation! {
    i8 => "byte", "char", crate::__received_as!(i8),
    u8 => "byte unsigned", "unsigned char", crate::__received_as!(u8),
    i16 => "shortint", "short", crate::__received_as!(i16),
    u16 => "shortint unsigned", "unsigned short", crate::__received_as!(u16),
    i32 => "int", "int", i32,
    u32 => "int unsigned", "unsigned int", u32,
    i64 => "longint", "long long", i64,
    u64 => "longint unsigned", "unsigned long long", u64,
    f64 => "real", "double", f64,
}

/// What `shortreal` is in C: `float` in Annex H, `double` in Verilator 5.
#[cfg(not(feature = "verilator"))]
type ShortrealAbi = f32;
/// What `shortreal` is in C: `float` in Annex H, `double` in Verilator 5.
#[cfg(feature = "verilator")]
type ShortrealAbi = f64;
const SHORTREAL_C: CTypeDesc = if cfg!(feature = "verilator") {
    CTypeDesc::scalar::<ShortrealAbi>("double")
} else {
    CTypeDesc::scalar::<ShortrealAbi>("float")
};

/// A `shortreal` the simulator passed. With Verilator's `double`, values
/// outside `f32` become infinities, as an SV `shortreal` assignment does.
#[inline(always)]
#[allow(
    clippy::unnecessary_cast,
    reason = "a no-op without the `verilator` feature"
)]
fn shortreal_from_c(raw: ShortrealAbi) -> f32 {
    raw as f32
}

// SAFETY: `shortreal` inputs and results are `ShortrealAbi` by value and
// outputs a pointer to one (Annex H: `float`; Verilator: `double`); every
// bit pattern is a valid float.
unsafe impl DpiType for f32 {
    const SV_TYPE: SvType = SvType::Named("shortreal");
    type Input = ShortrealAbi;
    const C_INPUT: CTypeDesc = SHORTREAL_C;
    type Cell = ShortrealAbi;
    const C_CELL: CTypeDesc = SHORTREAL_C;
    #[inline(always)]
    fn initial() -> Self {
        0.0
    }
    #[inline(always)]
    unsafe fn from_input(raw: ShortrealAbi) -> Result<Self, ArgError> {
        Ok(shortreal_from_c(raw))
    }
    #[inline(always)]
    unsafe fn from_cell(cell: ShortrealAbi) -> Result<Self, ArgError> {
        Ok(shortreal_from_c(cell))
    }
    #[inline(always)]
    fn to_cell(self) -> ShortrealAbi {
        ShortrealAbi::from(self)
    }
}
// SAFETY: a value type: `f` receives the `ShortrealAbi` by value.
unsafe impl DpiValue for f32 {
    #[inline(always)]
    fn with_input<R>(&self, f: impl FnOnce(ShortrealAbi) -> R) -> R {
        f(ShortrealAbi::from(*self))
    }
}
// SAFETY: returned by value as `ShortrealAbi`.
unsafe impl DpiResult for f32 {
    const SV_TYPE: SvType = SvType::Named("shortreal");
    type Raw = ShortrealAbi;
    const C_TYPE: CTypeDesc = SHORTREAL_C;
    #[inline(always)]
    fn into_c(self) -> ShortrealAbi {
        ShortrealAbi::from(self)
    }
}
// SAFETY: every bit pattern is a valid float.
unsafe impl DpiExportResult for f32 {
    #[inline(always)]
    fn from_raw(raw: ShortrealAbi) -> Self {
        shortreal_from_c(raw)
    }
}

/// `svBit`: an `unsigned char` holding 0 or 1.
const SV_BIT: CTypeDesc = CTypeDesc::scalar::<u8>("svBit");

/// `svLogic`: an `unsigned char` holding 0, 1, 2 (Z) or 3 (X).
const SV_LOGIC: CTypeDesc = CTypeDesc::scalar::<u8>("svLogic");

// SAFETY: `svBit` is an `unsigned char`; any non-zero value reads as 1, so
// no byte is invalid.
unsafe impl DpiType for bool {
    const SV_TYPE: SvType = SvType::Named("bit");
    type Input = crate::__received_as!(u8);
    const C_INPUT: CTypeDesc = SV_BIT;
    type Cell = u8;
    const C_CELL: CTypeDesc = SV_BIT;
    #[inline(always)]
    fn initial() -> Self {
        false
    }
    #[inline(always)]
    unsafe fn from_input(raw: Self::Input) -> Result<Self, ArgError> {
        Ok(raw & 1 != 0)
    }
    #[inline(always)]
    unsafe fn from_cell(cell: u8) -> Result<Self, ArgError> {
        Ok(cell & 1 != 0)
    }
    #[inline(always)]
    fn to_cell(self) -> u8 {
        u8::from(self)
    }
}
// SAFETY: a value type: `f` receives the C argument of the type
// `DpiType::Input` declares, valid while it runs.
unsafe impl DpiValue for bool {
    #[inline(always)]
    fn with_input<R>(&self, f: impl FnOnce(Self::Input) -> R) -> R {
        f(u8::from(*self).into())
    }
}

// SAFETY: any byte is accepted (its low bit decides).
unsafe impl DpiExportResult for bool {
    fn from_raw(raw: u8) -> Self {
        raw & 1 != 0
    }
}

// SAFETY: returned as an `svBit`, 0 or 1.
unsafe impl DpiResult for bool {
    const SV_TYPE: SvType = SvType::Named("bit");
    type Raw = u8;
    const C_TYPE: CTypeDesc = SV_BIT;
    #[inline(always)]
    fn into_c(self) -> u8 {
        u8::from(self)
    }
}

// SAFETY: `svLogic` is an `unsigned char`; the two low bits are decoded, so
// no byte is invalid.
unsafe impl DpiType for Logic {
    const SV_TYPE: SvType = SvType::Named("logic");
    type Input = crate::__received_as!(u8);
    const C_INPUT: CTypeDesc = SV_LOGIC;
    type Cell = u8;
    const C_CELL: CTypeDesc = SV_LOGIC;
    #[inline(always)]
    fn initial() -> Self {
        Logic::X
    }
    #[inline(always)]
    unsafe fn from_input(raw: Self::Input) -> Result<Self, ArgError> {
        // Only the byte counts (see `__received_as`).
        Ok(Logic::from_sv_logic(raw as u8))
    }
    #[inline(always)]
    unsafe fn from_cell(cell: u8) -> Result<Self, ArgError> {
        Ok(Logic::from_sv_logic(cell))
    }
    #[inline(always)]
    fn to_cell(self) -> u8 {
        self as u8
    }
}
// SAFETY: a value type: `f` receives the C argument of the type
// `DpiType::Input` declares, valid while it runs.
unsafe impl DpiValue for Logic {
    #[inline(always)]
    fn with_input<R>(&self, f: impl FnOnce(Self::Input) -> R) -> R {
        f((*self as u8).into())
    }
}

// SAFETY: any byte is accepted (its two low bits decide).
unsafe impl DpiExportResult for Logic {
    fn from_raw(raw: u8) -> Self {
        Logic::from_sv_logic(raw)
    }
}

// SAFETY: returned as an `svLogic`, 0 to 3.
unsafe impl DpiResult for Logic {
    const SV_TYPE: SvType = SvType::Named("logic");
    type Raw = u8;
    const C_TYPE: CTypeDesc = SV_LOGIC;
    #[inline(always)]
    fn into_c(self) -> u8 {
        self as u8
    }
}

// SAFETY: `input string` is `const char *`, NUL-terminated; NULL is
// rejected. The simulator keeps the string alive for the call (H.8.10).
unsafe impl DpiType for &CStr {
    const SV_TYPE: SvType = SvType::Named("string");
    type Input = *const c_char;
    const C_INPUT: CTypeDesc = C_CONST_CHAR_PTR;
    type Cell = *const c_char;
    const C_CELL: CTypeDesc = C_CONST_CHAR_PTR;
    fn initial() -> Self {
        c""
    }
    #[inline(always)]
    unsafe fn from_input(raw: *const c_char) -> Result<Self, ArgError> {
        if raw.is_null() {
            return Err(ArgError::Null);
        }
        // SAFETY: non-NULL (checked); NUL-terminated and alive for the call
        // by the DPI contract.
        Ok(unsafe { CStr::from_ptr(raw) })
    }
    unsafe fn from_cell(cell: *const c_char) -> Result<Self, ArgError> {
        if cell.is_null() {
            return Ok(c"");
        }
        // SAFETY: non-NULL; a string the simulator owns, alive for the call
        // (the caller's contract).
        Ok(unsafe { CStr::from_ptr(cell) })
    }
    fn to_cell(self) -> *const c_char {
        self.as_ptr()
    }
}
// SAFETY: a value type: `f` receives the C argument of the type
// `DpiType::Input` declares, valid while it runs.
unsafe impl DpiValue for &CStr {
    fn with_input<R>(&self, f: impl FnOnce(*const c_char) -> R) -> R {
        f(self.as_ptr())
    }
}

// SAFETY: `string` results are `const char *` the callee keeps alive; a
// `&'static CStr` always is.
unsafe impl DpiResult for &'static CStr {
    const SV_TYPE: SvType = SvType::Named("string");
    type Raw = *const c_char;
    const C_TYPE: CTypeDesc = C_CONST_CHAR_PTR;
    fn into_c(self) -> *const c_char {
        self.as_ptr()
    }
}

// SAFETY: `void`.
unsafe impl DpiResult for () {
    const SV_TYPE: SvType = SvType::Named("void");
    type Raw = ();
    const C_TYPE: CTypeDesc = CTypeDesc::Void;
    fn into_c(self) {}
}

// SAFETY: nothing to convert.
unsafe impl DpiExportResult for () {
    fn from_raw(_: ()) -> Self {}
}

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
    CTypeDesc::scalar::<i32>("int")
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

#[cfg(test)]
mod simulator_choice_tests {
    use super::*;

    fn c_name(desc: CTypeDesc) -> &'static str {
        match desc {
            CTypeDesc::Void => "void",
            CTypeDesc::Scalar { name, .. } => name,
            other => panic!("not a scalar: {other:?}"),
        }
    }

    /// `cargo test -p abi-core` runs this without the `verilator` feature
    /// (IEEE 1800), `cargo test --workspace` with it (c-tests enables it).
    #[test]
    fn shortreal_and_export_tasks_follow_the_feature() {
        let (shortreal, task, disabled) = if cfg!(feature = "verilator") {
            ("double", "void", Ok(()))
        } else {
            (
                "float",
                "int",
                Err(DpiError::Disabled { export: "sv_task" }),
            )
        };
        assert_eq!(c_name(<f32 as DpiType>::C_INPUT), shortreal);
        assert_eq!(c_name(<f32 as DpiType>::C_CELL), shortreal);
        assert_eq!(c_name(<f32 as DpiResult>::C_TYPE), shortreal);
        assert_eq!(c_name(EXPORT_TASK_C_TYPE), task);
        assert_eq!(
            size_of::<ExportTaskReturn>(),
            if task == "int" { 4 } else { 0 }
        );
        // The standard's disable flag: 1 means disabled, 0 not.
        #[cfg(not(feature = "verilator"))]
        assert_eq!(export_task_outcome("sv_task", 0), Ok(()));
        #[cfg(not(feature = "verilator"))]
        assert_eq!(export_task_outcome("sv_task", 1), disabled);
        #[cfg(feature = "verilator")]
        assert_eq!(export_task_outcome("sv_task", ()), disabled);
        // Values outside `f32` from Verilator's `double` become infinities;
        // in range they round to the nearest `f32`.
        // SAFETY: `from_input` of a float accepts every bit pattern.
        let x = unsafe { <f32 as DpiType>::from_input(ShortrealAbi::from(1.5f32)) };
        assert_eq!(x, Ok(1.5));
        assert_eq!(
            <f32 as DpiValue>::with_input(&-2.25, shortreal_from_c),
            -2.25
        );
    }
}
