//! Types SystemVerilog declares by name (issue #34 item 3): `time` and
//! `realtime`, user typedefs (`typedef bit [7:0] byte_t;`), and a
//! `union packed`. The testbench (`sv/dpi_tb.sv`) declares its variables
//! with these names and checks every value.

use abi_core::dpi::{Bits, LogicVec, RealTime, SvTypedef, Time, Typedef};
use abi_core::dpi_import;
use abi_core::packed::Packed;

/// The design's `byte_t`: `typedef bit [7:0] byte_t;`.
#[derive(Debug)]
pub enum ByteT {}
impl SvTypedef for ByteT {
    type Base = Bits<8>;
    const NAME: &'static str = "byte_t";
}

/// `typedef int unsigned word_t;`.
#[derive(Debug)]
pub enum WordT {}
impl SvTypedef for WordT {
    type Base = u32;
    const NAME: &'static str = "word_t";
}

/// A typedef of an unpacked array: `typedef int quad_t[4];`.
#[derive(Debug)]
pub enum QuadT {}
impl SvTypedef for QuadT {
    type Base = [i32; 4];
    const NAME: &'static str = "quad_t";
}

/// `a + b` in `sum` when both are known, else all X; the result says
/// whether they were.
///
/// Verilator passes `time` as `svLogicVecVal` chunks, like `logic [63:0]`
/// (a doc line Verilator would read as a metacomment if written as is).
/// synopsys translate_off (nor may this switch a synthesis tool off)
///   verilator_lint: nor this, after blanks.
#[dpi_import]
pub fn dpi_time_add(a: Time, b: Time, sum: &mut Time) -> bool {
    match (a.ticks(), b.ticks()) {
        (Some(a), Some(b)) => {
            *sum = Time::from_ticks(a.wrapping_add(b));
            true
        }
        _ => {
            *sum = Time::new(LogicVec::unknown());
            false
        }
    }
}

/// Half of `t`, through an inout too (`io` is doubled).
#[dpi_import]
pub fn dpi_realtime_half(t: RealTime, #[inout] io: &mut RealTime) -> RealTime {
    *io = RealTime::from_f64(io.0 * 2.0);
    RealTime::from_f64(t.0 / 2.0)
}

/// `b` with its nibbles swapped into `swapped`; the result is `b`
/// widened to a `word_t`, plus 0x100.
#[dpi_import]
pub fn dpi_byte_t_swap(b: Typedef<ByteT>, swapped: &mut Typedef<ByteT>) -> Typedef<WordT> {
    let v = b.to_u128().expect("8 bits fit") as u8;
    *swapped = Typedef::new(Bits::try_from(u64::from(v.rotate_left(4))).expect("8 bits"));
    Typedef::new(u32::from(v) + 0x100)
}

/// The sum of a `quad_t`, and its reverse in `reversed`.
#[dpi_import]
pub fn dpi_quad_t_sum(q: Typedef<QuadT>, reversed: &mut Typedef<QuadT>) -> i32 {
    let mut r = q.0;
    r.reverse();
    *reversed = Typedef::new(r);
    q.iter().fold(0i32, |acc, x| acc.wrapping_add(*x))
}

/// Two bytes, the first most significant.
#[derive(Packed, Clone, Copy, Debug, PartialEq, Eq)]
#[packed(sv_name = "byte_pair_t")]
pub struct BytePair {
    /// Bits 15:8.
    pub hi: u8,
    /// Bits 7:0.
    pub lo: u8,
}

/// `typedef union packed { bit [15:0] raw; byte_pair_t pair; shortint
/// value; } word16_t;`: one 16-bit value, three ways to read it.
#[derive(Packed, Clone, Copy, Debug)]
#[packed(sv_name = "word16_t")]
pub enum Word16 {
    /// The bits (the member a value from SystemVerilog arrives as).
    Raw(Bits<16>),
    /// As two bytes.
    Pair(BytePair),
    /// As a signed number.
    Value(i16),
}

