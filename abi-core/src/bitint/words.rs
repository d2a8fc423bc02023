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

/// `out = a * b` truncated to `out.len()` words (`a`, `b` and `out` have the
/// same length; `out` starts zeroed).
#[inline(always)]
pub(crate) fn mul_into(out: &mut [u64], a: &[u64], b: &[u64]) {
    let n = out.len();
    let (a, b) = (&a[..n], &b[..n]);
    match n {
        1 => out[0] = a[0].wrapping_mul(b[0]),
        2 => set_u128(out, as_u128(a).wrapping_mul(as_u128(b))),
        // LLVM unrolls the row loops of a few words completely.
        3 | 4 => mul_by_rows(out, a, b),
        _ => mul_by_columns(out, a, b),
    }
}

/// Schoolbook multiplication row by row: `out += a[i] * b << 64 i`.
#[inline(always)]
fn mul_by_rows(out: &mut [u64], a: &[u64], b: &[u64]) {
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

/// One partial product added to a three-word column sum, written as word
/// additions so that LLVM emits one add-with-carry chain (add, adc, adc).
#[inline(always)]
fn add_product(sum: &mut [u64; 3], x: u64, y: u64) {
    let product = u128::from(x) * u128::from(y);
    let (low, c1) = sum[0].overflowing_add(product as u64);
    let (high, c2) = sum[1].overflowing_add((product >> 64) as u64);
    let (high, c3) = high.overflowing_add(u64::from(c1));
    *sum = [low, high, sum[2] + u64::from(c2 | c3)];
}

/// `sum += other` for three-word sums that cannot overflow.
#[inline(always)]
fn add_words(sum: &mut [u64; 3], other: &[u64; 3]) {
    let (low, c1) = sum[0].overflowing_add(other[0]);
    let (high, c2) = sum[1].overflowing_add(other[1]);
    let (high, c3) = high.overflowing_add(u64::from(c1));
    *sum = [low, high, sum[2] + other[2] + u64::from(c2 | c3)];
}

/// Schoolbook multiplication column by column (product scanning): word `k`
/// of the product is the sum of `a[i] * b[k - i]` plus the carry of the
/// columns below. The sums stay in registers as three words and each
/// output word is written once, where the row method reads and writes an
/// output word for every partial product. Two products per step go to two
/// sums, one add-with-carry chain each (LLVM keeps a single chain in the
/// flags but materialises the carries of interleaved ones). The last column
/// needs only the low halves of its products (truncation).
#[inline(always)]
fn mul_by_columns(out: &mut [u64], a: &[u64], b: &[u64]) {
    let n = out.len();
    let mut sum = [0u64; 3];
    for k in 0..n - 1 {
        // `a[i], a[i + 1]` with `b[k - i], b[k - i - 1]`.
        let pairs_a = a[..=k].chunks_exact(2);
        let pairs_b = b[..=k].rchunks_exact(2);
        if let ([x], [y]) = (pairs_a.remainder(), pairs_b.remainder()) {
            add_product(&mut sum, *x, *y);
        }
        let mut odd = [0u64; 3];
        for (x, y) in pairs_a.zip(pairs_b) {
            add_product(&mut sum, x[0], y[1]);
            add_product(&mut odd, x[1], y[0]);
        }
        add_words(&mut sum, &odd);
        out[k] = sum[0];
        sum = [sum[1], sum[2], 0];
    }
    let mut last = sum[0];
    for (&x, &y) in a.iter().zip(b.iter().rev()) {
        last = last.wrapping_add(x.wrapping_mul(y));
    }
    out[n - 1] = last;
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

/// Calls `$function::<M>` with the window size `M = 2 * $n + 1` for the
/// word counts that shift through a window (3 to 16; fewer are primitive
/// shifts, more copy too much), or gives `None`. `$n` is a constant once
/// inlined, so one arm remains.
macro_rules! by_window_size {
    ($n:expr, $function:ident($($arg:expr),*)) => {
        match $n {
            3 => Some($function::<7>($($arg),*)),
            4 => Some($function::<9>($($arg),*)),
            5 => Some($function::<11>($($arg),*)),
            6 => Some($function::<13>($($arg),*)),
            7 => Some($function::<15>($($arg),*)),
            8 => Some($function::<17>($($arg),*)),
            9 => Some($function::<19>($($arg),*)),
            10 => Some($function::<21>($($arg),*)),
            11 => Some($function::<23>($($arg),*)),
            12 => Some($function::<25>($($arg),*)),
            13 => Some($function::<27>($($arg),*)),
            14 => Some($function::<29>($($arg),*)),
            15 => Some($function::<31>($($arg),*)),
            16 => Some($function::<33>($($arg),*)),
            _ => None,
        }
    };
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
    if let Some(()) = by_window_size!(n, shl_through_window(a, words, bits)) {
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
    if let Some(()) = by_window_size!(n, shr_through_window(a, words, bits, fill)) {
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

/// The bits of `hi:lo` from bit `64 - bits` up: `hi << bits` with the top of
/// `lo` shifted in (one `shld` on x86-64; no shift by 64 when `bits` is 0).
#[inline(always)]
fn funnel_left(hi: u64, lo: u64, bits: u32) -> u64 {
    ((u128::from(hi) << 64 | u128::from(lo)) << bits >> 64) as u64
}

/// The bits of `hi:lo` from bit `bits` up: `lo >> bits` with the bottom of
/// `hi` shifted in (one `shrd`).
#[inline(always)]
fn funnel_right(hi: u64, lo: u64, bits: u32) -> u64 {
    ((u128::from(hi) << 64 | u128::from(lo)) >> bits) as u64
}

/// `shl` of a few words (`M = 2 * a.len() + 1`) without a branch on the
/// shift: the value sits above `a.len() + 1` zero words in a window, and
/// output word `i` is read from a fixed offset into it, moved down by the
/// whole words shifted (clang's own method for `_BitInt`).
#[inline(always)]
fn shl_through_window<const M: usize>(a: &mut [u64], words: usize, bits: u32) {
    let n = a.len();
    let mut window = [0u64; M];
    window[n + 1..].copy_from_slice(a);
    let source = &window[n - words.min(n)..][..n + 1];
    for (i, out) in a.iter_mut().enumerate() {
        *out = funnel_left(source[i + 1], source[i], bits);
    }
}

/// `shr` of a few words, as `shl_through_window` with the window's fill
/// words above the value.
#[inline(always)]
fn shr_through_window<const M: usize>(a: &mut [u64], words: usize, bits: u32, fill: u64) {
    let n = a.len();
    let mut window = [fill; M];
    window[..n].copy_from_slice(a);
    let source = &window[words.min(n)..][..n + 1];
    for (i, out) in a.iter_mut().enumerate() {
        *out = funnel_right(source[i + 1], source[i], bits);
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
