use abi_core::c_export;

// Every problem is reported in one compilation, and `uses_it` still
// compiles because the function itself is kept.
#[c_export(nme = "typo")]
pub async fn many<T>(a: String, b: char, c: Vec<u8>) -> Box<T> {
    unimplemented!()
}

pub fn uses_it() {
    let _ = many::<u8>;
}

fn main() {}
