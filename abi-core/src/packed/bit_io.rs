//! Reading and writing runs of up to 64 bits at any bit offset, in the two
//! kinds of memory packed values live in: little-endian 64-bit words (the
//! working form of a whole value) and byte buffers (views over foreign
//! memory). Bit `i` of a buffer is bit `i % 64` of word `i / 64`, or bit
//! `i % 8` of byte `i / 8`: the same numbering on a little-endian host.
//!
//! Out-of-range accesses panic through slice indexing; there is no unsafe
//! code here.

/// All ones in the low `width` bits (`width` in 1..=64).
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
pub(crate) const fn low_mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// Memory packed bits can be read from.
pub trait BitSource {
    /// Bits `offset .. offset + width` (width 1..=64), shifted down to bit
    /// 0; the bits above `width` are zero.
    ///
    /// # Panics
    ///
    /// When the range does not lie inside the buffer.
    fn extract(&self, offset: usize, width: u32) -> u64;
}

/// Memory packed bits can be written to.
pub trait BitSink {
    /// Overwrite bits `offset .. offset + width` (width 1..=64) with the low
    /// `width` bits of `value`; every other bit is left as it was.
    ///
    /// # Panics
    ///
    /// When the range does not lie inside the buffer.
    fn deposit(&mut self, offset: usize, width: u32, value: u64);
}

impl BitSource for [u64] {
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn extract(&self, offset: usize, width: u32) -> u64 {
        let word = offset / 64;
        let shift = (offset % 64) as u32;
        let low = self[word] >> shift;
        // `shift + width > 64` implies `shift > 0`, so `64 - shift < 64`.
        let value = if shift + width > 64 {
            low | self[word + 1] << (64 - shift)
        } else {
            low
        };
        value & low_mask(width)
    }
}

impl BitSink for [u64] {
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn deposit(&mut self, offset: usize, width: u32, value: u64) {
        let value = value & low_mask(width);
        let word = offset / 64;
        let shift = (offset % 64) as u32;
        let mask = low_mask(width) << shift;
        self[word] = self[word] & !mask | value << shift;
        if shift + width > 64 {
            let spill = low_mask(shift + width - 64);
            self[word + 1] = self[word + 1] & !spill | value >> (64 - shift);
        }
    }
}

/// `svBitVecVal` chunks and narrow packed values: a run of up to 64 bits
/// covers at most three chunks.
impl BitSource for [u32] {
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn extract(&self, offset: usize, width: u32) -> u64 {
        let chunk = offset / 32;
        let shift = (offset % 32) as u32;
        let mut value = u64::from(self[chunk]) >> shift;
        let mut have = 32 - shift;
        let mut next = chunk + 1;
        while have < width {
            value |= u64::from(self[next]) << have;
            have += 32;
            next += 1;
        }
        value & low_mask(width)
    }
}

impl BitSink for [u32] {
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn deposit(&mut self, offset: usize, width: u32, value: u64) {
        let value = value & low_mask(width);
        let mut chunk = offset / 32;
        let mut shift = (offset % 32) as u32;
        let mut done = 0;
        while done < width {
            let take = (32 - shift).min(width - done);
            let mask = (low_mask(take) as u32) << shift;
            let bits = ((value >> done) as u32) << shift;
            self[chunk] = self[chunk] & !mask | bits & mask;
            done += take;
            chunk += 1;
            shift = 0;
        }
    }
}

impl BitSource for [u8] {
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn extract(&self, offset: usize, width: u32) -> u64 {
        let first = offset / 8;
        let shift = (offset % 8) as u32;
        // At most 7 + 64 bits: 9 bytes, which fit a u128.
        let len = (shift + width).div_ceil(8) as usize;
        let window = self[first..first + len]
            .iter()
            .enumerate()
            .fold(0u128, |acc, (i, &b)| acc | u128::from(b) << (8 * i));
        (window >> shift) as u64 & low_mask(width)
    }
}

impl BitSink for [u8] {
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn deposit(&mut self, offset: usize, width: u32, value: u64) {
        let first = offset / 8;
        let shift = (offset % 8) as u32;
        let len = (shift + width).div_ceil(8) as usize;
        let mask = u128::from(low_mask(width)) << shift;
        let bits = u128::from(value & low_mask(width)) << shift;
        for (i, byte) in self[first..first + len].iter_mut().enumerate() {
            let m = (mask >> (8 * i)) as u8;
            *byte = *byte & !m | (bits >> (8 * i)) as u8;
        }
    }
}

