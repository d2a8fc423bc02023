use abi_core::c_export;

#[c_export]
pub fn read() -> std::io::Result<u32> {
    Ok(1)
}

fn main() {}
