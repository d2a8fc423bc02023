//! Per-scope user data (`svPutUserData`/`svGetUserData`, IEEE 1800
//! 35.5.3), typed and freed.
//!
//! - **The key** is the address of a `static` [`UserDataKey<T>`]: unique
//!   to that static (it holds an `UnsafeCell`, so it is never promoted to a
//!   shared constant nor merged with another), and typed by it: only a `T`
//!   is ever stored under it by this API, so reading it back as a `T` is
//!   the type check. (C code that learns the key's address could store
//!   something else under it: do not hand it out.)
//! - **Who frees**: the value is an `Arc<T>`; the simulator's slot holds one
//!   strong count, every [`Scope::user_data`] hands out another.
//!   [`Scope::put_user_data`] and [`Scope::take_user_data`] take the slot's
//!   count back and return it, so the value is freed when the last `Arc`
//!   drops; what the slots still hold when the simulation ends is never
//!   freed (svdpi has no destructor callback), as a C model's would not be.
//! - Reads and writes of the slots through this API are serialised by one
//!   lock, so that a value cannot be freed between reading its pointer and
//!   counting the new reference (Verilator may run imports on several
//!   threads); `T: Send + Sync` since any thread may get it.

use core::cell::UnsafeCell;
use core::ffi::c_void;
use core::marker::PhantomData;
use std::sync::{Arc, Mutex};

use super::runtime::{DpiError, LazySymbol, Scope};

/// The key of one kind of per-scope user data, holding a `T`: declare it
/// as a `static` and pass `&KEY`.
///
/// ```
/// use abi_core::dpi::UserDataKey;
/// use std::sync::atomic::AtomicU32;
///
/// static HITS: UserDataKey<AtomicU32> = UserDataKey::new();
/// ```
pub struct UserDataKey<T> {
    /// Never read or written: it makes the static's address its own.
    _unique: UnsafeCell<u8>,
    /// Invariant in `T`: a covariant key would coerce to a key of a
    /// supertype (`UserDataKey<for<'a> fn(&'a X)>` to
    /// `UserDataKey<fn(&'static X)>`), store a value through it and read it
    /// back as the subtype through the original, with a longer lifetime
    /// than it was stored with.
    _type: PhantomData<fn(T) -> T>,
}

// SAFETY: the cell is never accessed; only the key's address is used.
unsafe impl<T> Sync for UserDataKey<T> {}

impl<T> UserDataKey<T> {
    /// A key; its identity is the address of the `static` holding it.
    pub const fn new() -> Self {
        UserDataKey {
            _unique: UnsafeCell::new(0),
            _type: PhantomData,
        }
    }

    fn address(&'static self) -> *mut c_void {
        core::ptr::from_ref(self).cast_mut().cast()
    }
}

impl<T> Default for UserDataKey<T> {
    fn default() -> Self {
        UserDataKey::new()
    }
}

impl<T> core::fmt::Debug for UserDataKey<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "UserDataKey({:p})", self)
    }
}

static SV_PUT_USER_DATA: LazySymbol = crate::__linked_symbol!("svPutUserData");
static SV_GET_USER_DATA: LazySymbol = crate::__linked_symbol!("svGetUserData");

/// Serialises every read and write of the slots through this API.
static SLOTS: Mutex<()> = Mutex::new(());

type PutUserData = unsafe extern "C" fn(*mut c_void, *mut c_void, *mut c_void) -> i32;
type GetUserData = unsafe extern "C" fn(*mut c_void, *mut c_void) -> *mut c_void;

impl Scope {
    /// The raw slot of `key` in this scope (`svGetUserData`).
    fn user_slot(self, key: *mut c_void) -> Result<*mut c_void, DpiError> {
        let f = SV_GET_USER_DATA.get()?;
        // SAFETY: svdpi.h declares `svGetUserData` with this signature.
        let get: GetUserData = unsafe { core::mem::transmute(f.as_ptr()) };
        // SAFETY: a scope of the simulator and a key pointer it only compares.
        Ok(unsafe { get(self.as_raw().as_ptr(), key) })
    }

