//! Packed structs from C: by value (a `const uint8_t *` to host-order
//! bytes) and as views read and written in place.

use abi_core::c_export;
use abi_core::packed::{PackedMut, PackedRef};

use crate::packed_types::{Float32, WidePacket};

/// The biased exponent of a float32 passed as its 4 host-order bytes.
#[c_export]
pub fn ct_packed_float_exponent(value: Float32) -> u32 {
    value.exponent.try_into().expect("8 bits fit a u32")
}

/// The sign of the packet's float payload, read in place.
#[c_export]
pub fn ct_packed_payload_sign(packet: PackedRef<'_, WidePacket>) -> bool {
    packet.get().payload.sign
}

/// Negate the float held by a 4-byte buffer, in place; returns the old
/// sign.
#[c_export]
pub fn ct_packed_float_negate(mut value: PackedMut<'_, Float32>) -> bool {
    let mut x = value.get();
    let old = x.sign;
    x.sign = !old;
    value.set(&x);
    old
}
