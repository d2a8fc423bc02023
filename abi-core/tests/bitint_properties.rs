//! `BitInt`/`UBitInt` arithmetic, comparison, conversion and formatting at
//! many widths, checked against `num-bigint` as an independent oracle, on
//! edge values and on pseudo-random values (a fixed-seed generator, so a
//! failure reproduces).

use abi_core::bitint::BitStorage;
use abi_core::bitint::{BitInt, UBitInt};
use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// xorshift64*: deterministic, good enough to spread bits.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// The value of N-bit two's-complement `bytes` (little-endian).
fn interpret(bytes: &[u8], bits: u32, signed: bool) -> BigInt {
    let unsigned: BigInt =
        BigInt::from_bytes_le(num_bigint::Sign::Plus, bytes) & ((BigInt::one() << bits) - 1);
    if signed && unsigned.bit(u64::from(bits - 1)) {
        unsigned - (BigInt::one() << bits)
    } else {
        unsigned
    }
}

/// `x` wrapped into the N-bit range.
fn wrap(x: &BigInt, bits: u32, signed: bool) -> BigInt {
    let modulus = BigInt::one() << bits;
    let mut r = ((x % &modulus) + &modulus) % &modulus;
    if signed && r.bit(u64::from(bits - 1)) {
        r -= &modulus;
    }
    r
}

fn in_range(x: &BigInt, bits: u32, signed: bool) -> bool {
    wrap(x, bits, signed) == *x
}

/// `ceil(bits / 8)` little-endian bytes of `x` (already in range), extended.
fn bytes_of(x: &BigInt, bits: u32) -> Vec<u8> {
    let len = bits.div_ceil(8) as usize;
    let mut bytes = x.to_signed_bytes_le();
    let fill = if x.is_negative() { 0xff } else { 0 };
    bytes.resize(len.max(bytes.len()), fill);
    bytes.truncate(len);
    // Bits above N in the last byte are the extension.
    let extra = 8 * len as u32 - bits;
    if extra > 0 {
        let keep = 0xffu8 >> extra;
        let last = bytes[len - 1] & keep;
        bytes[len - 1] = if x.is_negative() { last | !keep } else { last };
    }
    bytes
}

/// Edge values and random values of the N-bit range.
fn samples(bits: u32, signed: bool, rng: &mut Rng, random: usize) -> Vec<BigInt> {
    let (min, max): (BigInt, BigInt) = if signed {
        (
            -(BigInt::one() << (bits - 1)),
            (BigInt::one() << (bits - 1)) - 1,
        )
    } else {
        (BigInt::zero(), (BigInt::one() << bits) - 1)
    };
    let mut values = vec![
        BigInt::zero(),
        BigInt::one(),
        max.clone(),
        min.clone(),
        &max - 1,
        &min + 1,
    ];
    if signed {
        values.push(-BigInt::one());
        values.push(BigInt::from(-2));
    }
    values.push(BigInt::from(2));
    for _ in 0..random {
        let mut bytes = vec![0u8; bits.div_ceil(8) as usize];
        for b in bytes.iter_mut() {
            *b = rng.next() as u8;
        }
        // Sometimes a short value, so that division and multiplication
        // also see small operands.
        if rng.next().is_multiple_of(3) {
            let keep = (rng.next() % bytes.len() as u64) as usize + 1;
            for b in &mut bytes[keep..] {
                *b = 0;
            }
        }
        values.push(interpret(&bytes, bits, signed));
    }
    values.retain(|v| *v >= min && *v <= max);
    values
}

