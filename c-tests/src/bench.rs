//! Pairs of functions for the shim-cost benchmark (`cargo xtask bench`):
//! each generated `#[c_export]` shim next to the `extern "C"` function a
//! careful person would write by hand for the same work.
//!
//! The hand-written versions do what the generated ones guarantee where the
//! signature calls for it (NULL checks, a status for a NULL out-pointer), so
//! the comparison is of equal behaviour, not of a checked shim against an
//! unchecked one.

use abi_core::c::status::ErrorCode;
use abi_core::c_export;

/// Generated: wrapping `i32` addition.
#[c_export]
pub fn bench_add_generated(a: i32, b: i32) -> i32 {
    a.wrapping_add(b)
}

/// Hand-written equivalent of `bench_add_generated`.
#[unsafe(no_mangle)]
pub extern "C" fn bench_add_handwritten(a: i32, b: i32) -> i32 {
    a.wrapping_add(b)
}

/// Generated: `a / b` with a status and an out-pointer.
#[c_export]
pub fn bench_div_generated(a: i32, b: i32) -> Result<i32, ErrorCode> {
    a.checked_div(b).ok_or(ErrorCode::of(7))
}

/// Hand-written equivalent of `bench_div_generated`.
///
/// # Safety
///
/// `out` is NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bench_div_handwritten(a: i32, b: i32, out: *mut i32) -> i32 {
    if out.is_null() || !out.is_aligned() {
        return -2;
    }
    match a.checked_div(b) {
        Some(q) => {
            // SAFETY: checked non-NULL and aligned above.
            unsafe { out.write(q) };
            0
        }
        None => 7,
    }
}

/// Generated: sum of a slice.
#[c_export]
pub fn bench_sum_generated(xs: &[i32]) -> i64 {
    xs.iter().map(|&x| i64::from(x)).sum()
}

/// Hand-written equivalent of `bench_sum_generated`.
///
/// # Safety
///
/// `xs` points to `len` elements unless `len` is 0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bench_sum_handwritten(xs: *const i32, len: usize) -> i64 {
    if len == 0 {
        return 0;
    }
    if xs.is_null()
        || !xs.is_aligned()
        || len > isize::MAX as usize / size_of::<i32>()
        || xs.addr().checked_add(len * size_of::<i32>()).is_none()
    {
        std::process::abort();
    }
    // SAFETY: non-NULL and aligned (checked above), `len` elements promised.
    let xs = unsafe { std::slice::from_raw_parts(xs, len) };
    xs.iter().map(|&x| i64::from(x)).sum()
}

/// Generated: add `src` into `dst` element-wise; two borrowing arguments,
/// so the shim checks that the exclusive one overlaps nothing.
#[c_export]
pub fn bench_axpy_generated(dst: &mut [i32], src: &[i32]) -> usize {
    let n = dst.len().min(src.len());
    for (d, s) in dst[..n].iter_mut().zip(&src[..n]) {
        *d = d.wrapping_add(*s);
    }
    n
}

/// Hand-written equivalent of `bench_axpy_generated`, with the same
/// checks: NULL, alignment, lengths, and no overlap between the buffers
/// (a careful author must check it too, or two Rust slices alias).
///
/// # Safety
///
/// Each pointer is valid for its length unless the length is 0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bench_axpy_handwritten(
    dst: *mut i32,
    dst_len: usize,
    src: *const i32,
    src_len: usize,
) -> usize {
    // The checks the shims make: NULL, alignment, a byte size that fits
    // `isize` and a range that does not wrap around the address space.
    let bad = |p: *const i32, len: usize| {
        len != 0
            && (p.is_null()
                || !p.is_aligned()
                || len > isize::MAX as usize / 4
                || p.addr().checked_add(4 * len).is_none())
    };
    if bad(dst.cast_const(), dst_len) || bad(src, src_len) {
        std::process::abort();
    }
    let (d0, s0) = (dst.addr(), src.addr());
    if dst_len != 0 && src_len != 0 && d0 < s0 + 4 * src_len && s0 < d0 + 4 * dst_len {
        std::process::abort();
    }
    let dst: &mut [i32] = if dst_len == 0 {
        &mut []
    } else {
        // SAFETY: checked above; `dst_len` elements promised, not aliased.
        unsafe { std::slice::from_raw_parts_mut(dst, dst_len) }
    };
    let src: &[i32] = if src_len == 0 {
        &[]
    } else {
        // SAFETY: checked above; `src_len` elements promised.
        unsafe { std::slice::from_raw_parts(src, src_len) }
    };
    let n = dst.len().min(src.len());
    for (d, s) in dst[..n].iter_mut().zip(&src[..n]) {
        *d = d.wrapping_add(*s);
    }
    n
}

