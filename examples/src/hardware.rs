//! Hardware-facing examples: the IEEE float32 as a packed struct, read by C
//! from its bytes and handed to SystemVerilog through DPI-C; reference
//! models a SystemVerilog testbench calls (`sv/showcase_tb.sv`), one of
//! which calls the testbench back; and C23 `_BitInt(N)` arithmetic.

use abi_core::bitint::{BitInt, UBitInt};
use abi_core::dpi::{Bits, OpenArray};
use abi_core::packed::{Packed, PackedStruct};
use abi_core::{c_export, dpi_export, dpi_import};

/// An IEEE 754 binary32 value as XLS and SystemVerilog lay it out: the sign
/// in bit 31, then the biased exponent, then the fraction.
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

/// The unbiased exponent of a float given as its 4 host-order bytes.
#[c_export]
pub fn ex_float_exponent(value: Float32) -> i32 {
    i32::from(u8::try_from(value.exponent).expect("8 bits")) - 127
}

/// A float32 from a SystemVerilog `real`, for the testbench to read field
/// by field (`.sign`, `.exponent`, `.fraction`).
#[dpi_import]
pub fn ex_float_from_real(x: f64, out: &mut Float32) {
    *out = Float32::from_u32((x as f32).to_bits());
}

/// The absolute value of a float32, computed on its fields.
#[dpi_import(pure)]
pub fn ex_float_abs(value: Float32) -> Float32 {
    Float32 {
        sign: false,
        ..value
    }
}

/// CRC-32 (as [`crate::text::ex_crc32`]) of a 128-bit word's 16 bytes,
/// least significant byte first: the reference model of the testbench's
/// CRC unit.
#[dpi_import(pure)]
pub fn ex_crc32_word(word: Bits<128>) -> u32 {
    let value = word.to_u128().expect("a 128-bit vector fits u128");
    crate::text::ex_crc32(&value.to_le_bytes())
}

#[dpi_export]
unsafe extern "C" {
    /// The calibration offset of a sensor, kept by the SystemVerilog
    /// testbench.
    pub fn sv_sensor_offset(sensor: i32) -> i32;
}

/// `sum(readings[i] + offset(i))` over the array's own index range, asking
/// the testbench for each sensor's offset (`sv_sensor_offset`): a model
/// that calls back into SystemVerilog, hence `context`.
#[dpi_import(context)]
pub fn ex_calibrated_total(readings: OpenArray<'_, i32>) -> i64 {
    (readings.low()..=readings.high())
        .map(|sensor| {
            let reading = readings.get(sensor).expect("an index inside the bounds");
            let offset = sv_sensor_offset(sensor).unwrap_or_else(|e| panic!("{e}"));
            i64::from(reading) + i64::from(offset)
        })
        .sum()
}

/// A multiply-accumulate of a DSP slice: `acc + a * b`, with 18-bit signed
/// operands and a 48-bit accumulator that wraps, as the hardware does.
/// C23 declares it `_BitInt(48) ex_dsp_mac(_BitInt(48), _BitInt(18), _BitInt(18))`.
#[c_export]
pub fn ex_dsp_mac(acc: BitInt<48>, a: BitInt<18>, b: BitInt<18>) -> BitInt<48> {
    let product: BitInt<48> = a
        .wrapping_cast::<BitInt<48>>()
        .wrapping_mul(b.wrapping_cast());
    acc.wrapping_add(product)
}

/// The number of set bits of a 200-bit mask (`unsigned _BitInt(200)`,
/// passed on the stack on x86-64).
#[c_export]
pub fn ex_mask_weight(mask: UBitInt<200>) -> u32 {
    mask.count_ones()
}
