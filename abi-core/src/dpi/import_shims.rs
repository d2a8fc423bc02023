//! One generic body for the shims of `#[dpi_import]` functions of one to
//! four arguments (`abi_model::sv::GENERIC_IMPORT_ARGUMENTS`): the steps
//! the macro would write out for each function (the flavour check, the
//! scope grant of a `context` import, the overlap check of borrowing
//! inputs, the conversions, the cells of outputs and inouts, the strings
//! handed to the simulator, the panic guard) live here once, and a crate
//! instantiates them once per signature instead of type-checking and
//! borrow-checking them once per function.
//!
//! A function is named by the flavour and the shape of its arguments, in
//! order: `v` for a value (an input, passed by value) and `c` for a cell
//! (an output or inout, passed as `&mut T`): `dpi_import_shim_vc` is a
//! standard-flavoured import of one input and one output. The name rule is
//! `abi_model::sv::generic_import_shim`, checked against this list by a
//! test. What varies between functions of one shape but is no type (the
//! flavour check, `context`, which cells are inouts) is the constant
//! `FLAGS` (`abi_model::sv::import_shim_flags`, a literal in the
//! generated code). Whether a standard-flavoured
//! shim checks that Verilator is not the caller is worked out from its
//! types, by the rule `DpiDecl::differs_between_flavours` applies (a
//! `shortreal` anywhere: `SvType::mentions_shortreal`), not read from the
//! function's declaration static: a declaration whose evaluation failed
//! would then be reported once more.
//!
//! The user's function is the type `F`: the expansion passes a function
//! pointer in debug builds (one instance per signature, as the shared
//! body intends) and the function item in optimised ones, where a pointer
//! carried in the argument tuple became a direct call only after LLVM's
//! last inlining round for some shapes (an input, an output and a result,
//! with one codegen unit), leaving the user's function out of line.

use crate::dpi::flavour::{VerilatorResult, VerilatorType};
use crate::dpi::traits::{CallBorrow, overlap_possible};
use crate::dpi::{DpiResult, DpiType};

use crate::model::sv::{import_shim_is_context, import_shim_is_inout};

/// The raw parameter of an argument: the input as passed, or the pointer
/// to an output's or inout's cell.
macro_rules! raw_param {
    (value $raw:ident) => { $raw };
    (cell $raw:ident) => { *mut $raw };
}

/// The parameter of the user's function: the input, or the cell lent.
macro_rules! user_param {
    (value $ty:ident) => {
        $ty
    };
    (cell $ty:ident) => {
        &mut $ty
    };
}

/// How an argument borrows the simulator's memory for the call (cells
/// are copies).
macro_rules! call_borrow {
    (value $trait:ident $ty:ident) => {
        <$ty as $trait>::CALL_BORROW
    };
    (cell $trait:ident $ty:ident) => {
        CallBorrow::Copied
    };
}

/// Whether an argument borrows at most one range (`ONE_RANGE`).
macro_rules! one_range {
    (value $trait:ident $ty:ident) => {
        <$ty as $trait>::ONE_RANGE
    };
    (cell $trait:ident $ty:ident) => {
        true
    };
}

/// The one range an argument borrows, for the overlap check of arguments
/// that borrow one range each.
macro_rules! one_borrow {
    (value $trait:ident $ty:ident $arg:ident) => {
        // SAFETY: as `borrows!`.
        unsafe { <$ty as $trait>::input_borrow($arg) }
    };
    (cell $trait:ident $ty:ident $arg:ident) => {
        None
    };
}

/// What an argument borrows, for the overlap check.
macro_rules! borrows {
    (value $trait:ident $ty:ident $arg:ident) => {
        Some(&|each: &mut dyn FnMut(crate::argument::Borrow)| {
            // SAFETY: the simulator passes an input of the declared
            // SystemVerilog type (the shim's contract); `input_borrows`
            // reads only what `from_input` would.
            unsafe { <$ty as $trait>::input_borrows($arg, each) }
        })
    };
    (cell $trait:ident $ty:ident $arg:ident) => {
        None
    };
}

