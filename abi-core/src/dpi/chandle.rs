//! `Chandle<T>`: a Rust object handed to SystemVerilog as a `chandle`, with
//! explicit ownership and checked use.
//!
//! SystemVerilog can store a `chandle`, pass it back, copy it, or pass one
//! that was already freed; it cannot say what type it points to. So a
//! handle is not the object's address but a number, never that of a live
//! handle (and not reused at all before the counter wraps, which takes
//! 2^32 handles on a 32-bit target and never happens on a 64-bit one),
//! looked up in a table of live objects with their types: using a NULL,
//! freed, foreign or wrong-typed handle is a [`HandleError`], never
//! undefined behaviour (and a stale copy can never reach a newer object at
//! a recycled address), and a handle cannot be freed while it is borrowed.

use crate::model::sv::SvScalar;
use core::any::TypeId;
use core::ffi::c_void;
use core::fmt;
use core::marker::PhantomData;
use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::{DpiResult, DpiType, DpiValue, SvType};
use crate::argument::ArgError;
use crate::model::c::CTypeDesc;

/// What went wrong with a handle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum HandleError {
    /// The handle is NULL.
    Null,
    /// No live handle has this address: freed already, or never created
    /// here.
    Unknown,
    /// The handle holds another type.
    WrongType,
    /// The handle is borrowed (`with`/`with_mut` is running) and cannot be
    /// used mutably or freed now.
    Busy,
}

impl fmt::Display for HandleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HandleError::Null => "the chandle is null",
            HandleError::Unknown => {
                "the chandle is not live (already freed, or not created by Rust)"
            }
            HandleError::WrongType => "the chandle holds another Rust type",
            HandleError::Busy => "the chandle is in use by an enclosing call",
        })
    }
}

impl std::error::Error for HandleError {}

/// How a live handle is being used.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Use {
    Idle,
    Shared(usize),
    Exclusive,
}

/// The address of a live object, with its provenance (a pointer, not an
/// integer, so that Miri and the compiler see where it came from).
struct ObjectPtr(*mut ());

// SAFETY: the table only holds objects of `Send` types (`Chandle::new`
// requires it), and the pointer is used under the table's lock rules.
unsafe impl Send for ObjectPtr {}

/// A live object: where it is, what it is, how it is used.
struct Live {
    address: ObjectPtr,
    ty: TypeId,
    usage: Use,
}

/// Live objects by handle number.
static LIVE: Mutex<Option<HashMap<usize, Live>>> = Mutex::new(None);

/// The next handle number; 0 is NULL.
static NEXT_HANDLE: AtomicUsize = AtomicUsize::new(1);

/// The next handle number from `counter` that is neither 0 (NULL) nor
/// live: the counter wraps after 2^32 handles on 32-bit targets, and a live
/// handle, perhaps borrowed on another thread, must never be replaced.
/// Called with the table locked.
fn free_number(counter: &AtomicUsize, live: &HashMap<usize, Live>) -> usize {
    loop {
        let number = counter.fetch_add(1, Ordering::Relaxed);
        if number != 0 && !live.contains_key(&number) {
            return number;
        }
    }
}

fn with_live<R>(f: impl FnOnce(&mut HashMap<usize, Live>) -> R) -> R {
    // A panic while the lock was held cannot leave the map inconsistent
    // (every update is a single insert or remove), so poisoning is ignored.
    let mut guard = LIVE.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    f(guard.get_or_insert_with(HashMap::new))
}

/// A Rust object owned through a SystemVerilog `chandle`.
///
/// ```
/// use abi_core::dpi::{Chandle, HandleError};
///
/// let h = Chandle::new(vec![1, 2, 3]);
/// let copy = h; // SystemVerilog may copy a chandle freely
/// assert_eq!(h.with(|v| v.len()), Ok(3));
/// copy.with_mut(|v| v.push(4)).unwrap();
/// assert_eq!(h.free(), Ok(vec![1, 2, 3, 4]));
/// assert_eq!(copy.free(), Err(HandleError::Unknown)); // double free: an error, not UB
/// ```
#[repr(transparent)]
pub struct Chandle<T: 'static> {
    address: *mut c_void,
    _marker: PhantomData<fn() -> T>,
}

