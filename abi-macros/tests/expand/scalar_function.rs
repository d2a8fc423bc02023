/// Adds two numbers.
pub fn add(a: i32, b: i32) -> i32 {
    a.wrapping_add(b)
}
#[doc(hidden)]
#[allow(non_upper_case_globals, non_snake_case, unused_braces, clippy::all)]
const _: () = {
    ::abi_core::__private::register!(
        function static __ABI_FUNCTION : ::abi_core::__private::FunctionDesc =
        ::abi_core::__private::FunctionDesc { abi : ::abi_core::__private::AbiKind::C,
        rust : ::abi_core::__private::RustItem { module_path : ::core::module_path!(),
        name : "add", doc : "Adds two numbers.", file : ::core::file!(), line :
        ::core::line!(), }, symbol : ::abi_core::__private::checked_c_symbol("add"),
        is_unsafe : false, params : & [::abi_core::__private::ParamDesc { name : "a",
        rust_type : "i32", direction : < i32 as ::abi_core::__private::CParam >
        ::DIRECTION, passing : ::abi_core::__private::Passing::Value(< i32 as
        ::abi_core::__private::CParam > ::C_TYPE), record :
        ::core::option::Option::Some(< i32 as ::abi_core::__private::CParam > ::record),
        }, ::abi_core::__private::ParamDesc { name : "b", rust_type : "i32", direction :
        < i32 as ::abi_core::__private::CParam > ::DIRECTION, passing :
        ::abi_core::__private::Passing::Value(< i32 as ::abi_core::__private::CParam >
        ::C_TYPE), record : ::core::option::Option::Some(< i32 as
        ::abi_core::__private::CParam > ::record), }], result :
        ::abi_core::__private::ResultDesc::Value { rust_type : "i32", c_type : < i32 as
        ::abi_core::__private::CResult > ::C_TYPE, record :
        ::core::option::Option::Some(< i32 as ::abi_core::__private::CResult > ::record),
        }, dpi : ::core::option::Option::None, named_args : false, ciface :
        ::core::option::Option::None, };
    );
    #[unsafe(export_name = "add")]
    unsafe extern "C" fn __abi_c_export_add(
        __abi_arg0: <i32 as ::abi_core::__private::CParam>::Raw,
        __abi_arg1: <i32 as ::abi_core::__private::CParam>::Raw,
    ) -> <i32 as ::abi_core::__private::CResult>::Raw {
        let __abi_guard = ::abi_core::__private::AbortOnUnwind(&__ABI_FUNCTION);
        let __abi_arg0 = ::abi_core::__private::argument_or_abort(
            unsafe { <i32 as ::abi_core::__private::CParam>::from_c(__abi_arg0) },
            &__ABI_FUNCTION,
            0usize,
        );
        let __abi_arg1 = ::abi_core::__private::argument_or_abort(
            unsafe { <i32 as ::abi_core::__private::CParam>::from_c(__abi_arg1) },
            &__ABI_FUNCTION,
            1usize,
        );
        let __abi_value = add(__abi_arg0, __abi_arg1);
        __abi_guard.disarm();
        <i32 as ::abi_core::__private::CResult>::into_c(__abi_value)
    }
};
