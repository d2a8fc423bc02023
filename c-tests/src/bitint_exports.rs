//! `#[c_export]` functions taking and returning `BitInt<N>`/`UBitInt<N>`,
//! called by `c/bitint_calls.c` (clang-19, `-std=c2x`) for every width in
//! the conformance set: by value (registers or memory, by width), on the
//! stack after seven `int64_t` arguments, by pointer, and inside a struct.

use abi_core::bitint::{BitInt, UBitInt};
use abi_core::c_export;

/// Export the four functions and the struct for one `_BitInt` type.
macro_rules! bitint_exports {
    ($ty:ty, $add:ident, $stack:ident, $odd:ident, $by_pointer:ident, $in_struct:ident, $holder:ident) => {
        /// `a + b`, wrapping at N bits.
        #[c_export]
        pub fn $add(a: $ty, b: $ty) -> $ty {
            a.wrapping_add(b)
        }

        /// `x >> 1` (arithmetic for signed types) when the seven leading
        /// and the trailing `int64_t` arrive as 1..=8, `x` unchanged
        /// otherwise: `x` is passed on the stack. A right shift moves the
        /// padding bits into the value, so dirty padding would show.
        #[c_export]
        #[allow(clippy::too_many_arguments)]
        pub fn $stack(
            l1: i64,
            l2: i64,
            l3: i64,
            l4: i64,
            l5: i64,
            l6: i64,
            l7: i64,
            x: $ty,
            l8: i64,
        ) -> $ty {
            if [l1, l2, l3, l4, l5, l6, l7, l8] == [1, 2, 3, 4, 5, 6, 7, 8] {
                x >> 1
            } else {
                x
            }
        }

        /// `!x` when `tag` is 7, `x` otherwise: the value after one
        /// 32-bit argument, where AAPCS64 skips x1 to put a 128-bit value
        /// in the even pair x2:x3 (a type without `u128` would land in
        /// x1:x2).
        #[c_export]
        pub fn $odd(tag: i32, x: $ty) -> $ty {
            if tag == 7 { !x } else { x }
        }

        /// `*out = x >> (N / 2)` through pointers.
        #[c_export]
        pub fn $by_pointer(x: &$ty, out: &mut $ty) {
            *out = *x >> (<$ty>::BITS / 2);
        }

        /// A struct holding the value between two narrow fields.
        #[c_export]
        #[repr(C)]
        #[derive(Clone, Copy, Debug)]
        pub struct $holder {
            /// Before the value.
            pub tag: u8,
            /// The value.
            pub value: $ty,
            /// After the value.
            pub tail: u16,
        }

        /// `{tag + 1, |value| (wrapping), tail + 1}`: a comparison with
        /// zero, which dirty padding would mislead.
        #[c_export]
        pub fn $in_struct(h: $holder) -> $holder {
            let zero = <$ty>::ZERO;
            $holder {
                tag: h.tag.wrapping_add(1),
                value: if h.value < zero {
                    h.value.wrapping_neg()
                } else {
                    h.value
                },
                tail: h.tail.wrapping_add(1),
            }
        }
    };
}

/// How many `bitint_exports!` invocations this target builds (each: 5
/// functions, 1 struct), for the registry completeness test: 26 up to 128
/// bits, 12 wider ones where clang accepts them (`__BITINT_MAXWIDTH__` is
/// 128 on aarch64).
pub const BITINT_EXPORT_SETS: usize = if WIDE_TARGET { 38 } else { 26 };

/// Whether clang's `__BITINT_MAXWIDTH__` on this target (8388608 on x86-64
/// and i386, 128 elsewhere) admits the widths above 128.
pub const WIDE_TARGET: bool = cfg!(any(target_arch = "x86_64", target_arch = "x86"));

