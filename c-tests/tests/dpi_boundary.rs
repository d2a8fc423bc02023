//! DPI-C imports called through their exported symbols, as a simulator
//! calls them, with this test standing in for the simulator: its own
//! `svdpi.h` open-array functions (found by abi-core with `dlsym`; the
//! build script links the tests with `-rdynamic`, as a simulator is), and
//! handles, cells and strings made here.
//!
//! - Open arrays take part in the overlap check: a writable one (`inout`,
//!   `output`) sharing memory with another borrowing argument (the same
//!   handle twice, two handles over one buffer, a string inside it) aborts
//!   naming the function and both arguments, before the function runs;
//!   shared views of one array, and arrays that only touch, do not.
//! - A panic Rust aborts for by itself (in a destructor while a panic
//!   unwinds) is reported naming the import.
//! - Strings Rust handed over in the previous call stay readable while the
//!   next call reads its inputs and inout cells (they are freed after the
//!   function ran): an inout cell left holding Rust's last string, or a
//!   result passed back as an input.
//!
//! The aborting scenarios run in a child process (this test binary,
//! re-executed with `DPI_BOUNDARY_CHILD` set).

use core::ffi::{CStr, c_char, c_void};
use std::process::Command;

use abi_core::dpi::{OpenArray, OpenArrayMut, OpenArrayOut, SvString};
use abi_core::dpi_import;

// ---------------------------------------------------------------------------
// The stand-in simulator: one-dimensional open arrays `[0:len-1]`.

/// What a handle points to.
#[derive(Debug)]
struct SimArray {
    data: *mut u8,
    element: usize,
    len: i32,
    /// Whether `svGetArrayPtr` reports the buffer (a simulator may not).
    contiguous: bool,
    /// What `svSizeOfArray` answers instead of the buffer's size (a
    /// simulator contradicting itself, as Verilator 5.049 does for `real`
    /// open arrays: 0 bytes).
    reported_bytes: Option<i32>,
}

impl SimArray {
    /// An array over `len` elements of `T` from `data`.
    fn over<T>(data: *mut T, len: usize, contiguous: bool) -> SimArray {
        SimArray {
            data: data.cast(),
            element: size_of::<T>(),
            len: i32::try_from(len).unwrap(),
            contiguous,
            reported_bytes: None,
        }
    }

    /// The handle the imports receive.
    fn handle(&mut self) -> *mut c_void {
        (self as *mut SimArray).cast()
    }
}

/// The array behind a handle.
///
/// # Safety
///
/// `handle` comes from [`SimArray::handle`] of a live array.
unsafe fn array<'a>(handle: *mut c_void) -> &'a SimArray {
    // SAFETY: the caller's contract.
    unsafe { &*handle.cast::<SimArray>() }
}

/// The svdpi.h functions abi-core resolves for open arrays, over
/// [`SimArray`]s. Only what these tests use does something; the packed
/// element copies are never called (no packed elements here).
#[allow(non_snake_case)]
mod svdpi {
    use super::{SimArray, array};
    use core::ffi::c_void;

