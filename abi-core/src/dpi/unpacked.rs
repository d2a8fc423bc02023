//! Fixed-size unpacked arrays `T name[K]`: passed as a pointer to the first
//! of `K` elements in C layout (IEEE 1800 H.7.3; packed elements in
//! canonical form, `ceil(W/32)` chunks each).

use super::{CallBorrow, DpiType, DpiValue, SvType};
use crate::argument::{ArgError, Borrow, check_pointer};
use crate::model::c::CTypeDesc;

// SAFETY: `T name[K]` inputs are `const T *` to `K` cells and outputs
// `T *`; `[T::Cell; K]` is exactly that, and each cell converts as `T`'s
// own. NULL and misaligned inputs are rejected. The elements borrow as `T`
// does (`CALL_BORROW`: an array of `&CStr` is refused wherever one string
// is), and each element's borrows take part in the overlap check
// (`input_borrows`, `cell_borrows`).
unsafe impl<T: DpiValue + Copy, const K: usize> DpiType for [T; K]
where
    T::Cell: Copy,
{
    const SV_TYPE: SvType = SvType::Unpacked {
        element: &T::SV_TYPE,
        len: K,
    };
    const CALL_BORROW: CallBorrow = T::CALL_BORROW;
    type Input = *const [T::Cell; K];
    const C_INPUT: CTypeDesc = ConstElements::<StandardCell<T>>::INPUT;
    type Cell = [T::Cell; K];
    const C_CELL: CTypeDesc = T::C_CELL;
    fn initial() -> Self {
        core::array::from_fn(|_| T::initial())
    }
    unsafe fn from_input(raw: *const [T::Cell; K]) -> Result<Self, ArgError> {
        check_pointer(raw)?;
        // SAFETY: non-NULL and aligned (checked); the simulator passes `K`
        // elements (Annex H).
        let cells = unsafe { raw.read() };
        // SAFETY: cells of the declared element type, from the simulator.
        unsafe { Self::from_cell(cells) }
    }
    unsafe fn from_cell(cell: [T::Cell; K]) -> Result<Self, ArgError> {
        let mut error = None;
        let elements = cell.map(|c| {
            // SAFETY: forwarded; same contract per element.
            unsafe { T::from_cell(c) }.unwrap_or_else(|e| {
                error.get_or_insert(e);
                T::initial()
            })
        });
        match error {
            Some(error) => Err(error),
            None => Ok(elements),
        }
    }
    fn to_cell(self) -> [T::Cell; K] {
        self.map(T::to_cell)
    }
    unsafe fn input_borrows(raw: *const [T::Cell; K], each: &mut dyn FnMut(Borrow)) {
        if T::CALL_BORROW.borrows() && check_pointer(raw).is_ok() {
            // SAFETY: non-NULL and aligned (checked); the simulator passes
            // `K` elements (Annex H).
            let cells = unsafe { raw.read() };
            // SAFETY: the cells of an input array, from the simulator.
            unsafe { Self::cell_borrows(cells, each) }
        }
    }
    unsafe fn cell_borrows(cell: [T::Cell; K], each: &mut dyn FnMut(Borrow)) {
        for element in cell {
            // SAFETY: forwarded; same contract per element.
            unsafe { T::cell_borrows(element, each) }
        }
    }
}

/// The C type of `input T name[K]`: a pointer to `K` elements the callee
/// does not write, spelled as both Verilator versions spell it (C++
/// rejects a redeclaration with another spelling of the same type):
/// `const int *` for a value element, but `const char **` and
/// `const void **` for the pointer elements of `string` and `chandle`
/// arrays (`const` on what the element points to, the elements
/// themselves left unqualified), not `const char *const *`.
pub(crate) struct ConstElements<C>(core::marker::PhantomData<C>);

/// The C type of one cell of an array, under one flavour's traits.
pub(crate) trait CellType {
    const C_CELL: CTypeDesc;
}

/// The cells of the standard's ABI.
pub(crate) struct StandardCell<T>(core::marker::PhantomData<T>);

impl<T: DpiType> CellType for StandardCell<T> {
    const C_CELL: CTypeDesc = T::C_CELL;
}

impl<C: CellType> ConstElements<C> {
    /// What the input points to.
    const POINTEE: CTypeDesc = match C::C_CELL {
        CTypeDesc::Pointer { pointee, .. } => CTypeDesc::Pointer {
            pointee,
            is_const: true,
        },
        value => value,
    };
    /// The input's type.
    pub(crate) const INPUT: CTypeDesc = CTypeDesc::Pointer {
        pointee: &Self::POINTEE,
        is_const: !matches!(C::C_CELL, CTypeDesc::Pointer { .. }),
    };
}

// SAFETY: a value type: `f` receives a pointer to `K` cells, valid while it
// runs.
unsafe impl<T: DpiValue + Copy, const K: usize> DpiValue for [T; K]
where
    T::Cell: Copy,
{
    fn with_input<R>(&self, f: impl FnOnce(*const [T::Cell; K]) -> R) -> R {
        let cells = self.map(T::to_cell);
        f(&cells)
    }
}
