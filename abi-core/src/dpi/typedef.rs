//! Types declared by a name: a user's `typedef bit [7:0] byte_t;`
//! ([`Typedef`] of an [`SvTypedef`]), and the keywords `time` ([`Time`])
//! and `realtime` ([`RealTime`]), which DPI-C passes as `logic [63:0]` and
//! `real` (IEEE 1800 Annex H).

use core::fmt;
use core::marker::PhantomData;

use super::flavour::{VerilatorExportResult, VerilatorResult, VerilatorType, VerilatorValue};
use super::{
    CallBorrow, DpiExportResult, DpiParamDecl, DpiResult, DpiType, DpiValue, LogicVec, SvType,
};
use crate::argument::{ArgError, Borrow};
use crate::model::Direction;
use crate::model::c::CTypeDesc;
use crate::model::function::ResultEntry;
use crate::model::sv::SvAlias;
use crate::sealed::Sealed;

/// The SystemVerilog name of a [`Typedef`]: implement it on a type of your
/// own (an empty `enum` is enough) and write `Typedef<YourName>` in
/// `#[dpi_import]`/`#[dpi_export]` signatures; the generated package
/// declares `typedef <base> NAME;` once and every argument of the type by
/// that name.
///
/// ```
/// use abi_core::dpi::{Bits, SvTypedef, Typedef};
///
/// /// The design's `byte_t`.
/// pub enum ByteT {}
/// impl SvTypedef for ByteT {
///     type Base = Bits<8>;
///     const NAME: &'static str = "byte_t";
/// }
///
/// #[abi_core::dpi_import]
/// pub fn swap_nibbles(b: Typedef<ByteT>) -> u8 {
///     let v = b.to_u128().unwrap() as u8; // `Typedef` derefs to `Bits<8>`
///     v.rotate_left(4)
/// }
///
/// let package = abi_core::emit::SvPackage::new("bytes").render(&abi_core::Registry::all()).unwrap();
/// assert!(package.contains("typedef bit [7:0] byte_t;"));
/// assert!(package.contains("function byte unsigned swap_nibbles(input byte_t b);"));
/// ```
pub trait SvTypedef: 'static {
    /// The type the typedef stands for, which decides how DPI-C passes
    /// it (`Bits<8>` for `typedef bit [7:0] byte_t`).
    type Base: DpiType;
    /// The typedef name: a SystemVerilog identifier (checked when the
    /// type is used in a signature).
    const NAME: &'static str;
    /// Whether [`SvTypedef::NAME`] is a SystemVerilog keyword that needs no
    /// typedef (`time`, `realtime`: abi-core's own; not public API). Sealed:
    /// an implementation outside abi-core cannot define it (it would skip
    /// the name's check and the typedef, so that the package declared the
    /// base type by a keyword of another width: `bit` for a `Bits<64>`).
    #[doc(hidden)]
    const KEYWORD: Sealed<bool> = Sealed(false);
}

/// A value of `N::Base` that SystemVerilog declares by the name
/// [`SvTypedef::NAME`]: passed exactly as the base type, declared as the
/// typedef. It derefs to the base value; [`Typedef::new`] and the public
/// field make one.
#[repr(transparent)]
pub struct Typedef<N: SvTypedef>(pub N::Base, PhantomData<N>);

impl<N: SvTypedef> Typedef<N> {
    /// The value `base`, declared by the typedef's name.
    pub const fn new(base: N::Base) -> Self {
        Typedef(base, PhantomData)
    }

    /// The base value.
    pub fn into_inner(self) -> N::Base {
        self.0
    }
}

impl<N: SvTypedef> core::ops::Deref for Typedef<N> {
    type Target = N::Base;
    fn deref(&self) -> &N::Base {
        &self.0
    }
}

impl<N: SvTypedef> core::ops::DerefMut for Typedef<N> {
    fn deref_mut(&mut self) -> &mut N::Base {
        &mut self.0
    }
}

impl<N: SvTypedef> Clone for Typedef<N>
where
    N::Base: Clone,
{
    fn clone(&self) -> Self {
        Typedef::new(self.0.clone())
    }
}

impl<N: SvTypedef> Copy for Typedef<N> where N::Base: Copy {}