    #[unsafe(no_mangle)]
    unsafe extern "C" fn svLeft(_: *mut c_void, _: i32) -> i32 {
        0
    }
    #[unsafe(no_mangle)]
    unsafe extern "C" fn svLow(_: *mut c_void, _: i32) -> i32 {
        0
    }
    #[unsafe(no_mangle)]
    unsafe extern "C" fn svRight(handle: *mut c_void, _: i32) -> i32 {
        // SAFETY: the imports pass the handles the tests made.
        unsafe { array(handle) }.len - 1
    }
    #[unsafe(no_mangle)]
    unsafe extern "C" fn svHigh(handle: *mut c_void, _: i32) -> i32 {
        // SAFETY: as above.
        unsafe { array(handle) }.len - 1
    }
    #[unsafe(no_mangle)]
    unsafe extern "C" fn svSize(handle: *mut c_void, _: i32) -> i32 {
        // SAFETY: as above.
        unsafe { array(handle) }.len
    }
    #[unsafe(no_mangle)]
    unsafe extern "C" fn svIncrement(_: *mut c_void, _: i32) -> i32 {
        // `[0:len-1]`: the left bound is the lower.
        -1
    }
    #[unsafe(no_mangle)]
    unsafe extern "C" fn svDimensions(_: *mut c_void) -> i32 {
        1
    }
    #[unsafe(no_mangle)]
    unsafe extern "C" fn svGetArrayPtr(handle: *mut c_void) -> *mut c_void {
        // SAFETY: as above.
        let array: &SimArray = unsafe { array(handle) };
        if array.contiguous {
            array.data.cast()
        } else {
            core::ptr::null_mut()
        }
    }
    #[unsafe(no_mangle)]
    unsafe extern "C" fn svSizeOfArray(handle: *mut c_void) -> i32 {
        // SAFETY: as above.
        let array: &SimArray = unsafe { array(handle) };
        array
            .reported_bytes
            .unwrap_or(array.len * i32::try_from(array.element).unwrap())
    }
    #[unsafe(no_mangle)]
    unsafe extern "C" fn svGetArrElemPtr1(handle: *mut c_void, index: i32) -> *mut c_void {
        // SAFETY: as above.
        let array: &SimArray = unsafe { array(handle) };
        let offset = usize::try_from(index).unwrap() * array.element;
        array.data.wrapping_add(offset).cast()
    }
    #[unsafe(no_mangle)]
    unsafe extern "C" fn svGetArrElemPtr2(_: *mut c_void, _: i32, _: i32) -> *mut c_void {
        core::ptr::null_mut()
    }
    #[unsafe(no_mangle)]
    unsafe extern "C" fn svGetArrElemPtr3(_: *mut c_void, _: i32, _: i32, _: i32) -> *mut c_void {
        core::ptr::null_mut()
    }

    /// The packed element copies, which no test calls.
    macro_rules! never_called {
        ($($name:ident($($arg:ty),*);)*) => {$(
            #[unsafe(no_mangle)]
            unsafe extern "C" fn $name($(_: $arg),*) {
                unreachable!(concat!(stringify!($name), " is not used by these tests"))
            }
        )*};
    }
    never_called! {
        svGetBitArrElem1VecVal(*mut u32, *mut c_void, i32);
        svGetBitArrElem2VecVal(*mut u32, *mut c_void, i32, i32);
        svGetBitArrElem3VecVal(*mut u32, *mut c_void, i32, i32, i32);
        svPutBitArrElem1VecVal(*mut c_void, *const u32, i32);
        svPutBitArrElem2VecVal(*mut c_void, *const u32, i32, i32);
        svPutBitArrElem3VecVal(*mut c_void, *const u32, i32, i32, i32);
        svGetLogicArrElem1VecVal(*mut c_void, *mut c_void, i32);
        svGetLogicArrElem2VecVal(*mut c_void, *mut c_void, i32, i32);
        svGetLogicArrElem3VecVal(*mut c_void, *mut c_void, i32, i32, i32);
        svPutLogicArrElem1VecVal(*mut c_void, *const c_void, i32);
        svPutLogicArrElem2VecVal(*mut c_void, *const c_void, i32, i32);
        svPutLogicArrElem3VecVal(*mut c_void, *const c_void, i32, i32, i32);
    }

    /// The single-bit element accessors, which no test calls either.
    macro_rules! never_called_returning {
        ($($name:ident($($arg:ty),*) -> $ret:ty;)*) => {$(
            #[unsafe(no_mangle)]
            unsafe extern "C" fn $name($(_: $arg),*) -> $ret {
                unreachable!(concat!(stringify!($name), " is not used by these tests"))
            }
        )*};
    }
    never_called_returning! {
        svGetBitArrElem1(*mut c_void, i32) -> u8;
        svGetBitArrElem2(*mut c_void, i32, i32) -> u8;
        svGetBitArrElem3(*mut c_void, i32, i32, i32) -> u8;
        svGetLogicArrElem1(*mut c_void, i32) -> u8;
        svGetLogicArrElem2(*mut c_void, i32, i32) -> u8;
        svGetLogicArrElem3(*mut c_void, i32, i32, i32) -> u8;
    }
    never_called! {
        svPutBitArrElem1(*mut c_void, u8, i32);
        svPutBitArrElem2(*mut c_void, u8, i32, i32);
        svPutBitArrElem3(*mut c_void, u8, i32, i32, i32);
        svPutLogicArrElem1(*mut c_void, u8, i32);
        svPutLogicArrElem2(*mut c_void, u8, i32, i32);
        svPutLogicArrElem3(*mut c_void, u8, i32, i32, i32);
    }
}

