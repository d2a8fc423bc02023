//! Open arrays `T name[]`: views over an `svOpenArrayHandle`, through the
//! `svdpi.h` query and access functions of the running simulator.
//!
//! Elements are read and written through the standard's functions, never by
//! assuming a layout: C-layout elements (integers, `real`, `shortreal`,
//! `chandle`, `string`) through `svGetArrElemPtr1`, `bit` and `logic` through their scalar
//! accessors (`svGetBitArrElem1`, `svGetLogicArrElem1`), packed elements (`Bits<N>`) through the
//! canonical copies `svGetBitArrElem1VecVal`/`svPutBitArrElem1VecVal`
//! (Verilator's packed open-array elements are not in canonical layout).
//! [`OpenArray::as_slice`] is the fast path when the simulator reports a
//! contiguous C-layout buffer (`svGetArrayPtr`).

use core::cell::Cell;
use core::ffi::c_void;
use core::marker::PhantomData;
use core::ptr::NonNull;
use std::sync::OnceLock;

use core::ffi::{CStr, c_char};

use super::bits::{Bits, ChunkArray};
use super::chandle::{Chandle, ForeignChandle};
use super::logic_vec::{LogicVec, SvLogicVecVal};
use super::runtime::{DpiError, LazySymbol};
use super::string::SvString;
use super::{CallBorrow, Direction, DpiParamDecl, DpiType, Logic, SvType};
use crate::argument::{ArgError, Borrow};
use crate::model::c::{CScalar, CTypeDesc};
use crate::sealed::Sealed;

/// The `svdpi.h` open-array functions, resolved once. The element
/// accessors come in one-, two- and three-index forms (`...1`, `...2`,
/// `...3`), which bound open arrays to three unpacked dimensions.
struct Api {
    left: unsafe extern "C" fn(*mut c_void, i32) -> i32,
    right: unsafe extern "C" fn(*mut c_void, i32) -> i32,
    low: unsafe extern "C" fn(*mut c_void, i32) -> i32,
    high: unsafe extern "C" fn(*mut c_void, i32) -> i32,
    size: unsafe extern "C" fn(*mut c_void, i32) -> i32,
    increment: unsafe extern "C" fn(*mut c_void, i32) -> i32,
    dimensions: unsafe extern "C" fn(*mut c_void) -> i32,
    array_ptr: unsafe extern "C" fn(*mut c_void) -> *mut c_void,
    size_of_array: unsafe extern "C" fn(*mut c_void) -> i32,
    element_ptr1: unsafe extern "C" fn(*mut c_void, i32) -> *mut c_void,
    element_ptr2: unsafe extern "C" fn(*mut c_void, i32, i32) -> *mut c_void,
    element_ptr3: unsafe extern "C" fn(*mut c_void, i32, i32, i32) -> *mut c_void,
    get_bits1: unsafe extern "C" fn(*mut u32, *mut c_void, i32),
    get_bits2: unsafe extern "C" fn(*mut u32, *mut c_void, i32, i32),
    get_bits3: unsafe extern "C" fn(*mut u32, *mut c_void, i32, i32, i32),
    put_bits1: unsafe extern "C" fn(*mut c_void, *const u32, i32),
    put_bits2: unsafe extern "C" fn(*mut c_void, *const u32, i32, i32),
    put_bits3: unsafe extern "C" fn(*mut c_void, *const u32, i32, i32, i32),
    get_logic1: unsafe extern "C" fn(*mut SvLogicVecVal, *mut c_void, i32),
    get_logic2: unsafe extern "C" fn(*mut SvLogicVecVal, *mut c_void, i32, i32),
    get_logic3: unsafe extern "C" fn(*mut SvLogicVecVal, *mut c_void, i32, i32, i32),
    put_logic1: unsafe extern "C" fn(*mut c_void, *const SvLogicVecVal, i32),
    put_logic2: unsafe extern "C" fn(*mut c_void, *const SvLogicVecVal, i32, i32),
    put_logic3: unsafe extern "C" fn(*mut c_void, *const SvLogicVecVal, i32, i32, i32),
    get_bit1: unsafe extern "C" fn(*mut c_void, i32) -> u8,
    get_bit2: unsafe extern "C" fn(*mut c_void, i32, i32) -> u8,
    get_bit3: unsafe extern "C" fn(*mut c_void, i32, i32, i32) -> u8,
    put_bit1: unsafe extern "C" fn(*mut c_void, u8, i32),
    put_bit2: unsafe extern "C" fn(*mut c_void, u8, i32, i32),
    put_bit3: unsafe extern "C" fn(*mut c_void, u8, i32, i32, i32),
    get_logic_bit1: unsafe extern "C" fn(*mut c_void, i32) -> u8,
    get_logic_bit2: unsafe extern "C" fn(*mut c_void, i32, i32) -> u8,
    get_logic_bit3: unsafe extern "C" fn(*mut c_void, i32, i32, i32) -> u8,
    put_logic_bit1: unsafe extern "C" fn(*mut c_void, u8, i32),
    put_logic_bit2: unsafe extern "C" fn(*mut c_void, u8, i32, i32),
    put_logic_bit3: unsafe extern "C" fn(*mut c_void, u8, i32, i32, i32),
}

/// The `svdpi.h` functions open arrays use (for the simulator's link
/// flags).
pub(crate) const OPEN_ARRAY_SYMBOLS: &[&str] = &[
    "svDimensions",
    "svGetArrElemPtr1",
    "svGetArrElemPtr2",
    "svGetArrElemPtr3",
    "svGetArrayPtr",
    "svGetBitArrElem1",
    "svGetBitArrElem1VecVal",
    "svGetBitArrElem2",
    "svGetBitArrElem2VecVal",
    "svGetBitArrElem3",
    "svGetBitArrElem3VecVal",
    "svGetLogicArrElem1",
    "svGetLogicArrElem1VecVal",
    "svGetLogicArrElem2",
    "svGetLogicArrElem2VecVal",
    "svGetLogicArrElem3",
    "svGetLogicArrElem3VecVal",
    "svHigh",
    "svIncrement",
    "svLeft",
    "svLow",
    "svPutBitArrElem1",
    "svPutBitArrElem1VecVal",
    "svPutBitArrElem2",
    "svPutBitArrElem2VecVal",
    "svPutBitArrElem3",
    "svPutBitArrElem3VecVal",
    "svPutLogicArrElem1",
    "svPutLogicArrElem1VecVal",
    "svPutLogicArrElem2",
    "svPutLogicArrElem2VecVal",
    "svPutLogicArrElem3",
    "svPutLogicArrElem3VecVal",
    "svRight",
    "svSize",
    "svSizeOfArray",
];

/// Calls the one-, two- or three-index form of an accessor with the
/// indices of `$index` (a slice of 1 to 3 `i32`s), after the leading
/// arguments.
macro_rules! by_arity {
    ($index:expr, $f1:expr, $f2:expr, $f3:expr, ($($lead:expr),*)) => {
        match *$index {
            [i] => $f1($($lead,)* i),
            [i, j] => $f2($($lead,)* i, j),
            [i, j, k] => $f3($($lead,)* i, j, k),
            _ => unreachable!("open arrays have 1 to 3 dimensions (checked at compile time)"),
        }
    };
}

impl Api {
    /// `svGetArrElemPtr1/2/3`.
    ///
    /// # Safety
    ///
    /// A live handle, and indices within its bounds.
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    unsafe fn element_ptr(&self, handle: *mut c_void, index: &[i32]) -> *mut c_void {
        // SAFETY: the caller's contract.
        unsafe {
            by_arity!(
                index,
                self.element_ptr1,
                self.element_ptr2,
                self.element_ptr3,
                (handle)
            )
        }
    }

    /// The address of the element at `index`, of `size` bytes: non-NULL,
    /// and inside the buffer the simulator reports (`svGetArrayPtr`,
    /// `svSizeOfArray`) when it reports one. Panics otherwise, naming the
    /// index: an address outside it is a simulator that contradicts
    /// itself (Verilator 5.049 gives every element of a `real` open array
    /// the first one's address and a size of 0 bytes), whose elements
    /// cannot be read right.
    ///
    /// # Safety
    ///
    /// As for [`Api::element_ptr`].
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn checked_element_ptr(
        &self,
        handle: *mut c_void,
        index: &[i32],
        size: usize,
    ) -> *mut c_void {
        // SAFETY: the caller's contract.
        let element = unsafe { self.element_ptr(handle, index) };
        // SAFETY: a live handle.
        let buffer = unsafe { self.buffer(handle) };
        checked_inside(element, index, size, buffer)
    }

