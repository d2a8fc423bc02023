//! What a parameter type borrows, as a trait rustc checks through type
//! aliases: the macros require `T: BorrowedFor<'call>` of every parameter
//! of a function the foreign side calls, inside a function generic over a
//! fresh `'call`, so a parameter type that holds a `'static` borrow (written
//! or hidden in an alias, `type S = &'static str;`) fails to compile: the
//! shim converts arguments at `'static`, and such a function could keep
//! the caller's memory after the call.

/// A parameter type whose every borrow may be as short as `'call`: a type
/// that borrows nothing implements it for every `'call`; a type holding a
/// borrow for `'a` implements it `where 'call: 'a`; a container as its
/// elements do.
///
/// # Safety
///
/// An implementation must not hold for a `'call` shorter than a borrow
/// the type holds: the shims rely on it to keep a function from receiving
/// the caller's memory at `'static`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not say what it borrows, so it cannot be a parameter of a function the foreign side calls",
    label = "no `BorrowedFor` implementation",
    note = "a type of yours implements `abi_core::BorrowedFor<'call>`: for every `'call` when it borrows nothing, `where 'call: 'a` for each lifetime `'a` it borrows for"
)]
pub unsafe trait BorrowedFor<'call> {}

/// `BorrowedFor<'call>` for every `'call`: the types borrow nothing.
macro_rules! borrows_nothing {
    ($($t:ty),* $(,)?) => {$(
        // SAFETY: the type holds no borrow.
        unsafe impl<'call> $crate::BorrowedFor<'call> for $t {}
    )*};
}
pub(crate) use borrows_nothing;

borrows_nothing!(
    i8,
    i16,
    i32,
    i64,
    i128,
    isize,
    u8,
    u16,
    u32,
    u64,
    u128,
    usize,
    f32,
    f64,
    bool,
    char,
    ()
);

// SAFETY: a raw pointer holds no borrow (what it points to is the
// function's business, as its `unsafe` use says).
unsafe impl<T: ?Sized> BorrowedFor<'_> for *const T {}
// SAFETY: as above.
unsafe impl<T: ?Sized> BorrowedFor<'_> for *mut T {}
// SAFETY: the reference's own borrow is at most `'call`. (Its pointee is
// C data, a string or a slice of C data: the pointees the parameter traits
// accept hold no borrow.)
unsafe impl<'call: 'a, 'a, T: ?Sized> BorrowedFor<'call> for &'a T {}
// SAFETY: as above.
unsafe impl<'call: 'a, 'a, T: ?Sized> BorrowedFor<'call> for &'a mut T {}
// SAFETY: what `T` holds.
unsafe impl<'call, T: BorrowedFor<'call>> BorrowedFor<'call> for Option<T> {}
// SAFETY: what each element holds.
unsafe impl<'call, T: BorrowedFor<'call>, const N: usize> BorrowedFor<'call> for [T; N] {}
// SAFETY: what each member holds (the several results of an MLIR
// function).
unsafe impl<'call, A: BorrowedFor<'call>, B: BorrowedFor<'call>> BorrowedFor<'call> for (A, B) {}
// SAFETY: as above.
unsafe impl<'call, A: BorrowedFor<'call>, B: BorrowedFor<'call>, C: BorrowedFor<'call>>
    BorrowedFor<'call> for (A, B, C)
{
}
// SAFETY: as above.
unsafe impl<
    'call,
    A: BorrowedFor<'call>,
    B: BorrowedFor<'call>,
    C: BorrowedFor<'call>,
    D: BorrowedFor<'call>,
> BorrowedFor<'call> for (A, B, C, D)
{
}

/// The compile-time check `#[ciface]` emits for the result of an MLIR
/// function Rust calls when the result may borrow an argument's buffer (the
/// parameters of shims are checked by [`LentArgument`]), in a function
/// generic over `'call`, with `T` the result type whose written lifetimes
/// are made `'call`:
/// `(&LentProbe::<T>::NEW).pick().lent_for_the_call::<'call, T>()`.
/// `pick` is [`LentPick`]'s for a type that says what it borrows (every
/// parameter type does: the parameter traits require
/// `BorrowedFor<'static>`), giving [`LentCheck`], whose bound `T:
/// BorrowedFor<'call>` makes a `'static` borrow in `T`, however spelled, a
/// lifetime error at the type; for any other type (one the parameter
/// trait already reports) it is [`LentPickNone`]'s, giving [`LentSkip`],
/// which adds no second error.
#[doc(hidden)]
#[derive(Debug)]
pub struct LentProbe<T: ?Sized>(core::marker::PhantomData<fn() -> *const T>);

impl<T: ?Sized> LentProbe<T> {
    /// The probe.
    pub const NEW: Self = LentProbe(core::marker::PhantomData);
}

/// See [`LentProbe`].
#[doc(hidden)]
pub trait LentPick {
    /// The check.
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn pick(&self) -> LentCheck {
        LentCheck
    }
}

impl<T: ?Sized + BorrowedFor<'static>> LentPick for LentProbe<T> {}

/// See [`LentProbe`].
#[doc(hidden)]
pub trait LentPickNone {
    /// No check.
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn pick(&self) -> LentSkip {
        LentSkip
    }
}

impl<T: ?Sized> LentPickNone for &LentProbe<T> {}

/// See [`LentProbe`].
#[doc(hidden)]
#[derive(Debug)]
pub struct LentCheck;

impl LentCheck {
    /// Nothing at run time: the bound is the check.
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    pub fn lent_for_the_call<'call, T: ?Sized + BorrowedFor<'call>>(self) {}
}

/// See [`LentProbe`].
#[doc(hidden)]
#[derive(Debug)]
pub struct LentSkip;

impl LentSkip {
    /// Nothing (`'call` is early-bound, so that it can be named).
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    pub fn lent_for_the_call<'call, T: ?Sized>(self)
    where
        'call: 'call,
    {
    }
}

/// The compile-time check the macros emit per parameter of a shim (`unsafe
/// extern "C" fn shim<'call>(...)`), on the shim's raw argument, with `T`
/// the parameter type whose written lifetimes are made `'call`:
/// `LentArgument::lent_check::<'call, T>(&raw)`. The bound `T:
/// BorrowedFor<'call>` is the check. When the parameter trait does not
/// implement `T`, the raw argument's type is rustc's error type, and the
/// call, whose `Self` is then an error, adds no second error. Cheaper to
/// compile than [`LentProbe`]'s two traits and autoref, which a check with
/// no raw argument needs, and than a method call (`(&raw).lent_check()`,
/// before: a method lookup and a trait import per shim).
#[doc(hidden)]
pub trait LentArgument: Sized {
    /// Nothing at run time: the bound is the check.
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    fn lent_check<'call, T: ?Sized + BorrowedFor<'call>>(self) {}
}

impl<R: ?Sized> LentArgument for &R {}