// ---------------------------------------------------------------------------
// The imports, and their symbols as the simulator calls them.

/// Copies `source` plus one into `target`, reading `source`'s slice while
/// it writes: were they one array, the slice would change under it.
#[dpi_import]
pub fn ovl_copy(source: OpenArray<'_, i32>, mut target: OpenArrayMut<'_, i32>) -> i32 {
    let Some(slice) = source.as_slice() else {
        return -1;
    };
    for (k, index) in (target.low()..=target.high()).enumerate() {
        target.set(index, slice[k % slice.len()] + 1);
    }
    slice.iter().sum()
}

/// Adds one to every element of `values` (a read and a write of each, the
/// writable view asking for an element's address once), returning the sum
/// read.
#[dpi_import]
pub fn oa_bump_each(mut values: OpenArrayMut<'_, i32>) -> i32 {
    let mut sum = 0;
    for index in values.low()..=values.high() {
        let value = values.get(index).unwrap();
        assert!(values.set(index, value + 1));
        sum += value;
    }
    let (low, high) = (values.low(), values.high());
    assert_eq!((values.get(low - 1), values.get(high + 1)), (None, None));
    assert!(!values.set(high + 1, 0) && !values.set(low - 1, 0));
    sum
}

/// Fills `out` with `values` doubled (an `output` array beside an input).
#[dpi_import]
pub fn ovl_fill(mut out: OpenArrayOut<'_, i32>, values: OpenArray<'_, i32>) -> i32 {
    let values = values.to_vec();
    for (k, index) in (out.low()..=out.high()).enumerate() {
        out.set(index, 2 * values[k % values.len()]);
    }
    values.len() as i32
}

/// Two shared views: one array passed twice is fine.
#[dpi_import]
pub fn ovl_sum_both(a: OpenArray<'_, i32>, b: OpenArray<'_, i32>) -> i32 {
    a.iter().chain(b.iter()).sum()
}

/// Writes the bytes of `name` into `bytes`, upper-cased.
#[dpi_import]
pub fn ovl_upper_into(name: &CStr, mut bytes: OpenArrayMut<'_, u8>) -> i32 {
    for (index, byte) in (bytes.low()..=bytes.high()).zip(name.to_bytes()) {
        bytes.set(index, byte.to_ascii_uppercase());
    }
    name.count_bytes() as i32
}

/// Writes the bytes of both `names` into `bytes`, upper-cased, one after
/// the other; the result is how many it wrote.
#[dpi_import]
pub fn ovl_names_into(names: [&CStr; 2], mut bytes: OpenArrayMut<'_, u8>) -> i32 {
    let all = names.iter().flat_map(|name| name.to_bytes());
    let mut written = 0;
    for (index, byte) in (bytes.low()..=bytes.high()).zip(all) {
        bytes.set(index, byte.to_ascii_uppercase());
        written += 1;
    }
    written
}

/// Appends `+` to an `inout string`.
#[dpi_import]
pub fn str_grow(#[inout] text: &mut SvString) {
    let mut grown = text.as_bytes().to_vec();
    grown.push(b'+');
    *text = SvString::new(grown).unwrap();
}

/// Hands `text` back as an owned output; the result is its length.
#[dpi_import]
pub fn str_echo(text: &CStr, echo: &mut SvString) -> i32 {
    *echo = SvString::from(text);
    text.count_bytes() as i32
}

/// `input string a[]`, `output string b[]` and `inout string c[]` with the
/// standard's ABI (Verilator gives no access to string elements): `b[i]`
/// gets `c[i + 1]`, `c[i]` gets `a[i + 1]` with `!` appended, read in
/// place (`get_str`); the result is the inputs' total length, -1 when an
/// output element read as anything but empty before it was written.
#[dpi_import(ieee)]
pub fn str_oa_rotate(
    a: OpenArray<'_, SvString>,
    mut b: OpenArrayOut<'_, SvString>,
    mut c: OpenArrayMut<'_, SvString>,
) -> i32 {
    if b.iter().any(|text| !text.as_bytes().is_empty()) {
        return -1;
    }
    let n = a.len();
    let input: Vec<&CStr> = (a.low()..=a.high()).filter_map(|i| a.get_str(i)).collect();
    let old = c.to_vec();
    for (k, i) in (b.low()..=b.high()).enumerate() {
        b.set(i, old[(k + 1) % n].clone());
    }
    for (k, i) in (c.low()..=c.high()).enumerate() {
        let mut text = input[(k + 1) % n].to_bytes().to_vec();
        text.push(b'!');
        c.set(i, SvString::new(text).unwrap());
    }
    input.iter().map(|text| text.count_bytes() as i32).sum()
}

