//! Prints the SystemVerilog package and exports include of a spread of
//! `#[dpi_import]`/`#[dpi_export]` declarations that choose no DPI-C
//! flavour (`cargo run -p abi-core --example ieee_dpi_package`), so this is
//! the IEEE 1800 Annex H flavour: `cargo xtask test` has slang parse and
//! elaborate it (with a module that imports the package and includes the
//! exports) and expects no diagnostic at all.

use core::ffi::CStr;

use abi_core::bitint::UBitInt;
use abi_core::dpi::{
    Bits, Chandle, ForeignChandle, Integer, Logic, LogicVec, OpenArray, OpenArrayMut, OpenArrayOut,
    SignedBits, SignedLogicVec, SvString,
};
use abi_core::emit::SvPackage;
use abi_core::packed::Packed;
use abi_core::{dpi_export, dpi_import};

/// An RGB565 pixel, red in the most significant bits.
#[derive(Packed, Clone, Copy, Debug, PartialEq, Eq)]
#[packed(sv_name = "rgb565_t")]
pub struct Rgb565 {
    /// Bits 15..11.
    pub red: UBitInt<5>,
    /// Bits 10..5.
    pub green: UBitInt<6>,
    /// Bits 4..0.
    pub blue: UBitInt<5>,
}

/// `a + b`.
#[dpi_import(pure)]
pub fn ieee_add(a: i32, b: i32) -> i32 {
    a.wrapping_add(b)
}

/// Every integer width and signedness, an output and an inout.
#[dpi_import]
pub fn ieee_integers(
    a: i8,
    b: u8,
    c: i16,
    d: u16,
    e: i64,
    sum: &mut i64,
    #[inout] count: &mut u32,
) -> u64 {
    *count += 1;
    *sum = i64::from(a) + i64::from(b) + i64::from(c) + i64::from(d) + e;
    *sum as u64
}

/// `real` and `shortreal` in every direction.
#[dpi_import]
pub fn ieee_reals(x: f64, y: f32, out: &mut f32, #[inout] acc: &mut f64) -> f64 {
    *out = y * 2.0;
    *acc += x;
    x + f64::from(y)
}

/// 2-state scalars and vectors.
#[dpi_import]
pub fn ieee_bits(a: bool, v: Bits<70>, w: &mut Bits<128>, #[inout] n: &mut Bits<8>) -> bool {
    let _ = (v, w, n);
    !a
}

/// 4-state scalars and vectors.
#[dpi_import]
pub fn ieee_logic(a: Logic, v: LogicVec<12>, out: &mut LogicVec<40>) -> Logic {
    let _ = (v, out);
    a
}

/// Signed vectors and `integer`.
#[dpi_import]
pub fn ieee_signed(x: SignedBits<12>, n: Integer, out: &mut SignedBits<40>) -> i32 {
    *out = SignedBits::try_from(x.to_i128().unwrap_or(0)).unwrap_or_default();
    n.to_i32().unwrap_or(0)
}

/// `logic signed`.
#[dpi_import]
pub fn ieee_signed_logic(x: SignedLogicVec<12>, out: &mut SignedLogicVec<12>) {
    *out = x;
}

/// A 4-state struct packed (`svLogicVecVal`).
#[derive(Packed, Clone, Copy, Debug, PartialEq, Eq)]
#[packed(sv_name = "ieee_sample_t")]
pub struct Sample {
    /// A 4-state flag.
    pub valid: Logic,
    /// 4-state data.
    pub data: LogicVec<8>,
    /// A 2-state bit.
    pub parity: bool,
}

/// A 4-state struct in and out.
#[dpi_import]
pub fn ieee_sample(x: Sample, out: &mut Sample) {
    *out = x;
}

/// Owned strings: inout, output and result.
#[dpi_import]
pub fn ieee_strings(#[inout] text: &mut SvString, copy: &mut SvString) -> SvString {
    *copy = text.clone();
    text.clone()
}

/// A state machine's state: `typedef enum bit [1:0]`.
#[derive(abi_core::dpi::DpiEnum, Clone, Copy, Debug, PartialEq, Eq)]
#[dpi_enum(sv_name = "ieee_state_t", base = Bits<2>, prefix = "ST_")]
pub enum State {
    /// Waiting.
    Idle = 0,
    /// Working.
    Busy = 1,
    /// Finished.
    Done = 3,
}

/// A command: `typedef enum int` (the default base).
#[derive(abi_core::dpi::DpiEnum, Clone, Copy, Debug, PartialEq, Eq)]
#[dpi_enum(sv_name = "ieee_command_t", prefix = "CMD_")]
pub enum Command {
    /// Start.
    Start = 1,
    /// Stop.
    Stop = -1,
}

/// Enums in, out and inout (IEEE 1800 has no enum results).
#[dpi_import]
pub fn ieee_enums(command: Command, state: &mut State, #[inout] last: &mut Command) {
    *state = match command {
        Command::Start => State::Busy,
        Command::Stop => State::Idle,
    };
    *last = command;
}

/// A packed struct in and out.
#[dpi_import]
pub fn ieee_pixel(x: Rgb565, out: &mut Rgb565) {
    *out = x;
}

/// Strings and handles.
#[dpi_import]
pub fn ieee_text(text: &CStr, handle: Chandle<u64>) -> i32 {
    let _ = handle;
    text.to_bytes().len() as i32
}

/// Open arrays in every direction and a fixed-size unpacked array.
#[dpi_import]
pub fn ieee_arrays(
    values: OpenArray<'_, i32>,
    out: OpenArrayMut<'_, Bits<8>>,
    filled: OpenArrayOut<'_, i32>,
    fixed: [i32; 4],
) -> i64 {
    let _ = (out.len(), filled.len());
    values.iter().map(i64::from).sum::<i64>() + i64::from(fixed[0])
}

