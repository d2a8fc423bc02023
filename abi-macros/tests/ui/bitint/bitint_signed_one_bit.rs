use abi_core::bitint::BitInt;

// C rejects `_BitInt(1)`: a signed integer needs a sign bit and a value bit.
// The error comes from `cargo check`, in function bodies too.
static FLAG: BitInt<1> = BitInt::<1>::ZERO;

fn main() {
    let _ = FLAG;
}
