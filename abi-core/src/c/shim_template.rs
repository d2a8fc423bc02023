//! The fixed part of a `#[c_export]` expansion, as a `macro_rules!`
//! template the attribute fills.
//!
//! Why a template: a proc macro's output costs per token it builds (quote's
//! and proc_macro2's code, unoptimised as Cargo builds proc macros, and a
//! call across the proc-macro bridge per group), while rustc expands a
//! `macro_rules!` template in its own optimised code. The attribute still
//! builds every token an error may point at (each type, its `<T as
//! CParam>::Raw`, its description `<T as CParam>::PARAM.0`, the lifetime
//! checks), spanned at the user's code: a path written in a template would
//! be reported at the attribute ("this error originates in the macro"),
//! where generic calls naming the types (`c_shim2::<A, ..>`) and whole
//! types passed in (`$raw:ty`) are reported at the user's type. The
//! template writes the rest: the block, the registry entry around the
//! given descriptions, the shim's signature and its call of the generic
//! body, the shim table's entry.

/// One safe `#[c_export]` function whose shim calls a generic body
/// (`c_shim1` to `c_shim8`, or `c_slice_shim1` with the slice's length as
/// the extra argument). Used by `#[c_export]`'s expansions; not public API.
///
/// Input: the C symbol, the shim's name, the user's function, the generic
/// body, whether the arguments are named (`named_args`), the entry text's
/// separator and its tail (`SEPARATOR`, and what `EntryText::encode_tail`
/// writes after the module path, the file and the line, in that order);
/// per parameter `arg: raw = type => description`; the extra C arguments
/// (a slice's length); the result's `raw = type => description`; the
/// shim's generics and the lifetime checks of its parameters.
#[doc(hidden)]
#[macro_export]
macro_rules! __c_export_generic {
    (
        $symbol:literal $shim:ident $function:ident $body:ident $named_args:literal
        $separator:literal $tail:literal
        [$($arg:ident: $raw:ty = $ty:ty => $desc:expr),+]
        [$($extra:ident),*]
        -> $result_raw:ty = $result_ty:ty => $result_desc:expr;
        [$($generics:tt)*] { $($lent_checks:tt)* }
    ) => {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, non_snake_case, unused_braces, clippy::all)]
        const _: () = {
            // The entry's fields are written out here and in the other
            // template (`c_export_generic!`, `dpi_import_generic!`): one
            // macro shared by both would be one more expansion per
            // function, 0.09 M of rustc's instructions each (measured).
            $crate::__private::register!(
                function static __ABI_FUNCTION: $crate::__private::FunctionEntry =
                    $crate::__private::FunctionEntry {
                        abi: $crate::__private::Abi::C,
                        text: ::core::concat!(
                            ::core::module_path!(), $separator, ::core::file!(), $separator, ::core::line!(), $tail
                        ),
                        symbol: $symbol,
                        is_unsafe: false,
                        named_args: $named_args,
                        params: &[$($desc),+],
                        result: $result_desc,
                    };
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