impl<T: 'static> Clone for Chandle<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: 'static> Copy for Chandle<T> {}

impl<T: 'static> PartialEq for Chandle<T> {
    fn eq(&self, other: &Self) -> bool {
        self.address == other.address
    }
}

impl<T: 'static> fmt::Debug for Chandle<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Chandle({:p})", self.address)
    }
}

impl<T: 'static> Chandle<T> {
    /// Move `value` to the heap and make a handle to it. It lives until
    /// [`Chandle::free`].
    ///
    /// `T: Send` because a handle is a number SystemVerilog can hand to any
    /// thread of a multi-threaded simulation, and whichever thread frees
    /// it (or uses it exclusively) then owns the object:
    ///
    /// ```compile_fail
    /// // `Rc` is not `Send`: its count would race across threads.
    /// let h = abi_core::dpi::Chandle::new(std::rc::Rc::new(1));
    /// ```
    pub fn new(value: T) -> Self
    where
        T: Send,
    {
        let address = ObjectPtr(Box::into_raw(Box::new(value)).cast());
        let handle = with_live(|live| {
            let handle = free_number(&NEXT_HANDLE, live);
            live.insert(
                handle,
                Live {
                    address,
                    ty: TypeId::of::<T>(),
                    usage: Use::Idle,
                },
            );
            handle
        });
        Chandle {
            // The handle number travels as a pointer-sized opaque value.
            address: core::ptr::without_provenance_mut(handle),
            _marker: PhantomData,
        }
    }

    /// The NULL handle (SystemVerilog's `null`).
    pub const fn null() -> Self {
        Chandle {
            address: core::ptr::null_mut(),
            _marker: PhantomData,
        }
    }

    /// Whether this is the NULL handle.
    pub fn is_null(&self) -> bool {
        self.address.is_null()
    }

    fn number(&self) -> usize {
        self.address.addr()
    }

    /// Mark the object used (shared or exclusive) if the handle is live,
    /// holds a `T`, and its current use allows it; returns its address.
    fn acquire(&self, exclusive: bool) -> Result<*mut T, HandleError> {
        if self.address.is_null() {
            return Err(HandleError::Null);
        }
        with_live(|live| {
            let entry = live.get_mut(&self.number()).ok_or(HandleError::Unknown)?;
            if entry.ty != TypeId::of::<T>() {
                return Err(HandleError::WrongType);
            }
            entry.usage = match (entry.usage, exclusive) {
                (Use::Idle, true) => Use::Exclusive,
                (Use::Idle, false) => Use::Shared(1),
                (Use::Shared(n), false) => Use::Shared(n + 1),
                _ => return Err(HandleError::Busy),
            };
            Ok(entry.address.0.cast::<T>())
        })
    }

    fn release(&self) {
        with_live(|live| {
            if let Some(entry) = live.get_mut(&self.number()) {
                entry.usage = match entry.usage {
                    Use::Shared(n) if n > 1 => Use::Shared(n - 1),
                    _ => Use::Idle,
                };
            }
        });
    }

    /// Run `f` with a shared reference to the object.
    ///
    /// Shared uses may run on several threads at once, so `T: Sync`; a
    /// type with unsynchronised interior mutability (`Cell`, `RefCell`) is
    /// used through [`Chandle::with_mut`], which is exclusive:
    ///
    /// ```compile_fail
    /// use std::cell::Cell;
    /// let h = abi_core::dpi::Chandle::new(Cell::new(0i64));
    /// h.with(|c| c.set(c.get() + 1)).unwrap(); // `Cell` is not `Sync`
    /// ```
    ///
    /// ```
    /// use std::cell::Cell;
    /// let h = abi_core::dpi::Chandle::new(Cell::new(0i64));
    /// h.with_mut(|c| c.set(c.get() + 1)).unwrap();
    /// assert_eq!(h.free().unwrap().get(), 1);
    /// ```
    pub fn with<R>(&self, f: impl FnOnce(&T) -> R) -> Result<R, HandleError>
    where
        T: Sync,
    {
        let object = self.acquire(false)?;
        let _release = Release(|| self.release());
        // SAFETY: the object is live and a `T` (checked in `acquire`, which
        // also excludes exclusive use and freeing until `release`).
        Ok(f(unsafe { &*object }))
    }

    /// Run `f` with an exclusive reference to the object.
    pub fn with_mut<R>(&self, f: impl FnOnce(&mut T) -> R) -> Result<R, HandleError>
    where
        T: Send,
    {
        let object = self.acquire(true)?;
        let _release = Release(|| self.release());
        // SAFETY: live, a `T`, and no other use until `release` (checked in
        // `acquire`).
        Ok(f(unsafe { &mut *object }))
    }

    /// End the object's life and give it back. Every copy of the handle is
    /// then unknown.
    pub fn free(self) -> Result<T, HandleError>
    where
        T: Send,
    {
        let object = self.acquire(true)?;
        with_live(|live| live.remove(&self.number()));
        // SAFETY: live, a `T` made by `Box::into_raw` in `new`, and now
        // removed from the live set, so this is the only reclamation.
        Ok(*unsafe { Box::from_raw(object) })
    }
}

