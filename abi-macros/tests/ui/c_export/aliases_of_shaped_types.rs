//! `&str`, `&[T]` and `Result<T, E>` change the C function's shape (a
//! slice is two C parameters, a `Result` adds an out-pointer), which the
//! attribute decides when it expands, from the type as written: behind an
//! alias they are refused, at the alias, with a note saying to write them
//! literally. (Every other classification follows the type's traits, aliases
//! included: `abi-core/tests/ciface_classification.rs`,
//! `c_export/static_borrowed_parameters_through_aliases.rs`.)
use abi_core::c::status::ErrorCode;
use abi_core::c_export;

type Text<'a> = &'a str;
type Samples<'a> = &'a [i32];
type Outcome = Result<u32, ErrorCode>;

#[c_export]
pub fn length(text: Text<'_>) -> usize {
    text.len()
}

#[c_export]
pub fn total(samples: Samples<'_>) -> i32 {
    samples.iter().sum()
}

#[c_export]
pub fn parse() -> Outcome {
    Ok(1)
}

fn main() {}
