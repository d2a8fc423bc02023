//! `_BitInt` storage with arbitrary padding bits (as C leaves it in
//! memory): the value must equal the one from the significant bits alone,
//! whatever the padding, and byte round trips must hold.
#![no_main]

use abi_core::bitint::{BitInt, UBitInt};
use libfuzzer_sys::fuzz_target;

macro_rules! check_narrow {
    ($data:expr, $($n:literal: $storage:ty),*) => {$({
        let mut raw = [0u8; size_of::<$storage>()];
        let k = raw.len().min($data.len());
        raw[..k].copy_from_slice(&$data[..k]);
        let storage = <$storage>::from_le_bytes(raw);
        let mask: u64 = if $n == 64 { u64::MAX } else { (1u64 << $n) - 1 };
        let bits = storage as u64 & mask;
        let u = UBitInt::<$n>::from_storage(storage);
        assert_eq!(u64::try_from(u).unwrap(), bits);
        let s = BitInt::<$n>::from_storage(storage);
        let shift = 64 - $n;
        assert_eq!(i64::try_from(s).unwrap(), ((bits << shift) as i64) >> shift);
        assert_eq!(UBitInt::<$n>::from_le_bytes(&u.to_le_bytes()).unwrap(), u);
        assert_eq!(BitInt::<$n>::from_le_bytes(&s.to_le_bytes()).unwrap(), s);
        // What crosses back to C is fully extended.
        assert_eq!(u.as_c_arg().into_raw() as u64 & !mask, 0);
    })*};
}

macro_rules! check_wide {
    ($data:expr, $($n:literal),*) => {$({
        let bytes = ($n as usize).div_ceil(8);
        if $data.len() >= bytes {
            let b = &$data[..bytes];
            let u = UBitInt::<$n>::from_le_bytes(b);
            let s = BitInt::<$n>::from_le_bytes(b);
            // Accepted exactly when the padding bits are the extension.
            let top = b[bytes - 1];
            let used = ($n - 1) % 8 + 1;
            let padding = if used == 8 { 0 } else { top >> used };
            assert_eq!(u.is_ok(), padding == 0);
            if let Ok(u) = u {
                assert_eq!(u.to_le_bytes(), b);
                assert_eq!(u.normalized(), u);
            }
            if let Ok(s) = s {
                assert_eq!(s.to_le_bytes(), b);
            }
        }
    })*};
}

fuzz_target!(|data: &[u8]| {
    check_narrow!(data, 2: u8, 7: u8, 13: u16, 24: u32, 33: u64, 63: u64);
    check_wide!(data, 65, 100, 127, 129, 200, 255);
});
