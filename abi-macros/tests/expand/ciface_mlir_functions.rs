///Sum of a vector.
///
#[doc = ::core::concat!(
    "Calls the MLIR function through `", "_mlir_ciface_sum_1d",
    "` after checking every memref against its declared type; returns the refused argument or result as a [`CifaceError`](::abi_core::memref::CifaceError)."
)]
#[allow(clippy::needless_lifetimes, clippy::too_many_arguments, improper_ctypes)]
pub fn sum_1d(
    m: &[f32],
) -> ::core::result::Result<f32, ::abi_core::__private::CifaceError> {
    unsafe extern "C" {
        #[link_name = "_mlir_ciface_sum_1d"]
        fn __abi_mlir(
            __abi_out: <__AbiResultShape as ::abi_core::__private::memref::ResultShape<
                f32,
            >>::Out,
            __abi_arg0: <&'static [f32] as ::abi_core::__private::CifaceArg>::Raw,
        ) -> <__AbiResultShape as ::abi_core::__private::memref::ResultShape<f32>>::Ret;
    }
    type __AbiResultShape = ::abi_core::__private::memref::Shape<
        { <f32 as ::abi_core::__private::CifaceResult>::OUT_POINTER },
    >;
    let mut __abi_storage0 = match ({
        <&[f32] as ::abi_core::__private::CifaceArg>::prepare
    })(m, &::abi_core::__private::MemRefType::DYNAMIC_IDENTITY) {
        ::core::result::Result::Ok(__abi_storage) => __abi_storage,
        ::core::result::Result::Err(error) => {
            return ::core::result::Result::Err(::abi_core::__private::CifaceError {
                function: "sum_1d",
                symbol: "_mlir_ciface_sum_1d",
                argument: ::core::option::Option::Some((0usize, "m")),
                error,
            });
        }
    };
    let __abi_arguments = if <__AbiResultShape as ::abi_core::__private::memref::ResultShape<
        f32,
    >>::READS_ARGUMENTS {
        [
            unsafe {
                ({
                    <&'static [f32] as ::abi_core::__private::CifaceArg>::buffer
                })(&__abi_storage0)
            },
        ]
    } else {
        [::abi_core::__private::memref::ArgumentBuffer::NONE; 1usize]
    };
    let mut __abi_slot = <__AbiResultShape as ::abi_core::__private::memref::ResultShape<
        f32,
    >>::STORAGE;
    let __abi_ret = unsafe {
        __abi_mlir(
            ({
                <__AbiResultShape as ::abi_core::__private::memref::ResultShape<
                    f32,
                >>::out
            })(&mut __abi_slot),
            ({
                <&'static [f32] as ::abi_core::__private::CifaceArg>::raw
            })(&mut __abi_storage0),
        )
    };
    unsafe {
        ({
            <__AbiResultShape as ::abi_core::__private::memref::ResultShape<
                f32,
            >>::receive
        })(__abi_ret, __abi_slot, &__abi_arguments, &[])
    }
        .map_err(|error| ::abi_core::__private::CifaceError {
            function: "sum_1d",
            symbol: "_mlir_ciface_sum_1d",
            argument: ::core::option::Option::None,
            error,
        })
}
#[doc(hidden)]
#[allow(non_upper_case_globals, non_snake_case, unused_braces, clippy::all)]
const _: () = {
    type __AbiResultShape = ::abi_core::__private::memref::Shape<
        { <f32 as ::abi_core::__private::CifaceResult>::OUT_POINTER },
    >;
    ::abi_core::__private::register!(
        function __ABI_FUNCTION = ::abi_core::__private::FunctionEntry { abi :
        ::abi_core::__private::Abi::Ciface(& { #[cfg(not(target_arch = "x86_64"))]
        ::abi_core::__private::memref::checked_complex_placement(& [< & 'static [f32] as
        ::abi_core::__private::CifaceArg > ::FLOAT_REGISTERS]);
        ::abi_core::__private::CifaceDesc { provider :
        ::abi_core::__private::CifaceProvider::Mlir, mlir_name : "sum_1d", memref_types :
        & [::core::option::Option::None], expanded : false, } }), text :
        ::core::concat!(::core::module_path!(), "\0", ::core::file!(), "\0",
        ::core::line!(), "\0sum_1d\0f32\0result\0m\0&[f32]\0Sum of a vector."), symbol :
        "_mlir_ciface_sum_1d", is_unsafe : false, named_args : false, params : & [< &
        'static [f32] as ::abi_core::__private::CifaceArg > ::PARAM.0], result : <
        __AbiResultShape as ::abi_core::__private::memref::ResultShape < f32 > > ::DESC,
        };
    );
    #[allow(dead_code)]
    fn __abi_lent_for_the_call<'call>() {
        #[allow(unused_imports)]
        use ::abi_core::__private::{LentPick as _, LentPickNone as _};
        (&::abi_core::__private::LentProbe::<f32>::NEW)
            .pick()
            .lent_for_the_call::<'call, f32>();
    }
};
#[doc = ::core::concat!(
    "Calls the MLIR function through `", "_mlir_ciface_tail",
    "` after checking every memref against its declared type; returns the refused argument or result as a [`CifaceError`](::abi_core::memref::CifaceError)."
)]
#[allow(clippy::needless_lifetimes, clippy::too_many_arguments, improper_ctypes)]
pub fn tail<'a>(
    m: MemRef<'a, f32, 1>,
) -> ::core::result::Result<
    ReturnedMemRef<'a, f32, 1>,
    ::abi_core::__private::CifaceError,
