//! The simulator side of DPI-C: `svdpi.h` functions (`svGetScope`, ...)
//! and SystemVerilog exports, found once, at their first use.
//!
//! Each is referenced weakly at link time (on ELF targets, see
//! [`__linked_symbol!`](crate::__linked_symbol)): when the simulator's own
//! objects are in the link (`verilator --binary top.sv librust.a`, with no
//! extra flag), the linker fills the reference in; when they are not (an
//! ordinary test binary), the reference is NULL and the program still
//! links. A NULL reference falls back to a look-up by name with `dlsym`,
//! which finds symbols that a simulator's executable exports to a shared
//! library loaded later (`-rdynamic`, or a simulator that exports its
//! symbols).
//!
//! So a crate with `#[dpi_export]` declarations still links into ordinary
//! test binaries, and a call outside a simulator, or before the simulator
//! set a scope, is a [`DpiError`] naming the function, not a link error or a
//! simulator abort.

use core::ffi::{CStr, c_char, c_void};
use core::fmt;
use core::ptr::NonNull;
use std::sync::atomic::{AtomicPtr, Ordering};

/// Why a DPI-C call from Rust could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DpiError {
    /// A `svdpi.h` function or an export is not in the running program:
    /// not running inside a simulator, or the export is not declared with
    /// `export "DPI-C"`, or the executable does not export its symbols.
    Missing {
        /// The missing symbol.
        symbol: &'static str,
    },
    /// An export was called with no scope set: call it from a `context`
    /// import, or inside [`Scope::with`].
    NoScope {
        /// The export.
        export: &'static str,
    },
    /// No scope has this hierarchical name.
    ScopeNotFound {
        /// The name asked for.
        name: String,
    },
    /// A SystemVerilog export task returned its disable flag (IEEE 1800
    /// §35.9): a `disable` statement ended it. The calling import task
    /// should return promptly (its own result is then the disable flag).
    Disabled {
        /// The export task.
        export: &'static str,
    },
    /// An export wrote an output (or inout) Rust cannot represent: a value
    /// of a `typedef enum` that is none of its labels.
    InvalidOutput {
        /// The export.
        export: &'static str,
        /// The parameter.
        argument: &'static str,
        /// What was wrong.
        error: crate::argument::ArgError,
    },
    /// The simulator refused to store per-scope user data
    /// (`svPutUserData` returned an error).
    UserDataRefused,
    /// A scope service that changes the simulator's state (`Scope::with`,
    /// per-scope user data) was used on a thread that is not running a
    /// `context` import: any other thread would race with the simulation,
    /// and IEEE 1800 35.5.3 allows these only inside a `context` import.
    NotInContextImport {
        /// The service.
        service: &'static str,
    },
}

impl fmt::Display for DpiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DpiError::Missing { symbol } => write!(
                f,
                "`{symbol}` is not in the running program: not inside a DPI-C simulator, not declared with `export \"DPI-C\"`, or not linked in (name the static library on the simulator's link line; an export also needs `-Wl,-u,{symbol}` when its definition sits in an archive member nothing else pulls in; a shared library needs the executable linked with -rdynamic: the generated <name>_dpi.ldflags has these flags)"
            ),
            DpiError::NoScope { export } => write!(
                f,
                "SystemVerilog export `{export}` called outside a `context` import (no scope, or only a stale one, is set): declare the calling import `#[dpi_import(context)]` (inside it, `Scope::with` runs an export in another scope)"
            ),
            DpiError::ScopeNotFound { name } => {
                write!(f, "no SystemVerilog scope is named `{name}`")
            }
            DpiError::Disabled { export } => {
                write!(f, "SystemVerilog export task `{export}` was disabled")
            }
            DpiError::InvalidOutput {
                export,
                argument,
                error,
            } => write!(
                f,
                "SystemVerilog export `{export}` wrote `{argument}`: {error}"
            ),
            DpiError::UserDataRefused => f.write_str(
                "the simulator refused to store the scope's user data (`svPutUserData` failed)",
            ),
            DpiError::NotInContextImport { service } => write!(
                f,
                "`{service}` used on a thread that is not running a `context` import: it changes the simulator's state, which only the thread running a `context` import may do (IEEE 1800 35.5.3); call it from inside a `#[dpi_import(context)]` function"
            ),
        }
    }
}

impl std::error::Error for DpiError {}

