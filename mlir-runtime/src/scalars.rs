//! The functions of `libmlir_c_runner_utils` that `vector.print`, timing,
//! generic allocation and `memref.copy` lower to.

use core::ffi::{CStr, c_void};

use abi_core::memref::{ByteMemRefMut, MemRefMut, UnrankedMemRefDescriptor};
use abi_core::{c_export, ciface};

use crate::memrefs::refuse;
use crate::output::{Stream, push_g, push_printf, write};

fn out(bytes: &[u8]) {
    write(Stream::Out, bytes, false);
}

/// `printI64`: the integer in decimal.
#[c_export(name = "printI64")]
pub fn print_i64(i: i64) {
    out(i.to_string().as_bytes());
}

/// `printU64`: the integer in decimal.
#[c_export(name = "printU64")]
pub fn print_u64(u: u64) {
    out(u.to_string().as_bytes());
}

/// `printF32`: `printf("%g")`.
#[c_export(name = "printF32")]
pub fn print_f32(f: f32) {
    let mut text = Vec::new();
    push_g(&mut text, f64::from(f));
    out(&text);
}

/// `printF64`: `printf("%lg")`.
#[c_export(name = "printF64")]
pub fn print_f64(d: f64) {
    let mut text = Vec::new();
    push_g(&mut text, d);
    out(&text);
}

/// `printString`: the C string as it is.
#[c_export(name = "printString")]
pub fn print_string(s: &CStr) {
    out(s.to_bytes());
}

/// `printOpen`: `( `.
#[c_export(name = "printOpen")]
pub fn print_open() {
    out(b"( ");
}

/// `printClose`: ` )`.
#[c_export(name = "printClose")]
pub fn print_close() {
    out(b" )");
}

/// `printComma`: `, `.
#[c_export(name = "printComma")]
pub fn print_comma() {
    out(b", ");
}

/// `printNewline`: a newline.
#[c_export(name = "printNewline")]
pub fn print_newline() {
    out(b"\n");
}

/// `printFlops`: `<flops / 1e9> GFLOPS` (`%lf`) on stderr.
#[c_export(name = "printFlops")]
pub fn print_flops(flops: f64) {
    let mut text = Vec::new();
    push_printf(&mut text, c"%lf GFLOPS\n", flops / 1.0e9);
    write(Stream::Err, &text, false);
}

/// `rtclock`: seconds since the Epoch, to the microsecond.
#[c_export(name = "rtclock")]
pub fn rtclock() -> f64 {
    match std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        Ok(d) => d.as_secs() as f64 + f64::from(d.subsec_micros()) * 1.0e-6,
        Err(_) => 0.0,
    }
}

/// `_mlir_ciface_nanoTime`: nanoseconds of a monotonic clock.
#[ciface(name = "nanoTime")]
#[allow(
    clippy::useless_conversion,
    reason = "`time_t` and `long` are 32 bits on some targets"
)]
pub fn nano_time() -> i64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is writable; CLOCK_MONOTONIC always exists on Linux.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    i64::from(ts.tv_sec) * 1_000_000_000 + i64::from(ts.tv_nsec)
}

/// `mlirAlloc`: C `malloc` (what `memref.alloc` lowers to with
/// `use-generic-functions`).
#[c_export(name = "mlirAlloc")]
pub fn mlir_alloc(size: u64) -> *mut c_void {
    // SAFETY: malloc of any size; NULL on failure, as LLVM's.
    unsafe { libc::malloc(size as usize) }
}

/// `mlirAlignedAlloc`: C `aligned_alloc`.
#[c_export(name = "mlirAlignedAlloc")]
pub fn mlir_aligned_alloc(alignment: u64, size: u64) -> *mut c_void {
    // SAFETY: aligned_alloc returns NULL for an alignment it does not
    // support.
    unsafe { libc::aligned_alloc(alignment as usize, size as usize) }
}

/// `mlirFree`: C `free`.
#[c_export(name = "mlirFree")]
fn mlir_free(ptr: *mut c_void) {
    // SAFETY: the caller's pointer came from `mlirAlloc` (C malloc) or is
    // NULL, as for LLVM's `mlirFree`.
    unsafe { libc::free(ptr) }
}

