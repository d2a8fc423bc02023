use abi_core::c_export;

/// A raw pointer to a C type is a result (`const uint8_t *`); what stays
/// refused: a pointer to something C cannot spell, a fat pointer, a
/// `bool` behind a pointer, and `NonNull` (write `*mut T`).
#[c_export]
pub fn to_string_pointer() -> *mut String {
    core::ptr::null_mut()
}

#[c_export]
pub fn to_slice_pointer() -> *const [u8] {
    &[] as *const [u8]
}

#[c_export]
pub fn to_bool_pointer() -> *const bool {
    core::ptr::null()
}

#[c_export]
pub fn to_non_null() -> core::ptr::NonNull<u8> {
    core::ptr::NonNull::dangling()
}

#[c_export]
pub fn fine(p: *const u8) -> *const u8 {
    p
}

fn main() {}
