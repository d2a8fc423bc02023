pub fn parse(text: &str, out: &mut u8) -> Result<u32, ParseError> {
    text.parse().map_err(|_| ParseError)
}
#[doc(hidden)]
#[allow(non_upper_case_globals, non_snake_case, unused_braces, clippy::all)]
const _: () = {
    ::abi_core::__private::register!(
        function static __ABI_FUNCTION : ::abi_core::__private::FunctionDesc =
        ::abi_core::__private::FunctionDesc { abi : ::abi_core::__private::AbiKind::C,
        rust : ::abi_core::__private::RustItem { module_path : ::core::module_path!(),
        name : "parse", doc : "", file : ::core::file!(), line : ::core::line!(), },
        symbol : ::abi_core::__private::checked_c_symbol("parse"), is_unsafe : false,
        params : & [::abi_core::__private::ParamDesc { name : "text", rust_type : "&str",
        direction : < & 'static str as ::abi_core::__private::CSliceParam > ::DIRECTION,
        passing : ::abi_core::__private::Passing::Slice(< & 'static str as
        ::abi_core::__private::CSliceParam > ::C_TYPE), record :
        ::core::option::Option::Some(< & 'static str as
        ::abi_core::__private::CSliceParam > ::record), },
        ::abi_core::__private::ParamDesc { name : "out", rust_type : "&mut u8", direction
        : < & 'static mut u8 as ::abi_core::__private::CParam > ::DIRECTION, passing :
        ::abi_core::__private::Passing::Value(< & 'static mut u8 as
        ::abi_core::__private::CParam > ::C_TYPE), record :
        ::core::option::Option::Some(< & 'static mut u8 as ::abi_core::__private::CParam
        > ::record), }], result : ::abi_core::__private::ResultDesc::Status { rust_type :
        "Result<u32, ParseError>", out :
        ::core::option::Option::Some(::abi_core::__private::CTypeDesc::Pointer { pointee
        : & < u32 as ::abi_core::__private::CResult > ::C_TYPE, is_const : false, }),
        out_name : "out_", record : ::core::option::Option::Some(< u32 as
        ::abi_core::__private::CResult > ::record), }, dpi :
        ::core::option::Option::None, named_args : false, ciface :
        ::core::option::Option::None, };
    );
    #[unsafe(export_name = "parse")]
    unsafe extern "C" fn __abi_c_export_parse(
        __abi_arg0: <&'static str as ::abi_core::__private::CSliceParam>::Ptr,
        __abi_arg0_len: usize,
        __abi_arg1: <&'static mut u8 as ::abi_core::__private::CParam>::Raw,
        __abi_out: *mut <u32 as ::abi_core::__private::CResult>::Raw,
    ) -> ::abi_core::__private::core::primitive::i32 {
        if let ::core::option::Option::Some(__abi_status) = ::abi_core::__private::out_pointer_status(
            &__ABI_FUNCTION,
            __abi_out,
        ) {
            return __abi_status;
        }
        ::abi_core::__private::status_on_panic(
            &__ABI_FUNCTION,
            move || {
                let __abi_arg0 = match unsafe {
                    <&'static str as ::abi_core::__private::CSliceParam>::from_c(
                        __abi_arg0,
                        __abi_arg0_len,
                    )
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
                let __abi_arg1 = match unsafe {
                    <&'static mut u8 as ::abi_core::__private::CParam>::from_c(
                        __abi_arg1,
                    )
                } {
                    ::core::result::Result::Ok(__abi_value) => __abi_value,
                    ::core::result::Result::Err(__abi_error) => {
                        return ::abi_core::__private::argument_status(
                            &__ABI_FUNCTION,
                            1usize,
                            __abi_error,
                        );
                    }
                };
                match parse(__abi_arg0, __abi_arg1) {
                    ::core::result::Result::Ok(__abi_value) => {
                        let __abi_value = <u32 as ::abi_core::__private::CResult>::into_c(
                            __abi_value,
                        );
                        unsafe { __abi_out.write(__abi_value) };
                        ::abi_core::__private::STATUS_OK
                    }
                    ::core::result::Result::Err(__abi_error) => {
                        <ParseError as ::abi_core::__private::CError>::error_code(
                                &__abi_error,
                            )
                            .get()
                    }
                }
            },
        )
    }
};
