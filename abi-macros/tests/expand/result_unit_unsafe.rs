pub unsafe fn reset(p: *mut u8) -> Result<(), ErrorCode> {
    Ok(())
}
#[doc(hidden)]
#[allow(non_upper_case_globals, non_snake_case, unused_braces, clippy::all)]
const _: () = {
    ::abi_core::__private::register!(
        function static __ABI_FUNCTION : ::abi_core::__private::FunctionDesc =
        ::abi_core::__private::FunctionDesc { abi : ::abi_core::__private::AbiKind::C,
        rust : ::abi_core::__private::RustItem { module_path : ::core::module_path!(),
        name : "reset", doc : "", file : ::core::file!(), line : ::core::line!(), },
        symbol : ::abi_core::__private::checked_c_symbol("reset"), is_unsafe : true,
        params : & [::abi_core::__private::ParamDesc { name : "p", rust_type : "*mut u8",
        direction : < * mut u8 as ::abi_core::__private::CParam > ::DIRECTION, passing :
        ::abi_core::__private::Passing::Value(< * mut u8 as ::abi_core::__private::CParam
        > ::C_TYPE), record : ::core::option::Option::Some(< * mut u8 as
        ::abi_core::__private::CParam > ::record), }], result :
        ::abi_core::__private::ResultDesc::Status { rust_type : "Result<(), ErrorCode>",
        out : ::core::option::Option::None, out_name : "out", record :
        ::core::option::Option::None, }, dpi : ::core::option::Option::None, named_args :
        false, ciface : ::core::option::Option::None, };
    );
    #[unsafe(export_name = "reset")]
    unsafe extern "C" fn __abi_c_export_reset(
        __abi_arg0: <*mut u8 as ::abi_core::__private::CParam>::Raw,
    ) -> ::abi_core::__private::core::primitive::i32 {
        ::abi_core::__private::status_on_panic(
            &__ABI_FUNCTION,
            move || {
                let __abi_arg0 = match unsafe {
                    <*mut u8 as ::abi_core::__private::CParam>::from_c(__abi_arg0)
                } {
                    ::core::result::Result::Ok(__abi_value) => __abi_value,
                    ::core::result::Result::Err(__abi_error) => {
                        return ::abi_core::__private::argument_status(
                            &__ABI_FUNCTION,
                            0usize,
                            __abi_error,
                        );
                    }
                };
                match unsafe { reset(__abi_arg0) } {
                    ::core::result::Result::Ok(()) => ::abi_core::__private::STATUS_OK,
                    ::core::result::Result::Err(__abi_error) => {
                        <ErrorCode as ::abi_core::__private::CError>::error_code(
                                &__abi_error,
                            )
                            .get()
                    }
                }
            },
        )
    }
};
