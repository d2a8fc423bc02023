use abi_core::bitint::UBitInt;

// `unsigned _BitInt(100)` is 16 bytes; `u64` storage cannot be it.
static WIDE: UBitInt<100, u64> = UBitInt::<100, u64>::ZERO;

fn main() {
    let _ = WIDE;
}
