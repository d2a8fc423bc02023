//! Memref views to and from `ndarray` views (the `ndarray` feature, built
//! and tested with ndarray 0.17). No data is copied either way; negative,
//! zero and transposed strides carry over.
//!
//! ```
//! use abi_core::memref::MemRef;
//! use ndarray::{array, s};
//!
//! let a = array![[1.0f32, 2.0, 3.0], [4.0, 5.0, 6.0]];
//! // Every other column, right to left: strides [3, -2], offset 2.
//! let picked = a.slice(s![.., ..;-2]);
//! let m = MemRef::from_ndarray(picked).unwrap();
//! assert_eq!(m.sizes(), [2, 2]);
//! assert_eq!(m.to_vec(), [3.0, 1.0, 6.0, 4.0]);
//! assert_eq!(m.to_ndarray(), picked);
//! ```

use ndarray::{ArrayBase, ArrayView, ArrayViewMut, Axis, Dim, Dimension, RawData, ShapeBuilder};

use super::{MemRef, MemRefMut, Raw};
use crate::memref::descriptor::MemRefDescriptor;
use crate::memref::element::MemRefElement;
use crate::model::mlir::MemRefError;
use crate::model::mlir::MemRefType;

/// ndarray's dimension type for rank `N` (`Ix0` .. `Ix6`).
type Shape<const N: usize> = Dim<[usize; N]>;

/// Panics unless the non-zero sizes multiply to at most `isize::MAX`, which
/// `from_shape_ptr` requires of an ndarray view: a memref of zero strides
/// (one element repeated) may have more elements than that.
#[track_caller]
fn assert_ndarray_len(sizes: &[usize]) {
    let mut len = 1usize;
    for &size in sizes.iter().filter(|&&size| size != 0) {
        len = match len.checked_mul(size) {
            Some(len) if len <= isize::MAX as usize => len,
            _ => panic!(
                "a memref of sizes {sizes:?} has more than isize::MAX elements, more than an ndarray view can have"
            ),
        };
    }
}

/// The descriptor of an ndarray view: ndarray points at element `[0, ...]`,
/// a descriptor at the lowest address it reaches plus an offset.
fn descriptor_of<T, const N: usize>(
    first: *mut T,
    sizes: &[usize],
    strides: &[isize],
) -> MemRefDescriptor<T, N> {
    let empty = sizes.contains(&0);
    let mut low = 0isize;
    let mut descriptor = MemRefDescriptor {
        allocated: first,
        aligned: first,
        offset: 0,
        sizes: [0; N],
        strides: [0; N],
    };
    for k in 0..N {
        descriptor.sizes[k] = sizes[k] as i64;
        descriptor.strides[k] = strides[k] as i64;
        if !empty && strides[k] < 0 {
            // ndarray keeps every element of a view inside one allocation
            // and its extent below `isize::MAX` bytes: no overflow.
            low += (sizes[k] as isize - 1) * strides[k];
        }
    }
    // `wrapping_offset`: only computed here; the view checks the descriptor.
    descriptor.aligned = first.wrapping_offset(low);
    descriptor.allocated = descriptor.aligned;
    descriptor.offset = -low as i64;
    descriptor
}

impl<T, const N: usize> Raw<T, N> {
    /// The same elements with non-negative strides (what ndarray's
    /// constructors accept), and which axes to invert afterwards.
    fn ndarray_parts(&self) -> (*mut T, Shape<N>, Shape<N>, [bool; N])
    where
        Shape<N>: Dimension,
    {
        let geometry = &self.geometry;
        let mut first = self.base;
        let mut shape = Shape::<N>::zeros(N);
        let mut strides = Shape::<N>::zeros(N);
        let mut inverted = [false; N];
        for k in 0..N {
            shape[k] = geometry.sizes[k];
            let stride = geometry.strides[k];
            if geometry.len > 0 {
                strides[k] = stride.unsigned_abs();
                if stride < 0 {
                    // Start from the other end of this axis; validation
                    // proved it is inside the data.
                    first = first.wrapping_offset((geometry.sizes[k] as isize - 1) * stride);
                    inverted[k] = true;
                }
            }
        }
        (first, shape, strides, inverted)
    }
}

