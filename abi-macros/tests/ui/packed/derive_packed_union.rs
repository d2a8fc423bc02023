// A packed union (an enum of one-field variants): every member has the
// union's width (one error per member that differs, at its type); a 4-state
// union's first member is 4-state; each variant holds exactly one member.
use abi_core::dpi::{Bits, LogicVec};
use abi_core::packed::Packed;

#[derive(Packed, Clone, Copy)]
enum Mixed {
    Raw(Bits<16>),
    Narrow(u8),
    Wide(u32),
    Same(i16),
}

#[derive(Packed, Clone, Copy)]
enum TwoStateFirst {
    Raw(Bits<8>),
    Logic(LogicVec<8>),
}

#[derive(Packed, Clone, Copy)]
enum Shapes {
    Two(u8, u8),
    Named { x: u8 },
    Plain,
    One(u8),
}

fn main() {}
