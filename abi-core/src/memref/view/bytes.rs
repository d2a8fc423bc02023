//! `ByteMemRef` / `ByteMemRefMut`: views of an unranked memref whose element
//! type is unknown and whose element *size* is given at run time, as
//! MLIR's runtime functions receive them (`memrefCopy(elemSize, src,
//! dst)`): sizes, strides, offset, each element as bytes, and the strided
//! copy between two such views.
use core::fmt;
use core::marker::PhantomData;

use super::super::descriptor::UnrankedMemRefDescriptor;
use super::dynamic::DynRaw;
use crate::model::mlir::{MemRefError, MemRefType};

/// The checks of a byte view: an element size of at least one byte, then
/// the descriptor as a ranked view's (alignment 1: the element type, and so
/// its alignment, is unknown).
///
/// # Safety
///
/// `desc.descriptor` points to a readable ranked descriptor of `desc.rank`.
unsafe fn raw(desc: &UnrankedMemRefDescriptor, elem_size: usize) -> Result<DynRaw, MemRefError> {
    if elem_size == 0 {
        return Err(MemRefError::InvalidElementSize { size: elem_size });
    }
    let rank = super::checked_rank(desc)?;
    // SAFETY: forwarded to the caller.
    unsafe {
        DynRaw::new(
            desc.descriptor,
            rank,
            &MemRefType::ANY_STRIDED,
            elem_size,
            1,
        )
    }
}

/// A read-only view of a memref of any rank whose elements are
/// `elem_size` bytes each, of unknown type: each element is a `&[u8]`.
///
/// ```
/// use abi_core::memref::{ByteMemRef, MemRefDescriptor, MemRefMut};
///
/// let mut data = [1u16, 2, 3, 4, 5, 6];
/// let mut ranked = MemRefMut::from_slice(&mut data, [2, 3]).unwrap();
/// let mut slot = MemRefDescriptor::EMPTY;
/// let mut unranked = ranked.as_unranked(&mut slot);
/// let desc = unranked.descriptor();
/// // SAFETY: the descriptor describes `data`, which nothing else accesses
/// // while the view lives.
/// let bytes = unsafe { ByteMemRef::from_unranked(&desc, 2) }.unwrap();
/// assert_eq!(bytes.get(&[1, 2]), Some(&6u16.to_ne_bytes()[..]));
/// ```
pub struct ByteMemRef<'a> {
    raw: DynRaw,
    _borrow: PhantomData<&'a [u8]>,
}

/// A mutable view of a memref of any rank whose elements are `elem_size`
/// bytes each; no element reached twice.
pub struct ByteMemRefMut<'a> {
    raw: DynRaw,
    _borrow: PhantomData<&'a mut [u8]>,
}

impl fmt::Debug for ByteMemRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ByteMemRef")
            .field("elem_size", &self.raw.elem_size)
            .field("sizes", &self.raw.sizes)
            .field("strides", &self.raw.strides)
            .field("offset", &self.raw.offset)
            .finish()
    }
}

impl fmt::Debug for ByteMemRefMut<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ByteMemRefMut")
            .field("elem_size", &self.raw.elem_size)
            .field("sizes", &self.raw.sizes)
            .field("strides", &self.raw.strides)
            .field("offset", &self.raw.offset)
            .finish()
    }
}

impl<'a> ByteMemRef<'a> {
    /// A view of the memref an unranked descriptor describes, with
    /// elements of `elem_size` bytes, after the checks of a ranked view
    /// (sizes, strides, offset; no alignment beyond one byte).
    ///
    /// # Safety
    ///
    /// `desc.descriptor` must point to a readable ranked descriptor of
    /// `desc.rank`, and every element it reaches must be valid for reads
    /// and not written through other pointers for `'a`.
    pub unsafe fn from_unranked(
        desc: &UnrankedMemRefDescriptor,
        elem_size: usize,
    ) -> Result<Self, MemRefError> {
        Ok(ByteMemRef {
            // SAFETY: forwarded to the caller.
            raw: unsafe { raw(desc, elem_size)? },
            _borrow: PhantomData,
        })
    }

