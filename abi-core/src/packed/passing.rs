//! How a `#[derive(Packed)]` struct crosses the DPI-C and C boundaries. The
//! derive invokes [`__packed_struct_boundary!`](crate::__packed_struct_boundary)
//! for its struct; the logic is in the generic functions here, so the
//! generated code stays small.

use core::num::NonZeroUsize;

use super::PackedStruct;
use super::view::C_CONST_BYTES;
use crate::argument::{ArgError, Borrow, check_pointer};
use crate::dpi::ChunkArray;
use crate::model::c::{CScalar, CTypeDesc};

/// `svBitVecVal`.
pub const SV_BIT_VEC_VAL: CTypeDesc = CTypeDesc::scalar::<u32>(CScalar::SvBitVecVal);
/// `const svBitVecVal *`, a packed input.
pub const SV_BIT_VEC_INPUT: CTypeDesc = CTypeDesc::Pointer {
    pointee: &SV_BIT_VEC_VAL,
    is_const: true,
};
/// `const uint8_t *`, a packed C argument in host layout.
pub const C_BYTES: CTypeDesc = C_CONST_BYTES;

/// `svLogicVecVal`.
pub const SV_LOGIC_VEC_VAL: CTypeDesc = crate::dpi::logic_vec::SV_LOGIC_VEC_VAL;
/// `const svLogicVecVal *`, a 4-state packed input.
pub const SV_LOGIC_VEC_INPUT: CTypeDesc = CTypeDesc::Pointer {
    pointee: &SV_LOGIC_VEC_VAL,
    is_const: true,
};

/// How a packed struct crosses DPI-C: a 2-state one (`Planes<false>`) as
/// `svBitVecVal` chunks, a 4-state one (`Planes<true>`, a struct with a
/// `logic` field) as `svLogicVecVal` chunks (Annex H.7.7).
#[derive(Debug)]
pub struct Planes<const FOUR_STATE: bool>;

/// The chunks of a packed struct for `Planes<FOUR_STATE>`.
pub trait PickPlanes<T: PackedStruct> {
    /// What an input points to and an output or inout cell is.
    type Cell: Copy;
    /// `svBitVecVal` or `svLogicVecVal`.
    const C_CELL: CTypeDesc;
    /// `const svBitVecVal *` or `const svLogicVecVal *`.
    const C_INPUT: CTypeDesc;
    /// The value's chunks.
    fn encode(value: &T) -> Self::Cell;
    /// The value of chunks from the simulator (bits above the width
    /// ignored).
    fn decode(cell: &Self::Cell) -> T;
}

impl<T: PackedStruct> PickPlanes<T> for Planes<false> {
    type Cell = T::Chunks;
    const C_CELL: CTypeDesc = SV_BIT_VEC_VAL;
    const C_INPUT: CTypeDesc = SV_BIT_VEC_INPUT;
    fn encode(value: &T) -> T::Chunks {
        value.to_sv_chunks()
    }
    fn decode(cell: &T::Chunks) -> T {
        T::from_sv_chunks(cell)
    }
}

impl<T: PackedStruct> PickPlanes<T> for Planes<true> {
    type Cell = <T::Chunks as ChunkArray>::Logic;
    const C_CELL: CTypeDesc = SV_LOGIC_VEC_VAL;
    const C_INPUT: CTypeDesc = SV_LOGIC_VEC_INPUT;
    fn encode(value: &T) -> Self::Cell {
        value.to_sv_logic_chunks()
    }
    fn decode(cell: &Self::Cell) -> T {
        T::from_sv_logic_chunks(cell)
    }
}

