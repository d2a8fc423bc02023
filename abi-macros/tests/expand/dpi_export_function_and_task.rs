///Doubles in SystemVerilog.
///
///A SystemVerilog export (`export "DPI-C" function`), found in the running simulator.
/// Fails with `DpiError::NoScope` when called with no DPI scope set
/// (outside a `context` import or `Scope::with`).
pub fn sv_double(
    x: f32,
    n: &mut i32,
) -> ::core::result::Result<f32, ::abi_core::__private::DpiError> {
    static __ABI_SYMBOL: ::abi_core::__private::LazySymbol = ::abi_core::__private::linked_symbol!(
        "sv_double"
    );
    if const {
        ::abi_core::__private::DpiDecl {
            sv_name: "sv_double",
            aliases: &[],
            context: false,
            pure: false,
            task: false,
            params: &[
                &::abi_core::__private::DpiParamDecl {
                    direction: ::abi_core::__private::Direction::In,
                    sv_type: <f32 as ::abi_core::__private::DpiType>::SV_TYPE,
                },
                <i32 as ::abi_core::__private::DpiType>::SV_INOUT.0,
            ],
            result: <f32 as ::abi_core::__private::DpiResult>::SV_TYPE,
            flavour: ::abi_core::__private::DpiFlavour::Ieee,
        }
            .differs_between_flavours(true)
    } {
        static __ABI_CHECKED: ::abi_core::__private::core::sync::atomic::AtomicBool = ::abi_core::__private::core::sync::atomic::AtomicBool::new(
            false,
        );
        ::abi_core::__private::standard_export_or_abort("sv_double", &__ABI_CHECKED);
    }
    ::abi_core::__private::require_scope("sv_double")?;
    let __abi_address = __ABI_SYMBOL.get()?;
    let __abi_export: unsafe extern "C" fn(
        <f32 as ::abi_core::__private::DpiType>::Input,
        *mut <i32 as ::abi_core::__private::DpiType>::Cell,
    ) -> <f32 as ::abi_core::__private::DpiResult>::Raw = unsafe {
        ::core::mem::transmute(__abi_address.as_ptr())
    };
    let () = <i32 as ::abi_core::__private::RequireExportInout>::CHECKED;
    let __abi_held1 = ({ <i32 as ::abi_core::__private::ExportInout>::hold })(&*n);
    let mut __abi_raw1: <i32 as ::abi_core::__private::DpiType>::Cell = ({
        <i32 as ::abi_core::__private::ExportInout>::cell
    })(&__abi_held1);
    let __abi_returned = ({
        <f32 as ::abi_core::__private::DpiValue>::with_input
    })(&x, |__abi_raw0| unsafe { __abi_export(__abi_raw0, &mut __abi_raw1) });
    *n = match unsafe {
        ({ <i32 as ::abi_core::__private::DpiType>::from_cell })(__abi_raw1)
    } {
        ::core::result::Result::Ok(value) => value,
        ::core::result::Result::Err(error) => {
            return ::core::result::Result::Err(::abi_core::__private::DpiError::InvalidOutput {
                export: "sv_double",
                argument: "n",
                error,
            });
        }
    };
    ::core::result::Result::Ok(unsafe {
        ({ <f32 as ::abi_core::__private::DpiExportResult>::from_raw })(__abi_returned)
    })
}
#[doc(hidden)]
#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    ::abi_core::__private::register!(
        function __ABI_FUNCTION = ::abi_core::__private::FunctionEntry { abi :
        ::abi_core::__private::Abi::DpiExport(& { let __abi_param0 : & 'static
        ::abi_core::__private::DpiParamDecl = ::abi_core::__private::accepted_param(&
        ::abi_core::__private::DpiParamDecl { direction :
        ::abi_core::__private::Direction::In, sv_type : < f32 as
        ::abi_core::__private::DpiType > ::SV_TYPE }); let __abi_param1 : & 'static
        ::abi_core::__private::DpiParamDecl = ::abi_core::__private::accepted_param(< i32
        as ::abi_core::__private::DpiType > ::SV_INOUT.0); let __abi_result :
        ::abi_core::__private::SvType = ::abi_core::__private::accepted(< f32 as
        ::abi_core::__private::DpiResult > ::REFUSAL.0, < f32 as
        ::abi_core::__private::DpiResult > ::SV_TYPE); ::abi_core::__private::DpiDecl {
        sv_name : "sv_double", aliases : & [], context : false, pure : false, task :
        false, params : & [__abi_param0, __abi_param1], result : __abi_result, flavour :
        ::abi_core::__private::DpiFlavour::Ieee, } }), text :
        ::core::concat!(::core::module_path!(), "\0", ::core::file!(), "\0",
        ::core::line!(),
        "\0sv_double\0f32\0\0x\0f32\0n\0&mut i32\0Doubles in SystemVerilog."), symbol :
        "sv_double", is_unsafe : false, named_args : false, params : & [< f32 as
        ::abi_core::__private::DpiType > ::INPUT_PARAM.0, < i32 as
        ::abi_core::__private::DpiType > ::INOUT_PARAM.0], result : < f32 as
        ::abi_core::__private::DpiResult > ::RESULT.0, };
    );
    const _: () = ::abi_core::__private::require_owned_export_output::<i32>();
};
///Waits in SystemVerilog.
///
///A SystemVerilog export (`export "DPI-C" task`), found in the running simulator.
/// Fails with `DpiError::NoScope` when called with no DPI scope set
/// (outside a `context` import or `Scope::with`).
pub fn sv_wait(
    cycles: i32,
    done: &mut bool,
) -> ::core::result::Result<(), ::abi_core::__private::DpiError> {
    static __ABI_SYMBOL: ::abi_core::__private::LazySymbol = ::abi_core::__private::linked_symbol!(
        "sv_wait"
    );
    if const {
        ::abi_core::__private::DpiDecl {
            sv_name: "sv_wait",
            aliases: &[],
            context: false,
            pure: false,
            task: true,
            params: &[
                &::abi_core::__private::DpiParamDecl {
                    direction: ::abi_core::__private::Direction::In,
                    sv_type: <i32 as ::abi_core::__private::DpiType>::SV_TYPE,
                },
                <bool as ::abi_core::__private::DpiType>::SV_OUTPUT.0,
            ],
            result: ::abi_core::__private::SvType::Void,
            flavour: ::abi_core::__private::DpiFlavour::Ieee,
        }
            .differs_between_flavours(true)
    } {
        static __ABI_CHECKED: ::abi_core::__private::core::sync::atomic::AtomicBool = ::abi_core::__private::core::sync::atomic::AtomicBool::new(
            false,
        );
        ::abi_core::__private::standard_export_or_abort("sv_wait", &__ABI_CHECKED);
    }
    ::abi_core::__private::require_scope("sv_wait")?;
    let __abi_address = __ABI_SYMBOL.get()?;
    let __abi_export: unsafe extern "C" fn(
        <i32 as ::abi_core::__private::DpiType>::Input,
        *mut <bool as ::abi_core::__private::DpiType>::Cell,
    ) -> ::abi_core::__private::ExportTaskReturn = unsafe {
        ::core::mem::transmute(__abi_address.as_ptr())
    };
    let () = <bool as ::abi_core::__private::RequireDpiValue>::CHECKED;
    let mut __abi_raw1: <bool as ::abi_core::__private::DpiType>::Cell = ({
        <bool as ::abi_core::__private::DpiType>::to_cell
    })(({ <bool as ::abi_core::__private::DpiType>::initial })());
    let __abi_returned = ({
        <i32 as ::abi_core::__private::DpiValue>::with_input
    })(&cycles, |__abi_raw0| unsafe { __abi_export(__abi_raw0, &mut __abi_raw1) });
    *done = match unsafe {
        ({ <bool as ::abi_core::__private::DpiType>::from_cell })(__abi_raw1)
    } {
        ::core::result::Result::Ok(value) => value,
        ::core::result::Result::Err(error) => {
            return ::core::result::Result::Err(::abi_core::__private::DpiError::InvalidOutput {
                export: "sv_wait",
                argument: "done",
                error,
            });
        }
    };
    ::abi_core::__private::export_task_outcome("sv_wait", __abi_returned)
}
#[doc(hidden)]
#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    ::abi_core::__private::register!(
        function __ABI_FUNCTION = ::abi_core::__private::FunctionEntry { abi :
        ::abi_core::__private::Abi::DpiExport(& { let __abi_param0 : & 'static
        ::abi_core::__private::DpiParamDecl = ::abi_core::__private::accepted_param(&
        ::abi_core::__private::DpiParamDecl { direction :
        ::abi_core::__private::Direction::In, sv_type : < i32 as
        ::abi_core::__private::DpiType > ::SV_TYPE }); let __abi_param1 : & 'static
        ::abi_core::__private::DpiParamDecl = ::abi_core::__private::accepted_param(<
        bool as ::abi_core::__private::DpiType > ::SV_OUTPUT.0); let __abi_result :
        ::abi_core::__private::SvType = ::abi_core::__private::SvType::Void;
        ::abi_core::__private::DpiDecl { sv_name : "sv_wait", aliases : & [], context :
        false, pure : false, task : true, params : & [__abi_param0, __abi_param1], result
        : __abi_result, flavour : ::abi_core::__private::DpiFlavour::Ieee, } }), text :
        ::core::concat!(::core::module_path!(), "\0", ::core::file!(), "\0",
        ::core::line!(),
        "\0sv_wait\0()\0\0cycles\0i32\0done\0&mut bool\0Waits in SystemVerilog."), symbol
        : "sv_wait", is_unsafe : false, named_args : false, params : & [< i32 as
        ::abi_core::__private::DpiType > ::INPUT_PARAM.0, < bool as
        ::abi_core::__private::DpiType > ::OUTPUT_PARAM.0], result :
        ::abi_core::__private::ResultEntry::Value { c_type :
        ::abi_core::__private::EXPORT_TASK_C_TYPE, record : ::core::option::Option::None,
        }, };
    );
    const _: () = ::abi_core::__private::require_owned_export_output::<bool>();
};
