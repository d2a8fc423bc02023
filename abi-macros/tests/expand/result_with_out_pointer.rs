#[cfg_attr(not(debug_assertions), inline)]
pub fn parse(text: &str, out: &mut u8) -> Result<u32, ParseError> {
    text.parse().map_err(|_| ParseError)
}
#[doc(hidden)]
#[allow(non_upper_case_globals, non_snake_case, unused_braces, clippy::all)]
const _: () = {
    ::abi_core::__private::register!(
        function __ABI_FUNCTION = ::abi_core::__private::FunctionEntry { abi :
        ::abi_core::__private::Abi::C, text : ::core::concat!(::core::module_path!(),
        "\0", ::core::file!(), "\0", ::core::line!(),
        "\0parse\0Result<u32, ParseError>\0out_\0text\0&str\0out\0&mut u8\0"), symbol :
        "parse", is_unsafe : false, named_args : false, params : & [< & 'static str as
        ::abi_core::__private::CSliceParam > ::PARAM.0, < & 'static mut u8 as
        ::abi_core::__private::CParam > ::PARAM.0], result : < u32 as
        ::abi_core::__private::CResult > ::STATUS.0, };
    );
    #[unsafe(export_name = "parse")]
    unsafe extern "C" fn __abi_c_export_parse<'call>(
        __abi_arg0: <&'static str as ::abi_core::__private::CSliceParam>::Ptr,
        __abi_arg0_len: usize,
        __abi_arg1: <&'static mut u8 as ::abi_core::__private::CParam>::Raw,
        __abi_out: *mut <u32 as ::abi_core::__private::CResult>::Raw,
    ) -> ::abi_core::__private::core::primitive::i32 {
        if false {
            ::abi_core::__private::LentArgument::lent_check::<
                'call,
                &'call str,
            >(&__abi_arg0);
            ::abi_core::__private::LentArgument::lent_check::<
                'call,
                &'call mut u8,
            >(&__abi_arg1);
        }
        if let ::core::option::Option::Some(__abi_status) = ::abi_core::__private::out_pointer_status(
            &__ABI_FUNCTION,
            __abi_out,
        ) {
            return __abi_status;
        }
        {
            let __abi_args = (__abi_arg0, __abi_arg0_len, __abi_arg1, __abi_out);
            ::abi_core::__private::status_on_panic(
                &__ABI_FUNCTION,
                &__abi_args,
                |&(__abi_arg0, __abi_arg0_len, __abi_arg1, __abi_out)| {
                    let __abi_arg0_borrow = match unsafe {
                        ({
                            ::abi_core::__private::c_slice_borrow_or_status::<
                                &'static str,
                            >
                        })(__abi_arg0, __abi_arg0_len, &__ABI_FUNCTION, 0usize)
                    } {
                        ::core::result::Result::Ok(__abi_value) => __abi_value,
                        ::core::result::Result::Err(__abi_status) => return __abi_status,
                    };
                    let __abi_arg1_borrow = match unsafe {
                        ({
                            ::abi_core::__private::c_borrow_or_status::<&'static mut u8>
                        })(__abi_arg1, &__ABI_FUNCTION, 1usize)
                    } {
                        ::core::result::Result::Ok(__abi_value) => __abi_value,
                        ::core::result::Result::Err(__abi_status) => return __abi_status,
                    };
                    if const {
                        true as usize
                            + <&'static mut u8 as ::abi_core::__private::CParam>::BORROWS
                                as usize >= 2
                    } {
                        if let ::core::option::Option::Some(__abi_status) = ::abi_core::__private::disjoint_or_status(
                            &__ABI_FUNCTION,
                            &[__abi_arg0_borrow, __abi_arg1_borrow],
                        ) {
                            return __abi_status;
                        }
                    }
                    let __abi_arg0_first = match unsafe {
                        ({
                            ::abi_core::__private::c_slice_first_or_status::<
                                &'static str,
                            >
                        })(__abi_arg0, __abi_arg0_len, &__ABI_FUNCTION, 0usize)
                    } {
                        ::core::result::Result::Ok(__abi_value) => __abi_value,
                        ::core::result::Result::Err(__abi_status) => return __abi_status,
                    };
                    let __abi_arg1_first = match unsafe {
                        ({
                            ::abi_core::__private::c_first_or_status::<&'static mut u8>
                        })(__abi_arg1, &__ABI_FUNCTION, 1usize)
                    } {
                        ::core::result::Result::Ok(__abi_value) => __abi_value,
                        ::core::result::Result::Err(__abi_status) => return __abi_status,
                    };
                    let __abi_arg0 = match unsafe {
                        ({
                            ::abi_core::__private::c_slice_second_or_status::<
                                &'static str,
                            >
                        })(
                            __abi_arg0_first,
                            __abi_arg0,
                            __abi_arg0_len,
                            &__ABI_FUNCTION,
                            0usize,
                        )
                    } {
                        ::core::result::Result::Ok(__abi_value) => __abi_value,
                        ::core::result::Result::Err(__abi_status) => return __abi_status,
                    };
                    let __abi_arg1 = match unsafe {
                        ({
                            ::abi_core::__private::c_second_or_status::<&'static mut u8>
                        })(__abi_arg1_first, __abi_arg1, &__ABI_FUNCTION, 1usize)
                    } {
                        ::core::result::Result::Ok(__abi_value) => __abi_value,
                        ::core::result::Result::Err(__abi_status) => return __abi_status,
                    };
                    match parse(__abi_arg0, __abi_arg1) {
                        ::core::result::Result::Ok(__abi_value) => {
                            let __abi_value = ({
                                <u32 as ::abi_core::__private::CResult>::into_c
                            })(__abi_value);
                            unsafe { __abi_out.write(__abi_value) };
                            ::abi_core::__private::STATUS_OK
                        }
                        ::core::result::Result::Err(__abi_error) => {
                            ({
                                <ParseError as ::abi_core::__private::CError>::error_code
                            })(&__abi_error)
                                .get()
                        }
                    }
                },
            )
        }
    }
    ::abi_core::__private::shim_code!("parse");
};