/// `inout string c[]`, written only when `write` is not 0 (`c[i]` gets
/// `write` as text): an element the function does not write keeps what
/// the caller passed, which may be the string Rust handed over in the
/// previous call.
#[dpi_import(ieee)]
pub fn str_oa_maybe_fill(write: i32, mut c: OpenArrayMut<'_, SvString>) -> i32 {
    if write != 0 {
        for i in c.low()..=c.high() {
            c.set(i, SvString::new(write.to_string()).unwrap());
        }
    }
    c.len() as i32
}

/// `input shortreal a[]` and `output shortreal b[]` with the standard's
/// ABI (`float` elements): `b[i] = 2 * a[i]`.
#[dpi_import(ieee)]
pub fn f32_oa_double(a: OpenArray<'_, f32>, mut b: OpenArrayOut<'_, f32>) -> i32 {
    for (i, x) in (b.low()..=b.high()).zip(a.to_vec()) {
        b.set(i, 2.0 * x);
    }
    a.len() as i32
}

/// Panics with a local whose destructor panics again while the first panic
/// unwinds: Rust aborts inside its panic machinery, before the shim sees
/// the panic.
#[dpi_import]
pub fn dpi_panics_while_unwinding(code: i32) -> i32 {
    let _guard = c_tests::exports::results::PanicsWhileUnwinding;
    panic!("first panic with code {code}");
}

unsafe extern "C" {
    #[link_name = "dpi_panics_while_unwinding"]
    fn c_dpi_panics_while_unwinding(code: i32) -> i32;
    #[link_name = "ovl_copy"]
    fn c_ovl_copy(source: *mut c_void, target: *mut c_void) -> i32;
    #[link_name = "oa_bump_each"]
    fn c_oa_bump_each(values: *mut c_void) -> i32;
    #[link_name = "ovl_fill"]
    fn c_ovl_fill(out: *mut c_void, values: *mut c_void) -> i32;
    #[link_name = "ovl_sum_both"]
    fn c_ovl_sum_both(a: *mut c_void, b: *mut c_void) -> i32;
    #[link_name = "ovl_names_into"]
    fn c_ovl_names_into(names: *const [*const c_char; 2], bytes: *mut c_void) -> i32;
    #[link_name = "ovl_upper_into"]
    fn c_ovl_upper_into(name: *const c_char, bytes: *mut c_void) -> i32;
    #[link_name = "str_grow"]
    fn c_str_grow(text: *mut *const c_char);
    #[link_name = "str_echo"]
    fn c_str_echo(text: *const c_char, echo: *mut *const c_char) -> i32;
    #[link_name = "str_oa_rotate"]
    fn c_str_oa_rotate(a: *mut c_void, b: *mut c_void, c: *mut c_void) -> i32;
    #[link_name = "str_oa_maybe_fill"]
    fn c_str_oa_maybe_fill(write: i32, c: *mut c_void) -> i32;
    #[link_name = "f32_oa_double"]
    fn c_f32_oa_double(a: *mut c_void, b: *mut c_void) -> i32;
}

// ---------------------------------------------------------------------------
// Running a scenario that must abort in a child process.

const CHILD: &str = "DPI_BOUNDARY_CHILD";

/// In the child: run `scenario`, which must abort (returning is reported).
/// In the parent: re-execute this test alone and check it aborted with
/// every fragment of `expected` on stderr.
fn must_abort(test: &str, expected: &[&str], scenario: impl FnOnce()) {
    use std::os::unix::process::ExitStatusExt;
    if std::env::var_os(CHILD).is_some() {
        scenario();
        eprintln!("CHILD RETURNED");
        return;
    }
    let output = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", test, "--nocapture", "--test-threads=1"])
        .env(CHILD, "1")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        output.status.signal(),
        Some(6),
        "expected SIGABRT, got {}; stderr:\n{stderr}",
        output.status
    );
    assert!(!stderr.contains("CHILD RETURNED"), "{stderr}");
    for fragment in expected {
        assert!(
            stderr.contains(fragment),
            "stderr lacks {fragment:?}:\n{stderr}"
        );
    }
}

