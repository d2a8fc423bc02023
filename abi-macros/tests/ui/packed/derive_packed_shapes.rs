// Only non-generic structs with named fields can be packed; every problem is
// reported, and the typedef name must be a SystemVerilog identifier.
use abi_core::packed::Packed;

#[derive(Packed, Clone, Copy)]
enum Mode {
    A,
    B,
}

#[derive(Packed, Clone, Copy)]
struct Pair(bool, bool);

#[derive(Packed, Clone, Copy)]
struct Empty {}

#[derive(Packed, Clone, Copy)]
struct Generic<T: Copy> {
    value: T,
}

#[derive(Packed, Clone, Copy)]
#[packed(sv_name = "9lives", width = 3)]
struct BadArgs {
    flag: bool,
}

fn main() {}