    /// The simulator's buffer and its size in bytes (`svGetArrayPtr`,
    /// `svSizeOfArray`); NULL and 0 when it reports none.
    ///
    /// # Safety
    ///
    /// A live handle.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn buffer(&self, handle: *mut c_void) -> (*mut c_void, usize) {
        // SAFETY: a live handle.
        let data = unsafe { (self.array_ptr)(handle) };
        if data.is_null() {
            return (data, 0);
        }
        // SAFETY: a live handle.
        let bytes = usize::try_from(unsafe { (self.size_of_array)(handle) }).unwrap_or(0);
        (data, bytes)
    }
}

/// `element`, the address `svGetArrElemPtr*` gave for `index`, checked as
/// [`Api::checked_element_ptr`] describes against `buffer` (from
/// [`Api::buffer`]): non-NULL, and its `size` bytes inside the buffer when
/// there is one. Panics otherwise, naming the index.
#[cfg_attr(not(abi_core_unoptimised), inline)]
fn checked_inside(
    element: *mut c_void,
    index: &[i32],
    size: usize,
    (data, bytes): (*mut c_void, usize),
) -> *mut c_void {
    if element.is_null() {
        no_address(index)
    }
    if !data.is_null() {
        let offset = element.addr().wrapping_sub(data.addr());
        if element.addr() < data.addr() || offset.saturating_add(size) > bytes {
            outside_buffer(index, bytes)
        }
    }
    element
}

// The panics of `checked_inside`, out of line: the checks stay a few
// compares and branches on every access.
#[cold]
#[inline(never)]
fn no_address(index: &[i32]) -> ! {
    panic!("open array element {index:?} has no address")
}

#[cold]
#[inline(never)]
fn outside_buffer(index: &[i32], bytes: usize) -> ! {
    panic!(
        "open array element {index:?} lies outside the array the simulator reports ({bytes} bytes from svGetArrayPtr): the simulator's svdpi contradicts itself for this element type"
    )
}

// Inlined: the resolved table is one load and test away on every call (a
// table that cannot be resolved panics in `get_or_init`, which leaves the
// cell empty: every call then panics the same way).
#[cfg_attr(not(abi_core_unoptimised), inline)]
fn api() -> &'static Api {
    static API: OnceLock<Api> = OnceLock::new();
    API.get_or_init(|| match resolve_api() {
        Ok(api) => api,
        Err(e) => missing_api(&e),
    })
}

/// The table of `svdpi.h` functions, resolved.
#[cold]
fn resolve_api() -> Result<Api, DpiError> {
    /// The function `symbol` names, as the function pointer type `F`.
    ///
    /// # Safety
    ///
    /// `F` must be the function's exact signature.
    unsafe fn function<F: Copy>(symbol: &'static LazySymbol) -> Result<F, DpiError> {
        const { assert!(size_of::<F>() == size_of::<*mut c_void>()) };
        let address = symbol.get()?.as_ptr();
        // SAFETY: `F` is a function pointer type of the symbol's
        // signature (the caller's contract), the same size as a pointer.
        Ok(unsafe { core::mem::transmute_copy::<*mut c_void, F>(&address) })
    }
    macro_rules! resolve {
        ($name:literal) => {{
            static SYMBOL: LazySymbol = crate::__linked_symbol!($name);
            // SAFETY: svdpi.h declares the function with exactly the
            // signature of the `Api` field it is stored in
            // (`svOpenArrayHandle` is `void *`, `svBitVecVal` is
            // `uint32_t`, `svLogicVecVal` is `SvLogicVecVal`).
            unsafe { function(&SYMBOL) }?
        }};
    }
    Ok(Api {
        left: resolve!("svLeft"),
        right: resolve!("svRight"),
        low: resolve!("svLow"),
        high: resolve!("svHigh"),
        size: resolve!("svSize"),
        increment: resolve!("svIncrement"),
        dimensions: resolve!("svDimensions"),
        array_ptr: resolve!("svGetArrayPtr"),
        size_of_array: resolve!("svSizeOfArray"),
        element_ptr1: resolve!("svGetArrElemPtr1"),
        element_ptr2: resolve!("svGetArrElemPtr2"),
        element_ptr3: resolve!("svGetArrElemPtr3"),
        get_bits1: resolve!("svGetBitArrElem1VecVal"),
        get_bits2: resolve!("svGetBitArrElem2VecVal"),
        get_bits3: resolve!("svGetBitArrElem3VecVal"),
        put_bits1: resolve!("svPutBitArrElem1VecVal"),
        put_bits2: resolve!("svPutBitArrElem2VecVal"),
        put_bits3: resolve!("svPutBitArrElem3VecVal"),
        get_logic1: resolve!("svGetLogicArrElem1VecVal"),
        get_logic2: resolve!("svGetLogicArrElem2VecVal"),
        get_logic3: resolve!("svGetLogicArrElem3VecVal"),
        put_logic1: resolve!("svPutLogicArrElem1VecVal"),
        put_logic2: resolve!("svPutLogicArrElem2VecVal"),
        put_logic3: resolve!("svPutLogicArrElem3VecVal"),
        get_bit1: resolve!("svGetBitArrElem1"),
        get_bit2: resolve!("svGetBitArrElem2"),
        get_bit3: resolve!("svGetBitArrElem3"),
        put_bit1: resolve!("svPutBitArrElem1"),
        put_bit2: resolve!("svPutBitArrElem2"),
        put_bit3: resolve!("svPutBitArrElem3"),
        get_logic_bit1: resolve!("svGetLogicArrElem1"),
        get_logic_bit2: resolve!("svGetLogicArrElem2"),
        get_logic_bit3: resolve!("svGetLogicArrElem3"),
        put_logic_bit1: resolve!("svPutLogicArrElem1"),
        put_logic_bit2: resolve!("svPutLogicArrElem2"),
        put_logic_bit3: resolve!("svPutLogicArrElem3"),
    })
}

#[cold]
#[inline(never)]
fn missing_api(e: &DpiError) -> ! {
    panic!("open arrays need the simulator's svdpi.h functions: {e}")
}

/// An element type of an open array.
///
/// # Safety
///
/// `read`/`write` must access exactly one element of the declared
/// SystemVerilog type through the standard's functions.
pub unsafe trait OpenArrayElement: 'static {
    /// The element's SystemVerilog type.
    const SV_TYPE: SvType;
    /// Whether writing an element hands a string to the simulator
    /// (`SvString`), which the import's shim then frees in a later call (not
    /// public API; no implementation can define it, see `Sealed`).
    #[doc(hidden)]
    const HANDS_OVER_STRINGS: Sealed<bool> = Sealed(false);
    /// Whether an `output` array of these elements is cleared on entry
    /// ([`OpenArrayElement::clear_output`] on every element), because what
    /// the simulator leaves there may not be a valid element (`string`: a
    /// `const char *` that need not point anywhere).
    const CLEARS_OUTPUT: bool = false;
    /// The C type of one element when the simulator keeps them in C layout
    /// (`None` for packed elements, which are only copied canonically).
    type CLayout: Copy;
    /// Whether elements are in C layout (not packed).
    const C_LAYOUT: bool;
    /// Read the element at `index` (one index per dimension, 1 to 3).
    ///
    /// # Safety
    ///
    /// `handle` is a live open-array handle with `index.len()` dimensions
    /// and `index` within its bounds.
    unsafe fn read(handle: *mut c_void, index: &[i32]) -> Self;
    /// Write the element at `index`.
    ///
    /// # Safety
    ///
    /// As for `read`, and the array is writable (output or inout).
    unsafe fn write(handle: *mut c_void, index: &[i32], value: Self);
    /// As `read`, with Verilator's DPI-C ABI (only `shortreal` differs:
    /// Verilator keeps it as a `double`).
    ///
    /// # Safety
    ///
    /// As for `read`, the simulator being Verilator.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn read_verilator(handle: *mut c_void, index: &[i32]) -> Self
    where
        Self: Sized,
    {
        // SAFETY: forwarded.
        unsafe { Self::read(handle, index) }
    }
    /// As `write`, with Verilator's DPI-C ABI.
    ///
    /// # Safety
    ///
    /// As for `write`, the simulator being Verilator.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn write_verilator(handle: *mut c_void, index: &[i32], value: Self)
    where
        Self: Sized,
    {
        // SAFETY: forwarded.
        unsafe { Self::write(handle, index, value) }
    }
    /// Make the element at `index` of an `output` array a valid element
    /// before the function sees it (only called when
    /// [`OpenArrayElement::CLEARS_OUTPUT`] is set).
    ///
    /// # Safety
    ///
    /// As for `write`.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn clear_output(handle: *mut c_void, index: &[i32]) {
        let _ = (handle, index);
    }
    /// The bytes of one element slot when the views read and write it by
    /// address themselves (`[standard's ABI, Verilator's]`), with
    /// [`OpenArrayElement::read_slot`] and [`OpenArrayElement::write_slot`]
    /// at an address they checked against the simulator's buffer (which a
    /// writable view keeps for the call); `[0, 0]`, the default, when
    /// elements go through `read` and `write` (`string`, single-bit,
    /// packed and enum elements, and every type outside abi-core). Not
    /// public API; no implementation can define it, see `Sealed`.
    #[doc(hidden)]
    const SLOT_BYTES: Sealed<[usize; 2]> = Sealed([0, 0]);
    /// Read the element whose slot is at `element` (only called when
    /// `SLOT_BYTES` is non-zero for the flavour, `verilator`).
    ///
    /// # Safety
    ///
    /// `element` is the address of a live element slot of this type, of
    /// `SLOT_BYTES` bytes, for the flavour.
    #[doc(hidden)]
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn read_slot(element: *mut c_void, index: &[i32], verilator: bool) -> Self
    where
        Self: Sized,
    {
        let _ = (element, verilator);
        unreachable!("open array element {index:?}: no slot access for this element type")
    }
    /// Write the element whose slot is at `element`.
    ///
    /// # Safety
    ///
    /// As for `read_slot`, and the slot is writable.
    #[doc(hidden)]
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn write_slot(element: *mut c_void, verilator: bool, value: Self)
    where
        Self: Sized,
    {
        let _ = (element, verilator, value);
        unreachable!("no slot access for this element type")
    }
}