/// The overlap report of `symbol` naming both arguments.
fn overlap_report<'a>(symbol: &'a str, first: &'a str, second: &'a str) -> [&'a str; 4] {
    [symbol, first, second, "share memory"]
}

// ---------------------------------------------------------------------------
// Open arrays in the overlap check.

#[test]
#[cfg_attr(miri, ignore = "re-executes the test binary, which Miri cannot")]
fn the_same_array_as_input_and_inout_aborts() {
    must_abort(
        "the_same_array_as_input_and_inout_aborts",
        &overlap_report(
            "(C symbol `ovl_copy`)",
            "`source: OpenArray<'_, i32>`",
            "`target: OpenArrayMut<'_, i32>`",
        ),
        || {
            let mut data = [1, 2, 3, 4];
            let mut array = SimArray::over(data.as_mut_ptr(), 4, true);
            let handle = array.handle();
            // SAFETY: a live handle of `int [0:3]`, for both arguments.
            unsafe { c_ovl_copy(handle, handle) };
        },
    );
}

#[test]
#[cfg_attr(miri, ignore = "re-executes the test binary, which Miri cannot")]
fn two_handles_over_one_buffer_abort() {
    must_abort(
        "two_handles_over_one_buffer_abort",
        &overlap_report(
            "(C symbol `ovl_copy`)",
            "`source: OpenArray<'_, i32>`",
            "`target: OpenArrayMut<'_, i32>`",
        ),
        || {
            // Overlapping halves: elements 0..4 and 2..6 of one buffer.
            let mut data = [1, 2, 3, 4, 5, 6];
            let mut low = SimArray::over(data.as_mut_ptr(), 4, true);
            let mut high = SimArray::over(data.as_mut_ptr().wrapping_add(2), 4, true);
            // SAFETY: live handles of `int [0:3]`.
            unsafe { c_ovl_copy(low.handle(), high.handle()) };
        },
    );
}

#[test]
#[cfg_attr(miri, ignore = "re-executes the test binary, which Miri cannot")]
fn an_output_array_over_an_input_aborts() {
    must_abort(
        "an_output_array_over_an_input_aborts",
        &overlap_report(
            "(C symbol `ovl_fill`)",
            "`out: OpenArrayOut<'_, i32>`",
            "`values: OpenArray<'_, i32>`",
        ),
        || {
            let mut data = [1, 2, 3];
            let mut array = SimArray::over(data.as_mut_ptr(), 3, true);
            let handle = array.handle();
            // SAFETY: a live handle of `int [0:2]`.
            unsafe { c_ovl_fill(handle, handle) };
        },
    );
}

#[test]
#[cfg_attr(miri, ignore = "re-executes the test binary, which Miri cannot")]
fn a_string_inside_a_writable_array_aborts() {
    must_abort(
        "a_string_inside_a_writable_array_aborts",
        &overlap_report(
            "(C symbol `ovl_upper_into`)",
            "`name: &CStr`",
            "`bytes: OpenArrayMut<'_, u8>`",
        ),
        || {
            let mut bytes = *b"name\0";
            let mut array = SimArray::over(bytes.as_mut_ptr(), 5, true);
            let name = bytes.as_ptr().cast::<c_char>();
            // SAFETY: a NUL-terminated string and a live handle of
            // `byte [0:4]`.
            unsafe { c_ovl_upper_into(name, array.handle()) };
        },
    );
}

#[test]
#[cfg_attr(miri, ignore = "re-executes the test binary, which Miri cannot")]
fn a_string_of_an_array_inside_a_writable_array_aborts() {
    must_abort(
        "a_string_of_an_array_inside_a_writable_array_aborts",
        &overlap_report(
            "(C symbol `ovl_names_into`)",
            "`names: [&CStr; 2]`",
            "`bytes: OpenArrayMut<'_, u8>`",
        ),
        || {
            // The second string of the array lies inside the array the
            // import writes.
            let first = c"ab";
            let mut bytes = *b"cd\0\0\0\0";
            let mut array = SimArray::over(bytes.as_mut_ptr(), 6, true);
            let names = [first.as_ptr(), bytes.as_ptr().cast::<c_char>()];
            // SAFETY: two NUL-terminated strings and a live handle of
            // `byte [0:5]`.
            unsafe { c_ovl_names_into(&names, array.handle()) };
        },
    );
}