    geometry_accessors!();

    /// The bytes of the element at `index`, or `None` when `index` has
    /// another length or is out of bounds.
    pub fn get(&self, index: &[usize]) -> Option<&'a [u8]> {
        let size = self.raw.elem_size;
        // SAFETY: in bounds of the validated view, `elem_size` readable
        // bytes for `'a`.
        self.raw
            .pointer(index)
            .map(|p| unsafe { core::slice::from_raw_parts(p, size) })
    }

    /// Call `f` with the bytes of every element, in row-major order.
    pub fn for_each(&self, mut f: impl FnMut(&'a [u8])) {
        let size = self.raw.elem_size;
        // SAFETY: each pointer is an element of the validated view,
        // `elem_size` readable bytes for `'a`.
        self.raw
            .each_pointer(|p| f(unsafe { core::slice::from_raw_parts(p, size) }));
    }

    /// The elements' bytes, in row-major order, one after the other.
    pub fn to_vec(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.raw.len * self.raw.elem_size);
        self.for_each(|e| out.extend_from_slice(e));
        out
    }
}

impl<'a> ByteMemRefMut<'a> {
    /// A mutable view of the memref an unranked descriptor describes (see
    /// [`ByteMemRef::from_unranked`]); refused when two indices reach one
    /// element.
    ///
    /// # Safety
    ///
    /// `desc.descriptor` must point to a readable ranked descriptor of
    /// `desc.rank`, and every element it reaches must be valid for reads
    /// and writes and not accessed through other pointers for `'a`.
    pub unsafe fn from_unranked(
        desc: &UnrankedMemRefDescriptor,
        elem_size: usize,
    ) -> Result<Self, MemRefError> {
        // SAFETY: forwarded to the caller.
        let raw = unsafe { raw(desc, elem_size)? };
        if raw.self_overlaps() {
            return Err(MemRefError::Overlapping);
        }
        Ok(ByteMemRefMut {
            raw,
            _borrow: PhantomData,
        })
    }

    geometry_accessors!();

    /// A read-only view of the same data, for as long as `self` is
    /// borrowed.
    pub fn as_view(&self) -> ByteMemRef<'_> {
        ByteMemRef {
            raw: self.raw.clone(),
            _borrow: PhantomData,
        }
    }

    /// The bytes of the element at `index`, or `None` when `index` has
    /// another length or is out of bounds.
    pub fn get_mut(&mut self, index: &[usize]) -> Option<&mut [u8]> {
        let size = self.raw.elem_size;
        // SAFETY: in bounds, `elem_size` writable bytes borrowed through
        // `self`; no two indices reach one element.
        self.raw
            .pointer(index)
            .map(|p| unsafe { core::slice::from_raw_parts_mut(p, size) })
    }

    /// Copy `src`'s elements into this view's, in row-major order (any
    /// strides on either side). Both must have the same element size and
    /// the same sizes.
    pub fn copy_from(&mut self, src: &ByteMemRef<'_>) -> Result<(), MemRefError> {
        check_same_shape(&self.raw, &src.raw)?;
        // SAFETY: `src` and `self` are views of disjoint memory (a shared
        // and an exclusive borrow), both validated with the same shape.
        unsafe { copy_elements(&src.raw, &self.raw) };
        Ok(())
    }

    /// `memrefCopy(elemSize, src, dst)`: copy the memref `src` describes
    /// into the one `dst` describes, elements of `elem_size` bytes, any
    /// strides, checked as [`from_unranked`](Self::from_unranked) checks
    /// (same rank and sizes, no element of `dst` reached twice). When the
    /// two overlap, `src` is read whole before `dst` is written.
    ///
    /// # Safety
    ///
    /// Both descriptors point to readable ranked descriptors of their
    /// ranks; every element `src` reaches is readable and every element
    /// `dst` reaches writable, with no other access meanwhile.
    pub unsafe fn copy_unranked(
        elem_size: usize,
        src: &UnrankedMemRefDescriptor,
        dst: &UnrankedMemRefDescriptor,
    ) -> Result<(), MemRefError> {
        // SAFETY: readable descriptors (caller).
        let from = unsafe { raw(src, elem_size)? };
        // SAFETY: as above.
        let to = unsafe { raw(dst, elem_size)? };
        if to.self_overlaps() {
            return Err(MemRefError::Overlapping);
        }
        check_same_shape(&to, &from)?;
        let (a, b) = (from.byte_range(), to.byte_range());
        if a.start < b.end && b.start < a.end {
            // Overlapping: through a copy of the source.
            let mut staged = Vec::with_capacity(from.len * elem_size);
            from.each_pointer(|p| {
                // SAFETY: each pointer is `elem_size` readable bytes
                // (caller); nothing writes while the source is read.
                let element = unsafe { core::slice::from_raw_parts(p, elem_size) };
                staged.extend_from_slice(element);
            });
            let mut chunks = staged.chunks_exact(elem_size);
            to.each_pointer(|p| {
                if let Some(chunk) = chunks.next() {
                    // SAFETY: `elem_size` writable bytes (caller), disjoint
                    // from the staging buffer.
                    unsafe { core::ptr::copy_nonoverlapping(chunk.as_ptr(), p, elem_size) };
                }
            });
        } else {
            // SAFETY: disjoint, readable and writable (caller), same shape.
            unsafe { copy_elements(&from, &to) };
        }
        Ok(())
    }
}