    /// Store `data` in the raw slot of `key` (`svPutUserData`).
    fn set_user_slot(self, key: *mut c_void, data: *mut c_void) -> Result<(), DpiError> {
        let f = SV_PUT_USER_DATA.get()?;
        // SAFETY: svdpi.h declares `svPutUserData` with this signature.
        let put: PutUserData = unsafe { core::mem::transmute(f.as_ptr()) };
        // SAFETY: a scope of the simulator; the simulator keeps the pointers
        // without dereferencing them.
        match unsafe { put(self.as_raw().as_ptr(), key, data) } {
            0 => Ok(()),
            _ => Err(DpiError::UserDataRefused),
        }
    }

    /// Store `value` as this scope's data under `key`, returning the value
    /// it replaces (freed when its last `Arc` drops). Like the other two,
    /// only on a thread running a `context` import
    /// ([`DpiError::NotInContextImport`] elsewhere: the simulator's slots
    /// are its state, which another thread would race with).
    pub fn put_user_data<T: Send + Sync + 'static>(
        self,
        key: &'static UserDataKey<T>,
        value: T,
    ) -> Result<Option<Arc<T>>, DpiError> {
        super::runtime::require_context_import("Scope::put_user_data")?;
        let _slots = SLOTS.lock().unwrap_or_else(|e| e.into_inner());
        let old = self.user_slot(key.address())?;
        let new = Arc::into_raw(Arc::new(value));
        if let Err(e) = self.set_user_slot(key.address(), new.cast_mut().cast()) {
            // SAFETY: `new` came from `Arc::into_raw` above and was not stored.
            drop(unsafe { Arc::from_raw(new) });
            return Err(e);
        }
        // SAFETY: only this API stores under `key`, always an
        // `Arc::into_raw` of a `T` (the key's type), and the slot's count
        // is taken back exactly once: here, as the slot now holds `new`.
        Ok((!old.is_null()).then(|| unsafe { Arc::from_raw(old.cast::<T>()) }))
    }

    /// This scope's data under `key`, shared (`None` when none was put).
    pub fn user_data<T: Send + Sync + 'static>(
        self,
        key: &'static UserDataKey<T>,
    ) -> Result<Option<Arc<T>>, DpiError> {
        super::runtime::require_context_import("Scope::user_data")?;
        let _slots = SLOTS.lock().unwrap_or_else(|e| e.into_inner());
        let raw = self.user_slot(key.address())?.cast::<T>();
        if raw.is_null() {
            return Ok(None);
        }
        // SAFETY: the slot holds one count of an `Arc<T>` (as in
        // `put_user_data`), which cannot be released while the lock is held.
        unsafe { Arc::increment_strong_count(raw) };
        // SAFETY: the count just added is the one the `Arc` made here owns.
        Ok(Some(unsafe { Arc::from_raw(raw) }))
    }

    /// Remove this scope's data under `key`, returning it (`None` when
    /// none was put).
    pub fn take_user_data<T: Send + Sync + 'static>(
        self,
        key: &'static UserDataKey<T>,
    ) -> Result<Option<Arc<T>>, DpiError> {
        super::runtime::require_context_import("Scope::take_user_data")?;
        let _slots = SLOTS.lock().unwrap_or_else(|e| e.into_inner());
        let old = self.user_slot(key.address())?;
        if old.is_null() {
            return Ok(None);
        }
        self.set_user_slot(key.address(), core::ptr::null_mut())?;
        // SAFETY: as in `put_user_data`: the slot's count, taken back once.
        Ok(Some(unsafe { Arc::from_raw(old.cast::<T>()) }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static A: UserDataKey<u32> = UserDataKey::new();
    static B: UserDataKey<u32> = UserDataKey::new();
    static C: UserDataKey<String> = UserDataKey::new();

    /// Every static key has an address of its own, whatever its type.
    #[test]
    fn keys_are_distinct() {
        let addresses = [A.address(), B.address(), C.address()];
        assert_ne!(addresses[0], addresses[1]);
        assert_ne!(addresses[0], addresses[2]);
        assert_ne!(addresses[1], addresses[2]);
    }
}
