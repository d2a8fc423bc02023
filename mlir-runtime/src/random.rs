//! `rtsrand`, `rtrand`, `rtdrand` and `_mlir_ciface_shuffle`: the random
//! numbers of `libmlir_c_runner_utils`.
//!
//! LLVM's are `std::mt19937` seeded with the argument,
//! `std::uniform_int_distribution<uint64_t>(0, m)` and `std::shuffle` of
//! `0..n`, instantiated from libstdc++'s headers inside LLVM's library
//! (this follows GCC 12's, Debian bookworm's; the distribution's
//! downscaling has been Lemire's since GCC 11). The same numbers come out
//! here, the same algorithms written again: the Mersenne Twister
//! of the C++ standard, libstdc++'s distribution (Lemire's nearly
//! divisionless downscaling of one 32-bit draw below 2^32 - 1, one draw
//! for exactly 2^32 - 1, and above it a recursive draw of the high part
//! followed by a draw of the low 32 bits, retried on overflow) and its
//! shuffle (two swap positions from one draw while `n * n` fits in the
//! generator's range, otherwise one draw per position). `cargo xtask
//! mlir-runtime` compares the outputs with LLVM's, byte for byte.

use core::ffi::c_void;

use abi_core::c_export;
use abi_core::memref::{MemRefDescriptor, MemRefMut};
use abi_core::model::mlir::{MemRefError, MemRefType};

use crate::memrefs::refuse;

const STATE: usize = 624;
const SHIFT: usize = 397;

/// `std::mt19937`: the 32-bit Mersenne Twister of the C++ standard
/// (`[rand.predef]`: its 10000th output from the default seed 5489 is
/// 4123659995).
#[derive(Clone)]
pub struct Mt19937 {
    state: [u32; STATE],
    next: usize,
}

impl core::fmt::Debug for Mt19937 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Mt19937").field("next", &self.next).finish()
    }
}

impl Mt19937 {
    /// `std::mt19937(seed)`: the seed is taken modulo 2^32.
    pub fn new(seed: u64) -> Mt19937 {
        let mut state = [0u32; STATE];
        state[0] = seed as u32;
        for i in 1..STATE {
            let x = state[i - 1];
            state[i] = 1_812_433_253u32
                .wrapping_mul(x ^ (x >> 30))
                .wrapping_add(i as u32);
        }
        Mt19937 { state, next: STATE }
    }

    fn twist(&mut self) {
        for i in 0..STATE {
            let y = (self.state[i] & 0x8000_0000) | (self.state[(i + 1) % STATE] & 0x7fff_ffff);
            let mut x = self.state[(i + SHIFT) % STATE] ^ (y >> 1);
            if y & 1 != 0 {
                x ^= 0x9908_b0df;
            }
            self.state[i] = x;
        }
        self.next = 0;
    }

