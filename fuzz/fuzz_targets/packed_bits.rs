//! Packed views at arbitrary bit offsets against a plain bit-vector model:
//! `set` changes exactly the value's bits, `get` reads them back, and a
//! view never reaches outside its buffer.
#![no_main]

use abi_core::bitint::UBitInt;
use abi_core::packed::{PackedMut, PackedRef};
use libfuzzer_sys::fuzz_target;

fn bit(bytes: &[u8], i: usize) -> bool {
    bytes[i / 8] >> (i % 8) & 1 == 1
}

/// One width: a macro, not a generic function (a generic `UBitInt<N>`
/// needs the storage chosen by the width).
macro_rules! check {
    ($n:literal, $buffer:expr, $offset:expr, $value:expr) => {{
        let buffer: &mut [u8] = $buffer;
        let offset: usize = $offset;
        let value: u64 = $value
            & if $n == 64 {
                u64::MAX
            } else {
                (1u64 << ($n % 64)) - 1
            };
        let before = buffer.to_vec();
        match PackedMut::<UBitInt<$n>>::new(buffer, offset) {
            Err(_) => assert!(
                offset + $n > before.len() * 8,
                "a view that fits was refused"
            ),
            Ok(mut view) => {
                view.set(&UBitInt::<$n>::try_from(value).unwrap());
                assert_eq!(u64::try_from(view.get()).unwrap(), value);
                for i in 0..before.len() * 8 {
                    let inside = i >= offset && i < offset + $n;
                    let expected = if inside {
                        value >> (i - offset) & 1 == 1
                    } else {
                        bit(&before, i)
                    };
                    assert_eq!(
                        bit(buffer, i),
                        expected,
                        "bit {i} (value at {offset}, {} bits)",
                        $n
                    );
                }
                let read = PackedRef::<UBitInt<$n>>::new(buffer, offset).unwrap().get();
                assert_eq!(u64::try_from(read).unwrap(), value);
            }
        }
    }};
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 10 {
        return;
    }
    let offset = usize::from(data[0]);
    let value = u64::from_le_bytes(data[1..9].try_into().unwrap());
    let mut buffer = data[9..].to_vec();
    match data[0] % 5 {
        0 => check!(1, &mut buffer, offset, value),
        1 => check!(7, &mut buffer, offset, value),
        2 => check!(13, &mut buffer, offset, value),
        3 => check!(33, &mut buffer, offset, value),
        _ => check!(64, &mut buffer, offset, value),
    }
});
