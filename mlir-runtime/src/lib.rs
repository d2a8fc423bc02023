//! MLIR's C runner utilities in Rust.
//!
//! The functions that MLIR code lowered to LLVM calls for printing,
//! checking and copying memrefs (`printMemrefF32`, `verifyMemRefF64`,
//! `memrefCopy`, `printF32`, `printNewline`, `rtclock`, `mlirAlloc`, ...),
//! with the symbols, signatures and output of LLVM's
//! `libmlir_c_runner_utils` and `libmlir_runner_utils` (MLIR 19 and 22:
//! byte for byte, addresses aside, proven by `cargo xtask mlir-runtime`),
//! written on abi-core's checked memref views: a descriptor that would make
//! LLVM's runtime read out of bounds is reported, naming the function, and
//! the process aborts.
//!
//! Link it as a Rust dependency (its exports are in the binary as soon as
//! the crate is linked; `use abi_mlir_runtime as _;`), as a static library
//! (`libabi_mlir_runtime.a`) for a C or C++ program, or load the shared
//! library into MLIR's runner:
//!
//! ```sh
//! mlir-runner -e main -entry-point-result=void \
//!     -shared-libs=target/release/libabi_mlir_runtime.so kernel.llvm.mlir
//! ```
//!
//! What it does not provide: the sparse-tensor runtime
//! (`_mlir_ciface_newSparseTensor`, `sparseValues*`, ...), and
//! `printCString`, which `RunnerUtils.h` declares but neither Debian's
//! `libmlir-19` nor `libmlir-22` exports. The random numbers of
//! `rtsrand`/`rtrand`/`rtdrand`/`_mlir_ciface_shuffle` are LLVM's own
//! (see [`random`]: libstdc++'s `std::mt19937`, distribution and
//! shuffle, written again). Where it differs from LLVM's: an empty memref
//! prints `[]` where LLVM's reads one element past the data,
//! `verifyMemRef*` reads through the `aligned` pointer where LLVM's reads
//! through `allocated` (they differ only for memrefs allocated with an
//! alignment), and `_mlir_ciface_shuffle` refuses (aborts on) a memref
//! whose offset is not 0 or whose stride is not 1, where LLVM's writes
//! from the `aligned` pointer on regardless.

#![allow(non_snake_case)]

mod element;
mod memrefs;
mod output;
pub mod random;
pub mod scalars;

use abi_core::ciface;
use abi_core::memref::{
    Complex, DynMemRef, MemRef, UnrankedMemRef, UnrankedMemRefDescriptor, Vector,
};
use abi_core::model::mlir::MemRefError;
use half::{bf16, f16};

use crate::memrefs::{print_memref, print_shape, verify, view};

/// `_mlir_ciface_printMemref<T>`, `printMemref<T>(rank, ptr)` (when LLVM's
/// runtime has it), `_mlir_ciface_printMemrefShape<T>` and
/// `_mlir_ciface_verifyMemRef<T>` / `verifyMemRef<T>(rank, a, b)`.
macro_rules! unranked {
    ($t:ty, $print:ident, $print_name:literal) => {
        #[doc = concat!("`_mlir_ciface_", $print_name, "`: the memref, its shape and its data on stdout.")]
        #[ciface(name = $print_name)]
        pub fn $print(m: UnrankedMemRef<'_, $t>) {
            print_memref("Unranked Memref ", &view($print_name, &m));
        }
    };
    ($t:ty, $print:ident, $print_name:literal, c: $c_print:ident) => {
        unranked!($t, $print, $print_name);

        #[doc = concat!("`", $print_name, "(rank, descriptor)`: `_mlir_ciface_", $print_name, "` without the C interface.")]
        #[abi_core::c_export(name = $print_name)]
        fn $c_print(rank: i64, descriptor: *mut core::ffi::c_void) {
            let desc = abi_core::memref::UnrankedMemRefDescriptor { rank, descriptor };
            // SAFETY: MLIR passes an unranked memref's two fields; what
            // they point to is checked before it is read (the view).
            let m = unsafe { UnrankedMemRef::<$t>::from_descriptor(&desc) }
                .unwrap_or_else(|e| memrefs::refuse($print_name, e));
            print_memref("Unranked Memref ", &view($print_name, &m));
        }
    };
}

macro_rules! shape {
    ($t:ty, $shape:ident, $shape_name:literal) => {
        #[doc = concat!("`_mlir_ciface_", $shape_name, "`: the memref's shape on stdout.")]
        #[ciface(name = $shape_name)]
        pub fn $shape(m: UnrankedMemRef<'_, $t>) {
            print_shape(&view($shape_name, &m));
        }
    };
}

