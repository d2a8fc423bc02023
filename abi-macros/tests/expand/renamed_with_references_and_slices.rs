#[cfg_attr(not(debug_assertions), inline)]
pub fn centroid<'a>(
    points: &'a [Point],
    weights: Option<&f64>,
    label: &str,
) -> &'a Point {
    &points[0]
}
#[doc(hidden)]
#[allow(non_upper_case_globals, non_snake_case, unused_braces, clippy::all)]
const _: () = {
    ::abi_core::__private::register!(
        function __ABI_FUNCTION = ::abi_core::__private::FunctionEntry { abi :
        ::abi_core::__private::Abi::C, text : ::core::concat!(::core::module_path!(),
        "\0", ::core::file!(), "\0", ::core::line!(),
        "\0centroid\0&'a Point\0\0points\0&'a[Point]\0weights\0Option<&f64>\0label\0&str\0"),
        symbol : "geo_centroid", is_unsafe : false, named_args : false, params : & [< &
        'static [Point] as ::abi_core::__private::CSliceParam > ::PARAM.0, < Option < &
        'static f64 > as ::abi_core::__private::CParam > ::PARAM.0, < & 'static str as
        ::abi_core::__private::CSliceParam > ::PARAM.0], result : < & 'static Point as
        ::abi_core::__private::CResult > ::RESULT.0, };
    );
    #[unsafe(export_name = "geo_centroid")]
    unsafe extern "C" fn __abi_c_export_centroid<'call>(
        __abi_arg0: <&'static [Point] as ::abi_core::__private::CSliceParam>::Ptr,
        __abi_arg0_len: usize,
        __abi_arg1: <Option<&'static f64> as ::abi_core::__private::CParam>::Raw,
        __abi_arg2: <&'static str as ::abi_core::__private::CSliceParam>::Ptr,
        __abi_arg2_len: usize,
    ) -> <&'static Point as ::abi_core::__private::CResult>::Raw {
        if false {
            ::abi_core::__private::LentArgument::lent_check::<
                'call,
                &'call [Point],
            >(&__abi_arg0);
            ::abi_core::__private::LentArgument::lent_check::<
                'call,
                Option<&'call f64>,
            >(&__abi_arg1);
            ::abi_core::__private::LentArgument::lent_check::<
                'call,
                &'call str,
            >(&__abi_arg2);
        }
        {
            let __abi_args = (
                __abi_arg0,
                __abi_arg0_len,
                __abi_arg1,
                __abi_arg2,
                __abi_arg2_len,
            );
            ::abi_core::__private::abort_on_panic(
                &__ABI_FUNCTION,
                &__abi_args,
                |&(__abi_arg0, __abi_arg0_len, __abi_arg1, __abi_arg2, __abi_arg2_len)| {
                    let __abi_arg0_borrow = unsafe {
                        ({
                            ::abi_core::__private::c_slice_borrow_or_abort::<
                                &'static [Point],
                            >
                        })(__abi_arg0, __abi_arg0_len, &__ABI_FUNCTION, 0usize)
                    };
                    let __abi_arg1_borrow = unsafe {
                        ({
                            ::abi_core::__private::c_borrow_or_abort::<
                                Option<&'static f64>,
                            >
                        })(__abi_arg1, &__ABI_FUNCTION, 1usize)
                    };
                    let __abi_arg2_borrow = unsafe {
                        ({
                            ::abi_core::__private::c_slice_borrow_or_abort::<
                                &'static str,
                            >
                        })(__abi_arg2, __abi_arg2_len, &__ABI_FUNCTION, 2usize)
                    };
                    if const {
                        true as usize
                            + <Option<
                                &'static f64,
                            > as ::abi_core::__private::CParam>::BORROWS as usize
                            + true as usize >= 2
                    } {
                        ::abi_core::__private::disjoint_or_abort(
                            &__ABI_FUNCTION,
                            &[__abi_arg0_borrow, __abi_arg1_borrow, __abi_arg2_borrow],
                        );
                    }
                    let __abi_arg0_first = unsafe {
                        ({
                            ::abi_core::__private::c_slice_first_or_abort::<
                                &'static [Point],
                            >
                        })(__abi_arg0, __abi_arg0_len, &__ABI_FUNCTION, 0usize)
                    };
                    let __abi_arg1_first = unsafe {
                        ({
                            ::abi_core::__private::c_first_or_abort::<
                                Option<&'static f64>,
                            >
                        })(__abi_arg1, &__ABI_FUNCTION, 1usize)
                    };
                    let __abi_arg2_first = unsafe {
                        ({
                            ::abi_core::__private::c_slice_first_or_abort::<&'static str>
                        })(__abi_arg2, __abi_arg2_len, &__ABI_FUNCTION, 2usize)
                    };
                    let __abi_arg0 = unsafe {
                        ({
                            ::abi_core::__private::c_slice_second_or_abort::<
                                &'static [Point],
                            >
                        })(
                            __abi_arg0_first,
                            __abi_arg0,
                            __abi_arg0_len,
                            &__ABI_FUNCTION,
                            0usize,
                        )
                    };
                    let __abi_arg1 = unsafe {
                        ({
                            ::abi_core::__private::c_second_or_abort::<
                                Option<&'static f64>,
                            >
                        })(__abi_arg1_first, __abi_arg1, &__ABI_FUNCTION, 1usize)
                    };
                    let __abi_arg2 = unsafe {
                        ({
                            ::abi_core::__private::c_slice_second_or_abort::<
                                &'static str,
                            >
                        })(
                            __abi_arg2_first,
                            __abi_arg2,
                            __abi_arg2_len,
                            &__ABI_FUNCTION,
                            2usize,
                        )
                    };
                    let __abi_value = centroid(__abi_arg0, __abi_arg1, __abi_arg2);
                    ({
                        <&'static Point as ::abi_core::__private::CResult>::into_c
                    })(__abi_value)
                },
            )
        }
    }
    ::abi_core::__private::shim_code!("geo_centroid");
};
