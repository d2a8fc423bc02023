use abi_core::c_export;

#[c_export(name = my_symbol)]
pub fn f() -> i32 {
    1
}

fn main() {}
