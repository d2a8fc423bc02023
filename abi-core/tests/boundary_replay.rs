//! The hostile-caller attacks that end in a status, replayed from Rust
//! through the exported `extern "C"` shims, so that Miri (`cargo xtask
//! test` runs this file under it) checks the shims' unsafe code on the
//! paths bad foreign data takes. (The attacks that abort are run from C by
//! `c-tests/tests/hostile_callers.rs`, natively and under valgrind.)

use core::ffi::CStr;

use abi_core::bitint::UBitInt;
use abi_core::c::status::ErrorCode;
use abi_core::c::{CBool, CParam};
use abi_core::model::c::{CScalar, CTypeDesc};
use abi_core::packed::{Packed, PackedStruct};
use abi_core::{ArgError, c_export};

/// Sum of the elements.
#[c_export]
pub fn rp_sum(xs: &[i32]) -> Result<i64, ErrorCode> {
    Ok(xs.iter().map(|&x| i64::from(x)).sum())
}

/// Swaps through two exclusive references.
#[c_export]
pub fn rp_swap(a: &mut u32, b: &mut u32) -> Result<(), ErrorCode> {
    core::mem::swap(a, b);
    Ok(())
}

/// Copies `src` into `dst`.
#[c_export]
pub fn rp_copy(dst: &mut [u8], src: &[u8]) -> Result<usize, ErrorCode> {
    let n = dst.len().min(src.len());
    dst[..n].copy_from_slice(&src[..n]);
    Ok(n)
}

/// How many flags are set.
#[c_export]
pub fn rp_count(flags: &[CBool]) -> usize {
    flags.iter().filter(|f| f.get()).count()
}

/// Parses a decimal number.
#[c_export]
pub fn rp_parse(text: &str) -> Result<i32, ErrorCode> {
    text.parse().map_err(|_| ErrorCode::of(1))
}

/// Panics for a negative input.
#[c_export]
pub fn rp_checked(x: i32) -> Result<i32, ErrorCode> {
    assert!(x >= 0, "rp_checked needs a non-negative input");
    Ok(x)
}

/// `u64::from(x)`.
#[c_export]
pub fn rp_widen(x: u16) -> u64 {
    u64::from(x)
}

/// A 32-bit packed value: C passes a pointer to its 4 host-order bytes,
/// and the shim copies them.
#[derive(Packed, Clone, Copy, Debug, PartialEq, Eq)]
pub struct RpWord {
    /// Bits 31..16.
    pub high: UBitInt<16>,
    /// Bits 15..0.
    pub low: UBitInt<16>,
}

/// Stores the bytes of `value` at the front of `dst`, then zeroes the rest.
#[c_export]
pub fn rp_store_word(dst: &mut [u8], value: RpWord) -> Result<usize, ErrorCode> {
    let bytes = value.to_le_bytes();
    let n = dst.len().min(bytes.len());
    dst[..n].copy_from_slice(&bytes[..n]);
    dst[n..].fill(0);
    Ok(n)
}

/// Copies the string (without its NUL) into `dst`.
#[c_export]
pub fn rp_copy_cstr(dst: &mut [u8], text: &CStr) -> Result<usize, ErrorCode> {
    let text = text.to_bytes();
    let n = dst.len().min(text.len());
    dst[..n].copy_from_slice(&text[..n]);
    Ok(n)
}

/// A byte C passes by pointer, which the conversion copies: a parameter
/// type of the user's, that reads through its pointer and (allowed: it
/// keeps no borrow) says nothing to the overlap check.
#[derive(Debug, Clone, Copy)]
pub struct FirstByte(u8);

// SAFETY: a copy of the byte, holding no borrow.
unsafe impl<'call> abi_core::BorrowedFor<'call> for FirstByte {}

// SAFETY: `const uint8_t *`, read once (a copy) during the conversion; NULL
// is refused; the value keeps no borrow and writes nothing (`In`).
unsafe impl CParam for FirstByte {
    type Raw = *const u8;
    const C_TYPE: CTypeDesc = CTypeDesc::Pointer {
        pointee: &CTypeDesc::scalar::<u8>(CScalar::Uint8),
        is_const: true,
    };
    unsafe fn from_c(raw: *const u8) -> Result<Self, ArgError> {
        if raw.is_null() {
            return Err(ArgError::Null);
        }
        // SAFETY: non-NULL; a readable byte by the caller's contract.
        Ok(FirstByte(unsafe { raw.read() }))
    }
}

