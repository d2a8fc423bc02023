// A key of per-scope user data stands for exactly one type: were it
// covariant, a key of functions taking a borrow of any lifetime could be
// used as a key of functions taking a `'static` borrow, a value stored
// through the one would be read back through the other, and a short
// borrow would be kept as a `'static` one.
use abi_core::dpi::UserDataKey;

static KEY: UserDataKey<for<'a> fn(&'a String)> = UserDataKey::new();

fn main() {
    let _widened: &'static UserDataKey<fn(&'static String)> = &KEY;
}