impl<N: SvTypedef> PartialEq for Typedef<N>
where
    N::Base: PartialEq,
{
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<N: SvTypedef> Eq for Typedef<N> where N::Base: Eq {}

impl<N: SvTypedef> fmt::Debug for Typedef<N>
where
    N::Base: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(", N::NAME)?;
        self.0.fmt(f)?;
        f.write_str(")")
    }
}

impl<N: SvTypedef> Default for Typedef<N>
where
    N::Base: Default,
{
    fn default() -> Self {
        Typedef::new(N::Base::default())
    }
}

/// Whether `name` is a SystemVerilog simple identifier (letters, digits,
/// `_` and `$`, not starting with a digit or `$`), in `const` context.
pub(crate) const fn is_identifier(name: &str) -> bool {
    let bytes = name.as_bytes();
    if bytes.is_empty() || bytes[0].is_ascii_digit() || bytes[0] == b'$' {
        return false;
    }
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if !(b.is_ascii_alphanumeric() || b == b'_' || b == b'$') {
            return false;
        }
        i += 1;
    }
    true
}

/// Why a typedef name that is no identifier is refused (at the parameter
/// or result, by `DpiType::REFUSAL`).
pub(crate) const NAME_RULE: &str = "`SvTypedef::NAME` must be a SystemVerilog identifier: letters, digits and `_`, not starting with a digit";

/// The alias a typedef declares (its name is checked where a function
/// declares the type: `NAME_RULE`).
const fn alias<N: SvTypedef>(base: &'static SvType) -> SvAlias {
    SvAlias {
        name: N::NAME,
        base,
        keyword: N::KEYWORD.0,
    }
}

