//! Packed structs shared by the C harness, the Verilator testbench and the
//! benchmarks: the IEEE float32 as XLS and SystemVerilog lay it out, and a
//! 103-bit packet whose fields straddle 32- and 64-bit boundaries.

use abi_core::packed::Packed;
use abi_core::{BitInt, UBitInt};

/// An IEEE 754 binary32 value as `(sign, exponent, fraction)`, the sign in
/// bit 31, exactly like the bits of an `f32`.
#[derive(Packed, Clone, Copy, Debug, PartialEq, Eq)]
#[packed(sv_name = "float32_t")]
pub struct Float32 {
    /// Bit 31.
    pub sign: bool,
    /// Bits 30..23, biased by 127.
    pub exponent: UBitInt<8>,
    /// Bits 22..0.
    pub fraction: UBitInt<23>,
}

impl Float32 {
    /// The fields of a native `f32`.
    pub fn from_f32(value: f32) -> Self {
        use abi_core::packed::PackedStruct;
        Self::from_u64(value.to_bits().into())
    }

    /// The native `f32` of these fields.
    pub fn to_f32(self) -> f32 {
        use abi_core::packed::PackedStruct;
        f32::from_bits(self.to_u64() as u32)
    }
}

/// A 103-bit packet. From bit 0 up: `delta` 12..0, `lanes` 24..13 (lane 0
/// lowest), `payload` 56..25 (across the first 32-bit chunk boundary),
/// `addr` 96..57 (across the 64- and 96-bit boundaries), `tag` 101..97,
/// `valid` 102.
#[derive(Packed, Clone, Copy, Debug, PartialEq, Eq)]
#[packed(sv_name = "wide_packet_t")]
pub struct WidePacket {
    /// Most significant bit.
    pub valid: bool,
    /// A 5-bit tag.
    pub tag: UBitInt<5>,
    /// A 40-bit address.
    pub addr: UBitInt<40>,
    /// A nested packed float.
    pub payload: Float32,
    /// Three 4-bit lanes, lane 0 in the low bits.
    pub lanes: [UBitInt<4>; 3],
    /// A signed 13-bit delta, least significant.
    pub delta: BitInt<13>,
}
