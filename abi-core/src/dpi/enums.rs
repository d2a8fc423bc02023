//! `typedef enum` across DPI-C: a fieldless Rust enum with
//! `#[derive(DpiEnum)]` travels as its base type (Annex H gives an
//! enumeration the C type of its base: `int` for `typedef enum {...}`,
//! `const svBitVecVal *` for `typedef enum bit [2:0] {...}`), and every
//! value that comes from the simulator is checked against the labels: an
//! unknown one is an argument error naming the argument, never an invalid
//! Rust enum.

use super::{DpiEnumDesc, DpiValue, SvType};
use crate::argument::ArgError;

/// The base type of a `typedef enum`: how its values travel. Implemented
/// for the integer types (`i32` is `typedef enum int`, SystemVerilog's
/// default; `u8` is `byte unsigned`, ...) and for `Bits<N>` up to 64 bits
/// (`typedef enum bit [N-1:0]`).
///
/// # Safety
///
/// `from_value` and `value` must be exact inverses for every value in
/// `MIN..=MAX`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the base of a DPI-C `typedef enum`",
    label = "not an enum base type",
    note = "bases are the integer types (`i32` for `typedef enum int`, the default; `i8`, `u8` for `byte`, `byte unsigned`, ...) and `Bits<N>` up to 64 bits (`typedef enum bit [N-1:0]`)"
)]
pub unsafe trait EnumBase: DpiValue {
    /// The smallest value the base holds.
    const MIN: i128;
    /// The largest value the base holds.
    const MAX: i128;
    /// The base value of `value` (in `MIN..=MAX`).
    fn from_value(value: i128) -> Self;
    /// This base value as a number.
    fn value(self) -> i128;
}

macro_rules! integer_bases {
    ($($t:ty),*) => {$(
        // SAFETY: `as` between the integer and i128 is exact in range.
        unsafe impl EnumBase for $t {
            const MIN: i128 = <$t>::MIN as i128;
            const MAX: i128 = <$t>::MAX as i128;
            fn from_value(value: i128) -> Self {
                value as $t
            }
            fn value(self) -> i128 {
                self as i128
            }
        }
    )*};
}

integer_bases!(i8, i16, i32, i64, u8, u16, u32, u64);

// SAFETY: a vector of N <= 64 bits holds exactly `0..2^N`, and `TryFrom`
// and `to_u128` are exact there.
unsafe impl<const N: u32, C: super::bits::ChunkArray> EnumBase for super::Bits<N, C> {
    const MIN: i128 = 0;
    const MAX: i128 = {
        assert!(N <= 64, "an enum base `Bits<N>` has at most 64 bits");
        (1i128 << N) - 1
    };
    fn from_value(value: i128) -> Self {
        Self::try_from(value as u128).expect("a value checked against MAX")
    }
    fn value(self) -> i128 {
        self.to_u128().expect("at most 64 bits") as i128
    }
}

/// A fieldless Rust enum that crosses DPI-C as a SystemVerilog `typedef
/// enum`: `#[derive(DpiEnum)]` implements it.
///
/// ```
/// use abi_core::dpi::DpiEnum;
/// use abi_core::dpi::Bits;
///
/// /// `typedef enum bit [1:0] { Idle = 2'd0, Busy = 2'd1, Done = 2'd3 } state_t;`
/// #[derive(DpiEnum, Clone, Copy, Debug, PartialEq, Eq)]
/// #[dpi_enum(sv_name = "state_t", base = Bits<2>)]
/// pub enum State {
///     Idle = 0,
///     Busy = 1,
///     Done = 3,
/// }
///
/// #[abi_core::dpi_import]
/// pub fn next_state(state: State, next: &mut State) {
///     *next = match state {
///         State::Idle => State::Busy,
///         State::Busy | State::Done => State::Done,
///     };
/// }
///
/// let package = abi_core::emit::SvPackage::new("demo_pkg").render(&abi_core::Registry::all()).unwrap();
/// assert!(package.contains("typedef enum bit [1:0] {Idle = 2'd0, Busy = 2'd1, Done = 2'd3} state_t;"));
/// assert!(package.contains("function void next_state(input state_t state, output state_t next);"));
/// ```
pub trait DpiEnum: Copy + 'static {
    /// The typedef.
    const DESC: &'static DpiEnumDesc;
    /// The base type values travel as.
    type Base: EnumBase;
    /// The variant's value.
    fn to_value(self) -> i128;
    /// The variant with this value, if there is one.
    fn from_value(value: i128) -> Option<Self>;
}

