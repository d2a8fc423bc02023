//! What a memref type declares (shape and layout), and the validation every
//! descriptor goes through before Rust reads through it.

use super::descriptor::MemRefDescriptor;
use super::element::MemRefElement;
use crate::model::mlir::{Dim, MemRefError, MemRefLayout, MemRefType};

/// The checks of a descriptor against a [`MemRefType`] (the type itself is
/// data of `abi-model`).
pub trait MemRefTypeCheck {
    /// Check a descriptor against the general rules (non-negative sizes, an
    /// aligned non-NULL pointer when there is data, offsets and strides that
    /// stay at or after `aligned` and inside the address space) and against
    /// this type's static sizes, strides, offset and identity layout.
    fn check<T: MemRefElement, const N: usize>(
        &self,
        desc: &MemRefDescriptor<T, N>,
    ) -> Result<Geometry<N>, MemRefError>;

    /// Check sizes, strides and offset against what this type declares.
    fn check_declared<const N: usize>(
        &self,
        offset: i64,
        sizes: &[i64; N],
        strides: &[i64; N],
    ) -> Result<(), MemRefError>;
}

impl MemRefTypeCheck for MemRefType {
    /// Check a descriptor against the general rules (non-negative sizes, an
    /// aligned non-NULL pointer when there is data, offsets and strides that
    /// stay at or after `aligned` and inside the address space) and against
    /// this type's static sizes, strides, offset and identity layout.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn check<T: MemRefElement, const N: usize>(
        &self,
        desc: &MemRefDescriptor<T, N>,
    ) -> Result<Geometry<N>, MemRefError> {
        // `?` here, not a `match` as elsewhere on this path: with a
        // `match`, the rank-2 `_mlir_ciface_` shim of the memref benchmark
        // took one instruction more (60 against 59) in release.
        let geometry = Geometry::parse(desc)?;
        check_declared_layout(
            self,
            desc.offset,
            &desc.sizes,
            &desc.strides,
            geometry.len == 0,
        )?;
        if geometry.len == 0 {
            return Ok(geometry);
        }
        let range = match self.layout {
            // Offset 0 and row-major strides were just checked: the
            // elements are exactly `0..len`, no need to walk the strides.
            MemRefLayout::Identity => (0, geometry.len as isize - 1),
            MemRefLayout::Strided { .. } => geometry.index_range()?,
        };
        geometry.check_data(desc.aligned, range)?;
        Ok(geometry)
    }

    /// Check sizes, strides and offset against what this type declares.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn check_declared<const N: usize>(
        &self,
        offset: i64,
        sizes: &[i64; N],
        strides: &[i64; N],
    ) -> Result<(), MemRefError> {
        check_declared_layout(self, offset, sizes, strides, sizes.contains(&0))
    }
}

/// [`MemRefTypeCheck::check`] for [`MemRefType::DYNAMIC_IDENTITY`] (no
/// declared shape, offset 0, row-major strides), the type of every memref
/// parameter without an `#[mlir]` declaration: the same checks in the same
/// order, with the same errors, written for that type alone.
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub(crate) fn check_dynamic_identity<T: MemRefElement, const N: usize>(
    desc: &MemRefDescriptor<T, N>,
) -> Result<Geometry<N>, MemRefError> {
    // `?`, as in `check` (with a `match` the shim keeps one more
    // instruction).
    let geometry = Geometry::parse(desc)?;
    if desc.offset != 0 {
        return Err(MemRefError::OffsetMismatch {
            expected: 0,
            found: desc.offset,
        });
    }
    // The one stride a dynamic shape makes static: the innermost, 1.
    if N > 0 && desc.strides[N - 1] != 1 {
        return Err(MemRefError::StrideMismatch {
            dim: N - 1,
            expected: 1,
            found: desc.strides[N - 1],
        });
    }
    if geometry.len == 0 {
        return Ok(geometry);
    }
    check_row_major(&desc.sizes, &desc.strides)?;
    geometry.check_data(desc.aligned, (0, geometry.len as isize - 1))?;
    Ok(geometry)
}