/// Read the unranked descriptor behind a pointer MLIR passed and view it
/// read-only, or abort naming `function`.
///
/// # Safety
///
/// `p` is NULL or points to an unranked descriptor whose ranked
/// descriptor and data are readable and not written during the call.
unsafe fn shared_view<'a, T: abi_core::memref::MemRefElement>(
    function: &str,
    p: *const core::ffi::c_void,
) -> DynMemRef<'a, T> {
    if p.is_null() {
        memrefs::refuse(function, MemRefError::NullDescriptor);
    }
    // SAFETY: non-NULL (checked), readable (caller); unaligned in case
    // foreign code packed it.
    let desc = unsafe { p.cast::<UnrankedMemRefDescriptor>().read_unaligned() };
    // SAFETY: readable and not written during the call (caller); checked
    // by the view before any element is read.
    unsafe { DynMemRef::from_unranked(&desc) }.unwrap_or_else(|e| memrefs::refuse(function, e))
}

/// `_mlir_ciface_verifyMemRef<T>` and `verifyMemRef<T>(rank, a, b)`. The
/// two memrefs may be the same one (`verifyMemRef(m, m)`), so they are
/// read-only views of raw descriptors (a `#[ciface]` `UnrankedMemRef`
/// argument claims its memory exclusively).
macro_rules! verifier {
    ($t:ty, $verify:ident, $verify_name:literal, $ciface_name:literal) => {
        #[doc = concat!("`_mlir_ciface_", $verify_name, "`: how many elements of `actual` differ from `expected` (-1: the shapes differ), the first ten on stderr.")]
        #[abi_core::c_export(name = $ciface_name)]
        fn $verify(
            actual: *const core::ffi::c_void,
            expected: *const core::ffi::c_void,
        ) -> i64 {
            // SAFETY: MLIR passes pointers to two unranked descriptors of
            // memrefs it does not write during the call.
            let (a, e) = unsafe {
                (
                    shared_view::<$t>($verify_name, actual),
                    shared_view::<$t>($verify_name, expected),
                )
            };
            verify(&a, &e)
        }
    };
    ($t:ty, $verify:ident, $verify_name:literal, $ciface_name:literal, c: $c_verify:ident) => {
        verifier!($t, $verify, $verify_name, $ciface_name);

        #[doc = concat!("`", $verify_name, "(rank, actual, expected)`: `_mlir_ciface_", $verify_name, "` without the C interface.")]
        #[abi_core::c_export(name = $verify_name)]
        fn $c_verify(
            rank: i64,
            actual: *mut core::ffi::c_void,
            expected: *mut core::ffi::c_void,
        ) -> i64 {
            let a = UnrankedMemRefDescriptor { rank, descriptor: actual };
            let e = UnrankedMemRefDescriptor { rank, descriptor: expected };
            // SAFETY: as above, the descriptors on this stack.
            let (a, e) = unsafe {
                (
                    shared_view::<$t>($verify_name, (&raw const a).cast()),
                    shared_view::<$t>($verify_name, (&raw const e).cast()),
                )
            };
            verify(&a, &e)
        }
    };
}

unranked!(i8, print_memref_i8, "printMemrefI8");
unranked!(i16, print_memref_i16, "printMemrefI16");
unranked!(i32, print_memref_i32, "printMemrefI32", c: print_memref_i32_c);
unranked!(i64, print_memref_i64, "printMemrefI64", c: print_memref_i64_c);
unranked!(f16, print_memref_f16, "printMemrefF16");
unranked!(bf16, print_memref_bf16, "printMemrefBF16");
unranked!(f32, print_memref_f32, "printMemrefF32", c: print_memref_f32_c);
unranked!(f64, print_memref_f64, "printMemrefF64", c: print_memref_f64_c);
unranked!(u64, print_memref_ind, "printMemrefInd", c: print_memref_ind_c);
unranked!(Complex<f32>, print_memref_c32, "printMemrefC32", c: print_memref_c32_c);
unranked!(Complex<f64>, print_memref_c64, "printMemrefC64", c: print_memref_c64_c);

