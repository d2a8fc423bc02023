//! The view types used through their safe API only, the way users write
//! code: views of views, reborrows, iterators and slices used between
//! writes, an unranked view made ranked, then mutable, then ranked again.
//! Nothing here is `unsafe`, so any undefined behaviour Miri reports is a
//! soundness bug of the library. `cargo xtask test` runs this file under
//! Miri with Stacked Borrows and again with Tree Borrows; the misuses that
//! must not compile are in `tests/view_lifetimes/`.

#![cfg(target_pointer_width = "64")] // memref descriptors are 64-bit only

use abi_core::memref::{
    Complex, MemRef, MemRefDescriptor, MemRefMut, OwnedMemRef, OwnedUnrankedMemRef,
};
use abi_core::model::mlir::MemRefType;

#[test]
fn views_of_views_and_reborrows() {
    let mut data: Vec<i32> = (0..12).collect();
    let mut grid = MemRefMut::from_slice(&mut data, [3, 4]).unwrap();
    // A shared view of the mutable one, a transposed view of that, and an
    // iterator over it, all read before the next write.
    let sum_of_column_1: i32 = {
        let shared = grid.as_view();
        let transposed = shared.transposed();
        let column = (0..3).map(|i| transposed[[1, i]]).sum();
        assert_eq!(shared.iter().copied().max(), Some(11));
        column
    };
    assert_eq!(sum_of_column_1, 1 + 5 + 9);
    // A reborrow writes, then the original view reads what it wrote.
    {
        let mut again = grid.reborrow();
        again[[2, 3]] = 100;
        again.for_each_mut(|x| *x *= 2);
    }
    assert_eq!(grid[[2, 3]], 200);
    // A slice taken, used, and dropped before the view is used again.
    let slice = grid.as_mut_slice().unwrap();
    slice[0] = -1;
    assert_eq!(grid.first_mut().copied(), Some(-1));
    grid.fill(3);
    assert!(grid.as_view().iter().all(|&x| x == 3));
    assert_eq!(data.iter().sum::<i32>(), 36);
}

#[test]
fn strided_views_over_one_buffer() {
    let data: Vec<f64> = (0..10).map(f64::from).collect();
    let evens = MemRef::from_slice_strided(&data, [5], [2], 0).unwrap();
    let odds = MemRef::from_slice_strided(&data, [5], [2], 1).unwrap();
    let reversed = MemRef::from_slice_strided(&data, [10], [-1], 9).unwrap();
    // Shared views may overlap freely.
    let pairs: Vec<f64> = evens.iter().zip(odds.iter()).map(|(a, b)| a + b).collect();
    assert_eq!(pairs, [1.0, 5.0, 9.0, 13.0, 17.0]);
    assert_eq!(reversed.first(), Some(&9.0));
    assert_eq!(reversed.to_vec()[9], 0.0);
    // A mutable strided view: every other element, written in place.
    let mut buffer = [0u8; 8];
    let mut every_other = MemRefMut::from_slice_strided(&mut buffer, [4], [2], 1).unwrap();
    every_other.for_each_mut(|x| *x = 7);
    assert_eq!(buffer, [0, 7, 0, 7, 0, 7, 0, 7]);
}

#[test]
fn an_unranked_view_made_ranked_then_mutable_then_ranked_again() {
    let mut data = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0];
    let mut view = MemRefMut::from_slice(&mut data, [2, 3]).unwrap();
    let mut slot = MemRefDescriptor::EMPTY;
    let mut unranked = view.as_unranked(&mut slot);
    assert_eq!((unranked.rank(), unranked.sizes()), (2, vec![2, 3]));
    let any = MemRefType::ANY_STRIDED;
    let before: f32 = unranked.ranked::<2>(&any).unwrap().iter().sum();
    assert_eq!(before, 21.0);
    // The wrong rank is an error, not a view.
    assert!(unranked.ranked::<1>(&any).is_err());
    {
        let mut ranked = unranked.ranked_mut::<2>(&any).unwrap();
        ranked[[1, 2]] = 60.0;
    }
    let shared = unranked.ranked::<2>(&any).unwrap();
    assert_eq!(shared[[1, 2]], 60.0);
    // Two shared views at once are fine.
    let other = unranked.ranked::<2>(&any).unwrap();
    assert_eq!(shared.to_vec(), other.to_vec());
    // The overlap check sees the whole buffer.
    assert_eq!(
        unranked.borrowed_memory(),
        abi_core::Borrow::range(data_address(&shared), 6 * 4, true)
    );
    {
        let mut last = unranked.into_ranked_mut::<2>(&any).unwrap();
        last[[0, 0]] = 10.0;
    }
    view[[0, 1]] = 20.0;
    assert_eq!(data, [10.0, 20.0, 3.0, 4.0, 5.0, 60.0]);
}

