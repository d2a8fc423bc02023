//! How one result crosses MLIR's C interface, chosen by the result type's
//! [`CifaceResult::OUT_POINTER`] rather than by how the type is spelled:
//! a scalar comes back as the function's return value, everything else
//! (memrefs, complex numbers, several results) through a leading
//! out-pointer.
//!
//! `#[ciface]` cannot see through a type alias, so it writes both shapes
//! as one signature: `fn(out: <S as ResultShape<R>>::Out, args..) ->
//! <S as ResultShape<R>>::Ret` with `S = Shape<{ R::OUT_POINTER }>`. For a
//! direct result `Out` is [`NoOutPointer`], a zero-sized argument the C
//! calling conventions this crate supports pass in no register and no
//! stack slot, so the symbol has exactly the C interface's signature.

use super::*;

/// The shape a result's [`CifaceResult::OUT_POINTER`] selects.
#[derive(Debug)]
pub struct Shape<const OUT_POINTER: bool>;

/// The out-pointer a directly returned result does not have: zero-sized,
/// so it takes no register and no stack slot.
#[derive(Debug, Clone, Copy)]
#[repr(C)]
pub struct NoOutPointer {}

/// Whether a zero-sized argument vanishes from an `extern "C"` call on
/// this target (rustc passes one on x86-64 Windows GNU, PowerPC, s390x and
/// SPARC64 Linux, as GCC does there).
const ZERO_SIZED_ARGUMENTS_VANISH: bool = !(cfg!(all(
    target_arch = "x86_64",
    target_os = "windows",
    target_env = "gnu"
)) || cfg!(all(
    target_os = "linux",
    any(
        target_arch = "powerpc",
        target_arch = "powerpc64",
        target_arch = "s390x",
        target_arch = "sparc64"
    )
)));

/// One result's part of a C-interface signature, and how the shim and
/// the wrapper deliver and receive it.
///
/// # Safety
///
/// `Out` and `Ret` must be what MLIR's C interface passes and returns for
/// `R`.
pub unsafe trait ResultShape<R: CifaceResult> {
    /// The leading parameter: `*mut R::Slot`, or [`NoOutPointer`].
    type Out: Copy;
    /// What the function returns: `()`, or the scalar's C form.
    type Ret;
    /// What the caller keeps on its stack for the callee to write.
    type Storage;
    /// The storage before the call.
    const STORAGE: Self::Storage;
    /// The registry's description of the result.
    const DESC: ResultEntry;

    /// The leading argument, pointing into `storage`.
    fn out(storage: &mut Self::Storage) -> Self::Out;

