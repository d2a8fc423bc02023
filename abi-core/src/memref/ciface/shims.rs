//! The whole body of a `#[ciface]` shim in a debug build, as one generic
//! function per number of arguments: `ciface_shim2::<A, B, R, S, _, _, _,
//! _>(&entry, function, out, a, b, &types, result_types)` for a function
//! with a result, `ciface_unit_shim2` for one without.
//!
//! The steps are those an optimised build's shim writes out per argument
//! (as does the shim of an `unsafe` function, or of one with more
//! arguments than [`GENERIC_CIFACE_SHIM_ARGUMENTS`]): the out-pointer
//! checked, then inside the panic guard every argument checked and
//! converted (`from_ciface`, an abort naming the argument), no exclusive
//! memref sharing a byte with another argument, the function called, and
//! its result delivered (checked against the declared MLIR result types).
//! In one generic function, a crate's type checker sees one call per shim
//! instead of a closure and a call per argument, and a crate instantiates
//! it once per signature: the benchmark's debug build of 400 functions
//! (100 of them `#[ciface]` functions of one memref argument) went from
//! 4.85 G of rustc's instructions to 4.59 G. The raw types are generic
//! parameters bound by equality (`A: CifaceParam<Raw = RA>`), not
//! projections, so rustc reports an unsupported type once, at the user's
//! type, where the shim's own signature already names it.
//!
//! Why not in optimised builds: written out, the memref types are
//! constants in the shim's own code, which `from_ciface` folds into its
//! checks; passed to a generic body they are data behind the panic
//! guard's call, checked at run time (the benchmark's rank-2 shim cost
//! 1.89x its hand-written twin's instructions that way, against 0.92x
//! written out).
//!
//! [`GENERIC_CIFACE_SHIM_ARGUMENTS`]: crate::model::mlir::GENERIC_CIFACE_SHIM_ARGUMENTS

use super::shape::ResultShape;
use super::{CifaceParam, CifaceResult};
use crate::guard::{abort_on_panic, argument_or_abort, disjoint_or_abort};
use crate::model::function::FunctionEntry;
use crate::model::mlir::MemRefType;

/// The argument steps both kinds of shim share: every argument converted
/// (`from_ciface`, an abort naming it), then no exclusive memref sharing a
/// byte with another argument. Binds each converted argument to the name
/// of its raw one. Used inside the panic guard, under the shim's contract.
macro_rules! ciface_arguments {
    ($function:ident, $types:ident; $($arg:ident: $ty:ident [$index:tt]),*) => {
        let _ = $types;
        $(
            // SAFETY: the shim's caller's contract (on `ciface_shims`).
            let converted = unsafe { $ty::from_ciface($arg, &$types[$index]) };
            let $arg = argument_or_abort(converted, $function, $index);
        )*
        // A constant condition, as in `c_shim2` and the like.
        if const { 0 $(+ $ty::BORROWS as usize)* >= 2 } {
            disjoint_or_abort($function, &[$($ty::borrow(&$arg)),*]);
        }
    };
}

/// # Safety
///
/// MLIR's caller passes descriptors valid for the call (NULL,
/// misalignment and inconsistent geometry are checked by `from_ciface`),
/// and room for the result behind the out-pointer.
macro_rules! ciface_shims {
    ($($count:literal: $shim:ident, $unit_shim:ident($($arg:ident: $ty:ident = $raw:ident [$index:tt]),*);)*) => {$(
        #[doc(hidden)]
        #[cfg_attr(not(abi_core_unoptimised), inline)]
        #[allow(clippy::missing_safety_doc, reason = "documented on the macro")]
        #[allow(clippy::too_many_arguments, reason = "one per argument of the shim")]
        pub unsafe fn $shim<$($ty,)* R, S, $($raw,)* O, RR>(
            function: &'static FunctionEntry,
            body: fn($($ty),*) -> R,
            out: O,
            $($arg: $raw,)*
            types: &'static [MemRefType; $count],
            result_types: &'static [MemRefType],
        ) -> RR
        where
            $($ty: CifaceParam<Raw = $raw>, $raw: Copy,)*
            R: CifaceResult,
            S: ResultShape<R, Out = O, Ret = RR>,
            O: Copy,
        {
            S::check_out(out, function);
            let args = ((out, $($arg,)*), body, function, types, result_types);
            abort_on_panic(function, &args, |&((out, $($arg,)*), body, function, types, result_types)| {
                ciface_arguments!(function, types; $($arg: $ty [$index]),*);
                let value = body($($arg),*);
                // SAFETY: `check_out` accepted the out-pointer above; MLIR's
                // caller provides room for the result behind it.
                unsafe { S::deliver(out, value, result_types, function) }
            })
        }

        #[doc(hidden)]
        #[cfg_attr(not(abi_core_unoptimised), inline)]
        #[allow(clippy::missing_safety_doc, reason = "documented on the macro")]
        #[allow(clippy::too_many_arguments, reason = "one per argument of the shim")]
        pub unsafe fn $unit_shim<$($ty,)* $($raw,)*>(
            function: &'static FunctionEntry,
            body: fn($($ty),*),
            $($arg: $raw,)*
            types: &'static [MemRefType; $count],
        )
        where
            $($ty: CifaceParam<Raw = $raw>, $raw: Copy,)*
        {
            let args = (($($arg,)*), body, function, types);
            abort_on_panic(function, &args, |&(($($arg,)*), body, function, types)| {
                ciface_arguments!(function, types; $($arg: $ty [$index]),*);
                body($($arg),*)
            })
        }
    )*};
}

// The list the macros read (`GENERIC_CIFACE_SHIM_ARGUMENTS`) and this one
// agree.
const _: () = assert!(
    *crate::model::mlir::GENERIC_CIFACE_SHIM_ARGUMENTS.start() == 0
        && *crate::model::mlir::GENERIC_CIFACE_SHIM_ARGUMENTS.end() == 6
);

ciface_shims! {
    0: ciface_shim0, ciface_unit_shim0();
    1: ciface_shim1, ciface_unit_shim1(a: A = RA [0]);
    2: ciface_shim2, ciface_unit_shim2(a: A = RA [0], b: B = RB [1]);
    3: ciface_shim3, ciface_unit_shim3(a: A = RA [0], b: B = RB [1], c: C = RC [2]);
    4: ciface_shim4, ciface_unit_shim4(a: A = RA [0], b: B = RB [1], c: C = RC [2], d: D = RD [3]);
    5: ciface_shim5, ciface_unit_shim5(a: A = RA [0], b: B = RB [1], c: C = RC [2], d: D = RD [3], e: E = RE [4]);
    6: ciface_shim6, ciface_unit_shim6(a: A = RA [0], b: B = RB [1], c: C = RC [2], d: D = RD [3], e: E = RE [4], f: F = RF [5]);
}