/// Reads `w` as a pair and writes the bytes swapped into `out`; the
/// result is `w` read as a signed number.
#[dpi_import]
pub fn dpi_union_swap(w: Word16, out: &mut Word16) -> i16 {
    let pair = w.to_pair();
    *out = Word16::Pair(BytePair {
        hi: pair.lo,
        lo: pair.hi,
    });
    w.to_value()
}

/// A union made from its pair member, returned (a packed result of 16
/// bits: Verilator's ABI).
#[dpi_import]
pub fn dpi_union_make(hi: u8, lo: u8) -> Word16 {
    Word16::Pair(BytePair { hi, lo })
}

/// Open arrays of a packed struct and of a packed union (#34 item 6): the
/// sum of every pair's bytes; each word's bytes swapped in place (read as
/// a pair, written as a pair).
#[dpi_import]
pub fn dpi_open_packed(
    pairs: abi_core::dpi::OpenArray<'_, BytePair>,
    mut words: abi_core::dpi::OpenArrayMut<'_, Word16>,
) -> i32 {
    let sum = pairs
        .iter()
        .map(|p| i32::from(p.hi) + i32::from(p.lo))
        .sum();
    for index in words.low()..=words.high() {
        let pair = words.get(index).expect("in bounds").to_pair();
        words.set(
            index,
            Word16::Pair(BytePair {
                hi: pair.lo,
                lo: pair.hi,
            }),
        );
    }
    sum
}

/// Open arrays of enums (#34 item 6): `typedef enum bit [2:0]` in (the
/// result counts `OP_Or`), `typedef enum int` inout (each state advanced:
/// Idle -> Request -> Grant -> Idle, Error kept).
#[dpi_import]
pub fn dpi_open_enums(
    ops: abi_core::dpi::OpenArray<'_, crate::dpi_exports::Opcode>,
    mut states: abi_core::dpi::OpenArrayMut<'_, crate::dpi_exports::BusState>,
) -> i32 {
    use crate::dpi_exports::{BusState, Opcode};
    let ors = ops.iter().filter(|op| *op == Opcode::Or).count() as i32;
    for index in states.low()..=states.high() {
        let next = match states.get(index).expect("in bounds") {
            BusState::Idle => BusState::Request,
            BusState::Request => BusState::Grant,
            BusState::Grant => BusState::Idle,
            BusState::Error => BusState::Error,
        };
        states.set(index, next);
    }
    ors
}

#[abi_core::dpi_export]
unsafe extern "C" {
    /// SystemVerilog's `sv_time_later`: `t + dt` into `later`, `b` with
    /// its bits inverted into the inout `flip`, the union's raw bits + 1
    /// as its result... through an output (a 16-bit union is no IEEE
    /// result): `t`, `byte_t`, `word16_t` through an export.
    pub fn sv_time_later(
        t: Time,
        dt: i32,
        later: &mut Time,
        #[inout] flip: &mut Typedef<ByteT>,
        w: Word16,
        w_next: &mut Word16,
    ) -> RealTime;
}

/// Calls `sv_time_later` and checks what it wrote: 0 when all is as
/// expected, else a bit per failed check.
#[dpi_import(context)]
pub fn dpi_call_time_export() -> i32 {
    let mut later = Time::from_ticks(0);
    let mut flip = Typedef::new(Bits::try_from(0x3cu64).expect("8 bits"));
    let mut w_next = Word16::Value(0);
    let w = Word16::Pair(BytePair { hi: 0x12, lo: 0xff });
    let Ok(half) = sv_time_later(
        Time::from_ticks(1 << 40),
        5,
        &mut later,
        &mut flip,
        w,
        &mut w_next,
    ) else {
        return -1;
    };
    let mut failed = 0;
    if later.ticks() != Some((1 << 40) + 5) {
        failed |= 1;
    }
    if flip.to_u128() != Some(0xc3) {
        failed |= 2;
    }
    if w_next.to_raw().to_u128() != Some(0x1300) {
        failed |= 4;
    }
    if half.0 != 0.5 {
        failed |= 8;
    }
    failed
}
