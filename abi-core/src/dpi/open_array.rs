//! Open arrays `T name[]`: views over an `svOpenArrayHandle`, through the
//! `svdpi.h` query and access functions of the running simulator.
//!
//! Elements are read and written through the standard's functions, never by
//! assuming a layout: C-layout elements (integers, `real`, `bit`, `logic`)
//! through `svGetArrElemPtr1`, packed elements (`Bits<N>`) through the
//! canonical copies `svGetBitArrElem1VecVal`/`svPutBitArrElem1VecVal`
//! (Verilator's packed open-array elements are not in canonical layout).
//! [`OpenArray::as_slice`] is the fast path when the simulator reports a
//! contiguous C-layout buffer (`svGetArrayPtr`).

use core::ffi::c_void;
use core::marker::PhantomData;
use core::ptr::NonNull;
use std::sync::OnceLock;

use super::bits::{Bits, ChunkArray};
use super::runtime::{DpiError, LazySymbol};
use super::{DpiType, Logic, SvDirection, SvType};
use crate::c_type::CTypeDesc;
use crate::convert::ArgError;

/// The `svdpi.h` open-array functions, resolved once.
struct Api {
    left: unsafe extern "C" fn(*mut c_void, i32) -> i32,
    right: unsafe extern "C" fn(*mut c_void, i32) -> i32,
    low: unsafe extern "C" fn(*mut c_void, i32) -> i32,
    high: unsafe extern "C" fn(*mut c_void, i32) -> i32,
    size: unsafe extern "C" fn(*mut c_void, i32) -> i32,
    dimensions: unsafe extern "C" fn(*mut c_void) -> i32,
    array_ptr: unsafe extern "C" fn(*mut c_void) -> *mut c_void,
    size_of_array: unsafe extern "C" fn(*mut c_void) -> i32,
    element_ptr: unsafe extern "C" fn(*mut c_void, i32) -> *mut c_void,
    get_bits: unsafe extern "C" fn(*mut u32, *mut c_void, i32),
    put_bits: unsafe extern "C" fn(*mut c_void, *const u32, i32),
}

/// The `svdpi.h` functions open arrays use (for the simulator's link
/// flags).
pub(crate) const OPEN_ARRAY_SYMBOLS: &[&str] = &[
    "svDimensions",
    "svGetArrElemPtr1",
    "svGetArrayPtr",
    "svGetBitArrElem1VecVal",
    "svHigh",
    "svLeft",
    "svLow",
    "svPutBitArrElem1VecVal",
    "svRight",
    "svSize",
    "svSizeOfArray",
];

// Inlined: the resolved table is one load and test away on every call.
#[inline]
fn api() -> &'static Api {
    static API: OnceLock<Result<Api, DpiError>> = OnceLock::new();
    let api = API.get_or_init(|| {
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
                static SYMBOL: LazySymbol = LazySymbol::new($name);
                // SAFETY: svdpi.h declares the function with exactly the
                // signature of the `Api` field it is stored in
                // (`svOpenArrayHandle` is `void *`, `svBitVecVal` is
                // `uint32_t`).
                unsafe { function(&SYMBOL) }?
            }};
        }
        Ok(Api {
            left: resolve!(c"svLeft"),
            right: resolve!(c"svRight"),
            low: resolve!(c"svLow"),
            high: resolve!(c"svHigh"),
            size: resolve!(c"svSize"),
            dimensions: resolve!(c"svDimensions"),
            array_ptr: resolve!(c"svGetArrayPtr"),
            size_of_array: resolve!(c"svSizeOfArray"),
            element_ptr: resolve!(c"svGetArrElemPtr1"),
            get_bits: resolve!(c"svGetBitArrElem1VecVal"),
            put_bits: resolve!(c"svPutBitArrElem1VecVal"),
        })
    });
    match api {
        Ok(api) => api,
        Err(e) => missing_api(e),
    }
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
pub unsafe trait OpenArrayElement: Copy + 'static {
    /// The element's SystemVerilog type.
    const SV_TYPE: SvType;
    /// The C type of one element when the simulator keeps them in C layout
    /// (`None` for packed elements, which are only copied canonically).
    type CLayout: Copy;
    /// Whether elements are in C layout (not packed).
    const C_LAYOUT: bool;
    /// Read element `index`.
    ///
    /// # Safety
    ///
    /// `handle` is a live open-array handle and `index` within its bounds.
    unsafe fn read(handle: *mut c_void, index: i32) -> Self;
    /// Write element `index`.
    ///
    /// # Safety
    ///
    /// As for `read`, and the array is writable (output or inout).
    unsafe fn write(handle: *mut c_void, index: i32, value: Self);
}

