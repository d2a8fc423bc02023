#[cfg_attr(not(debug_assertions), inline)]
pub unsafe fn reset(p: *mut u8) -> Result<(), ErrorCode> {
    Ok(())
}
#[doc(hidden)]
#[allow(non_upper_case_globals, non_snake_case, unused_braces, clippy::all)]
const _: () = {
    ::abi_core::__private::register!(
        function __ABI_FUNCTION = ::abi_core::__private::FunctionEntry { abi :
        ::abi_core::__private::Abi::C, text : ::core::concat!(::core::module_path!(),
        "\0", ::core::file!(), "\0", ::core::line!(),
        "\0reset\0Result<(), ErrorCode>\0out\0p\0*mut u8\0"), symbol : "reset", is_unsafe
        : true, named_args : false, params : & [< * mut u8 as
        ::abi_core::__private::CParam > ::PARAM.0], result :
        ::abi_core::__private::ResultEntry::STATUS_ONLY, };
    );
    #[unsafe(export_name = "reset")]
    unsafe extern "C" fn __abi_c_export_reset<'call>(
        __abi_arg0: <*mut u8 as ::abi_core::__private::CParam>::Raw,
    ) -> ::abi_core::__private::core::primitive::i32 {
        if false {
            ::abi_core::__private::LentArgument::lent_check::<
                'call,
                *mut u8,
            >(&__abi_arg0);
        }
        {
            let __abi_args = (__abi_arg0,);
            ::abi_core::__private::status_on_panic(
                &__ABI_FUNCTION,
                &__abi_args,
                |&(__abi_arg0,)| {
                    let __abi_arg0 = match unsafe {
                        ({
                            ::abi_core::__private::c_convert_or_status::<*mut u8>
                        })(__abi_arg0, &__ABI_FUNCTION, 0usize)
                    } {
                        ::core::result::Result::Ok(__abi_value) => __abi_value,
                        ::core::result::Result::Err(__abi_status) => return __abi_status,
                    };
                    match unsafe { reset(__abi_arg0) } {
                        ::core::result::Result::Ok(()) => {
                            ::abi_core::__private::STATUS_OK
                        }
                        ::core::result::Result::Err(__abi_error) => {
                            ({
                                <ErrorCode as ::abi_core::__private::CError>::error_code
                            })(&__abi_error)
                                .get()
                        }
                    }
                },
            )
        }
    }
    ::abi_core::__private::shim_code!("reset");
};
