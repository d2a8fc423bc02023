// A user-data key is a `static`: a temporary key is not promoted to a
// `'static` constant (which could share its address with another key).
use abi_core::dpi::{Scope, UserDataKey};

pub fn put(scope: Scope) {
    let _ = scope.put_user_data(&UserDataKey::<u32>::new(), 5);
}

const KEY: UserDataKey<u32> = UserDataKey::new();

pub fn put_const(scope: Scope) {
    let _ = scope.put_user_data(&KEY, 5);
}

fn main() {}