macro_rules! c_layout_elements {
    ($($t:ty),*) => {$(
        // SAFETY: elements of these types are in C layout (Annex H.7.3);
        // `svGetArrElemPtr1` gives the address of one, checked non-NULL.
        unsafe impl OpenArrayElement for $t {
            const SV_TYPE: SvType = <$t as DpiType>::SV_TYPE;
            type CLayout = <$t as DpiType>::Cell;
            const C_LAYOUT: bool = true;
            unsafe fn read(handle: *mut c_void, index: i32) -> Self {
                // SAFETY: live handle, index in bounds (the caller's
                // contract).
                let element = unsafe { (api().element_ptr)(handle, index) };
                assert!(!element.is_null(), "open array element {index} has no address");
                // SAFETY: the simulator's element of this C type.
                let cell = unsafe { element.cast::<<$t as DpiType>::Cell>().read_unaligned() };
                // SAFETY: a cell of this type from the simulator.
                unsafe { <$t as DpiType>::from_cell(cell) }
            }
            unsafe fn write(handle: *mut c_void, index: i32, value: Self) {
                // SAFETY: as in `read`.
                let element = unsafe { (api().element_ptr)(handle, index) };
                assert!(!element.is_null(), "open array element {index} has no address");
                // SAFETY: a writable element of this C type.
                unsafe { element.cast::<<$t as DpiType>::Cell>().write_unaligned(<$t as DpiType>::to_cell(value)) };
            }
        }
    )*};
}

c_layout_elements!(i8, u8, i16, u16, i32, u32, i64, u64, f64, bool, Logic);

// SAFETY: packed elements are copied in canonical form with the standard's
// functions, into and from `ceil(N/32)` chunks.
unsafe impl<const N: u32, C: ChunkArray> OpenArrayElement for Bits<N, C> {
    const SV_TYPE: SvType = <Self as DpiType>::SV_TYPE;
    type CLayout = C;
    const C_LAYOUT: bool = false;
    unsafe fn read(handle: *mut c_void, index: i32) -> Self {
        let mut chunks = C::ZERO;
        // SAFETY: live handle, index in bounds; `chunks` has room for the
        // element's canonical form.
        unsafe { (api().get_bits)(chunks.as_mut_slice().as_mut_ptr(), handle, index) };
        Bits::from_chunks(chunks)
    }
    unsafe fn write(handle: *mut c_void, index: i32, value: Self) {
        // SAFETY: live, writable handle, index in bounds.
        unsafe { (api().put_bits)(handle, value.chunks().as_slice().as_ptr(), index) };
    }
}

/// An `input T name[]` open array: a read-only view, valid for the call.
#[derive(Debug, Clone, Copy)]
pub struct OpenArray<'a, T: OpenArrayElement> {
    handle: NonNull<c_void>,
    _marker: PhantomData<(&'a (), T)>,
}

/// An `inout T name[]` open array: read and write, valid for the call.
#[derive(Debug)]
pub struct OpenArrayMut<'a, T: OpenArrayElement> {
    view: OpenArray<'a, T>,
}

impl<'a, T: OpenArrayElement> OpenArray<'a, T> {
    fn raw(&self) -> *mut c_void {
        self.handle.as_ptr()
    }

    /// Number of unpacked dimensions (1 for `T a[]`).
    pub fn dimensions(&self) -> i32 {
        // SAFETY: a live handle for the call.
        unsafe { (api().dimensions)(self.raw()) }
    }

    /// The left bound of the first unpacked dimension (`3` for `[3:7]`).
    pub fn left(&self) -> i32 {
        // SAFETY: a live handle; dimension 1 exists.
        unsafe { (api().left)(self.raw(), 1) }
    }

    /// The right bound of the first unpacked dimension.
    pub fn right(&self) -> i32 {
        // SAFETY: as in `left`.
        unsafe { (api().right)(self.raw(), 1) }
    }

    /// The lowest index.
    pub fn low(&self) -> i32 {
        // SAFETY: as in `left`.
        unsafe { (api().low)(self.raw(), 1) }
    }

    /// The highest index.
    pub fn high(&self) -> i32 {
        // SAFETY: as in `left`.
        unsafe { (api().high)(self.raw(), 1) }
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        // SAFETY: as in `left`.
        let size = unsafe { (api().size)(self.raw(), 1) };
        usize::try_from(size).unwrap_or(0)
    }

    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The element at SystemVerilog index `index`, or `None` outside
    /// `low()..=high()`.
    pub fn get(&self, index: i32) -> Option<T> {
        // SAFETY: live handle, index checked against the bounds.
        (self.low()..=self.high())
            .contains(&index)
            .then(|| unsafe { T::read(self.raw(), index) })
    }