/// Clear bits `offset .. offset + width` of `dst` (any width).
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
pub(crate) fn clear_bits<S: BitSink + ?Sized>(dst: &mut S, offset: usize, width: u32) {
    let mut done = 0;
    while done < width {
        let run = (width - done).min(64);
        dst.deposit(offset + done as usize, run, 0);
        done += run;
    }
}

/// The known bits of 4-state memory: the value bits where the control bit
/// is clear, 0 where it marks X or Z (as SystemVerilog converts `logic` to
/// `bit`).
pub(crate) struct KnownBits<'a, S: ?Sized> {
    pub(crate) value: &'a S,
    pub(crate) control: &'a S,
}

impl<S: BitSource + ?Sized> BitSource for KnownBits<'_, S> {
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn extract(&self, offset: usize, width: u32) -> u64 {
        self.value.extract(offset, width) & !self.control.extract(offset, width)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bit-by-bit reference.
    fn bit_of_bytes(bytes: &[u8], i: usize) -> bool {
        bytes[i / 8] >> (i % 8) & 1 == 1
    }

    #[test]
    fn words_and_bytes_agree_at_every_offset_and_width() {
        let bytes: Vec<u8> = (0..40u32).map(|i| (i * 37 + 11) as u8).collect();
        let words: Vec<u64> = bytes
            .chunks(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        // Every width and offset natively; a sample under Miri, which runs
        // this ~1000 times slower.
        let step = if cfg!(miri) { 13 } else { 1 };
        for width in (1..=64u32).step_by(step) {
            for offset in (0..(320 - width as usize)).step_by(step) {
                let expected = (0..width as usize)
                    .filter(|&k| bit_of_bytes(&bytes, offset + k))
                    .fold(0u64, |acc, k| acc | 1 << k);
                assert_eq!(
                    bytes.extract(offset, width),
                    expected,
                    "bytes {offset}+{width}"
                );
                assert_eq!(
                    words.extract(offset, width),
                    expected,
                    "words {offset}+{width}"
                );
            }
        }
    }

    #[test]
    fn chunks_agree_with_bytes() {
        let bytes: Vec<u8> = (0..40u32).map(|i| (i * 53 + 7) as u8).collect();
        let chunks: Vec<u32> = bytes
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        // Every width and offset natively; a sample under Miri, which runs
        // this ~1000 times slower.
        let step = if cfg!(miri) { 13 } else { 1 };
        for width in (1..=64u32).step_by(step) {
            for offset in (0..(320 - width as usize)).step_by(step) {
                assert_eq!(chunks.extract(offset, width), bytes.extract(offset, width));
                let mut c = chunks.clone();
                let mut b = bytes.clone();
                let value = 0x9e37_79b9_7f4a_7c15u64.rotate_left(offset as u32);
                c.deposit(offset, width, value);
                b.deposit(offset, width, value);
                let c_bytes: Vec<u8> = c.iter().flat_map(|w| w.to_le_bytes()).collect();
                assert_eq!(c_bytes, b, "{offset}+{width}");
            }
        }
    }

    #[test]
    fn deposit_changes_exactly_the_range() {
        for width in [1u32, 7, 8, 9, 31, 33, 63, 64] {
            for offset in [0usize, 1, 7, 8, 60, 63, 64, 65, 100] {
                let value = 0xA5C3_5A3C_F00F_1234u64;
                let mut bytes = [0x5Au8; 32];
                let before = bytes;
                bytes.as_mut_slice().deposit(offset, width, value);
                let mut words = [0x5A5A_5A5A_5A5A_5A5Au64; 4];
                words.as_mut_slice().deposit(offset, width, value);
                let word_bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
                assert_eq!(word_bytes, bytes);
                for i in 0..256 {
                    let inside = (offset..offset + width as usize).contains(&i);
                    let expected = if inside {
                        value >> (i - offset) & 1 == 1
                    } else {
                        bit_of_bytes(&before, i)
                    };
                    assert_eq!(
                        bit_of_bytes(&bytes, i),
                        expected,
                        "bit {i} ({offset}+{width})"
                    );
                }
            }
        }
    }
}
