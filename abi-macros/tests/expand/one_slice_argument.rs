/// Sums the values.
#[cfg_attr(not(debug_assertions), inline)]
pub fn total(values: &[i32]) -> i64 {
    values.iter().map(|&v| i64::from(v)).sum()
}
#[doc(hidden)]
#[allow(non_upper_case_globals, non_snake_case, unused_braces, clippy::all)]
const _: () = {
    ::abi_core::__private::register!(
        function static __ABI_FUNCTION : ::abi_core::__private::FunctionEntry =
        ::abi_core::__private::FunctionEntry { abi : ::abi_core::__private::Abi::C, text
        : ::core::concat!(::core::module_path!(), "\0", ::core::file!(), "\0",
        ::core::line!(), "\0total\0i64\0\0values\0&[i32]\0Sums the values."), symbol :
        "total", is_unsafe : false, named_args : false, params : & [< & 'static [i32] as
        ::abi_core::__private::CSliceParam > ::PARAM.0], result : < i64 as
        ::abi_core::__private::CResult > ::RESULT.0, };
    );
    #[unsafe(export_name = "total")]
    unsafe extern "C" fn __abi_c_export_total<'call>(
        __abi_arg0: <&'static [i32] as ::abi_core::__private::CSliceParam>::Ptr,
        __abi_arg0_len: usize,
    ) -> <i64 as ::abi_core::__private::CResult>::Raw {
        if false {
            ::abi_core::__private::LentArgument::lent_check::<
                'call,
                &'call [i32],
            >(&__abi_arg0);
        }
        unsafe {
            ::abi_core::__private::c_slice_shim1::<
                &'static [i32],
                i64,
                <&'static [i32] as ::abi_core::__private::CSliceParam>::Ptr,
                <i64 as ::abi_core::__private::CResult>::Raw,
            >(&__ABI_FUNCTION, total, __abi_arg0, __abi_arg0_len)
        }
    }
    ::abi_core::__private::shim_code!("total");
};
