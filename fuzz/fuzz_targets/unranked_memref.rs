//! An unranked descriptor whose rank and ranked part are arbitrary: the
//! view must refuse impossible ranks and read the sizes unaligned, and the
//! ranked views it gives must validate like any other.
#![no_main]

use abi_core::memref::{UnrankedMemRef, UnrankedMemRefDescriptor};
use abi_core::model::mlir::MemRefType;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    // Room for the largest descriptor the view accepts (rank 64), at an
    // arbitrary misalignment.
    let mut block = vec![0u8; 8 * (3 + 2 * 64) + 8];
    let shift = usize::from(head % 8);
    let n = rest.len().min(block.len() - shift);
    block[shift..shift + n].copy_from_slice(&rest[..n]);
    // Data pointers inside the descriptor would be arbitrary: clear them so
    // that only NULL or a dangling-but-unused pointer is possible.
    block[shift..shift + 16].fill(0);
    let rank = i64::from(head as i8) / 2;
    let desc = UnrankedMemRefDescriptor {
        rank,
        descriptor: block.as_mut_ptr().wrapping_add(shift).cast(),
    };
    // SAFETY: the descriptor's block holds `rank` sizes and strides for
    // every rank the view accepts; its data pointers are NULL, so only
    // empty views can be read.
    let Ok(view) = (unsafe { UnrankedMemRef::<f32>::from_descriptor(&desc) }) else {
        return;
    };
    assert_eq!(view.sizes().len(), view.rank());
    // The overlap check's extent of any descriptor: never an overflow.
    let _ = view.borrowed_memory();
    if let Ok(ranked) = view.ranked::<2>(&MemRefType::ANY_STRIDED) {
        assert!(
            ranked.iter().next().is_none(),
            "a NULL buffer gave elements"
        );
    }
});