/// Row-major strides in every dimension of more than one element (a
/// dimension of one element adds nothing to any index, whatever its
/// stride): what the identity layout needs of a non-empty memref.
#[cfg_attr(not(abi_core_unoptimised), inline)]
fn check_row_major(sizes: &[i64], strides: &[i64]) -> Result<(), MemRefError> {
    let mut step = 1i64;
    for dim in (0..sizes.len()).rev() {
        if sizes[dim] > 1 && strides[dim] != step {
            return Err(MemRefError::StrideMismatch {
                dim,
                expected: step,
                found: strides[dim],
            });
        }
        step = step.saturating_mul(sizes[dim]);
    }
    Ok(())
}

/// [`check_declared`](MemRefTypeCheck::check_declared), told whether the memref is
/// empty (the strides of an empty memref are never used).
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub(crate) fn check_declared_layout(
    ty: &MemRefType,
    offset: i64,
    sizes: &[i64],
    strides: &[i64],
    is_empty: bool,
) -> Result<(), MemRefError> {
    debug_assert_eq!(sizes.len(), strides.len());
    let rank = sizes.len();
    if let Some(shape) = ty.shape {
        if shape.len() != rank {
            return Err(MemRefError::RankMismatch {
                expected: shape.len(),
                found: rank as i64,
            });
        }
        for (dim, (&declared, &size)) in shape.iter().zip(sizes).enumerate() {
            if let Dim::Static(expected) = declared
                && size != expected
            {
                return Err(MemRefError::SizeMismatch {
                    dim,
                    expected,
                    found: size,
                });
            }
        }
    }
    match ty.layout {
        MemRefLayout::Identity => {
            if offset != 0 {
                return Err(MemRefError::OffsetMismatch {
                    expected: 0,
                    found: offset,
                });
            }
            // What MLIR's own verifier checks (`memref.cast` under
            // `--generate-runtime-verification`): every stride the
            // type makes static, whatever the sizes found, even in an
            // empty memref. The canonical stride of a dimension is the
            // product of the sizes after it, static when those are.
            let mut canonical = Some(1i64);
            for dim in (0..rank).rev() {
                if let Some(expected) = canonical
                    && strides[dim] != expected
                {
                    return Err(MemRefError::StrideMismatch {
                        dim,
                        expected,
                        found: strides[dim],
                    });
                }
                canonical = match ty.static_size(dim) {
                    Some(size) if size > 0 => canonical.and_then(|c| c.checked_mul(size)),
                    _ => None,
                };
            }
            // And row-major strides in every dimension that has more
            // than one element, for the bounds (a dimension of one
            // element adds nothing to any index, whatever its stride).
            if !is_empty {
                check_row_major(sizes, strides)?;
            }
        }
        MemRefLayout::Strided {
            strides: declared,
            offset: declared_offset,
        } => {
            if let Dim::Static(expected) = declared_offset
                && offset != expected
            {
                return Err(MemRefError::OffsetMismatch {
                    expected,
                    found: offset,
                });
            }
            if !declared.is_empty() && declared.len() != rank {
                return Err(MemRefError::RankMismatch {
                    expected: declared.len(),
                    found: rank as i64,
                });
            }
            // Every static stride, whatever the sizes (as MLIR's
            // verifier does).
            for (dim, declared) in declared.iter().enumerate() {
                if let Dim::Static(expected) = *declared
                    && strides[dim] != expected
                {
                    return Err(MemRefError::StrideMismatch {
                        dim,
                        expected,
                        found: strides[dim],
                    });
                }
            }
        }
    }
    Ok(())
}

/// A validated descriptor's geometry, in Rust types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry<const N: usize> {
    /// Sizes.
    pub sizes: [usize; N],
    /// Strides, in elements.
    pub strides: [isize; N],
    /// The offset of element `[0, ...]` from `aligned`, in elements.
    pub offset: isize,
    /// The number of elements.
    pub len: usize,
}

