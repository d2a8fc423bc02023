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

/// Refused: `result = ...` gives one MLIR type per result as written, and
/// an alias of a tuple is one result.
type Pair = (OwnedMemRef<f32, 1>, OwnedMemRef<f32, 1>);

#[ciface(result = ("memref<4xf32>", "memref<4xf32>"))]
pub fn pair() -> Pair {
    unimplemented!()
}

/// A type of the user's named `Complex` is what its constants say (here a
/// `double`, one floating-point register), not a complex number.
mod mine {
    use abi_core::c::CType;
    use abi_core::model::c::CTypeDesc;
    use abi_core::model::mlir::{MemRefError, MemRefType};
    use abi_core::model::record::TypeRecord;

    #[derive(Clone, Copy)]
    pub struct Complex(pub f64);

    // SAFETY: holds no borrow.
    unsafe impl abi_core::BorrowedFor<'_> for Complex {}

    // SAFETY: passed as the `double` it holds.
    unsafe impl abi_core::memref::CifaceParam for Complex {
        type Raw = f64;
        const C_TYPE: CTypeDesc = <f64 as CType>::C_TYPE;
        const FLOAT_REGISTERS: usize = 1;
        unsafe fn from_ciface(raw: f64, _: &MemRefType) -> Result<Self, MemRefError> {
            Ok(Complex(raw))
        }
        fn record(_: &MemRefType) -> TypeRecord {
            TypeRecord::Primitive("f64".to_owned())
        }
    }
}

/// Accepted: `mine::Complex` takes one register, the real complex number
/// the next two.
#[ciface(expanded)]
pub fn magnitude(z: mine::Complex, w: C) -> f64 {
    z.0 + f64::from(w.re)
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
