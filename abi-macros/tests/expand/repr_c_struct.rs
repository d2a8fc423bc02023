/// A point.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Point {
    pub x: f64,
    pub y: f64,
    r#type: [u8; 4],
}
#[doc(hidden)]
#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    ::abi_core::__private::register!(
        struct __ABI_STRUCT = ::abi_core::__private::StructDesc { rust :
        ::abi_core::__private::RustItem { module_path : ::core::module_path!(), name :
        "Point", doc : "A point.", file : ::core::file!(), line : ::core::line!(), },
        fields : & [::abi_core::__private::FieldDesc { name : "x", rust_type : "f64",
        c_type : < f64 as ::abi_core::__private::CType > ::C_TYPE, offset :
        ::core::mem::offset_of!(Point, x), }, ::abi_core::__private::FieldDesc { name :
        "y", rust_type : "f64", c_type : < f64 as ::abi_core::__private::CType >
        ::C_TYPE, offset : ::core::mem::offset_of!(Point, y), },
        ::abi_core::__private::FieldDesc { name : "type", rust_type : "[u8; 4]", c_type :
        < [u8; 4] as ::abi_core::__private::CType > ::C_TYPE, offset :
        ::core::mem::offset_of!(Point, r#type), }], size : ::core::mem::size_of:: < Point
        > (), align : ::core::mem::align_of:: < Point > (), };
    );
    unsafe impl ::abi_core::__private::CType for Point {
        const C_TYPE: ::abi_core::__private::CTypeDesc = ::abi_core::__private::CTypeDesc::Struct {
            name: "Point",
        };
    }
    unsafe impl<'call> ::abi_core::__private::BorrowedFor<'call> for Point {}
    unsafe impl ::abi_core::__private::CParam for Point {
        type Raw = Point;
        const C_TYPE: ::abi_core::__private::CTypeDesc = <Point as ::abi_core::__private::CType>::C_TYPE;
        #[inline(always)]
        unsafe fn from_c(
            raw: Point,
        ) -> ::core::result::Result<Self, ::abi_core::__private::ArgError> {
            ::core::result::Result::Ok(raw)
        }
    }
    unsafe impl ::abi_core::__private::CResult for Point {
        type Raw = Point;
        const C_TYPE: ::abi_core::__private::CTypeDesc = <Point as ::abi_core::__private::CType>::C_TYPE;
        #[inline(always)]
        fn into_c(self) -> Point {
            self
        }
    }
};