/// Restores the negative strides `ndarray_parts` made positive.
fn with_axes_inverted<S: RawData, const N: usize>(
    mut array: ArrayBase<S, Shape<N>>,
    inverted: [bool; N],
) -> ArrayBase<S, Shape<N>>
where
    Shape<N>: Dimension,
{
    for (k, invert) in inverted.into_iter().enumerate() {
        if invert {
            array.invert_axis(Axis(k));
        }
    }
    array
}

impl<'a, T: MemRefElement, const N: usize> MemRef<'a, T, N>
where
    Shape<N>: Dimension,
{
    /// A memref view of an ndarray view, sharing its data (any strides).
    pub fn from_ndarray(view: ArrayView<'a, T, Shape<N>>) -> Result<Self, MemRefError> {
        let descriptor =
            descriptor_of::<T, N>(view.as_ptr().cast_mut(), view.shape(), view.strides());
        // SAFETY: the ndarray view borrows exactly the elements its shape
        // and strides reach, for `'a`, read-only; the descriptor describes
        // the same elements.
        unsafe { MemRef::from_descriptor(&descriptor, &MemRefType::ANY_STRIDED) }
    }

    /// An ndarray view of the same elements, in the same logical order.
    ///
    /// # Panics
    ///
    /// When the non-zero sizes multiply to more than `isize::MAX`, more
    /// elements than an ndarray view can have (a view of zero strides
    /// repeating one element can).
    pub fn to_ndarray(&self) -> ArrayView<'a, T, Shape<N>> {
        assert_ndarray_len(&self.sizes());
        let (first, shape, strides, inverted) = self.raw.ndarray_parts();
        // SAFETY: `first` is the lowest element of a validated view (or
        // dangling and aligned when empty, with zero strides); with
        // non-negative strides every element it reaches is one of this
        // view's, readable for `'a`, the extent fits in `isize`
        // (validated) and so does the product of the non-zero sizes
        // (asserted).
        let array = unsafe { ArrayView::from_shape_ptr(shape.strides(strides), first) };
        with_axes_inverted(array, inverted)
    }
}

impl<'a, T: MemRefElement, const N: usize> MemRefMut<'a, T, N>
where
    Shape<N>: Dimension,
{
    /// A mutable memref view of a mutable ndarray view, sharing its data.
    pub fn from_ndarray(mut view: ArrayViewMut<'a, T, Shape<N>>) -> Result<Self, MemRefError> {
        let descriptor = descriptor_of::<T, N>(view.as_mut_ptr(), view.shape(), view.strides());
        // SAFETY: the ndarray view borrows these elements exclusively for
        // `'a`; `from_descriptor` also refuses layouts that reach an element
        // twice.
        unsafe { MemRefMut::from_descriptor(&descriptor, &MemRefType::ANY_STRIDED) }
    }

    /// A read-only ndarray view of the same elements.
    ///
    /// # Panics
    ///
    /// As [`MemRef::to_ndarray`].
    pub fn as_ndarray(&self) -> ArrayView<'_, T, Shape<N>> {
        self.as_view().to_ndarray()
    }

    /// A mutable ndarray view of the same elements, borrowed from this
    /// view.
    ///
    /// # Panics
    ///
    /// As [`MemRef::to_ndarray`].
    pub fn as_ndarray_mut(&mut self) -> ArrayViewMut<'_, T, Shape<N>> {
        assert_ndarray_len(&self.sizes());
        let (first, shape, strides, inverted) = self.raw.ndarray_parts();
        // SAFETY: as in `MemRef::to_ndarray`; the elements are writable
        // and borrowed exclusively through `&mut self`, and no element is
        // reached twice (checked when this view was made).
        let array = unsafe { ArrayViewMut::from_shape_ptr(shape.strides(strides), first) };
        with_axes_inverted(array, inverted)
    }
}