fn check_same_shape(dst: &DynRaw, src: &DynRaw) -> Result<(), MemRefError> {
    if dst.elem_size != src.elem_size {
        return Err(MemRefError::InvalidElementSize {
            size: src.elem_size,
        });
    }
    if dst.sizes.len() != src.sizes.len() {
        return Err(MemRefError::RankMismatch {
            expected: dst.sizes.len(),
            found: src.sizes.len() as i64,
        });
    }
    for (dim, (&expected, &found)) in dst.sizes.iter().zip(&src.sizes).enumerate() {
        if expected != found {
            return Err(MemRefError::SizeMismatch {
                dim,
                expected: expected as i64,
                found: found as i64,
            });
        }
    }
    Ok(())
}

/// Copy every element of `src` to `dst`, in row-major order: one copy when
/// both are contiguous, else one per element.
///
/// # Safety
///
/// Same shape; `src`'s elements readable, `dst`'s writable, the two
/// disjoint.
unsafe fn copy_elements(src: &DynRaw, dst: &DynRaw) {
    if src.len == 0 {
        return;
    }
    let size = src.elem_size;
    if src.is_contiguous() && dst.is_contiguous() {
        // SAFETY: `len * size` contiguous bytes on each side (caller).
        unsafe { core::ptr::copy_nonoverlapping(src.base, dst.base, src.len * size) };
        return;
    }
    let mut targets = Vec::with_capacity(src.len);
    dst.each_pointer(|p| targets.push(p));
    let mut targets = targets.into_iter();
    src.each_pointer(|p| {
        if let Some(q) = targets.next() {
            // SAFETY: one element each side (caller), disjoint.
            unsafe { core::ptr::copy_nonoverlapping(p, q, size) };
        }
    });
}

#[cfg(all(test, target_pointer_width = "64"))] // descriptors are 64-bit only
mod tests {
    use super::*;
    use crate::memref::{Complex, MemRef, MemRefDescriptor, MemRefMut};

    fn unranked<T, const N: usize>(desc: &mut MemRefDescriptor<T, N>) -> UnrankedMemRefDescriptor {
        UnrankedMemRefDescriptor {
            rank: N as i64,
            descriptor: (desc as *mut MemRefDescriptor<T, N>).cast(),
        }
    }