macro_rules! c_layout_elements {
    ($([$($generics:tt)*] $t:ty),* $(,)?) => {$(
        // SAFETY: elements of these types are in C layout (Annex H.7.3);
        // `svGetArrElemPtr1` gives the address of one, checked non-NULL.
        unsafe impl<$($generics)*> OpenArrayElement for $t {
            const SV_TYPE: SvType = <$t as DpiType>::SV_TYPE;
            type CLayout = <$t as DpiType>::Cell;
            const C_LAYOUT: bool = true;
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            unsafe fn read(handle: *mut c_void, index: &[i32]) -> Self {
                // SAFETY: live handle of elements of this C type, index in
                // bounds (the caller's contract).
                let cell = unsafe { read_element::<<$t as DpiType>::Cell>(handle, index) };
                // SAFETY: a cell of this type from the simulator.
                match unsafe { <$t as DpiType>::from_cell(cell) } {
                    Ok(value) => value,
                    Err(error) => panic!("open array element {index:?}: {error}"),
                }
            }
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            unsafe fn write(handle: *mut c_void, index: &[i32], value: Self) {
                let cell = <$t as DpiType>::to_cell(value);
                // SAFETY: as in `read`, writable.
                unsafe { write_element::<<$t as DpiType>::Cell>(handle, index, cell) };
            }
            const SLOT_BYTES: Sealed<[usize; 2]> = Sealed(
                [size_of::<<$t as DpiType>::Cell>(); 2],
            );
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            unsafe fn read_slot(element: *mut c_void, index: &[i32], _: bool) -> Self {
                // SAFETY: the address of a live cell of this C type (the
                // caller's contract).
                let cell = unsafe { element.cast::<<$t as DpiType>::Cell>().read_unaligned() };
                // SAFETY: a cell of this type from the simulator.
                match unsafe { <$t as DpiType>::from_cell(cell) } {
                    Ok(value) => value,
                    Err(error) => panic!("open array element {index:?}: {error}"),
                }
            }
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            unsafe fn write_slot(element: *mut c_void, _: bool, value: Self) {
                let cell = <$t as DpiType>::to_cell(value);
                // SAFETY: the address of a live, writable cell of this C
                // type (the caller's contract).
                unsafe { element.cast::<<$t as DpiType>::Cell>().write_unaligned(cell) };
            }
        }
    )*};
}