/// An input converted, or an output's or inout's cell with the pointer
/// it is written back to.
macro_rules! prepare {
    (value $trait:ident $ty:ident $arg:ident $index:tt $flags:ident $function:ident) => {
        crate::guard::argument_or_abort(
            // SAFETY: the simulator passes an input of the declared
            // SystemVerilog type (Annex H); `from_input` checks what can be
            // checked.
            unsafe { <$ty as $trait>::from_input($arg) },
            $function,
            $index,
        )
    };
    (cell $trait:ident $ty:ident $arg:ident $index:tt $flags:ident $function:ident) => {{
        crate::guard::pointer_or_abort($arg, $function, $index);
        let cell = if import_shim_is_inout($flags, $index) {
            crate::guard::argument_or_abort(
                // SAFETY: checked non-NULL and aligned above; the simulator
                // passes a valid inout cell (Annex H); `from_cell` checks
                // what can be checked.
                unsafe { <$ty as $trait>::from_cell($arg.read()) },
                $function,
                $index,
            )
        } else {
            <$ty as $trait>::initial()
        };
        ($arg, cell)
    }};
}

/// The argument of the user's function.
macro_rules! user_arg {
    (value $arg:ident) => {
        $arg
    };
    (cell $arg:ident) => {
        &mut $arg.1
    };
}

/// After the call: a cell written back.
macro_rules! write_back {
    (value $trait:ident $ty:ident $arg:ident) => {
        let _ = $arg;
    };
    (cell $trait:ident $ty:ident $arg:ident) => {
        // SAFETY: checked non-NULL and aligned before the call.
        unsafe { $arg.0.write(<$ty as $trait>::to_cell($arg.1)) }
    };
}

/// One generic import shim of one flavour and shape.
macro_rules! import_shim {
    (
        $ty_trait:ident, $result_trait:ident, $standard:literal,
        $shim:ident($($arg:ident: $ty:ident = $raw:ident [$index:tt] $kind:ident $assoc:ident),+)
    ) => {
        /// A generic import shim (see the module). Not a public API.
        ///
        /// # Safety
        ///
        /// The simulator passes arguments of the declared SystemVerilog
        /// types, valid for the call (IEEE 1800 Annex H).
        #[doc(hidden)]
        #[cfg_attr(not(abi_core_unoptimised), inline)]
        #[allow(clippy::too_many_arguments, reason = "one per argument of the shim")]
        pub unsafe fn $shim<$($ty,)+ R, $($raw,)+ RR, const FLAGS: u32, F>(
            function: &'static crate::model::function::FunctionEntry,
            body: F,
            $($arg: raw_param!($kind $raw),)+
        ) -> RR
        where
            $($ty: $ty_trait<$assoc = $raw>, $raw: Copy,)+
            R: $result_trait<Raw = RR>,
            F: Fn($(user_param!($kind $ty)),+) -> R + Copy,
        {
            let args = (($($arg,)+), body, function);
            crate::guard::abort_on_panic(function, &args, |&(($($arg,)+), body, function)| {
                let checks_flavour = $standard && const {
                    <R as $result_trait>::SV_TYPE.mentions_shortreal()
                        $(|| <$ty as $ty_trait>::SV_TYPE.mentions_shortreal())+
                };
                if checks_flavour {
                    crate::dpi::flavour_check::standard_import_or_abort(function);
                }
                // Exports may be called while a `context` import runs.
                // An `if`, not `bool::then`: one generic function fewer.
                let _grant = if import_shim_is_context(FLAGS) {
                    // SAFETY: this thread runs this `context` import.
                    Some(unsafe { crate::dpi::runtime::ScopeGrant::enter() })
                } else {
                    None
                };
                if const { overlap_possible(&[$(call_borrow!($kind $ty_trait $ty)),+]) } {
                    if const { true $(&& one_range!($kind $ty_trait $ty))+ } {
                        // One range each (open arrays, not of strings):
                        // compared without a visitor.
                        crate::guard::disjoint_or_abort(
                            function,
                            &[$(one_borrow!($kind $ty_trait $ty $arg)),+],
                        );
                    } else {
                        crate::guard::ranges_disjoint_or_abort(
                            function,
                            &[$(borrows!($kind $ty_trait $ty $arg)),+],
                        );
                    }
                }
                let owns_strings = const {
                    false $(|| <$ty as $ty_trait>::OWNS_HANDED_STRINGS.0)+
                        || <R as $result_trait>::OWNS_HANDED_STRINGS.0
                };
                let strings_mark = if owns_strings {
                    crate::dpi::string::handed_strings_mark()
                } else {
                    0
                };
                $(
                    #[allow(unused_mut, reason = "a cell is lent as `&mut`")]
                    let mut $arg = prepare!($kind $ty_trait $ty $arg $index FLAGS function);
                )+
                let value = body($(user_arg!($kind $arg)),+);
                if owns_strings {
                    // SAFETY: the user's function has returned: nothing
                    // borrows an input string any more (the inout cells
                    // were copied before the call).
                    unsafe {
                        crate::dpi::string::release_handed_strings(
                            import_shim_is_context(FLAGS) as u32,
                            strings_mark,
                        )
                    };
                }
                $(write_back!($kind $ty_trait $ty $arg);)+
                <R as $result_trait>::into_c(value)
            })
        }
    };
}

