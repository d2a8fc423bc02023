//! `#[ciface]` decides how a type crosses by its trait constants, not by
//! its name: an alias is classified as the type it names. Where the
//! spelling decides how many parameters there are (a memref parameter of
//! the expanded convention is its descriptor's fields), an alias is
//! refused once, with a note to write the type.
use abi_core::ciface;
use abi_core::memref::{
    Complex, MemRef, OwnedMemRef, OwnedUnrankedMemRef, ReturnedMemRef, UnrankedMemRef,
};

type Out = OwnedMemRef<f32, 1>;
type Scalar0 = OwnedMemRef<f32, 0>;
type AnyRank = OwnedUnrankedMemRef<f32>;
type C = Complex<f32>;
type View<'a> = MemRef<'a, f32, 1>;
type AnyView<'a> = UnrankedMemRef<'a, f32>;
type Kept = ReturnedMemRef<'static, f32, 1>;

/// Accepted: an alias of a ranked memref is returned as one (a descriptor
/// by value) in the expanded convention, and an alias of a complex number
/// is passed as one.
#[ciface(expanded)]
pub fn ramp(n: i64, z: C) -> Out {
    OwnedMemRef::from_slice(&[n as f32 * z.re], [1]).unwrap()
}

/// Refused, alias or not: a rank-0 or unranked memref comes back in
/// registers in the expanded convention.
#[ciface(expanded)]
pub fn rank_zero() -> Scalar0 {
    unimplemented!()
}

#[ciface(expanded)]
pub fn any_rank() -> AnyRank {
    unimplemented!()
}

/// Refused once each: an alias of a memref parameter in the expanded
/// convention.
#[ciface(expanded)]
pub fn first(m: View<'_>) -> f32 {
    m.iter().next().copied().unwrap_or(0.0)
}

#[ciface(expanded)]
pub fn rank(m: AnyView<'_>) -> i64 {
    m.rank() as i64
}

/// Accepted without `expanded`: the C interface passes every memref as a
/// pointer to its descriptor, whatever its name.
#[ciface]
pub fn first_of(m: View<'_>) -> f32 {
    m.iter().next().copied().unwrap_or(0.0)
}

#[ciface]
unsafe extern "C" {
    /// Refused: a `'static` hidden in an alias could outlive the argument
    /// it borrows, as a written one could.
    fn keeps_forever(m: MemRef<'_, f32, 1>) -> Kept;
    fn keeps_one(m: View<'_>) -> (Kept, i32);
    /// Accepted: no argument to borrow.
    fn table() -> Kept;
}

fn main() {}