/// Compile-time check (the boundary macro evaluates it for every packed
/// type it makes passable) that a packed type's parts agree: each member
/// the SystemVerilog package declares (a field's `Packed::SV_TYPE`) has
/// the field's width (`field_widths`, each field's `Packed::WIDTH`, which
/// the derive passes; without them, the members add up to the struct's
/// width or, in a union, each has it), the description says the type's
/// width and state, and the buffers have its size. `Packed` is a safe
/// trait: a field type whose `SV_TYPE` declared another width than its
/// `WIDTH` would have the package declare another struct than the shims
/// read and write, and they would write past the cell the simulator
/// allocates. Not public API.
#[doc(hidden)]
pub const fn check_consistent<T: PackedStruct>(field_widths: &[u32]) {
    let width = T::WIDTH;
    let desc = T::DESC;
    assert!(
        desc.width == width && desc.four_state == T::FOUR_STATE,
        "a packed type's description (`PackedStruct::DESC`) gives another width or state than `Packed::WIDTH` and `Packed::FOUR_STATE`"
    );
    let by_field = field_widths.len() == desc.fields.len();
    let mut declared = 0u64;
    let mut k = 0;
    while k < desc.fields.len() {
        let Some(field) = desc.fields[k].sv_type.packed_width() else {
            panic!(
                "a field's SystemVerilog type (`Packed::SV_TYPE`) is not integral: it cannot be a member of a packed struct"
            );
        };
        if by_field {
            assert!(
                field == field_widths[k],
                "a field type's SystemVerilog type (`Packed::SV_TYPE`) declares another width than its `Packed::WIDTH`: the generated package would declare a struct of another width than the shims read and write; make the field type's `SV_TYPE` declare its `WIDTH` bits"
            );
        } else {
            assert!(
                !desc.union || field == width,
                "a member's SystemVerilog type (`Packed::SV_TYPE`) declares another width than the union's `Packed::WIDTH`"
            );
        }
        declared += field as u64;
        k += 1;
    }
    assert!(
        desc.union || declared == width as u64,
        "the fields' SystemVerilog types (`Packed::SV_TYPE`) add up to another width than the struct's `Packed::WIDTH`"
    );
    assert!(
        size_of::<T::Bytes>() == width.div_ceil(8) as usize
            && size_of::<T::Words>() == 8 * width.div_ceil(64) as usize
            && <T::Chunks as ChunkArray>::LEN == width.div_ceil(32) as usize,
        "a packed type's buffers (`PackedStruct::Bytes`, `Words`, `Chunks`) are not sized for its width"
    );
}

/// Read a DPI input of either kind: a pointer to the chunks.
///
/// # Safety
///
/// A non-NULL `raw` points to `ceil(WIDTH / 32)` chunks of the kind `P`
/// names (Annex H).
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub unsafe fn from_planes_input<T: PackedStruct, P: PickPlanes<T>>(
    raw: *const P::Cell,
) -> Result<T, ArgError> {
    check_pointer(raw)?;
    // SAFETY: non-NULL and aligned (checked); the chunks by the contract.
    Ok(P::decode(&unsafe { raw.read() }))
}

/// The one-chunk result of a value of at most 32 bits.
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub fn to_dpi_result<T: PackedStruct>(value: &T) -> u32 {
    value.to_sv_chunks().as_slice()[0]
}

/// A value from a one-chunk result (bits above the width ignored).
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub fn from_dpi_result<T: PackedStruct>(raw: u32) -> T {
    let mut chunks = T::Chunks::ZERO;
    chunks.as_mut_slice()[0] = raw;
    T::from_sv_chunks(&chunks)
}

/// Read a C argument: `const uint8_t *` to `ceil(WIDTH / 8)` host-order
/// bytes.
///
/// # Safety
///
/// A non-NULL `raw` points to that many readable bytes.
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub unsafe fn from_c_bytes<T: PackedStruct>(raw: *const u8) -> Result<T, ArgError> {
    if raw.is_null() {
        return Err(ArgError::Null);
    }
    let mut bytes = <T::Bytes as super::FixedBuffer<u8>>::ZERO;
    let len = c_bytes_len::<T>();
    // SAFETY: non-NULL (checked); `len` readable bytes by the contract;
    // bytes need no alignment and `bytes` is a distinct local buffer.
    unsafe { core::ptr::copy_nonoverlapping(raw, bytes.as_mut().as_mut_ptr(), len) };
    Ok(T::from_le_bytes(&bytes))
}

/// The bytes [`from_c_bytes`] reads, `ceil(WIDTH / 8)`.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn c_bytes_len<T: PackedStruct>() -> usize {
    <T::Bytes as super::FixedBuffer<u8>>::ZERO.as_ref().len()
}

/// The bytes a C argument of [`from_c_bytes`] is read from, for the overlap
/// check of the shims ([`crate::c::CParam::checked_borrow`]): the value is a
/// copy, but it is copied out of memory C owns, and a `&mut` argument over
/// the same bytes would be undefined behaviour while they are read. NULL is
/// the error `from_c_bytes` gives.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
pub fn c_bytes_borrow<T: PackedStruct>(raw: *const u8) -> Result<Option<Borrow>, ArgError> {
    if raw.is_null() {
        return Err(ArgError::Null);
    }
    Ok(NonZeroUsize::new(c_bytes_len::<T>()).map(|len| Borrow::of_checked(raw, len, false)))
}