/// Each shape's two shims: the standard's flavour and Verilator's.
macro_rules! import_shims {
    ($(($standard:ident, $verilator:ident)($($args:tt)*);)*) => {
        /// The shims defined here, for the test of their names.
        #[cfg(test)]
        const SHIMS: &[&str] = &[$(stringify!($standard), stringify!($verilator)),*];
        $(
            import_shim!(DpiType, DpiResult, true, $standard($($args)*));
            import_shim!(VerilatorType, VerilatorResult, false, $verilator($($args)*));
        )*
    };
}

import_shims! {
    (dpi_import_shim_v, verilator_import_shim_v)(a: A = RA [0] value Input);
    (dpi_import_shim_c, verilator_import_shim_c)(a: A = RA [0] cell Cell);
    (dpi_import_shim_vv, verilator_import_shim_vv)(a: A = RA [0] value Input, b: B = RB [1] value Input);
    (dpi_import_shim_vc, verilator_import_shim_vc)(a: A = RA [0] value Input, b: B = RB [1] cell Cell);
    (dpi_import_shim_cv, verilator_import_shim_cv)(a: A = RA [0] cell Cell, b: B = RB [1] value Input);
    (dpi_import_shim_cc, verilator_import_shim_cc)(a: A = RA [0] cell Cell, b: B = RB [1] cell Cell);
    (dpi_import_shim_vvv, verilator_import_shim_vvv)(a: A = RA [0] value Input, b: B = RB [1] value Input, c: C = RC [2] value Input);
    (dpi_import_shim_vvc, verilator_import_shim_vvc)(a: A = RA [0] value Input, b: B = RB [1] value Input, c: C = RC [2] cell Cell);
    (dpi_import_shim_vcv, verilator_import_shim_vcv)(a: A = RA [0] value Input, b: B = RB [1] cell Cell, c: C = RC [2] value Input);
    (dpi_import_shim_vcc, verilator_import_shim_vcc)(a: A = RA [0] value Input, b: B = RB [1] cell Cell, c: C = RC [2] cell Cell);
    (dpi_import_shim_cvv, verilator_import_shim_cvv)(a: A = RA [0] cell Cell, b: B = RB [1] value Input, c: C = RC [2] value Input);
    (dpi_import_shim_cvc, verilator_import_shim_cvc)(a: A = RA [0] cell Cell, b: B = RB [1] value Input, c: C = RC [2] cell Cell);
    (dpi_import_shim_ccv, verilator_import_shim_ccv)(a: A = RA [0] cell Cell, b: B = RB [1] cell Cell, c: C = RC [2] value Input);
    (dpi_import_shim_ccc, verilator_import_shim_ccc)(a: A = RA [0] cell Cell, b: B = RB [1] cell Cell, c: C = RC [2] cell Cell);
    (dpi_import_shim_vvvv, verilator_import_shim_vvvv)(a: A = RA [0] value Input, b: B = RB [1] value Input, c: C = RC [2] value Input, d: D = RD [3] value Input);
    (dpi_import_shim_vvvc, verilator_import_shim_vvvc)(a: A = RA [0] value Input, b: B = RB [1] value Input, c: C = RC [2] value Input, d: D = RD [3] cell Cell);
    (dpi_import_shim_vvcv, verilator_import_shim_vvcv)(a: A = RA [0] value Input, b: B = RB [1] value Input, c: C = RC [2] cell Cell, d: D = RD [3] value Input);
    (dpi_import_shim_vvcc, verilator_import_shim_vvcc)(a: A = RA [0] value Input, b: B = RB [1] value Input, c: C = RC [2] cell Cell, d: D = RD [3] cell Cell);
    (dpi_import_shim_vcvv, verilator_import_shim_vcvv)(a: A = RA [0] value Input, b: B = RB [1] cell Cell, c: C = RC [2] value Input, d: D = RD [3] value Input);
    (dpi_import_shim_vcvc, verilator_import_shim_vcvc)(a: A = RA [0] value Input, b: B = RB [1] cell Cell, c: C = RC [2] value Input, d: D = RD [3] cell Cell);
    (dpi_import_shim_vccv, verilator_import_shim_vccv)(a: A = RA [0] value Input, b: B = RB [1] cell Cell, c: C = RC [2] cell Cell, d: D = RD [3] value Input);
    (dpi_import_shim_vccc, verilator_import_shim_vccc)(a: A = RA [0] value Input, b: B = RB [1] cell Cell, c: C = RC [2] cell Cell, d: D = RD [3] cell Cell);
    (dpi_import_shim_cvvv, verilator_import_shim_cvvv)(a: A = RA [0] cell Cell, b: B = RB [1] value Input, c: C = RC [2] value Input, d: D = RD [3] value Input);
    (dpi_import_shim_cvvc, verilator_import_shim_cvvc)(a: A = RA [0] cell Cell, b: B = RB [1] value Input, c: C = RC [2] value Input, d: D = RD [3] cell Cell);
    (dpi_import_shim_cvcv, verilator_import_shim_cvcv)(a: A = RA [0] cell Cell, b: B = RB [1] value Input, c: C = RC [2] cell Cell, d: D = RD [3] value Input);
    (dpi_import_shim_cvcc, verilator_import_shim_cvcc)(a: A = RA [0] cell Cell, b: B = RB [1] value Input, c: C = RC [2] cell Cell, d: D = RD [3] cell Cell);
    (dpi_import_shim_ccvv, verilator_import_shim_ccvv)(a: A = RA [0] cell Cell, b: B = RB [1] cell Cell, c: C = RC [2] value Input, d: D = RD [3] value Input);
    (dpi_import_shim_ccvc, verilator_import_shim_ccvc)(a: A = RA [0] cell Cell, b: B = RB [1] cell Cell, c: C = RC [2] value Input, d: D = RD [3] cell Cell);
    (dpi_import_shim_cccv, verilator_import_shim_cccv)(a: A = RA [0] cell Cell, b: B = RB [1] cell Cell, c: C = RC [2] cell Cell, d: D = RD [3] value Input);
    (dpi_import_shim_cccc, verilator_import_shim_cccc)(a: A = RA [0] cell Cell, b: B = RB [1] cell Cell, c: C = RC [2] cell Cell, d: D = RD [3] cell Cell);
}