    /// Abort (naming the function) when the out-pointer MLIR passed
    /// cannot be written; checked before the function runs.
    fn check_out(out: Self::Out, function: &'static FunctionEntry);

    /// Hand a Rust function's result to MLIR, checked against the
    /// declared result types (an abort naming the result when it does not
    /// match).
    ///
    /// # Safety
    ///
    /// `out` passed [`ResultShape::check_out`] and MLIR's caller provides
    /// room for the result behind it.
    unsafe fn deliver(
        out: Self::Out,
        value: R,
        types: &[MemRefType],
        function: &'static FunctionEntry,
    ) -> Self::Ret;

    /// The expanded convention's return of a Rust function's result:
    /// `call` runs the `_mlir_ciface_` shim with the out-pointer, and the
    /// slot comes back by value (a scalar as returned; a ranked memref's
    /// descriptor, which LLVM returns through a hidden pointer on x86-64
    /// as C returns a struct of 40 bytes or more).
    ///
    /// # Safety
    ///
    /// `call` writes the slot behind the out-pointer (or aborts) when the
    /// result travels through it.
    unsafe fn expanded(call: impl FnOnce(Self::Out) -> Self::Ret) -> R::Slot;

    /// Whether [`ResultShape::receive`] reads the arguments' buffers (to
    /// recognise a result that aliases an argument): the wrappers of MLIR
    /// functions work them out only then (for a scalar result they were
    /// most of the wrapper's cost).
    const READS_ARGUMENTS: bool;

    /// The result of an MLIR function, from what the call returned and
    /// what it wrote to `storage`.
    ///
    /// # Safety
    ///
    /// As for [`CifaceResult::from_slot`]: the callee wrote the result per
    /// its signature.
    unsafe fn receive(
        ret: Self::Ret,
        storage: Self::Storage,
        arguments: &[ArgumentBuffer],
        types: &[MemRefType],
    ) -> Result<R, MemRefError>;
}

// SAFETY: MLIR's C interface passes a pointer to the result struct first
// and returns nothing.
unsafe impl<R: CifaceResult> ResultShape<R> for Shape<true> {
    type Out = *mut R::Slot;
    type Ret = ();
    type Storage = R::Slot;
    const STORAGE: R::Slot = R::EMPTY;
    const DESC: ResultEntry = R::LEADING.0;
    const READS_ARGUMENTS: bool = true;

    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn out(storage: &mut R::Slot) -> *mut R::Slot {
        storage
    }

    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn check_out(out: *mut R::Slot, function: &'static FunctionEntry) {
        if out.is_null() || !out.is_aligned() {
            crate::guard::reject_result_pointer(function);
        }
    }

    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn deliver(
        out: *mut R::Slot,
        value: R,
        types: &[MemRefType],
        function: &'static FunctionEntry,
    ) {
        let slot = __private::into_checked_slot(value, types, function);
        // SAFETY: checked non-NULL and aligned by `check_out`; the caller
        // provides room for the result struct (trait contract).
        unsafe { out.write(slot) }
    }

    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn expanded(call: impl FnOnce(*mut R::Slot)) -> R::Slot {
        let mut slot = core::mem::MaybeUninit::<R::Slot>::uninit();
        call(slot.as_mut_ptr());
        // SAFETY: written by `call` (trait contract).
        unsafe { slot.assume_init() }
    }

    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn receive(
        (): (),
        storage: R::Slot,
        arguments: &[ArgumentBuffer],
        types: &[MemRefType],
    ) -> Result<R, MemRefError> {
        // SAFETY: forwarded (trait contract).
        unsafe { R::from_slot(storage, arguments, types) }
    }
}

// SAFETY: MLIR's C interface returns a single scalar as C does, and
// `NoOutPointer` takes no argument slot where `ZERO_SIZED_ARGUMENTS_VANISH`
// (a compile error elsewhere).
unsafe impl<R: CifaceDirect> ResultShape<R> for Shape<false> {
    type Out = NoOutPointer;
    type Ret = R::Slot;
    type Storage = NoOutPointer;
    const STORAGE: NoOutPointer = {
        assert!(
            ZERO_SIZED_ARGUMENTS_VANISH,
            "#[ciface] does not support scalar results on this target (its C ABI passes zero-sized arguments)"
        );
        NoOutPointer {}
    };
    const DESC: ResultEntry = R::RESULT.0;
    const READS_ARGUMENTS: bool = false;

    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn out(storage: &mut NoOutPointer) -> NoOutPointer {
        *storage
    }

    #[cfg_attr(not(abi_core_unoptimised), inline)]
    fn check_out(_: NoOutPointer, _: &'static FunctionEntry) {
        let _ = <Self as ResultShape<R>>::STORAGE;
    }

    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn deliver(
        _: NoOutPointer,
        value: R,
        _: &[MemRefType],
        _: &'static FunctionEntry,
    ) -> R::Slot {
        value.into_slot()
    }

    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn expanded(call: impl FnOnce(NoOutPointer) -> R::Slot) -> R::Slot {
        let mut storage = <Self as ResultShape<R>>::STORAGE;
        call(<Self as ResultShape<R>>::out(&mut storage))
    }

    #[cfg_attr(not(abi_core_unoptimised), inline)]
    unsafe fn receive(
        ret: R::Slot,
        _: NoOutPointer,
        _: &[ArgumentBuffer],
        _: &[MemRefType],
    ) -> Result<R, MemRefError> {
        Ok(R::from_direct(ret))
    }
}