/// Read a `#[derive(Packed)]` struct or union element of an open array in
/// canonical form (2-state or 4-state, as the type is). Not public API:
/// the derive's `OpenArrayElement` implementation.
///
/// # Safety
///
/// As [`OpenArrayElement::read`](crate::dpi::OpenArrayElement::read), for an array whose elements are `T`'s
/// SystemVerilog type.
#[doc(hidden)]
pub unsafe fn read_packed_element<T: PackedStruct>(
    handle: *mut core::ffi::c_void,
    index: &[i32],
) -> T {
    if T::FOUR_STATE {
        // SAFETY: the caller's contract; `T::Chunks` holds `T`'s width.
        T::from_sv_logic_chunks(&unsafe {
            crate::dpi::open_array::read_logic_chunks::<T::Chunks>(handle, index)
        })
    } else {
        // SAFETY: as above.
        T::from_sv_chunks(&unsafe {
            crate::dpi::open_array::read_bit_chunks::<T::Chunks>(handle, index)
        })
    }
}

/// Write a `#[derive(Packed)]` element (see [`read_packed_element`]). Not
/// public API.
///
/// # Safety
///
/// As [`OpenArrayElement::write`](crate::dpi::OpenArrayElement::write).
#[doc(hidden)]
pub unsafe fn write_packed_element<T: PackedStruct>(
    handle: *mut core::ffi::c_void,
    index: &[i32],
    value: T,
) {
    if T::FOUR_STATE {
        // SAFETY: the caller's contract.
        unsafe {
            crate::dpi::open_array::write_logic_chunks::<T::Chunks>(
                handle,
                index,
                &value.to_sv_logic_chunks(),
            )
        }
    } else {
        // SAFETY: as above.
        unsafe { crate::dpi::open_array::write_bit_chunks(handle, index, &value.to_sv_chunks()) }
    }
}

/// `Planes<true>` for a 4-state packed struct, `Planes<false>` otherwise.
/// Not a public API.
#[doc(hidden)]
#[macro_export]
macro_rules! __packed_planes {
    ($t:ty) => {
        $crate::__private::packed_passing::Planes<{ <$t as $crate::packed::Packed>::FOUR_STATE }>
    };
}