/// The enum value a base value holds, or the argument error naming the
/// enum. Not a public API (the boundary impls call it).
#[doc(hidden)]
pub fn enum_from_base<E: DpiEnum>(base: E::Base) -> Result<E, ArgError> {
    let value = base.value();
    E::from_value(value).ok_or(ArgError::NotAnEnumValue {
        value,
        enum_name: E::DESC.sv_name,
    })
}

/// The values an enum's base holds (`MIN`, `MAX`), for the derive's check
/// of the labels. Not a public API: through `E::Base`, whose bound the
/// trait states, a base that is no [`EnumBase`] is reported once, at the
/// derive's `type Base`, not once more here.
#[doc(hidden)]
pub const fn enum_base_range<E: DpiEnum>() -> (i128, i128) {
    (<E::Base as EnumBase>::MIN, <E::Base as EnumBase>::MAX)
}

/// The base value of an enum value. Not a public API.
#[doc(hidden)]
pub fn enum_to_base<E: DpiEnum>(value: E) -> E::Base {
    <E::Base as EnumBase>::from_value(value.to_value())
}

/// Read an enum element of an open array through its base's access, and
/// check it against the labels (a value that is no label panics, naming
/// the element, as an open-array element the simulator cannot give does).
/// Not a public API.
///
/// # Safety
///
/// As [`OpenArrayElement::read`](super::OpenArrayElement::read), for an
/// array of `E`'s SystemVerilog type.
#[doc(hidden)]
pub unsafe fn enum_element_read<E: DpiEnum>(handle: *mut core::ffi::c_void, index: &[i32]) -> E
where
    E::Base: super::OpenArrayElement,
{
    // SAFETY: the caller's contract; the elements are of the base type.
    let base = unsafe { <E::Base as super::OpenArrayElement>::read(handle, index) };
    match enum_from_base::<E>(base) {
        Ok(value) => value,
        Err(error) => panic!("open array element {index:?}: {error}"),
    }
}

/// Write an enum element of an open array as its base. Not a public API.
///
/// # Safety
///
/// As [`OpenArrayElement::write`](super::OpenArrayElement::write).
#[doc(hidden)]
pub unsafe fn enum_element_write<E: DpiEnum>(
    handle: *mut core::ffi::c_void,
    index: &[i32],
    value: E,
) where
    E::Base: super::OpenArrayElement,
{
    // SAFETY: the caller's contract.
    unsafe { <E::Base as super::OpenArrayElement>::write(handle, index, enum_to_base(value)) }
}

/// The first label's variant, what an output holds before Rust writes it.
/// Not a public API.
#[doc(hidden)]
pub fn enum_initial<E: DpiEnum>() -> E {
    E::from_value(E::DESC.labels[0].1).expect("the first label is a variant")
}

/// The result type of an enum, a Verilator extension: IEEE 1800 allows
/// no enum result (slang refuses even `typedef enum int`); Verilator
/// accepts one and passes the base's C result. Not a public API.
#[doc(hidden)]
pub const fn enum_result_sv_type<E: DpiEnum>() -> SvType
where
    E::Base: super::flavour::VerilatorResult,
{
    // The base's rules as a result (a packed result is at most 32 bits)
    // are `VerilatorResult::REFUSAL`'s, which reads the description's base.
    SvType::Enum(E::DESC)
}

