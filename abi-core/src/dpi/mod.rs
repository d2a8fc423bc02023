//! SystemVerilog DPI-C: the types that cross an `import "DPI-C"` boundary
//! and how (IEEE 1800-2023 Annex H), for `#[dpi_import]`.
//!
//! | Rust | SystemVerilog | C input | C output / inout |
//! |---|---|---|---|
//! | `i8` / `u8` | `byte` / `byte unsigned` | `char` / `unsigned char` | pointer |
//! | `i16` / `u16` | `shortint` / `shortint unsigned` | `short` | pointer |
//! | `i32` / `u32` | `int` / `int unsigned` | `int` | pointer |
//! | `i64` / `u64` | `longint` / `longint unsigned` | `long long` | pointer |
//! | `f64` | `real` | `double` | pointer |
//! | `f32` | `shortreal` | `float` (`double` with Verilator's ABI) | pointer |
//! | `bool` | `bit` | `svBit` (the low bit decides: any odd byte is 1) | `svBit *` |
//! | [`Logic`] | `logic` | `svLogic` (0, 1, Z = 2, X = 3) | `svLogic *` |
//! | `&CStr` (`&'static CStr` as an output) | `string` | `const char *` | `const char **` |
//! | [`Bits<N>`] | `bit [N-1:0]` | `const svBitVecVal *` | `svBitVecVal *` |
//! | [`LogicVec<N>`] | `logic [N-1:0]` | `const svLogicVecVal *` | `svLogicVecVal *` |
//! | [`SignedBits<N>`] | `bit signed [N-1:0]` | `const svBitVecVal *` | `svBitVecVal *` |
//! | [`SignedLogicVec<N>`] | `logic signed [N-1:0]` | `const svLogicVecVal *` | `svLogicVecVal *` |
//! | [`Integer`] | `integer` (4-state, signed, 32 bits) | `const svLogicVecVal *` | `svLogicVecVal *` |
//! | `#[derive(`[`DpiEnum`](macro@DpiEnum)`)]` enum | `typedef enum <base>` | the base's | the base's |
//! | [`Chandle<T>`] | `chandle` | `void *` | `void **` |
//! | `[T; K]` | `T name[K]` | `const T *` | `T *` |
//! | [`OpenArray<T>`] / [`OpenArrayMut<T>`] / [`OpenArrayOut<T>`] | `input` / `inout` / `output T name[]` | `const svOpenArrayHandle` | — |
//! | `OpenArray<T, 2>` / `OpenArrayMut<T, 3>` | `input T name[][]` / `inout T name[][][]` | `const svOpenArrayHandle` | — |
//! | `OpenArray<Chandle<T>>`, `OpenArray<f32>`, `OpenArray<SvString>` (the standard's flavour only) | `chandle name[]`, `shortreal name[]`, `string name[]` | `const svOpenArrayHandle` | — |
//!
//! A plain parameter is an `input`; `&mut T` is an `output`; `#[inout]` on
//! a `&mut T` parameter makes it an `inout`. Results are the small types
//! above, `&'static CStr` (`string`), `Chandle<T>` or `()` (`void`); with
//! Verilator's ABI also `Bits<N>` for N <= 32, packed structs of up to 32
//! bits (returned as an `svBitVecVal` by value, a Verilator extension) and
//! `#[derive(DpiEnum)]` enums; Annex H forbids packed results, so they are
//! compile errors with the standard's ABI, and wider ones always are.
//!
//! ## Which simulator: the DPI-C flavour of each function
//!
//! Verilator 5 departs from Annex H in three places, so each function's
//! generated code targets one or the other, its *flavour*:
//!
//! | | IEEE 1800 Annex H (`ieee`, the default) | Verilator (`verilator`) |
//! |---|---|---|
//! | `shortreal` (`f32`) argument, output, result | `float` | `double` (converted to and from `f32`) |
//! | SystemVerilog export task, C result | `int` (1 when disabled) | `void` |
//! | packed or enum result of up to 32 bits | compile error | `svBitVecVal` (the base's C type) by value |
//!
//! The flavour is written on the attribute (`#[dpi_import(verilator)]`,
//! `#[dpi_export(verilator)]`) or chosen for a whole crate by the crate's own
//! build script (`println!("cargo::rustc-env=ABI_CORE_DPI_FLAVOUR=verilator")`),
//! which reaches that crate's macros only: abi-core carries both ABIs, and
//! one crate's choice never changes another's. The registry records each
//! function's flavour; the generated package refuses the other simulator
//! (its guard), the generated C header refuses to link with a library built
//! for the other flavour (a marker symbol per function whose ABI differs),
//! and a standard-flavoured function that Verilator calls anyway stops at
//! its first call with a message (see [`SameInBothFlavours`] for types of
//! your own). Everything else (open arrays through the standard's access
//! functions, canonical packed copies, masked padding) is correct on both.

mod bits;
mod bits_ops;
mod chandle;
pub(crate) mod logic_vec;
pub(crate) mod open_array;
mod scalars;
mod signed;
mod typedef;
mod unpacked;
mod user_data;

// What the shims call is public only in `crate::__private`, from these
// modules.
pub(crate) mod enums;
pub(crate) mod export_task;
pub(crate) mod flavour;
pub(crate) mod flavour_check;
pub(crate) mod import_shims;
pub(crate) mod runtime;
pub(crate) mod string;
pub(crate) mod traits;

pub use scalars::Logic;
pub use traits::{CallBorrow, DpiExportResult, DpiResult, DpiType, DpiValue, ExportInout};

/// The derive of [`DpiEnum`] (the trait), beside it as `Packed` is in
/// [`packed`](crate::packed).
pub use abi_macros::DpiEnum;
pub use bits::{Bits, ChunkArray, PackedChunks};
pub use chandle::{Chandle, ForeignChandle, HandleError};
pub use enums::{DpiEnum, EnumBase};
pub use flavour::SameInBothFlavours;
pub use logic_vec::{LogicVec, SvLogicVecVal};
pub(crate) use open_array::OPEN_ARRAY_SYMBOLS;
pub use open_array::{OpenArray, OpenArrayElement, OpenArrayMut, OpenArrayOut};
pub use runtime::{
    CallerInfo, DpiError, Scope, ack_disabled_state, caller_info, dpi_version, is_disabled_state,
};
pub use signed::{Integer, SignedBits, SignedLogicVec};
pub use string::SvString;
pub use typedef::{RealTime, RealTimeKeyword, SvTypedef, Time, TimeKeyword, Typedef};
pub use user_data::UserDataKey;

use crate::model::Direction;
pub(crate) use crate::model::sv::{DpiDecl, DpiEnumDesc, DpiParamDecl, SvScalar, SvType};
