//! MLIR memrefs under callgrind (instruction counts, stable on noisy
//! machines):
//!
//! - data paths: the sum of 10 million `f32` through a `MemRef` view against
//!   a plain slice loop, and a strided 2-D traversal (a transposed
//!   1000 x 1000 view) against hand-written index arithmetic;
//! - per call: the `_mlir_ciface_` shim `#[ciface]` generates (MLIR calls
//!   Rust; rank-2 descriptor) against a hand-written `extern "C"` function
//!   doing the same checks, and against one that trusts the descriptor
//!   (what validation costs); the shim of a function taking an unranked
//!   and a mutable memref (both checked, and checked not to overlap)
//!   against a hand-written one making the same checks; and the
//!   `#[ciface]` wrapper of an MLIR function (Rust calls MLIR) against
//!   calling its symbol directly.
//!
//! Each figure is the difference between runs of `base` and `base + extra`
//! iterations, over `extra`. `cargo xtask bench` runs it; `--quick` uses a
//! smaller buffer and fewer iterations.

use std::hint::black_box;

use abi_core::memref::{MemRef, MemRefDescriptor, UnrankedMemRefDescriptor};
// Links `libmlir_kernels.a`, which `c-tests` carries, into this benchmark.
use c_tests as _;

#[path = "support/callgrind.rs"]
mod callgrind;

/// What MLIR would call: the generated shim and a hand-written one.
mod shims {
    use abi_core::ciface;
    use abi_core::memref::{
        MemRef, MemRefDescriptor, MemRefMut, UnrankedMemRef, UnrankedMemRefDescriptor,
    };

    /// The corner element plus the element count.
    #[ciface]
    pub(crate) fn bench_corner(m: MemRef<'_, f32, 2>) -> f32 {
        m.first().copied().unwrap_or(0.0) + m.len() as f32
    }

    /// The same by hand, trusting the descriptor (no validation).
    ///
    /// # Safety
    ///
    /// `m` points to a valid rank-2 descriptor.
    #[unsafe(no_mangle)]
    pub(crate) unsafe extern "C" fn bench_corner_by_hand(
        m: *const MemRefDescriptor<f32, 2>,
    ) -> f32 {
        // SAFETY: the caller passes a valid descriptor.
        let d = unsafe { &*m };
        let len = (d.sizes[0] * d.sizes[1]) as usize;
        let corner = if len == 0 {
            0.0
        } else {
            let corner = d.aligned.wrapping_offset(d.offset as isize);
            // SAFETY: non-empty: element [0, 0] exists.
            unsafe { *corner }
        };
        corner + len as f32
    }

    /// The same by hand with the checks a careful author writes for a
    /// `memref<?x?xf32>` parameter (what the generated shim checks):
    /// a readable descriptor, sizes that are not negative and whose product
    /// does not overflow, and for non-empty data a non-NULL aligned pointer,
    /// offset 0, row-major strides and an extent inside the address space.
    ///
    /// # Safety
    ///
    /// `m` is NULL or points to a readable rank-2 descriptor whose data
    /// is readable where it claims.
    #[unsafe(no_mangle)]
    pub(crate) unsafe extern "C" fn bench_corner_checked_by_hand(
        m: *const MemRefDescriptor<f32, 2>,
    ) -> f32 {
        if m.is_null() || !m.is_aligned() {
            refuse("descriptor");
        }
        // SAFETY: non-NULL and aligned; readable (caller).
        let d = unsafe { &*m };
        let [rows, cols] = d.sizes;
        if rows < 0 || cols < 0 {
            refuse("negative size");
        }
        let Some(len) = (rows as usize).checked_mul(cols as usize) else {
            refuse("size overflow")
        };
        let corner = if len == 0 {
            0.0
        } else {
            if d.aligned.is_null() || !d.aligned.is_aligned() {
                refuse("data pointer");
            }
            if d.offset != 0
                || (cols > 1 && d.strides[1] != 1)
                || (rows > 1 && d.strides[0] != cols)
            {
                refuse("layout is not the identity");
            }
            if len > isize::MAX as usize / 4 || (d.aligned as usize).checked_add(len * 4).is_none()
            {
                refuse("extent overflows");
            }
            // SAFETY: non-empty, checked: element [0, 0] is `aligned[0]`.
            unsafe { *d.aligned }
        };
        corner + len as f32
    }