/// Runs a closure when dropped (also during unwinding).
struct Release<F: FnMut()>(F);

impl<F: FnMut()> Drop for Release<F> {
    fn drop(&mut self) {
        (self.0)();
    }
}

const VOID_PTR: CTypeDesc = CTypeDesc::Pointer {
    pointee: &CTypeDesc::Void,
    is_const: false,
};

// SAFETY: `chandle` is `void *` by value (inputs, results) and `void **`
// for outputs; the handle is only dereferenced after the live-set check.
unsafe impl<T: 'static> DpiType for Chandle<T> {
    const SV_TYPE: SvType = SvType::Scalar(SvScalar::CHandle);
    type Input = *mut c_void;
    const C_INPUT: CTypeDesc = VOID_PTR;
    type Cell = *mut c_void;
    const C_CELL: CTypeDesc = VOID_PTR;
    fn initial() -> Self {
        Chandle::null()
    }
    unsafe fn from_input(raw: *mut c_void) -> Result<Self, ArgError> {
        Ok(Chandle {
            address: raw,
            _marker: PhantomData,
        })
    }
    unsafe fn from_cell(cell: *mut c_void) -> Result<Self, ArgError> {
        Ok(Chandle {
            address: cell,
            _marker: PhantomData,
        })
    }
    fn to_cell(self) -> *mut c_void {
        self.address
    }
}
// SAFETY: a value type: `f` receives the C argument of the type
// `DpiType::Input` declares, valid while it runs.
unsafe impl<T: 'static> DpiValue for Chandle<T> {
    fn with_input<R>(&self, f: impl FnOnce(*mut c_void) -> R) -> R {
        f(self.address)
    }
}

// SAFETY: any address is accepted; it is checked when used.
unsafe impl<T: 'static> super::DpiExportResult for Chandle<T> {
    unsafe fn from_raw(raw: *mut c_void) -> Self {
        Chandle {
            address: raw,
            _marker: PhantomData,
        }
    }
}

// SAFETY: returned as `void *`.
unsafe impl<T: 'static> DpiResult for Chandle<T> {
    const SV_TYPE: SvType = SvType::Scalar(SvScalar::CHandle);
    type Raw = *mut c_void;
    const C_TYPE: CTypeDesc = VOID_PTR;
    fn into_c(self) -> *mut c_void {
        self.address
    }
}