/// Fills `dst` with the byte after `first`; returns `first`.
#[c_export]
pub fn rp_fill_after(dst: &mut [u8], first: FirstByte) -> Result<u8, ErrorCode> {
    dst.fill(first.0.wrapping_add(1));
    Ok(first.0)
}

/// The C view of the exports, as a C caller declares them.
mod c {
    unsafe extern "C" {
        pub(crate) fn rp_sum(xs: *const i32, len: usize, out: *mut i64) -> i32;
        pub(crate) fn rp_swap(a: *mut u32, b: *mut u32) -> i32;
        pub(crate) fn rp_copy(
            dst: *mut u8,
            dst_len: usize,
            src: *const u8,
            src_len: usize,
            out: *mut usize,
        ) -> i32;
        pub(crate) fn rp_count(flags: *const u8, len: usize) -> usize;
        pub(crate) fn rp_parse(text: *const u8, len: usize, out: *mut i32) -> i32;
        pub(crate) fn rp_checked(x: i32, out: *mut i32) -> i32;
        /// Declared with the wider slot, as a caller that does not extend.
        pub(crate) fn rp_widen(x: u32) -> u64;
        pub(crate) fn rp_store_word(
            dst: *mut u8,
            dst_len: usize,
            value: *const u8,
            out: *mut usize,
        ) -> i32;
        pub(crate) fn rp_copy_cstr(
            dst: *mut u8,
            dst_len: usize,
            text: *const core::ffi::c_char,
            out: *mut usize,
        ) -> i32;
        pub(crate) fn rp_fill_after(
            dst: *mut u8,
            dst_len: usize,
            first: *const u8,
            out: *mut u8,
        ) -> i32;
    }
}

/// Calls one shim the way a hostile C caller does.
///
/// The pointers an attack passes are NULL, misaligned, overlapping, of a
/// lying length, or valid: every one is either checked by the shim before
/// use or points into a live local of the test. That is the safety
/// argument of every `unsafe` block below.
macro_rules! attack {
    ($call:expr) => {{
        // SAFETY: see `attack!`: the shim checks what the attack breaks;
        // everything else points into live locals.
        unsafe { $call }
    }};
}

const NULL_POINTER: i32 = -2;
const INVALID_ARGUMENT: i32 = -3;
const PANIC: i32 = -1;

#[test]
fn slices_from_a_hostile_caller() {
    let xs = [1i32, 2, 3, 4];
    let mut out = 0i64;
    assert_eq!(attack!(c::rp_sum(xs.as_ptr(), 4, &mut out)), 0);
    assert_eq!(out, 10);
    assert_eq!(
        attack!(c::rp_sum(core::ptr::null(), 4, &mut out)),
        NULL_POINTER
    );
    assert_eq!(attack!(c::rp_sum(core::ptr::null(), 0, &mut out)), 0);
    assert_eq!(out, 0);
    let misaligned = xs.as_ptr().cast::<u8>().wrapping_add(1).cast::<i32>();
    assert_eq!(
        attack!(c::rp_sum(misaligned, 1, &mut out)),
        INVALID_ARGUMENT
    );
    assert_eq!(
        attack!(c::rp_sum(xs.as_ptr(), usize::MAX / 2, &mut out)),
        INVALID_ARGUMENT
    );
    assert_eq!(
        attack!(c::rp_sum(xs.as_ptr(), 1, core::ptr::null_mut())),
        NULL_POINTER
    );
}

#[test]
fn overlapping_arguments_are_refused() {
    let mut x = 1u32;
    let mut y = 2u32;
    let mut buffer = [1u8, 2, 3, 4, 5, 6];
    let mut copied = 0usize;
    let p = buffer.as_mut_ptr();
    let px: *mut u32 = &mut x;
    // Refused before any reference is formed (Miri checks that too).
    assert_eq!(attack!(c::rp_swap(px, px)), INVALID_ARGUMENT);
    assert_eq!(attack!(c::rp_swap(px, &mut y)), 0);
    assert_eq!(
        attack!(c::rp_copy(p, 4, p.wrapping_add(2), 4, &mut copied)),
        INVALID_ARGUMENT
    );
    assert_eq!(
        attack!(c::rp_copy(p, 3, p.wrapping_add(3), 3, &mut copied)),
        0
    );
    assert_eq!((x, y), (2, 1));
    assert_eq!(buffer, [4, 5, 6, 4, 5, 6]);
    assert_eq!(copied, 3);
}

