//! Output through C's `stdout` and `stderr` streams, as LLVM's runtime
//! writes (`fprintf(stdout, ...)`, and `std::cout` synchronised with C's
//! stdio), so that what the program prints in C and through this crate
//! stays in order; numbers formatted by C's own `printf`, as the C++
//! streams format them (`%g`: six significant digits).

use core::ffi::{c_char, c_int};

unsafe extern "C" {
    // glibc's and musl's standard streams.
    static mut stdout: *mut libc::FILE;
    static mut stderr: *mut libc::FILE;
}

/// Which stream.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Stream {
    Out,
    Err,
}

/// Write `bytes` to the C stream, then flush it when asked (as
/// `std::endl` does).
pub(crate) fn write(stream: Stream, bytes: &[u8], flush: bool) {
    // SAFETY: reading the C library's stream pointers, which it
    // initialises before any code of this library can run and never
    // changes.
    let file = match stream {
        // SAFETY: as above.
        Stream::Out => unsafe { stdout },
        // SAFETY: as above.
        Stream::Err => unsafe { stderr },
    };
    if !bytes.is_empty() {
        // SAFETY: `bytes` is readable for its length; `file` is an open
        // stream.
        unsafe { libc::fwrite(bytes.as_ptr().cast(), 1, bytes.len(), file) };
    }
    if flush {
        // SAFETY: as above.
        unsafe { libc::fflush(file) };
    }
}

/// `x` as C's `printf("%g", x)` writes it (what `std::ostream` writes for
/// a `float` or `double` in its default format).
pub(crate) fn push_g(out: &mut Vec<u8>, x: f64) {
    push_printf(out, c"%g", x);
}

/// `x` as `printf(format, x)` writes it, for a format with one `double`.
pub(crate) fn push_printf(out: &mut Vec<u8>, format: &core::ffi::CStr, x: f64) {
    let mut buffer = [0u8; 512];
    // SAFETY: the buffer is writable for its length and `format` takes one
    // double; snprintf never writes past `len` and terminates the string.
    let written: c_int = unsafe {
        libc::snprintf(
            buffer.as_mut_ptr().cast::<c_char>(),
            buffer.len(),
            format.as_ptr(),
            x,
        )
    };
    let len = usize::try_from(written).unwrap_or(0).min(buffer.len() - 1);
    out.extend_from_slice(&buffer[..len]);
}

/// A pointer as `std::ostream` writes a `void *`: `0x...`, or `0` for
/// NULL.
pub(crate) fn push_address(out: &mut Vec<u8>, address: usize) {
    if address == 0 {
        out.push(b'0');
    } else {
        out.extend_from_slice(format!("{address:#x}").as_bytes());
    }
}