#[cfg(not(miri))]
unsafe extern "C" {
    // glibc's `dlsym`; `RTLD_DEFAULT` is the null handle there.
    fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
}

/// A symbol of the running program, looked up once.
#[doc(hidden)]
#[derive(Debug)]
pub struct LazySymbol {
    name: &'static CStr,
    address: AtomicPtr<c_void>,
    linked: fn() -> *mut c_void,
}

fn not_linked() -> *mut c_void {
    core::ptr::null_mut()
}

impl LazySymbol {
    /// A symbol called `name`, looked up by name only.
    pub const fn new(name: &'static CStr) -> Self {
        LazySymbol::linked(name, not_linked)
    }

    /// A symbol called `name` that `linked` finds first: the address the
    /// linker gave a weak reference, or NULL
    /// ([`__linked_symbol!`](crate::__linked_symbol)).
    pub const fn linked(name: &'static CStr, linked: fn() -> *mut c_void) -> Self {
        LazySymbol {
            name,
            address: AtomicPtr::new(core::ptr::null_mut()),
            linked,
        }
    }

    /// Its address, or why there is none.
    pub fn get(&self) -> Result<NonNull<c_void>, DpiError> {
        if let Some(found) = NonNull::new(self.address.load(Ordering::Acquire)) {
            return Ok(found);
        }
        let mut found = (self.linked)();
        if found.is_null() {
            #[cfg(not(miri))]
            {
                // SAFETY: `dlsym` with the default handle and a
                // NUL-terminated name has no preconditions.
                found = unsafe { dlsym(core::ptr::null_mut(), self.name.as_ptr()) };
            }
            #[cfg(miri)]
            {
                found = miri_svdpi::address(self.name);
            }
        }
        let found = NonNull::new(found).ok_or(DpiError::Missing {
            symbol: self.name.to_str().unwrap_or("?"),
        })?;
        self.address.store(found.as_ptr(), Ordering::Release);
        Ok(found)
    }
}

/// A [`LazySymbol`] for the C symbol `$name` (a string literal) that the
/// linker resolves when it can: on ELF targets (the cfg `abi_core_elf`) a
/// word holding the address of a weak reference to `$name` (NULL when
/// nothing in the link defines it, see [`__linked_word!`]), which the
/// look-up reads before it asks `dlsym`. Not public API.
#[doc(hidden)]
#[macro_export]
macro_rules! __linked_symbol {
    ($name:literal) => {{
        fn linked() -> *mut ::core::ffi::c_void {
            $crate::__linked_word!($name)
        }
        const NAME: &::core::ffi::CStr =
            match ::core::ffi::CStr::from_bytes_with_nul(::core::concat!($name, "\0").as_bytes()) {
                ::core::result::Result::Ok(name) => name,
                ::core::result::Result::Err(_) => ::core::panic!("a symbol name holds a NUL"),
            };
        $crate::__private::LazySymbol::linked(NAME, linked)
    }};
}

/// The address a weak reference to the C symbol `$name` got from the
/// linker, or NULL, on an ELF target. Not public API.
///
/// The word that holds it is written in assembly because a weak reference
/// has no stable Rust spelling, and Rust may assume that the address of an
/// `extern` item is never NULL: reading a pointer-sized value that may be
/// NULL is sound where taking a NULL address is not. The word's own symbol
/// is a hidden weak definition, defined once per object file (`.ifndef`),
/// so that several uses of one name, in one crate or several, are one
/// word. Off ELF, where Rust has no stable assembly (build.rs: the cfgs
/// `abi_core_elf` and `abi_core_global_asm`), and under Miri, the address
/// is NULL.
#[cfg(all(abi_core_elf, abi_core_global_asm, not(miri)))]
#[doc(hidden)]
#[macro_export]
macro_rules! __linked_word {
    ($name:literal) => {{
        mod word {
            ::core::arch::global_asm!(::core::concat!(
                ".ifndef __abi_core_linked_",
                $name,
                "\n",
                ".pushsection .data.rel.ro.abi_core_linked,\"aw\"\n",
                ".p2align 3\n",
                ".weak __abi_core_linked_",
                $name,
                "\n",
                ".hidden __abi_core_linked_",
                $name,
                "\n",
                "__abi_core_linked_",
                $name,
                ":\n",
                ".weak ",
                $name,
                "\n",
                ".dc.a ",
                $name,
                "\n",
                ".popsection\n",
                ".endif\n",
            ));
        }
        unsafe extern "C" {
            #[link_name = ::core::concat!("__abi_core_linked_", $name)]
            static LINKED: *mut ::core::ffi::c_void;
        }
        // SAFETY: a pointer-sized word the assembly above defines, which
        // the linker filled in (or left NULL); nothing writes it.
        unsafe { LINKED }
    }};
}

