//! What C passes is lent for the call: a `'static` parameter would let the
//! function keep it (here in a global) after the C buffer is gone.
use abi_core::c_export;
use std::ffi::CStr;
use std::sync::Mutex;

static KEPT: Mutex<Option<&'static str>> = Mutex::new(None);

#[c_export]
pub fn keep_text(text: &'static str) {
    *KEPT.lock().unwrap() = Some(text);
}

#[c_export]
pub fn keep_values(values: &'static [u32], name: Option<&'static CStr>) -> usize {
    values.len() + name.map_or(0, |n| n.to_bytes().len())
}

fn main() {}