/// The dynamic-rank views of an unranked memref: shared, then mutable,
/// then shared again, over a transposed (strided) layout, of complex
/// elements, and of rank 0 and 3.
#[test]
fn dynamic_rank_views_of_an_unranked_memref() {
    let mut data: Vec<Complex<f64>> = (0..6).map(|k| Complex::new(k as f64, 1.0)).collect();
    // Transposed: 3x2 over a row-major 2x3 buffer.
    let mut view = MemRefMut::from_slice_strided(&mut data, [3, 2], [1, 3], 0).unwrap();
    let mut slot = MemRefDescriptor::EMPTY;
    let mut unranked = view.as_unranked(&mut slot);
    {
        let shared = unranked.view().unwrap();
        let again = unranked.view().unwrap();
        assert_eq!((shared.rank(), shared.sizes()), (2, &[3, 2][..]));
        assert_eq!((shared.strides(), shared.offset()), (&[1, 3][..], 0));
        assert_eq!(shared.get(&[2, 1]), Some(&Complex::new(5.0, 1.0)));
        assert_eq!(shared.get(&[3, 0]), None);
        assert_eq!(shared.get(&[0]), None);
        let order: Vec<f64> = shared.iter().map(|z| z.re).collect();
        assert_eq!(order, [0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
        assert!(shared.as_slice().is_none());
        assert_eq!(again.to_vec(), shared.to_vec());
        assert_eq!(shared.iter().len(), 6);
    }
    {
        let mut all = unranked.view_mut().unwrap();
        *all.get_mut(&[0, 1]).unwrap() = Complex::new(30.0, -1.0);
        all.for_each_mut(|z| z.im *= 2.0);
        let inner = all.as_view();
        assert_eq!(inner.get(&[0, 1]), Some(&Complex::new(30.0, -2.0)));
    }
    let first = unranked.view().unwrap().get(&[0, 0]).copied();
    assert_eq!(first, Some(Complex::new(0.0, 2.0)));
    {
        let mut last = unranked.into_view_mut().unwrap();
        last.fill(Complex::new(1.0, 1.0));
    }
    view[[0, 0]] = Complex::new(7.0, 7.0);
    assert_eq!(data[0], Complex::new(7.0, 7.0));
    assert!(data[1..].iter().all(|z| *z == Complex::new(1.0, 1.0)));

    // Rank 0 and rank 3, contiguous.
    let mut one = [5i32];
    let mut zero_d = MemRefMut::from_slice(&mut one, []).unwrap();
    let mut slot = MemRefDescriptor::EMPTY;
    let unranked = zero_d.as_unranked(&mut slot);
    let v = unranked.view().unwrap();
    assert_eq!((v.rank(), v.len(), v.get(&[])), (0, 1, Some(&5)));
    assert_eq!(v.as_slice(), Some(&[5][..]));
    let mut cube: Vec<u16> = (0..24).collect();
    let mut ranked = MemRefMut::from_slice(&mut cube, [2, 3, 4]).unwrap();
    let mut slot = MemRefDescriptor::EMPTY;
    let unranked = ranked.as_unranked(&mut slot);
    let v = unranked.view().unwrap();
    assert_eq!(v.get(&[1, 2, 3]), Some(&23));
    assert_eq!(v.to_vec(), (0..24).collect::<Vec<u16>>());
    assert_eq!(v.as_slice().map(<[u16]>::len), Some(24));
}

fn data_address(view: &MemRef<'_, f32, 2>) -> usize {
    core::ptr::from_ref(view.first().unwrap()).addr()
}

#[test]
fn owned_memrefs_lend_views() {
    let mut owned = OwnedMemRef::from_slice(&[1i64, 2, 3, 4], [2, 2]).unwrap();
    {
        let mut writer = owned.view_mut();
        writer[[0, 1]] = 20;
    }
    let reader = owned.view();
    assert_eq!(reader.to_vec(), [1, 20, 3, 4]);
    assert_eq!(reader.transposed().to_vec(), [1, 3, 20, 4]);
    // Unranked and back, owning the same buffer throughout.
    let unranked = OwnedUnrankedMemRef::from_ranked(owned).unwrap();
    assert_eq!(unranked.sizes(), [2, 2]);
    let ranked = unranked.into_ranked::<2>(&MemRefType::ANY_STRIDED).unwrap();
    assert_eq!(ranked.to_vec(), [1, 20, 3, 4]);
    let empty = OwnedMemRef::<f32, 2>::zeroed([0, 3]).unwrap();
    assert!(empty.view().is_empty());
}

#[test]
fn packed_views_of_parts() {
    use abi_core::packed::{PackedMut, PackedRef};
    let mut bytes = [0u8; 4];
    {
        let mut whole = PackedMut::<u32>::new(&mut bytes, 0).unwrap();
        whole.set(&0x1234_5678);
        let mut low = whole.part_mut::<u8>(0);
        low.set(&0xff);
        assert_eq!(whole.as_ref().get(), 0x1234_56ff);
    }
    let view = PackedRef::<u32>::new(&bytes, 0).unwrap();
    assert_eq!(view.part::<u8>(24).get(), 0x12);
    assert!(PackedRef::<u32>::new(&bytes, 1).is_err());
}
