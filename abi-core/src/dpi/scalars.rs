//! The scalar types of Annex H: `logic` ([`Logic`]), the integer types,
//! `real`, `shortreal`, `bit`, `string`, and `void` results.

use core::ffi::{CStr, c_char};
use core::fmt;

use super::*;
use crate::argument::{ArgError, Borrow};
use crate::c::C_CONST_CHAR_PTR;
use crate::model::c::{CScalar, CTypeDesc};

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

macro_rules! same_representation {
    ($($t:ty => $sv:ident, $c:ident, $input:ty),* $(,)?) => {$(
        // SAFETY: Annex H passes these types by value as the C type of the
        // same size and signedness (char, short, int, long long, double),
        // and behind plain pointers for outputs; all bit patterns valid.
        // Inputs narrower than `int` are received as their 32-bit slot
        // and truncated (`crate::__received_as`).
        unsafe impl DpiType for $t {
            const SV_TYPE: SvType = SvType::Scalar(SvScalar::$sv);
            type Input = $input;
            const C_INPUT: CTypeDesc = CTypeDesc::scalar::<$t>(CScalar::$c);
            type Cell = $t;
            const C_CELL: CTypeDesc = CTypeDesc::scalar::<$t>(CScalar::$c);
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            fn initial() -> Self {
                0 as $t
            }
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            unsafe fn from_input(raw: $input) -> Result<Self, ArgError> {
                Ok(raw as $t)
            }
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            unsafe fn from_cell(cell: $t) -> Result<Self, ArgError> {
                Ok(cell)
            }
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            fn to_cell(self) -> $t {
                self
            }
        }
        // SAFETY: a value type: `f` receives the C argument of the type
        // `DpiType::Input` declares, valid while it runs.
        unsafe impl DpiValue for $t {
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            fn with_input<R>(&self, f: impl FnOnce($input) -> R) -> R {
                // Extended as C's callees expect (sign for signed types).
                f(*self as $input)
            }
        }
        // SAFETY: every bit pattern is a valid value.
        unsafe impl DpiExportResult for $t {
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            unsafe fn from_raw(raw: $t) -> Self {
                raw
            }
        }
        // SAFETY: returned by value as the same C type.
        unsafe impl DpiResult for $t {
            const SV_TYPE: SvType = SvType::Scalar(SvScalar::$sv);
            type Raw = $t;
            const C_TYPE: CTypeDesc = CTypeDesc::scalar::<$t>(CScalar::$c);
            #[cfg_attr(not(abi_core_unoptimised), inline)]
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
    i8 => Byte, Char, crate::__received_as!(i8),
    u8 => ByteUnsigned, UnsignedChar, crate::__received_as!(u8),
    i16 => Shortint, Short, crate::__received_as!(i16),
    u16 => ShortintUnsigned, UnsignedShort, crate::__received_as!(u16),
    i32 => Int, Int, i32,
    u32 => IntUnsigned, UnsignedInt, u32,
    i64 => Longint, LongLong, i64,
    u64 => LongintUnsigned, UnsignedLongLong, u64,
    f64 => Real, Double, f64,
}

/// What `shortreal` is in C in Annex H: `float` (Verilator's `double` is
/// in `flavour`).
type ShortrealAbi = f32;
const SHORTREAL_C: CTypeDesc = CTypeDesc::scalar::<ShortrealAbi>(CScalar::Float);

/// A `shortreal` the simulator passed.
#[cfg_attr(not(abi_core_unoptimised), inline)]
fn shortreal_from_c(raw: ShortrealAbi) -> f32 {
    raw
}

// SAFETY: `shortreal` inputs and results are `float` by value and outputs
// a pointer to one (Annex H); every bit pattern is a valid float.
unsafe impl DpiType for f32 {
    const SV_TYPE: SvType = SvType::Scalar(SvScalar::Shortreal);
    type Input = ShortrealAbi;
    const C_INPUT: CTypeDesc = SHORTREAL_C;
    type Cell = ShortrealAbi;
    const C_CELL: CTypeDesc = SHORTREAL_C;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn initial() -> Self {
        0.0
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_input(raw: ShortrealAbi) -> Result<Self, ArgError> {
        Ok(shortreal_from_c(raw))
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_cell(cell: ShortrealAbi) -> Result<Self, ArgError> {
        Ok(shortreal_from_c(cell))
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn to_cell(self) -> ShortrealAbi {
        ShortrealAbi::from(self)
    }
}
// SAFETY: a value type: `f` receives the `ShortrealAbi` by value.
unsafe impl DpiValue for f32 {
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn with_input<R>(&self, f: impl FnOnce(ShortrealAbi) -> R) -> R {
        f(ShortrealAbi::from(*self))
    }
}
// SAFETY: returned by value as `ShortrealAbi`.
unsafe impl DpiResult for f32 {
    const SV_TYPE: SvType = SvType::Scalar(SvScalar::Shortreal);
    type Raw = ShortrealAbi;
    const C_TYPE: CTypeDesc = SHORTREAL_C;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn into_c(self) -> ShortrealAbi {
        ShortrealAbi::from(self)
    }
}
// SAFETY: every bit pattern is a valid float.
unsafe impl DpiExportResult for f32 {
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_raw(raw: ShortrealAbi) -> Self {
        shortreal_from_c(raw)
    }
}

/// `svBit`: an `unsigned char` holding 0 or 1.
const SV_BIT: CTypeDesc = CTypeDesc::scalar::<u8>(CScalar::SvBit);

/// `svLogic`: an `unsigned char` holding 0, 1, 2 (Z) or 3 (X).
const SV_LOGIC: CTypeDesc = CTypeDesc::scalar::<u8>(CScalar::SvLogic);

// SAFETY: `svBit` is an `unsigned char`; its low bit decides (any odd byte
// reads as 1), so no byte is invalid.
unsafe impl DpiType for bool {
    const SV_TYPE: SvType = SvType::Scalar(SvScalar::Bit);
    type Input = crate::__received_as!(u8);
    const C_INPUT: CTypeDesc = SV_BIT;
    type Cell = u8;
    const C_CELL: CTypeDesc = SV_BIT;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn initial() -> Self {
        false
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_input(raw: Self::Input) -> Result<Self, ArgError> {
        Ok(raw & 1 != 0)
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_cell(cell: u8) -> Result<Self, ArgError> {
        Ok(cell & 1 != 0)
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn to_cell(self) -> u8 {
        u8::from(self)
    }
}
// SAFETY: a value type: `f` receives the C argument of the type
// `DpiType::Input` declares, valid while it runs.
unsafe impl DpiValue for bool {
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn with_input<R>(&self, f: impl FnOnce(Self::Input) -> R) -> R {
        f(u8::from(*self).into())
    }
}

// SAFETY: any byte is accepted (its low bit decides).
unsafe impl DpiExportResult for bool {
    unsafe fn from_raw(raw: u8) -> Self {
        raw & 1 != 0
    }
}

// SAFETY: returned as an `svBit`, 0 or 1.
unsafe impl DpiResult for bool {
    const SV_TYPE: SvType = SvType::Scalar(SvScalar::Bit);
    type Raw = u8;
    const C_TYPE: CTypeDesc = SV_BIT;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn into_c(self) -> u8 {
        u8::from(self)
    }
}

// SAFETY: `svLogic` is an `unsigned char`; the two low bits are decoded, so
// no byte is invalid.
unsafe impl DpiType for Logic {
    const SV_TYPE: SvType = SvType::Scalar(SvScalar::Logic);
    type Input = crate::__received_as!(u8);
    const C_INPUT: CTypeDesc = SV_LOGIC;
    type Cell = u8;
    const C_CELL: CTypeDesc = SV_LOGIC;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn initial() -> Self {
        Logic::X
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_input(raw: Self::Input) -> Result<Self, ArgError> {
        // Only the byte counts (see `__received_as`).
        Ok(Logic::from_sv_logic(raw as u8))
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_cell(cell: u8) -> Result<Self, ArgError> {
        Ok(Logic::from_sv_logic(cell))
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn to_cell(self) -> u8 {
        self as u8
    }
}
// SAFETY: a value type: `f` receives the C argument of the type
// `DpiType::Input` declares, valid while it runs.
unsafe impl DpiValue for Logic {
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn with_input<R>(&self, f: impl FnOnce(Self::Input) -> R) -> R {
        f((*self as u8).into())
    }
}

// SAFETY: any byte is accepted (its two low bits decide).
unsafe impl DpiExportResult for Logic {
    unsafe fn from_raw(raw: u8) -> Self {
        Logic::from_sv_logic(raw)
    }
}

// SAFETY: returned as an `svLogic`, 0 to 3.
unsafe impl DpiResult for Logic {
    const SV_TYPE: SvType = SvType::Scalar(SvScalar::Logic);
    type Raw = u8;
    const C_TYPE: CTypeDesc = SV_LOGIC;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn into_c(self) -> u8 {
        self as u8
    }
}

// SAFETY: `input string` is `const char *`, NUL-terminated; NULL is
// rejected. The simulator keeps the string alive for the call (H.8.10),
// which `CALL_BORROW` says: the macros keep the reference from outliving
// it, and `input_borrows` gives its bytes for the overlap check.
unsafe impl DpiType for &CStr {
    const SV_TYPE: SvType = SvType::Scalar(SvScalar::String);
    const CALL_BORROW: CallBorrow = CallBorrow::Shared;
    type Input = *const c_char;
    const C_INPUT: CTypeDesc = C_CONST_CHAR_PTR;
    type Cell = *const c_char;
    const C_CELL: CTypeDesc = C_CONST_CHAR_PTR;
    fn initial() -> Self {
        c""
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
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
    unsafe fn input_borrows(raw: *const c_char, each: &mut dyn FnMut(Borrow)) {
        if raw.is_null() {
            return;
        }
        // SAFETY: non-NULL; NUL-terminated and alive for the call by the
        // DPI contract (what `from_input` relies on too).
        let len = unsafe { CStr::from_ptr(raw) }.count_bytes() + 1;
        each(Borrow::range(raw.addr(), len, false));
    }
    unsafe fn cell_borrows(cell: *const c_char, each: &mut dyn FnMut(Borrow)) {
        // SAFETY: a string cell of an input array is what an input string
        // is (H.8.10).
        unsafe { Self::input_borrows(cell, each) }
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
    const SV_TYPE: SvType = SvType::Scalar(SvScalar::String);
    type Raw = *const c_char;
    const C_TYPE: CTypeDesc = C_CONST_CHAR_PTR;
    fn into_c(self) -> *const c_char {
        self.as_ptr()
    }
}

// SAFETY: `string` results are `const char *`: NULL for `None` (which
// IEEE 1800 Annex H leaves to the simulator), else a `'static` string.
// Not `SameInBothFlavours`: Verilator 5.006's generated code assigns the
// result to a `std::string` without checking for NULL, so a
// Verilator-flavoured function cannot return one (a compile error).
// Not listed in diagnostics: the trait's note names it.
#[diagnostic::do_not_recommend]
unsafe impl DpiResult for Option<&'static CStr> {
    const SV_TYPE: SvType = SvType::Scalar(SvScalar::String);
    type Raw = *const c_char;
    const C_TYPE: CTypeDesc = C_CONST_CHAR_PTR;
    fn into_c(self) -> *const c_char {
        self.map_or(core::ptr::null(), CStr::as_ptr)
    }
}

// SAFETY: `void`.
unsafe impl DpiResult for () {
    const SV_TYPE: SvType = SvType::Void;
    type Raw = ();
    const C_TYPE: CTypeDesc = CTypeDesc::Void;
    fn into_c(self) {}
}

// SAFETY: nothing to convert.
unsafe impl DpiExportResult for () {
    unsafe fn from_raw(_: ()) -> Self {}
}

crate::argument::borrows_nothing!(Logic);
