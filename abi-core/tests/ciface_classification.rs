//! `#[ciface]` decides how a result crosses MLIR's C interface (returned,
//! or through the leading out-pointer) by the result type's
//! `CifaceResult::OUT_POINTER`, not by its spelling: aliases of every
//! classified type, and a user type named like one, called through the
//! exported `_mlir_ciface_` symbols and through `#[ciface]` declarations of
//! those same symbols (the import side), without MLIR.

use abi_core::c::CType;
use abi_core::ciface;
use abi_core::memref::{
    ArgumentBuffer, CifaceDirect, CifaceResult, Complex, MemRef, MemRefDescriptor, OwnedMemRef,
};
use abi_core::model::c::CTypeDesc;
use abi_core::model::mlir::{MemRefError, MemRefType};
use abi_core::model::record::TypeRecord;

type Out = OwnedMemRef<f32, 1>;
type C32 = Complex<f32>;
type Scalar = f64;
type Pair = (Out, f32);

/// A user type named like abi-core's `Complex`, returned directly: one
/// `double` (its `OUT_POINTER` is the default, `false`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UserComplex(f64);
mod user {
    pub(crate) use super::UserComplex as Complex;
}

// SAFETY: returned as the `double` it holds.
unsafe impl CifaceResult for UserComplex {
    type Slot = f64;
    const C_TYPE: CTypeDesc = <f64 as CType>::C_TYPE;
    const EMPTY: f64 = 0.0;
    fn into_slot(self) -> f64 {
        self.0
    }
    unsafe fn from_slot_after(
        slot: f64,
        _: &[ArgumentBuffer],
        _: &[*const core::ffi::c_void],
        _: &[MemRefType],
    ) -> Result<Self, MemRefError> {
        Ok(UserComplex(slot))
    }
    fn record() -> TypeRecord {
        TypeRecord::Primitive("f64".to_owned())
    }
}
impl CifaceDirect for UserComplex {
    fn from_direct(slot: f64) -> Self {
        UserComplex(slot)
    }
}

/// `n` ones.
#[ciface]
pub fn cc_ones(n: i64) -> Out {
    OwnedMemRef::from_slice(&vec![1.0; n as usize], [n as usize]).unwrap()
}

/// `(x, -x)`.
#[ciface]
pub fn cc_conjugate_pair(x: f32) -> C32 {
    Complex { re: x, im: -x }
}

/// `2 x`.
#[ciface]
pub fn cc_double(x: Scalar) -> Scalar {
    2.0 * x
}

/// `x + 1`, as a user type named `Complex`.
#[ciface]
pub fn cc_user(x: f64) -> user::Complex {
    UserComplex(x + 1.0)
}

/// `n` ones and their sum.
#[ciface]
pub fn cc_pair(n: i64) -> Pair {
    (cc_ones(n), n as f32)
}

/// The sum of a memref passed through an alias.
#[ciface]
pub fn cc_sum(m: View<'_>) -> f32 {
    m.iter().sum()
}
type View<'a> = MemRef<'a, f32, 1>;

mod imports {
    use super::*;
    // The Rust functions above, declared as if MLIR provided them.
    #[ciface]
    unsafe extern "C" {
        pub fn cc_ones(n: i64) -> Out;
        pub fn cc_conjugate_pair(x: f32) -> C32;
        pub fn cc_double(x: Scalar) -> Scalar;
        pub fn cc_user(x: f64) -> user::Complex;
        pub fn cc_pair(n: i64) -> Pair;
    }
}

// The raw C-interface signatures of the same symbols (rustc compares them
// with the declarations above before normalising the projections there).
#[allow(clashing_extern_declarations)]
unsafe extern "C" {
    fn _mlir_ciface_cc_ones(out: *mut MemRefDescriptor<f32, 1>, n: i64);
    fn _mlir_ciface_cc_conjugate_pair(out: *mut Complex<f32>, x: f32);
    fn _mlir_ciface_cc_double(x: f64) -> f64;
    fn _mlir_ciface_cc_user(x: f64) -> f64;
}

#[test]
fn aliases_are_classified_by_their_trait() {
    let mut d = MemRefDescriptor::<f32, 1> {
        allocated: core::ptr::null_mut(),
        aligned: core::ptr::null_mut(),
        offset: 0,
        sizes: [0],
        strides: [0],
    };
    // SAFETY: MLIR's C interface for a memref result: a pointer to its
    // descriptor first.
    unsafe { _mlir_ciface_cc_ones(&mut d, 3) };
    assert_eq!(d.sizes, [3]);
    // SAFETY: three elements, written by the callee.
    let elements = unsafe { core::slice::from_raw_parts(d.aligned, 3) };
    assert_eq!(elements, [1.0; 3]);
    libc_free(d.allocated.cast());

    let mut c = Complex { re: 0.0, im: 0.0 };
    // SAFETY: a complex result is written through a pointer too.
    unsafe { _mlir_ciface_cc_conjugate_pair(&mut c, 2.5) };
    assert_eq!(c, Complex { re: 2.5, im: -2.5 });

    // SAFETY: scalars are returned by value, with no out-pointer.
    assert_eq!(unsafe { _mlir_ciface_cc_double(1.5) }, 3.0);
    // SAFETY: as above: the user's `Complex` is a scalar.
    assert_eq!(unsafe { _mlir_ciface_cc_user(1.5) }, 2.5);
}

#[test]
fn aliases_through_declarations() {
    let ones = imports::cc_ones(4).unwrap();
    assert_eq!(ones.view().iter().sum::<f32>(), 4.0);
    assert_eq!(
        imports::cc_conjugate_pair(1.0).unwrap(),
        Complex { re: 1.0, im: -1.0 }
    );
    assert_eq!(imports::cc_double(4.0).unwrap(), 8.0);
    assert_eq!(imports::cc_user(4.0).unwrap(), UserComplex(5.0));
    let (ones, n) = imports::cc_pair(2).unwrap();
    assert_eq!((ones.view().iter().sum::<f32>(), n), (2.0, 2.0));
    let data = [1.0f32, 2.0, 3.0];
    assert_eq!(cc_sum(MemRef::from_slice(&data, [3]).unwrap()), 6.0);
}

fn libc_free(p: *mut core::ffi::c_void) {
    unsafe extern "C" {
        fn free(p: *mut core::ffi::c_void);
    }
    // SAFETY: `p` came from `malloc` (an `OwnedMemRef`'s buffer).
    unsafe { free(p) }
}
