//! A descriptor LLVM's runtime would read out of bounds through (a negative
//! size, an offset before the data, a NULL descriptor, copies of different
//! shapes) is reported with the function's name, and the process aborts:
//! each case runs in a child process of this test binary.

#![cfg(target_pointer_width = "64")] // memref descriptors are 64-bit only

use core::ffi::c_void;
use std::process::Command;

use abi_core::memref::{MemRefDescriptor, UnrankedMemRefDescriptor};
// The exports are in the binary once the crate is linked.
use abi_mlir_runtime as _;

unsafe extern "C" {
    fn _mlir_ciface_printMemrefF32(m: *const UnrankedMemRefDescriptor);
    fn _mlir_ciface_verifyMemRefF64(
        a: *const UnrankedMemRefDescriptor,
        b: *const UnrankedMemRefDescriptor,
    ) -> i64;
    fn memrefCopy(elem_size: i64, src: *mut c_void, dst: *mut c_void);
    fn printMemrefF32(rank: i64, descriptor: *mut c_void);
    fn rtsrand(seed: u64) -> *mut c_void;
    fn rtdrand(g: *mut c_void);
    fn _mlir_ciface_shuffle(m: *mut MemRefDescriptor<u64, 1>, g: *mut c_void);
}

const CHILD: &str = "ABI_MLIR_RUNTIME_BAD_DESCRIPTOR";

/// Run `case` in a child process; its stderr, and whether it aborted.
fn child(case: &str) -> (String, bool) {
    let output = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "run_the_case_in_a_child", "--nocapture"])
        .env(CHILD, case)
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&output.stderr).into_owned(),
        !output.status.success(),
    )
}

#[test]
fn bad_descriptors_abort_naming_the_function() {
    for (case, expected) in [
        (
            "negative size",
            "`printMemrefF32`: invalid memref: dimension 1 has negative size -3",
        ),
        (
            "before the data",
            "`printMemrefF32`: invalid memref: offset and strides reach element -1",
        ),
        ("null descriptor", "`printMemrefF32`"),
        (
            "null verify",
            "`verifyMemRefF64`: invalid memref: the descriptor pointer is NULL",
        ),
        (
            "copy of another shape",
            "`memrefCopy`: invalid memref: dimension 0 has size 3, the type says 2",
        ),
        (
            "copy of size 0",
            "`memrefCopy`: invalid memref: element size 0",
        ),
        // LLVM's would write from `aligned` on, ignoring the offset.
        (
            "shuffle with an offset",
            "`_mlir_ciface_shuffle`: invalid memref: offset 1, the layout says 0",
        ),
        (
            "shuffle without a generator",
            "`_mlir_ciface_shuffle`: the generator is NULL",
        ),
    ] {
        let (stderr, aborted) = child(case);
        assert!(aborted, "{case}: did not abort\n{stderr}");
        assert!(stderr.contains(expected), "{case}: {stderr}");
    }
    // A good one prints and returns.
    let (stderr, aborted) = child("good");
    assert!(!aborted, "{stderr}");
}

#[test]
fn run_the_case_in_a_child() {
    let Ok(case) = std::env::var(CHILD) else {
        return;
    };
    let mut data = [1.0f32, 2.0, 3.0, 4.0];
    let mut ranked = MemRefDescriptor::<f32, 2> {
        allocated: data.as_mut_ptr(),
        aligned: data.as_mut_ptr(),
        offset: 0,
        sizes: [2, 2],
        strides: [2, 1],
    };
    match case.as_str() {
        "negative size" => ranked.sizes = [2, -3],
        "before the data" => ranked.offset = -1,
        _ => {}
    }
    let mut unranked = UnrankedMemRefDescriptor {
        rank: 2,
        descriptor: (&raw mut ranked).cast(),
    };
    // Each call: the descriptors describe `data`, or are refused before
    // any element is read; that is what the cases check.
    match case.as_str() {
        // SAFETY: as above.
        "null descriptor" => unsafe { printMemrefF32(1, core::ptr::null_mut()) },
        "null verify" => {
            // SAFETY: as above.
            unsafe { _mlir_ciface_verifyMemRefF64(core::ptr::null(), core::ptr::null()) };
        }
        "copy of another shape" | "copy of size 0" => {
            let mut short = ranked;
            short.sizes = [3, 1];
            let mut other = UnrankedMemRefDescriptor {
                rank: 2,
                descriptor: (&raw mut short).cast(),
            };
            let size = if case == "copy of size 0" { 0 } else { 4 };
            // SAFETY: as above.
            unsafe { memrefCopy(size, (&raw mut other).cast(), (&raw mut unranked).cast()) };
        }
        "shuffle with an offset" | "shuffle without a generator" => {
            let mut values = [0u64; 4];
            let mut m = MemRefDescriptor::<u64, 1> {
                allocated: values.as_mut_ptr(),
                aligned: values.as_mut_ptr(),
                offset: i64::from(case == "shuffle with an offset"),
                sizes: [3],
                strides: [1],
            };
            let g = if case == "shuffle with an offset" {
                // SAFETY: any seed.
                unsafe { rtsrand(7) }
            } else {
                core::ptr::null_mut()
            };
            // SAFETY: as above; the generator comes from `rtsrand` or is
            // NULL.
            unsafe { _mlir_ciface_shuffle(&mut m, g) };
            // SAFETY: from `rtsrand` (or NULL), freed once.
            unsafe { rtdrand(g) };
        }
        // SAFETY: as above.
        _ => unsafe { _mlir_ciface_printMemrefF32(&unranked) },
    }
}
