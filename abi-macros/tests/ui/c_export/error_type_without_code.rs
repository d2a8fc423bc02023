use abi_core::c_export;

#[derive(Debug)]
pub struct Oops;

#[c_export]
pub fn fallible(x: i32) -> Result<i32, Oops> {
    if x > 0 { Ok(x) } else { Err(Oops) }
}

fn main() {}