impl<const N: usize> Geometry<N> {
    /// The general rules every descriptor must satisfy before it is read.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn of<T: MemRefElement>(desc: &MemRefDescriptor<T, N>) -> Result<Self, MemRefError> {
        let geometry = Self::parse(desc)?;
        if geometry.len == 0 {
            return Ok(geometry);
        }
        geometry.check_data(desc.aligned, geometry.index_range()?)?;
        Ok(geometry)
    }

    /// Sizes, strides and offset in Rust types, and the element count:
    /// no negative size, nothing that overflows.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn parse<T: MemRefElement>(desc: &MemRefDescriptor<T, N>) -> Result<Self, MemRefError> {
        // Written with `match` and `as` where `map_err`, `ok_or` and
        // `try_from` would do: each of those is one more function that every
        // crate instantiates for each rank it uses, and a debug build
        // compiles each (the same machine code in release).
        let mut sizes = [0usize; N];
        let mut strides = [0isize; N];
        let mut len = 1usize;
        for dim in 0..N {
            let size = desc.sizes[dim];
            sizes[dim] = match usize_of(size) {
                Some(size) => size,
                None => return Err(MemRefError::NegativeSize { dim, size }),
            };
            strides[dim] = match isize_of(desc.strides[dim]) {
                Some(stride) => stride,
                None => return Err(MemRefError::Overflow),
            };
            len = match len.checked_mul(sizes[dim]) {
                Some(len) => len,
                None => return Err(MemRefError::Overflow),
            };
        }
        let Some(offset) = isize_of(desc.offset) else {
            return Err(MemRefError::Overflow);
        };
        Ok(Geometry {
            sizes,
            strides,
            offset,
            len,
        })
    }

    /// The data of a non-empty memref whose elements span indices
    /// `first..=last` from `aligned`: non-NULL, aligned, nothing before
    /// `aligned`, nothing past the address space. (An empty memref reads
    /// nothing, so its pointers may be NULL or anything else.)
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn check_data<T>(&self, aligned: *mut T, range: (isize, isize)) -> Result<(), MemRefError> {
        check_data_sized(aligned as usize, size_of::<T>(), align_of::<T>(), range)
    }

    // `index_range`, `self_overlaps` and `is_row_major` loop over the
    // arrays; the dynamic-rank views use slice versions of the same rules
    // (the free functions below). Calling those from here instead took the
    // memref benchmark's transposed traversal from 1.63 to 2.48
    // instructions per element (measured with callgrind, twice).
    /// The smallest and largest element index (from `aligned`) a non-empty
    /// memref of this geometry reaches.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub fn index_range(&self) -> Result<(isize, isize), MemRefError> {
        // `match` rather than `map_err` and `ok_or`, as in `parse`.
        let (mut first, mut last) = (self.offset, self.offset);
        for dim in 0..N {
            let size = self.sizes[dim];
            if size > isize::MAX as usize {
                return Err(MemRefError::Overflow);
            }
            let Some(reach) = (size as isize - 1).checked_mul(self.strides[dim]) else {
                return Err(MemRefError::Overflow);
            };
            if reach < 0 {
                first = match first.checked_add(reach) {
                    Some(first) => first,
                    None => return Err(MemRefError::Overflow),
                };
            } else {
                last = match last.checked_add(reach) {
                    Some(last) => last,
                    None => return Err(MemRefError::Overflow),
                };
            }
        }
        Ok((first, last))
    }

    /// Whether two different indices can reach the same element (a stride
    /// of 0, or strides that interleave). Mutable views refuse such
    /// layouts, since they hand out `&mut T` per element.
    pub fn self_overlaps(&self) -> bool {
        if self.len <= 1 {
            return false;
        }
        // On the stack: this runs on every call of a shim taking a
        // `MemRefMut` (a `Vec` here was a third of such a call's cost).
        let mut dims = [(0usize, 0usize); N];
        let mut count = 0;
        for k in 0..N {
            if self.sizes[k] > 1 {
                dims[count] = (self.strides[k].unsigned_abs(), self.sizes[k]);
                count += 1;
            }
        }
        dims_overlap(&mut dims[..count])
    }

    /// Whether the elements are contiguous in row-major order (any offset).
    pub fn is_row_major(&self) -> bool {
        if self.len == 0 {
            return true;
        }
        let mut step = 1isize;
        for dim in (0..N).rev() {
            if self.sizes[dim] > 1 && self.strides[dim] != step {
                return false;
            }
            step *= self.sizes[dim] as isize;
        }
        true
    }
}

