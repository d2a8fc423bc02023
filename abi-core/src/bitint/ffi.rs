//! How `BitInt`/`UBitInt` cross the C ABI (`CType`, `CParam`, `CResult`).
//! Expanded by `bit_int_type!` for each type.

macro_rules! bit_int_ffi {
    ($name:ident, $signed:literal, $sign:ident, $c_prefix:literal) => {
        // SAFETY: a value, holding no borrow.
        unsafe impl<const N: u32, S: Copy + 'static> crate::BorrowedFor<'_> for $name<N, S> {}
        // SAFETY: `#[repr(transparent)]` over storage whose size and
        // alignment equal clang's `_BitInt(N)` (checked in `Layout::CHECKED`, which
        // `C_TYPE` evaluates); every bit pattern is a valid value, the
        // padding bits being re-normalised on every read.
        unsafe impl<const N: u32, S: BitStorage> crate::c::CType for $name<N, S> {
            const C_TYPE: crate::model::c::CTypeDesc = {
                let () = Layout::<S, N, $signed>::CHECKED;
                crate::model::c::CTypeDesc::BitInt {
                    bits: N,
                    signed: $signed,
                    size: size_of::<S>(),
                    align: align_of::<S>(),
                }
            };
        }

        // SAFETY: passed as `CPassing::Arg` of the storage and signedness:
        // by value (widened in the register by C's signedness), or a
        // pointer where clang passes `_BitInt(N)` by reference; the
        // conformance tests call both ways on x86-64, i386, aarch64,
        // riscv64 and armv7. The padding bits C leaves unspecified are
        // re-normalised, a NULL pointer is an error, and the bytes behind a
        // pointer are reported to the overlap check.
        unsafe impl<const N: u32, S: BitStorage> crate::c::CParam for $name<N, S> {
            type Raw = <S as CPassing<$sign>>::Arg;
            const C_TYPE: crate::model::c::CTypeDesc = <Self as crate::c::CType>::C_TYPE;
            // A pointer argument (i386 above 64 bits) takes part in the
            // overlap check; a value passed in registers does not.
            const BORROWS: bool = <S as CPassing<$sign>>::ARG_BORROWS.0;
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            unsafe fn checked_borrow(
                raw: Self::Raw,
            ) -> Result<Option<crate::Borrow>, crate::ArgError> {
                // By value: nothing; by reference (i386 above 64 bits): the
                // bytes `from_c` copies, which take part in the overlap
                // check like any other argument read through a pointer.
                <S as CPassing<$sign>>::arg_borrow(raw)
            }
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            unsafe fn from_c(raw: Self::Raw) -> Result<Self, crate::ArgError> {
                // SAFETY: the shim's caller passes what C passes: the
                // storage, or a pointer to a readable copy of it.
                match unsafe { <S as CPassing<$sign>>::from_arg(raw) } {
                    Some(storage) => Ok(Self::from_storage(storage)),
                    None => Err(crate::ArgError::Null),
                }
            }
        }

        // SAFETY: returned as `CPassing::Value`, fully extended as the ABI
        // wants it in a register (`to_register`).
        unsafe impl<const N: u32, S: BitStorage> crate::c::CResult for $name<N, S> {
            type Raw = <S as CPassing<$sign>>::Value;
            const C_TYPE: crate::model::c::CTypeDesc = <Self as crate::c::CType>::C_TYPE;
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn into_c(self) -> Self::Raw {
                <S as CPassing<$sign>>::to_value(self.to_register())
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use crate::bitint::*;

    /// A value C left in memory with dirty padding bits compares equal in
    /// Rust, and crosses back to C fully extended.
    #[test]
    fn as_c_arg_is_extended_whatever_the_padding() {
        let dirty_u7: u8 = 0x85; // value 5, padding bit 7 set
        // SAFETY: `UBitInt<7>` is transparent over its one-byte storage,
        // and every byte is a valid storage (padding is not a validity
        // invariant).
        let u = unsafe { &*(&dirty_u7 as *const u8).cast::<UBitInt<7>>() };
        assert_eq!(*u, UBitInt::<7>::try_from(5u8).unwrap());
        assert_eq!(u.as_c_arg().into_raw(), 5);

        let dirty_s7: u8 = 0x7f; // -1 in 7 bits, padding bit 7 clear
        // SAFETY: as above.
        let s = unsafe { &*(&dirty_s7 as *const u8).cast::<BitInt<7>>() };
        assert_eq!(s.as_c_arg().into_raw(), -1);

        let dirty_u24: u32 = 0xff00_0001;
        // SAFETY: as above, four-byte storage.
        let w = unsafe { &*(&dirty_u24 as *const u32).cast::<UBitInt<24>>() };
        assert_eq!(w.as_c_arg().into_raw(), 1);
    }
}
