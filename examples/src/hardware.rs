//! Hardware-facing examples: the IEEE float32 as a packed struct, read by C
//! from its bytes and handed to SystemVerilog through DPI-C.

use abi_core::packed::{Packed, PackedStruct};
use abi_core::{UBitInt, c_export, dpi_import};

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
