//! Packed structs shared by the C harness, the Verilator testbench and the
//! benchmarks: the IEEE float32 as XLS and SystemVerilog lay it out, and a
//! 103-bit packet whose fields straddle 32- and 64-bit boundaries.

use abi_core::bitint::{BitInt, UBitInt};
use abi_core::packed::Packed;

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

/// A 4-state bus sample (14 bits): a struct with `logic` fields is a
/// 4-state `struct packed`, passed to DPI-C as `svLogicVecVal` chunks.
/// `valid` is bit 13, `data` bits 12..5, `parity` bit 4 (2-state), `delta`
/// bits 3..0.
#[derive(Packed, Clone, Copy, Debug, PartialEq, Eq)]
#[packed(sv_name = "bus_sample_t")]
pub struct BusSample {
    /// A 4-state flag.
    pub valid: abi_core::dpi::Logic,
    /// 4-state data.
    pub data: abi_core::dpi::LogicVec<8>,
    /// A 2-state bit inside the 4-state struct.
    pub parity: bool,
    /// A 4-state signed field.
    pub delta: abi_core::dpi::SignedLogicVec<4>,
}

#[cfg(test)]
mod tests {
    use abi_core::dpi::{Logic, LogicVec, SignedBits, SignedLogicVec};
    use abi_core::packed::{Packed, PackedStruct};

    use super::BusSample;

    /// X and Z of every 4-state field survive `svLogicVecVal` chunks in the
    /// declared positions; the 2-state field reads an X as 0.
    #[test]
    fn four_state_struct_round_trips_through_logic_chunks() {
        const { assert!(<BusSample as Packed>::FOUR_STATE) };
        let mut data = LogicVec::<8>::from_bits(0xA5u64.try_into().unwrap());
        data.set(2, Logic::Z);
        data.set(7, Logic::X);
        let sample = BusSample {
            valid: Logic::X,
            data,
            parity: true,
            delta: SignedLogicVec::from(SignedBits::<4>::try_from(-2i64).unwrap()),
        };
        let chunks = sample.to_sv_logic_chunks();
        // valid (bit 13) X: aval 1, bval 1; data bit 2 (bit 7) Z: aval 0,
        // bval 1; data bit 7 (bit 12) X; parity bit 4; delta 0b1110.
        assert_eq!(chunks[0].bval, 1 << 13 | 1 << 12 | 1 << 7);
        assert_eq!(
            chunks[0].aval,
            1 << 13 | (0xA5 & !0b100 | 0x80) << 5 | 1 << 4 | 0b1110
        );
        assert_eq!(BusSample::from_sv_logic_chunks(&chunks), sample);
        // An X in the 2-state `parity` reads as 0.
        let mut dirty = chunks;
        dirty[0].bval |= 1 << 4;
        assert!(!BusSample::from_sv_logic_chunks(&dirty).parity);
    }
}
