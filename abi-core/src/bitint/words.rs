//! Two's-complement arithmetic on little-endian `u64` word slices holding an
//! N-bit value. Every function takes normalised inputs (bits N.. a copy of
//! bit N-1 for signed values, zero for unsigned) unless it says otherwise,
//! and leaves its output normalised.

use core::cmp::Ordering;

/// Index of the word holding bit N-1, and the number of value bits in it
/// (1..=64).
#[inline(always)]
fn top(bits: u32) -> (usize, u32) {
    let index = ((bits - 1) / 64) as usize;
    (index, bits - 64 * index as u32)
}

/// Re-extend bits N.. from bit N-1 (signed) or clear them (unsigned), in
/// every word of `words`: the storage may hold words above the value.
#[inline(always)]
pub(crate) fn normalize(words: &mut [u64], bits: u32, signed: bool) {
    let (index, used) = top(bits);
    let word = words[index];
    let shift = 64 - used;
    let (extended, fill) = if signed {
        let w = ((word << shift) as i64 >> shift) as u64;
        (w, if (w as i64) < 0 { !0 } else { 0 })
    } else {
        (
            if shift == 0 {
                word
            } else {
                word & (!0u64 >> shift)
            },
            0,
        )
    };
    words[index] = extended;
    for w in &mut words[index + 1..] {
        *w = fill;
    }
}

/// Whether the (normalised) value is negative.
#[inline(always)]
pub(crate) fn is_negative(words: &[u64], signed: bool) -> bool {
    signed && (words[words.len() - 1] as i64) < 0
}

/// `a += b`, wrapping at the storage width. Returns the carry out.
#[inline(always)]
pub(crate) fn add_assign(a: &mut [u64], b: &[u64]) -> bool {
    // One and two words as native integers (`add`, `add`/`adc`).
    if let ([x], [y]) = (&mut *a, b) {
        let (sum, carry) = x.overflowing_add(*y);
        *x = sum;
        return carry;
    }
    if a.len() == 2 {
        let (sum, carry) = as_u128(a).overflowing_add(as_u128(b));
        set_u128(a, sum);
        return carry;
    }
    let mut carry = false;
    for (x, &y) in a.iter_mut().zip(b) {
        // The form LLVM turns into an `adc` chain.
        let (s1, c1) = x.overflowing_add(y);
        let (s2, c2) = s1.overflowing_add(u64::from(carry));
        *x = s2;
        carry = c1 | c2;
    }
    carry
}

/// `a -= b`, wrapping at the storage width. Returns the borrow out.
#[inline(always)]
pub(crate) fn sub_assign(a: &mut [u64], b: &[u64]) -> bool {
    if let ([x], [y]) = (&mut *a, b) {
        let (difference, borrow) = x.overflowing_sub(*y);
        *x = difference;
        return borrow;
    }
    if a.len() == 2 {
        let (difference, borrow) = as_u128(a).overflowing_sub(as_u128(b));
        set_u128(a, difference);
        return borrow;
    }
    let mut borrow = false;
    for (x, &y) in a.iter_mut().zip(b) {
        // The form LLVM turns into an `sbb` chain.
        let (d1, b1) = x.overflowing_sub(y);
        let (d2, b2) = d1.overflowing_sub(u64::from(borrow));
        *x = d2;
        borrow = b1 | b2;
    }
    borrow
}

/// Two words as one `u128`.
#[inline(always)]
fn as_u128(a: &[u64]) -> u128 {
    u128::from(a[1]) << 64 | u128::from(a[0])
}

#[inline(always)]
fn set_u128(a: &mut [u64], value: u128) {
    a[0] = value as u64;
    a[1] = (value >> 64) as u64;
}

/// `out = a * b` truncated to `out.len()` words; `out` starts zeroed.
#[inline(always)]
pub(crate) fn mul_into(out: &mut [u64], a: &[u64], b: &[u64]) {
    let n = out.len();
    if n == 1 {
        out[0] = a[0].wrapping_mul(b[0]);
        return;
    }
    if n == 2 {
        set_u128(out, as_u128(a).wrapping_mul(as_u128(b)));
        return;
    }
    for (i, &ai) in a.iter().enumerate() {
        let mut carry = 0u64;
        // Row `i` only reaches the words below `n` (truncation); zipping
        // the slices keeps bounds checks out of the inner loop.
        for (o, &bj) in out[i..].iter_mut().zip(b) {
            let t = u128::from(ai) * u128::from(bj) + u128::from(*o) + u128::from(carry);
            *o = t as u64;
            carry = (t >> 64) as u64;
        }
    }
}

/// Two's-complement negation in place (wrapping at the storage width).
#[inline(always)]
pub(crate) fn negate(a: &mut [u64]) {
    let mut carry = true;
    for x in a.iter_mut() {
        let (v, c) = (!*x).overflowing_add(carry as u64);
        *x = v;
        carry = c;
    }
}

/// Compare two normalised values.
#[inline(always)]
pub(crate) fn compare(a: &[u64], b: &[u64], signed: bool) -> Ordering {
    if let ([x], [y]) = (a, b) {
        return if signed {
            (*x as i64).cmp(&(*y as i64))
        } else {
            x.cmp(y)
        };
    }
    if a.len() == 2 {
        let (x, y) = (as_u128(a), as_u128(b));
        return if signed {
            (x as i128).cmp(&(y as i128))
        } else {
            x.cmp(&y)
        };
    }
    let last = a.len() - 1;
    if signed {
        let order = (a[last] as i64).cmp(&(b[last] as i64));
        if order != Ordering::Equal {
            return order;
        }
    } else if a[last] != b[last] {
        return a[last].cmp(&b[last]);
    }
    for i in (0..last).rev() {
        if a[i] != b[i] {
            return a[i].cmp(&b[i]);
        }
    }
    Ordering::Equal
}

