#[cfg_attr(not(debug_assertions), inline)]
pub fn pair(n: i64) -> (OwnedMemRef<f32, 1>, i32) {
    unimplemented!()
}
#[doc(hidden)]
#[allow(
    non_upper_case_globals,
    non_snake_case,
    unused_braces,
    improper_ctypes_definitions,
    clippy::all
)]
const _: () = {
    type __AbiResultShape = ::abi_core::__private::memref::Shape<
        {
            <(
                OwnedMemRef<f32, 1>,
                i32,
            ) as ::abi_core::__private::CifaceResult>::OUT_POINTER
        },
    >;
    ::abi_core::__private::register!(
        function __ABI_FUNCTION = ::abi_core::__private::FunctionEntry { abi :
        ::abi_core::__private::Abi::Ciface(& { #[cfg(not(target_arch = "x86_64"))]
        ::abi_core::__private::memref::checked_complex_placement(& [< i64 as
        ::abi_core::__private::CifaceParam > ::FLOAT_REGISTERS]);
        ::abi_core::__private::CifaceDesc { provider :
        ::abi_core::__private::CifaceProvider::Rust, mlir_name : "pair", memref_types : &
        [::core::option::Option::None], expanded : false, } }), text :
        ::core::concat!(::core::module_path!(), "\0", ::core::file!(), "\0",
        ::core::line!(), "\0pair\0(OwnedMemRef<f32, 1>, i32)\0result\0n\0i64\0"), symbol
        : "_mlir_ciface_pair", is_unsafe : false, named_args : false, params : & [< i64
        as ::abi_core::__private::CifaceParam > ::PARAM.0], result : < __AbiResultShape
        as ::abi_core::__private::memref::ResultShape < (OwnedMemRef < f32, 1 >, i32) > >
        ::DESC, };
    );
    #[unsafe(export_name = "_mlir_ciface_pair")]
    unsafe extern "C" fn __abi_ciface_shim<'call>(
        __abi_out: <__AbiResultShape as ::abi_core::__private::memref::ResultShape<
            (OwnedMemRef<f32, 1>, i32),
        >>::Out,
        __abi_arg0: <i64 as ::abi_core::__private::CifaceParam>::Raw,
    ) -> <__AbiResultShape as ::abi_core::__private::memref::ResultShape<
        (OwnedMemRef<f32, 1>, i32),
    >>::Ret {
        if false {
            ::abi_core::__private::LentArgument::lent_check::<'call, i64>(&__abi_arg0);
        }
        #[cfg(debug_assertions)]
        let __abi_shim_value = unsafe {
            ::abi_core::__private::memref::ciface_shim1::<
                i64,
                (OwnedMemRef<f32, 1>, i32),
                __AbiResultShape,
                _,
                _,
                _,
            >(
                &__ABI_FUNCTION,
                pair as fn(i64) -> _,
                __abi_out,
                __abi_arg0,
                &[::abi_core::__private::MemRefType::DYNAMIC_IDENTITY],
                &[],
            )
        };
        #[cfg(not(debug_assertions))]
        let __abi_shim_value = {
            ({
                <__AbiResultShape as ::abi_core::__private::memref::ResultShape<
                    (OwnedMemRef<f32, 1>, i32),
                >>::check_out
            })(__abi_out, &__ABI_FUNCTION);
            {
                let __abi_args = (__abi_out, __abi_arg0);
                ::abi_core::__private::abort_on_panic(
                    &__ABI_FUNCTION,
                    &__abi_args,
                    |&(__abi_out, __abi_arg0)| {
                        let __abi_arg0 = ::abi_core::__private::argument_or_abort(
                            unsafe {
                                ({
                                    <i64 as ::abi_core::__private::CifaceParam>::from_ciface_undeclared
                                })(__abi_arg0)
                            },
                            &__ABI_FUNCTION,
                            0usize,
                        );
                        let __abi_value = pair(__abi_arg0);
                        unsafe {
                            ({
                                <__AbiResultShape as ::abi_core::__private::memref::ResultShape<
                                    (OwnedMemRef<f32, 1>, i32),
                                >>::deliver
                            })(__abi_out, __abi_value, &[], &__ABI_FUNCTION)
                        }
                    },
                )
            }
        };
        __abi_shim_value
    }
    ::abi_core::__private::shim_code!("_mlir_ciface_pair");
};