    /// The next output.
    pub fn next_u32(&mut self) -> u32 {
        if self.next >= STATE {
            self.twist();
        }
        let mut y = self.state[self.next];
        self.next += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `std::uniform_int_distribution<uint64_t>(0, max)(*this)` as
    /// libstdc++ draws it.
    pub fn uniform(&mut self, max: u64) -> u64 {
        const RANGE: u64 = u32::MAX as u64;
        if max < RANGE {
            u64::from(self.downscaled(max as u32 + 1))
        } else if max > RANGE {
            loop {
                let high = (RANGE + 1).wrapping_mul(self.uniform(max >> 32));
                let value = high.wrapping_add(u64::from(self.next_u32()));
                if value <= max && value >= high {
                    return value;
                }
            }
        } else {
            u64::from(self.next_u32())
        }
    }

    /// A number in `0..range` (libstdc++'s `_S_nd`: Lemire's method).
    fn downscaled(&mut self, range: u32) -> u32 {
        let mut product = u64::from(self.next_u32()) * u64::from(range);
        let mut low = product as u32;
        if low < range {
            let threshold = range.wrapping_neg() % range;
            while low < threshold {
                product = u64::from(self.next_u32()) * u64::from(range);
                low = product as u32;
            }
        }
        (product >> 32) as u32
    }

    /// `std::shuffle(values.begin(), values.end(), *this)` as libstdc++
    /// shuffles.
    pub fn shuffle<T>(&mut self, values: &mut [T]) {
        let n = values.len() as u64;
        if n == 0 {
            return;
        }
        if u64::from(u32::MAX) / n >= n {
            let mut i = 1;
            if n.is_multiple_of(2) {
                let j = self.uniform(1);
                values.swap(i, j as usize);
                i += 1;
            }
            while i != values.len() {
                let range = i as u64 + 1;
                let x = self.uniform(range * (range + 1) - 1);
                values.swap(i, (x / (range + 1)) as usize);
                values.swap(i + 1, (x % (range + 1)) as usize);
                i += 2;
            }
        } else {
            for i in 1..values.len() {
                let j = self.uniform(i as u64);
                values.swap(i, j as usize);
            }
        }
    }
}

/// `rtsrand(seed)`: a new generator (`std::mt19937(seed)`), freed by
/// `rtdrand`.
#[c_export(name = "rtsrand")]
pub fn rtsrand(seed: u64) -> *mut c_void {
    Box::into_raw(Box::new(Mt19937::new(seed))).cast()
}

/// The generator behind a pointer from `rtsrand`, or the abort.
///
/// # Safety
///
/// `g` is NULL or came from `rtsrand` and was not passed to `rtdrand`.
unsafe fn generator<'a>(function: &str, g: *mut c_void) -> &'a mut Mt19937 {
    if g.is_null() {
        let message = format!("abi-mlir-runtime: `{function}`: the generator is NULL; aborting\n");
        crate::output::write(crate::output::Stream::Err, message.as_bytes(), true);
        std::process::abort();
    }
    // SAFETY: from `rtsrand` and still live (caller).
    unsafe { &mut *g.cast::<Mt19937>() }
}

/// `rtrand(g, m)`: a number in `0..=m`, uniformly.
#[c_export(name = "rtrand")]
fn rtrand(g: *mut c_void, m: u64) -> u64 {
    // SAFETY: MLIR passes the generator `rtsrand` returned.
    unsafe { generator("rtrand", g) }.uniform(m)
}

/// `rtdrand(g)`: frees the generator.
#[c_export(name = "rtdrand")]
fn rtdrand(g: *mut c_void) {
    if !g.is_null() {
        // SAFETY: from `rtsrand` (`Box::into_raw`), freed once (MLIR's
        // contract, as for LLVM's `delete`).
        drop(unsafe { Box::from_raw(g.cast::<Mt19937>()) });
    }
}

/// `_mlir_ciface_shuffle(m, g)`: `m` (a `memref<?xi64>`) becomes a random
/// permutation of `0..n`. LLVM's writes the `n` values from the `aligned`
/// pointer on, whatever the offset and stride; here the identity layout
/// (offset 0, stride 1) is checked, so the same memory is written or the
/// process aborts.
#[c_export(name = "_mlir_ciface_shuffle")]
fn shuffle(m: *mut c_void, g: *mut c_void) {
    const NAME: &str = "_mlir_ciface_shuffle";
    let m = m.cast::<MemRefDescriptor<u64, 1>>();
    if m.is_null() {
        refuse(NAME, MemRefError::NullDescriptor);
    }
    // SAFETY: MLIR passes a pointer to a rank-1 descriptor (checked
    // non-NULL; read unaligned, as foreign code may pack it).
    let desc = unsafe { m.read_unaligned() };
    // SAFETY: MLIR's memref, not accessed otherwise during the call;
    // checked against the identity layout before it is written.
    let mut view = unsafe { MemRefMut::from_descriptor(&desc, &MemRefType::DYNAMIC_IDENTITY) }
        .unwrap_or_else(|e| refuse(NAME, e));
    // SAFETY: MLIR passes the generator `rtsrand` returned.
    let g = unsafe { generator(NAME, g) };
    let Some(values) = view.as_mut_slice() else {
        refuse(NAME, MemRefError::Overflow);
    };
    for (k, v) in values.iter_mut().enumerate() {
        *v = k as u64;
    }
    g.shuffle(values);
}

#[cfg(test)]
mod tests {
    use super::Mt19937;

    /// The C++ standard's check of `std::mt19937` (`[rand.predef]`).
    #[test]
    fn the_standard_10000th_output() {
        let mut g = Mt19937::new(5489);
        let mut last = 0;
        for _ in 0..10_000 {
            last = g.next_u32();
        }
        assert_eq!(last, 4_123_659_995);
    }

    #[test]
    fn uniform_stays_in_range_and_shuffle_permutes() {
        let mut g = Mt19937::new(1);
        for max in [0, 1, 7, u64::from(u32::MAX), 1 << 40, u64::MAX] {
            for _ in 0..100 {
                assert!(g.uniform(max) <= max);
            }
        }
        for n in [0, 1, 2, 7, 70_000] {
            let mut v: Vec<u64> = (0..n).collect();
            g.shuffle(&mut v);
            v.sort_unstable();
            assert_eq!(v, (0..n).collect::<Vec<_>>());
        }
    }
}
