///A read-only view of a packed [`Float32`] inside a byte buffer, at any bit offset, with one getter per field. Derefs to [`PackedRef`](::abi_core::packed::PackedRef).
#[derive(Clone, Copy, Debug)]
pub struct Float32Ref<'a>(::abi_core::packed::PackedRef<'a, Float32>);
///A mutable view of a packed [`Float32`] inside a byte buffer, at any bit offset, with one getter and one setter per field. Derefs to [`PackedMut`](::abi_core::packed::PackedMut).
#[derive(Debug)]
pub struct Float32Mut<'a>(::abi_core::packed::PackedMut<'a, Float32>);
#[doc(hidden)]
#[allow(clippy::identity_op)]
const _: () = {
    /// The least significant bit of each field, in declaration order.
    const FIELD_OFFSETS: [u32; 3usize] = [
        0 + <UBitInt<8> as ::abi_core::packed::Packed>::WIDTH
            + <UBitInt<23> as ::abi_core::packed::Packed>::WIDTH,
        0 + <UBitInt<23> as ::abi_core::packed::Packed>::WIDTH,
        0,
    ];
    #[automatically_derived]
    impl ::abi_core::packed::Packed for Float32 {
        const WIDTH: u32 = 0 + <bool as ::abi_core::packed::Packed>::WIDTH
            + <UBitInt<8> as ::abi_core::packed::Packed>::WIDTH
            + <UBitInt<23> as ::abi_core::packed::Packed>::WIDTH;
        const SV_TYPE: ::abi_core::__private::SvType = ::abi_core::__private::SvType::PackedStruct(
            <Self as ::abi_core::packed::PackedStruct>::DESC,
        );
        #[inline(always)]
        fn pack_into<AbiSink: ::abi_core::packed::BitSink + ?::core::marker::Sized>(
            &self,
            dst: &mut AbiSink,
            offset: usize,
        ) {
            ({
                <bool as ::abi_core::packed::Packed>::pack_into
            })(&self.sign, dst, offset + FIELD_OFFSETS[0usize] as usize);
            ({
                <UBitInt<8> as ::abi_core::packed::Packed>::pack_into
            })(&self.exponent, dst, offset + FIELD_OFFSETS[1usize] as usize);
            ({
                <UBitInt<23> as ::abi_core::packed::Packed>::pack_into
            })(&self.fraction, dst, offset + FIELD_OFFSETS[2usize] as usize);
        }
        #[inline(always)]
        fn unpack_from<
            AbiSource: ::abi_core::packed::BitSource + ?::core::marker::Sized,
        >(src: &AbiSource, offset: usize) -> Self {
            Self {
                sign: ({
                    <bool as ::abi_core::packed::Packed>::unpack_from
                })(src, offset + FIELD_OFFSETS[0usize] as usize),
                exponent: ({
                    <UBitInt<8> as ::abi_core::packed::Packed>::unpack_from
                })(src, offset + FIELD_OFFSETS[1usize] as usize),
                fraction: ({
                    <UBitInt<23> as ::abi_core::packed::Packed>::unpack_from
                })(src, offset + FIELD_OFFSETS[2usize] as usize),
            }
        }
        const FOUR_STATE: bool = false
            || <bool as ::abi_core::packed::Packed>::FOUR_STATE
            || <UBitInt<8> as ::abi_core::packed::Packed>::FOUR_STATE
            || <UBitInt<23> as ::abi_core::packed::Packed>::FOUR_STATE;
        #[inline(always)]
        fn pack_control_into<
            AbiSink: ::abi_core::packed::BitSink + ?::core::marker::Sized,
        >(&self, dst: &mut AbiSink, offset: usize) {
            ({
                <bool as ::abi_core::packed::Packed>::pack_control_into
            })(&self.sign, dst, offset + FIELD_OFFSETS[0usize] as usize);
            ({
                <UBitInt<8> as ::abi_core::packed::Packed>::pack_control_into
            })(&self.exponent, dst, offset + FIELD_OFFSETS[1usize] as usize);
            ({
                <UBitInt<23> as ::abi_core::packed::Packed>::pack_control_into
            })(&self.fraction, dst, offset + FIELD_OFFSETS[2usize] as usize);
        }
        #[inline(always)]
        fn unpack_logic_from<
            AbiSource: ::abi_core::packed::BitSource + ?::core::marker::Sized,
        >(value: &AbiSource, control: &AbiSource, offset: usize) -> Self {
            Self {
                sign: ({
                    <bool as ::abi_core::packed::Packed>::unpack_logic_from
                })(value, control, offset + FIELD_OFFSETS[0usize] as usize),
                exponent: ({
                    <UBitInt<8> as ::abi_core::packed::Packed>::unpack_logic_from
                })(value, control, offset + FIELD_OFFSETS[1usize] as usize),
                fraction: ({
                    <UBitInt<23> as ::abi_core::packed::Packed>::unpack_logic_from
                })(value, control, offset + FIELD_OFFSETS[2usize] as usize),
            }
        }
    }
    #[automatically_derived]
    impl ::abi_core::packed::PackedStruct for Float32 {
        type Words = [u64; {
            (<Float32 as ::abi_core::packed::Packed>::WIDTH as usize).div_ceil(64)
        }];
        type Bytes = [u8; {
            (<Float32 as ::abi_core::packed::Packed>::WIDTH as usize).div_ceil(8)
        }];
        type Chunks = [u32; {
            (<Float32 as ::abi_core::packed::Packed>::WIDTH as usize).div_ceil(32)
        }];
        const DESC: &'static ::abi_core::__private::PackedStructDesc = &::abi_core::__private::PackedStructDesc {
            rust_name: "Float32",
            sv_name: "float32_t",
            width: <Float32 as ::abi_core::packed::Packed>::WIDTH,
            four_state: <Float32 as ::abi_core::packed::Packed>::FOUR_STATE,
            union: false,
            fields: &[
                ::abi_core::__private::PackedFieldDesc {
                    name: "sign",
                    sv_type: <bool as ::abi_core::packed::Packed>::SV_TYPE,
                    offset: FIELD_OFFSETS[0usize],
                    width: <bool as ::abi_core::packed::Packed>::WIDTH,
                },
                ::abi_core::__private::PackedFieldDesc {
                    name: "exponent",
                    sv_type: <UBitInt<8> as ::abi_core::packed::Packed>::SV_TYPE,
                    offset: FIELD_OFFSETS[1usize],
                    width: <UBitInt<8> as ::abi_core::packed::Packed>::WIDTH,
                },
                ::abi_core::__private::PackedFieldDesc {
                    name: "fraction",
                    sv_type: <UBitInt<23> as ::abi_core::packed::Packed>::SV_TYPE,
                    offset: FIELD_OFFSETS[2usize],
                    width: <UBitInt<23> as ::abi_core::packed::Packed>::WIDTH,
                },
            ],
        };
    }
    impl<'a> Float32Ref<'a> {
        /// A view of the value stored in `bytes` from bit
        /// `bit_offset` on; an error when it does not fit.
        pub fn new(
            bytes: &'a [u8],
            bit_offset: usize,
        ) -> ::core::result::Result<Self, ::abi_core::packed::PackedError> {
            ::abi_core::packed::PackedRef::new(bytes, bit_offset).map(Self)
        }
        ///The `sign` field, read in place.
        #[inline]
        pub fn sign(&self) -> bool {
            let view = self.0;
            ({
                <bool as ::abi_core::packed::Packed>::unpack_from
            })(
                ::abi_core::packed::PackedRef::bytes(&view),
                ::abi_core::packed::PackedRef::bit_offset(&view)
                    + FIELD_OFFSETS[0usize] as usize,
            )
        }
        ///The `exponent` field, read in place.
        #[inline]
        pub fn exponent(&self) -> UBitInt<8> {
            let view = self.0;
            ({
                <UBitInt<8> as ::abi_core::packed::Packed>::unpack_from
            })(
                ::abi_core::packed::PackedRef::bytes(&view),
                ::abi_core::packed::PackedRef::bit_offset(&view)
                    + FIELD_OFFSETS[1usize] as usize,
            )
        }
        ///The `fraction` field, read in place.
        #[inline]
        pub fn fraction(&self) -> UBitInt<23> {
            let view = self.0;
            ({
                <UBitInt<23> as ::abi_core::packed::Packed>::unpack_from
            })(
                ::abi_core::packed::PackedRef::bytes(&view),
                ::abi_core::packed::PackedRef::bit_offset(&view)
                    + FIELD_OFFSETS[2usize] as usize,
            )
        }
    }
    impl<'a> ::core::ops::Deref for Float32Ref<'a> {
        type Target = ::abi_core::packed::PackedRef<'a, Float32>;
        fn deref(&self) -> &Self::Target {
            &self.0
        }
    }
    impl<'a> Float32Mut<'a> {
        /// A view of the value stored in `bytes` from bit
        /// `bit_offset` on; an error when it does not fit.
        pub fn new(
            bytes: &'a mut [u8],
            bit_offset: usize,
        ) -> ::core::result::Result<Self, ::abi_core::packed::PackedError> {
            ::abi_core::packed::PackedMut::new(bytes, bit_offset).map(Self)
        }
        ///The `sign` field, read in place.
        #[inline]
        pub fn sign(&self) -> bool {
            let view = self.0.as_ref();
            ({
                <bool as ::abi_core::packed::Packed>::unpack_from
            })(
                ::abi_core::packed::PackedRef::bytes(&view),
                ::abi_core::packed::PackedRef::bit_offset(&view)
                    + FIELD_OFFSETS[0usize] as usize,
            )
        }
        ///Write the `sign` field in place; no other bit changes.
        #[inline]
        pub fn set_sign(&mut self, value: bool) {
            let __abi_offset = ::abi_core::packed::PackedMut::bit_offset(&self.0)
                + FIELD_OFFSETS[0usize] as usize;
            ({
                <bool as ::abi_core::packed::Packed>::pack_into
            })(
                &value,
                ::abi_core::packed::PackedMut::bytes_mut(&mut self.0),
                __abi_offset,
            )
        }
        ///The `exponent` field, read in place.
        #[inline]
        pub fn exponent(&self) -> UBitInt<8> {
            let view = self.0.as_ref();
            ({
                <UBitInt<8> as ::abi_core::packed::Packed>::unpack_from
            })(
                ::abi_core::packed::PackedRef::bytes(&view),
                ::abi_core::packed::PackedRef::bit_offset(&view)
                    + FIELD_OFFSETS[1usize] as usize,
            )
        }
        ///Write the `exponent` field in place; no other bit changes.
        #[inline]
        pub fn set_exponent(&mut self, value: UBitInt<8>) {
            let __abi_offset = ::abi_core::packed::PackedMut::bit_offset(&self.0)
                + FIELD_OFFSETS[1usize] as usize;
            ({
                <UBitInt<8> as ::abi_core::packed::Packed>::pack_into
            })(
                &value,
                ::abi_core::packed::PackedMut::bytes_mut(&mut self.0),
                __abi_offset,
            )
        }
        ///The `fraction` field, read in place.
        #[inline]
        pub fn fraction(&self) -> UBitInt<23> {
            let view = self.0.as_ref();
            ({
                <UBitInt<23> as ::abi_core::packed::Packed>::unpack_from
            })(
                ::abi_core::packed::PackedRef::bytes(&view),
                ::abi_core::packed::PackedRef::bit_offset(&view)
                    + FIELD_OFFSETS[2usize] as usize,
            )
        }
        ///Write the `fraction` field in place; no other bit changes.
        #[inline]
        pub fn set_fraction(&mut self, value: UBitInt<23>) {
            let __abi_offset = ::abi_core::packed::PackedMut::bit_offset(&self.0)
                + FIELD_OFFSETS[2usize] as usize;
            ({
                <UBitInt<23> as ::abi_core::packed::Packed>::pack_into
            })(
                &value,
                ::abi_core::packed::PackedMut::bytes_mut(&mut self.0),
                __abi_offset,
            )
        }
    }
    impl<'a> ::core::ops::Deref for Float32Mut<'a> {
        type Target = ::abi_core::packed::PackedMut<'a, Float32>;
        fn deref(&self) -> &Self::Target {
            &self.0
        }
    }
    impl<'a> ::core::ops::DerefMut for Float32Mut<'a> {
        fn deref_mut(&mut self) -> &mut Self::Target {
            &mut self.0
        }
    }
    ::abi_core::__packed_struct_boundary!(
        Float32, [< bool as ::abi_core::packed::Packed > ::WIDTH, < UBitInt < 8 > as
        ::abi_core::packed::Packed > ::WIDTH, < UBitInt < 23 > as
        ::abi_core::packed::Packed > ::WIDTH]
    );
};