/// `DpiType`, `DpiResult`, `DpiExportResult` and `CParam` for a
/// `#[derive(Packed)]` struct. Not a public API.
#[doc(hidden)]
#[macro_export]
macro_rules! __packed_struct_boundary {
    ($t:ty) => {
        $crate::__packed_struct_boundary!($t, []);
    };
    // `widths`: each field's `Packed::WIDTH`, in declaration order.
    ($t:ty, [$($width:expr),* $(,)?]) => {
        // What the `unsafe impl`s below rely on, checked at compile time.
        const _: () = $crate::__private::packed_passing::check_consistent::<$t>(&[$($width),*]);
        // SAFETY: a packed struct holds bits, no borrow.
        unsafe impl<'call> $crate::BorrowedFor<'call> for $t {}
        // SAFETY: a packed struct passes like `bit [W-1:0]` (Annex H.7.7):
        // inputs are `const svBitVecVal *` to `ceil(W/32)` chunks, outputs
        // and inouts `svBitVecVal *` to as many, which `Chunks`
        // (`[u32; ceil(W/32)]`) is; NULL and misaligned inputs are rejected
        // and bits above W ignored.
        unsafe impl $crate::__private::DpiType for $t {
            const SV_TYPE: $crate::__private::SvType = <$t as $crate::packed::Packed>::SV_TYPE;
            type Input = *const <$crate::__packed_planes!($t) as $crate::__private::packed_passing::PickPlanes<$t>>::Cell;
            const C_INPUT: $crate::__private::CTypeDesc =
                <$crate::__packed_planes!($t) as $crate::__private::packed_passing::PickPlanes<$t>>::C_INPUT;
            type Cell = <$crate::__packed_planes!($t) as $crate::__private::packed_passing::PickPlanes<$t>>::Cell;
            const C_CELL: $crate::__private::CTypeDesc =
                <$crate::__packed_planes!($t) as $crate::__private::packed_passing::PickPlanes<$t>>::C_CELL;
            fn initial() -> Self {
                <$t as $crate::packed::PackedStruct>::from_u64(0)
            }
            unsafe fn from_input(
                raw: Self::Input,
            ) -> ::core::result::Result<Self, $crate::__private::ArgError> {
                // SAFETY: forwarded; the simulator passes the chunks.
                unsafe {
                    $crate::__private::packed_passing::from_planes_input::<$t, $crate::__packed_planes!($t)>(raw)
                }
            }
            unsafe fn from_cell(
                cell: Self::Cell,
            ) -> ::core::result::Result<Self, $crate::__private::ArgError> {
                ::core::result::Result::Ok(
                    <$crate::__packed_planes!($t) as $crate::__private::packed_passing::PickPlanes<$t>>::decode(&cell),
                )
            }
            fn to_cell(self) -> Self::Cell {
                <$crate::__packed_planes!($t) as $crate::__private::packed_passing::PickPlanes<$t>>::encode(&self)
            }
        }
        // SAFETY: a value type: `f` receives the C argument of the type
        // `DpiType::Input` declares, valid while it runs.
        unsafe impl $crate::__private::DpiValue for $t {
            fn with_input<R>(&self, f: impl FnOnce(Self::Input) -> R) -> R {
                let chunks =
                    <$crate::__packed_planes!($t) as $crate::__private::packed_passing::PickPlanes<$t>>::encode(self);
                f(&chunks)
            }
        }
        // SAFETY: packed bits, the same in both DPI-C flavours.
        unsafe impl $crate::dpi::SameInBothFlavours for $t {}
        // SAFETY: elements of `T`'s packed type, copied in canonical form
        // with the standard's functions (as `Bits<N>`/`LogicVec<N>` are).
        unsafe impl $crate::dpi::OpenArrayElement for $t {
            const SV_TYPE: $crate::__private::SvType = <$t as $crate::packed::Packed>::SV_TYPE;
            type CLayout = <$t as $crate::packed::PackedStruct>::Chunks;
            const C_LAYOUT: bool = false;
            unsafe fn read(handle: *mut ::core::ffi::c_void, index: &[i32]) -> Self {
                // SAFETY: forwarded; the caller's contract.
                unsafe { $crate::__private::packed_passing::read_packed_element::<$t>(handle, index) }
            }
            unsafe fn write(handle: *mut ::core::ffi::c_void, index: &[i32], value: Self) {
                // SAFETY: forwarded; the caller's contract.
                unsafe { $crate::__private::packed_passing::write_packed_element::<$t>(handle, index, value) }
            }
        }
        // Packed results exist only with Verilator's ABI.
        $crate::__packed_struct_result!($t);
        // SAFETY: C passes `const uint8_t *` to `ceil(W/8)` host-order
        // bytes (the header's contract); NULL is rejected, bytes need no
        // alignment, and every bit pattern is a valid value. The bytes read
        // are the borrow the overlap check sees.
        unsafe impl $crate::__private::CParam for $t {
            fn record() -> $crate::__private::TypeRecord {
                $crate::__private::TypeRecord::of_sv_type(&<$t as $crate::packed::Packed>::SV_TYPE)
            }
            type Raw = *const u8;
            const C_TYPE: $crate::__private::CTypeDesc =
                $crate::__private::packed_passing::C_BYTES;
            const BORROWS: bool = true;
            unsafe fn checked_borrow(
                raw: *const u8,
            ) -> ::core::result::Result<
                ::core::option::Option<$crate::Borrow>,
                $crate::__private::ArgError,
            > {
                $crate::__private::packed_passing::c_bytes_borrow::<$t>(raw)
            }
            unsafe fn from_c(
                raw: *const u8,
            ) -> ::core::result::Result<Self, $crate::__private::ArgError> {
                // SAFETY: forwarded; the caller passes the bytes.
                unsafe { $crate::__private::packed_passing::from_c_bytes::<$t>(raw) }
            }
        }
    };
}

/// `VerilatorResult` and `VerilatorExportResult` for a `#[derive(Packed)]`
/// struct of up to 32 bits (a Verilator extension; Annex H has no packed
/// results). Not a public API.
#[doc(hidden)]
#[macro_export]
macro_rules! __packed_struct_result {
    ($t:ty) => {
        // SAFETY: one `svBitVecVal` by value, as Verilator returns packed
        // values of up to 32 bits; wider and 4-state ones do not compile
        // (`VerilatorResult::REFUSAL`, read from this `SV_TYPE`, which every
        // import and export returning it checks at the result's type).
        unsafe impl $crate::__private::VerilatorResult for $t {
            const SV_TYPE: $crate::__private::SvType = <$t as $crate::packed::Packed>::SV_TYPE;
            type Raw = u32;
            const C_TYPE: $crate::__private::CTypeDesc =
                $crate::__private::packed_passing::SV_BIT_VEC_VAL;
            fn into_c(self) -> u32 {
                $crate::__private::packed_passing::to_dpi_result(&self)
            }
        }
        // SAFETY: any `u32` is accepted; bits above W are ignored.
        unsafe impl $crate::__private::VerilatorExportResult for $t {
            unsafe fn from_raw(raw: u32) -> Self {
                $crate::__private::packed_passing::from_dpi_result(raw)
            }
        }
    };
}
