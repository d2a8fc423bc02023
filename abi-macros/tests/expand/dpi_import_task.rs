#[cfg_attr(not(debug_assertions), inline)]
pub fn tick(n: i64) {}
#[doc(hidden)]
#[allow(non_upper_case_globals, non_snake_case, unused_braces, unused_mut, clippy::all)]
const _: () = {
    #[used]
    #[unsafe(export_name = "abi_core_dpi_flavour__tick__needs_library_built_for_ieee")]
    static __ABI_FLAVOUR_MARKER: u8 = 0;
    ::abi_core::__private::register!(
        function __ABI_FUNCTION = ::abi_core::__private::FunctionEntry { abi :
        ::abi_core::__private::Abi::DpiImport(& { let __abi_param0 : & 'static
        ::abi_core::__private::DpiParamDecl = ::abi_core::__private::accepted_param(< i64
        as ::abi_core::__private::DpiType > ::SV_INPUT.0); let __abi_result :
        ::abi_core::__private::SvType = ::abi_core::__private::SvType::Void;
        ::abi_core::__private::DpiDecl { sv_name : "tick", aliases : & [], context :
        false, pure : false, task : true, params : & [__abi_param0], result :
        __abi_result, flavour : ::abi_core::__private::DpiFlavour::Ieee, } }), text :
        ::core::concat!(::core::module_path!(), "\0", ::core::file!(), "\0",
        ::core::line!(), "\0tick\0()\0\0n\0i64\0"), symbol : "tick", is_unsafe : false,
        named_args : false, params : & [< i64 as ::abi_core::__private::DpiType >
        ::INPUT_PARAM.0], result : < i32 as ::abi_core::__private::DpiResult > ::RESULT
        .0, };
    );
    #[unsafe(export_name = "tick")]
    unsafe extern "C" fn __abi_dpi_import_tick<'call>(
        __abi_arg0: <i64 as ::abi_core::__private::DpiType>::Input,
    ) -> ::abi_core::__private::core::primitive::i32 {
        if false {
            ::abi_core::__private::LentArgument::lent_check::<'call, i64>(&__abi_arg0);
        }
        {
            let __abi_args = (__abi_arg0,);
            ::abi_core::__private::abort_on_panic(
                &__ABI_FUNCTION,
                &__abi_args,
                |&(__abi_arg0,)| {
                    if const { __ABI_FUNCTION.abi.differs_between_flavours() } {
                        ::abi_core::__private::standard_import_or_abort(&__ABI_FUNCTION);
                    }
                    const __ABI_OWNS_STRINGS: bool = false
                        || <i64 as ::abi_core::__private::DpiType>::OWNS_HANDED_STRINGS
                            .0;
                    let __abi_strings_mark = if __ABI_OWNS_STRINGS {
                        ::abi_core::__private::handed_strings_mark()
                    } else {
                        0
                    };
                    let __abi_arg0 = ::abi_core::__private::argument_or_abort(
                        unsafe {
                            ({
                                <i64 as ::abi_core::__private::DpiType>::from_input
                            })(__abi_arg0)
                        },
                        &__ABI_FUNCTION,
                        0usize,
                    );
                    let __abi_value = tick(__abi_arg0);
                    if __ABI_OWNS_STRINGS {
                        unsafe {
                            ::abi_core::__private::release_handed_strings(
                                0u32,
                                __abi_strings_mark,
                            )
                        };
                    }
                    {
                        let () = __abi_value;
                        ::abi_core::__private::TASK_NOT_DISABLED
                    }
                },
            )
        }
    }
    ::abi_core::__private::shim_code!("tick");
};
