//! MLIR's `vector<NxT>` and `vector<RxCxT>` as memref elements.
//!
//! LLVM lowers `vector<NxT>` to its vector type `<N x T>`, whose size and
//! alignment on x86-64 are both the next power of two of `N *
//! size_of::<T>()` bytes: `vector<3xf32>` is 16 bytes aligned to 16, not
//! the 12 bytes of `[f32; 3]`. `vector<RxCxT>` becomes the array `[R x <C
//! x T>]`: R rows of the 1-D vector, each padded the same way. Measured
//! against MLIR 19 and 22 (clang-19 code generation) in c-tests, which
//! store through memrefs of these elements and read the bytes back.
//!
//! [`Vector<T, N>`] is the 1-D vector (its alignment comes from a type
//! chosen per length, so lengths 1..=64 exist); the 2-D vector is the Rust
//! array `[Vector<T, C>; R]`, which has exactly the layout of LLVM's array.
//!
//! ```
//! use abi_core::memref::{MemRef, Vector};
//!
//! assert_eq!((size_of::<Vector<f32, 3>>(), align_of::<Vector<f32, 3>>()), (16, 16));
//! assert_eq!(size_of::<[Vector<f32, 4>; 4]>(), 64);
//! let data = [Vector::new([1.0f32, 2.0, 3.0]), Vector::new([4.0, 5.0, 6.0])];
//! let m = MemRef::from_slice(&data, [2]).unwrap();
//! assert_eq!(m[[1]][2], 6.0);
//! ```

use core::fmt;

use super::element::MemRefElement;
use crate::c::CType;
use crate::model::c::CTypeDesc;
use crate::model::mlir::ElementKind;

mod sealed {
    pub trait Sealed {}
}

/// The lane types of a [`Vector`]: `f32`, `f64`, `i8`..`i64`, `u8`..`u64`
/// (MLIR's signless integers).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a lane type of an MLIR vector memref element",
    label = "not f32, f64, i8..i64 or u8..u64",
    note = "vector memref elements are supported for f32, f64 and the integer lanes i8..i64 / u8..u64 (MLIR's signless `iN`); i1, index, f16/bf16 and complex lanes are not"
)]
pub trait VectorLane:
    MemRefElement + CType + Default + PartialEq + fmt::Debug + sealed::Sealed
{
    /// The lane's width class (which alignment each length has).
    #[doc(hidden)]
    type Width;
}

/// Lane width classes (not a public API).
#[doc(hidden)]
pub mod width {
    /// 1-byte lanes.
    #[derive(Debug)]
    pub enum W1 {}
    /// 2-byte lanes.
    #[derive(Debug)]
    pub enum W2 {}
    /// 4-byte lanes.
    #[derive(Debug)]
    pub enum W4 {}
    /// 8-byte lanes.
    #[derive(Debug)]
    pub enum W8 {}
}

macro_rules! lane {
    ($($t:ty => $w:ident;)*) => {$(
        impl sealed::Sealed for $t {}
        impl VectorLane for $t {
            type Width = width::$w;
        }
    )*};
}

lane! {
    i8 => W1; u8 => W1;
    i16 => W2; u16 => W2;
    i32 => W4; u32 => W4; f32 => W4;
    i64 => W8; u64 => W8; f64 => W8;
}

/// A lane count `N` (not a public API).
#[doc(hidden)]
#[derive(Debug)]
pub struct Lanes<const N: usize>;

/// The alignment LLVM gives `N` lanes of width class `W` (not a public
/// API): implemented for `N` in 1..=64.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`vector` memref elements have 1..=64 lanes per row",
    label = "no vector element of this length",
    note = "abi_core::memref::Vector<T, N> exists for N in 1..=64 (MLIR's `vector<NxT>`; `[Vector<T, C>; R]` for `vector<RxCxT>`)"
)]
pub trait LaneCount<W> {
    /// A zero-sized type of the alignment.
    type Align: Copy + Default + fmt::Debug + PartialEq + 'static;
}

/// Zero-sized types of each alignment (not a public API).
#[doc(hidden)]
pub mod align {
    macro_rules! aligns {
        ($($name:ident = $n:literal,)*) => {$(
            #[doc = concat!("Alignment ", $n, ".")]
            #[repr(align($n))]
            #[derive(Debug, Clone, Copy, Default, PartialEq)]
            pub struct $name;
        )*};
    }
    aligns! { A1 = 1, A2 = 2, A4 = 4, A8 = 8, A16 = 16, A32 = 32, A64 = 64, A128 = 128, A256 = 256, A512 = 512, }
}

macro_rules! lanes {
    ($w:ident; $($a:ident: $($n:literal)*);*) => {$($(
        // Not listed in diagnostics: a length without a layout would
        // otherwise print the 256 entries of this table.
        #[diagnostic::do_not_recommend]
        impl LaneCount<width::$w> for Lanes<$n> {
            type Align = align::$a;
        }
    )*)*};
}