#[test]
#[cfg_attr(miri, ignore = "re-executes the test binary, which Miri cannot")]
fn the_same_handle_without_a_buffer_aborts() {
    must_abort(
        "the_same_handle_without_a_buffer_aborts",
        &overlap_report(
            "(C symbol `ovl_copy`)",
            "`source: OpenArray<'_, i32>`",
            "`target: OpenArrayMut<'_, i32>`",
        ),
        || {
            // No `svGetArrayPtr` buffer: the handle itself is compared.
            let mut data = [1, 2];
            let mut array = SimArray::over(data.as_mut_ptr(), 2, false);
            let handle = array.handle();
            // SAFETY: a live handle of `int [0:1]`.
            unsafe { c_ovl_copy(handle, handle) };
        },
    );
}

#[test]
fn disjoint_and_shared_arrays_run() {
    let mut source = [1, 2, 3];
    let mut target = [0; 3];
    let mut source_array = SimArray::over(source.as_mut_ptr(), 3, true);
    // Adjacent in memory (no byte shared): fine.
    let mut adjacent = [0; 6];
    let (left, right) = adjacent.split_at_mut(3);
    left.copy_from_slice(&source);
    let mut left_array = SimArray::over(left.as_mut_ptr(), 3, true);
    let mut right_array = SimArray::over(right.as_mut_ptr(), 3, true);
    let mut target_array = SimArray::over(target.as_mut_ptr(), 3, true);
    // SAFETY: live handles of `int [0:2]`, over distinct memory.
    let sum = unsafe { c_ovl_copy(source_array.handle(), target_array.handle()) };
    assert_eq!((sum, target), (6, [2, 3, 4]));
    // SAFETY: as above.
    let sum = unsafe { c_ovl_copy(left_array.handle(), right_array.handle()) };
    assert_eq!((sum, &adjacent[3..]), (6, &[2, 3, 4][..]));
    // One array as both inputs of a function that only reads: shared.
    let handle = source_array.handle();
    // SAFETY: a live handle, read twice.
    assert_eq!(unsafe { c_ovl_sum_both(handle, handle) }, 12);
    // Without buffers, two handles over one array are only accessed
    // through svdpi.h (no Rust reference to alias): not refused.
    let mut data = [5, 6];
    let mut first = SimArray::over(data.as_mut_ptr(), 2, false);
    let mut second = SimArray::over(data.as_mut_ptr(), 2, false);
    // SAFETY: live handles of `int [0:1]`.
    assert_eq!(unsafe { c_ovl_copy(first.handle(), second.handle()) }, -1);
    // An array of strings beside a writable array that holds none of them.
    let (ab, cd) = (c"ab", c"cd");
    let mut bytes = [0u8; 6];
    let mut bytes_array = SimArray::over(bytes.as_mut_ptr(), 6, true);
    let names = [ab.as_ptr(), cd.as_ptr()];
    // SAFETY: two NUL-terminated strings and a live handle of `byte [0:5]`.
    let written = unsafe { c_ovl_names_into(&names, bytes_array.handle()) };
    assert_eq!((written, &bytes), (4, b"ABCD\0\0"));
}

// ---------------------------------------------------------------------------
// Element access of a writable view, which keeps what it asked the simulator.

#[test]
fn a_writable_view_reads_and_writes_each_element_once_asked() {
    let mut data = [1, 2, 3, 4];
    let mut array = SimArray::over(data.as_mut_ptr(), 4, true);
    // SAFETY: a live handle of `int [0:3]`.
    let sum = unsafe { c_oa_bump_each(array.handle()) };
    assert_eq!((sum, data), (10, [2, 3, 4, 5]));
    // Without a buffer the addresses are not checked against one.
    let mut array = SimArray::over(data.as_mut_ptr(), 4, false);
    // SAFETY: as above.
    let sum = unsafe { c_oa_bump_each(array.handle()) };
    assert_eq!((sum, data), (14, [3, 4, 5, 6]));
}