macro_rules! property_test {
    ($check:ident, $ty:ident, $signed:literal) => {
        fn $check<const N: u32, S: BitStorage>(random: usize) -> usize
        where
            $ty<N, S>: Copy,
        {
            type T<const N: u32, S> = $ty<N, S>;
            let signed = $signed;
            let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ u64::from(N) ^ (signed as u64) << 40);
            let values = samples(N, signed, &mut rng, random);
            let make = |x: &BigInt| -> T<N, S> {
                T::<N, S>::from_le_bytes(&bytes_of(x, N))
                    .unwrap_or_else(|e| panic!("from_le_bytes({x}) at N={N}: {e}"))
            };
            let value = |v: T<N, S>| interpret(&v.to_le_bytes(), N, signed);
            let mut checked = 0;

            assert_eq!(value(T::<N, S>::MAX), values[2], "MAX at N={N}");
            assert_eq!(value(T::<N, S>::MIN), values[3], "MIN at N={N}");
            assert_eq!(T::<N, S>::BITS, N);

            for a in &values {
                let x = make(a);
                assert_eq!(value(x), *a, "round trip of {a} at N={N}");
                assert_eq!(x.to_string(), a.to_string(), "Display of {a} at N={N}");
                let pattern = wrap(a, N, false);
                assert_eq!(
                    format!("{x:x}"),
                    pattern.to_str_radix(16),
                    "hex of {a} at N={N}"
                );
                assert_eq!(
                    format!("{x:#X}"),
                    format!("0x{}", pattern.to_str_radix(16).to_uppercase())
                );
                assert_eq!(
                    format!("{x:b}"),
                    pattern.to_str_radix(2),
                    "binary of {a} at N={N}"
                );
                assert_eq!(
                    x.count_ones() as usize,
                    pattern.to_str_radix(2).matches('1').count()
                );
                let mut be = x.to_be_bytes();
                assert_eq!(T::<N, S>::from_be_bytes(&be), Ok(x));
                be.reverse();
                assert_eq!(be, x.to_le_bytes());
                assert_eq!(
                    x.wrapping_neg(),
                    make(&wrap(&-a, N, signed)),
                    "neg {a} at N={N}"
                );
                assert_eq!(
                    x.checked_neg().map(value),
                    Some(-a).filter(|r| in_range(r, N, signed))
                );
                assert_eq!(!x, make(&wrap(&(-a - 1), N, signed)), "not {a} at N={N}");
                match a.to_i128() {
                    Some(v) => assert_eq!(
                        T::<N, S>::try_from(v).ok(),
                        in_range(a, N, signed).then_some(x)
                    ),
                    None => assert!(i128::try_from(x).is_err()),
                }
                assert_eq!(i64::try_from(x).ok(), a.to_i64(), "to i64 of {a}");
                assert_eq!(u64::try_from(x).ok(), a.to_u64(), "to u64 of {a}");
                assert_eq!(u128::try_from(x).ok(), a.to_u128(), "to u128 of {a}");
                assert_eq!(i8::try_from(x).ok(), a.to_i8(), "to i8 of {a}");
                // Every whole-word offset of a few-word value, with and without
                // a bit offset (shifts of N or more are `None`).
                for shift in [
                    0,
                    1,
                    7,
                    63,
                    64,
                    65,
                    127,
                    128,
                    129,
                    191,
                    192,
                    193,
                    N / 2,
                    N - 1,
                    N,
                ] {
                    let expected_shl = (shift < N).then(|| make(&wrap(&(a << shift), N, signed)));
                    assert_eq!(
                        x.checked_shl(shift),
                        expected_shl,
                        "{a} << {shift} at N={N}"
                    );
                    // `>>` of a BigInt rounds towards negative infinity, as an
                    // arithmetic shift does.
                    let expected_shr = (shift < N).then(|| make(&(a >> shift)));
                    assert_eq!(
                        x.checked_shr(shift),
                        expected_shr,
                        "{a} >> {shift} at N={N}"
                    );
                }
                checked += 1;
                for b in &values {
                    let y = make(b);
                    assert_eq!(
                        x.wrapping_add(y),
                        make(&wrap(&(a + b), N, signed)),
                        "{a} + {b} at N={N}"
                    );
                    assert_eq!(
                        x.wrapping_sub(y),
                        make(&wrap(&(a - b), N, signed)),
                        "{a} - {b} at N={N}"
                    );
                    assert_eq!(
                        x.wrapping_mul(y),
                        make(&wrap(&(a * b), N, signed)),
                        "{a} * {b} at N={N}"
                    );
                    let sum = a + b;
                    assert_eq!(
                        x.checked_add(y).map(value),
                        in_range(&sum, N, signed).then_some(sum)
                    );
                    let difference = a - b;
                    assert_eq!(
                        x.checked_sub(y).map(value),
                        in_range(&difference, N, signed).then_some(difference)
                    );
                    let product = a * b;
                    assert_eq!(
                        x.checked_mul(y).map(value),
                        in_range(&product, N, signed).then_some(product.clone()),
                        "checked {a} * {b} at N={N}"
                    );
                    if b.is_zero() {
                        assert_eq!(x.checked_div(y), None);
                        assert_eq!(x.checked_rem(y), None);
                    } else {
                        // BigInt division truncates towards zero, like Rust.
                        let quotient = a / b;
                        let remainder = a % b;
                        let expected = in_range(&quotient, N, signed)
                            .then(|| (quotient.clone(), remainder.clone()));
                        assert_eq!(
                            x.checked_div_rem(y).map(|(q, r)| (value(q), value(r))),
                            expected,
                            "{a} / {b} at N={N}"
                        );
                        assert_eq!(x.wrapping_div(y), make(&wrap(&quotient, N, signed)));
                    }
                    assert_eq!(x & y, make(&(a & b)), "{a} & {b} at N={N}");
                    assert_eq!(x | y, make(&(a | b)), "{a} | {b} at N={N}");
                    assert_eq!(x ^ y, make(&(a ^ b)), "{a} ^ {b} at N={N}");
                    assert_eq!(x.cmp(&y), a.cmp(b), "cmp {a} {b} at N={N}");
                    assert_eq!(x == y, a == b);
                    checked += 1;
                }
            }
            checked
        }
    };
}

property_test!(check_signed, BitInt, true);
property_test!(check_unsigned, UBitInt, false);

