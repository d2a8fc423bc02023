/// Adds two numbers.
#[cfg_attr(not(debug_assertions), inline)]
pub fn add(a: i32, b: i32) -> i32 {
    a.wrapping_add(b)
}
#[doc(hidden)]
#[allow(non_upper_case_globals, non_snake_case, unused_braces, clippy::all)]
const _: () = {
    ::abi_core::__private::register!(
        function static __ABI_FUNCTION : ::abi_core::__private::FunctionEntry =
        ::abi_core::__private::FunctionEntry { abi : ::abi_core::__private::Abi::C, text
        : ::core::concat!(::core::module_path!(), "\0", ::core::file!(), "\0",
        ::core::line!(), "\0add\0i32\0\0a\0i32\0b\0i32\0Adds two numbers."), symbol :
        "add", is_unsafe : false, named_args : false, params : & [< i32 as
        ::abi_core::__private::CParam > ::PARAM.0, < i32 as ::abi_core::__private::CParam
        > ::PARAM.0], result : < i32 as ::abi_core::__private::CResult > ::RESULT.0, };
    );
    #[unsafe(export_name = "add")]
    unsafe extern "C" fn __abi_c_export_add<'call>(
        __abi_arg0: <i32 as ::abi_core::__private::CParam>::Raw,
        __abi_arg1: <i32 as ::abi_core::__private::CParam>::Raw,
    ) -> <i32 as ::abi_core::__private::CResult>::Raw {
        if false {
            ::abi_core::__private::LentArgument::lent_check::<'call, i32>(&__abi_arg0);
            ::abi_core::__private::LentArgument::lent_check::<'call, i32>(&__abi_arg1);
        }
        unsafe {
            ::abi_core::__private::c_shim2::<
                i32,
                i32,
                i32,
                <i32 as ::abi_core::__private::CParam>::Raw,
                <i32 as ::abi_core::__private::CParam>::Raw,
                <i32 as ::abi_core::__private::CResult>::Raw,
            >(&__ABI_FUNCTION, add, __abi_arg0, __abi_arg1)
        }
    }
    ::abi_core::__private::shim_code!("add");
};
