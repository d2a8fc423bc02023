//! The fixed part of a `#[c_export]` expansion, as a `macro_rules!`
//! template the attribute fills, and the registry entries it writes.
//!
//! Why a template: a proc macro's output costs per token it builds (quote's
//! and proc_macro2's code, unoptimised as Cargo builds proc macros, and a
//! call across the proc-macro bridge per group), while rustc expands a
//! `macro_rules!` template in its own optimised code. The attribute still
//! builds every token an error may point at (each type, its `<T as
//! CParam>::Raw`, the lifetime checks), spanned at the user's code: a path
//! written in a template would be reported at the attribute ("this error
//! originates in the macro"), where generic calls naming the types
//! (`c_shim2::<A, ..>`, `c_entry2::<A, B, R>`) and whole types passed in
//! (`$raw:ty`) are reported at the user's type. The template writes the
//! rest: the block, the registry entry (a call of [`c_entry2`] and the
//! like), the shim's signature and its call of the generic
//! body, the shim table's entry.

use crate::c::{CParam, CResult, CSliceParam};
use crate::model::function::{Abi, FunctionEntry, ParamEntry, ResultEntry};

/// One safe `#[c_export]` function whose shim calls a generic body
/// (`c_shim1` to `c_shim8`, or `c_slice_shim1` with the slice's length as
/// the extra argument). Used by `#[c_export]`'s expansions; not public API.
///
/// Input: the C symbol, the shim's name, the user's function, the generic
/// body and the registry entry's function (`c_entry1` to `c_entry8`,
/// `c_slice_entry`),
/// whether the arguments are named (`named_args`), the entry text's
/// separator and its tail (`SEPARATOR`, and what `EntryText::encode_tail`
/// writes after the module path, the file and the line, in that order);
/// per parameter `arg: raw = type`; the extra C arguments (a slice's
/// length); the result's `raw = type`; the shim's generics and the
/// lifetime checks of its parameters.
#[doc(hidden)]
#[macro_export]
macro_rules! __c_export_generic {
    (
        $symbol:literal $shim:ident $function:ident $body:ident $entry:ident $named_args:literal
        $separator:literal $tail:literal
        [$($arg:ident: $raw:ty = $ty:ty),+]
        [$($extra:ident),*]
        -> $result_raw:ty = $result_ty:ty;
        [$($generics:tt)*] { $($lent_checks:tt)* }
    ) => {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, non_snake_case, unused_braces, clippy::all)]
        const _: () = {
            $crate::__private::register!(
                function __ABI_FUNCTION =
                    $crate::__private::$entry::<$($ty, $raw,)+ $result_ty, $result_raw>(
                        ::core::concat!(
                            ::core::module_path!(), $separator, ::core::file!(), $separator, ::core::line!(), $tail
                        ),
                        $symbol,
                        $named_args,
                    );
            );

            #[unsafe(export_name = $symbol)]
            unsafe extern "C" fn $shim $($generics)* ($($arg: $raw,)+ $($extra: usize),*) -> $result_raw {
                $($lent_checks)*
                // SAFETY: the C caller passes arguments of the header's
                // types, valid for the call as the header documents.
                unsafe {
                    $crate::__private::$body::<$($ty,)+ $result_ty, $($raw,)+ $result_raw>(
                        &__ABI_FUNCTION,
                        $function,
                        $($arg,)+
                        $($extra),*
                    )
                }
            }

            $crate::__private::shim_code!($symbol);
        };
    };
}

/// The parameter types of a generic `#[c_export]` shim as one tuple, and
/// their registry descriptions in order: `(A, B)` of `CParam` types gives
/// `[A::PARAM, B::PARAM]`. Not public API.
#[doc(hidden)]
pub trait CParamList {
    /// One description per parameter, in order.
    const PARAMS: &'static [&'static ParamEntry];
}

macro_rules! c_entries {
    ($($entry:ident($($ty:ident = $raw:ident),+);)*) => {$(
        impl<$($ty: CParam),+> CParamList for ($($ty,)+) {
            const PARAMS: &'static [&'static ParamEntry] = &[$($ty::PARAM.0),+];
        }

        /// The registry entry of a safe `#[c_export]` function of as many
        /// `CParam` parameters and the result `R`, whose shim calls a
        /// generic body: see [`c_slice_entry`]. Not public API.
        #[doc(hidden)]
        pub const fn $entry<$($ty: CParam<Raw = $raw>, $raw,)+ R: CResult<Raw = RR>, RR>(
            text: &'static str,
            symbol: &'static str,
            named_args: bool,
        ) -> FunctionEntry {
            safe_entry(text, symbol, named_args, <($($ty,)+) as CParamList>::PARAMS, R::RESULT.0)
        }
    )*};
}

// As many as the generic shims take (`GENERIC_SHIM_ARGUMENTS`, checked
// against `c_shim1`..`c_shim8` in `guard`).
c_entries! {
    c_entry1(A = RA);
    c_entry2(A = RA, B = RB);
    c_entry3(A = RA, B = RB, C = RC);
    c_entry4(A = RA, B = RB, C = RC, D = RD);
    c_entry5(A = RA, B = RB, C = RC, D = RD, E = RE);
    c_entry6(A = RA, B = RB, C = RC, D = RD, E = RE, F = RF);
    c_entry7(A = RA, B = RB, C = RC, D = RD, E = RE, F = RF, G = RG);
    c_entry8(A = RA, B = RB, C = RC, D = RD, E = RE, F = RF, G = RG, H = RH);
}

/// The registry entry of a safe `#[c_export]` function whose one
/// parameter is a slice or a `&str` (`S: CSliceParam`) and whose shim
/// calls a generic body (`c_slice_shim1`). Not public API.
///
/// Why a call (and [`c_entry1`] to [`c_entry8`]): rustc builds, checks
/// and evaluates each `static` initializer on its own, and every
/// temporary of a type that is not trivially `Freeze` asks the trait
/// solver again; a call is one temporary, and the parameter list is one
/// constant per signature (`CParamList`) instead of an array per
/// function. The bounds are on each type and name its raw type, as on the
/// generic bodies: the template passes `<T as CParam>::Raw` spanned at the
/// user's type, so a type without an implementation is reported there, as
/// in the shim's signature (the same error, shown once), and the bound,
/// holding an error type, is not reported again.
/// 100 exports of two scalars: `cargo check` 446.6 M to 403.1 M of rustc's
/// instructions (with the tokens the attribute no longer writes).
#[doc(hidden)]
pub const fn c_slice_entry<S: CSliceParam<Ptr = P>, P, R: CResult<Raw = RR>, RR>(
    text: &'static str,
    symbol: &'static str,
    named_args: bool,
) -> FunctionEntry {
    safe_entry(
        text,
        symbol,
        named_args,
        SliceParams::<S>::PARAMS,
        R::RESULT.0,
    )
}

/// The entry of a safe C function.
const fn safe_entry(
    text: &'static str,
    symbol: &'static str,
    named_args: bool,
    params: &'static [&'static ParamEntry],
    result: ResultEntry,
) -> FunctionEntry {
    FunctionEntry {
        abi: Abi::C,
        text,
        symbol,
        is_unsafe: false,
        named_args,
        params,
        result,
    }
}

/// The one description of [`c_slice_entry`]'s parameter, a constant per
/// type.
struct SliceParams<S>(core::marker::PhantomData<S>);

impl<S: CSliceParam> SliceParams<S> {
    const PARAMS: &'static [&'static ParamEntry] = &[S::PARAM.0];
}