#[cfg(all(test, target_pointer_width = "64"))] // descriptors are 64-bit only
mod tests {
    use ndarray::{Array2, Array3, s};

    use super::*;

    #[test]
    fn round_trips_keep_order_and_strides() {
        let a = Array3::from_shape_fn((2, 3, 4), |(i, j, k)| (100 * i + 10 * j + k) as i32);
        let cases = [
            a.view(),
            a.slice(s![.., ..;-1, ..]),
            a.slice(s![..;-1, 1.., ..;-2]),
            a.view().reversed_axes(),
            a.slice(s![.., 0..0, ..]),
        ];
        for view in cases {
            let m = MemRef::from_ndarray(view).unwrap();
            assert_eq!(m.sizes(), view.shape());
            let logical: Vec<i32> = view.iter().copied().collect();
            assert_eq!(m.to_vec(), logical);
            assert_eq!(m.to_ndarray(), view);
            if !view.is_empty() {
                assert_eq!(m.to_ndarray().strides(), view.strides());
            }
        }
    }

    #[test]
    fn broadcast_views_are_read_only() {
        let row = ndarray::arr1(&[1.0f64, 2.0, 3.0]);
        let broadcast = row.broadcast((4, 3)).unwrap();
        let m = MemRef::from_ndarray(broadcast).unwrap();
        assert_eq!(m.strides(), [0, 1]);
        assert_eq!(m.to_vec().len(), 12);
        assert_eq!(m.to_ndarray(), broadcast);
    }

    #[test]
    fn more_elements_than_an_ndarray_view_can_have_panics() {
        let one = [7u8];
        // One element seen 2^63 times, and 2^80 times along two non-empty
        // axes of an empty view: ndarray allows at most isize::MAX.
        let huge = MemRef::from_slice_strided(&one, [1 << 32, 1 << 31], [0, 0], 0).unwrap();
        assert_eq!(huge.len(), 1 << 63);
        let empty = MemRef::from_slice_strided(&one, [0, 1 << 40, 1 << 40], [0, 0, 0], 0).unwrap();
        for (view, sizes) in [
            (
                std::panic::catch_unwind(|| huge.to_ndarray().len()),
                "[4294967296, 2147483648]",
            ),
            (
                std::panic::catch_unwind(|| empty.to_ndarray().len()),
                "[0, 1099511627776, 1099511627776]",
            ),
        ] {
            let message = view.unwrap_err();
            let message = message.downcast_ref::<String>().unwrap();
            assert!(message.contains(sizes), "{message}");
            assert!(
                message.contains("more than isize::MAX elements"),
                "{message}"
            );
        }
        // At the limit it is a view.
        let limit = MemRef::from_slice_strided(&one, [1 << 31, (1 << 32) - 1], [0, 0], 0).unwrap();
        assert_eq!(limit.to_ndarray().len(), (1 << 63) - (1 << 31));
        assert_eq!(limit.to_ndarray()[[5, 9]], 7);
    }

    #[test]
    fn mutable_views_write_through() {
        let mut a = Array2::<f32>::zeros((3, 4));
        {
            let mut m = MemRefMut::from_ndarray(a.slice_mut(s![..;-1, 1..;2])).unwrap();
            m[[0, 0]] = 1.0; // a[2, 1]
            m[[2, 1]] = 2.0; // a[0, 3]
            m.as_ndarray_mut()[[1, 1]] = 3.0; // a[1, 3]
            assert_eq!(m.as_ndarray()[[0, 0]], 1.0);
        }
        assert_eq!(a[[2, 1]], 1.0);
        assert_eq!(a[[0, 3]], 2.0);
        assert_eq!(a[[1, 3]], 3.0);
        assert_eq!(a.sum(), 6.0);
    }
}