// SAFETY: a handle the Rust side made, not memory the simulator lends for
// the call.
unsafe impl<T: 'static> crate::BorrowedFor<'_> for Chandle<T> {}

#[cfg(test)]
mod tests {
    use super::*;

    /// When the counter wraps (2^32 handles on a 32-bit target; here a
    /// counter of its own, next to a table of its own), a new number skips
    /// 0 and every number still live.
    #[test]
    fn a_wrapped_counter_never_reuses_a_live_number() {
        let entry = || Live {
            address: ObjectPtr(core::ptr::null_mut()),
            ty: TypeId::of::<u8>(),
            usage: Use::Idle,
        };
        let live: HashMap<usize, Live> = [(1, entry()), (2, entry()), (usize::MAX, entry())].into();
        let counter = AtomicUsize::new(usize::MAX);
        assert_eq!(free_number(&counter, &live), 3);
        assert_eq!(free_number(&counter, &live), 4);
        // (The numbers handed out here are not put in the table.)
        counter.store(2, Ordering::Relaxed);
        assert_eq!(free_number(&counter, &live), 3);
        counter.store(usize::MAX - 1, Ordering::Relaxed);
        assert_eq!(free_number(&counter, &live), usize::MAX - 1);
        assert_eq!(free_number(&counter, &live), 3);
    }

    #[test]
    fn misuse_is_an_error() {
        let h = Chandle::new(5u32);
        assert_eq!(Chandle::<u32>::null().with(|x| *x), Err(HandleError::Null));
        let wrong: Chandle<String> = Chandle {
            address: h.address,
            _marker: PhantomData,
        };
        let forged: Chandle<u32> = Chandle {
            address: core::ptr::without_provenance_mut(usize::MAX),
            _marker: PhantomData,
        };
        assert_eq!(forged.with(|x| *x), Err(HandleError::Unknown));
        assert_eq!(wrong.with(|s| s.len()), Err(HandleError::WrongType));
        // Freeing while borrowed is refused.
        assert_eq!(h.with(|_| h.free()), Ok(Err(HandleError::Busy)));
        assert_eq!(h.with_mut(|_| h.with(|x| *x)), Ok(Err(HandleError::Busy)));
        // Nested shared uses are fine.
        assert_eq!(h.with(|a| h.with(|b| a + b)), Ok(Ok(10)));
        assert_eq!(h.free(), Ok(5));
        assert_eq!(h.with(|x| *x), Err(HandleError::Unknown));
        // A panic inside `with_mut` releases the handle.
        let g = Chandle::new(1u8);
        let result = std::panic::catch_unwind(|| g.with_mut(|_| panic!("inside")));
        assert!(result.is_err());
        assert_eq!(g.free(), Ok(1));
    }

