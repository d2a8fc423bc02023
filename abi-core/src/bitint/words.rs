//! Two's-complement arithmetic on little-endian `u64` word slices holding an
//! N-bit value. Every function takes normalised inputs (bits N.. a copy of
//! bit N-1 for signed values, zero for unsigned) unless it says otherwise,
//! and leaves its output normalised.

use core::cmp::Ordering;

/// Index of the word holding bit N-1, and the number of value bits in it
/// (1..=64).
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn top(bits: u32) -> (usize, u32) {
    let index = ((bits - 1) / 64) as usize;
    (index, bits - 64 * index as u32)
}

/// Re-extend bits N.. from bit N-1 (signed) or clear them (unsigned), in
/// every word of `words`: the storage may hold words above the value.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
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
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
pub(crate) fn is_negative(words: &[u64], signed: bool) -> bool {
    signed && (words[words.len() - 1] as i64) < 0
}

/// `a += b`, wrapping at the storage width. Returns the carry out.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
pub(crate) fn add_assign(a: &mut [u64], b: &[u64]) -> bool {
    // One and two words as native integers (`add`, `add`/`adc`).
    if let ([x], [y]) = (&mut *a, b) {
        let (sum, carry) = x.overflowing_add(*y);
        *x = sum;
        return carry;
    }
    // Two words and more: a carry chain (`add`, `adc`...); on two words
    // it leaves LLVM simpler code than one `u128` addition.
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
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
pub(crate) fn sub_assign(a: &mut [u64], b: &[u64]) -> bool {
    if let ([x], [y]) = (&mut *a, b) {
        let (difference, borrow) = x.overflowing_sub(*y);
        *x = difference;
        return borrow;
    }
    // Two words and more: a borrow chain (`sub`, `sbb`...), as for `add`.
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
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn as_u128(a: &[u64]) -> u128 {
    u128::from(a[1]) << 64 | u128::from(a[0])
}

/// Two words as one `u128`: on little-endian targets the same bytes, one
/// `i128` value in LLVM's IR (where `as_u128` leaves two loads, two
/// extensions, a shift and an or, which weigh on the loop unroller).
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn words_as_u128(words: [u64; 2]) -> u128 {
    #[cfg(target_endian = "little")]
    {
        // SAFETY: `[u64; 2]` and `u128` have the same size, no padding, and
        // every bit pattern is valid for both; on a little-endian target
        // the low word comes first in both.
        unsafe { core::mem::transmute::<[u64; 2], u128>(words) }
    }
    #[cfg(not(target_endian = "little"))]
    {
        u128::from(words[1]) << 64 | u128::from(words[0])
    }
}

#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn set_u128(a: &mut [u64], value: u128) {
    a[0] = value as u64;
    a[1] = (value >> 64) as u64;
}

/// `out = a * b` truncated to `out.len()` words (`a`, `b` and `out` have the
/// same length; `out` starts zeroed).
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
pub(crate) fn mul_into(out: &mut [u64], a: &[u64], b: &[u64]) {
    let n = out.len();
    let (a, b) = (&a[..n], &b[..n]);
    match n {
        1 => out[0] = a[0].wrapping_mul(b[0]),
        // One widening multiplication and two low ones (as LLVM lowers a
        // `u128` product), written out: the `u128` form left LLVM a larger
        // loop body, which it unrolled less.
        2 => {
            let low = u128::from(a[0]) * u128::from(b[0]);
            out[0] = low as u64;
            out[1] = (a[1].wrapping_mul(b[0]))
                .wrapping_add(a[0].wrapping_mul(b[1]))
                .wrapping_add((low >> 64) as u64);
        }
        // LLVM unrolls the row loops of up to eight words completely
        // (at eight words: 239 instructions in the benchmark loop, against
        // 381 by columns).
        3..=8 => mul_by_rows(out, a, b),
        _ => mul_by_columns(out, a, b),
    }
}

/// Schoolbook multiplication row by row: `out += a[i] * b << 64 i`.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
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
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn add_product(sum: &mut [u64; 3], x: u64, y: u64) {
    let product = u128::from(x) * u128::from(y);
    let (low, c1) = sum[0].overflowing_add(product as u64);
    let (high, c2) = sum[1].overflowing_add((product >> 64) as u64);
    let (high, c3) = high.overflowing_add(u64::from(c1));
    *sum = [low, high, sum[2] + u64::from(c2 | c3)];
}

/// `sum += other` for three-word sums that cannot overflow.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
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
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
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
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
pub(crate) fn negate(a: &mut [u64]) {
    let mut carry = true;
    for x in a.iter_mut() {
        let (v, c) = (!*x).overflowing_add(carry as u64);
        *x = v;
        carry = c;
    }
}

/// Compare two normalised values.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
pub(crate) fn compare(a: &[u64], b: &[u64], signed: bool) -> Ordering {
    if let ([x], [y]) = (a, b) {
        return if signed {
            (*x as i64).cmp(&(*y as i64))
        } else {
            x.cmp(y)
        };
    }
    if let (Ok(x), Ok(y)) = (<&[u64; 2]>::try_from(a), <&[u64; 2]>::try_from(b)) {
        let (x, y) = (words_as_u128(*x), words_as_u128(*y));
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

/// `a < b` for two normalised values.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
pub(crate) fn less(a: &[u64], b: &[u64], signed: bool) -> bool {
    if let ([x], [y]) = (a, b) {
        return if signed {
            (*x as i64) < (*y as i64)
        } else {
            x < y
        };
    }
    if let (Ok(x), Ok(y)) = (<&[u64; 2]>::try_from(a), <&[u64; 2]>::try_from(b)) {
        let (x, y) = (words_as_u128(*x), words_as_u128(*y));
        return if signed {
            (x as i128) < (y as i128)
        } else {
            x < y
        };
    }
    compare(a, b, signed) == Ordering::Less
}

/// Whether every word is zero.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
pub(crate) fn is_zero(a: &[u64]) -> bool {
    a.iter().all(|&w| w == 0)
}

/// Calls `$function::<M>` with the window size `M = 2 * $n + 1` for the
/// word counts that shift through a window (3 to 8), or gives `None`. `$n`
/// is a constant once inlined, so one arm remains.
macro_rules! by_window_size {
    ($n:expr, $function:ident($($arg:expr),*)) => {
        match $n {
            3 => Some($function::<7>($($arg),*)),
            4 => Some($function::<9>($($arg),*)),
            5 => Some($function::<11>($($arg),*)),
            6 => Some($function::<13>($($arg),*)),
            7 => Some($function::<15>($($arg),*)),
            8 => Some($function::<17>($($arg),*)),
            _ => None,
        }
    };
}

/// `dst = src << amount` (`amount` < storage bits): one or two words as a
/// primitive, three to eight through a window
/// without a branch on the shift (clang's own method for `_BitInt`), wider
/// values word by word from `src` into `dst`, as `ruint` does. The window
/// costs fewer instructions there too, but its reads at an offset the
/// shift decides wait for the wide stores that filled it: 16 words, 127
/// instructions against `ruint`'s 176 and 1.42 times its time; word by
/// word 178 and 0.99 times.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
pub(crate) fn shl_into(src: &[u64], dst: &mut [u64], amount: u32) {
    if let ([x], [out]) = (src, &mut *dst) {
        *out = *x << amount;
        return;
    }
    if src.len() == 2 {
        set_u128(dst, as_u128(src) << amount);
        return;
    }
    let words = (amount / 64) as usize;
    let bits = amount % 64;
    if src.len() <= 8 {
        dst.copy_from_slice(src);
        by_window_size!(src.len(), shl_through_window(dst, words, bits));
        return;
    }
    // Zeroed first, as `shr_into` fills (see there).
    dst.fill(0);
    let mut carry = 0;
    for (out, &x) in dst[words..].iter_mut().zip(src) {
        *out = (x << bits) | carry;
        carry = x.unbounded_shr(64 - bits);
    }
}

/// `dst = src >> amount` (`amount` < storage bits), filling with `fill` (0
/// or !0), the same ways as [`shl_into`].
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
pub(crate) fn shr_into(src: &[u64], dst: &mut [u64], amount: u32, fill: u64) {
    if let ([x], [out]) = (src, &mut *dst) {
        *out = if fill == 0 {
            *x >> amount
        } else {
            ((*x as i64) >> amount) as u64
        };
        return;
    }
    if src.len() == 2 {
        let x = as_u128(src);
        set_u128(
            dst,
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
    let n = src.len();
    if n <= 8 {
        dst.copy_from_slice(src);
        by_window_size!(n, shr_through_window(dst, words, bits, fill));
        return;
    }
    // Filled first: filled after the loop, just before the result is read,
    // 16 words took 1.32 times `ruint`'s time.
    dst.fill(fill);
    let mut carry = fill.unbounded_shl(64 - bits);
    for i in (words..n).rev() {
        let x = src[i];
        dst[i - words] = (x >> bits) | carry;
        carry = x.unbounded_shl(64 - bits);
    }
}

/// The bits of `hi:lo` from bit `64 - bits` up: `hi << bits` with the top of
/// `lo` shifted in (one `shld` on x86-64; no shift by 64 when `bits` is 0).
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn funnel_left(hi: u64, lo: u64, bits: u32) -> u64 {
    ((u128::from(hi) << 64 | u128::from(lo)) << bits >> 64) as u64
}

/// The bits of `hi:lo` from bit `bits` up: `lo >> bits` with the bottom of
/// `hi` shifted in (one `shrd`).
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn funnel_right(hi: u64, lo: u64, bits: u32) -> u64 {
    ((u128::from(hi) << 64 | u128::from(lo)) >> bits) as u64
}

/// `shl` of a few words in place (`M = 2 * a.len() + 1`) without a branch
/// on the shift: the value sits above `a.len() + 1` zero words in a window,
/// and output word `i` is read from a fixed offset into it, moved down by
/// the whole words shifted.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
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
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn shr_through_window<const M: usize>(a: &mut [u64], words: usize, bits: u32, fill: u64) {
    let n = a.len();
    let mut window = [fill; M];
    window[..n].copy_from_slice(a);
    let source = &window[words.min(n)..][..n + 1];
    for (i, out) in a.iter_mut().enumerate() {
        *out = funnel_right(source[i + 1], source[i], bits);
    }
}

/// Unsigned division of normalised non-negative values: `quotient` and
/// `remainder` start zeroed; `divisor` is not zero; `dividend` and
/// `divisor` are working space (their contents may be lost; up to four
/// words they are left as they are). One and two
/// words divide as native integers, wider values by long division in base
/// 2^64 (Knuth's algorithm D: one quotient word per step, estimated from
/// the top words and corrected at most once, then one multiply-subtract).
/// `remainder` stays zero unless `REMAINDER`.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
pub(crate) fn divide_unsigned<const REMAINDER: bool>(
    dividend: &mut [u64],
    divisor: &mut [u64],
    quotient: &mut [u64],
    remainder: &mut [u64],
) {
    if let ([a], [b]) = (&*dividend, &*divisor) {
        quotient[0] = a / b;
        remainder[0] = a % b;
        return;
    }
    if dividend.len() == 2 {
        let (a, b) = (as_u128(dividend), as_u128(divisor));
        let q = a / b;
        set_u128(quotient, q);
        set_u128(remainder, a.wrapping_sub(q.wrapping_mul(b)));
        return;
    }
    divide_long::<REMAINDER>(dividend, divisor, quotient, remainder);
}

/// `divide_unsigned` of three words or more.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn divide_long<const REMAINDER: bool>(
    u: &mut [u64],
    v: &mut [u64],
    quotient: &mut [u64],
    remainder: &mut [u64],
) {
    let m = significant_words(u);
    let n = significant_words(v);
    if m < n || compare(&u[..n], &v[..n], false) == Ordering::Less && m == n {
        if REMAINDER {
            remainder.copy_from_slice(u);
        }
        return;
    }
    if n == 1 {
        divide_by_one_word(&u[..m], v[0], quotient, remainder);
        return;
    }
    if n == 2 {
        divide_by_two_words::<REMAINDER>(&u[..m], v, quotient, remainder);
        return;
    }
    if u.len() <= 4 {
        // Up to four words the operands are shifted in copies, so that
        // the caller's working copies are never written and can be left
        // out: the divisions by one or two words then read the operands
        // where they are. (The copies' wide stores delayed the first reads
        // of a 256-bit division: `%` 1.18 to 1.03 times `ruint`'s time,
        // `/` 1.10 to 0.98.)
        let (mut u_copy, mut v_copy) = ([0; 4], [0; 4]);
        u_copy[..m].copy_from_slice(&u[..m]);
        v_copy[..n].copy_from_slice(&v[..n]);
        divide_by_wide_divisor::<REMAINDER>(
            &mut u_copy[..m],
            &mut v_copy[..n],
            quotient,
            remainder,
        );
    } else {
        divide_by_wide_divisor::<REMAINDER>(&mut u[..m], &mut v[..n], quotient, remainder);
    }
}

/// The long division of `u` (`m` words, its top one not zero) by `v` (at
/// least three words, its top one not zero, `v <= u`), which both end up
/// shifted.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn divide_by_wide_divisor<const REMAINDER: bool>(
    u: &mut [u64],
    v: &mut [u64],
    quotient: &mut [u64],
    remainder: &mut [u64],
) {
    let (m, n) = (u.len(), v.len());
    // Normalise: both shifted left until the divisor's top bit is set;
    // the bits shifted out of the dividend's top word are `above`.
    let shift = v[n - 1].leading_zeros();
    let mut above = 0;
    if shift != 0 {
        shift_left_in_place(v, shift);
        above = u[m - 1] >> (64 - shift);
        shift_left_in_place(u, shift);
    }
    let d = u128::from(v[n - 1]) << 64 | u128::from(v[n - 2]);
    let reciprocal = reciprocal_3by2(d);
    // One quotient word per step, from the window u[j..j + n] and the word
    // above it: `above` on the first step, then u[j + n], the top word of
    // the previous step's remainder (no step reads further up, so what is
    // left there stays). That word and the window's top one, the two the
    // next quotient word is estimated from, are the previous step's
    // remainder, carried in `top` rather than read back from `u` just
    // after the step wrote them: the read waited for the writes on every
    // step (wall time against `ruint`, full benchmark runs: 1024-bit `%`
    // 1.37 to 1.29-1.31, `/` 1.29 to 1.18-1.20, 512-bit `%` 1.13 to
    // 1.08-1.09).
    let j = m - n;
    let mut top = u128::from(above) << 64 | u128::from(u[m - 1]);
    quotient[j] = quotient_step(&mut u[j..], &mut top, v, d, reciprocal);
    for j in (0..m - n).rev() {
        quotient[j] = quotient_step(&mut u[j..j + n], &mut top, v, d, reciprocal);
    }
    // The remainder is u[..n], shifted back.
    if REMAINDER {
        let remainder = &mut remainder[..n];
        remainder.copy_from_slice(&u[..n]);
        if shift != 0 {
            for i in 0..n - 1 {
                remainder[i] = funnel_right(remainder[i + 1], remainder[i], shift);
            }
            remainder[n - 1] >>= shift;
        }
    }
}

/// `u / d` (`u`'s top word not zero, `d` not zero), the remainder in
/// `remainder[0]`: one divisor word, normalised; each step divides two
/// words by it through its reciprocal, with the dividend shifted on the
/// fly.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn divide_by_one_word(u: &[u64], divisor: u64, quotient: &mut [u64], remainder: &mut [u64]) {
    let m = u.len();
    let shift = divisor.leading_zeros();
    let d = divisor << shift;
    let reciprocal = reciprocal(d);
    let mut rem = if shift == 0 {
        0
    } else {
        u[m - 1] >> (64 - shift)
    };
    for i in (0..m).rev() {
        let low = if i == 0 { 0 } else { u[i - 1] };
        let (q, r) = divide_2by1(rem, funnel_left(u[i], low, shift), d, reciprocal);
        quotient[i] = q;
        rem = r;
    }
    remainder[0] = rem >> shift;
}

/// `u / v` (`u`'s top word not zero, `v` two words, its top one not
/// zero, `v <= u`): the divisor normalised, each step divides three words
/// by it (the two-word remainder and the next dividend word, shifted on
/// the fly), with no multiply-subtract over the divisor.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn divide_by_two_words<const REMAINDER: bool>(
    u: &[u64],
    v: &[u64],
    quotient: &mut [u64],
    remainder: &mut [u64],
) {
    let m = u.len();
    let shift = v[1].leading_zeros();
    let d = (u128::from(v[1]) << 64 | u128::from(v[0])) << shift;
    let reciprocal = reciprocal_3by2(d);
    // The shifted dividend's top two words: below `d`, as its top word
    // holds at most `shift` < 64 bits and `d`'s top bit is set.
    let second = if m >= 2 { u[m - 2] } else { 0 };
    let mut rem = (u128::from(u[m - 1]) << 64 | u128::from(second)) >> (64 - shift);
    for i in (0..m - 1).rev() {
        let low = if i == 0 { 0 } else { u[i - 1] };
        let (q, r) = divide_3by2(rem, funnel_left(u[i], low, shift), d, reciprocal);
        quotient[i] = q;
        rem = r;
    }
    if REMAINDER {
        set_u128(remainder, rem >> shift);
    }
}

/// One step of the long division: the quotient word of `above:window`
/// by `v` (normalised, at least three words; `d` is its top two words and
/// `reciprocal` theirs), with `window` replaced by the remainder (`above`
/// becomes zero). `top` holds `above` and the window's top word on entry
/// and the remainder's top two words on return. The window is below
/// `v * 2^64`, so its top two words are at most `d`.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn quotient_step(window: &mut [u64], top: &mut u128, v: &[u64], d: u128, reciprocal: u64) -> u64 {
    let n = v.len();
    let window = &mut window[..n];
    let top_two = *top;
    if top_two == d {
        // The quotient word is 2^64 - 1 (the window minus `v` times it is
        // `v` minus `v` shifted up a word: non-negative, as `v`'s top bit
        // is set, and below `v`). Multiplied out like any other word (the
        // form without products, two interleaved carry chains, measured
        // about half again as long).
        let borrow = sub_product(window, v, u64::MAX);
        debug_assert_eq!((top_two >> 64) as u64, borrow);
        *top = u128::from(window[n - 1]) << 64 | u128::from(window[n - 2]);
        return u64::MAX;
    }
    // The quotient word of the top three words and the remainder of them;
    // the rest of the divisor times the quotient is then subtracted below
    // them, and the remainder's two words take the borrow. Their quotient
    // word is the window's, or one too large (then the remainder goes
    // negative: add v back).
    let (q, r) = divide_3by2(top_two, window[n - 2], d, reciprocal);
    let borrow = sub_product(&mut window[..n - 2], &v[..n - 2], q);
    let (r, negative) = r.overflowing_sub(u128::from(borrow));
    set_u128(&mut window[n - 2..], r);
    *top = r;
    if negative {
        unlikely();
        // The carry out of the top cancels the borrow.
        add_assign(window, v);
        *top = u128::from(window[n - 1]) << 64 | u128::from(window[n - 2]);
        q - 1
    } else {
        q
    }
}

