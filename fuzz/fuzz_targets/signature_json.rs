//! Reflection JSON from anywhere: `Signature::from_json` must return a
//! signature or an error for any JSON value, never panic.
#![no_main]

use abi_core::reflect::Signature;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) else {
        return;
    };
    let _ = Signature::from_json(&value);
});