// SAFETY: `#[repr(transparent)]` over `N::Base`, whose C types, conversions
// and borrows are forwarded unchanged: only the SystemVerilog declaration
// differs, which names a typedef of the same base type.
unsafe impl<N: SvTypedef> DpiType for Typedef<N> {
    const SV_TYPE: SvType = SvType::Alias(&alias::<N>(&<N::Base as DpiType>::SV_TYPE));
    const OWNS_HANDED_STRINGS: Sealed<bool> = <N::Base as DpiType>::OWNS_HANDED_STRINGS;
    const CALL_BORROW: CallBorrow = <N::Base as DpiType>::CALL_BORROW;
    type Input = <N::Base as DpiType>::Input;
    const C_INPUT: CTypeDesc = <N::Base as DpiType>::C_INPUT;
    type Cell = <N::Base as DpiType>::Cell;
    const C_CELL: CTypeDesc = <N::Base as DpiType>::C_CELL;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn initial() -> Self {
        Typedef::new(<N::Base as DpiType>::initial())
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_input(raw: Self::Input) -> Result<Self, ArgError> {
        // SAFETY: forwarded; the same C argument.
        unsafe { <N::Base as DpiType>::from_input(raw) }.map(Typedef::new)
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_cell(cell: Self::Cell) -> Result<Self, ArgError> {
        // SAFETY: forwarded; the same cell.
        unsafe { <N::Base as DpiType>::from_cell(cell) }.map(Typedef::new)
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn to_cell(self) -> Self::Cell {
        <N::Base as DpiType>::to_cell(self.0)
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn input_borrows(raw: Self::Input, each: &mut dyn FnMut(Borrow)) {
        // SAFETY: forwarded.
        unsafe { <N::Base as DpiType>::input_borrows(raw, each) }
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn cell_borrows(cell: Self::Cell, each: &mut dyn FnMut(Borrow)) {
        // SAFETY: forwarded.
        unsafe { <N::Base as DpiType>::cell_borrows(cell, each) }
    }
}

// SAFETY: forwarded to the base value, the same C argument.
unsafe impl<N: SvTypedef> DpiValue for Typedef<N>
where
    N::Base: DpiValue,
{
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn with_input<R>(&self, f: impl FnOnce(Self::Input) -> R) -> R {
        self.0.with_input(f)
    }
}

// SAFETY: the base's result, the same C type; only the declaration names
// the typedef.
unsafe impl<N: SvTypedef> DpiResult for Typedef<N>
where
    N::Base: DpiResult + DpiType,
{
    const SV_TYPE: SvType = SvType::Alias(&alias::<N>(&<N::Base as DpiResult>::SV_TYPE));
    const OWNS_HANDED_STRINGS: Sealed<bool> = <N::Base as DpiResult>::OWNS_HANDED_STRINGS;
    type Raw = <N::Base as DpiResult>::Raw;
    const C_TYPE: CTypeDesc = <N::Base as DpiResult>::C_TYPE;
    const RESULT: Sealed<ResultEntry> = <N::Base as DpiResult>::RESULT;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn into_c(self) -> Self::Raw {
        self.0.into_c()
    }
}

// SAFETY: forwarded; every value the base accepts.
unsafe impl<N: SvTypedef> DpiExportResult for Typedef<N>
where
    N::Base: DpiExportResult + DpiType,
{
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_raw(raw: Self::Raw) -> Self {
        // SAFETY: forwarded.
        Typedef::new(unsafe { <N::Base as DpiExportResult>::from_raw(raw) })
    }
}

impl<N: SvTypedef> Typedef<N>
where
    N::Base: VerilatorType,
{
    /// `VerilatorType::SV_INPUT`'s declaration, a value of its own: the
    /// direction is read through the base's declaration (a reference), which
    /// rustc 1.88 (the workspace's rust-version) does not promote to
    /// `'static` in place, while a constant item it does.
    const VERILATOR_SV_INPUT: DpiParamDecl = DpiParamDecl {
        direction: <N::Base as VerilatorType>::SV_INPUT.0.direction,
        sv_type: <Self as VerilatorType>::SV_TYPE,
    };
}

// Verilator's ABI: forwarded to the base's (an array of `shortreal`, or
// a packed result, passes as the base does there).
// SAFETY: as the `DpiType` impl, with Verilator's ABI of the base.
unsafe impl<N: SvTypedef> VerilatorType for Typedef<N>
where
    N::Base: VerilatorType,
{
    const SV_TYPE: SvType = SvType::Alias(&alias::<N>(&<N::Base as VerilatorType>::SV_TYPE));
    const OWNS_HANDED_STRINGS: Sealed<bool> = <N::Base as VerilatorType>::OWNS_HANDED_STRINGS;
    const CALL_BORROW: CallBorrow = <N::Base as VerilatorType>::CALL_BORROW;
    type Input = <N::Base as VerilatorType>::Input;
    const C_INPUT: CTypeDesc = <N::Base as VerilatorType>::C_INPUT;
    type Cell = <N::Base as VerilatorType>::Cell;
    const C_CELL: CTypeDesc = <N::Base as VerilatorType>::C_CELL;
    const SV_INPUT: Sealed<&'static DpiParamDecl> = Sealed(&Self::VERILATOR_SV_INPUT);
    const SV_OUTPUT: Sealed<&'static DpiParamDecl> = Sealed(&DpiParamDecl {
        direction: Direction::Out,
        sv_type: <Self as VerilatorType>::SV_TYPE,
    });
    const SV_INOUT: Sealed<&'static DpiParamDecl> = Sealed(&DpiParamDecl {
        direction: Direction::InOut,
        sv_type: <Self as VerilatorType>::SV_TYPE,
    });
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn initial() -> Self {
        Typedef::new(<N::Base as VerilatorType>::initial())
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_input(raw: <Self as VerilatorType>::Input) -> Result<Self, ArgError> {
        // SAFETY: forwarded; the same C argument.
        unsafe { <N::Base as VerilatorType>::from_input(raw) }.map(Typedef::new)
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_cell(cell: <Self as VerilatorType>::Cell) -> Result<Self, ArgError> {
        // SAFETY: forwarded; the same cell.
        unsafe { <N::Base as VerilatorType>::from_cell(cell) }.map(Typedef::new)
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn to_cell(self) -> <Self as VerilatorType>::Cell {
        <N::Base as VerilatorType>::to_cell(self.0)
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn input_borrows(raw: <Self as VerilatorType>::Input, each: &mut dyn FnMut(Borrow)) {
        // SAFETY: forwarded.
        unsafe { <N::Base as VerilatorType>::input_borrows(raw, each) }
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn cell_borrows(cell: <Self as VerilatorType>::Cell, each: &mut dyn FnMut(Borrow)) {
        // SAFETY: forwarded.
        unsafe { <N::Base as VerilatorType>::cell_borrows(cell, each) }
    }
}

// SAFETY: forwarded to the base value, the same C argument.
unsafe impl<N: SvTypedef> VerilatorValue for Typedef<N>
where
    N::Base: VerilatorValue,
{
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn with_input<R>(&self, f: impl FnOnce(<Self as VerilatorType>::Input) -> R) -> R {
        <N::Base as VerilatorValue>::with_input(&self.0, f)
    }
}

// SAFETY: the base's result with Verilator's ABI.
unsafe impl<N: SvTypedef> VerilatorResult for Typedef<N>
where
    N::Base: VerilatorResult,
{
    const SV_TYPE: SvType = SvType::Alias(&alias::<N>(&<N::Base as VerilatorResult>::SV_TYPE));
    const OWNS_HANDED_STRINGS: Sealed<bool> = <N::Base as VerilatorResult>::OWNS_HANDED_STRINGS;
    type Raw = <N::Base as VerilatorResult>::Raw;
    const C_TYPE: CTypeDesc = <N::Base as VerilatorResult>::C_TYPE;
    const RESULT: Sealed<ResultEntry> = <N::Base as VerilatorResult>::RESULT;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn into_c(self) -> Self::Raw {
        <N::Base as VerilatorResult>::into_c(self.0)
    }
}

// SAFETY: forwarded.
unsafe impl<N: SvTypedef> VerilatorExportResult for Typedef<N>
where
    N::Base: VerilatorExportResult,
{
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn from_raw(raw: Self::Raw) -> Self {
        // SAFETY: forwarded.
        Typedef::new(unsafe { <N::Base as VerilatorExportResult>::from_raw(raw) })
    }
}

// SAFETY: borrows what the base borrows.
unsafe impl<'a, N: SvTypedef> crate::BorrowedFor<'a> for Typedef<N> where
    N::Base: crate::BorrowedFor<'a>
{
}

/// The name of [`Time`]: the keyword `time`.
#[derive(Debug)]
pub enum TimeKeyword {}

impl SvTypedef for TimeKeyword {
    type Base = LogicVec<64>;
    const NAME: &'static str = "time";
    const KEYWORD: Sealed<bool> = Sealed(true);
}

/// The name of [`RealTime`]: the keyword `realtime`.
#[derive(Debug)]
pub enum RealTimeKeyword {}

impl SvTypedef for RealTimeKeyword {
    type Base = f64;
    const NAME: &'static str = "realtime";
    const KEYWORD: Sealed<bool> = Sealed(true);
}

/// SystemVerilog `time`: 64 bits, unsigned, 4-state (`logic [63:0]`),
/// which DPI-C passes as `svLogicVecVal` chunks (Annex H); the package
/// declares it `time`. Not a result type (DPI-C returns no 4-state
/// vector): an output parameter is.
///
/// ```
/// use abi_core::dpi::{LogicVec, Time};
///
/// let t = Time::from_ticks(1_000);
/// assert_eq!(t.ticks(), Some(1_000));
/// assert_eq!(Time::new(LogicVec::unknown()).ticks(), None); // X bits
/// ```
pub type Time = Typedef<TimeKeyword>;

/// SystemVerilog `realtime`: a `real` (C `double`) the package declares
/// `realtime`.
pub type RealTime = Typedef<RealTimeKeyword>;

impl Typedef<TimeKeyword> {
    /// A known time of `ticks` (in the caller's time unit).
    pub fn from_ticks(ticks: u64) -> Self {
        let bits = super::Bits::<64>::try_from(ticks).expect("64 bits hold a u64");
        Typedef::new(LogicVec::from_bits(bits))
    }

    /// The time, or `None` when a bit is X or Z.
    pub fn ticks(&self) -> Option<u64> {
        let bits = self.0.to_bits()?;
        bits.to_u128().and_then(|v| u64::try_from(v).ok())
    }
}

impl Typedef<RealTimeKeyword> {
    /// The real time `value`.
    pub const fn from_f64(value: f64) -> Self {
        Typedef::new(value)
    }
}