#[test]
#[cfg_attr(miri, ignore = "re-executes the test binary, which Miri cannot")]
fn an_element_outside_the_reported_buffer_aborts() {
    must_abort(
        "an_element_outside_the_reported_buffer_aborts",
        &[
            "(C symbol `oa_bump_each`)",
            "open array element [0] lies outside the array the simulator reports (0 bytes from svGetArrayPtr)",
        ],
        || {
            let mut data = [1, 2];
            let mut array = SimArray::over(data.as_mut_ptr(), 2, true);
            array.reported_bytes = Some(0);
            // SAFETY: a live handle of `int [0:1]`, whose simulator
            // reports a buffer of 0 bytes.
            unsafe { c_oa_bump_each(array.handle()) };
        },
    );
}

// ---------------------------------------------------------------------------
// Strings of the previous call, read by the next one.

/// A string longer than the 16 bytes glibc's allocator overwrites when it
/// frees a block, so that reading it after the free shows.
const LONG: &CStr = c"a string of more than sixteen bytes";

/// The string a cell points to.
///
/// # Safety
///
/// `text` points to a live NUL-terminated string.
unsafe fn text_of(text: *const c_char) -> String {
    // SAFETY: the caller's contract.
    unsafe { CStr::from_ptr(text) }
        .to_string_lossy()
        .into_owned()
}

#[test]
fn an_inout_string_cell_holding_rusts_last_string_is_read_before_it_is_freed() {
    let mut cell: *const c_char = LONG.as_ptr();
    for pluses in 1..=3 {
        // From the second call on, the cell holds the string Rust handed
        // over in the previous one (the caller kept nothing else).
        // SAFETY: a valid `inout string` cell.
        unsafe { c_str_grow(&mut cell) };
        // SAFETY: the string Rust just handed over.
        let text = unsafe { text_of(cell) };
        assert_eq!(
            text,
            format!("{}{}", LONG.to_str().unwrap(), "+".repeat(pluses))
        );
    }
}

#[test]
fn a_result_passed_back_as_an_input_is_read_before_it_is_freed() {
    let mut first: *const c_char = core::ptr::null();
    // SAFETY: a live string and a valid output cell.
    let len = unsafe { c_str_echo(LONG.as_ptr(), &mut first) };
    assert_eq!(len, LONG.count_bytes() as i32);
    // The output of the first call, passed back as the input of the next
    // (which has a string output, so it frees the first call's strings).
    let mut second: *const c_char = core::ptr::null();
    // SAFETY: `first` is Rust's string of the previous call, alive until
    // this call has read it.
    let len = unsafe { c_str_echo(first, &mut second) };
    assert_eq!(len, LONG.count_bytes() as i32);
    // SAFETY: the string Rust just handed over.
    assert_eq!(unsafe { text_of(second) }, LONG.to_str().unwrap());
}

// ---------------------------------------------------------------------------
// Open arrays of strings and shortreals with the standard's ABI.

/// The strings a `string` open array's elements point to.
///
/// # Safety
///
/// Each element points to a live NUL-terminated string.
unsafe fn texts_of(elements: &[*const c_char]) -> Vec<String> {
    elements
        .iter()
        // SAFETY: the caller's contract.
        .map(|&text| unsafe { text_of(text) })
        .collect()
}

#[test]
fn an_inout_string_array_left_as_rust_wrote_it_is_not_freed_under_the_caller() {
    let mut c = [c"a".as_ptr(), c"b".as_ptr()];
    let mut c_array = SimArray::over(c.as_mut_ptr(), 2, true);
    // SAFETY: a live handle of `string [0:1]`, its elements live strings.
    assert_eq!(unsafe { c_str_oa_maybe_fill(7, c_array.handle()) }, 2);
    // SAFETY: Rust's strings of this call.
    assert_eq!(unsafe { texts_of(&c) }, ["7", "7"]);
    // The caller leaves Rust's strings in the array, and the next calls do
    // not write them: they release the strings of earlier calls, and the
    // elements must still read as they were after each.
    for _ in 0..2 {
        let mut c_array = SimArray::over(c.as_mut_ptr(), 2, true);
        // SAFETY: as above; the elements are Rust's strings of the
        // previous call.
        assert_eq!(unsafe { c_str_oa_maybe_fill(0, c_array.handle()) }, 2);
        // SAFETY: strings Rust handed over in this call.
        assert_eq!(unsafe { texts_of(&c) }, ["7", "7"]);
    }
}

