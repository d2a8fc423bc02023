/// One step.
pub fn step(a: i32, flag: bool, out: &mut u64, state: &mut i16) -> bool {
    *out = a as u64;
    *state += 1;
    flag
}
#[doc(hidden)]
#[allow(non_upper_case_globals, non_snake_case, unused_braces, unused_mut, clippy::all)]
const _: () = {
    static __ABI_DPI: ::abi_core::__private::DpiDecl = {
        const __ABI_PARAMS: &[::abi_core::__private::DpiParamDecl] = &[
            <i32 as ::abi_core::__private::DpiType>::SV_INPUT.0,
            <bool as ::abi_core::__private::DpiType>::SV_INPUT.0,
            <u64 as ::abi_core::__private::DpiType>::SV_OUTPUT.0,
            <i16 as ::abi_core::__private::DpiType>::SV_INOUT.0,
        ];
        ::abi_core::__private::accepted_param(&__ABI_PARAMS[0usize]);
        ::abi_core::__private::accepted_param(&__ABI_PARAMS[1usize]);
        ::abi_core::__private::accepted_param(&__ABI_PARAMS[2usize]);
        ::abi_core::__private::accepted_param(&__ABI_PARAMS[3usize]);
        ::abi_core::__private::DpiDecl {
            sv_name: ::abi_core::__private::checked_sv_name("sv_step"),
            aliases: &[],
            context: true,
            pure: false,
            task: false,
            params: __ABI_PARAMS,
            result: ::abi_core::__private::accepted(
                <bool as ::abi_core::__private::DpiResult>::REFUSAL.0,
                <bool as ::abi_core::__private::DpiResult>::SV_TYPE,
            ),
            flavour: ::abi_core::__private::DpiFlavour::Ieee,
        }
    };
    #[used]
    #[unsafe(export_name = "abi_core_dpi_flavour__step__needs_library_built_for_ieee")]
    static __ABI_FLAVOUR_MARKER: u8 = 0;
    ::abi_core::__private::register!(
        function static __ABI_FUNCTION : ::abi_core::__private::FunctionEntry =
        ::abi_core::__private::FunctionEntry { abi :
        ::abi_core::__private::Abi::DpiImport(& __ABI_DPI), text :
        ::core::concat!(::core::module_path!(), "\0", ::core::file!(), "\0",
        ::core::line!(),
        "\0step\0bool\0\0a\0i32\0flag\0bool\0out\0&mut u64\0state\0&mut i16\0One step."),
        symbol : "step", is_unsafe : false, named_args : false, params : & [< i32 as
        ::abi_core::__private::DpiType > ::INPUT_PARAM.0, < bool as
        ::abi_core::__private::DpiType > ::INPUT_PARAM.0, < u64 as
        ::abi_core::__private::DpiType > ::OUTPUT_PARAM.0, < i16 as
        ::abi_core::__private::DpiType > ::INOUT_PARAM.0], result : < bool as
        ::abi_core::__private::DpiResult > ::RESULT.0, };
    );
    const _: () = ::abi_core::__private::require_owned_inout::<i16>();
    #[allow(dead_code)]
    fn __abi_lent_for_the_call<'call>() {
        #[allow(unused_imports)]
        use ::abi_core::__private::{LentPick as _, LentPickNone as _};
        (&::abi_core::__private::LentProbe::<i32>::NEW)
            .pick()
            .lent_for_the_call::<'call, i32>();
        (&::abi_core::__private::LentProbe::<bool>::NEW)
            .pick()
            .lent_for_the_call::<'call, bool>();
    }
    #[unsafe(export_name = "step")]
    unsafe extern "C" fn __abi_dpi_import_step(
        __abi_arg0: <i32 as ::abi_core::__private::DpiType>::Input,
        __abi_arg1: <bool as ::abi_core::__private::DpiType>::Input,
        __abi_arg2: *mut <u64 as ::abi_core::__private::DpiType>::Cell,
        __abi_arg3: *mut <i16 as ::abi_core::__private::DpiType>::Cell,
    ) -> <bool as ::abi_core::__private::DpiResult>::Raw {
        {
            let __abi_args = (__abi_arg0, __abi_arg1, __abi_arg2, __abi_arg3);
            ::abi_core::__private::abort_on_panic(
                &__ABI_FUNCTION,
                &__abi_args,
                |&(__abi_arg0, __abi_arg1, __abi_arg2, __abi_arg3)| {
                    if const { __ABI_DPI.differs_between_flavours(false) } {
                        static __ABI_CHECKED: ::abi_core::__private::core::sync::atomic::AtomicBool = ::abi_core::__private::core::sync::atomic::AtomicBool::new(
                            false,
                        );
                        ::abi_core::__private::standard_import_or_abort(
                            &__ABI_FUNCTION,
                            &__ABI_CHECKED,
                        );
                    }
                    let __abi_scope_grant = ::abi_core::__private::ScopeGrant::enter();
                    if const {
                        ::abi_core::__private::overlap_possible(
                            &[
                                <i32 as ::abi_core::__private::DpiType>::CALL_BORROW,
                                <bool as ::abi_core::__private::DpiType>::CALL_BORROW,
                            ],
                        )
                    } {
                        ::abi_core::__private::ranges_disjoint_or_abort(
                            &__ABI_FUNCTION,
                            &[
                                ::core::option::Option::Some(
                                    &|
                                        __abi_each: &mut dyn ::core::ops::FnMut(
                                            ::abi_core::__private::Borrow,
                                        )|
                                    {
                                        unsafe {
                                            ({
                                                <i32 as ::abi_core::__private::DpiType>::input_borrows
                                            })(__abi_arg0, __abi_each)
                                        }
                                    },
                                ),
                                ::core::option::Option::Some(
                                    &|
                                        __abi_each: &mut dyn ::core::ops::FnMut(
                                            ::abi_core::__private::Borrow,
                                        )|
                                    {
                                        unsafe {
                                            ({
                                                <bool as ::abi_core::__private::DpiType>::input_borrows
                                            })(__abi_arg1, __abi_each)
                                        }
                                    },
                                ),
                                ::core::option::Option::None,
                                ::core::option::Option::None,
                            ],
                        );
                    }
                    const __ABI_OWNS_STRINGS: bool = false
                        || <i32 as ::abi_core::__private::DpiType>::OWNS_HANDED_STRINGS.0
                        || <bool as ::abi_core::__private::DpiType>::OWNS_HANDED_STRINGS
                            .0
                        || <u64 as ::abi_core::__private::DpiType>::OWNS_HANDED_STRINGS.0
                        || <i16 as ::abi_core::__private::DpiType>::OWNS_HANDED_STRINGS.0
                        || <bool as ::abi_core::__private::DpiResult>::OWNS_HANDED_STRINGS
                            .0;
                    let __abi_strings_mark = if __ABI_OWNS_STRINGS {
                        ::abi_core::__private::handed_strings_mark()
                    } else {
                        0
                    };
                    let __abi_arg0 = ::abi_core::__private::argument_or_abort(
                        unsafe {
                            ({
                                <i32 as ::abi_core::__private::DpiType>::from_input
                            })(__abi_arg0)
                        },
                        &__ABI_FUNCTION,
                        0usize,
                    );
                    let __abi_arg1 = ::abi_core::__private::argument_or_abort(
                        unsafe {
                            ({
                                <bool as ::abi_core::__private::DpiType>::from_input
                            })(__abi_arg1)
                        },
                        &__ABI_FUNCTION,
                        1usize,
                    );
                    let () = <u64 as ::abi_core::__private::RequireDpiValue>::CHECKED;
                    ::abi_core::__private::pointer_or_abort(
                        __abi_arg2,
                        &__ABI_FUNCTION,
                        2usize,
                    );
                    let mut __abi_cell2: u64 = ({
                        <u64 as ::abi_core::__private::DpiType>::initial
                    })();
                    let () = <i16 as ::abi_core::__private::RequireDpiValue>::CHECKED;
                    ::abi_core::__private::pointer_or_abort(
                        __abi_arg3,
                        &__ABI_FUNCTION,
                        3usize,
                    );
                    let mut __abi_cell3: i16 = ::abi_core::__private::argument_or_abort(
                        unsafe {
                            ({
                                <i16 as ::abi_core::__private::DpiType>::from_cell
                            })(__abi_arg3.read())
                        },
                        &__ABI_FUNCTION,
                        3usize,
                    );
                    let __abi_value = step(
                        __abi_arg0,
                        __abi_arg1,
                        &mut __abi_cell2,
                        &mut __abi_cell3,
                    );
                    if __ABI_OWNS_STRINGS {
                        unsafe {
                            ::abi_core::__private::release_handed_strings(
                                1u32,
                                __abi_strings_mark,
                            )
                        };
                    }
                    unsafe {
                        __abi_arg2
                            .write(
                                ({
                                    <u64 as ::abi_core::__private::DpiType>::to_cell
                                })(__abi_cell2),
                            )
                    };
                    unsafe {
                        __abi_arg3
                            .write(
                                ({
                                    <i16 as ::abi_core::__private::DpiType>::to_cell
                                })(__abi_cell3),
                            )
                    };
                    ({ <bool as ::abi_core::__private::DpiResult>::into_c })(__abi_value)
                },
            )
        }
    }
    ::abi_core::__private::shim_code!("step");
};
