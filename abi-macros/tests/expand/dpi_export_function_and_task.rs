///Doubles in SystemVerilog.
///
///A SystemVerilog export (`export "DPI-C" function`), found in the running simulator.
/// Fails with `DpiError::NoScope` when called with no DPI scope set
/// (outside a `context` import or `Scope::with`).
pub fn sv_double(
    x: f32,
    n: &mut i32,
) -> ::core::result::Result<f32, ::abi_core::__private::DpiError> {
    static __ABI_SYMBOL: ::abi_core::__private::LazySymbol = ::abi_core::__private::LazySymbol::new(
        c"sv_double",
    );
    ::abi_core::__private::require_scope("sv_double")?;
    let __abi_address = __ABI_SYMBOL.get()?;
    let __abi_export: unsafe extern "C" fn(
        <f32 as ::abi_core::__private::DpiType>::Input,
        *mut <i32 as ::abi_core::__private::DpiType>::Cell,
    ) -> <f32 as ::abi_core::__private::DpiResult>::Raw = unsafe {
        ::core::mem::transmute(__abi_address.as_ptr())
    };
    ::abi_core::__private::require_dpi_value::<i32>();
    let mut __abi_raw1: <i32 as ::abi_core::__private::DpiType>::Cell = <i32 as ::abi_core::__private::DpiType>::to_cell(
        *n,
    );
    let __abi_returned = <f32 as ::abi_core::__private::DpiValue>::with_input(
        &x,
        |__abi_raw0| unsafe { __abi_export(__abi_raw0, &mut __abi_raw1) },
    );
    *n = unsafe { <i32 as ::abi_core::__private::DpiType>::from_cell(__abi_raw1) };
    ::core::result::Result::Ok(
        <f32 as ::abi_core::__private::DpiExportResult>::from_raw(__abi_returned),
    )
}
#[doc(hidden)]
#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    static __ABI_DPI: ::abi_core::__private::DpiImportDesc = ::abi_core::__private::DpiImportDesc {
        sv_name: "sv_double",
        context: false,
        pure: false,
        task: false,
        params: &[
            ::abi_core::__private::DpiParamDesc {
                direction: ::abi_core::__private::SvDirection::Input,
                sv_type: <f32 as ::abi_core::__private::DpiType>::SV_TYPE,
            },
            ::abi_core::__private::DpiParamDesc {
                direction: ::abi_core::__private::SvDirection::Inout,
                sv_type: <i32 as ::abi_core::__private::DpiType>::SV_TYPE,
            },
        ],
        result: <f32 as ::abi_core::__private::DpiResult>::SV_TYPE,
    };
    ::abi_core::__private::register!(
        function static __ABI_FUNCTION : ::abi_core::__private::FunctionDesc =
        ::abi_core::__private::FunctionDesc { abi :
        ::abi_core::__private::AbiKind::DpiExport, rust : ::abi_core::__private::RustItem
        { module_path : ::core::module_path!(), name : "sv_double", doc :
        "Doubles in SystemVerilog.", file : ::core::file!(), line : ::core::line!(), },
        symbol : "sv_double", is_unsafe : false, params : &
        [::abi_core::__private::ParamDesc { name : "x", rust_type : "f32", direction :
        ::abi_core::__private::Direction::In, passing :
        ::abi_core::__private::Passing::Value(< f32 as ::abi_core::__private::DpiType >
        ::C_INPUT), record : ::core::option::Option::None },
        ::abi_core::__private::ParamDesc { name : "n", rust_type : "&mut i32", direction
        : ::abi_core::__private::Direction::InOut, passing :
        ::abi_core::__private::Passing::Value(::abi_core::__private::CTypeDesc::Pointer {
        pointee : & < i32 as ::abi_core::__private::DpiType > ::C_CELL, is_const : false
        }), record : ::core::option::Option::None, }], result :
        ::abi_core::__private::ResultDesc::Value { rust_type : "f32", c_type : < f32 as
        ::abi_core::__private::DpiResult > ::C_TYPE, record :
        ::core::option::Option::None }, dpi : ::core::option::Option::Some(& __ABI_DPI),
        named_args : false, ciface : ::core::option::Option::None, };
    );
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
    static __ABI_SYMBOL: ::abi_core::__private::LazySymbol = ::abi_core::__private::LazySymbol::new(
        c"sv_wait",
    );
    ::abi_core::__private::require_scope("sv_wait")?;
    let __abi_address = __ABI_SYMBOL.get()?;
    let __abi_export: unsafe extern "C" fn(
        <i32 as ::abi_core::__private::DpiType>::Input,
        *mut <bool as ::abi_core::__private::DpiType>::Cell,
    ) -> ::abi_core::__private::ExportTaskReturn = unsafe {
        ::core::mem::transmute(__abi_address.as_ptr())
    };
    ::abi_core::__private::require_dpi_value::<bool>();
    let mut __abi_raw1: <bool as ::abi_core::__private::DpiType>::Cell = <bool as ::abi_core::__private::DpiType>::to_cell(
        <bool as ::abi_core::__private::DpiType>::initial(),
    );
    let __abi_returned = <i32 as ::abi_core::__private::DpiValue>::with_input(
        &cycles,
        |__abi_raw0| unsafe { __abi_export(__abi_raw0, &mut __abi_raw1) },
    );
    *done = unsafe { <bool as ::abi_core::__private::DpiType>::from_cell(__abi_raw1) };
    ::abi_core::__private::export_task_outcome("sv_wait", __abi_returned)
}
#[doc(hidden)]
#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    static __ABI_DPI: ::abi_core::__private::DpiImportDesc = ::abi_core::__private::DpiImportDesc {
        sv_name: "sv_wait",
        context: false,
        pure: false,
        task: true,
        params: &[
            ::abi_core::__private::DpiParamDesc {
                direction: ::abi_core::__private::SvDirection::Input,
                sv_type: <i32 as ::abi_core::__private::DpiType>::SV_TYPE,
            },
            ::abi_core::__private::DpiParamDesc {
                direction: ::abi_core::__private::SvDirection::Output,
                sv_type: <bool as ::abi_core::__private::DpiType>::SV_TYPE,
            },
        ],
        result: ::abi_core::__private::SvType::Named("void"),
    };
    ::abi_core::__private::register!(
        function static __ABI_FUNCTION : ::abi_core::__private::FunctionDesc =
        ::abi_core::__private::FunctionDesc { abi :
        ::abi_core::__private::AbiKind::DpiExport, rust : ::abi_core::__private::RustItem
        { module_path : ::core::module_path!(), name : "sv_wait", doc :
        "Waits in SystemVerilog.", file : ::core::file!(), line : ::core::line!(), },
        symbol : "sv_wait", is_unsafe : false, params : &
        [::abi_core::__private::ParamDesc { name : "cycles", rust_type : "i32", direction
        : ::abi_core::__private::Direction::In, passing :
        ::abi_core::__private::Passing::Value(< i32 as ::abi_core::__private::DpiType >
        ::C_INPUT), record : ::core::option::Option::None },
        ::abi_core::__private::ParamDesc { name : "done", rust_type : "&mut bool",
        direction : ::abi_core::__private::Direction::Out, passing :
        ::abi_core::__private::Passing::Value(::abi_core::__private::CTypeDesc::Pointer {
        pointee : & < bool as ::abi_core::__private::DpiType > ::C_CELL, is_const : false
        }), record : ::core::option::Option::None, }], result :
        ::abi_core::__private::ResultDesc::Value { rust_type : "()", c_type :
        ::abi_core::__private::EXPORT_TASK_C_TYPE, record : ::core::option::Option::None
        }, dpi : ::core::option::Option::Some(& __ABI_DPI), named_args : false, ciface :
        ::core::option::Option::None, };
    );
};