    /// The elements from `low()` to `high()`.
    pub fn iter(&self) -> impl Iterator<Item = T> + '_ {
        // SAFETY: live handle, every index within the bounds.
        (self.low()..=self.high()).map(|i| unsafe { T::read(self.raw(), i) })
    }

    /// The elements from `low()` to `high()`, copied.
    pub fn to_vec(&self) -> Vec<T> {
        self.iter().collect()
    }

    /// The simulator's own buffer, when it keeps C-layout elements
    /// contiguously (`svGetArrayPtr` non-NULL, aligned, and `svSizeOfArray`
    /// a whole number of elements); `None` otherwise. Element 0 is index
    /// `low()`; the length is `len()` for the one-dimensional arrays of a
    /// `T name[]` formal.
    #[inline]
    pub fn as_slice(&self) -> Option<&'a [T::CLayout]> {
        if !T::C_LAYOUT {
            return None;
        }
        // Two simulator calls, as a C author makes: the buffer and its size
        // in bytes, which bounds the slice to memory the simulator itself
        // describes (no `svSize`/`svDimensions` round trips).
        // SAFETY: a live handle.
        let data = unsafe { (api().array_ptr)(self.raw()) };
        // SAFETY: a live handle.
        let bytes = unsafe { (api().size_of_array)(self.raw()) };
        let bytes = usize::try_from(bytes).ok()?;
        let element = size_of::<T::CLayout>();
        if data.is_null() || bytes % element != 0 || !data.cast::<T::CLayout>().is_aligned() {
            return None;
        }
        let len = bytes / element;
        debug_assert_eq!(len, self.len(), "svSizeOfArray disagrees with svSize");
        // SAFETY: the simulator's buffer of `bytes` bytes, that is `len`
        // C-layout elements, aligned (checked), valid for the call.
        Some(unsafe { core::slice::from_raw_parts(data.cast::<T::CLayout>(), len) })
    }
}

impl<'a, T: OpenArrayElement> OpenArrayMut<'a, T> {
    /// The read-only view.
    pub fn view(&self) -> OpenArray<'a, T> {
        self.view
    }

    /// Set the element at SystemVerilog index `index`; `false` when the
    /// index is outside `low()..=high()`.
    pub fn set(&mut self, index: i32, value: T) -> bool {
        let inside = (self.view.low()..=self.view.high()).contains(&index);
        if inside {
            // SAFETY: live, writable handle; index checked.
            unsafe { T::write(self.view.raw(), index, value) };
        }
        inside
    }
}

impl<'a, T: OpenArrayElement> core::ops::Deref for OpenArrayMut<'a, T> {
    type Target = OpenArray<'a, T>;
    fn deref(&self) -> &OpenArray<'a, T> {
        &self.view
    }
}

impl<'a, T: OpenArrayElement> Clone for OpenArrayMut<'a, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<'a, T: OpenArrayElement> Copy for OpenArrayMut<'a, T> {}

/// `const svOpenArrayHandle` (a `void *` typedef of svdpi.h).
const HANDLE: CTypeDesc = CTypeDesc::Scalar {
    name: "const svOpenArrayHandle",
    size: size_of::<*const c_void>(),
    align: align_of::<*const c_void>(),
};

/// The element type of `T name[]`.
const fn open_array_of(element: &'static SvType) -> SvType {
    SvType::OpenArray { element }
}

macro_rules! open_array_dpi_type {
    ($view:ident, $direction:expr, $wrap:expr) => {
        // SAFETY: open arrays pass a `svOpenArrayHandle` by value in every
        // direction; NULL is rejected, the rest goes through svdpi.h.
        unsafe impl<T: OpenArrayElement> DpiType for $view<'static, T> {
            const SV_TYPE: SvType = open_array_of(&T::SV_TYPE);
            const SV_DIRECTION: SvDirection = $direction;
            type Input = *mut c_void;
            const C_INPUT: CTypeDesc = HANDLE;
            type Cell = *mut c_void;
            const C_CELL: CTypeDesc = HANDLE;
            fn initial() -> Self {
                unreachable!("open arrays are passed by handle, never as outputs")
            }
            unsafe fn from_input(raw: *mut c_void) -> Result<Self, ArgError> {
                let handle = NonNull::new(raw).ok_or(ArgError::Null)?;
                let view = OpenArray {
                    handle,
                    _marker: PhantomData,
                };
                Ok(($wrap)(view))
            }
            unsafe fn from_cell(_: *mut c_void) -> Self {
                unreachable!("open arrays are passed by handle, never as outputs")
            }
            fn to_cell(self) -> *mut c_void {
                unreachable!("open arrays are passed by handle, never as outputs")
            }
        }
    };
}

open_array_dpi_type!(OpenArray, SvDirection::Input, |view| view);
open_array_dpi_type!(OpenArrayMut, SvDirection::Inout, |view| OpenArrayMut {
    view
});