/// `DpiType`, `DpiValue` and `DpiResult` for a `#[derive(DpiEnum)]` enum:
/// the C types are the base's (Annex H: an enum passes as its base type),
/// and every value read is checked against the labels before a Rust enum
/// exists. Per type rather than blanket impls, so that a type that is no
/// DPI type gets `DpiType`'s message. Not a public API.
#[doc(hidden)]
#[macro_export]
macro_rules! __dpi_enum_boundary {
    ($t:ty) => {
        // SAFETY: an enum value holds no borrow.
        unsafe impl<'call> $crate::BorrowedFor<'call> for $t {}
        // SAFETY: the base's C types, values checked on the way in (see
        // the macro's documentation).
        unsafe impl $crate::__private::DpiType for $t {
            const SV_TYPE: $crate::__private::SvType =
                $crate::__private::SvType::Enum(<$t as $crate::dpi::DpiEnum>::DESC);
            type Input = <<$t as $crate::dpi::DpiEnum>::Base as $crate::__private::DpiType>::Input;
            const C_INPUT: $crate::__private::CTypeDesc =
                <<$t as $crate::dpi::DpiEnum>::Base as $crate::__private::DpiType>::C_INPUT;
            type Cell = <<$t as $crate::dpi::DpiEnum>::Base as $crate::__private::DpiType>::Cell;
            const C_CELL: $crate::__private::CTypeDesc =
                <<$t as $crate::dpi::DpiEnum>::Base as $crate::__private::DpiType>::C_CELL;
            fn initial() -> Self {
                $crate::__private::enum_initial::<$t>()
            }
            unsafe fn from_input(
                raw: Self::Input,
            ) -> ::core::result::Result<Self, $crate::__private::ArgError> {
                // SAFETY: forwarded: the simulator passes the base type.
                let base = unsafe {
                    <<$t as $crate::dpi::DpiEnum>::Base as $crate::__private::DpiType>::from_input(
                        raw,
                    )
                }?;
                $crate::__private::enum_from_base::<$t>(base)
            }
            unsafe fn from_cell(
                cell: Self::Cell,
            ) -> ::core::result::Result<Self, $crate::__private::ArgError> {
                // SAFETY: forwarded: a cell of the base type.
                let base = unsafe {
                    <<$t as $crate::dpi::DpiEnum>::Base as $crate::__private::DpiType>::from_cell(
                        cell,
                    )
                }?;
                $crate::__private::enum_from_base::<$t>(base)
            }
            fn to_cell(self) -> Self::Cell {
                $crate::__private::DpiType::to_cell($crate::__private::enum_to_base(self))
            }
        }
        // SAFETY: as the base's: `f` receives the base's C argument.
        unsafe impl $crate::__private::DpiValue for $t {
            fn with_input<R>(&self, f: impl FnOnce(Self::Input) -> R) -> R {
                $crate::__private::DpiValue::with_input(&$crate::__private::enum_to_base(*self), f)
            }
        }
        // SAFETY: the base's C types, the same in both DPI-C flavours
        // (enum bases are integral).
        unsafe impl $crate::dpi::SameInBothFlavours for $t {}
        // SAFETY: elements of the base type, read and written through the
        // base's access, each value read checked against the labels.
        unsafe impl $crate::dpi::OpenArrayElement for $t {
            const SV_TYPE: $crate::__private::SvType =
                $crate::__private::SvType::Enum(<$t as $crate::dpi::DpiEnum>::DESC);
            type CLayout =
                <<$t as $crate::dpi::DpiEnum>::Base as $crate::dpi::OpenArrayElement>::CLayout;
            const C_LAYOUT: bool =
                <<$t as $crate::dpi::DpiEnum>::Base as $crate::dpi::OpenArrayElement>::C_LAYOUT;
            unsafe fn read(handle: *mut ::core::ffi::c_void, index: &[i32]) -> Self {
                // SAFETY: forwarded; the caller's contract.
                unsafe { $crate::__private::enum_element_read::<$t>(handle, index) }
            }
            unsafe fn write(handle: *mut ::core::ffi::c_void, index: &[i32], value: Self) {
                // SAFETY: forwarded; the caller's contract.
                unsafe { $crate::__private::enum_element_write::<$t>(handle, index, value) }
            }
        }
        // Enum results exist only with Verilator's ABI.
        $crate::__dpi_enum_result!($t);
    };
}

/// `VerilatorResult` for a `#[derive(DpiEnum)]` enum (IEEE 1800 has no
/// enum results; Verilator returns the base). Not a public API.
#[doc(hidden)]
#[macro_export]
macro_rules! __dpi_enum_result {
    ($t:ty) => {
        // SAFETY: the base's C result (a Verilator extension: see
        // `enum_result_sv_type`).
        unsafe impl $crate::__private::VerilatorResult for $t {
            const SV_TYPE: $crate::__private::SvType =
                $crate::__private::enum_result_sv_type::<$t>();
            type Raw =
                <<$t as $crate::dpi::DpiEnum>::Base as $crate::__private::VerilatorResult>::Raw;
            const C_TYPE: $crate::__private::CTypeDesc =
                <<$t as $crate::dpi::DpiEnum>::Base as $crate::__private::VerilatorResult>::C_TYPE;
            fn into_c(self) -> Self::Raw {
                $crate::__private::VerilatorResult::into_c($crate::__private::enum_to_base(self))
            }
        }
    };
}