/// The `_BitInt` pairs: wrapping addition at the three x86-64 passing
/// classes (one register, a register pair, memory), generated from
/// `BitInt<N>` and written by hand over the raw storage. Both sides
/// normalise what C passes (clang leaves the padding bits of
/// `_BitInt(24)` unspecified) and hand back a sign-extended value.
#[cfg(target_arch = "x86_64")]
pub mod bitint {
    use abi_core::bitint::BitInt;
    use abi_core::c_export;

    /// Generated: `_BitInt(24)`, one register.
    #[c_export]
    pub fn bench_bitint24_generated(a: BitInt<24>, b: BitInt<24>) -> BitInt<24> {
        a.wrapping_add(b)
    }

    /// Hand-written equivalent: the value is the low 24 bits of an `int`.
    #[unsafe(no_mangle)]
    pub extern "C" fn bench_bitint24_handwritten(a: i32, b: i32) -> i32 {
        let sign_extend = |x: i32| (x << 8) >> 8;
        sign_extend(sign_extend(a).wrapping_add(sign_extend(b)))
    }

    /// Generated: `_BitInt(128)`, a register pair.
    #[c_export]
    pub fn bench_bitint128_generated(a: BitInt<128>, b: BitInt<128>) -> BitInt<128> {
        a.wrapping_add(b)
    }

    /// `_BitInt(128)` on x86-64: two 8-byte words, 8-byte aligned (not
    /// `i128`, which Rust aligns to 16).
    #[repr(C)]
    #[derive(Clone, Copy, Debug)]
    pub struct Words128([u64; 2]);

    /// Hand-written equivalent of `bench_bitint128_generated`.
    #[unsafe(no_mangle)]
    pub extern "C" fn bench_bitint128_handwritten(a: Words128, b: Words128) -> Words128 {
        let wide = |w: Words128| u128::from(w.0[0]) | (u128::from(w.0[1]) << 64);
        let sum = wide(a).wrapping_add(wide(b));
        Words128([sum as u64, (sum >> 64) as u64])
    }

    /// Generated: `_BitInt(256)`, passed and returned in memory.
    #[c_export]
    pub fn bench_bitint256_generated(a: BitInt<256>, b: BitInt<256>) -> BitInt<256> {
        a.wrapping_add(b)
    }

    /// `_BitInt(256)` on x86-64: four 8-byte words, least significant first.
    #[repr(C)]
    #[derive(Clone, Copy, Debug)]
    pub struct Words256([u64; 4]);

    /// Hand-written equivalent of `bench_bitint256_generated`.
    #[unsafe(no_mangle)]
    pub extern "C" fn bench_bitint256_handwritten(a: Words256, b: Words256) -> Words256 {
        let mut sum = [0u64; 4];
        let mut carry = false;
        for ((s, &x), &y) in sum.iter_mut().zip(&a.0).zip(&b.0) {
            let (partial, c1) = x.overflowing_add(y);
            let (total, c2) = partial.overflowing_add(u64::from(carry));
            *s = total;
            carry = c1 | c2;
        }
        Words256(sum)
    }
}
