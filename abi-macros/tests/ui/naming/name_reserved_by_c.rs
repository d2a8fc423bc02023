// Exported under a name C reserves for its library or runtime, the
// function would replace theirs for the whole program: every allocation
// would call `not_malloc`. Refused at the name, with the rename as hint;
// the simulator's own svdpi names likewise for DPI-C.
use abi_core::memref::MemRef;
use abi_core::{c_export, ciface, dpi_import};

#[c_export(name = "malloc")]
pub fn not_malloc(size: usize) -> usize {
    size
}

#[c_export]
pub fn memcpy(n: usize) -> usize {
    n
}

#[c_export(name = "__rust_alloc")]
pub fn runtime(n: u32) -> u32 {
    n
}

#[dpi_import]
pub fn sqrtf(x: f32) -> f32 {
    x
}

#[dpi_import(name = "svGetScope")]
pub fn scope() -> i32 {
    0
}

#[ciface(expanded)]
pub fn free(m: MemRef<'_, f32, 1>) -> f32 {
    m.iter().sum()
}

// Allowed: the name only matters as exported.
#[c_export(name = "my_malloc")]
pub fn malloc(size: usize) -> usize {
    size
}

fn main() {}