    /// Adds one to the first element of `m`; the rank of `u` plus the
    /// length of `m`. `u` takes part in the overlap check (the function
    /// could make it mutable).
    #[ciface]
    pub(crate) fn bench_unranked_beside(
        u: UnrankedMemRef<'_, f32>,
        mut m: MemRefMut<'_, f32, 1>,
    ) -> f32 {
        if let Some(first) = m.first_mut() {
            *first += 1.0;
        }
        u.rank() as f32 + m.len() as f32
    }

    /// The same by hand, with the checks the generated shim makes: both
    /// descriptors readable, the unranked rank in 0..=64, the ranked one
    /// `memref<?xf32>` (as `bench_corner_checked_by_hand`), and the
    /// unranked memref's extent (from its sizes and strides, saturating)
    /// disjoint from the mutable one's.
    ///
    /// # Safety
    ///
    /// Each pointer is NULL or points to a readable descriptor whose data
    /// is readable (and `m`'s writable) where it claims.
    #[unsafe(no_mangle)]
    pub(crate) unsafe extern "C" fn bench_unranked_beside_checked_by_hand(
        u: *const UnrankedMemRefDescriptor,
        m: *const MemRefDescriptor<f32, 1>,
    ) -> f32 {
        if u.is_null() || !u.is_aligned() {
            refuse("unranked descriptor");
        }
        // SAFETY: non-NULL and aligned; readable (caller).
        let u = unsafe { &*u };
        if !(0..=64).contains(&u.rank) || u.descriptor.is_null() {
            refuse("unranked rank or descriptor");
        }
        let rank = u.rank as usize;
        if m.is_null() || !m.is_aligned() {
            refuse("descriptor");
        }
        // SAFETY: non-NULL and aligned; readable (caller).
        let d = unsafe { &*m };
        let len = d.sizes[0];
        if len < 0 {
            refuse("negative size");
        }
        let len = len as usize;
        if len > 0 {
            if d.aligned.is_null() || !d.aligned.is_aligned() {
                refuse("data pointer");
            }
            if d.offset != 0 || (len > 1 && d.strides[0] != 1) {
                refuse("layout is not the identity");
            }
            if len > isize::MAX as usize / 4 || (d.aligned as usize).checked_add(len * 4).is_none()
            {
                refuse("extent overflows");
            }
            // The unranked memref's extent: its ranked descriptor's words
            // (two pointers, the offset, sizes, strides), read unaligned.
            let words = u.descriptor.cast::<i64>();
            // SAFETY: inside the descriptor of `rank` (caller).
            let word = |k: usize| unsafe { words.wrapping_add(k).read_unaligned() };
            let base = (word(1) as usize).wrapping_add_signed((word(2) as isize).wrapping_mul(4));
            let (mut low, mut high, mut empty) = (base as i128, base as i128, false);
            for k in 0..rank {
                let (size, stride) = (word(3 + k) as i128, word(3 + rank + k) as i128);
                if size <= 0 {
                    empty = true;
                    break;
                }
                let reach = ((size - 1) * stride * 4).clamp(-(1 << 100), 1 << 100);
                if reach < 0 {
                    low += reach;
                } else {
                    high += reach;
                }
            }
            let (start, end) = (
                d.aligned as usize as i128,
                (d.aligned as usize + len * 4) as i128,
            );
            if !empty && low < end && start < high + 4 {
                refuse("the arguments share memory");
            }
            // SAFETY: non-empty, checked, exclusive: element 0 is `aligned[0]`.
            unsafe { *d.aligned += 1.0 };
        }
        rank as f32 + len as f32
    }

    #[cold]
    fn refuse(why: &str) -> ! {
        eprintln!("bench_corner_checked_by_hand: bad descriptor: {why}");
        std::process::abort()
    }
}

