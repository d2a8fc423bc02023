pub fn tick(n: i64) {}
#[doc(hidden)]
#[allow(non_upper_case_globals, non_snake_case, unused_braces, unused_mut, clippy::all)]
const _: () = {
    static __ABI_DPI: ::abi_core::__private::DpiImportDesc = ::abi_core::__private::DpiImportDesc {
        sv_name: ::abi_core::__private::checked_sv_name("tick"),
        context: false,
        pure: false,
        task: true,
        params: &[
            ::abi_core::__private::DpiParamDesc {
                direction: <i64 as ::abi_core::__private::DpiType>::SV_DIRECTION,
                sv_type: <i64 as ::abi_core::__private::DpiType>::SV_TYPE,
            },
        ],
        result: ::abi_core::__private::SvType::Named("void"),
    };
    ::abi_core::__private::register!(
        function static __ABI_FUNCTION : ::abi_core::__private::FunctionDesc =
        ::abi_core::__private::FunctionDesc { abi :
        ::abi_core::__private::AbiKind::DpiImport, rust : ::abi_core::__private::RustItem
        { module_path : ::core::module_path!(), name : "tick", doc : "", file :
        ::core::file!(), line : ::core::line!(), }, symbol : "tick", is_unsafe : false,
        params : & [::abi_core::__private::ParamDesc { name : "n", rust_type : "i64",
        direction : ::abi_core::__private::Direction::In, passing :
        ::abi_core::__private::Passing::Value(< i64 as ::abi_core::__private::DpiType >
        ::C_INPUT), record : ::core::option::Option::None }], result :
        ::abi_core::__private::ResultDesc::Value { rust_type : "()", c_type : < i32 as
        ::abi_core::__private::DpiResult > ::C_TYPE, record :
        ::core::option::Option::None }, dpi : ::core::option::Option::Some(& __ABI_DPI),
        named_args : false, ciface : ::core::option::Option::None, };
    );
    #[unsafe(export_name = "tick")]
    unsafe extern "C" fn __abi_dpi_import_tick(
        __abi_arg0: <i64 as ::abi_core::__private::DpiType>::Input,
    ) -> ::abi_core::__private::core::primitive::i32 {
        let __abi_guard = ::abi_core::__private::AbortOnUnwind(&__ABI_FUNCTION);
        let __abi_arg0 = ::abi_core::__private::argument_or_abort(
            unsafe { <i64 as ::abi_core::__private::DpiType>::from_input(__abi_arg0) },
            &__ABI_FUNCTION,
            0usize,
        );
        let __abi_value = tick(__abi_arg0);
        __abi_guard.disarm();
        {
            let () = __abi_value;
            ::abi_core::__private::TASK_NOT_DISABLED
        }
    }
};