/// Arguments read through a pointer take part in the overlap check: a
/// packed value by value (copied from the bytes C points to) or a `&CStr`
/// inside a `&mut [u8]` beside it is refused before any reference exists.
/// Before the packed value took part, the shim formed the `&mut [u8]`,
/// copied the value's bytes from inside it, then used the `&mut` (Miri:
/// Stacked Borrows violation; natively the result was right).
#[test]
fn arguments_read_through_a_pointer_are_in_the_overlap_check() {
    let mut buffer = [0x11u8, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88];
    let mut stored = 0usize;
    // Raw pointers to the locals, not through a reference: the locals are
    // read directly between the calls.
    let p = (&raw mut buffer).cast::<u8>();
    assert_eq!(
        attack!(c::rp_store_word(p, 8, p.wrapping_add(2), &mut stored)),
        INVALID_ARGUMENT
    );
    // Last byte of the value on the first byte of the slice.
    assert_eq!(
        attack!(c::rp_store_word(p.wrapping_add(3), 4, p, &mut stored)),
        INVALID_ARGUMENT
    );
    assert_eq!(buffer, [0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88]);
    // Adjacent is not overlapping: the value is the 4 bytes before.
    assert_eq!(
        attack!(c::rp_store_word(p.wrapping_add(4), 4, p, &mut stored)),
        0
    );
    assert_eq!(stored, 4);
    assert_eq!(buffer, [0x11, 0x22, 0x33, 0x44, 0x11, 0x22, 0x33, 0x44]);
    let word = RpWord::from_u64(0x0102_0304);
    assert_eq!(
        attack!(c::rp_store_word(
            p,
            6,
            word.to_le_bytes().as_ptr(),
            &mut stored
        )),
        0
    );
    assert_eq!(buffer, [4, 3, 2, 1, 0, 0, 0x33, 0x44]);
    assert_eq!(
        attack!(c::rp_store_word(p, 8, core::ptr::null(), &mut stored)),
        NULL_POINTER
    );

    let mut text = *b"abcdef\0";
    let t = (&raw mut text).cast::<u8>();
    let mut copied = 0usize;
    assert_eq!(
        attack!(c::rp_copy_cstr(t.wrapping_add(4), 3, t.cast(), &mut copied)),
        INVALID_ARGUMENT,
        "the string's NUL lies in the slice"
    );
    assert_eq!(
        attack!(c::rp_copy_cstr(t, 2, t.wrapping_add(3).cast(), &mut copied)),
        0
    );
    assert_eq!(copied, 2);
    assert_eq!(&text, b"decdef\0");
}

/// A parameter type that copies its value from a pointer without telling
/// the overlap check (it keeps no borrow, which its contract allows) is
/// converted before any argument that may write: the `&mut [u8]` is formed
/// after the byte is read, so Miri sees no read under a live `&mut`. (In
/// parameter order, the shim formed the `&mut` first.)
#[test]
fn arguments_that_only_read_are_converted_before_any_mut() {
    let mut buffer = [7u8, 0, 0, 0];
    let p = (&raw mut buffer).cast::<u8>();
    let mut first = 0u8;
    assert_eq!(
        attack!(c::rp_fill_after(p, 4, p.wrapping_add(0), &mut first)),
        0
    );
    assert_eq!((first, buffer), (7, [8; 4]));
}

/// i386 passes a `_BitInt` above 64 bits as a pointer to the caller's
/// copy, which the shim reads: that pointer takes part in the overlap check
/// too. (Run by Miri with `--target i686-unknown-linux-gnu`.)
#[cfg(target_arch = "x86")]
mod by_reference {
    use super::{ErrorCode, INVALID_ARGUMENT, NULL_POINTER, UBitInt, c_export};

