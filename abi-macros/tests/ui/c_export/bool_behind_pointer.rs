//! A Rust `bool` is accepted by value only: C can leave any byte in memory
//! it owns, and a `bool` other than 0 or 1 is undefined behaviour. Behind a
//! pointer, in a slice or array, or as a struct field, the type is `CBool`.
use abi_core::c_export;

#[c_export]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Flags {
    pub valid: bool,
}

#[c_export]
pub fn read_flag(flag: &bool) -> bool {
    *flag
}

#[c_export]
pub fn count_flags(flags: &[bool]) -> usize {
    flags.iter().filter(|f| **f).count()
}

#[c_export]
pub fn first_of_array(flags: &[bool; 4]) -> bool {
    flags[0]
}

fn main() {}