/// `value` as a `usize`, if it is one (not negative, and not above
/// `usize::MAX` on a target narrower than 64 bits): `usize::try_from`, in
/// abi-core's code rather than instantiated in each crate's.
#[cfg_attr(not(abi_core_unoptimised), inline)]
fn usize_of(value: i64) -> Option<usize> {
    usize::try_from(value).ok()
}

/// `value` as an `isize`, if it is one: as [`usize_of`].
#[cfg_attr(not(abi_core_unoptimised), inline)]
fn isize_of(value: i64) -> Option<isize> {
    isize::try_from(value).ok()
}

/// The data of a non-empty memref whose elements (of `element_size`
/// bytes at alignment `align`, known at run time) span indices
/// `first..=last` from `aligned`: what `Geometry::check_data` checks for a
/// Rust element type, for the dynamic-rank and byte views.
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub(crate) fn check_data_sized(
    aligned: usize,
    element_size: usize,
    align: usize,
    (first, last): (isize, isize),
) -> Result<(), MemRefError> {
    {
        if aligned == 0 {
            return Err(MemRefError::NullData);
        }
        if !aligned.is_multiple_of(align) {
            return Err(MemRefError::Misaligned {
                align,
                address: aligned,
            });
        }
        if first < 0 {
            return Err(MemRefError::BeforeStart {
                index: first as i64,
            });
        }
        // The last element's end must be addressable from `aligned`
        // without leaving the address space (or `isize`, which pointer
        // offsets require).
        // `last >= first >= 0` here; one comparison bounds `(last + 1) *
        // size` by `isize::MAX`.
        let element_size = element_size.max(1);
        if last as usize >= isize::MAX as usize / element_size {
            return Err(MemRefError::Overflow);
        }
        let end_bytes = (last as usize + 1) * element_size;
        aligned
            .checked_add(end_bytes)
            .ok_or(MemRefError::Overflow)?;
        Ok(())
    }
}

/// The smallest and largest element index (from `aligned`) a non-empty
/// memref reaches from `offset` through the dimensions `(size, stride)`.
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub(crate) fn index_range(
    offset: isize,
    dims: impl Iterator<Item = (usize, isize)>,
) -> Result<(isize, isize), MemRefError> {
    let (mut first, mut last) = (offset, offset);
    for (size, stride) in dims {
        let size = isize::try_from(size).map_err(|_| MemRefError::Overflow)?;
        let reach = (size - 1)
            .checked_mul(stride)
            .ok_or(MemRefError::Overflow)?;
        if reach < 0 {
            first = first.checked_add(reach).ok_or(MemRefError::Overflow)?;
        } else {
            last = last.checked_add(reach).ok_or(MemRefError::Overflow)?;
        }
    }
    Ok((first, last))
}

/// The `(|stride|, size)` of every dimension of more than one element,
/// into `out`; how many.
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub(crate) fn collect_moving_dims(
    sizes: &[usize],
    strides: &[isize],
    out: &mut [(usize, usize)],
) -> usize {
    let mut count = 0;
    for k in 0..sizes.len() {
        if sizes[k] > 1 {
            out[count] = (strides[k].unsigned_abs(), sizes[k]);
            count += 1;
        }
    }
    count
}

/// Whether dimensions `(|stride|, size)` (each of more than one element)
/// reach one element through two indices: sorted by stride, each must step
/// over everything the smaller ones reach.
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub(crate) fn dims_overlap(dims: &mut [(usize, usize)]) -> bool {
    dims.sort_unstable();
    let mut span = 1usize;
    for &mut (stride, size) in dims {
        if stride < span {
            return true;
        }
        span = match stride
            .checked_mul(size - 1)
            .and_then(|r| r.checked_add(span))
        {
            Some(s) => s,
            None => return true,
        };
    }
    false
}

/// Whether `len` elements of these sizes and strides are contiguous in
/// row-major order (any offset).
#[cfg_attr(not(abi_core_unoptimised), inline)]
pub(crate) fn is_row_major(sizes: &[usize], strides: &[isize], len: usize) -> bool {
    if len == 0 {
        return true;
    }
    let mut step = 1isize;
    for dim in (0..sizes.len()).rev() {
        if sizes[dim] > 1 && strides[dim] != step {
            return false;
        }
        step *= sizes[dim] as isize;
    }
    true
}