c_layout_elements!(
    [] i8,
    [] u8,
    [] i16,
    [] u16,
    [] i32,
    [] u32,
    [] i64,
    [] u64,
    [] f64,
    // `chandle`: one `void *` per element, in both Verilators (seen in
    // 5.006 and 5.049: 8-byte slots, `svSizeOfArray` their total).
    [T: 'static] Chandle<T>,
    [] ForeignChandle,
);

/// The address of the element at `index`, checked to hold a `C`
/// ([`Api::checked_element_ptr`]).
///
/// # Safety
///
/// A live handle of `index.len()` dimensions, `index` within its bounds.
#[cfg_attr(not(abi_core_unoptimised), inline)]
unsafe fn element_of<C>(handle: *mut c_void, index: &[i32]) -> *mut C {
    // SAFETY: the caller's contract.
    unsafe { api().checked_element_ptr(handle, index, size_of::<C>()) }.cast::<C>()
}

/// The C-layout element of type `C` at `index`.
///
/// # Safety
///
/// A live handle of `C` elements and `index.len()` dimensions, `index`
/// within its bounds.
#[cfg_attr(not(abi_core_unoptimised), inline)]
unsafe fn read_element<C>(handle: *mut c_void, index: &[i32]) -> C {
    // SAFETY: the caller's contract.
    let element = unsafe { element_of::<C>(handle, index) };
    // SAFETY: the address of a `C` element (checked in `element_of`).
    unsafe { element.read_unaligned() }
}

/// Write the C-layout element of type `C` at `index`.
///
/// # Safety
///
/// As for [`read_element`], and the array is writable.
#[cfg_attr(not(abi_core_unoptimised), inline)]
unsafe fn write_element<C>(handle: *mut c_void, index: &[i32], value: C) {
    // SAFETY: the caller's contract.
    let element = unsafe { element_of::<C>(handle, index) };
    // SAFETY: the address of a writable `C` element.
    unsafe { element.write_unaligned(value) }
}

// SAFETY: `shortreal` elements are C `float`s (Annex H.7.3) with the
// standard's ABI, and `double`s with Verilator's (5.006 keeps a
// `shortreal` open array as 8-byte slots, as its scalars); each is read
// and written at the address `svGetArrElemPtr*` gives, checked to lie in
// the buffer the simulator reports.
unsafe impl OpenArrayElement for f32 {
    const SV_TYPE: SvType = <f32 as DpiType>::SV_TYPE;
    // The standard's layout: `as_slice` gives no slice of Verilator's
    // `double`s (their size is never that of `len()` floats but for an
    // empty array).
    type CLayout = f32;
    const C_LAYOUT: bool = true;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn read(handle: *mut c_void, index: &[i32]) -> Self {
        // SAFETY: the caller's contract; a `float` element.
        unsafe { read_element::<f32>(handle, index) }
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn write(handle: *mut c_void, index: &[i32], value: Self) {
        // SAFETY: as in `read`, writable.
        unsafe { write_element::<f32>(handle, index, value) }
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn read_verilator(handle: *mut c_void, index: &[i32]) -> Self {
        // SAFETY: the caller's contract; a `double` element in Verilator.
        let value = unsafe { read_element::<f64>(handle, index) };
        value as f32
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn write_verilator(handle: *mut c_void, index: &[i32], value: Self) {
        // SAFETY: as in `read_verilator`, writable.
        unsafe { write_element::<f64>(handle, index, f64::from(value)) }
    }
    const SLOT_BYTES: Sealed<[usize; 2]> = Sealed([size_of::<f32>(), size_of::<f64>()]);
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn read_slot(element: *mut c_void, _: &[i32], verilator: bool) -> Self {
        if verilator {
            // SAFETY: the address of a live `double` slot (the caller's
            // contract, for Verilator's flavour).
            unsafe { element.cast::<f64>().read_unaligned() as f32 }
        } else {
            // SAFETY: the address of a live `float` slot.
            unsafe { element.cast::<f32>().read_unaligned() }
        }
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn write_slot(element: *mut c_void, verilator: bool, value: Self) {
        if verilator {
            // SAFETY: as in `read_slot`, writable.
            unsafe { element.cast::<f64>().write_unaligned(f64::from(value)) }
        } else {
            // SAFETY: as in `read_slot`, writable.
            unsafe { element.cast::<f32>().write_unaligned(value) }
        }
    }
}

/// The empty string an `output string` open array's elements hold until
/// the function writes them.
static EMPTY: &CStr = c"";

// SAFETY: `string` elements are `const char *` (Annex H.7.3), read and
// written at the address `svGetArrElemPtr*` gives. What is read is copied
// (NULL reads as empty); what is written is handed over as an `output
// string`'s text is (`SvString::handed_over`: alive until the simulator
// copied it). An output array's elements are first set to a static empty
// string, so nothing reads a pointer the simulator left unset.
unsafe impl OpenArrayElement for SvString {
    const SV_TYPE: SvType = <SvString as DpiType>::SV_TYPE;
    const HANDS_OVER_STRINGS: Sealed<bool> = Sealed(true);
    const CLEARS_OUTPUT: bool = true;
    type CLayout = *const c_char;
    const C_LAYOUT: bool = true;
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn read(handle: *mut c_void, index: &[i32]) -> Self {
        // SAFETY: the caller's contract: a live string element.
        let text = unsafe { read_string(handle, index) };
        SvString::from(text)
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn write(handle: *mut c_void, index: &[i32], value: Self) {
        // SAFETY: the caller's contract; a writable `const char *` element,
        // pointed at text kept alive for the simulator.
        unsafe { write_element::<*const c_char>(handle, index, value.handed_over()) }
    }
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn clear_output(handle: *mut c_void, index: &[i32]) {
        // SAFETY: as in `write`; a static string.
        unsafe { write_element::<*const c_char>(handle, index, EMPTY.as_ptr()) }
    }
}

/// The string element at `index`, borrowed: the simulator's text (alive
/// for the call, Annex H) or one Rust handed over (alive until a later
/// import call frees it); NULL reads as empty.
///
/// # Safety
///
/// A live handle of string elements, `index` within its bounds, the
/// element a valid `const char *` or NULL (an output array's are, once
/// cleared).
unsafe fn read_string<'a>(handle: *mut c_void, index: &[i32]) -> &'a CStr {
    // SAFETY: the caller's contract.
    let text = unsafe { read_element::<*const c_char>(handle, index) };
    if text.is_null() {
        EMPTY
    } else {
        // SAFETY: a NUL-terminated string alive for the call (above).
        unsafe { CStr::from_ptr(text) }
    }
}

/// Single-bit elements (`bit name[]`, `logic name[]`) go through the
/// standard's scalar accessors (`svGet/PutBitArrElem1..3`,
/// `svGet/PutLogicArrElem1..3`), which every simulator answers: an
/// element's address (`svGetArrElemPtr*`) is given only for arrays the
/// simulator keeps in the standard's C layout, and Verilator keeps
/// neither (it answers NULL, issue #34). [`OpenArray::as_slice`] still
/// gives the `svBit`/`svLogic` bytes where a simulator has such a buffer.
macro_rules! single_bit_element {
    ($t:ty, [$get1:ident, $get2:ident, $get3:ident], [$put1:ident, $put2:ident, $put3:ident]) => {
        // SAFETY: one `svBit`/`svLogic` per element, read and written with
        // the standard's scalar accessors; every byte read converts (only
        // its low bits count, as for a scalar argument).
        unsafe impl OpenArrayElement for $t {
            const SV_TYPE: SvType = <$t as DpiType>::SV_TYPE;
            type CLayout = <$t as DpiType>::Cell;
            const C_LAYOUT: bool = true;
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            unsafe fn read(handle: *mut c_void, index: &[i32]) -> Self {
                let api = api();
                // SAFETY: live handle, index in bounds (the caller's
                // contract).
                let raw = unsafe { by_arity!(index, api.$get1, api.$get2, api.$get3, (handle)) };
                // SAFETY: an `svBit`/`svLogic` from the simulator; the
                // conversion accepts every byte.
                match unsafe { <$t as DpiType>::from_cell(raw) } {
                    Ok(value) => value,
                    Err(error) => panic!("open array element {index:?}: {error}"),
                }
            }
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            unsafe fn write(handle: *mut c_void, index: &[i32], value: Self) {
                let api = api();
                let raw: u8 = <$t as DpiType>::to_cell(value);
                // SAFETY: live, writable handle, index in bounds.
                unsafe { by_arity!(index, api.$put1, api.$put2, api.$put3, (handle, raw)) };
            }
        }
    };
}

single_bit_element!(
    bool,
    [get_bit1, get_bit2, get_bit3],
    [put_bit1, put_bit2, put_bit3]
);
single_bit_element!(
    Logic,
    [get_logic_bit1, get_logic_bit2, get_logic_bit3],
    [put_logic_bit1, put_logic_bit2, put_logic_bit3]
);

/// The canonical 2-state chunks of the packed element at `index`
/// (`svGetBitArrElem1..3VecVal`).
///
/// # Safety
///
/// `handle` is a live open-array handle of packed elements of `C::LEN`
/// chunks, with `index.len()` dimensions and `index` within its bounds.
pub(crate) unsafe fn read_bit_chunks<C: ChunkArray>(handle: *mut c_void, index: &[i32]) -> C {
    let api = api();
    let mut chunks = C::ZERO;
    let out = chunks.as_mut_slice().as_mut_ptr();
    // SAFETY: the caller's contract; `chunks` has room for the element's
    // canonical form.
    unsafe {
        by_arity!(
            index,
            api.get_bits1,
            api.get_bits2,
            api.get_bits3,
            (out, handle)
        )
    };
    chunks
}

/// Write the packed element at `index` from canonical 2-state chunks
/// (`svPutBitArrElem1..3VecVal`).
///
/// # Safety
///
/// As for [`read_bit_chunks`], and the array is writable.
pub(crate) unsafe fn write_bit_chunks<C: ChunkArray>(
    handle: *mut c_void,
    index: &[i32],
    chunks: &C,
) {
    let api = api();
    let chunks = chunks.as_slice().as_ptr();
    // SAFETY: the caller's contract.
    unsafe {
        by_arity!(
            index,
            api.put_bits1,
            api.put_bits2,
            api.put_bits3,
            (handle, chunks)
        )
    };
}

/// The canonical 4-state chunks of the packed element at `index`
/// (`svGetLogicArrElem1..3VecVal`).
///
/// # Safety
///
/// As for [`read_bit_chunks`].
pub(crate) unsafe fn read_logic_chunks<C: ChunkArray>(
    handle: *mut c_void,
    index: &[i32],
) -> C::Logic {
    let api = api();
    let mut chunks = C::LOGIC_ZERO;
    let out = chunks.as_mut().as_mut_ptr();
    // SAFETY: the caller's contract; `chunks` has room for the element's
    // canonical form.
    unsafe {
        by_arity!(
            index,
            api.get_logic1,
            api.get_logic2,
            api.get_logic3,
            (out, handle)
        )
    };
    chunks
}

/// Write the packed element at `index` from canonical 4-state chunks
/// (`svPutLogicArrElem1..3VecVal`).
///
/// # Safety
///
/// As for [`write_bit_chunks`].
pub(crate) unsafe fn write_logic_chunks<C: ChunkArray>(
    handle: *mut c_void,
    index: &[i32],
    chunks: &C::Logic,
) {
    let api = api();
    let chunks = chunks.as_ref().as_ptr();
    // SAFETY: the caller's contract.
    unsafe {
        by_arity!(
            index,
            api.put_logic1,
            api.put_logic2,
            api.put_logic3,
            (handle, chunks)
        )
    };
}

// SAFETY: packed elements are copied in canonical form with the standard's
// functions, into and from `ceil(N/32)` chunks.
unsafe impl<const N: u32, C: ChunkArray> OpenArrayElement for Bits<N, C> {
    const SV_TYPE: SvType = <Self as DpiType>::SV_TYPE;
    type CLayout = C;
    const C_LAYOUT: bool = false;
    unsafe fn read(handle: *mut c_void, index: &[i32]) -> Self {
        // SAFETY: the caller's contract; `C` is this width's chunk array.
        Bits::from_chunks(unsafe { read_bit_chunks::<C>(handle, index) })
    }
    unsafe fn write(handle: *mut c_void, index: &[i32], value: Self) {
        // SAFETY: as in `read`.
        unsafe { write_bit_chunks(handle, index, value.chunks()) }
    }
}

// SAFETY: 4-state packed elements are copied in canonical form with the
// standard's functions (`svGet/PutLogicArrElem*VecVal`), into and from
// `ceil(N/32)` `svLogicVecVal` chunks; the bits above N are masked.
unsafe impl<const N: u32, C: ChunkArray> OpenArrayElement for LogicVec<N, C>
where
    C::Logic: AsRef<[SvLogicVecVal]> + AsMut<[SvLogicVecVal]>,
{
    const SV_TYPE: SvType = <Self as DpiType>::SV_TYPE;
    type CLayout = C::Logic;
    const C_LAYOUT: bool = false;
    unsafe fn read(handle: *mut c_void, index: &[i32]) -> Self {
        // SAFETY: the caller's contract; `C` is this width's chunk array.
        LogicVec::from_chunks(&unsafe { read_logic_chunks::<C>(handle, index) })
    }
    unsafe fn write(handle: *mut c_void, index: &[i32], value: Self) {
        // SAFETY: as in `read`.
        unsafe { write_logic_chunks::<C>(handle, index, &value.to_chunks()) }
    }
}

/// An `input T name[]` open array: a read-only view, valid for the call.
///
/// `D` is the number of unpacked dimensions, 1 (the default) to 3:
/// `OpenArray<'_, i32, 2>` is `input int name[][]`. Indices are
/// SystemVerilog's, per dimension from `low_of(d)` to `high_of(d)`.
///
/// A shared view, `Copy`, whose slice ([`OpenArray::as_slice`]) lives as
/// long as the view: nothing writes the array meanwhile, since an import's
/// writable open-array arguments over the same memory are refused at the
/// boundary (an abort naming both), and the shared views of a writable
/// array ([`OpenArrayMut::view`]) borrow it.
#[derive(Debug)]
pub struct OpenArray<'a, T: OpenArrayElement, const D: usize = 1> {
    handle: NonNull<c_void>,
    /// Whether the function has Verilator's DPI-C flavour (its elements
    /// are read and written with `read_verilator`/`write_verilator`).
    verilator: bool,
    _marker: PhantomData<(&'a (), T)>,
}

// Not derived: a view is `Copy` whatever its element (`SvString` is not).
impl<T: OpenArrayElement, const D: usize> Clone for OpenArray<'_, T, D> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: OpenArrayElement, const D: usize> Copy for OpenArray<'_, T, D> {}

/// An `inout T name[]` open array (`D` dimensions, as for [`OpenArray`]):
/// read and write, valid for the call.
///
/// Writing takes `&mut self`, and everything read from it borrows `self`
/// (it has the read methods of [`OpenArray`], but none returns data that
/// outlives the borrow), so a slice or a shared view cannot be held across
/// a write:
///
/// ```compile_fail,E0502
/// use abi_core::dpi::OpenArrayMut;
///
/// fn stale(mut values: OpenArrayMut<'_, i32>) -> i32 {
///     let slice = values.as_slice().unwrap();
///     values.set(3, 1); // `values` is still borrowed by `slice`
///     slice[0]
/// }
/// ```
///
/// [`OpenArrayMut::into_view`] gives up writing for a shared view of the
/// whole call.
#[derive(Debug)]
pub struct OpenArrayMut<'a, T: OpenArrayElement, const D: usize = 1> {
    view: OpenArray<'a, T, D>,
    /// What the view has asked the simulator, kept for the call. (A
    /// panic cannot leave a `Cell` of a `Copy` answer half-written, so the
    /// view stays unwind-safe as it was before it kept answers.)
    known: core::panic::AssertUnwindSafe<Known<D>>,
}

/// What a writable view learns of its array once and keeps for the call:
/// each dimension's bounds (`svLow`, `svHigh`) and the simulator's buffer
/// (`svGetArrayPtr`, `svSizeOfArray`), each asked the first time it is
/// needed, and the address of the element it last read or wrote. None of
/// them changes while the import runs: the simulator waits for it, and
/// [`OpenArray::as_slice`] already lends the buffer for the whole call. A
/// shared view is `Copy`, so it cannot keep answers (a `Cell` is not
/// `Copy`) and asks each time.
#[derive(Debug)]
struct Known<const D: usize> {
    bounds: [Cell<Option<[i32; 2]>>; D],
    buffer: Cell<Option<(*mut c_void, usize)>>,
    /// The index last read or written by address, and its checked slot
    /// (`svGetArrElemPtr*` answers the same address for an index all
    /// call long, as the buffer stays).
    last_slot: Cell<Option<([i32; D], *mut c_void)>>,
}

impl<const D: usize> Known<D> {
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn new() -> Self {
        Known {
            bounds: core::array::from_fn(|_| Cell::new(None)),
            buffer: Cell::new(None),
            last_slot: Cell::new(None),
        }
    }
}

/// An `output T name[]` open array (`D` dimensions, as for [`OpenArray`]):
/// the callee fills it. It writes like an [`OpenArrayMut`] (which it
/// dereferences to, with the same borrows); what it reads before writing an
/// element is whatever the simulator's array held (Annex H leaves an
/// output's value on entry to the simulator), never memory outside the
/// array.
#[derive(Debug)]
pub struct OpenArrayOut<'a, T: OpenArrayElement, const D: usize = 1> {
    array: OpenArrayMut<'a, T, D>,
}

// No `Clone`/`Copy` for the writable views, and no `Deref` to an
// `OpenArray<'a, ..>`: either would hand out a shared view, or a second
// writer, not tied to the borrow of the one that writes.
impl<'a, T: OpenArrayElement, const D: usize> core::ops::Deref for OpenArrayOut<'a, T, D> {
    type Target = OpenArrayMut<'a, T, D>;
    fn deref(&self) -> &OpenArrayMut<'a, T, D> {
        &self.array
    }
}

impl<'a, T: OpenArrayElement, const D: usize> core::ops::DerefMut for OpenArrayOut<'a, T, D> {
    fn deref_mut(&mut self) -> &mut OpenArrayMut<'a, T, D> {
        &mut self.array
    }
}

impl<'a, T: OpenArrayElement, const D: usize> OpenArrayOut<'a, T, D> {
    /// Stop writing: a shared view for the rest of the call.
    pub fn into_view(self) -> OpenArray<'a, T, D> {
        self.array.into_view()
    }
}

impl<'a, T: OpenArrayElement, const D: usize> OpenArray<'a, T, D> {
    fn raw(&self) -> *mut c_void {
        self.handle.as_ptr()
    }

    /// The view of `handle` for a function of the standard's flavour, or
    /// of Verilator's (`verilator`).
    fn new(handle: NonNull<c_void>, verilator: bool) -> Self {
        OpenArray {
            handle,
            verilator,
            _marker: PhantomData,
        }
    }

    /// Read the element at `index`.
    ///
    /// # Safety
    ///
    /// `index` within the bounds.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn read(&self, index: &[i32]) -> T {
        if self.verilator {
            // SAFETY: a live handle with D dimensions, of a Verilator-
            // flavoured function; the caller's contract.
            unsafe { T::read_verilator(self.raw(), index) }
        } else {
            // SAFETY: a live handle with D dimensions; the caller's
            // contract.
            unsafe { T::read(self.raw(), index) }
        }
    }

    /// Write the element at `index`.
    ///
    /// # Safety
    ///
    /// `index` within the bounds, the array writable.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn write(&self, index: &[i32], value: T) {
        if self.verilator {
            // SAFETY: as in `read`.
            unsafe { T::write_verilator(self.raw(), index, value) }
        } else {
            // SAFETY: as in `read`.
            unsafe { T::write(self.raw(), index, value) }
        }
    }

    /// One bound query of dimension `dimension`: 1 to `D` the unpacked
    /// dimensions, 0 the element's packed one (IEEE 1800 H.12.2).
    fn query(
        &self,
        function: unsafe extern "C" fn(*mut c_void, i32) -> i32,
        dimension: usize,
    ) -> i32 {
        assert!(
            (0..=D).contains(&dimension),
            "dimension {dimension} of an open array with {D} unpacked dimensions (0 is the element's packed dimension)"
        );
        // SAFETY: a live handle for the call; the dimension exists (the
        // formal has D unpacked dimensions).
        unsafe { function(self.raw(), dimension as i32) }
    }

    /// The low and high index of dimension `dimension` (1 to `D`), from
    /// `known` or asked once.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn bounds_in(&self, known: Option<&Known<D>>, dimension: usize) -> [i32; 2] {
        let Some(known) = known else {
            return [self.low_of(dimension), self.high_of(dimension)];
        };
        let cell = &known.bounds[dimension - 1];
        if let Some(bounds) = cell.get() {
            return bounds;
        }
        let bounds = [self.low_of(dimension), self.high_of(dimension)];
        cell.set(Some(bounds));
        bounds
    }

    /// The simulator's buffer and its size in bytes, from `known` or asked
    /// once.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn buffer_in(&self, known: Option<&Known<D>>) -> (*mut c_void, usize) {
        let cached = known.and_then(|known| known.buffer.get());
        if let Some(buffer) = cached {
            return buffer;
        }
        // SAFETY: a live handle.
        let buffer = unsafe { api().buffer(self.raw()) };
        if let Some(known) = known {
            known.buffer.set(Some(buffer));
        }
        buffer
    }

    /// As [`OpenArray::contains`], with the bounds from `known`.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn contains_in(&self, known: Option<&Known<D>>, index: &[i32; D]) -> bool {
        index.iter().enumerate().all(|(d, i)| {
            let [low, high] = self.bounds_in(known, d + 1);
            (low..=high).contains(i)
        })
    }

    /// The checked address of the slot of `size` bytes of the element at
    /// `index`, with the buffer from `known`.
    ///
    /// # Safety
    ///
    /// `index` within the bounds.
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    unsafe fn slot_in(
        &self,
        known: Option<&Known<D>>,
        index: &[i32; D],
        size: usize,
    ) -> *mut c_void {
        // The element read or written last: a read-modify-write of one
        // element asks for its address once.
        let Some(known) = known else {
            // A shared view keeps nothing: the address, checked.
            // SAFETY: a live handle, index within the bounds (the caller's
            // contract).
            let element = unsafe { api().element_ptr(self.raw(), index) };
            return checked_inside(element, index, size, self.buffer_in(None));
        };
        match known.last_slot.get() {
            Some((last, element)) if last == *index => element,
            // SAFETY: the caller's contract.
            _ => unsafe { self.new_slot_in(known, index, size) },
        }
    }

    /// [`OpenArray::slot_in`] asking the simulator (out of line, so that
    /// the inlined reuse of the last address saves no registers).
    ///
    /// # Safety
    ///
    /// As for [`OpenArray::slot_in`].
    #[inline(never)]
    unsafe fn new_slot_in(&self, known: &Known<D>, index: &[i32; D], size: usize) -> *mut c_void {
        let api = api();
        // SAFETY: a live handle, index within the bounds (the caller's
        // contract).
        let element = unsafe { api.element_ptr(self.raw(), index) };
        let buffer = match known.buffer.get() {
            Some(buffer) => buffer,
            None => {
                // SAFETY: a live handle.
                let buffer = unsafe { api.buffer(self.raw()) };
                known.buffer.set(Some(buffer));
                buffer
            }
        };
        let element = checked_inside(element, index, size, buffer);
        known.last_slot.set(Some((*index, element)));
        element
    }

    /// As [`OpenArray::get_at`], with what `known` keeps.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn get_at_in(&self, known: Option<&Known<D>>, index: [i32; D]) -> Option<T> {
        if !self.contains_in(known, &index) {
            return None;
        }
        let size = T::SLOT_BYTES.0[usize::from(self.verilator)];
        if size == 0 {
            // SAFETY: index checked.
            return Some(unsafe { self.read(&index) });
        }
        // SAFETY: index checked.
        let element = unsafe { self.slot_in(known, &index, size) };
        // SAFETY: the checked address of a live slot of `size` bytes, which
        // is what `SLOT_BYTES` says this type reads, for this flavour.
        Some(unsafe { T::read_slot(element, &index, self.verilator) })
    }

    /// Set the element at `index`, with what `known` keeps; `false` when
    /// an index is out of bounds.
    ///
    /// # Safety
    ///
    /// The array is writable.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn set_at_in(&self, known: Option<&Known<D>>, index: [i32; D], value: T) -> bool {
        if !self.contains_in(known, &index) {
            return false;
        }
        let size = T::SLOT_BYTES.0[usize::from(self.verilator)];
        if size == 0 {
            // SAFETY: a writable array (the caller's contract); index
            // checked.
            unsafe { self.write(&index, value) };
        } else {
            // SAFETY: index checked.
            let element = unsafe { self.slot_in(known, &index, size) };
            // SAFETY: the checked address of a live slot of `size` bytes of
            // a writable array.
            unsafe { T::write_slot(element, self.verilator, value) };
        }
        true
    }

    /// Number of unpacked dimensions, as the simulator reports it (`D`).
    pub fn dimensions(&self) -> i32 {
        // SAFETY: a live handle for the call.
        unsafe { (api().dimensions)(self.raw()) }
    }

    /// The left bound of dimension `dimension` (1 to `D`): `3` for `[3:7]`.
    /// Dimension 0 is the element's packed dimension, as svdpi.h numbers
    /// it: `7` for `bit [7:0] a[]`. Panics for another dimension.
    pub fn left_of(&self, dimension: usize) -> i32 {
        self.query(api().left, dimension)
    }

    /// The right bound of dimension `dimension`.
    pub fn right_of(&self, dimension: usize) -> i32 {
        self.query(api().right, dimension)
    }

    /// The lowest index of dimension `dimension`.
    pub fn low_of(&self, dimension: usize) -> i32 {
        self.query(api().low, dimension)
    }

    /// The highest index of dimension `dimension`.
    pub fn high_of(&self, dimension: usize) -> i32 {
        self.query(api().high, dimension)
    }

    /// Number of elements along dimension `dimension`.
    pub fn len_of(&self, dimension: usize) -> usize {
        usize::try_from(self.query(api().size, dimension)).unwrap_or(0)
    }

    /// The direction of dimension `dimension` (`svIncrement`): 1 when its
    /// left bound is the higher (`[7:5]`, `[7:0]`), -1 when it is the lower
    /// (`[5:7]`), as IEEE 1800 defines it.
    pub fn increment_of(&self, dimension: usize) -> i32 {
        self.query(api().increment, dimension)
    }

    /// The left bound of the first dimension.
    pub fn left(&self) -> i32 {
        self.left_of(1)
    }

    /// The right bound of the first dimension.
    pub fn right(&self) -> i32 {
        self.right_of(1)
    }

    /// The lowest index of the first dimension.
    pub fn low(&self) -> i32 {
        self.low_of(1)
    }

    /// The highest index of the first dimension.
    pub fn high(&self) -> i32 {
        self.high_of(1)
    }

    /// Number of elements in all: the product of every dimension's length.
    pub fn len(&self) -> usize {
        (1..=D).map(|d| self.len_of(d)).product()
    }

    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether every index lies within its dimension's bounds.
    pub fn contains(&self, index: [i32; D]) -> bool {
        self.contains_in(None, &index)
    }

    /// The element at `index` (one SystemVerilog index per dimension), or
    /// `None` when an index is out of bounds.
    pub fn get_at(&self, index: [i32; D]) -> Option<T> {
        self.get_at_in(None, index)
    }

    /// Every index, the last dimension varying fastest, each dimension
    /// from its low to its high bound.
    pub fn indices(&self) -> impl Iterator<Item = [i32; D]> + 'static {
        let low: [i32; D] = core::array::from_fn(|d| self.low_of(d + 1));
        let high: [i32; D] = core::array::from_fn(|d| self.high_of(d + 1));
        let empty = low.iter().zip(&high).any(|(l, h)| l > h);
        let mut next = (!empty).then_some(low);
        core::iter::from_fn(move || {
            let current = next?;
            // Advance like an odometer, the last dimension first.
            let mut following = current;
            next = None;
            for d in (0..D).rev() {
                if following[d] < high[d] {
                    following[d] += 1;
                    next = Some(following);
                    break;
                }
                following[d] = low[d];
            }
            Some(current)
        })
    }

    /// The simulator's own buffer, when it keeps C-layout elements
    /// contiguously (`svGetArrayPtr` non-NULL, aligned, and `svSizeOfArray`
    /// the size of `len()` elements); `None` otherwise: Annex H lets a
    /// simulator give no buffer, and Verilator gives none for `bit`,
    /// `logic` and packed elements (read those with `get`/`iter`, which
    /// always work). All `len()` elements,
    /// in the simulator's order (for one dimension, element 0 is index
    /// `low()`).
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn as_slice(&self) -> Option<&'a [T::CLayout]> {
        self.as_slice_in(None)
    }

    /// As [`OpenArray::as_slice`], with the buffer from `known`.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn as_slice_in(&self, known: Option<&Known<D>>) -> Option<&'a [T::CLayout]> {
        if !T::C_LAYOUT {
            return None;
        }
        // Two simulator calls, as a C author makes: the buffer and its size
        // in bytes, which bounds the slice to memory the simulator itself
        // describes (no `svSize`/`svDimensions` round trips).
        let (data, bytes) = self.buffer_in(known);
        let element = size_of::<T::CLayout>();
        if data.is_null() || bytes % element != 0 || !data.cast::<T::CLayout>().is_aligned() {
            return None;
        }
        let len = bytes / element;
        // A simulator whose size disagrees with its bounds gives no slice
        // (Verilator 5.049 reports 0 bytes for a `real` open array).
        if len != self.len() {
            return None;
        }
        // SAFETY: the simulator's buffer of `bytes` bytes, that is `len`
        // C-layout elements, aligned (checked), valid for the call.
        Some(unsafe { core::slice::from_raw_parts(data.cast::<T::CLayout>(), len) })
    }
}