/// Dirty padding bits (as C may leave them) do not change the value.
fn check_dirty_padding<const N: u32, S: BitStorage>() {
    let mut rng = Rng(7);
    for _ in 0..50 {
        let clean_u = UBitInt::<N, S>::from_le_bytes(&bytes_of(
            samples(N, false, &mut rng, 1).last().unwrap(),
            N,
        ))
        .unwrap();
        let clean_s = BitInt::<N, S>::from_le_bytes(&bytes_of(
            samples(N, true, &mut rng, 1).last().unwrap(),
            N,
        ))
        .unwrap();
        for (clean_bytes, is_signed) in [
            (clean_u.to_le_bytes(), false),
            (clean_s.to_le_bytes(), true),
        ] {
            // Garbage above bit N in every storage byte past N.
            let mut storage_bytes = vec![0u8; size_of::<S>()];
            storage_bytes[..clean_bytes.len()].copy_from_slice(&clean_bytes);
            for bit in N..8 * size_of::<S>() as u32 {
                if rng.next() & 1 == 1 {
                    storage_bytes[(bit / 8) as usize] ^= 1 << (bit % 8);
                }
            }
            // SAFETY: `S` is plain integer storage of exactly this size.
            let dirty: S = unsafe { std::ptr::read_unaligned(storage_bytes.as_ptr().cast::<S>()) };
            if is_signed {
                let v = BitInt::<N, S>::from_storage(dirty);
                assert_eq!(v, clean_s, "dirty signed at N={N}");
                assert_eq!(v.to_string(), clean_s.to_string());
            } else {
                let v = UBitInt::<N, S>::from_storage(dirty);
                assert_eq!(v, clean_u, "dirty unsigned at N={N}");
            }
        }
    }
}

macro_rules! widths {
    ($($name:ident: $n:literal $(, $storage:ty)?;)*) => {$(
        #[test]
        fn $name() {
            let random = if $n > 1024 { 6 } else { 24 };
            let checked = check_signed::<$n, widths!(@storage $n $(, $storage)?)>(random)
                + check_unsigned::<$n, widths!(@storage $n $(, $storage)?)>(random);
            assert!(checked > 100, "only {checked} checks");
            check_dirty_padding::<$n, widths!(@storage $n $(, $storage)?)>();
        }
    )*};
    (@storage $n:literal) => { <abi_core::bitint::Width<$n> as abi_core::bitint::DefaultStorage>::Unsigned };
    (@storage $n:literal, $storage:ty) => { $storage };
}

widths! {
    width_2: 2;
    width_7: 7;
    width_8: 8;
    width_9: 9;
    width_24: 24;
    width_31: 31;
    width_32: 32;
    width_33: 33;
    width_63: 63;
    width_64: 64;
    width_65: 65;
    width_100: 100;
    width_127: 127;
    width_128: 128;
    width_129: 129;
    width_200: 200;
    width_255: 255;
    width_256: 256;
    width_511: 511, abi_core::bitint_storage!(511);
    // Nine and sixteen words with padding: the shifts' word-by-word path.
    width_600: 600, abi_core::bitint_storage!(600);
    width_1000: 1000, abi_core::bitint_storage!(1000);
    width_1024: 1024, abi_core::bitint_storage!(1024);
    width_4096: 4096, abi_core::bitint_storage!(4096);
}

#[test]
fn wide_types_through_the_macros() {
    type Wide = abi_core::bitint!(5000);
    let x = Wide::MAX;
    let expected: BigInt = (BigInt::one() << 4999u32) - 1;
    assert_eq!(x.to_string(), expected.to_string());
    assert_eq!(x.checked_add(Wide::ONE), None);
    assert_eq!(size_of::<Wide>(), 8 * 5000usize.div_ceil(64));
}

/// `<<` and `>>` behave as on the primitive integers: with debug assertions
/// (these tests) a shift by N or more panics; `wrapping_shl`/`wrapping_shr`
/// shift by the amount modulo N, for power-of-two and other widths.
#[test]
fn shift_operators_check_the_amount_like_primitives() {
    use abi_core::bitint::{BitInt, UBitInt};
    let x = UBitInt::<24>::try_from(0x80_0001u32).unwrap();
    assert_eq!(x << 23, UBitInt::<24>::try_from(0x80_0000u32).unwrap());
    assert_eq!(x.wrapping_shl(24 + 1), x << 1);
    assert_eq!(x.wrapping_shr(48 + 23), x >> 23);
    let y = BitInt::<128>::MIN;
    assert_eq!(y.wrapping_shr(128 + 127), y >> 127);
    assert_eq!(y >> 127, BitInt::<128>::try_from(-1).unwrap());
    if cfg!(debug_assertions) {
        let left = std::panic::catch_unwind(|| x << 24).unwrap_err();
        assert_eq!(
            left.downcast_ref::<String>().map(String::as_str),
            Some("attempt to shift left with overflow")
        );
        let right = std::panic::catch_unwind(|| y >> 200).unwrap_err();
        assert_eq!(
            right.downcast_ref::<String>().map(String::as_str),
            Some("attempt to shift right with overflow")
        );
    }
}