/// `window -= q * v` over the length of `window` (at most `v.len()`);
/// returns the word borrowed from above it.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn sub_product(window: &mut [u64], v: &[u64], q: u64) -> u64 {
    let v = &v[..window.len()];
    // Two words per iteration (half the loop's own instructions), then
    // the odd one.
    let mut carry = 0u64;
    let mut pairs = window.chunks_exact_mut(2);
    for (w, d) in (&mut pairs).zip(v.chunks_exact(2)) {
        carry = sub_word_product(&mut w[0], d[0], q, carry);
        carry = sub_word_product(&mut w[1], d[1], q, carry);
    }
    if let [w] = pairs.into_remainder() {
        carry = sub_word_product(w, v[v.len() - 1], q, carry);
    }
    carry
}

/// `*w -= q * d + carry`; returns the carry into the next word.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn sub_word_product(w: &mut u64, d: u64, q: u64, carry: u64) -> u64 {
    // At most (2^64 - 1)^2 + 2^64 - 1 < 2^128.
    let t = u128::from(q) * u128::from(d) + u128::from(carry);
    let (difference, borrow) = w.overflowing_sub(t as u64);
    *w = difference;
    // The high word is 2^64 - 1 only when the low word is 0, which borrows
    // nothing: no overflow.
    (t >> 64) as u64 + u64::from(borrow)
}