/// Whether every word is zero.
#[inline(always)]
pub(crate) fn is_zero(a: &[u64]) -> bool {
    a.iter().all(|&w| w == 0)
}

/// Shift left by `amount` (< storage bits), filling with zeros.
#[inline(always)]
pub(crate) fn shl(a: &mut [u64], amount: u32) {
    if let [x] = a {
        *x <<= amount;
        return;
    }
    if a.len() == 2 {
        set_u128(a, as_u128(a) << amount);
        return;
    }
    let words = (amount / 64) as usize;
    let bits = amount % 64;
    let n = a.len();
    if n <= 4 {
        // Few words: one branch-free pass, descending so every source word
        // is read before it is overwritten. `(lo >> 1) >> (63 - bits)` is
        // `lo >> (64 - bits)` without the shift by 64 when `bits` is 0.
        for i in (0..n).rev() {
            let hi = if i >= words { a[i - words] } else { 0 };
            let lo = if i > words { a[i - words - 1] } else { 0 };
            a[i] = (hi << bits) | ((lo >> 1) >> (63 - bits));
        }
        return;
    }
    // Whole words first, then the bits, each pass in the direction that
    // reads every source word before overwriting it.
    a.copy_within(0..n - words, words);
    a[..words].fill(0);
    if bits != 0 {
        for i in (1..n).rev() {
            a[i] = (a[i] << bits) | (a[i - 1] >> (64 - bits));
        }
        a[0] <<= bits;
    }
}

/// Shift right by `amount` (< storage bits), filling with `fill` (0 or !0).
#[inline(always)]
pub(crate) fn shr(a: &mut [u64], amount: u32, fill: u64) {
    if let [x] = a {
        *x = if fill == 0 {
            *x >> amount
        } else {
            ((*x as i64) >> amount) as u64
        };
        return;
    }
    if a.len() == 2 {
        let x = as_u128(a);
        set_u128(
            a,
            if fill == 0 {
                x >> amount
            } else {
                ((x as i128) >> amount) as u128
            },
        );
        return;
    }
    let words = (amount / 64) as usize;
    let bits = amount % 64;
    let n = a.len();
    if n <= 4 {
        // Few words: one branch-free pass (see `shl`), ascending.
        for i in 0..n {
            let lo = if i + words < n { a[i + words] } else { fill };
            let hi = if i + words + 1 < n {
                a[i + words + 1]
            } else {
                fill
            };
            a[i] = (lo >> bits) | ((hi << 1) << (63 - bits));
        }
        return;
    }
    // Whole words first, then the bits, each pass in the direction that
    // reads every source word before overwriting it.
    a.copy_within(words..n, 0);
    a[n - words..].fill(fill);
    if bits != 0 {
        for i in 0..n - 1 {
            a[i] = (a[i] >> bits) | (a[i + 1] << (64 - bits));
        }
        a[n - 1] = (a[n - 1] >> bits) | (fill << (64 - bits));
    }
}

/// Bit `i` of `a`.
#[inline(always)]
fn bit(a: &[u64], i: u32) -> bool {
    (a[(i / 64) as usize] >> (i % 64)) & 1 == 1
}

/// Unsigned division of normalised non-negative values: `quotient` and
/// `remainder` start zeroed; `divisor` is not zero.
pub(crate) fn divide_unsigned(
    dividend: &[u64],
    divisor: &[u64],
    quotient: &mut [u64],
    remainder: &mut [u64],
) {
    if dividend.len() == 1 {
        quotient[0] = dividend[0] / divisor[0];
        remainder[0] = dividend[0] % divisor[0];
        return;
    }
    if compare(dividend, divisor, false) == Ordering::Less {
        remainder.copy_from_slice(dividend);
        return;
    }
    let significant = significant_bits(dividend);
    for i in (0..significant).rev() {
        // remainder = remainder * 2 + bit i; it stays below 2 * divisor,
        // which fits: the divisor is below 2^(storage bits - 1) or the
        // top bit shifted out is caught by `carry`.
        let carry = remainder[remainder.len() - 1] >> 63 == 1;
        shl(remainder, 1);
        remainder[0] |= bit(dividend, i) as u64;
        if carry || compare(remainder, divisor, false) != Ordering::Less {
            sub_assign(remainder, divisor);
            quotient[(i / 64) as usize] |= 1 << (i % 64);
        }
    }
}

/// Number of bits up to and including the highest set bit.
pub(crate) fn significant_bits(a: &[u64]) -> u32 {
    for i in (0..a.len()).rev() {
        if a[i] != 0 {
            return i as u32 * 64 + (64 - a[i].leading_zeros());
        }
    }
    0
}

/// Divide in place by a small divisor; returns the remainder. For decimal
/// formatting.
pub(crate) fn divide_small(a: &mut [u64], divisor: u64) -> u64 {
    let mut rem: u128 = 0;
    for w in a.iter_mut().rev() {
        let cur = (rem << 64) | u128::from(*w);
        *w = (cur / u128::from(divisor)) as u64;
        rem = cur % u128::from(divisor);
    }
    rem as u64
}