/// `mlirAlignedFree`: C `free`.
#[c_export(name = "mlirAlignedFree")]
fn mlir_aligned_free(ptr: *mut c_void) {
    // SAFETY: as above (`aligned_alloc` memory is freed with `free`).
    unsafe { libc::free(ptr) }
}

/// `memrefCopy(elemSize, src, dst)`: the elements of `src` into `dst`, any
/// strides, elements of `elemSize` bytes; shapes checked (a mismatch, or a
/// descriptor that reaches outside its data, aborts naming the function).
#[c_export(name = "memrefCopy")]
fn memref_copy(elem_size: i64, src: *mut c_void, dst: *mut c_void) {
    let read = |p: *mut c_void| -> UnrankedMemRefDescriptor {
        if p.is_null() {
            refuse(
                "memrefCopy",
                abi_core::model::mlir::MemRefError::NullDescriptor,
            );
        }
        // SAFETY: MLIR passes pointers to unranked descriptors (checked
        // non-NULL; read unaligned, as foreign code may pack them).
        unsafe { p.cast::<UnrankedMemRefDescriptor>().read_unaligned() }
    };
    let (src, dst) = (read(src), read(dst));
    let size = usize::try_from(elem_size).unwrap_or(0);
    // SAFETY: MLIR's `memref.copy` passes two unranked memrefs of data it
    // owns; both are checked before any element is read or written.
    if let Err(e) = unsafe { ByteMemRefMut::copy_unranked(size, &src, &dst) } {
        refuse("memrefCopy", e);
    }
}

macro_rules! sorts {
    ($($t:ty, $f:ident, $name:literal;)*) => {$(
        #[doc = concat!("`_mlir_ciface_", $name, "(n, m)`: sorts the first `n` elements of `m` in place.")]
        #[ciface(name = $name)]
        pub fn $f(n: u64, mut m: MemRefMut<'_, $t, 1>) {
            let Some(values) = m.as_mut_slice() else {
                refuse($name, abi_core::model::mlir::MemRefError::Overflow);
            };
            let Some(values) = values.get_mut(..n as usize) else {
                refuse($name, abi_core::model::mlir::MemRefError::OutOfBounds {
                    index: n as usize,
                    len: values.len(),
                });
            };
            values.sort_unstable_by(|a, b| a.partial_cmp(b).unwrap_or(core::cmp::Ordering::Equal));
        }
    )*};
}

sorts! {
    i64, std_sort_i64, "stdSortI64";
    f64, std_sort_f64, "stdSortF64";
    f32, std_sort_f32, "stdSortF32";
}

/// `_mlir_memref_to_llvm_alloc`: what `memref.alloc` lowers to with
/// `--finalize-memref-to-llvm=use-generic-functions=true` (C `malloc`; LLVM's
/// runtime leaves it to the program).
#[c_export(name = "_mlir_memref_to_llvm_alloc")]
pub fn memref_to_llvm_alloc(size: u64) -> *mut c_void {
    // SAFETY: malloc of any size; NULL on failure.
    unsafe { libc::malloc(size as usize) }
}

/// `_mlir_memref_to_llvm_aligned_alloc`: the same with
/// `use-aligned-alloc=true` (C `aligned_alloc`).
#[c_export(name = "_mlir_memref_to_llvm_aligned_alloc")]
pub fn memref_to_llvm_aligned_alloc(alignment: u64, size: u64) -> *mut c_void {
    // SAFETY: aligned_alloc returns NULL for an alignment it does not
    // support.
    unsafe { libc::aligned_alloc(alignment as usize, size as usize) }
}

/// `_mlir_memref_to_llvm_free`: what `memref.dealloc` lowers to with
/// generic functions (C `free`).
#[c_export(name = "_mlir_memref_to_llvm_free")]
fn memref_to_llvm_free(ptr: *mut c_void) {
    // SAFETY: the pointer came from one of the two allocators above (C
    // malloc or aligned_alloc), or is NULL.
    unsafe { libc::free(ptr) }
}