/// Marks the branch that calls it as rarely taken, so that LLVM keeps it
/// a branch instead of computing both arms and selecting.
#[cold]
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn unlikely() {}

/// `floor((2^128 - 1) / d) - 2^64` for a normalised `d` (top bit set):
/// what `divide_2by1` multiplies by instead of dividing (Möller and
/// Granlund, "Improved division by invariant integers", 2011).
///
/// On x86-64 one `div` of `(2^64 - 1 - d):(2^64 - 1)` by `d` (the quotient
/// fits a word: `!d < d`); elsewhere, and under Miri, a `u128` division
/// (`__udivti3`, about 20 more instructions per long division).
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn reciprocal(d: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    {
        // Sets the top bit, which the callers' normalised divisors have
        // already: for any other `d` the result is wrong but the `div`
        // below still cannot fault.
        let d = d | 1 << 63;
        let quotient: u64;
        // SAFETY: `div` divides rdx:rax by the operand; with rdx = !d < d
        // (the top bit of `d` is set) the quotient fits rax, so it cannot
        // raise a divide error. It reads and writes registers only.
        unsafe {
            core::arch::asm!(
                "div {d}",
                d = in(reg) d,
                inout("rax") u64::MAX => quotient,
                inout("rdx") !d => _,
                options(pure, nomem, nostack),
            );
        }
        quotient
    }
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    {
        (u128::MAX / u128::from(d)) as u64
    }
}