bitint_exports!(
    BitInt<2>,
    rt_add_s2,
    rt_stack_s2,
    rt_odd_s2,
    rt_ptr_s2,
    rt_struct_s2,
    HolderS2
);
bitint_exports!(
    UBitInt<2>,
    rt_add_u2,
    rt_stack_u2,
    rt_odd_u2,
    rt_ptr_u2,
    rt_struct_u2,
    HolderU2
);
bitint_exports!(
    BitInt<7>,
    rt_add_s7,
    rt_stack_s7,
    rt_odd_s7,
    rt_ptr_s7,
    rt_struct_s7,
    HolderS7
);
bitint_exports!(
    UBitInt<7>,
    rt_add_u7,
    rt_stack_u7,
    rt_odd_u7,
    rt_ptr_u7,
    rt_struct_u7,
    HolderU7
);
bitint_exports!(
    BitInt<8>,
    rt_add_s8,
    rt_stack_s8,
    rt_odd_s8,
    rt_ptr_s8,
    rt_struct_s8,
    HolderS8
);
bitint_exports!(
    UBitInt<8>,
    rt_add_u8,
    rt_stack_u8,
    rt_odd_u8,
    rt_ptr_u8,
    rt_struct_u8,
    HolderU8
);
bitint_exports!(
    BitInt<24>,
    rt_add_s24,
    rt_stack_s24,
    rt_odd_s24,
    rt_ptr_s24,
    rt_struct_s24,
    HolderS24
);
bitint_exports!(
    UBitInt<24>,
    rt_add_u24,
    rt_stack_u24,
    rt_odd_u24,
    rt_ptr_u24,
    rt_struct_u24,
    HolderU24
);
bitint_exports!(
    BitInt<32>,
    rt_add_s32,
    rt_stack_s32,
    rt_odd_s32,
    rt_ptr_s32,
    rt_struct_s32,
    HolderS32
);
bitint_exports!(
    UBitInt<32>,
    rt_add_u32,
    rt_stack_u32,
    rt_odd_u32,
    rt_ptr_u32,
    rt_struct_u32,
    HolderU32
);
bitint_exports!(
    BitInt<33>,
    rt_add_s33,
    rt_stack_s33,
    rt_odd_s33,
    rt_ptr_s33,
    rt_struct_s33,
    HolderS33
);
bitint_exports!(
    UBitInt<33>,
    rt_add_u33,
    rt_stack_u33,
    rt_odd_u33,
    rt_ptr_u33,
    rt_struct_u33,
    HolderU33
);
bitint_exports!(
    BitInt<63>,
    rt_add_s63,
    rt_stack_s63,
    rt_odd_s63,
    rt_ptr_s63,
    rt_struct_s63,
    HolderS63
);
bitint_exports!(
    UBitInt<63>,
    rt_add_u63,
    rt_stack_u63,
    rt_odd_u63,
    rt_ptr_u63,
    rt_struct_u63,
    HolderU63
);
bitint_exports!(
    BitInt<64>,
    rt_add_s64,
    rt_stack_s64,
    rt_odd_s64,
    rt_ptr_s64,
    rt_struct_s64,
    HolderS64
);
bitint_exports!(
    UBitInt<64>,
    rt_add_u64,
    rt_stack_u64,
    rt_odd_u64,
    rt_ptr_u64,
    rt_struct_u64,
    HolderU64
);
bitint_exports!(
    BitInt<65>,
    rt_add_s65,
    rt_stack_s65,
    rt_odd_s65,
    rt_ptr_s65,
    rt_struct_s65,
    HolderS65
);
bitint_exports!(
    UBitInt<65>,
    rt_add_u65,
    rt_stack_u65,
    rt_odd_u65,
    rt_ptr_u65,
    rt_struct_u65,
    HolderU65
);
bitint_exports!(
    BitInt<100>,
    rt_add_s100,
    rt_stack_s100,
    rt_odd_s100,
    rt_ptr_s100,
    rt_struct_s100,
    HolderS100
);
bitint_exports!(
    UBitInt<100>,
    rt_add_u100,
    rt_stack_u100,
    rt_odd_u100,
    rt_ptr_u100,
    rt_struct_u100,
    HolderU100
);
bitint_exports!(
    BitInt<127>,
    rt_add_s127,
    rt_stack_s127,
    rt_odd_s127,
    rt_ptr_s127,
    rt_struct_s127,
    HolderS127
);
bitint_exports!(
    UBitInt<127>,
    rt_add_u127,
    rt_stack_u127,
    rt_odd_u127,
    rt_ptr_u127,
    rt_struct_u127,
    HolderU127
);
bitint_exports!(
    BitInt<128>,
    rt_add_s128,
    rt_stack_s128,
    rt_odd_s128,
    rt_ptr_s128,
    rt_struct_s128,
    HolderS128
);
bitint_exports!(
    UBitInt<128>,
    rt_add_u128,
    rt_stack_u128,
    rt_odd_u128,
    rt_ptr_u128,
    rt_struct_u128,
    HolderU128
);
#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
pub use wide::*;

