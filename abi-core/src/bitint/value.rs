//! The `BitInt`/`UBitInt` type definition: storage, constants, constructors;
//! the rest of each type is in the sibling files' macros.

macro_rules! bit_int_type {
    ($(#[$doc:meta])* $name:ident, signed = $signed:literal, sign = $sign:ident, c = $c_prefix:literal) => {
        $(#[$doc])*
        #[repr(transparent)]
        #[derive(Clone, Copy)]
        pub struct $name<const N: u32, S = <Width<N> as DefaultStorage>::$sign> {
            storage: S,
        }

        impl<const N: u32, S: BitStorage> $name<N, S> {
            /// N, the number of value bits.
            pub const BITS: u32 = N;
            /// Whether the type is signed.
            pub const SIGNED: bool = $signed;
            /// Zero.
            pub const ZERO: Self = {
                let () = Layout::<S, N, $signed>::CHECKED;
                Self { storage: S::ZERO }
            };
            /// One (for `BitInt<N>`, N >= 2 is required by C anyway).
            pub const ONE: Self = Self { storage: with_bits(Self::ZERO.storage, 0, 1, true) };
            /// The largest value.
            pub const MAX: Self = {
                let () = Layout::<S, N, $signed>::CHECKED;
                let total = 8 * size_of::<S>() as u32;
                let first_zero = if $signed { N - 1 } else { N };
                Self { storage: with_bits(S::ONES, first_zero, total, false) }
            };
            /// The smallest value.
            pub const MIN: Self = {
                let () = Layout::<S, N, $signed>::CHECKED;
                let total = 8 * size_of::<S>() as u32;
                if $signed {
                    Self { storage: with_bits(S::ZERO, N - 1, total, true) }
                } else {
                    Self { storage: S::ZERO }
                }
            };

            /// Wrap raw storage, for example bytes C wrote; the padding bits
            /// may hold anything and are re-normalised.
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            pub fn from_storage(storage: S) -> Self {
                let () = Layout::<S, N, $signed>::CHECKED;
                Self::from_words(storage.to_words())
            }

            /// The storage, fully extended (what C receives).
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            pub fn to_storage(self) -> S {
                self.normalized().storage
            }

            /// The storage as the ABI wants it in a register, as an
            /// argument or a result: fully extended, by C's signedness or,
            /// where the ABI extends an unsigned value like a signed one
            /// (`register_sign_extended`), from bit N-1 as if signed.
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            pub(crate) fn to_register(self) -> S {
                // Evaluated at compile time: the rule walks the layout
                // table, which at run time cost four times the shim itself.
                let by_sign = const { register_sign_extended(N, $signed) };
                let mut w = self.storage.to_words();
                words::normalize(w.as_mut(), N, by_sign);
                S::from_words(w)
            }

            /// The value as an argument of a C function declared in Rust:
            /// declare the parameter as [`CArg`](crate::bitint::CArg)`<Self>`
            /// and pass `value.as_c_arg()`. It is the storage by value, or,
            /// on targets where clang passes `_BitInt(N)` by reference (i386
            /// above 64 bits), a pointer to `self`'s storage, valid while
            /// `self` is borrowed. A value passed by value is always fully
            /// extended, whatever padding bits `self` holds (a value read
            /// from C memory may hold any): clang's callees compare whole
            /// registers. Passed by reference (i386 only), the pointee is
            /// `self` as it is; call [`normalized`](Self::normalized) first
            /// on a value copied out of C memory.
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            pub fn as_c_arg(&self) -> CArg<Self> {
                CArg(<S as CPassing<$sign>>::as_extended_arg(&self.storage, self.to_register()))
            }

            /// A value a C function declared in Rust returned: declare the
            /// result as [`CValue`](crate::bitint::CValue)`<Self>` and
            /// convert it here (the padding bits are re-normalised). A
            /// narrow value travels as a primitive of C's signedness.
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            pub fn from_c_value(value: CValue<Self>) -> Self {
                Self::from_storage(<S as CPassing<$sign>>::from_value(value.0))
            }

            /// The same value with the padding bits re-extended. Values
            /// built in Rust are already normalised; values that came from C
            /// by pointer or by return may not be.
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            pub fn normalized(self) -> Self {
                Self::from_words(self.storage.to_words())
            }

            /// The normalised value as little-endian 64-bit words.
            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            pub fn words(self) -> S::Words {
                let mut w = self.storage.to_words();
                words::normalize(w.as_mut(), N, $signed);
                w
            }

            #[cfg_attr(not(abi_core_unoptimised), inline(always))]
            fn from_words(mut w: S::Words) -> Self {
                let () = Layout::<S, N, $signed>::CHECKED;
                words::normalize(w.as_mut(), N, $signed);
                Self { storage: S::from_words(w) }
            }

            /// Whether the value is zero.
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            pub fn is_zero(self) -> bool {
                words::is_zero(self.words().as_ref())
            }

            /// Whether the value is below zero (never for `UBitInt`).
            #[cfg_attr(not(abi_core_unoptimised), inline)]
            pub fn is_negative(self) -> bool {
                words::is_negative(self.words().as_ref(), $signed)
            }

            /// Number of one bits in the N-bit two's-complement form.
            pub fn count_ones(self) -> u32 {
                let mut w = self.words();
                // Count only the N value bits.
                words::normalize(w.as_mut(), N, false);
                w.as_ref().iter().map(|x| x.count_ones()).sum()
            }
        }

        bit_int_arith!($name, $signed);
        bit_int_convert!($name, $signed, i8 i16 i32 i64 i128 isize, u8 u16 u32 u64 u128 usize);
        bit_int_ffi!($name, $signed, $sign, $c_prefix);
        bit_int_text!($name, $signed);
    };
}