#[cfg(all(test, target_pointer_width = "64"))] // descriptors are 64-bit only
mod tests {
    use super::*;

    fn desc<const N: usize>(
        data: &mut [f32],
        offset: i64,
        sizes: [i64; N],
        strides: [i64; N],
    ) -> MemRefDescriptor<f32, N> {
        MemRefDescriptor {
            allocated: data.as_mut_ptr(),
            aligned: data.as_mut_ptr(),
            offset,
            sizes,
            strides,
        }
    }

    /// `check_dynamic_identity` is `DYNAMIC_IDENTITY.check`, result for
    /// result (the same error first), over every descriptor of rank 0 to 3
    /// built from sizes, strides, offsets and addresses at the edges:
    /// negative, empty, one element, overflowing, NULL, misaligned, at
    /// the end of the address space.
    #[test]
    #[cfg_attr(miri, ignore = "1.35 million descriptors; no unsafe code runs")]
    fn dynamic_identity_check_is_the_general_one() {
        fn each<const N: usize>(values: &[i64], mut f: impl FnMut([i64; N])) {
            let mut index = [0usize; N];
            loop {
                f(index.map(|i| values[i]));
                let Some(dim) = (0..N).rev().find(|&d| index[d] + 1 < values.len()) else {
                    return;
                };
                index[dim] += 1;
                index[dim + 1..].fill(0);
            }
        }
        fn compare<const N: usize>() -> usize {
            let sizes = [-1, 0, 1, 2, 3, i64::MAX];
            let strides = [-2, -1, 0, 1, 2, 3, 6, i64::MAX];
            let addresses = [0usize, 4, 6, usize::MAX - 7];
            let mut count = 0;
            each::<N>(&sizes, |sizes| {
                each::<N>(&strides, |strides| {
                    for offset in [0, 1, -1] {
                        for &address in &addresses {
                            let desc = MemRefDescriptor::<f32, N> {
                                allocated: address as *mut f32,
                                aligned: address as *mut f32,
                                offset,
                                sizes,
                                strides,
                            };
                            assert_eq!(
                                check_dynamic_identity(&desc),
                                MemRefType::DYNAMIC_IDENTITY.check(&desc),
                                "{desc:?}"
                            );
                            count += 1;
                        }
                    }
                });
            });
            count
        }
        let count = compare::<0>() + compare::<1>() + compare::<2>() + compare::<3>();
        assert_eq!(count, 12 * (1 + 48 + 48 * 48 + 48 * 48 * 48));
    }

    #[test]
    fn general_rules() {
        let mut data = [0f32; 16];
        let ok = desc(&mut data, 7, [8], [-1]);
        assert_eq!(Geometry::of(&ok).unwrap().index_range().unwrap(), (0, 7));
        let before = desc(&mut data, 6, [8], [-1]);
        assert_eq!(
            Geometry::of(&before),
            Err(MemRefError::BeforeStart { index: -1 })
        );
        let negative = desc(&mut data, 0, [2, -1], [1, 1]);
        assert_eq!(
            Geometry::of(&negative),
            Err(MemRefError::NegativeSize { dim: 1, size: -1 })
        );
        let huge = desc(&mut data, 0, [2], [i64::MAX]);
        assert_eq!(Geometry::of(&huge), Err(MemRefError::Overflow));
        let mut empty = desc(&mut data, 0, [0, 3], [3, 1]);
        empty.aligned = core::ptr::null_mut();
        assert_eq!(Geometry::of(&empty).unwrap().len, 0);
        let mut null = desc(&mut data, 0, [1], [1]);
        null.aligned = core::ptr::null_mut();
        assert_eq!(Geometry::of(&null), Err(MemRefError::NullData));
        let mut misaligned = desc(&mut data, 0, [1], [1]);
        misaligned.aligned = misaligned.aligned.cast::<u8>().wrapping_add(1).cast();
        assert!(matches!(
            Geometry::of(&misaligned),
            Err(MemRefError::Misaligned { align: 4, .. })
        ));
    }

