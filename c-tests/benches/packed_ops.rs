//! Instruction counts of packing and unpacking `#[derive(Packed)]` structs
//! against hand-written shift-and-mask code, under callgrind: the float32
//! layout `(sign: 1, exponent: 8, fraction: 23)` to and from a `u32`, and a
//! 200-bit struct to and from four 64-bit words.
//!
//! Each case runs `n` out-of-line batches that apply the operation, inlined
//! as in user code, to 16 values; the difference between `n = base` and
//! `n = base + extra` over `16 * extra` is the cost of one operation
//! (the loop around the batches is identical on both sides).
//! `cargo xtask bench` runs it; `--quick` uses fewer iterations.

use std::hint::black_box;

use abi_core::bitint::UBitInt;
use abi_core::packed::{Packed, PackedStruct};
use c_tests::packed_types::Float32;

#[path = "support/callgrind.rs"]
mod callgrind;

/// The float32 fields as a hand-written program keeps them.
#[derive(Clone, Copy)]
struct HandFloat {
    sign: bool,
    exponent: u8,
    fraction: u32,
}

/// 200 bits: from the top, `valid` 1, `kind` 3, `id` 28, `addr` 64,
/// `data` 96, `crc` 8.
#[derive(Packed, Clone, Copy, PartialEq, Eq, Debug)]
struct Frame {
    valid: bool,
    kind: UBitInt<3>,
    id: UBitInt<28>,
    addr: UBitInt<64>,
    data: UBitInt<96>,
    crc: UBitInt<8>,
}

/// The same fields as a hand-written program keeps them.
#[derive(Clone, Copy)]
struct HandFrame {
    valid: bool,
    kind: u8,
    id: u32,
    addr: u64,
    data: u128,
    crc: u8,
}

#[inline(always)]
fn float_pack_ours(f: &Float32) -> u32 {
    f.to_u32()
}

#[inline(always)]
fn float_pack_hand(f: &HandFloat) -> u32 {
    u32::from(f.sign) << 31 | u32::from(f.exponent) << 23 | f.fraction & 0x7f_ffff
}

#[inline(always)]
fn float_unpack_ours(bits: u32) -> Float32 {
    Float32::from_u32(bits)
}

#[inline(always)]
fn float_unpack_hand(bits: u32) -> HandFloat {
    HandFloat {
        sign: bits >> 31 != 0,
        exponent: (bits >> 23) as u8,
        fraction: bits & 0x7f_ffff,
    }
}

#[inline(always)]
fn frame_pack_ours(f: &Frame) -> [u64; 4] {
    f.to_words()
}

#[inline(always)]
fn frame_pack_hand(f: &HandFrame) -> [u64; 4] {
    // Fields in declaration order, most significant first, as the
    // generated code writes them (LLVM's output depends on the order of
    // the `|` operands; see BENCHMARKS.md).
    let data = f.data & ((1u128 << 96) - 1);
    let id = u64::from(f.id & 0x0fff_ffff);
    [
        (data as u64) << 8 | u64::from(f.crc),
        f.addr << 40 | (data >> 56) as u64,
        id << 40 | f.addr >> 24,
        u64::from(f.valid) << 7 | u64::from(f.kind & 7) << 4 | id >> 24,
    ]
}

#[inline(always)]
fn frame_unpack_ours(words: &[u64; 4]) -> Frame {
    Frame::from_words(words)
}

#[inline(always)]
fn frame_unpack_hand(w: &[u64; 4]) -> HandFrame {
    HandFrame {
        crc: w[0] as u8,
        data: (u128::from(w[0] >> 8) | u128::from(w[1] & 0xff_ffff_ffff) << 56),
        addr: w[1] >> 40 | w[2] << 24,
        id: ((w[2] >> 40) | (w[3] & 0xf) << 24) as u32,
        kind: ((w[3] >> 4) & 7) as u8,
        valid: w[3] >> 7 & 1 == 1,
    }
}

/// Apply `op` to each of the 16 inputs: one measured iteration. Out of
/// line, with the operation inlined into it as in user code.
macro_rules! batch {
    ($name:ident, $input:ty, $output:ty, $op:ident) => {
        #[inline(never)]
        fn $name(input: &[$input; 16], output: &mut [$output; 16]) {
            for (i, o) in input.iter().zip(output.iter_mut()) {
                *o = $op(i);
            }
        }
    };
}

fn float_unpack_ours_ref(bits: &u32) -> Float32 {
    float_unpack_ours(*bits)
}

fn float_unpack_hand_ref(bits: &u32) -> HandFloat {
    float_unpack_hand(*bits)
}

batch!(float_pack_ours_16, Float32, u32, float_pack_ours);
batch!(float_pack_hand_16, HandFloat, u32, float_pack_hand);
batch!(float_unpack_ours_16, u32, Float32, float_unpack_ours_ref);
batch!(float_unpack_hand_16, u32, HandFloat, float_unpack_hand_ref);
batch!(frame_pack_ours_16, Frame, [u64; 4], frame_pack_ours);
batch!(frame_pack_hand_16, HandFrame, [u64; 4], frame_pack_hand);
batch!(frame_unpack_ours_16, [u64; 4], Frame, frame_unpack_ours);
batch!(frame_unpack_hand_16, [u64; 4], HandFrame, frame_unpack_hand);