/// `floor((2^192 - 1) / d) - 2^64` for a normalised two-word `d` (top bit
/// set): what `divide_3by2` multiplies by. The one-word reciprocal of the
/// top word, corrected for the lower word (Möller and Granlund's
/// algorithm 6).
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn reciprocal_3by2(d: u128) -> u64 {
    let (d1, d0) = ((d >> 64) as u64, d as u64);
    let mut v = reciprocal(d1);
    let (mut p, carry) = d1.wrapping_mul(v).overflowing_add(d0);
    if carry {
        v = v.wrapping_sub(1);
        if p >= d1 {
            v = v.wrapping_sub(1);
            p = p.wrapping_sub(d1);
        }
        p = p.wrapping_sub(d1);
    }
    let t = u128::from(v) * u128::from(d0);
    let (p, carry) = p.overflowing_add((t >> 64) as u64);
    if carry {
        v = v.wrapping_sub(1);
        if (u128::from(p) << 64 | (t as u64 as u128)) >= d {
            v = v.wrapping_sub(1);
        }
    }
    v
}

/// `(u21:u0) / d` and the two-word remainder, for a normalised two-word
/// `d` and `u21 < d`, with three multiplications and no division (Möller
/// and Granlund's algorithm 5).
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn divide_3by2(u21: u128, u0: u64, d: u128, reciprocal: u64) -> (u64, u128) {
    let (u2, u1) = ((u21 >> 64) as u64, u21 as u64);
    let (d1, d0) = ((d >> 64) as u64, d as u64);
    let q = (u128::from(reciprocal) * u128::from(u2)).wrapping_add(u21);
    let (q1, q0) = ((q >> 64) as u64, q as u64);
    let r1 = u1.wrapping_sub(q1.wrapping_mul(d1));
    let t = u128::from(d0) * u128::from(q1);
    let mut r = (u128::from(r1) << 64 | u128::from(u0))
        .wrapping_sub(t)
        .wrapping_sub(d);
    let mut q1 = q1.wrapping_add(1);
    if (r >> 64) as u64 >= q0 {
        q1 = q1.wrapping_sub(1);
        r = r.wrapping_add(d);
    }
    if r >= d {
        unlikely();
        q1 = q1.wrapping_add(1);
        r -= d;
    }
    (q1, r)
}