/// The whole expansion of a `#[dpi_import]` function whose shim calls one
/// of the generic bodies above, filled in by the attribute with every token
/// an error may point at (the types, the shim's raw types, the
/// descriptions and the declarations' checks, the lifetime checks, spanned
/// at the user's code), as `c_export_generic!` is for `#[c_export]` (see
/// `c::shim_template`). Used by `#[dpi_import]`'s expansions; not public
/// API.
///
/// Input: the flavour marker's symbol, the C symbol, the shim's name, the
/// user's function, the generic body and its `FLAGS`, `named_args`, the
/// entry text's separator and tail (as for `c_export_generic!`); the
/// declaration's SystemVerilog name, aliases, `context`, `pure` and
/// flavour; the checks that outputs and inouts are value types; per parameter `arg: raw = type, _, pointer
/// type => description; declaration name = checked declaration`; the
/// result's `raw = type => description; checked SystemVerilog type`; the
/// parameter types' compile-time checks (items); the shim's generics and
/// its lifetime checks.
#[doc(hidden)]
#[macro_export]
macro_rules! __dpi_import_generic {
    (
        $marker:literal $symbol:literal $shim:ident $function:ident $body:ident $flags:literal
        $named_args:literal $separator:literal $tail:literal
        $sv_name:literal [$($alias:literal),*] $context:literal $pure:literal $flavour:expr;
        { $($value_checks:tt)* }
        [$($arg:ident: $raw:ty = $ty:ty, $infer:tt, $pointer:ty => $desc:expr; $decl_name:ident = $decl:expr),+]
        -> $result_raw:ty = $result_ty:ty => $result_desc:expr; $result_sv:expr;
        { $($type_checks:tt)* }
        [$($generics:tt)*] { $($lent_checks:tt)* }
    ) => {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, non_snake_case, unused_braces, unused_mut, clippy::all)]
        const _: () = {
            #[used]
            #[unsafe(export_name = $marker)]
            static __ABI_FLAVOUR_MARKER: u8 = 0;

            // The entry's fields are written out here and in the other
            // template (`c_export_generic!`, `dpi_import_generic!`): one
            // macro shared by both would be one more expansion per
            // function, 0.09 M of rustc's instructions each (measured).
            $crate::__private::register!(
                function __ABI_FUNCTION =
                    $crate::__private::FunctionEntry {
                        abi: $crate::__private::Abi::DpiImport(&{
                            $($value_checks)*
                            $(let $decl_name: &'static $crate::__private::DpiParamDecl = $decl;)+
                            let __abi_result: $crate::__private::SvType = $result_sv;
                            $crate::__private::DpiDecl {
                                sv_name: $sv_name,
                                aliases: &[$($alias),*],
                                context: $context,
                                pure: $pure,
                                task: false,
                                params: &[$($decl_name),+],
                                result: __abi_result,
                                flavour: $flavour,
                            }
                        }),
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

            $($type_checks)*

            #[unsafe(export_name = $symbol)]
            unsafe extern "C" fn $shim $($generics)* ($($arg: $raw),+) -> $result_raw {
                $($lent_checks)*
                // SAFETY: the simulator passes arguments of the declared
                // SystemVerilog types (Annex H), as the shim's contract asks.
                unsafe {
                    $crate::__private::$body::<$($ty,)+ $result_ty, $($infer,)+ _, $flags, _>(
                        &__ABI_FUNCTION,
                        {
                            // A function pointer in debug builds (one
                            // instance of the body per signature), the
                            // function item in optimised ones (a direct
                            // call from the start).
                            #[cfg(debug_assertions)]
                            let __abi_body = $function as fn($($pointer),+) -> _;
                            #[cfg(not(debug_assertions))]
                            let __abi_body = $function;
                            __abi_body
                        },
                        $($arg),+
                    )
                }
            }

            $crate::__private::shim_code!($symbol);
        };
    };
}

#[cfg(test)]
mod tests {
    /// The names the macros call (`abi_model::sv::generic_import_shim`)
    /// are the ones defined above, for every shape and flavour.
    #[test]
    fn names_follow_the_model_rule() {
        use crate::model::sv::{DpiFlavour, GENERIC_IMPORT_ARGUMENTS, generic_import_shim};
        let defined = super::SHIMS;
        let mut count = 0;
        for flavour in [DpiFlavour::Ieee, DpiFlavour::Verilator] {
            for arguments in GENERIC_IMPORT_ARGUMENTS {
                for shape in 0..1u32 << arguments {
                    let name =
                        generic_import_shim(flavour, (0..arguments).map(|i| shape >> i & 1 == 1));
                    assert!(defined.contains(&name.as_str()), "{name} is not defined");
                    count += 1;
                }
            }
        }
        assert_eq!(count, 60);
        assert_eq!(defined.len(), count, "a shim no shape names");
    }

    /// What the macros write as `FLAGS` reads back as what they meant.
    #[test]
    fn flags_read_back() {
        use crate::model::sv::{import_shim_flags, import_shim_is_context, import_shim_is_inout};
        for context in [false, true] {
            for inouts in 0..16u32 {
                let flags = import_shim_flags(context, (0..4).map(|i| inouts >> i & 1 == 1));
                assert_eq!(import_shim_is_context(flags), context);
                for i in 0..4 {
                    assert_eq!(import_shim_is_inout(flags, i), inouts >> i & 1 == 1);
                }
            }
        }
    }
}
