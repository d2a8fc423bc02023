//! Types SystemVerilog declares by name (issue #34 item 3): `time` and
//! `realtime`, user typedefs (`typedef bit [7:0] byte_t;`), and a
//! `union packed`. The testbench (`sv/dpi_tb.sv`) declares its variables
//! with these names and checks every value.

use abi_core::dpi::{Bits, LogicVec, RealTime, SvTypedef, Time, Typedef};
use abi_core::dpi_import;

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