/// 16 pseudo-random 64-bit words per input.
fn inputs() -> Vec<[u64; 4]> {
    let mut state = 0x0123_4567_89ab_cdefu64;
    (0..16)
        .map(|_| {
            std::array::from_fn(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state
            })
        })
        .collect()
}

const CASES: &[&str] = &[
    "float32 pack (fields -> u32)",
    "float32 unpack (u32 -> fields)",
    "200-bit pack (fields -> 4 words)",
    "200-bit unpack (4 words -> fields)",
];

/// Run case `which`, ours or hand-written, on `n` batches of 16 values;
/// returns a checksum.
fn run(which: usize, ours: bool, n: u64) -> u64 {
    let raw = inputs();
    let top: [[u64; 4]; 16] = std::array::from_fn(|i| {
        let mut w = raw[i];
        w[3] &= 0xff; // a 200-bit value
        w
    });
    let floats: [u32; 16] = std::array::from_fn(|i| raw[i][0] as u32);
    let our_floats = floats.map(|b| Float32::from_u64(b.into()));
    let hand_floats = floats.map(float_unpack_hand);
    let our_frames = top.map(|w| Frame::from_words(&w));
    let hand_frames = top.map(|w| frame_unpack_hand(&w));
    let mut words = [[0u64; 4]; 16];
    let mut bits = [0u32; 16];
    let mut our_float_out = our_floats;
    let mut hand_float_out = hand_floats;
    let mut our_frame_out = our_frames;
    let mut hand_frame_out = hand_frames;
    for _ in 0..n {
        match (which, ours) {
            (0, true) => float_pack_ours_16(black_box(&our_floats), &mut bits),
            (0, false) => float_pack_hand_16(black_box(&hand_floats), &mut bits),
            (1, true) => float_unpack_ours_16(black_box(&floats), &mut our_float_out),
            (1, false) => float_unpack_hand_16(black_box(&floats), &mut hand_float_out),
            (2, true) => frame_pack_ours_16(black_box(&our_frames), &mut words),
            (2, false) => frame_pack_hand_16(black_box(&hand_frames), &mut words),
            (3, true) => frame_unpack_ours_16(black_box(&top), &mut our_frame_out),
            _ => frame_unpack_hand_16(black_box(&top), &mut hand_frame_out),
        }
        black_box((
            &words,
            &bits,
            &our_float_out,
            &hand_float_out,
            &our_frame_out,
            &hand_frame_out,
        ));
    }
    words[0][0] ^ u64::from(bits[0])
}

/// The hand-written code computes what the generated code does; otherwise
/// the comparison would mean nothing.
fn check_equivalence() {
    let mut top = inputs();
    for w in &mut top {
        w[3] &= 0xff;
    }
    for w in &top {
        let bits = w[0] as u32;
        let ours = float_unpack_ours(bits);
        let hand = float_unpack_hand(bits);
        assert_eq!(float_pack_ours(&ours), bits);
        assert_eq!(float_pack_hand(&hand), bits);
        assert_eq!(u32::try_from(ours.fraction).unwrap(), hand.fraction);
        let frame = frame_unpack_ours(w);
        let hand = frame_unpack_hand(w);
        assert_eq!(frame_pack_ours(&frame), *w);
        assert_eq!(frame_pack_hand(&hand), *w);
        assert_eq!(u128::try_from(frame.data).unwrap(), hand.data);
        assert_eq!(u64::try_from(frame.addr).unwrap(), hand.addr);
        assert_eq!(u32::try_from(frame.id).unwrap(), hand.id);
    }
    assert_eq!(<Frame as Packed>::WIDTH, 200);
}

fn main() {
    if let Ok(spec) = std::env::var("PACKED_BENCH_CHILD") {
        let parts: Vec<u64> = spec.split(',').map(|p| p.parse().unwrap()).collect();
        black_box(run(parts[0] as usize, parts[1] == 1, parts[2]));
        return;
    }
    check_equivalence();
    let quick = std::env::args().any(|a| a == "--quick");
    let (base, extra) = if quick {
        (100, 1_000)
    } else {
        (1_000, 100_000)
    };
    let exe = std::env::current_exe().unwrap();
    println!(
        "packed layouts: instructions per operation under callgrind ({} operations measured per variant{})",
        16 * extra,
        if quick { ", quick mode" } else { "" }
    );
    println!();
    println!("| case | #[derive(Packed)] | hand-written | ratio |");
    println!("|---|---:|---:|---:|");
    let mut worst: f64 = 0.0;
    for (which, name) in CASES.iter().enumerate() {
        let per_op = |ours: u64| {
            callgrind::per_iteration(
                &exe,
                "PACKED_BENCH_CHILD",
                |n| format!("{which},{ours},{n}"),
                base,
                extra,
            )
        };
        let ours = per_op(1) / 16.0;
        let hand = per_op(0) / 16.0;
        let ratio = ours / hand;
        worst = worst.max(ratio);
        println!("| {name} | {ours:.2} | {hand:.2} | {ratio:.3} |");
    }
    println!();
    println!("worst ratio: {worst:.3} (goal 1.00 to 1.10)");
}