shape!(i8, print_memref_shape_i8, "printMemrefShapeI8");
shape!(i32, print_memref_shape_i32, "printMemrefShapeI32");
shape!(i64, print_memref_shape_i64, "printMemrefShapeI64");
shape!(f32, print_memref_shape_f32, "printMemrefShapeF32");
shape!(f64, print_memref_shape_f64, "printMemrefShapeF64");
shape!(u64, print_memref_shape_ind, "printMemrefShapeInd");
shape!(Complex<f32>, print_memref_shape_c32, "printMemrefShapeC32");
shape!(Complex<f64>, print_memref_shape_c64, "printMemrefShapeC64");

verifier!(
    i8,
    verify_memref_i8,
    "verifyMemRefI8",
    "_mlir_ciface_verifyMemRefI8"
);
verifier!(
    i16,
    verify_memref_i16,
    "verifyMemRefI16",
    "_mlir_ciface_verifyMemRefI16"
);
verifier!(i32, verify_memref_i32, "verifyMemRefI32", "_mlir_ciface_verifyMemRefI32", c: verify_memref_i32_c);
verifier!(
    i64,
    verify_memref_i64,
    "verifyMemRefI64",
    "_mlir_ciface_verifyMemRefI64"
);
verifier!(
    f16,
    verify_memref_f16,
    "verifyMemRefF16",
    "_mlir_ciface_verifyMemRefF16"
);
verifier!(
    bf16,
    verify_memref_bf16,
    "verifyMemRefBF16",
    "_mlir_ciface_verifyMemRefBF16"
);
verifier!(f32, verify_memref_f32, "verifyMemRefF32", "_mlir_ciface_verifyMemRefF32", c: verify_memref_f32_c);
verifier!(f64, verify_memref_f64, "verifyMemRefF64", "_mlir_ciface_verifyMemRefF64", c: verify_memref_f64_c);
verifier!(u64, verify_memref_ind, "verifyMemRefInd", "_mlir_ciface_verifyMemRefInd", c: verify_memref_ind_c);
verifier!(Complex<f32>, verify_memref_c32, "verifyMemRefC32", "_mlir_ciface_verifyMemRefC32", c: verify_memref_c32_c);
verifier!(Complex<f64>, verify_memref_c64, "verifyMemRefC64", "_mlir_ciface_verifyMemRefC64", c: verify_memref_c64_c);

/// `_mlir_ciface_printMemref<N>d<T>`: ranked memrefs of any layout.
macro_rules! ranked {
    ($($t:ty, $n:literal, $print:ident, $name:literal, $mlir:literal;)*) => {$(
        #[doc = concat!("`_mlir_ciface_", $name, "`: the memref, its shape and its data on stdout.")]
        #[ciface(name = $name)]
        pub fn $print(#[mlir($mlir)] m: MemRef<'_, $t, $n>) {
            print_memref("Memref ", &m);
        }
    )*};
}

ranked! {
    f32, 0, print_memref_0d_f32, "printMemref0dF32", "memref<f32, strided<[], offset: ?>>";
    f32, 1, print_memref_1d_f32, "printMemref1dF32", "memref<?xf32, strided<[?], offset: ?>>";
    f32, 2, print_memref_2d_f32, "printMemref2dF32", "memref<?x?xf32, strided<[?, ?], offset: ?>>";
    f32, 3, print_memref_3d_f32, "printMemref3dF32", "memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>";
    f32, 4, print_memref_4d_f32, "printMemref4dF32", "memref<?x?x?x?xf32, strided<[?, ?, ?, ?], offset: ?>>";
    i8, 1, print_memref_1d_i8, "printMemref1dI8", "memref<?xi8, strided<[?], offset: ?>>";
    i32, 1, print_memref_1d_i32, "printMemref1dI32", "memref<?xi32, strided<[?], offset: ?>>";
    i64, 1, print_memref_1d_i64, "printMemref1dI64", "memref<?xi64, strided<[?], offset: ?>>";
    f64, 1, print_memref_1d_f64, "printMemref1dF64", "memref<?xf64, strided<[?], offset: ?>>";
    u64, 1, print_memref_1d_ind, "printMemref1dInd", "memref<?xindex, strided<[?], offset: ?>>";
    Complex<f32>, 1, print_memref_1d_c32, "printMemref1dC32", "memref<?xcomplex<f32>, strided<[?], offset: ?>>";
    Complex<f64>, 1, print_memref_1d_c64, "printMemref1dC64", "memref<?xcomplex<f64>, strided<[?], offset: ?>>";
    [Vector<f32, 4>; 4], 2, print_memref_vector_4x4xf32, "printMemrefVector4x4xf32", "memref<?x?xvector<4x4xf32>, strided<[?, ?], offset: ?>>";
}
