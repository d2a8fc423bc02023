#[cfg_attr(not(debug_assertions), inline)]
pub fn half(x: f32) -> f32 {
    x / 2.0
}
::abi_core::__private::dpi_import_generic!(
    "abi_core_dpi_flavour__half__needs_library_built_for_verilator" "half"
    __abi_dpi_import_half half verilator_import_shim_v 0u32 false "\0"
    "\0half\0f32\0\0x\0f32\0" "half"[] false
    false::abi_core::__private::DpiFlavour::Verilator; {} [__abi_arg0 : < f32 as
    ::abi_core::__private::VerilatorType > ::Input = f32, _, _ => < f32 as
    ::abi_core::__private::VerilatorType > ::INPUT_PARAM.0; __abi_param0 =
    ::abi_core::__private::accepted_verilator_param(< f32 as
    ::abi_core::__private::VerilatorType > ::SV_INPUT.0)] -> < f32 as
    ::abi_core::__private::VerilatorResult > ::Raw = f32 => < f32 as
    ::abi_core::__private::VerilatorResult > ::RESULT.0;
    ::abi_core::__private::accepted(< f32 as ::abi_core::__private::VerilatorResult >
    ::REFUSAL.0, < f32 as ::abi_core::__private::VerilatorResult > ::SV_TYPE); {} [<
    'call >] { if false { ::abi_core::__private::LentArgument::lent_check:: < 'call, f32
    > (& __abi_arg0); } }
);
///
///
///A SystemVerilog export (`export "DPI-C" task`), found in the running simulator.
/// Fails with `DpiError::NoScope` when called with no DPI scope set
/// (outside a `context` import or `Scope::with`).
pub fn sv_wait(
    cycles: f32,
) -> ::core::result::Result<(), ::abi_core::__private::DpiError> {
    static __ABI_SYMBOL: ::abi_core::__private::LazySymbol = ::abi_core::__private::linked_symbol!(
        "sv_wait"
    );
    ::abi_core::__private::require_scope("sv_wait")?;
    let __abi_address = __ABI_SYMBOL.get()?;
    let __abi_export: unsafe extern "C" fn(
        <f32 as ::abi_core::__private::VerilatorType>::Input,
    ) -> ::abi_core::__private::VerilatorExportTaskReturn = unsafe {
        ::core::mem::transmute(__abi_address.as_ptr())
    };
    let __abi_returned = ({
        <f32 as ::abi_core::__private::VerilatorValue>::with_input
    })(&cycles, |__abi_raw0| unsafe { __abi_export(__abi_raw0) });
    ::abi_core::__private::verilator_export_task_outcome("sv_wait", __abi_returned)
}
#[doc(hidden)]
#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    ::abi_core::__private::register!(
        function __ABI_FUNCTION = ::abi_core::__private::FunctionEntry { abi :
        ::abi_core::__private::Abi::DpiExport(& { let __abi_param0 : & 'static
        ::abi_core::__private::DpiParamDecl =
        ::abi_core::__private::accepted_verilator_param(&
        ::abi_core::__private::DpiParamDecl { direction :
        ::abi_core::__private::Direction::In, sv_type : < f32 as
        ::abi_core::__private::VerilatorType > ::SV_TYPE }); let __abi_result :
        ::abi_core::__private::SvType = ::abi_core::__private::SvType::Void;
        ::abi_core::__private::DpiDecl { sv_name : "sv_wait", aliases : & [], context :
        false, pure : false, task : true, params : & [__abi_param0], result :
        __abi_result, flavour : ::abi_core::__private::DpiFlavour::Verilator, } }), text
        : ::core::concat!(::core::module_path!(), "\0", ::core::file!(), "\0",
        ::core::line!(), "\0sv_wait\0()\0\0cycles\0f32\0"), symbol : "sv_wait", is_unsafe
        : false, named_args : false, params : & [< f32 as
        ::abi_core::__private::VerilatorType > ::INPUT_PARAM.0], result :
        ::abi_core::__private::ResultEntry::Value { c_type :
        ::abi_core::__private::VERILATOR_EXPORT_TASK_C_TYPE, record :
        ::core::option::Option::None, }, };
    );
};