    #[test]
    fn overlap_detection() {
        let g = |sizes: [usize; 2], strides: [isize; 2]| Geometry {
            sizes,
            strides,
            offset: 0,
            len: sizes[0] * sizes[1],
        };
        assert!(!g([2, 3], [3, 1]).self_overlaps());
        assert!(!g([3, 2], [1, 3]).self_overlaps());
        assert!(!g([2, 3], [-3, -1]).self_overlaps());
        assert!(g([2, 3], [0, 1]).self_overlaps());
        assert!(g([2, 3], [2, 1]).self_overlaps());
        assert!(!g([1, 3], [0, 1]).self_overlaps());
    }

    #[test]
    fn declared_types() {
        let identity = MemRefType::DYNAMIC_IDENTITY;
        assert!(identity.check_declared(0, &[2, 3], &[3, 1]).is_ok());
        // A dimension of one element may have any stride where MLIR's
        // canonical stride is dynamic (an outer one of `?x?`), not where it
        // is static (the innermost, always 1), as MLIR's verifier says.
        assert!(identity.check_declared(0, &[1, 3], &[99, 1]).is_ok());
        assert_eq!(
            identity.check_declared(0, &[2, 1], &[1, 99]),
            Err(MemRefError::StrideMismatch {
                dim: 1,
                expected: 1,
                found: 99
            })
        );
        // Empty: the static strides still count, the others do not.
        assert!(identity.check_declared(0, &[0, 3], &[5, 1]).is_ok());
        assert!(identity.check_declared(0, &[0, 1], &[0, 0]).is_err());
        let three_by_one = MemRefType {
            text: Some("memref<3x1xf32>"),
            shape: Some(&[Dim::Static(3), Dim::Static(1)]),
            layout: MemRefLayout::Identity,
        };
        assert!(three_by_one.check_declared(0, &[3, 1], &[1, 1]).is_ok());
        assert_eq!(
            three_by_one.check_declared(0, &[3, 1], &[1, 5]),
            Err(MemRefError::StrideMismatch {
                dim: 1,
                expected: 1,
                found: 5
            })
        );
        assert_eq!(
            identity.check_declared(1, &[4], &[1]),
            Err(MemRefError::OffsetMismatch {
                expected: 0,
                found: 1
            })
        );
        assert_eq!(
            identity.check_declared(0, &[4], &[2]),
            Err(MemRefError::StrideMismatch {
                dim: 0,
                expected: 1,
                found: 2
            })
        );
        let fixed = MemRefType {
            text: Some("memref<2x?xf32, strided<[?, 1], offset: ?>>"),
            shape: Some(&[Dim::Static(2), Dim::Dynamic]),
            layout: MemRefLayout::Strided {
                strides: &[Dim::Dynamic, Dim::Static(1)],
                offset: Dim::Dynamic,
            },
        };
        assert!(fixed.check_declared(5, &[2, 9], &[20, 1]).is_ok());
        assert_eq!(
            fixed.check_declared(5, &[3, 9], &[20, 1]),
            Err(MemRefError::SizeMismatch {
                dim: 0,
                expected: 2,
                found: 3
            })
        );
        assert_eq!(
            fixed.check_declared(5, &[2, 9], &[20, 2]),
            Err(MemRefError::StrideMismatch {
                dim: 1,
                expected: 1,
                found: 2
            })
        );
        use crate::memref::{MemRefElement, Vector};
        assert_eq!(
            MemRefType::DYNAMIC_IDENTITY.mlir_text(&f32::KIND, Some(2)),
            "memref<?x?xf32>"
        );
        assert_eq!(
            MemRefType::ANY_STRIDED.mlir_text(&f64::KIND, Some(1)),
            "memref<?xf64, strided<[?], offset: ?>>"
        );
        assert_eq!(
            MemRefType::DYNAMIC_IDENTITY.mlir_text(&f32::KIND, None),
            "memref<*xf32>"
        );
        assert_eq!(
            MemRefType::DYNAMIC_IDENTITY.mlir_text(&<[Vector<f32, 4>; 4]>::KIND, Some(1)),
            "memref<?xvector<4x4xf32>>"
        );
    }
}
