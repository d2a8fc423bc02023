//! The hostile-caller attacks that end in a status, replayed from Rust
//! through the exported `extern "C"` shims, so that Miri (`cargo xtask
//! test` runs this file under it) checks the shims' unsafe code on the
//! paths bad foreign data takes. (The attacks that abort are run from C by
//! `c-tests/tests/hostile_callers.rs`, natively and under valgrind.)

use abi_core::{CBool, ErrorCode, c_export};

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
