//! A `'static` hidden in a type alias is refused like a written one: the
//! shim converts what C lends at `'static`, so the function could keep it
//! (here in a global) after the C buffer is gone.
use abi_core::c_export;
use std::ffi::CStr;
use std::sync::Mutex;

type Text = &'static CStr;
type Name = Option<&'static CStr>;
type Slot = &'static mut u32;
type Short<'a> = &'a CStr;

static KEPT: Mutex<Option<&'static CStr>> = Mutex::new(None);

#[c_export]
pub fn keep_text(text: Text) {
    *KEPT.lock().unwrap() = Some(text);
}

#[c_export]
pub fn keep_name(name: Name, slot: Slot) -> usize {
    *slot += 1;
    name.map_or(0, |n| n.to_bytes().len())
}

/// Accepted: an alias whose lifetime is the call's.
#[c_export]
pub fn text_length(text: Short<'_>) -> usize {
    text.to_bytes().len()
}

fn main() {}