    /// Zeroes `dst`; returns the value's low byte.
    #[c_export]
    pub(crate) fn rp_zero_then_low_byte(
        dst: &mut [u8],
        value: UBitInt<96>,
    ) -> Result<u8, ErrorCode> {
        dst.fill(0);
        Ok(value.to_le_bytes()[0])
    }

    mod c {
        unsafe extern "C" {
            pub(crate) fn rp_zero_then_low_byte(
                dst: *mut u8,
                dst_len: usize,
                value: *const [u32; 3],
                out: *mut u8,
            ) -> i32;
        }
    }

    #[test]
    fn a_bitint_passed_by_reference_is_in_the_overlap_check() {
        let mut buffer = [0xabu8; 16];
        let p = (&raw mut buffer).cast::<u8>();
        let mut low = 0u8;
        let inside = p.wrapping_add(3).cast::<[u32; 3]>().cast_const();
        assert_eq!(
            attack!(c::rp_zero_then_low_byte(p, 16, inside, &mut low)),
            INVALID_ARGUMENT
        );
        assert_eq!(buffer, [0xab; 16]);
        let value = [0x0403_0201u32, 0, 0];
        assert_eq!(
            attack!(c::rp_zero_then_low_byte(p, 16, &value, &mut low)),
            0
        );
        assert_eq!((low, buffer), (1, [0; 16]));
        assert_eq!(
            attack!(c::rp_zero_then_low_byte(p, 16, core::ptr::null(), &mut low)),
            NULL_POINTER
        );
    }
}

#[test]
fn c_bools_strings_panics_and_narrow_integers() {
    let bytes = [0u8, 1, 2, 0x80, 0xff];
    let mut out = 0i32;
    assert_eq!(attack!(c::rp_count(bytes.as_ptr(), bytes.len())), 4);
    assert_eq!(attack!(c::rp_parse(b"42".as_ptr(), 2, &mut out)), 0);
    assert_eq!(out, 42);
    assert_eq!(
        attack!(c::rp_parse(b"4\xff".as_ptr(), 2, &mut out)),
        INVALID_ARGUMENT
    );
    assert_eq!(
        attack!(c::rp_parse(b"\xc0\xb1".as_ptr(), 2, &mut out)),
        INVALID_ARGUMENT
    );
    assert_eq!(attack!(c::rp_parse(b"x".as_ptr(), 1, &mut out)), 1);
    assert_eq!(attack!(c::rp_checked(-1, &mut out)), PANIC);
    assert_eq!(attack!(c::rp_widen(0xabcd_0005)), 5);
}

/// Exports called from several threads at once, while other threads read
/// the registry and share chandles: ThreadSanitizer (`cargo xtask test`
/// runs this file under it) reports any race in the shims, the registry or
/// the chandle table.
#[test]
#[cfg_attr(
    miri,
    ignore = "the registry's linker sections are outside Miri's model"
)]
fn concurrent_calls_registry_and_chandles() {
    use abi_core::dpi::{Chandle, DpiType};
    let shared = Chandle::new(std::sync::atomic::AtomicU64::new(0));
    let number = <Chandle<_> as DpiType>::to_cell(shared).addr();
    let threads: Vec<_> = (0..4)
        .map(|t| {
            std::thread::spawn(move || {
                // SAFETY: rebuilt from its number, as a simulator passes it;
                // checked when used.
                let handle: Chandle<std::sync::atomic::AtomicU64> =
                    unsafe { DpiType::from_input(core::ptr::without_provenance_mut(number)) }
                        .unwrap();
                let xs = [t, 1, 2];
                let mut out = 0i64;
                for _ in 0..50 {
                    assert_eq!(attack!(c::rp_sum(xs.as_ptr(), 3, &mut out)), 0);
                    assert_eq!(out, i64::from(t) + 3);
                    handle
                        .with(|n| n.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                        .unwrap();
                    let own = Chandle::new(vec![t; 3]);
                    assert_eq!(own.free().unwrap(), vec![t; 3]);
                }
                abi_core::Registry::all().function("rp_sum").is_some()
            })
        })
        .collect();
    for thread in threads {
        assert!(thread.join().unwrap(), "rp_sum is registered");
    }
    assert_eq!(shared.free().unwrap().into_inner(), 200);
}