lanes!(W1; A1: 1; A2: 2; A4: 3 4; A8: 5 6 7 8; A16: 9 10 11 12 13 14 15 16; A32: 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32; A64: 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64);
lanes!(W2; A2: 1; A4: 2; A8: 3 4; A16: 5 6 7 8; A32: 9 10 11 12 13 14 15 16; A64: 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32; A128: 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64);
lanes!(W4; A4: 1; A8: 2; A16: 3 4; A32: 5 6 7 8; A64: 9 10 11 12 13 14 15 16; A128: 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32; A256: 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64);
lanes!(W8; A8: 1; A16: 2; A32: 3 4; A64: 5 6 7 8; A128: 9 10 11 12 13 14 15 16; A256: 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32; A512: 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64);

/// MLIR's `vector<NxT>` as a memref element: `N` lanes with the size and
/// alignment LLVM gives `<N x T>` (the next power of two of the lanes'
/// bytes; the padding after the lanes is never read).
#[repr(C)]
pub struct Vector<T: VectorLane, const N: usize>
where
    Lanes<N>: LaneCount<T::Width>,
{
    lanes: [T; N],
    _align: [<Lanes<N> as LaneCount<T::Width>>::Align; 0],
}

impl<T: VectorLane, const N: usize> Vector<T, N>
where
    Lanes<N>: LaneCount<T::Width>,
{
    /// The vector of these lanes.
    pub const fn new(lanes: [T; N]) -> Self {
        Vector { lanes, _align: [] }
    }

    /// The lanes.
    pub const fn lanes(&self) -> &[T; N] {
        &self.lanes
    }

    /// The lanes, to write.
    pub fn lanes_mut(&mut self) -> &mut [T; N] {
        &mut self.lanes
    }

    /// The lanes, by value.
    pub const fn into_lanes(self) -> [T; N] {
        self.lanes
    }
}

impl<T: VectorLane, const N: usize> Clone for Vector<T, N>
where
    Lanes<N>: LaneCount<T::Width>,
{
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: VectorLane, const N: usize> Copy for Vector<T, N> where Lanes<N>: LaneCount<T::Width> {}

impl<T: VectorLane, const N: usize> PartialEq for Vector<T, N>
where
    Lanes<N>: LaneCount<T::Width>,
{
    fn eq(&self, other: &Self) -> bool {
        self.lanes == other.lanes
    }
}

impl<T: VectorLane, const N: usize> Default for Vector<T, N>
where
    Lanes<N>: LaneCount<T::Width>,
{
    fn default() -> Self {
        Vector::new([T::default(); N])
    }
}

impl<T: VectorLane, const N: usize> fmt::Debug for Vector<T, N>
where
    Lanes<N>: LaneCount<T::Width>,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Vector").field(&self.lanes).finish()
    }
}

impl<T: VectorLane, const N: usize> From<[T; N]> for Vector<T, N>
where
    Lanes<N>: LaneCount<T::Width>,
{
    fn from(lanes: [T; N]) -> Self {
        Vector::new(lanes)
    }
}

impl<T: VectorLane, const N: usize> core::ops::Index<usize> for Vector<T, N>
where
    Lanes<N>: LaneCount<T::Width>,
{
    type Output = T;
    fn index(&self, k: usize) -> &T {
        &self.lanes[k]
    }
}

impl<T: VectorLane, const N: usize> core::ops::IndexMut<usize> for Vector<T, N>
where
    Lanes<N>: LaneCount<T::Width>,
{
    fn index_mut(&mut self, k: usize) -> &mut T {
        &mut self.lanes[k]
    }
}

/// `kind`, after checking at compile time that `Self` (`size`, `align`)
/// has the layout LLVM gives it.
const fn checked(kind: ElementKind, size: usize, align: usize) -> ElementKind {
    let (llvm_size, llvm_align) = kind.llvm_layout();
    assert!(
        size == llvm_size && align == llvm_align,
        "the Rust vector type's layout differs from LLVM's"
    );
    kind
}

// SAFETY: `KIND` checks at compile time that the size and alignment are
// LLVM's for `<N x T>` (`ElementKind::llvm_layout`, measured against MLIR
// 19 and 22 in c-tests); every bit pattern of the lanes is a value (the
// lanes are integers or floats) and the padding is never read as a lane.
unsafe impl<T: VectorLane, const N: usize> MemRefElement for Vector<T, N>
where
    Lanes<N>: LaneCount<T::Width>,
{
    const KIND: ElementKind = checked(
        ElementKind::Vector {
            lane: &T::KIND,
            shape: &[N],
        },
        size_of::<Self>(),
        align_of::<Self>(),
    );
    const C_TYPE: CTypeDesc = CTypeDesc::Vector {
        kind: &Self::KIND,
        lane: &<T as CType>::C_TYPE,
    };
}