    /// A handle reaches every thread as a number (as SystemVerilog passes
    /// it); exclusive uses of a `!Sync` object from several threads never
    /// overlap, so no increment is lost.
    #[test]
    fn exclusive_use_across_threads() {
        let h = Chandle::new(core::cell::Cell::new(0i64));
        let number = h.number();
        let threads: Vec<_> = (0..4)
            .map(|_| {
                std::thread::spawn(move || {
                    // SAFETY: as the DPI shims do, the handle is rebuilt
                    // from the number; it is checked when used.
                    let h: Chandle<core::cell::Cell<i64>> =
                        unsafe { DpiType::from_input(core::ptr::without_provenance_mut(number)) }
                            .unwrap();
                    let mut done = 0;
                    while done < 1000 {
                        match h.with_mut(|c| c.set(c.get() + 1)) {
                            Ok(()) => done += 1,
                            Err(HandleError::Busy) => std::thread::yield_now(),
                            Err(other) => panic!("{other}"),
                        }
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        assert_eq!(h.free().map(|c| c.get()), Ok(4000));
    }
}

/// A `chandle` whose pointer belongs to foreign C code (an existing C
/// model's state, a library's handle): Rust passes it through unchanged,
/// in and out of SystemVerilog, and hands it back to the C functions that
/// own it ([`ForeignChandle::as_ptr`]). Unlike [`Chandle`], it is not looked
/// up in Rust's table of live objects and Rust never reads through it, so
/// every value, NULL included, is a valid `ForeignChandle`; what the
/// pointer may be used for is the foreign code's contract (an `unsafe`
/// call into it).
///
/// ```
/// use abi_core::dpi::ForeignChandle;
/// use core::ffi::c_void;
///
/// /// Hands SystemVerilog the state a C model made.
/// #[abi_core::dpi_import]
/// pub fn model_state(c_state: ForeignChandle) -> ForeignChandle {
///     c_state
/// }
///
/// let mut state = 7u32;
/// let handle = ForeignChandle::from_ptr((&raw mut state).cast::<c_void>());
/// assert_eq!(handle.as_ptr(), (&raw mut state).cast::<c_void>());
/// assert!(ForeignChandle::null().is_null());
/// ```
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ForeignChandle(*mut c_void);

impl ForeignChandle {
    /// The null `chandle`.
    pub const fn null() -> Self {
        ForeignChandle(core::ptr::null_mut())
    }

    /// The `chandle` holding `pointer` (nothing is read through it).
    pub const fn from_ptr(pointer: *mut c_void) -> Self {
        ForeignChandle(pointer)
    }

    /// The pointer, for the foreign code that owns it.
    pub const fn as_ptr(self) -> *mut c_void {
        self.0
    }

    /// Whether it is the null `chandle`.
    pub fn is_null(self) -> bool {
        self.0.is_null()
    }
}

impl Default for ForeignChandle {
    fn default() -> Self {
        ForeignChandle::null()
    }
}

impl fmt::Debug for ForeignChandle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ForeignChandle({:p})", self.0)
    }
}

// SAFETY: an address only, never dereferenced by Rust: moving or sharing it
// between threads reads nothing (a simulation may call imports on several
// threads, as for `Chandle`).
unsafe impl Send for ForeignChandle {}
// SAFETY: as above.
unsafe impl Sync for ForeignChandle {}

// SAFETY: `chandle` is `void *` by value (inputs, results) and `void **`
// for outputs; every address is accepted and none is dereferenced.
unsafe impl DpiType for ForeignChandle {
    const SV_TYPE: SvType = SvType::Scalar(SvScalar::CHandle);
    type Input = *mut c_void;
    const C_INPUT: CTypeDesc = VOID_PTR;
    type Cell = *mut c_void;
    const C_CELL: CTypeDesc = VOID_PTR;
    fn initial() -> Self {
        ForeignChandle::null()
    }
    unsafe fn from_input(raw: *mut c_void) -> Result<Self, ArgError> {
        Ok(ForeignChandle(raw))
    }
    unsafe fn from_cell(cell: *mut c_void) -> Result<Self, ArgError> {
        Ok(ForeignChandle(cell))
    }
    fn to_cell(self) -> *mut c_void {
        self.0
    }
}

// SAFETY: `f` receives the `void *`, valid (as an address) while it runs.
unsafe impl DpiValue for ForeignChandle {
    fn with_input<R>(&self, f: impl FnOnce(*mut c_void) -> R) -> R {
        f(self.0)
    }
}

// SAFETY: returned as `void *`.
unsafe impl DpiResult for ForeignChandle {
    const SV_TYPE: SvType = SvType::Scalar(SvScalar::CHandle);
    type Raw = *mut c_void;
    const C_TYPE: CTypeDesc = VOID_PTR;
    fn into_c(self) -> *mut c_void {
        self.0
    }
}

// SAFETY: any address is accepted.
unsafe impl super::DpiExportResult for ForeignChandle {
    unsafe fn from_raw(raw: *mut c_void) -> Self {
        ForeignChandle(raw)
    }
}

crate::argument::borrows_nothing!(ForeignChandle);