> {
    unsafe extern "C" {
        #[link_name = "_mlir_ciface_tail"]
        fn __abi_mlir(
            __abi_out: <__AbiResultShape as ::abi_core::__private::memref::ResultShape<
                ReturnedMemRef<'static, f32, 1>,
            >>::Out,
            __abi_arg0: <MemRef<
                'static,
                f32,
                1,
            > as ::abi_core::__private::CifaceArg>::Raw,
        ) -> <__AbiResultShape as ::abi_core::__private::memref::ResultShape<
            ReturnedMemRef<'static, f32, 1>,
        >>::Ret;
    }
    {
        fn __abi_outlives<'r, T: ?::core::marker::Sized + 'r>(_: *const T) {}
        __abi_outlives::<'a, _>(&raw const m);
    }
    type __AbiResultShape = ::abi_core::__private::memref::Shape<
        {
            <ReturnedMemRef<
                'static,
                f32,
                1,
            > as ::abi_core::__private::CifaceResult>::OUT_POINTER
        },
    >;
    const __ABI_TYPE_0: ::abi_core::__private::MemRefType = ::abi_core::__private::MemRefType {
        text: ::core::option::Option::Some("memref<?xf32>"),
        shape: ::core::option::Option::Some(&[::abi_core::__private::Dim::Dynamic]),
        layout: ::abi_core::__private::MemRefLayout::Identity,
    };
    const _: () = match ::abi_core::__private::memref::declared_type_mismatch(
        <MemRef<'static, f32, 1> as ::abi_core::__private::CifaceArg>::MEMREF,
        "f32",
        ::core::option::Option::Some(1usize),
    ) {
        ::abi_core::__private::memref::NOT_A_MEMREF => {
            ::core::panic!(
                "`#[mlir(\"memref<?xf32>\")]` declares a memref, but the Rust type is not one: take `MemRef<'_, T, N>`, `MemRefMut<'_, T, N>` or `UnrankedMemRef<'_, T>`"
            )
        }
        ::abi_core::__private::memref::OTHER_ELEMENT => {
            ::core::panic!(
                "`#[mlir(\"memref<?xf32>\")]` has the element type `f32`, the Rust type another: use the Rust element type of MLIR's `f32`"
            )
        }
        ::abi_core::__private::memref::OTHER_RANK => {
            ::core::panic!(
                "`#[mlir(\"memref<?xf32>\")]` has rank 1, the Rust type another: write `1` for the rank"
            )
        }
        _ => {}
    };
    let mut __abi_storage0 = match ({
        <MemRef<'a, f32, 1> as ::abi_core::__private::CifaceArg>::prepare
    })(m, &__ABI_TYPE_0) {
        ::core::result::Result::Ok(__abi_storage) => __abi_storage,
        ::core::result::Result::Err(error) => {
            return ::core::result::Result::Err(::abi_core::__private::CifaceError {
                function: "tail",
                symbol: "_mlir_ciface_tail",
                argument: ::core::option::Option::Some((0usize, "m")),
                error,
            });
        }
    };
    let __abi_arguments = if <__AbiResultShape as ::abi_core::__private::memref::ResultShape<
        ReturnedMemRef<'static, f32, 1>,
    >>::READS_ARGUMENTS {
        [
            unsafe {
                ({
                    <MemRef<'static, f32, 1> as ::abi_core::__private::CifaceArg>::buffer
                })(&__abi_storage0)
            },
        ]
    } else {
        [::abi_core::__private::memref::ArgumentBuffer::NONE; 1usize]
    };
    let mut __abi_slot = <__AbiResultShape as ::abi_core::__private::memref::ResultShape<
        ReturnedMemRef<'static, f32, 1>,
    >>::STORAGE;
    let __abi_ret = unsafe {
        __abi_mlir(
            ({
                <__AbiResultShape as ::abi_core::__private::memref::ResultShape<
                    ReturnedMemRef<'static, f32, 1>,
                >>::out
            })(&mut __abi_slot),
            ({
                <MemRef<'static, f32, 1> as ::abi_core::__private::CifaceArg>::raw
            })(&mut __abi_storage0),
        )
    };
    unsafe {
        ({
            <__AbiResultShape as ::abi_core::__private::memref::ResultShape<
                ReturnedMemRef<'a, f32, 1>,
            >>::receive
        })(__abi_ret, __abi_slot, &__abi_arguments, &[])
    }
        .map_err(|error| ::abi_core::__private::CifaceError {
            function: "tail",
            symbol: "_mlir_ciface_tail",
            argument: ::core::option::Option::None,
            error,
        })
}
#[doc(hidden)]
#[allow(non_upper_case_globals, non_snake_case, unused_braces, clippy::all)]
const _: () = {
    type __AbiResultShape = ::abi_core::__private::memref::Shape<
        {
            <ReturnedMemRef<
                'static,
                f32,
                1,
            > as ::abi_core::__private::CifaceResult>::OUT_POINTER
        },
    >;
    const __ABI_TYPE_0: ::abi_core::__private::MemRefType = ::abi_core::__private::MemRefType {
        text: ::core::option::Option::Some("memref<?xf32>"),
        shape: ::core::option::Option::Some(&[::abi_core::__private::Dim::Dynamic]),
        layout: ::abi_core::__private::MemRefLayout::Identity,
    };
    const _: () = match ::abi_core::__private::memref::declared_type_mismatch(
        <MemRef<'static, f32, 1> as ::abi_core::__private::CifaceArg>::MEMREF,
        "f32",
        ::core::option::Option::Some(1usize),
    ) {
        ::abi_core::__private::memref::NOT_A_MEMREF => {
            ::core::panic!(
                "`#[mlir(\"memref<?xf32>\")]` declares a memref, but the Rust type is not one: take `MemRef<'_, T, N>`, `MemRefMut<'_, T, N>` or `UnrankedMemRef<'_, T>`"
            )
        }
        ::abi_core::__private::memref::OTHER_ELEMENT => {
            ::core::panic!(
                "`#[mlir(\"memref<?xf32>\")]` has the element type `f32`, the Rust type another: use the Rust element type of MLIR's `f32`"
            )
        }
        ::abi_core::__private::memref::OTHER_RANK => {
            ::core::panic!(
                "`#[mlir(\"memref<?xf32>\")]` has rank 1, the Rust type another: write `1` for the rank"
            )
        }
        _ => {}
    };
    ::abi_core::__private::register!(
        function __ABI_FUNCTION = ::abi_core::__private::FunctionEntry { abi :
        ::abi_core::__private::Abi::Ciface(& { #[cfg(not(target_arch = "x86_64"))]
        ::abi_core::__private::memref::checked_complex_placement(& [< MemRef < 'static,
        f32, 1 > as ::abi_core::__private::CifaceArg > ::FLOAT_REGISTERS]);
        ::abi_core::__private::CifaceDesc { provider :
        ::abi_core::__private::CifaceProvider::Mlir, mlir_name : "tail", memref_types : &
        [::core::option::Option::Some(::abi_core::__private::MemRefType { text :
        ::core::option::Option::Some("memref<?xf32>"), shape :
        ::core::option::Option::Some(& [::abi_core::__private::Dim::Dynamic]), layout :
        ::abi_core::__private::MemRefLayout::Identity })], expanded : false, } }), text :
        ::core::concat!(::core::module_path!(), "\0", ::core::file!(), "\0",
        ::core::line!(),
        "\0tail\0ReturnedMemRef<'a, f32, 1>\0result\0m\0MemRef<'a, f32, 1>\0"), symbol :
        "_mlir_ciface_tail", is_unsafe : false, named_args : false, params : & [< MemRef
        < 'static, f32, 1 > as ::abi_core::__private::CifaceArg > ::PARAM.0], result : <
        __AbiResultShape as ::abi_core::__private::memref::ResultShape < ReturnedMemRef <
        'static, f32, 1 > > > ::DESC, };
    );
    #[allow(dead_code)]
    fn __abi_lent_for_the_call<'call>() {
        #[allow(unused_imports)]
        use ::abi_core::__private::{LentPick as _, LentPickNone as _};
        (&::abi_core::__private::LentProbe::<ReturnedMemRef<'call, f32, 1>>::NEW)
            .pick()
            .lent_for_the_call::<'call, ReturnedMemRef<'call, f32, 1>>();
    }
};