/// See the other definition: NULL here.
#[cfg(not(all(abi_core_elf, abi_core_global_asm, not(miri))))]
#[doc(hidden)]
#[macro_export]
macro_rules! __linked_word {
    ($name:literal) => {
        ::core::ptr::null_mut()
    };
}

/// Miri has no `dlsym` for the program's own symbols, but it calls a
/// function declared in an `extern` block that a crate of the program
/// defines with `#[unsafe(no_mangle)]`. Under Miri the open-array functions
/// of `svdpi.h` are found that way, so a test that stands in for the
/// simulator (c-tests' `dpi_boundary`) runs the open-array views under
/// Miri; every other symbol stays missing, as outside a simulator.
#[cfg(miri)]
mod miri_svdpi {
    use core::ffi::{CStr, c_void};

    macro_rules! svdpi {
        ($($name:ident),* $(,)?) => {
            unsafe extern "C" {
                // Declared without parameters: only their addresses are
                // taken here; `open_array::Api` calls them with the real
                // signatures.
                $(fn $name();)*
            }

            /// The address of the open-array function `name`, or NULL.
            pub(super) fn address(name: &CStr) -> *mut c_void {
                $(
                    if name.to_bytes() == stringify!($name).as_bytes() {
                        return $name as *mut c_void;
                    }
                )*
                core::ptr::null_mut()
            }
        };
    }

    svdpi! {
        svLeft, svRight, svLow, svHigh, svSize, svIncrement, svDimensions, svGetArrayPtr,
        svSizeOfArray, svGetArrElemPtr1, svGetArrElemPtr2, svGetArrElemPtr3,
        svGetBitArrElem1VecVal, svGetBitArrElem2VecVal, svGetBitArrElem3VecVal,
        svPutBitArrElem1VecVal, svPutBitArrElem2VecVal, svPutBitArrElem3VecVal,
        svGetLogicArrElem1VecVal, svGetLogicArrElem2VecVal, svGetLogicArrElem3VecVal,
        svPutLogicArrElem1VecVal, svPutLogicArrElem2VecVal, svPutLogicArrElem3VecVal,
        svGetBitArrElem1, svGetBitArrElem2, svGetBitArrElem3,
        svPutBitArrElem1, svPutBitArrElem2, svPutBitArrElem3,
        svGetLogicArrElem1, svGetLogicArrElem2, svGetLogicArrElem3,
        svPutLogicArrElem1, svPutLogicArrElem2, svPutLogicArrElem3,
    }
}

static SV_GET_SCOPE: LazySymbol = crate::__linked_symbol!("svGetScope");
static SV_SET_SCOPE: LazySymbol = crate::__linked_symbol!("svSetScope");
static SV_GET_SCOPE_FROM_NAME: LazySymbol = crate::__linked_symbol!("svGetScopeFromName");
static SV_GET_NAME_FROM_SCOPE: LazySymbol = crate::__linked_symbol!("svGetNameFromScope");

type GetScope = unsafe extern "C" fn() -> *mut c_void;
type SetScope = unsafe extern "C" fn(*mut c_void) -> *mut c_void;
type ScopeFromName = unsafe extern "C" fn(*const c_char) -> *mut c_void;
type NameFromScope = unsafe extern "C" fn(*mut c_void) -> *const c_char;

/// A SystemVerilog instance scope (`svScope`): where exports run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scope(NonNull<c_void>);

impl Scope {
    /// The scope set now (`svGetScope`): inside a `context` import, the
    /// scope of the import's declaration; `None` when no scope is set.
    pub fn current() -> Result<Option<Scope>, DpiError> {
        let f = SV_GET_SCOPE.get()?;
        // SAFETY: svdpi.h declares `svGetScope` with this signature.
        let get_scope: GetScope = unsafe { core::mem::transmute(f.as_ptr()) };
        // SAFETY: no preconditions.
        let scope = unsafe { get_scope() };
        Ok(NonNull::new(scope).map(Scope))
    }