/// Widths above 128 bits, which clang accepts on x86-64 and i386 only.
#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
mod wide {
    use super::*;

    bitint_exports!(
        BitInt<129>,
        rt_add_s129,
        rt_stack_s129,
        rt_odd_s129,
        rt_ptr_s129,
        rt_struct_s129,
        HolderS129
    );
    bitint_exports!(
        UBitInt<129>,
        rt_add_u129,
        rt_stack_u129,
        rt_odd_u129,
        rt_ptr_u129,
        rt_struct_u129,
        HolderU129
    );
    bitint_exports!(
        BitInt<200>,
        rt_add_s200,
        rt_stack_s200,
        rt_odd_s200,
        rt_ptr_s200,
        rt_struct_s200,
        HolderS200
    );
    bitint_exports!(
        UBitInt<200>,
        rt_add_u200,
        rt_stack_u200,
        rt_odd_u200,
        rt_ptr_u200,
        rt_struct_u200,
        HolderU200
    );
    bitint_exports!(
        BitInt<256>,
        rt_add_s256,
        rt_stack_s256,
        rt_odd_s256,
        rt_ptr_s256,
        rt_struct_s256,
        HolderS256
    );
    bitint_exports!(
        UBitInt<256>,
        rt_add_u256,
        rt_stack_u256,
        rt_odd_u256,
        rt_ptr_u256,
        rt_struct_u256,
        HolderU256
    );
    bitint_exports!(
        abi_core::bitint!(511),
        rt_add_s511,
        rt_stack_s511,
        rt_odd_s511,
        rt_ptr_s511,
        rt_struct_s511,
        HolderS511
    );
    bitint_exports!(
        abi_core::ubitint!(511),
        rt_add_u511,
        rt_stack_u511,
        rt_odd_u511,
        rt_ptr_u511,
        rt_struct_u511,
        HolderU511
    );
    bitint_exports!(
        abi_core::bitint!(512),
        rt_add_s512,
        rt_stack_s512,
        rt_odd_s512,
        rt_ptr_s512,
        rt_struct_s512,
        HolderS512
    );
    bitint_exports!(
        abi_core::ubitint!(512),
        rt_add_u512,
        rt_stack_u512,
        rt_odd_u512,
        rt_ptr_u512,
        rt_struct_u512,
        HolderU512
    );
    bitint_exports!(
        abi_core::bitint!(1024),
        rt_add_s1024,
        rt_stack_s1024,
        rt_odd_s1024,
        rt_ptr_s1024,
        rt_struct_s1024,
        HolderS1024
    );
    bitint_exports!(
        abi_core::ubitint!(1024),
        rt_add_u1024,
        rt_stack_u1024,
        rt_odd_u1024,
        rt_ptr_u1024,
        rt_struct_u1024,
        HolderU1024
    );
    bitint_exports!(
        abi_core::bitint!(4096),
        rt_add_s4096,
        rt_stack_s4096,
        rt_odd_s4096,
        rt_ptr_s4096,
        rt_struct_s4096,
        HolderS4096
    );
    bitint_exports!(
        abi_core::ubitint!(4096),
        rt_add_u4096,
        rt_stack_u4096,
        rt_odd_u4096,
        rt_ptr_u4096,
        rt_struct_u4096,
        HolderU4096
    );
}