impl<'a, T: OpenArrayElement> OpenArray<'a, T> {
    /// The element at SystemVerilog index `index`, or `None` outside
    /// `low()..=high()`.
    pub fn get(&self, index: i32) -> Option<T> {
        self.get_at([index])
    }

    /// The elements from `low()` to `high()`.
    pub fn iter(&self) -> impl Iterator<Item = T> + '_ {
        // SAFETY: every index within the bounds.
        (self.low()..=self.high()).map(|i| unsafe { self.read(&[i]) })
    }

    /// The elements from `low()` to `high()`, copied.
    pub fn to_vec(&self) -> Vec<T> {
        self.iter().collect()
    }
}

impl<'a, const D: usize> OpenArray<'a, SvString, D> {
    /// The string at `index` (one SystemVerilog index per dimension),
    /// borrowed for the call without a copy, or `None` when an index is out
    /// of bounds (`get_at` copies it into an [`SvString`]).
    pub fn get_str_at(&self, index: [i32; D]) -> Option<&'a CStr> {
        // SAFETY: a live handle of string elements, index checked; each
        // element is a string alive for the call, or one Rust handed over
        // (an output array's, cleared on entry, or written), alive longer.
        self.contains(index)
            .then(|| unsafe { read_string(self.raw(), &index) })
    }
}

