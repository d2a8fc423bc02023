use abi_core::ciface;
use abi_core::memref::MemRef;

#[ciface(expanded)]
unsafe extern "C" {
    fn kernel(m: MemRef<'_, f32, 1>) -> f32;
}

#[ciface]
unsafe extern "C" {
    fn with_complex(c: (f32, f32)) -> f32;
    static TABLE: i32;
}

#[ciface(frobnicate)]
pub fn unknown_argument() {}

#[ciface]
pub struct NotAFunction;

fn main() {
    let _ = with_complex((1.0, 2.0));
}
