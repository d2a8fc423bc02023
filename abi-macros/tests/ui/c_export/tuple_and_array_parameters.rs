use abi_core::c_export;

#[c_export]
pub fn sum(pair: (i32, i32), quad: [i32; 4]) -> i32 {
    pair.0 + pair.1 + quad.iter().sum::<i32>()
}

fn main() {}