impl<'a> OpenArray<'a, SvString> {
    /// The string at SystemVerilog index `index`, borrowed for the call, or
    /// `None` outside `low()..=high()`.
    pub fn get_str(&self, index: i32) -> Option<&'a CStr> {
        self.get_str_at([index])
    }
}

impl<const D: usize> OpenArrayMut<'_, SvString, D> {
    /// As [`OpenArray::get_str_at`], borrowing `self`.
    pub fn get_str_at(&self, index: [i32; D]) -> Option<&CStr> {
        self.view.get_str_at(index)
    }
}

impl OpenArrayMut<'_, SvString> {
    /// As [`OpenArray::get_str`], borrowing `self`.
    pub fn get_str(&self, index: i32) -> Option<&CStr> {
        self.view.get_str(index)
    }
}

/// The read methods of [`OpenArray`] on [`OpenArrayMut`], each borrowing
/// `self`: what they return cannot outlive the borrow, so no `set` can
/// happen while it is alive.
macro_rules! borrowed_reads {
    ($($name:ident($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {$(
        #[doc = concat!("As [`OpenArray::", stringify!($name), "`], borrowing `self`.")]
        #[cfg_attr(not(abi_core_unoptimised), inline)]
        pub fn $name(&self $(, $arg: $ty)*) -> $ret {
            self.view.$name($($arg),*)
        }
    )*};
}

impl<'a, T: OpenArrayElement, const D: usize> OpenArrayMut<'a, T, D> {
    /// A shared view, borrowing `self`: no write until it is dropped.
    pub fn view(&self) -> OpenArray<'_, T, D> {
        self.view
    }

    /// Stop writing: a shared view for the rest of the call.
    pub fn into_view(self) -> OpenArray<'a, T, D> {
        self.view
    }

    /// The view of an `inout` array as an import's function gets it. An
    /// array of strings is first handed over again, element by element, as
    /// copies made now: the simulator may pass back an element that Rust
    /// handed over in an earlier call (as it was left there), and that
    /// string is freed when this call releases the strings of earlier
    /// calls, while the simulator reads the array after the call. (A
    /// scalar `inout string` gets its fresh string when it is written back.)
    fn entered_inout(view: OpenArray<'a, T, D>) -> Self {
        if T::HANDS_OVER_STRINGS.0 {
            for index in view.indices() {
                // SAFETY: a live handle of D dimensions, every index within
                // the bounds, each element a live string or NULL (an inout
                // array's contract).
                let copy = unsafe { T::read(view.raw(), &index) };
                // SAFETY: as above, the array writable; the copy was read
                // before the element is overwritten.
                unsafe { T::write(view.raw(), &index, copy) };
            }
        }
        OpenArrayMut::over(view)
    }

    /// A writable view of `view`'s array, knowing nothing of it yet.
    fn over(view: OpenArray<'a, T, D>) -> Self {
        OpenArrayMut {
            view,
            known: core::panic::AssertUnwindSafe(Known::new()),
        }
    }

    borrowed_reads! {
        dimensions() -> i32;
        left_of(dimension: usize) -> i32;
        right_of(dimension: usize) -> i32;
        len_of(dimension: usize) -> usize;
        increment_of(dimension: usize) -> i32;
        left() -> i32;
        right() -> i32;
        len() -> usize;
        is_empty() -> bool;
        indices() -> impl Iterator<Item = [i32; D]> + 'static;
    }

    /// As [`OpenArray::low_of`], borrowing `self` (asked once per
    /// dimension).
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn low_of(&self, dimension: usize) -> i32 {
        if (1..=D).contains(&dimension) {
            self.view.bounds_in(Some(&*self.known), dimension)[0]
        } else {
            self.view.low_of(dimension)
        }
    }

    /// As [`OpenArray::high_of`], borrowing `self` (asked once per
    /// dimension).
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn high_of(&self, dimension: usize) -> i32 {
        if (1..=D).contains(&dimension) {
            self.view.bounds_in(Some(&*self.known), dimension)[1]
        } else {
            self.view.high_of(dimension)
        }
    }

    /// As [`OpenArray::low`], borrowing `self`.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn low(&self) -> i32 {
        self.low_of(1)
    }

    /// As [`OpenArray::high`], borrowing `self`.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn high(&self) -> i32 {
        self.high_of(1)
    }

    /// As [`OpenArray::contains`], borrowing `self`.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn contains(&self, index: [i32; D]) -> bool {
        self.view.contains_in(Some(&*self.known), &index)
    }

    /// As [`OpenArray::get_at`], borrowing `self`.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn get_at(&self, index: [i32; D]) -> Option<T> {
        self.view.get_at_in(Some(&*self.known), index)
    }

    /// As [`OpenArray::as_slice`], borrowing `self`.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn as_slice(&self) -> Option<&[T::CLayout]> {
        self.view.as_slice_in(Some(&*self.known))
    }

    /// Set the element at `index` (one index per dimension); `false` when
    /// an index is out of bounds.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn set_at(&mut self, index: [i32; D], value: T) -> bool {
        // SAFETY: a writable array.
        unsafe { self.view.set_at_in(Some(&*self.known), index, value) }
    }
}

