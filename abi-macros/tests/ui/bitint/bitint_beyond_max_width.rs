use abi_core::c_export;

// Above x86-64's __BITINT_MAXWIDTH__ (8388608).
#[c_export]
pub fn huge(x: abi_core::ubitint!(8388609)) -> u32 {
    x.count_ones()
}

fn main() {}
