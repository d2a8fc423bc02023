/// Scales a strided vector.
#[cfg_attr(not(debug_assertions), inline)]
pub fn scale(mut m: MemRefMut<'_, f32, 1>, k: f32) -> f32 {
    k
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
        { <f32 as ::abi_core::__private::CifaceResult>::OUT_POINTER },
    >;
    const __ABI_TYPE_0: ::abi_core::__private::MemRefType = ::abi_core::__private::MemRefType {
        text: ::core::option::Option::Some("memref<?xf32, strided<[?], offset: ?>>"),
        shape: ::core::option::Option::Some(&[::abi_core::__private::Dim::Dynamic]),
        layout: ::abi_core::__private::MemRefLayout::Strided {
            strides: &[::abi_core::__private::Dim::Dynamic],
            offset: ::abi_core::__private::Dim::Dynamic,
        },
    };
    const _: () = match ::abi_core::__private::memref::declared_type_mismatch(
        <MemRefMut<'static, f32, 1> as ::abi_core::__private::CifaceParam>::MEMREF,
        "f32",
        ::core::option::Option::Some(1usize),
    ) {
        ::abi_core::__private::memref::NOT_A_MEMREF => {
            ::core::panic!(
                "`#[mlir(\"memref<?xf32, strided<[?], offset: ?>>\")]` declares a memref, but the Rust type is not one: take `MemRef<'_, T, N>`, `MemRefMut<'_, T, N>` or `UnrankedMemRef<'_, T>`"
            )
        }
        ::abi_core::__private::memref::OTHER_ELEMENT => {
            ::core::panic!(
                "`#[mlir(\"memref<?xf32, strided<[?], offset: ?>>\")]` has the element type `f32`, the Rust type another: use the Rust element type of MLIR's `f32`"
            )
        }
        ::abi_core::__private::memref::OTHER_RANK => {
            ::core::panic!(
                "`#[mlir(\"memref<?xf32, strided<[?], offset: ?>>\")]` has rank 1, the Rust type another: write `1` for the rank"
            )
        }
        _ => {}
    };
    ::abi_core::__private::register!(
        function __ABI_FUNCTION = ::abi_core::__private::FunctionEntry { abi :
        ::abi_core::__private::Abi::Ciface(& { #[cfg(not(target_arch = "x86_64"))]
        ::abi_core::__private::memref::checked_complex_placement(& [< MemRefMut <
        'static, f32, 1 > as ::abi_core::__private::CifaceParam > ::FLOAT_REGISTERS, <
        f32 as ::abi_core::__private::CifaceParam > ::FLOAT_REGISTERS]);
        ::abi_core::__private::CifaceDesc { provider :
        ::abi_core::__private::CifaceProvider::Rust, mlir_name : "scale", memref_types :
        & [::core::option::Option::Some(::abi_core::__private::MemRefType { text :
        ::core::option::Option::Some("memref<?xf32, strided<[?], offset: ?>>"), shape :
        ::core::option::Option::Some(& [::abi_core::__private::Dim::Dynamic]), layout :
        ::abi_core::__private::MemRefLayout::Strided { strides : &
        [::abi_core::__private::Dim::Dynamic], offset :
        ::abi_core::__private::Dim::Dynamic } }), ::core::option::Option::None], expanded
        : true, } }), text : ::core::concat!(::core::module_path!(), "\0",
        ::core::file!(), "\0", ::core::line!(),
        "\0scale\0f32\0result\0m\0MemRefMut<'_, f32, 1>\0k\0f32\0Scales a strided vector."),
        symbol : "_mlir_ciface_scale", is_unsafe : false, named_args : false, params : &
        [< MemRefMut < 'static, f32, 1 > as ::abi_core::__private::CifaceParam > ::PARAM
        .0, < f32 as ::abi_core::__private::CifaceParam > ::PARAM.0], result : <
        __AbiResultShape as ::abi_core::__private::memref::ResultShape < f32 > > ::DESC,
        };
    );
    #[unsafe(export_name = "_mlir_ciface_scale")]
    unsafe extern "C" fn __abi_ciface_shim<'call>(
        __abi_out: <__AbiResultShape as ::abi_core::__private::memref::ResultShape<
            f32,
        >>::Out,
        __abi_arg0: <MemRefMut<
            'static,
            f32,
            1,
        > as ::abi_core::__private::CifaceParam>::Raw,
        __abi_arg1: <f32 as ::abi_core::__private::CifaceParam>::Raw,
    ) -> <__AbiResultShape as ::abi_core::__private::memref::ResultShape<f32>>::Ret {
        if false {
            ::abi_core::__private::LentArgument::lent_check::<
                'call,
                MemRefMut<'call, f32, 1>,
            >(&__abi_arg0);
            ::abi_core::__private::LentArgument::lent_check::<'call, f32>(&__abi_arg1);
        }
        #[cfg(debug_assertions)]
        let __abi_shim_value = unsafe {
            ::abi_core::__private::memref::ciface_shim2::<
                MemRefMut<'static, f32, 1>,
                f32,
                f32,
                __AbiResultShape,
                _,
                _,
                _,
                _,
            >(
                &__ABI_FUNCTION,
                scale as fn(MemRefMut<'static, f32, 1>, f32) -> _,
                __abi_out,
                __abi_arg0,
                __abi_arg1,
                &[__ABI_TYPE_0, ::abi_core::__private::MemRefType::DYNAMIC_IDENTITY],
                &[],
            )
        };
        #[cfg(not(debug_assertions))]
        let __abi_shim_value = {
            ({
                <__AbiResultShape as ::abi_core::__private::memref::ResultShape<
                    f32,
                >>::check_out
            })(__abi_out, &__ABI_FUNCTION);
            {
                let __abi_args = (__abi_out, __abi_arg0, __abi_arg1);
                ::abi_core::__private::abort_on_panic(
                    &__ABI_FUNCTION,
                    &__abi_args,
                    |&(__abi_out, __abi_arg0, __abi_arg1)| {
                        let __abi_arg0 = ::abi_core::__private::argument_or_abort(
                            unsafe {
                                ({
                                    <MemRefMut<
                                        'static,
                                        f32,
                                        1,
                                    > as ::abi_core::__private::CifaceParam>::from_ciface
                                })(__abi_arg0, &__ABI_TYPE_0)
                            },
                            &__ABI_FUNCTION,
                            0usize,
                        );
                        let __abi_arg1 = ::abi_core::__private::argument_or_abort(
                            unsafe {
                                ({
                                    <f32 as ::abi_core::__private::CifaceParam>::from_ciface_undeclared
                                })(__abi_arg1)
                            },
                            &__ABI_FUNCTION,
                            1usize,
                        );
                        if <MemRefMut<
                            'static,
                            f32,
                            1,
                        > as ::abi_core::__private::CifaceParam>::BORROWS as usize
                            + <f32 as ::abi_core::__private::CifaceParam>::BORROWS
                                as usize >= 2
                        {
                            ::abi_core::__private::disjoint_or_abort(
                                &__ABI_FUNCTION,
                                &[
                                    ({
                                        <MemRefMut<
                                            'static,
                                            f32,
                                            1,
                                        > as ::abi_core::__private::CifaceParam>::borrow
                                    })(&__abi_arg0),
                                    ({
                                        <f32 as ::abi_core::__private::CifaceParam>::borrow
                                    })(&__abi_arg1),
                                ],
                            );
                        }
                        let __abi_value = scale(__abi_arg0, __abi_arg1);
                        unsafe {
                            ({
                                <__AbiResultShape as ::abi_core::__private::memref::ResultShape<
                                    f32,
                                >>::deliver
                            })(__abi_out, __abi_value, &[], &__ABI_FUNCTION)
                        }
                    },
                )
            }
        };
        __abi_shim_value
    }
    ::abi_core::__private::shim_code!("_mlir_ciface_scale");
    const _: () = ::core::assert!(
        ::abi_core::__private::memref::expanded_param_fits(< MemRefMut < 'static, f32, 1
        > as ::abi_core::__private::CifaceParam > ::MEMREF,
        ::core::option::Option::Some(::core::option::Option::Some(1usize))),
        "`expanded` reads this parameter, by its type's name, as a memref of rank 1, and the type is not one: take abi-core's `MemRef<'_, T, 1>` or `MemRefMut<'_, T, 1>`"
    );
    const _: () = ::core::assert!(
        ::abi_core::__private::memref::expanded_param_fits(< f32 as
        ::abi_core::__private::CifaceParam > ::MEMREF, ::core::option::Option::None),
        "`expanded` passes a memref as its descriptor's fields, counted from the type as written, and this type is a memref under another name: write `MemRef<'_, T, N>`, `MemRefMut<'_, T, N>` or `UnrankedMemRef<'_, T>` here, not an alias"
    );
    const _: () = ::core::assert!(
        ::abi_core::__private::memref::expanded_result_fits(< f32 as
        ::abi_core::__private::CifaceResult > ::OUT_POINTER, < f32 as
        ::abi_core::__private::CifaceResult > ::MEMREF),
        "the expanded convention returns this as an LLVM struct in registers, which C cannot receive (a memref of rank 0, an unranked memref, a complex number, several results); only a memref of rank 1 or more comes back through a hidden pointer as in C (x86-64); drop `expanded` (MLIR's C interface, `_mlir_ciface_`, returns every result through an out-pointer) or write the result into a `MemRefMut` parameter"
    );
    const _: () = ::core::assert!(
        ! < f32 as ::abi_core::__private::CifaceResult > ::OUT_POINTER ||
        ::core::cfg!(target_arch = "x86_64"),
        "`#[ciface(expanded)]` returns a memref descriptor the way C returns a struct only on x86-64; drop `expanded` here"
    );
    #[unsafe(export_name = "scale")]
    unsafe extern "C" fn __abi_expanded_shim(
        __abi_p0_allocated: *mut f32,
        __abi_p0_aligned: *mut f32,
        __abi_p0_offset: i64,
        __abi_p0_size0: i64,
        __abi_p0_stride0: i64,
        __abi_p1_value: <f32 as ::abi_core::__private::CifaceParam>::Raw,
    ) -> <f32 as ::abi_core::__private::CifaceResult>::Slot {
        let __abi_p0_desc = ::abi_core::__private::MemRefDescriptor::<f32, 1usize> {
            allocated: __abi_p0_allocated,
            aligned: __abi_p0_aligned,
            offset: __abi_p0_offset,
            sizes: [__abi_p0_size0],
            strides: [__abi_p0_stride0],
        };
        let __abi_call = |
            __abi_out: <__AbiResultShape as ::abi_core::__private::memref::ResultShape<
                f32,
            >>::Out|
        unsafe { __abi_ciface_shim(__abi_out, &__abi_p0_desc, __abi_p1_value) };
        unsafe {
            ({
                <__AbiResultShape as ::abi_core::__private::memref::ResultShape<
                    f32,
                >>::expanded
            })(__abi_call)
        }
    }
};