impl<'a, T: OpenArrayElement> OpenArrayMut<'a, T> {
    borrowed_reads! {
        to_vec() -> Vec<T>;
    }

    /// As [`OpenArray::get`], borrowing `self`.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn get(&self, index: i32) -> Option<T> {
        self.get_at([index])
    }

    /// As [`OpenArray::iter`], borrowing `self`.
    pub fn iter(&self) -> impl Iterator<Item = T> + '_ {
        self.view.iter()
    }

    /// Set the element at SystemVerilog index `index`; `false` when the
    /// index is outside `low()..=high()`.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn set(&mut self, index: i32, value: T) -> bool {
        self.set_at([index], value)
    }
}

/// `const svOpenArrayHandle` (a `void *` typedef of svdpi.h).
const HANDLE: CTypeDesc = CTypeDesc::scalar::<*const c_void>(CScalar::SvOpenArrayHandle);

/// Why an open array of another number of dimensions than 1 to 3, the
/// forms svdpi.h has element accessors for, is refused (at the parameter,
/// by `DpiType::REFUSAL`).
pub(crate) const DIMENSIONS_RULE: &str = "an open array has 1 to 3 unpacked dimensions (svdpi.h accesses elements with 1, 2 or 3 indices)";

impl<T: OpenArrayElement, const D: usize> OpenArray<'_, T, D> {
    /// The memory the view reads and writes, for the check that an
    /// import's writable open array shares no memory with another argument:
    /// the simulator's buffer (`svGetArrayPtr`, `svSizeOfArray` bytes) when
    /// it has one, else one byte at the handle. Without a buffer the
    /// elements are only copied through svdpi.h, never referenced from
    /// Rust, so the handle is enough to catch the same array passed twice.
    fn extent(&self, exclusive: bool) -> Borrow {
        let api = api();
        // SAFETY: a live handle.
        let data = unsafe { (api.array_ptr)(self.raw()) };
        if data.is_null() {
            return Borrow::range(self.raw().addr(), 1, exclusive);
        }
        // SAFETY: a live handle.
        let bytes = unsafe { (api.size_of_array)(self.raw()) };
        Borrow::range(data.addr(), usize::try_from(bytes).unwrap_or(0), exclusive)
    }
}