unsafe extern "C" {
    fn _mlir_ciface_bench_corner(m: *const MemRefDescriptor<f32, 2>) -> f32;
    fn _mlir_ciface_bench_unranked_beside(
        u: *const UnrankedMemRefDescriptor,
        m: *const MemRefDescriptor<f32, 1>,
    ) -> f32;
}

#[cfg(mlir_kernels)]
mod mlir_call {
    use abi_core::ciface;
    use abi_core::memref::MemRefDescriptor;

    #[ciface]
    unsafe extern "C" {
        pub(crate) fn read_0d(m: abi_core::memref::MemRef<'_, f32, 0>) -> f32;
    }

    // The symbol the wrapper above calls, declared by hand for the baseline.
    #[allow(clashing_extern_declarations)]
    unsafe extern "C" {
        pub(crate) fn _mlir_ciface_read_0d(m: *const MemRefDescriptor<f32, 0>) -> f32;
    }
}

#[inline(never)]
fn sum_view(data: &[f32]) -> f32 {
    let view = MemRef::from_slice(data, [data.len()]).unwrap();
    view.iter().sum()
}

#[inline(never)]
fn sum_slice(data: &[f32]) -> f32 {
    data.iter().sum()
}

#[inline(never)]
fn strided_view(data: &[f32], n: usize) -> f32 {
    let view = MemRef::from_slice(&data[..n * n], [n, n])
        .unwrap()
        .transposed();
    view.iter().sum()
}

#[inline(never)]
fn strided_by_hand(data: &[f32], n: usize) -> f32 {
    let mut acc = 0.0;
    for i in 0..n {
        for j in 0..n {
            acc += data[j * n + i];
        }
    }
    acc
}

const CASES: &[&str] = &[
    "sum of f32, contiguous (per element)",
    "transposed 2-D traversal (per element)",
    "`_mlir_ciface_` shim, MLIR calls Rust, rank 2 (per call)",
    "`_mlir_ciface_` shim vs a hand-written one that trusts the descriptor (per call)",
    "`#[ciface]` wrapper, Rust calls MLIR, rank 0 (per call)",
    "`_mlir_ciface_` shim, unranked beside a mutable rank 1, the overlap check (per call)",
];

fn run(which: usize, ours: bool, n: u64, len: usize) -> f32 {
    let side = (len as f64).sqrt() as usize;
    let data: Vec<f32> = (0..len).map(|i| (i % 7) as f32).collect();
    let mut grid = [1.0f32, 2.0, 3.0, 4.0];
    let desc = MemRefDescriptor::<f32, 2> {
        allocated: grid.as_mut_ptr(),
        aligned: grid.as_mut_ptr(),
        offset: 0,
        sizes: [2, 2],
        strides: [2, 1],
    };
    // Called through opaque pointers, as MLIR code calls them: never inlined.
    type Shim = unsafe extern "C" fn(*const MemRefDescriptor<f32, 2>) -> f32;
    let ours_shim: Shim = _mlir_ciface_bench_corner;
    let checked_shim: Shim = shims::bench_corner_checked_by_hand;
    let trusting_shim: Shim = shims::bench_corner_by_hand;
    // Case 5: an unranked rank-2 view of `grid` beside a mutable rank-1
    // memref of `row`, disjoint.
    let mut row = [0.0f32; 4];
    let mutable = MemRefDescriptor::<f32, 1> {
        allocated: row.as_mut_ptr(),
        aligned: row.as_mut_ptr(),
        offset: 0,
        sizes: [4],
        strides: [1],
    };
    let unranked = UnrankedMemRefDescriptor {
        rank: 2,
        descriptor: (&raw const desc).cast_mut().cast(),
    };
    type PairShim = unsafe extern "C" fn(
        *const UnrankedMemRefDescriptor,
        *const MemRefDescriptor<f32, 1>,
    ) -> f32;
    let ours_pair: PairShim = _mlir_ciface_bench_unranked_beside;
    let checked_pair: PairShim = shims::bench_unranked_beside_checked_by_hand;
    let mut acc = 0.0;
    for _ in 0..n {
        acc += match (which, ours) {
            (0, true) => sum_view(black_box(&data)),
            (0, false) => sum_slice(black_box(&data)),
            (1, true) => strided_view(black_box(&data), side),
            (1, false) => strided_by_hand(black_box(&data), side),
            // SAFETY: a valid rank-2 descriptor of `grid`.
            (2, true) => unsafe { black_box(ours_shim)(black_box(&desc)) },
            // SAFETY: as above.
            (2, false) => unsafe { black_box(checked_shim)(black_box(&desc)) },
            // SAFETY: as above.
            (3, true) => unsafe { black_box(ours_shim)(black_box(&desc)) },
            // SAFETY: as above.
            (3, false) => unsafe { black_box(trusting_shim)(black_box(&desc)) },
            (4, ours) => call_mlir(ours),
            // SAFETY: valid descriptors of `grid` (read) and `row` (written).
            (5, true) => unsafe { black_box(ours_pair)(black_box(&unranked), black_box(&mutable)) },
            // SAFETY: as above.
            (5, false) => unsafe {
                black_box(checked_pair)(black_box(&unranked), black_box(&mutable))
            },
            _ => unreachable!(),
        };
    }
    acc
}

#[cfg(mlir_kernels)]
fn call_mlir(ours: bool) -> f32 {
    // Both sides receive the same opaque `&[f32; 1]`.
    let value = black_box(&[2.5f32]);
    if ours {
        mlir_call::read_0d(MemRef::from_slice(value, []).unwrap()).unwrap()
    } else {
        let desc = MemRefDescriptor::<f32, 0> {
            allocated: value.as_ptr().cast_mut(),
            aligned: value.as_ptr().cast_mut(),
            offset: 0,
            sizes: [],
            strides: [],
        };
        // SAFETY: a valid 0-d descriptor.
        unsafe { mlir_call::_mlir_ciface_read_0d(&desc) }
    }
}

#[cfg(not(mlir_kernels))]
fn call_mlir(_: bool) -> f32 {
    0.0
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    if let Ok(spec) = std::env::var("MEMREF_BENCH_CHILD") {
        let parts: Vec<u64> = spec.split(',').map(|p| p.parse().unwrap()).collect();
        black_box(run(
            parts[0] as usize,
            parts[1] == 1,
            parts[2],
            parts[3] as usize,
        ));
        return;
    }
    // Both sides compute the same values.
    let data: Vec<f32> = (0..10_000).map(|i| (i % 7) as f32).collect();
    assert_eq!(sum_view(&data), sum_slice(&data));
    assert_eq!(strided_view(&data, 100), strided_by_hand(&data, 100));
    assert_eq!(run(2, true, 1, 4), run(2, false, 1, 4));
    assert_eq!(run(3, true, 1, 4), run(3, false, 1, 4));
    assert_eq!(run(4, true, 1, 4), run(4, false, 1, 4));
    assert_eq!(run(5, true, 3, 4), run(5, false, 3, 4));

    let len: u64 = if quick { 10_000 } else { 10_000_000 };
    let (calls_base, calls_extra) = if quick {
        (100, 1_000)
    } else {
        (1_000, 100_000)
    };
    let exe = std::env::current_exe().unwrap();
    println!(
        "MLIR memrefs: instructions under callgrind ({} f32 per traversal{})",
        len,
        if quick { ", quick mode" } else { "" }
    );
    println!();
    println!("| case | ours | baseline | ratio |");
    println!("|---|---:|---:|---:|");
    for (which, name) in CASES.iter().enumerate() {
        if which == 4 && cfg!(not(mlir_kernels)) {
            println!("| {name} | SKIPPED: MLIR 19 not found | | |");
            continue;
        }
        let side = (len as f64).sqrt() as u64;
        let (base, extra, per) = match which {
            0 => (1, 2, len as f64),
            1 => (1, 2, (side * side) as f64),
            _ => (calls_base, calls_extra, 1.0),
        };
        let measure = |ours: u64| {
            callgrind::per_iteration(
                &exe,
                "MEMREF_BENCH_CHILD",
                |n| format!("{which},{ours},{n},{len}"),
                base,
                extra,
            ) / per
        };
        let ours = measure(1);
        let baseline = measure(0);
        println!(
            "| {name} | {ours:.3} | {baseline:.3} | {:.3} |",
            ours / baseline
        );
    }
}
