//! `LogicVec` read and written from C, for `c/logic_oracle.cpp`, which
//! compares them with Verilator's own implementation of svdpi's 4-state
//! utilities (`svGetBitselLogic`, `svPutBitselLogic`, `svGetPartselLogic`,
//! `svPutPartselLogic`) on the same `svLogicVecVal` buffers (run by `cargo
//! xtask test` against each Verilator's runtime). Plain `extern "C"`
//! functions: what is tested is `LogicVec`'s encoding, not a shim.

use abi_core::dpi::{Logic, LogicVec, SvLogicVecVal};

/// The width the oracle uses: three chunks, the last one partial.
pub const ORACLE_WIDTH: u32 = 70;

type Vector = LogicVec<ORACLE_WIDTH>;

fn logic(code: u8) -> Logic {
    match code & 3 {
        0 => Logic::Zero,
        1 => Logic::One,
        2 => Logic::Z,
        _ => Logic::X,
    }
}

/// `LogicVec<70>` from the three chunks at `chunks`.
///
/// # Safety
///
/// `chunks` points to three readable `svLogicVecVal`.
unsafe fn read(chunks: *const SvLogicVecVal) -> Vector {
    // SAFETY: the caller passes three chunks.
    let raw = unsafe { core::ptr::read(chunks.cast::<[SvLogicVecVal; 3]>()) };
    Vector::from_chunks(&raw)
}

/// Set bit `index` of the vector at `chunks` to `code` (svLogic: 0, 1, 2 =
/// Z, 3 = X) through `LogicVec::set`, and write the vector back.
///
/// # Safety
///
/// `chunks` points to three writable `svLogicVecVal`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn abi_oracle_logic_set(chunks: *mut SvLogicVecVal, index: u32, code: u8) {
    // SAFETY: forwarded.
    let mut v = unsafe { read(chunks) };
    v.set(index, logic(code));
    // SAFETY: forwarded.
    unsafe { core::ptr::write(chunks.cast::<[SvLogicVecVal; 3]>(), v.to_chunks()) };
}

/// Bit `index` of the vector at `chunks` through `LogicVec::get`, as an
/// svLogic code.
///
/// # Safety
///
/// `chunks` points to three readable `svLogicVecVal`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn abi_oracle_logic_get(chunks: *const SvLogicVecVal, index: u32) -> u8 {
    // SAFETY: forwarded.
    unsafe { read(chunks) }.get(index) as u8
}