/// Unpacked arrays of strings and chandles (`const char **`,
/// `const void **`), open arrays of `bit` and `logic`, a foreign chandle;
/// one C function imported under two SystemVerilog names.
#[dpi_import(name = "ieee_more_a", aliases = ["ieee_more_b"])]
pub fn ieee_more(
    names: [&CStr; 2],
    handles: [Chandle<u64>; 2],
    foreign: ForeignChandle,
    bits: OpenArray<'_, bool>,
    logic: OpenArrayMut<'_, Logic, 2>,
) -> i32 {
    let _ = (handles, foreign, bits.len(), logic.len());
    names.iter().map(|n| n.to_bytes().len() as i32).sum()
}

/// Open arrays of chandles in every direction.
#[dpi_import]
pub fn ieee_open_handles(
    handles: OpenArray<'_, Chandle<u64>>,
    foreign: OpenArrayOut<'_, ForeignChandle>,
    owned: OpenArrayMut<'_, Chandle<u64>, 2>,
) -> i32 {
    (handles.len() + foreign.len() + owned.len()) as i32
}

/// Open arrays of strings in every direction (only with this flavour:
/// Verilator gives no access to their elements).
#[dpi_import]
pub fn ieee_open_strings(
    names: OpenArray<'_, SvString>,
    copies: OpenArrayOut<'_, SvString>,
    edits: OpenArrayMut<'_, SvString>,
) -> i32 {
    let _ = (copies.len(), edits.len());
    names.iter().map(|name| name.as_bytes().len() as i32).sum()
}

/// Open arrays of `shortreal` in every direction (`float` elements with
/// this flavour).
#[dpi_import]
pub fn ieee_open_shortreals(
    reals: OpenArray<'_, f32>,
    scaled: OpenArrayOut<'_, f32>,
    sums: OpenArrayMut<'_, f32, 3>,
) -> f32 {
    let _ = (scaled.len(), sums.len());
    reals.iter().sum()
}

/// The design's `byte_t`.
#[derive(Debug)]
pub enum ByteT {}
impl abi_core::dpi::SvTypedef for ByteT {
    type Base = Bits<8>;
    const NAME: &'static str = "byte_t";
}

/// A `typedef` of an unpacked array.
#[derive(Debug)]
pub enum QuadT {}
impl abi_core::dpi::SvTypedef for QuadT {
    type Base = [f32; 4];
    const NAME: &'static str = "quad_t";
}

/// A 16-bit `union packed`, one member 4-state.
#[derive(Packed, Clone, Copy, Debug)]
#[packed(sv_name = "ieee_word_t")]
pub enum Word {
    /// 4-state bits.
    Raw(LogicVec<16>),
    /// A pixel.
    Pixel(Rgb565),
}

/// `time`, `realtime`, typedef names and a packed union in every
/// direction they take.
///
/// Verilator is not this package's simulator (a doc line written
/// `// | Verilator ...`, so that no tool reads it as a directive).
#[dpi_import]
pub fn ieee_named(
    t: abi_core::dpi::Time,
    b: abi_core::dpi::Typedef<ByteT>,
    q: abi_core::dpi::Typedef<QuadT>,
    w: Word,
    t_out: &mut abi_core::dpi::Time,
    #[inout] w_io: &mut Word,
) -> abi_core::dpi::RealTime {
    *t_out = t;
    let _ = (b, q, w, w_io.to_pixel());
    abi_core::dpi::RealTime::from_f64(1.5)
}

/// A `context` task that calls an export.
#[dpi_import(context, task)]
pub fn ieee_task(by: i32, total: &mut i32) {
    *total = by;
}

#[dpi_export]
unsafe extern "C" {
    /// A SystemVerilog function Rust calls.
    pub fn ieee_sv_scale(x: i32, y: f32) -> f32;
    /// A SystemVerilog task Rust calls.
    #[task]
    pub fn ieee_sv_wait(cycles: i32);
    /// Exported under another C name, with an `inout string`.
    #[name = "ieee_sv_rename"]
    pub fn ieee_c_rename(#[inout] text: &mut SvString, borrowed: &CStr);
}

fn main() {
    let registry = abi_core::Registry::all();
    let package = SvPackage::new("ieee_dpi")
        .render(&registry)
        .expect("the package renders");
    let exports = SvPackage::new("ieee_dpi")
        .render_exports(&registry)
        .expect("the exports render");
    let dir = std::env::args()
        .nth(1)
        .expect("usage: ieee_dpi_package <output directory>");
    std::fs::create_dir_all(&dir).expect("the output directory");
    let dir = std::path::Path::new(&dir);
    std::fs::write(dir.join("ieee_dpi.sv"), package).expect("write the package");
    std::fs::write(dir.join("ieee_dpi_exports.svh"), exports).expect("write the exports");
    // A module that imports the package, includes the exports and defines
    // them, so that slang elaborates every declaration.
    std::fs::write(
        dir.join("ieee_top.sv"),
        "module ieee_top;\n  import ieee_dpi::*;\n  `include \"ieee_dpi_exports.svh\"\n\n  \
         function shortreal ieee_sv_scale(input int x, input shortreal y);\n    \
         return y * shortreal'(x);\n  endfunction\n\n  \
         task ieee_sv_wait(input int cycles);\n    repeat (cycles) #1;\n  endtask\n\n  \
         function void ieee_sv_rename(inout string text, input string borrowed);\n    \
         text = {text, borrowed};\n  endfunction\nendmodule\n",
    )
    .expect("write the module");
}
