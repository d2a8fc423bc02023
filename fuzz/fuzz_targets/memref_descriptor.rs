//! Arbitrary ranked descriptors (rank 0 to 3, any offset, sizes and
//! strides) pointing into a real buffer: validation must never panic, and
//! a view it accepts whose extent lies inside the buffer reads only inside
//! it (AddressSanitizer checks every read); a mutable view never reaches an
//! element twice.
#![no_main]

use abi_core::memref::{MemRef, MemRefDescriptor, MemRefMut};
use abi_core::model::mlir::MemRefType;
use libfuzzer_sys::fuzz_target;

const LEN: usize = 256;

fn words(data: &[u8]) -> impl Iterator<Item = i64> + '_ {
    data.chunks(8).map(|c| {
        let mut w = [0u8; 8];
        w[..c.len()].copy_from_slice(c);
        // Small values most of the time, so that accepted views are common.
        let v = i64::from_le_bytes(w);
        if c[0] & 0x80 == 0 { v % 9 } else { v }
    })
}

fn check<const N: usize>(buffer: &mut [f32; LEN], data: &[u8]) {
    let mut w = words(data);
    let mut next = || w.next().unwrap_or(1);
    let offset = next();
    let mut sizes = [0i64; N];
    let mut strides = [0i64; N];
    for k in 0..N {
        sizes[k] = next();
        strides[k] = next();
    }
    let base = buffer.as_mut_ptr();
    let desc = MemRefDescriptor::<f32, N> {
        allocated: base,
        aligned: base.wrapping_add(LEN / 2),
        offset,
        sizes,
        strides,
    };
    let whole = abi_core::Borrow::range(base.addr(), LEN * size_of::<f32>(), false);
    // Inside the buffer, and few enough elements to visit (a zero stride
    // makes a huge view of one element).
    let inside = |reach: abi_core::Borrow, len: usize| whole.contains(&reach) && len <= 4 * LEN;
    // SAFETY: the data is read only when the view's extent lies inside
    // `buffer` (checked before any read).
    if let Ok(view) = unsafe { MemRef::from_descriptor(&desc, &MemRefType::ANY_STRIDED) } {
        if inside(view.borrowed_memory(), view.len()) {
            let sum: f32 = view.iter().sum();
            assert!(!sum.is_nan());
        }
    }
    // SAFETY: as above.
    if let Ok(mut view) = unsafe { MemRefMut::from_descriptor(&desc, &MemRefType::ANY_STRIDED) } {
        if inside(view.borrowed_memory(), view.len()) {
            // Every element reached once: marking each visited element
            // finds it unmarked.
            view.fill(0.0);
            let mut visits = 0;
            view.for_each_mut(|x| {
                assert_eq!(*x, 0.0, "an element reached twice");
                *x = 1.0;
                visits += 1;
            });
            assert_eq!(visits, view.len());
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&rank, rest)) = data.split_first() else {
        return;
    };
    let mut buffer = [0f32; LEN];
    match rank % 4 {
        0 => check::<0>(&mut buffer, rest),
        1 => check::<1>(&mut buffer, rest),
        2 => check::<2>(&mut buffer, rest),
        _ => check::<3>(&mut buffer, rest),
    }
});
