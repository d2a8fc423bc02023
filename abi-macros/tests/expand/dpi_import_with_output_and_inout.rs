/// One step.
#[cfg_attr(not(debug_assertions), inline)]
pub fn step(a: i32, flag: bool, out: &mut u64, state: &mut i16) -> bool {
    *out = a as u64;
    *state += 1;
    flag
}
#[doc(hidden)]
#[allow(non_upper_case_globals, non_snake_case, unused_braces, unused_mut, clippy::all)]
const _: () = {
    #[used]
    #[unsafe(export_name = "abi_core_dpi_flavour__step__needs_library_built_for_ieee")]
    static __ABI_FLAVOUR_MARKER: u8 = 0;
    ::abi_core::__private::register!(
        function static __ABI_FUNCTION : ::abi_core::__private::FunctionEntry =
        ::abi_core::__private::FunctionEntry { abi :
        ::abi_core::__private::Abi::DpiImport(& { let () = < u64 as
        ::abi_core::__private::RequireDpiValue > ::CHECKED; let () = < i16 as
        ::abi_core::__private::RequireDpiValue > ::CHECKED; let __abi_param0 : & 'static
        ::abi_core::__private::DpiParamDecl = ::abi_core::__private::accepted_param(< i32
        as ::abi_core::__private::DpiType > ::SV_INPUT.0); let __abi_param1 : & 'static
        ::abi_core::__private::DpiParamDecl = ::abi_core::__private::accepted_param(<
        bool as ::abi_core::__private::DpiType > ::SV_INPUT.0); let __abi_param2 : &
        'static ::abi_core::__private::DpiParamDecl =
        ::abi_core::__private::accepted_param(< u64 as ::abi_core::__private::DpiType >
        ::SV_OUTPUT.0); let __abi_param3 : & 'static ::abi_core::__private::DpiParamDecl
        = ::abi_core::__private::accepted_param(< i16 as ::abi_core::__private::DpiType >
        ::SV_INOUT.0); let __abi_result : ::abi_core::__private::SvType =
        ::abi_core::__private::accepted(< bool as ::abi_core::__private::DpiResult >
        ::REFUSAL.0, < bool as ::abi_core::__private::DpiResult > ::SV_TYPE);
        ::abi_core::__private::DpiDecl { sv_name : "sv_step", aliases : & [], context :
        true, pure : false, task : false, params : & [__abi_param0, __abi_param1,
        __abi_param2, __abi_param3], result : __abi_result, flavour :
        ::abi_core::__private::DpiFlavour::Ieee, } }), text :
        ::core::concat!(::core::module_path!(), "\0", ::core::file!(), "\0",
        ::core::line!(),
        "\0step\0bool\0\0a\0i32\0flag\0bool\0out\0&mut u64\0state\0&mut i16\0One step."),
        symbol : "step", is_unsafe : false, named_args : false, params : & [< i32 as
        ::abi_core::__private::DpiType > ::INPUT_PARAM.0, < bool as
        ::abi_core::__private::DpiType > ::INPUT_PARAM.0, < u64 as
        ::abi_core::__private::DpiType > ::OUTPUT_PARAM.0, < i16 as
        ::abi_core::__private::DpiType > ::INOUT_PARAM.0], result : < bool as
        ::abi_core::__private::DpiResult > ::RESULT.0, };
    );
    const _: () = ::abi_core::__private::require_owned_inout::<i16>();
    #[unsafe(export_name = "step")]
    unsafe extern "C" fn __abi_dpi_import_step<'call>(
        __abi_arg0: <i32 as ::abi_core::__private::DpiType>::Input,
        __abi_arg1: <bool as ::abi_core::__private::DpiType>::Input,
        __abi_arg2: *mut <u64 as ::abi_core::__private::DpiType>::Cell,
        __abi_arg3: *mut <i16 as ::abi_core::__private::DpiType>::Cell,
    ) -> <bool as ::abi_core::__private::DpiResult>::Raw {
        if false {
            ::abi_core::__private::LentArgument::lent_check::<'call, i32>(&__abi_arg0);
            ::abi_core::__private::LentArgument::lent_check::<'call, bool>(&__abi_arg1);
        }
        unsafe {
            ::abi_core::__private::dpi_import_shim_vvcc::<
                i32,
                bool,
                u64,
                i16,
                bool,
                _,
                _,
                _,
                _,
                _,
                17u32,
                _,
            >(
                &__ABI_FUNCTION,
                {
                    #[cfg(debug_assertions)]
                    let __abi_body = step as fn(_, _, &mut _, &mut _) -> _;
                    #[cfg(not(debug_assertions))]
                    let __abi_body = step;
                    __abi_body
                },
                __abi_arg0,
                __abi_arg1,
                __abi_arg2,
                __abi_arg3,
            )
        }
    }
    ::abi_core::__private::shim_code!("step");
};