// SAFETY: `[R x <C x T>]` is R rows of the vector above, which is what a
// Rust array of it is (its size is a multiple of its alignment, so no
// padding between rows); checked at compile time like the 1-D vector.
unsafe impl<T: VectorLane, const C: usize, const R: usize> MemRefElement for [Vector<T, C>; R]
where
    Lanes<C>: LaneCount<T::Width>,
{
    const KIND: ElementKind = {
        assert!(R > 0, "a vector<RxCxT> has at least one row");
        checked(
            ElementKind::Vector {
                lane: &T::KIND,
                shape: &[R, C],
            },
            size_of::<Self>(),
            align_of::<Self>(),
        )
    };
    const C_TYPE: CTypeDesc = CTypeDesc::Vector {
        kind: &Self::KIND,
        lane: &<T as CType>::C_TYPE,
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The layouts measured with MLIR 19 and 22 (c-tests store through
    /// memrefs of these elements): `ElementKind::llvm_layout` and the Rust
    /// types agree for every lane width and length.
    #[test]
    fn layouts_are_llvms() {
        assert_eq!(
            (size_of::<Vector<f32, 3>>(), align_of::<Vector<f32, 3>>()),
            (16, 16)
        );
        assert_eq!(
            (size_of::<Vector<f32, 5>>(), align_of::<Vector<f32, 5>>()),
            (32, 32)
        );
        assert_eq!(
            (size_of::<Vector<f64, 3>>(), align_of::<Vector<f64, 3>>()),
            (32, 32)
        );
        assert_eq!(
            (size_of::<Vector<i8, 3>>(), align_of::<Vector<i8, 3>>()),
            (4, 4)
        );
        assert_eq!(
            (size_of::<Vector<i16, 7>>(), align_of::<Vector<i16, 7>>()),
            (16, 16)
        );
        assert_eq!(
            (size_of::<Vector<i64, 17>>(), align_of::<Vector<i64, 17>>()),
            (256, 256)
        );
        assert_eq!(
            (
                size_of::<[Vector<f32, 4>; 4]>(),
                align_of::<[Vector<f32, 4>; 4]>()
            ),
            (64, 16)
        );
        assert_eq!(
            (
                size_of::<[Vector<f32, 3>; 4]>(),
                align_of::<[Vector<f32, 3>; 4]>()
            ),
            (64, 16)
        );
        assert_eq!(
            (
                size_of::<[Vector<u8, 3>; 2]>(),
                align_of::<[Vector<u8, 3>; 2]>()
            ),
            (8, 4)
        );
        // Every length of every width: `KIND` is evaluated (a layout that
        // differed would not compile).
        macro_rules! all {
            ($($t:ty),*) => {$(
                seq_macro_free::<$t>();
            )*};
        }
        fn seq_macro_free<T: VectorLane>()
        where
            Lanes<1>: LaneCount<T::Width>,
            Lanes<64>: LaneCount<T::Width>,
        {
            let _ = <Vector<T, 1>>::KIND;
            let _ = <Vector<T, 64>>::KIND;
        }
        all!(i8, i16, i32, i64, f32, f64);
    }

    /// Views of vector elements, as Miri checks them (`cargo xtask miri`
    /// runs abi-core's unit tests): a strided mutable view written through
    /// lanes, an unranked view of it read back, a 2-D vector element.
    #[test]
    fn views_of_vector_elements() {
        use crate::memref::{MemRef, MemRefDescriptor, MemRefMut};

        let mut data: Vec<Vector<f32, 3>> = (0..6).map(|k| Vector::new([k as f32; 3])).collect();
        let mut view = MemRefMut::from_slice_strided(&mut data, [3, 2], [1, 3], 0).unwrap();
        view[[2, 1]][1] = -1.0;
        view.for_each_mut(|v| v[0] += 10.0);
        assert_eq!(data[5].into_lanes(), [15.0, -1.0, 5.0]);
        let mut flat = MemRefMut::from_slice(&mut data, [6]).unwrap();
        let mut slot = MemRefDescriptor::EMPTY;
        let unranked = flat.as_unranked(&mut slot);
        let dynamic = unranked.view().unwrap();
        assert_eq!(dynamic.get(&[4]).unwrap().lanes(), &[14.0, 4.0, 4.0]);
        let grids = [[Vector::new([1u8, 2, 3]), Vector::new([4, 5, 6])]; 2];
        let m = MemRef::from_slice(&grids, [2]).unwrap();
        assert_eq!(m[[1]][1][2], 6);
        assert_eq!(m.to_vec().len(), 2);
    }
}