    /// The scope with a hierarchical name, such as `"TOP.top"`
    /// (`svGetScopeFromName`).
    pub fn by_name(name: &CStr) -> Result<Scope, DpiError> {
        let f = SV_GET_SCOPE_FROM_NAME.get()?;
        // SAFETY: svdpi.h declares `svGetScopeFromName` with this signature.
        let scope_from_name: ScopeFromName = unsafe { core::mem::transmute(f.as_ptr()) };
        // SAFETY: the name is NUL-terminated.
        let scope = unsafe { scope_from_name(name.as_ptr()) };
        NonNull::new(scope)
            .map(Scope)
            .ok_or_else(|| DpiError::ScopeNotFound {
                name: name.to_string_lossy().into_owned(),
            })
    }

    /// The hierarchical name (`svGetNameFromScope`).
    pub fn name(&self) -> Result<String, DpiError> {
        let f = SV_GET_NAME_FROM_SCOPE.get()?;
        // SAFETY: svdpi.h declares `svGetNameFromScope` with this signature.
        let name_from_scope: NameFromScope = unsafe { core::mem::transmute(f.as_ptr()) };
        // SAFETY: `self` came from the simulator.
        let name = unsafe { name_from_scope(self.0.as_ptr()) };
        if name.is_null() {
            return Ok(String::new());
        }
        // SAFETY: the simulator returns a NUL-terminated string it owns.
        Ok(unsafe { CStr::from_ptr(name) }
            .to_string_lossy()
            .into_owned())
    }

    /// Run `f` with this scope set, then restore the previous one (also
    /// when `f` panics). Only on a thread running a `context` import
    /// (else [`DpiError::NotInContextImport`]): setting the scope and
    /// calling exports from any other thread would race with the
    /// simulation.
    pub fn with<R>(self, f: impl FnOnce() -> R) -> Result<R, DpiError> {
        require_context_import("Scope::with")?;
        let previous = set_scope(self.0.as_ptr())?;
        struct Restore(*mut c_void);
        impl Drop for Restore {
            fn drop(&mut self) {
                // Restoring cannot fail: setting succeeded just before.
                let _ = set_scope(self.0);
            }
        }
        let _restore = Restore(previous);
        // SAFETY: this thread runs a `context` import (checked above).
        let _grant = unsafe { ScopeGrant::enter() };
        Ok(f())
    }
}

impl Scope {
    /// The `svScope` itself, for C code that takes one (its own
    /// `svSetScope`, `svGetNameFromScope`...).
    pub fn as_raw(self) -> NonNull<c_void> {
        self.0
    }

    /// The scope an `svScope` from C code is.
    ///
    /// # Safety
    ///
    /// `raw` is an `svScope` of the running simulator (from `svGetScope`,
    /// `svGetScopeFromName` or [`Scope::as_raw`]).
    pub unsafe fn from_raw(raw: NonNull<c_void>) -> Scope {
        Scope(raw)
    }
}

/// Where SystemVerilog called the running `context` import from
/// ([`caller_info`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallerInfo {
    /// The source file of the call, as the simulator names it.
    pub file: String,
    /// Its line.
    pub line: i32,
}

static SV_GET_CALLER_INFO: LazySymbol = crate::__linked_symbol!("svGetCallerInfo");
static SV_DPI_VERSION: LazySymbol = crate::__linked_symbol!("svDpiVersion");
static SV_IS_DISABLED_STATE: LazySymbol = crate::__linked_symbol!("svIsDisabledState");
static SV_ACK_DISABLED_STATE: LazySymbol = crate::__linked_symbol!("svAckDisabledState");

/// The file and line of the SystemVerilog call of the running `context`
/// import (`svGetCallerInfo`); `None` outside one (then the simulator is
/// not asked: Verilator would warn).
pub fn caller_info() -> Result<Option<CallerInfo>, DpiError> {
    if scope_grants() == 0 {
        return Ok(None);
    }
    let f = SV_GET_CALLER_INFO.get()?;
    type GetCallerInfo = unsafe extern "C" fn(*mut *const c_char, *mut i32) -> i32;
    // SAFETY: svdpi.h declares `svGetCallerInfo` with this signature.
    let get: GetCallerInfo = unsafe { core::mem::transmute(f.as_ptr()) };
    let (mut file, mut line) = (core::ptr::null(), 0);
    // SAFETY: two valid out-pointers.
    let known = unsafe { get(&mut file, &mut line) } != 0;
    if !known {
        return Ok(None);
    }
    let file = if file.is_null() {
        String::new()
    } else {
        // SAFETY: a NUL-terminated string the simulator owns, read at once.
        unsafe { CStr::from_ptr(file) }
            .to_string_lossy()
            .into_owned()
    };
    Ok(Some(CallerInfo { file, line }))
}