macro_rules! open_array_dpi_type {
    ($view:ident, $direction:expr, $borrow:expr, $wrap:expr) => {
        // SAFETY: open arrays pass a `svOpenArrayHandle` by value in every
        // direction; NULL is rejected, the rest goes through svdpi.h. The
        // views borrow the simulator's array for the call (`CALL_BORROW`),
        // writable ones exclusively, and `input_borrows` gives its extent.
        unsafe impl<T: OpenArrayElement, const D: usize> DpiType for $view<'static, T, D> {
            const SV_TYPE: SvType = SvType::OpenArray {
                element: &T::SV_TYPE,
                dimensions: D,
            };
            const OWNS_HANDED_STRINGS: Sealed<bool> =
                Sealed(matches!($borrow, CallBorrow::Exclusive) && T::HANDS_OVER_STRINGS.0);
            const SV_DIRECTION: Direction = $direction;
            const CALL_BORROW: CallBorrow = $borrow;
            const ONE_RANGE: bool =
                !(T::HANDS_OVER_STRINGS.0 && !matches!($direction, Direction::Out));
            unsafe fn input_borrow(raw: *mut c_void) -> Option<Borrow> {
                // As `input_borrows`, without the strings' text (not
                // `ONE_RANGE` when there is some).
                let handle = NonNull::new(raw)?;
                let view = OpenArray::<T, D>::new(handle, false);
                Some(view.extent(matches!($borrow, CallBorrow::Exclusive)))
            }
            unsafe fn input_borrows(raw: *mut c_void, each: &mut dyn FnMut(Borrow)) {
                let Some(handle) = NonNull::new(raw) else {
                    return;
                };
                let view = OpenArray::<T, D>::new(handle, false);
                each(view.extent(matches!($borrow, CallBorrow::Exclusive)));
                // The text of string elements, which the view reads in
                // place (`get_str`): an output's are not strings yet.
                if T::HANDS_OVER_STRINGS.0 && !matches!($direction, Direction::Out) {
                    for index in view.indices() {
                        // SAFETY: a live handle of string elements (the
                        // only ones that hand strings over), in bounds;
                        // an input's or inout's elements are strings
                        // (Annex H).
                        let text = unsafe { read_string(handle.as_ptr(), &index) };
                        each(Borrow::range(
                            text.as_ptr().addr(),
                            text.count_bytes() + 1,
                            false,
                        ));
                    }
                }
            }
            type Input = *mut c_void;
            const C_INPUT: CTypeDesc = HANDLE;
            type Cell = *mut c_void;
            const C_CELL: CTypeDesc = HANDLE;
            fn initial() -> Self {
                unreachable!("open arrays are passed by handle, never as outputs")
            }
            unsafe fn from_input(raw: *mut c_void) -> Result<Self, ArgError> {
                let handle = NonNull::new(raw).ok_or(ArgError::Null)?;
                Ok(($wrap)(OpenArray::new(handle, false)))
            }
            unsafe fn from_cell(_: *mut c_void) -> Result<Self, ArgError> {
                unreachable!("open arrays are passed by handle, never as outputs")
            }
            fn to_cell(self) -> *mut c_void {
                unreachable!("open arrays are passed by handle, never as outputs")
            }
        }
    };
}

open_array_dpi_type!(OpenArray, Direction::In, CallBorrow::Shared, |view| view);
open_array_dpi_type!(
    OpenArrayMut,
    Direction::InOut,
    CallBorrow::Exclusive,
    OpenArrayMut::entered_inout
);
open_array_dpi_type!(
    OpenArrayOut,
    Direction::Out,
    CallBorrow::Exclusive,
    OpenArrayOut::entered
);

impl<'a, T: OpenArrayElement, const D: usize> OpenArrayOut<'a, T, D> {
    /// The output view of `view`, its elements cleared first where what the
    /// simulator left there may be no valid element
    /// ([`OpenArrayElement::CLEARS_OUTPUT`]).
    fn entered(view: OpenArray<'a, T, D>) -> Self {
        if T::CLEARS_OUTPUT {
            for index in view.indices() {
                // SAFETY: a live, writable handle of D dimensions, every
                // index within the bounds.
                unsafe { T::clear_output(view.raw(), &index) };
            }
        }
        OpenArrayOut {
            array: OpenArrayMut::over(view),
        }
    }
}

/// Why a Verilator-flavoured function cannot take an open array of
/// `string` elements (checked at the user's type by
/// `accepted_verilator_param`).
pub(crate) const VERILATOR_STRING_ELEMENTS_RULE: &str = "Verilator gives no access to the elements of a `string` open array (5.006 and 5.049 answer NULL to svGetArrayPtr and svGetArrElemPtr*, and svdpi.h has no other accessor for strings): declare a fixed-size array (`[&CStr; K]` input, `&mut [&'static CStr; K]` output) or build the function with `#[dpi_import(ieee)]` for another simulator";

/// The views with Verilator's DPI-C ABI: as the standard's, but the
/// elements read and written as Verilator keeps them
/// ([`OpenArrayElement::read_verilator`]), and `string` elements refused.
macro_rules! verilator_open_array_type {
    ($view:ident, $wrap:expr) => {
        // SAFETY: as the standard's implementation (the same handle in
        // every direction); the view reads and writes elements with
        // Verilator's ABI.
        unsafe impl<T: super::flavour::VerilatorElement, const D: usize>
            super::flavour::VerilatorType for $view<'static, T, D>
        {
            const SV_TYPE: SvType = <Self as DpiType>::SV_TYPE;
            // The declaration the shim names: the one that refuses.
            const SV_INPUT: Sealed<&'static DpiParamDecl> = Sealed(&DpiParamDecl {
                direction: <Self as DpiType>::SV_DIRECTION,
                sv_type: <Self as super::flavour::VerilatorType>::SV_TYPE,
            });
            type Input = *mut c_void;
            const C_INPUT: CTypeDesc = HANDLE;
            type Cell = *mut c_void;
            const C_CELL: CTypeDesc = HANDLE;
            unsafe fn from_input(raw: *mut c_void) -> Result<Self, ArgError> {
                let handle = NonNull::new(raw).ok_or(ArgError::Null)?;
                Ok(($wrap)(OpenArray::new(handle, true)))
            }
            unsafe fn from_cell(cell: *mut c_void) -> Result<Self, ArgError> {
                // SAFETY: forwarded (unreachable).
                unsafe { <Self as DpiType>::from_cell(cell) }
            }
            fn to_cell(self) -> *mut c_void {
                <Self as DpiType>::to_cell(self)
            }
            unsafe fn input_borrows(raw: *mut c_void, each: &mut dyn FnMut(Borrow)) {
                // SAFETY: forwarded; the extent does not depend on the ABI.
                unsafe { <Self as DpiType>::input_borrows(raw, each) }
            }
            const ONE_RANGE: bool = <Self as DpiType>::ONE_RANGE;
            unsafe fn input_borrow(raw: *mut c_void) -> Option<Borrow> {
                // SAFETY: forwarded, as above.
                unsafe { <Self as DpiType>::input_borrow(raw) }
            }
            unsafe fn cell_borrows(_: *mut c_void, _: &mut dyn FnMut(Borrow)) {}
        }
    };
}

verilator_open_array_type!(OpenArray, |view| view);
verilator_open_array_type!(OpenArrayMut, OpenArrayMut::over);
verilator_open_array_type!(OpenArrayOut, OpenArrayOut::entered);

// SAFETY: the views borrow the simulator's array for `'a`, at most `'call`.
unsafe impl<'call: 'a, 'a, T: OpenArrayElement, const D: usize> crate::BorrowedFor<'call>
    for OpenArray<'a, T, D>
{
}
// SAFETY: as above.
unsafe impl<'call: 'a, 'a, T: OpenArrayElement, const D: usize> crate::BorrowedFor<'call>
    for OpenArrayMut<'a, T, D>
{
}
// SAFETY: as above.
unsafe impl<'call: 'a, 'a, T: OpenArrayElement, const D: usize> crate::BorrowedFor<'call>
    for OpenArrayOut<'a, T, D>
{
}