#[test]
fn string_open_arrays_in_every_direction() {
    let long =
        |tail: &str| std::ffi::CString::new(format!("{} {tail}", LONG.to_str().unwrap())).unwrap();
    let (a0, a1, a2) = (long("0"), long("1"), long("22"));
    let (c0, c1, c2) = (c"x", c"yy", c"zzz");
    let mut a = [a0.as_ptr(), a1.as_ptr(), a2.as_ptr()];
    // What an `output` array holds on entry need not point anywhere: the
    // view sets each element to an empty string before the function
    // reads it.
    let mut b: [*const c_char; 3] = [core::ptr::dangling(); 3];
    let mut c = [c0.as_ptr(), c1.as_ptr(), c2.as_ptr()];
    let mut a_array = SimArray::over(a.as_mut_ptr(), 3, true);
    let mut b_array = SimArray::over(b.as_mut_ptr(), 3, true);
    let mut c_array = SimArray::over(c.as_mut_ptr(), 3, true);
    // SAFETY: live handles of `string [0:2]`, the input's and inout's
    // elements live strings.
    let total = unsafe { c_str_oa_rotate(a_array.handle(), b_array.handle(), c_array.handle()) };
    assert_eq!(total, (3 * LONG.count_bytes() + 3 * 2 + 1) as i32);
    // Written while the function ran, the strings outlive the call (they
    // are freed by a later one): readable here, as the simulator copies
    // them.
    // SAFETY: Rust's strings of this call.
    assert_eq!(unsafe { texts_of(&b) }, ["yy", "zzz", "x"]);
    let bang = |text: &std::ffi::CString| format!("{}!", text.to_str().unwrap());
    // SAFETY: as above.
    assert_eq!(unsafe { texts_of(&c) }, [bang(&a1), bang(&a2), bang(&a0)]);
    // The next call reads the elements Rust wrote in the previous one
    // (`c` as its input, `b` as its inout) before it frees them.
    let mut d: [*const c_char; 3] = [core::ptr::dangling(); 3];
    let mut d_array = SimArray::over(d.as_mut_ptr(), 3, true);
    let mut c_input = SimArray::over(c.as_mut_ptr(), 3, true);
    let mut b_inout = SimArray::over(b.as_mut_ptr(), 3, true);
    // SAFETY: live handles; the elements of `c` and `b` Rust's strings of
    // the previous call.
    let total = unsafe { c_str_oa_rotate(c_input.handle(), d_array.handle(), b_inout.handle()) };
    assert_eq!(total, (3 * LONG.count_bytes() + 3 * 2 + 1 + 3) as i32);
    // SAFETY: Rust's strings of this call.
    assert_eq!(unsafe { texts_of(&d) }, ["zzz", "x", "yy"]);
    // SAFETY: as above.
    let inout = unsafe { texts_of(&b) };
    assert_eq!(inout, [bang(&a2) + "!", bang(&a0) + "!", bang(&a1) + "!"]);
}

#[test]
fn shortreal_open_arrays_are_floats_with_the_standards_abi() {
    let mut a = [0.5f32, -1.25, 3.0];
    let mut b = [0.0f32; 3];
    let mut a_array = SimArray::over(a.as_mut_ptr(), 3, true);
    let mut b_array = SimArray::over(b.as_mut_ptr(), 3, true);
    // SAFETY: live handles of `shortreal [0:2]` (`float` elements).
    let count = unsafe { c_f32_oa_double(a_array.handle(), b_array.handle()) };
    assert_eq!(count, 3);
    assert_eq!(b, [1.0, -2.5, 6.0]);
}

// ---------------------------------------------------------------------------
// A panic Rust aborts for by itself.

/// A destructor panicking while a panic unwinds makes Rust abort before the
/// shim can catch anything: the panic hook still names the import and its
/// symbol (the shim's code address is in the registry's table).
#[test]
#[cfg_attr(miri, ignore = "re-executes the test binary, which Miri cannot")]
fn a_panic_while_unwinding_names_the_import() {
    must_abort(
        "a_panic_while_unwinding_names_the_import",
        &[
            "first panic with code 9",
            "`dpi_boundary::dpi_panics_while_unwinding` (C symbol `dpi_panics_while_unwinding`) panicked in a destructor while a panic was unwinding",
        ],
        || {
            // SAFETY: an `int` argument; the import aborts.
            unsafe { c_dpi_panics_while_unwinding(9) };
        },
    );
}
