pub fn centroid<'a>(
    points: &'a [Point],
    weights: Option<&f64>,
    label: &str,
) -> &'a Point {
    &points[0]
}
#[doc(hidden)]
#[allow(non_upper_case_globals, non_snake_case, unused_braces, clippy::all)]
const _: () = {
    ::abi_core::__private::register!(
        function static __ABI_FUNCTION : ::abi_core::__private::FunctionDesc =
        ::abi_core::__private::FunctionDesc { abi : ::abi_core::__private::AbiKind::C,
        rust : ::abi_core::__private::RustItem { module_path : ::core::module_path!(),
        name : "centroid", doc : "", file : ::core::file!(), line : ::core::line!(), },
        symbol : ::abi_core::__private::checked_c_symbol("geo_centroid"), is_unsafe :
        false, params : & [::abi_core::__private::ParamDesc { name : "points", rust_type
        : "&'a[Point]", direction : < & 'static [Point] as
        ::abi_core::__private::CSliceParam > ::DIRECTION, passing :
        ::abi_core::__private::Passing::Slice(< & 'static [Point] as
        ::abi_core::__private::CSliceParam > ::C_TYPE), record :
        ::core::option::Option::Some(< & 'static [Point] as
        ::abi_core::__private::CSliceParam > ::record), },
        ::abi_core::__private::ParamDesc { name : "weights", rust_type : "Option<&f64>",
        direction : < Option < & 'static f64 > as ::abi_core::__private::CParam >
        ::DIRECTION, passing : ::abi_core::__private::Passing::Value(< Option < & 'static
        f64 > as ::abi_core::__private::CParam > ::C_TYPE), record :
        ::core::option::Option::Some(< Option < & 'static f64 > as
        ::abi_core::__private::CParam > ::record), }, ::abi_core::__private::ParamDesc {
        name : "label", rust_type : "&str", direction : < & 'static str as
        ::abi_core::__private::CSliceParam > ::DIRECTION, passing :
        ::abi_core::__private::Passing::Slice(< & 'static str as
        ::abi_core::__private::CSliceParam > ::C_TYPE), record :
        ::core::option::Option::Some(< & 'static str as
        ::abi_core::__private::CSliceParam > ::record), }], result :
        ::abi_core::__private::ResultDesc::Value { rust_type : "&'a Point", c_type : < &
        'static Point as ::abi_core::__private::CResult > ::C_TYPE, record :
        ::core::option::Option::Some(< & 'static Point as ::abi_core::__private::CResult
        > ::record), }, dpi : ::core::option::Option::None, named_args : false, ciface :
        ::core::option::Option::None, };
    );
    #[unsafe(export_name = "geo_centroid")]
    unsafe extern "C" fn __abi_c_export_centroid(
        __abi_arg0: <&'static [Point] as ::abi_core::__private::CSliceParam>::Ptr,
        __abi_arg0_len: usize,
        __abi_arg1: <Option<&'static f64> as ::abi_core::__private::CParam>::Raw,
        __abi_arg2: <&'static str as ::abi_core::__private::CSliceParam>::Ptr,
        __abi_arg2_len: usize,
    ) -> <&'static Point as ::abi_core::__private::CResult>::Raw {
        let __abi_guard = ::abi_core::__private::AbortOnUnwind(&__ABI_FUNCTION);
        let __abi_arg0 = ::abi_core::__private::argument_or_abort(
            unsafe {
                <&'static [Point] as ::abi_core::__private::CSliceParam>::from_c(
                    __abi_arg0,
                    __abi_arg0_len,
                )
            },
            &__ABI_FUNCTION,
            0usize,
        );
        let __abi_arg1 = ::abi_core::__private::argument_or_abort(
            unsafe {
                <Option<
                    &'static f64,
                > as ::abi_core::__private::CParam>::from_c(__abi_arg1)
            },
            &__ABI_FUNCTION,
            1usize,
        );
        let __abi_arg2 = ::abi_core::__private::argument_or_abort(
            unsafe {
                <&'static str as ::abi_core::__private::CSliceParam>::from_c(
                    __abi_arg2,
                    __abi_arg2_len,
                )
            },
            &__ABI_FUNCTION,
            2usize,
        );
        let __abi_value = centroid(__abi_arg0, __abi_arg1, __abi_arg2);
        __abi_guard.disarm();
        <&'static Point as ::abi_core::__private::CResult>::into_c(__abi_value)
    }
};
