/// One step.
#[cfg_attr(not(debug_assertions), inline)]
pub fn step(a: i32, flag: bool, out: &mut u64, state: &mut i16) -> bool {
    *out = a as u64;
    *state += 1;
    flag
}
::abi_core::__private::dpi_import_generic!(
    "abi_core_dpi_flavour__step__needs_library_built_for_ieee" "step"
    __abi_dpi_import_step step dpi_import_shim_vvcc 17u32 false "\0"
    "\0step\0bool\0\0a\0i32\0flag\0bool\0out\0&mut u64\0state\0&mut i16\0One step."
    "sv_step"[] true false::abi_core::__private::DpiFlavour::Ieee; { let () = < u64 as
    ::abi_core::__private::RequireDpiValue > ::CHECKED; let () = < i16 as
    ::abi_core::__private::RequireDpiValue > ::CHECKED; } [__abi_arg0 : < i32 as
    ::abi_core::__private::DpiType > ::Input = i32, _, _ => < i32 as
    ::abi_core::__private::DpiType > ::INPUT_PARAM.0; __abi_param0 =
    ::abi_core::__private::accepted_param(< i32 as ::abi_core::__private::DpiType >
    ::SV_INPUT.0), __abi_arg1 : < bool as ::abi_core::__private::DpiType > ::Input =
    bool, _, _ => < bool as ::abi_core::__private::DpiType > ::INPUT_PARAM.0;
    __abi_param1 = ::abi_core::__private::accepted_param(< bool as
    ::abi_core::__private::DpiType > ::SV_INPUT.0), __abi_arg2 : * mut < u64 as
    ::abi_core::__private::DpiType > ::Cell = u64, _, & mut _ => < u64 as
    ::abi_core::__private::DpiType > ::OUTPUT_PARAM.0; __abi_param2 =
    ::abi_core::__private::accepted_param(< u64 as ::abi_core::__private::DpiType >
    ::SV_OUTPUT.0), __abi_arg3 : * mut < i16 as ::abi_core::__private::DpiType > ::Cell =
    i16, _, & mut _ => < i16 as ::abi_core::__private::DpiType > ::INOUT_PARAM.0;
    __abi_param3 = ::abi_core::__private::accepted_param(< i16 as
    ::abi_core::__private::DpiType > ::SV_INOUT.0)] -> < bool as
    ::abi_core::__private::DpiResult > ::Raw = bool => < bool as
    ::abi_core::__private::DpiResult > ::RESULT.0; ::abi_core::__private::accepted(< bool
    as ::abi_core::__private::DpiResult > ::REFUSAL.0, < bool as
    ::abi_core::__private::DpiResult > ::SV_TYPE); { const _ : () =
    ::abi_core::__private::require_owned_inout:: < i16 > (); } [< 'call >] { if false {
    ::abi_core::__private::LentArgument::lent_check:: < 'call, i32 > (& __abi_arg0);
    ::abi_core::__private::LentArgument::lent_check:: < 'call, bool > (& __abi_arg1); } }
);