/// `(u1:u0) / d` and the remainder, for a normalised `d` and `u1 < d`,
/// with two multiplications and no division (Möller and Granlund's
/// algorithm 4).
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn divide_2by1(u1: u64, u0: u64, d: u64, reciprocal: u64) -> (u64, u64) {
    let product = u128::from(reciprocal) * u128::from(u1);
    let q = product.wrapping_add(u128::from(u1) << 64 | u128::from(u0));
    let mut q1 = ((q >> 64) as u64).wrapping_add(1);
    let q0 = q as u64;
    let mut r = u0.wrapping_sub(q1.wrapping_mul(d));
    if r > q0 {
        q1 = q1.wrapping_sub(1);
        r = r.wrapping_add(d);
    }
    if r >= d {
        q1 += 1;
        r -= d;
    }
    (q1, r)
}

/// `a <<= shift` (0 < shift < 64), the bits shifted out of the top dropped.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn shift_left_in_place(a: &mut [u64], shift: u32) {
    for i in (1..a.len()).rev() {
        a[i] = funnel_left(a[i], a[i - 1], shift);
    }
    a[0] <<= shift;
}

/// Number of words up to and including the highest non-zero one.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
fn significant_words(a: &[u64]) -> usize {
    a.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Bit-serial long division, the reference.
    fn reference(dividend: &[u64], divisor: &[u64]) -> (Vec<u64>, Vec<u64>) {
        let n = dividend.len();
        let (mut q, mut r) = (vec![0; n], vec![0; n + 1]);
        for i in (0..64 * n).rev() {
            for k in (1..=n).rev() {
                r[k] = r[k] << 1 | r[k - 1] >> 63;
            }
            r[0] = r[0] << 1 | (dividend[i / 64] >> (i % 64)) & 1;
            let mut d = divisor.to_vec();
            d.push(0);
            if compare(&r, &d, false) != Ordering::Less {
                sub_assign(&mut r, &d);
                q[i / 64] |= 1 << (i % 64);
            }
        }
        r.pop();
        (q, r)
    }

    /// Words that make the quotient estimate of algorithm D wrong (its
    /// corrections and the rare add-back step), in every combination.
    #[test]
    // Safe arithmetic over thousands of word combinations: minutes under
    // Miri, which has nothing to check in it.
    #[cfg_attr(miri, ignore = "safe arithmetic, too slow under Miri")]
    fn long_division_matches_bit_serial_division() {
        const WORDS: [u64; 6] = [0, 1, 1 << 63, (1 << 63) - 1, !0, !0 - 1];
        let mut checked = 0;
        for len in [3usize, 4] {
            let combos = WORDS.len().pow(len as u32);
            for a in 0..combos {
                let dividend: Vec<u64> = (0..len)
                    .map(|k| WORDS[a / WORDS.len().pow(k as u32) % WORDS.len()])
                    .collect();
                for b in 0..WORDS.len().pow(3) {
                    let mut divisor: Vec<u64> = (0..3)
                        .map(|k| WORDS[b / WORDS.len().pow(k as u32) % WORDS.len()])
                        .collect();
                    divisor.resize(len, 0);
                    if len == 4 && b % 5 != 0 {
                        continue;
                    }
                    if is_zero(&divisor) {
                        continue;
                    }
                    let (mut q, mut r) = (vec![0; len], vec![0; len]);
                    let (mut u, mut v) = (dividend.clone(), divisor.clone());
                    divide_unsigned::<true>(&mut u, &mut v, &mut q, &mut r);
                    assert_eq!(
                        (q, r),
                        reference(&dividend, &divisor),
                        "{dividend:x?} / {divisor:x?}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 10_000);
    }

    /// A few thousand pseudo-random words with many runs of ones and zeros
    /// (xorshift, then masks), as the corrections need.
    fn patterned_words(count: usize, seed: u64) -> Vec<u64> {
        let mut state = seed | 1;
        (0..count)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                match state % 7 {
                    0 => 0,
                    1 => !0,
                    2 => 1 << 63,
                    3 => state >> (state % 64),
                    4 => !(state >> (state % 64)),
                    _ => state,
                }
            })
            .collect()
    }

    /// Every dividend and divisor length from 3 to 16 words (the storage
    /// lengths of 129 to 1024 bits), including dividends whose quotient
    /// words are all ones (a window's top two words equal to the
    /// divisor's) and divisors of one and two words.
    #[test]
    #[cfg_attr(miri, ignore = "safe arithmetic, too slow under Miri")]
    fn long_division_of_every_length_matches_bit_serial_division() {
        let mut words = patterned_words(200_000, 0x2545_F491_4F6C_DD1D).into_iter();
        let mut all_ones = 0;
        for len in 3..=16 {
            for case in 0..60 {
                let divisor_len = 1 + case % len;
                let mut divisor: Vec<u64> = (0..len).map(|_| words.next().unwrap()).collect();
                divisor[divisor_len..].fill(0);
                if divisor[divisor_len - 1] == 0 {
                    divisor[divisor_len - 1] = 1 << (case % 64);
                }
                let mut dividend: Vec<u64> = (0..len).map(|_| words.next().unwrap()).collect();
                if case % 3 == 0 {
                    // The divisor's words repeated at the top: the
                    // quotient words below the top one are all ones or
                    // nearly.
                    let shift = len - divisor_len;
                    dividend[shift..].copy_from_slice(&divisor[..divisor_len]);
                    dividend[shift] = dividend[shift].wrapping_sub(case as u64 % 2);
                }
                let (mut q, mut r) = (vec![0; len], vec![0; len]);
                let (mut u, mut v) = (dividend.clone(), divisor.clone());
                divide_unsigned::<true>(&mut u, &mut v, &mut q, &mut r);
                all_ones += usize::from(q.contains(&u64::MAX));
                assert_eq!(
                    (q, r),
                    reference(&dividend, &divisor),
                    "{dividend:x?} / {divisor:x?}"
                );
            }
        }
        assert!(all_ones > 50, "{all_ones}");
    }

    /// `<` and `cmp` of two words (one `u128` through a transmute on
    /// little-endian targets) against `u128` and `i128` comparison.
    #[test]
    fn two_word_comparisons_match_u128() {
        let words = patterned_words(400, 0x1405_7B7E_F767_814F);
        for pair in words.chunks_exact(4) {
            let (a, b) = ([pair[0], pair[1]], [pair[2], pair[3]]);
            let x = u128::from(a[1]) << 64 | u128::from(a[0]);
            let y = u128::from(b[1]) << 64 | u128::from(b[0]);
            for (u, v, p, q) in [(a, b, x, y), (b, a, y, x), (a, a, x, x)] {
                assert_eq!(less(&u, &v, false), p < q, "{p:x} < {q:x}");
                assert_eq!(less(&u, &v, true), (p as i128) < (q as i128));
                assert_eq!(compare(&u, &v, false), p.cmp(&q));
                assert_eq!(compare(&u, &v, true), (p as i128).cmp(&(q as i128)));
            }
        }
    }

    /// The one-word reciprocal (a hardware division on x86-64) against
    /// `u128` division.
    #[test]
    fn reciprocal_matches_u128_division() {
        let words = patterned_words(20_000, 0x5851_F42D_4C95_7F2D);
        for d in words
            .iter()
            .map(|w| w | 1 << 63)
            .chain([1 << 63, !0, !0 - 1])
        {
            assert_eq!(reciprocal(d), (u128::MAX / u128::from(d)) as u64, "{d:x}");
        }
    }

    /// The three-by-two step and its reciprocal against the bit-serial
    /// division of three words.
    #[test]
    #[cfg_attr(miri, ignore = "safe arithmetic, too slow under Miri")]
    fn three_by_two_step_matches_bit_serial_division() {
        let words = patterned_words(12_000, 0x9E37_79B9_7F4A_7C15);
        for chunk in words.chunks_exact(5) {
            let d = u128::from(chunk[0] | 1 << 63) << 64 | u128::from(chunk[1]);
            let reciprocal = reciprocal_3by2(d);
            let (d1, d0) = ((d >> 64) as u64, d as u64);
            assert_eq!(
                vec![reciprocal, 1, 0],
                reference(&[!0, !0, !0], &[d0, d1, 0]).0,
                "reciprocal of {d:x}"
            );
            // Any u21 below d.
            let u21 = (u128::from(chunk[2]) << 64 | u128::from(chunk[3])) % d;
            let (q, r) = divide_3by2(u21, chunk[4], d, reciprocal);
            let (u2, u1) = ((u21 >> 64) as u64, u21 as u64);
            assert_eq!(
                (vec![q, 0, 0], vec![r as u64, (r >> 64) as u64, 0]),
                reference(&[chunk[4], u1, u2], &[d0, d1, 0]),
                "{u21:x}:{:x} / {d:x}",
                chunk[4]
            );
        }
    }
}
