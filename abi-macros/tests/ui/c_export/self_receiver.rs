use abi_core::c_export;

pub struct Counter(u32);

impl Counter {
    #[c_export]
    pub fn get(&self) -> u32 {
        self.0
    }
}

fn main() {}
