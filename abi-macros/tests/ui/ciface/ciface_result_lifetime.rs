//! A `ReturnedMemRef` result of an MLIR function may borrow a memref
//! argument's buffer: its lifetime must be the arguments' (or `'_`), never
//! `'static` or a lifetime no argument has (and every argument outlives
//! it: `ciface_result_outlives_arguments`). Results are one flat tuple.
use abi_core::ciface;
use abi_core::memref::{MemRef, ReturnedMemRef};

#[ciface]
unsafe extern "C" {
    fn keeps_forever(m: MemRef<'_, f32, 1>) -> ReturnedMemRef<'static, f32, 1>;
    fn unrelated<'a, 'b>(m: MemRef<'a, f32, 1>) -> ReturnedMemRef<'b, f32, 1>;
    fn from_slice(m: &[f32]) -> (ReturnedMemRef<'static, f32, 1>, i32);
    fn nested(a: MemRef<'_, f32, 1>) -> (i32, (f32, f32));
    // Accepted: tied to the argument, elided, or no argument to borrow.
    fn tied<'a>(m: MemRef<'a, f32, 1>) -> ReturnedMemRef<'a, f32, 1>;
    fn both_tied<'a>(a: MemRef<'a, f32, 1>, b: &'a [f32]) -> ReturnedMemRef<'a, f32, 1>;
    fn elided(m: MemRef<'_, f32, 1>) -> ReturnedMemRef<'_, f32, 1>;
    fn table() -> ReturnedMemRef<'static, i32, 1>;
}

fn main() {}