/// The DPI version the simulator implements (`svDpiVersion`): `"1800-2005"`
/// in Verilator, `"1800-2005"` or `"P1800-2005"` as IEEE 1800 lists them.
pub fn dpi_version() -> Result<String, DpiError> {
    let f = SV_DPI_VERSION.get()?;
    type DpiVersion = unsafe extern "C" fn() -> *const c_char;
    // SAFETY: svdpi.h declares `svDpiVersion` with this signature.
    let version: DpiVersion = unsafe { core::mem::transmute(f.as_ptr()) };
    // SAFETY: no preconditions.
    let text = unsafe { version() };
    if text.is_null() {
        return Ok(String::new());
    }
    // SAFETY: a NUL-terminated string the simulator owns, read at once.
    Ok(unsafe { CStr::from_ptr(text) }
        .to_string_lossy()
        .into_owned())
}

/// Whether SystemVerilog disabled the task that called the running import
/// (`svIsDisabledState`, IEEE 1800 35.9): the import should then return at
/// once, after [`ack_disabled_state`]. (Verilator implements no disabling:
/// always `false`.)
pub fn is_disabled_state() -> Result<bool, DpiError> {
    let f = SV_IS_DISABLED_STATE.get()?;
    type IsDisabled = unsafe extern "C" fn() -> i32;
    // SAFETY: svdpi.h declares `svIsDisabledState` with this signature.
    let is_disabled: IsDisabled = unsafe { core::mem::transmute(f.as_ptr()) };
    // SAFETY: no preconditions.
    Ok(unsafe { is_disabled() } != 0)
}

/// Acknowledges a disable (`svAckDisabledState`), as IEEE 1800 requires of
/// an import that saw [`is_disabled_state`] before it returns.
pub fn ack_disabled_state() -> Result<(), DpiError> {
    let f = SV_ACK_DISABLED_STATE.get()?;
    type Ack = unsafe extern "C" fn();
    // SAFETY: svdpi.h declares `svAckDisabledState` with this signature.
    let ack: Ack = unsafe { core::mem::transmute(f.as_ptr()) };
    // SAFETY: no preconditions.
    unsafe { ack() };
    Ok(())
}

fn set_scope(scope: *mut c_void) -> Result<*mut c_void, DpiError> {
    let f = SV_SET_SCOPE.get()?;
    // SAFETY: svdpi.h declares `svSetScope` with this signature.
    let set: SetScope = unsafe { core::mem::transmute(f.as_ptr()) };
    // SAFETY: the scope came from the simulator (or is the previous value
    // it returned).
    Ok(unsafe { set(scope) })
}

std::thread_local! {
    /// How many `context` imports (and [`Scope::with`] calls) are running
    /// on this thread: an export may only be called inside one. 64 bits,
    /// so that no count of forgotten grants (`mem::forget` of a
    /// [`ScopeGrant`], which the safe `Scope::with` cannot leak but a
    /// caller of the `unsafe` [`ScopeGrant::enter`] could) wraps it back to
    /// a count the string release trusts (a `u32` wrapped after 2^32).
    static SCOPE_GRANTS: core::cell::Cell<u64> = const { core::cell::Cell::new(0) };
}

/// Held while a `context` import's body runs (the shim makes one) or
/// inside [`Scope::with`]: exports may be called. Outside, the scope the
/// simulator has set is stale (Verilator leaves the last `context`
/// import's scope set; the standard leaves it undefined), so an export
/// call is refused even when `svGetScope` returns something.
#[doc(hidden)]
#[derive(Debug)]
pub struct ScopeGrant(core::marker::PhantomData<*const ()>);

impl ScopeGrant {
    /// Enter a region where exports may be called.
    ///
    /// # Safety
    ///
    /// This thread is running a `context` import (the shims and
    /// [`Scope::with`] make one): a grant anywhere else would let
    /// `Scope::with` and the exports change the simulator's state from a
    /// thread racing with the simulation.
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    pub unsafe fn enter() -> Self {
        SCOPE_GRANTS.with(|g| g.set(g.get() + 1));
        ScopeGrant(core::marker::PhantomData)
    }
}