    /// `memrefCopy` of 16-byte elements (`complex<f64>`) from a transposed
    /// view into a row-major one, and a contiguous copy.
    #[test]
    fn strided_copy_of_sixteen_byte_elements() {
        let src: Vec<Complex<f64>> = (0..6)
            .map(|k| Complex::new(k as f64, -(k as f64)))
            .collect();
        let mut dst = [Complex::new(0.0, 0.0); 6];
        let mut s = MemRef::from_slice_strided(&src, [3, 2], [1, 3], 0)
            .unwrap()
            .descriptor();
        let mut d = MemRefMut::from_slice(&mut dst, [3, 2])
            .unwrap()
            .descriptor();
        let (su, du) = (unranked(&mut s), unranked(&mut d));
        // SAFETY: the descriptors describe `src` and `dst`, used by nothing
        // else meanwhile.
        unsafe { ByteMemRefMut::copy_unranked(16, &su, &du) }.unwrap();
        let re: Vec<f64> = dst.iter().map(|z| z.re).collect();
        assert_eq!(re, [0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
        assert_eq!(dst[1].im, -3.0);

        // Through the views, contiguous.
        let mut again = [Complex::new(9.0, 9.0); 6];
        let mut a = MemRefMut::from_slice(&mut again, [3, 2])
            .unwrap()
            .descriptor();
        let au = unranked(&mut a);
        // SAFETY: as above.
        let from = unsafe { ByteMemRef::from_unranked(&du, 16) }.unwrap();
        // SAFETY: as above.
        let mut to = unsafe { ByteMemRefMut::from_unranked(&au, 16) }.unwrap();
        assert_eq!(
            (to.rank(), to.sizes(), to.elem_size()),
            (2, &[3, 2][..], 16)
        );
        to.copy_from(&from).unwrap();
        assert_eq!(from.get(&[2, 1]).map(<[u8]>::len), Some(16));
        assert_eq!(from.to_vec().len(), 96);
        assert_eq!(again, dst);
        to.get_mut(&[0, 0]).unwrap().fill(0);
        assert_eq!(again[0], Complex::new(0.0, 0.0));
    }

    /// A copy onto itself reversed (source and destination overlap) reads
    /// the source whole first; bad shapes and sizes are errors.
    #[test]
    fn overlapping_and_refused_copies() {
        let mut data = [1u32, 2, 3, 4];
        let mut fwd = MemRefMut::from_slice(&mut data, [4]).unwrap().descriptor();
        let mut rev = fwd;
        rev.offset = 3;
        rev.strides = [-1];
        let (f, r) = (unranked(&mut fwd), unranked(&mut rev));
        // SAFETY: both describe `data`, used by nothing else meanwhile.
        unsafe { ByteMemRefMut::copy_unranked(4, &f, &r) }.unwrap();
        assert_eq!(data, [4, 3, 2, 1]);

        let mut short = fwd;
        short.sizes = [3];
        let s = unranked(&mut short);
        // SAFETY: as above.
        let err = unsafe { ByteMemRefMut::copy_unranked(4, &s, &f) }.unwrap_err();
        assert_eq!(
            err,
            MemRefError::SizeMismatch {
                dim: 0,
                expected: 4,
                found: 3
            }
        );
        // SAFETY: as above.
        let err = unsafe { ByteMemRefMut::copy_unranked(0, &f, &r) }.unwrap_err();
        assert_eq!(err, MemRefError::InvalidElementSize { size: 0 });
        // Eight-byte elements reach past the four `u32`s: refused only if
        // they leave the address space, so the caller's contract is what
        // holds here; a negative offset is caught.
        let mut before = fwd;
        before.offset = -1;
        let b = unranked(&mut before);
        // SAFETY: as above.
        let err = unsafe { ByteMemRef::from_unranked(&b, 4) }.unwrap_err();
        assert_eq!(err, MemRefError::BeforeStart { index: -1 });
        let mut broadcast = fwd;
        broadcast.strides = [0];
        let c = unranked(&mut broadcast);
        // SAFETY: as above.
        let err = unsafe { ByteMemRefMut::copy_unranked(4, &f, &c) }.unwrap_err();
        assert_eq!(err, MemRefError::Overlapping);
        let null = UnrankedMemRefDescriptor {
            rank: 1,
            descriptor: core::ptr::null_mut(),
        };
        // SAFETY: NULL is refused before any read.
        let err = unsafe { ByteMemRef::from_unranked(&null, 4) }.unwrap_err();
        assert_eq!(err, MemRefError::NullDescriptor);
    }
}