impl Drop for ScopeGrant {
    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn drop(&mut self) {
        SCOPE_GRANTS.with(|g| g.set(g.get() - 1));
    }
}

/// How many `context` imports and [`Scope::with`] calls are running on
/// this thread.
pub(crate) fn scope_grants() -> u64 {
    SCOPE_GRANTS.with(|g| g.get())
}

/// `Err` unless this thread is running a `context` import (or is inside
/// `Scope::with` within one): the services that change the simulator's
/// state are refused elsewhere.
pub(crate) fn require_context_import(service: &'static str) -> Result<(), DpiError> {
    if scope_grants() == 0 {
        return Err(DpiError::NotInContextImport { service });
    }
    Ok(())
}

/// Called by generated export wrappers before calling the export: the call
/// must come from inside a `context` import or [`Scope::with`], and a
/// scope must be set.
#[doc(hidden)]
pub fn require_scope(export: &'static str) -> Result<(), DpiError> {
    if SCOPE_GRANTS.with(|g| g.get()) == 0 {
        return Err(DpiError::NoScope { export });
    }
    match Scope::current()? {
        Some(_) => Ok(()),
        None => Err(DpiError::NoScope { export }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outside_a_simulator_everything_is_missing() {
        // The test binary has no svdpi.h functions: clear errors, no abort.
        assert_eq!(
            Scope::current(),
            Err(DpiError::Missing {
                symbol: "svGetScope"
            })
        );
        assert!(Scope::by_name(c"TOP.top").is_err());
        // Outside a `context` import: refused before the simulator is
        // asked; inside one, the missing simulator is reported.
        assert_eq!(
            require_scope("sv_double"),
            Err(DpiError::NoScope {
                export: "sv_double"
            })
        );
        // SAFETY: no simulator runs here; the grant only counts.
        let grant = unsafe { ScopeGrant::enter() };
        assert_eq!(
            require_scope("sv_double"),
            Err(DpiError::Missing {
                symbol: "svGetScope"
            })
        );
        drop(grant);
        // Setting a scope is refused outside a `context` import (another
        // thread would race with the simulation), before the simulator is
        // asked; inside one it goes on to the (missing) simulator.
        let scope = Scope(NonNull::dangling());
        assert_eq!(
            scope.with(|| 1),
            Err(DpiError::NotInContextImport {
                service: "Scope::with"
            })
        );
        // A grant of this thread does not count on another one.
        let from_another_thread = std::thread::spawn(|| Scope(NonNull::dangling()).with(|| 1));
        // SAFETY: no simulator runs here; the grant only counts.
        let grant = unsafe { ScopeGrant::enter() };
        assert_eq!(
            scope.with(|| 1),
            Err(DpiError::Missing {
                symbol: "svSetScope"
            })
        );
        assert_eq!(
            from_another_thread.join().unwrap(),
            Err(DpiError::NotInContextImport {
                service: "Scope::with"
            })
        );
        drop(grant);
        static NOT_THERE: LazySymbol = crate::__linked_symbol!("abi_core_no_such_symbol");
        assert_eq!(
            NOT_THERE.get(),
            Err(DpiError::Missing {
                symbol: "abi_core_no_such_symbol"
            })
        );
    }

    /// A symbol the link resolved (libc's `malloc`) is found by the weak
    /// reference on ELF targets and by `dlsym` elsewhere, at the same
    /// address; by name only, `dlsym` finds it.
    #[test]
    #[cfg(all(unix, not(miri)))]
    fn linked_and_looked_up_symbols_are_the_function() {
        static LINKED: LazySymbol = crate::__linked_symbol!("malloc");
        static BY_NAME: LazySymbol = LazySymbol::new(c"malloc");
        let malloc = libc::malloc as *mut c_void;
        assert_eq!((LINKED.linked)(), {
            #[cfg(all(abi_core_global_asm, target_os = "linux"))]
            {
                malloc
            }
            #[cfg(not(all(abi_core_global_asm, target_os = "linux")))]
            {
                core::ptr::null_mut()
            }
        });
        assert_eq!(LINKED.get().map(NonNull::as_ptr), Ok(malloc));
        assert_eq!(BY_NAME.get().map(NonNull::as_ptr), Ok(malloc));
    }
}
