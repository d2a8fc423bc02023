//! The bytes an argument borrows, and the check that an exclusive one
//! overlaps no other.

use core::num::NonZeroUsize;

/// The bytes a converted argument borrows, for the check that an exclusive
/// (`&mut`) argument shares no byte with any other argument: C can pass one
/// buffer twice, and two Rust references to it, one of them `&mut`, are
/// undefined behaviour (the optimiser assumes they never alias).
///
/// An empty borrow is always [`Borrow::EMPTY`]'s range, zero to zero, which
/// overlaps nothing (the constructors make sure), so the overlap test needs
/// no emptiness test of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Borrow {
    /// The first byte.
    start: usize,
    /// One past the last byte (`start == end == 0` when empty).
    end: usize,
    exclusive: bool,
}

impl Borrow {
    /// No bytes.
    pub const EMPTY: Borrow = Borrow {
        start: 0,
        end: 0,
        exclusive: false,
    };

    /// `count` elements of `T` from `ptr`, a pointer already checked for
    /// them (non-NULL, aligned, and the byte range neither overflows
    /// `isize` nor wraps around the address space, as `check_slice`
    /// makes sure): the check comes first so that the range is exact and
    /// the optimiser can reuse the arithmetic of the check. (An empty
    /// slice borrows nothing: it has no borrow to describe.)
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    pub fn of_checked<T>(ptr: *const T, count: NonZeroUsize, exclusive: bool) -> Self {
        if size_of::<T>() == 0 {
            return Borrow {
                exclusive,
                ..Self::EMPTY
            };
        }
        let start = ptr.addr();
        Borrow {
            start,
            end: start.wrapping_add(count.get().wrapping_mul(size_of::<T>())),
            exclusive,
        }
    }

    /// `len` bytes from address `start` (the extent of a memref view).
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    pub fn range(start: usize, len: usize, exclusive: bool) -> Self {
        if len == 0 {
            return Borrow {
                exclusive,
                ..Self::EMPTY
            };
        }
        Borrow {
            start,
            end: start.saturating_add(len),
            exclusive,
        }
    }

    /// Whether the borrow holds no byte.
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    pub fn is_empty(&self) -> bool {
        self.end <= self.start
    }

    /// Whether every byte of `inner` lies inside `self` (an empty `inner`
    /// lies anywhere).
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    pub fn contains(&self, inner: &Borrow) -> bool {
        inner.is_empty() || (inner.start >= self.start && inner.end <= self.end)
    }

    /// Whether the two borrows conflict: they share a byte and at least one
    /// of them is exclusive. Empty borrows conflict with nothing (zero to
    /// zero: `other.start < 0` is false).
    #[cfg_attr(not(abi_core_unoptimised), inline(always))]
    pub fn conflicts_with(&self, other: &Borrow) -> bool {
        (self.exclusive || other.exclusive)
            && self.start < other.end
            && other.start < self.end
            && !self.is_empty()
            && !other.is_empty()
    }
}

/// The first pair of conflicting borrows among converted arguments (by
/// parameter index), if any.
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
pub(crate) fn first_conflict(borrows: &[Option<Borrow>]) -> Option<(usize, usize)> {
    for (i, a) in borrows.iter().enumerate() {
        let Some(a) = a else { continue };
        for (j, b) in borrows.iter().enumerate().skip(i + 1) {
            if b.is_some_and(|b| a.conflicts_with(&b)) {
                return Some((i, j));
            }
        }
    }
    None
}

/// What one argument borrows, given range by range to the function it is
/// called with (a DPI-C import's input: an array of strings borrows one
/// range per string); `None` for an argument that borrows nothing.
pub(crate) type BorrowsOf<'a> = Option<&'a dyn Fn(&mut dyn FnMut(Borrow))>;

/// The first pair of arguments (by parameter index) of which one borrows a
/// range that conflicts with a range of the other, if any.
///
/// Each argument is visited once and its ranges gathered on the stack (an
/// open array or a string is one range; the visit calls into the
/// simulator), then the pairs are compared; only when more ranges than the
/// buffer holds (arrays of strings) are the arguments visited pair by pair
/// instead.
#[inline(never)]
pub(crate) fn first_conflict_by_range(arguments: &[BorrowsOf<'_>]) -> Option<(usize, usize)> {
    const HELD: usize = 8;
    // Left uninitialised (no 256-byte clear on every call): only the first
    // `count` slots are written, and only they are read.
    let mut ranges = [const { core::mem::MaybeUninit::<(usize, Borrow)>::uninit() }; HELD];
    let mut count = 0;
    for (i, visit) in arguments.iter().enumerate() {
        let Some(visit) = visit else { continue };
        let mut overflow = false;
        visit(&mut |borrow| match ranges.get_mut(count) {
            Some(slot) => {
                slot.write((i, borrow));
                count += 1;
            }
            None => overflow = true,
        });
        if overflow {
            return first_conflict_by_visiting(arguments);
        }
    }
    // SAFETY: the first `count` slots (`count <= HELD`) were written above,
    // and `MaybeUninit<X>` has the layout of `X`.
    let ranges: &[(usize, Borrow)] =
        unsafe { core::slice::from_raw_parts(ranges.as_ptr().cast(), count) };
    let mut first: Option<(usize, usize)> = None;
    for (k, (i, a)) in ranges.iter().enumerate() {
        for (j, b) in &ranges[k + 1..] {
            // Ranges are in parameter order, so `i <= j`; two ranges of one
            // argument never conflict (a string array's strings may share).
            if i != j && a.conflicts_with(b) && first.is_none_or(|found| (*i, *j) < found) {
                first = Some((*i, *j));
            }
        }
    }
    first
}

/// [`first_conflict_by_range`] without a buffer: each pair of arguments
/// visited range by range.
#[cold]
fn first_conflict_by_visiting(arguments: &[BorrowsOf<'_>]) -> Option<(usize, usize)> {
    for (i, first) in arguments.iter().enumerate() {
        let Some(first) = first else { continue };
        let mut conflict = None;
        first(&mut |a| {
            for (j, second) in arguments.iter().enumerate().skip(i + 1) {
                let Some(second) = second else { continue };
                if conflict.is_none_or(|found| j < found) {
                    second(&mut |b| {
                        if a.conflicts_with(&b) {
                            conflict = Some(conflict.map_or(j, |found: usize| found.min(j)));
                        }
                    });
                }
            }
        });
        if let Some(j) = conflict {
            return Some((i, j));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE: NonZeroUsize = NonZeroUsize::MIN;

    fn slice_borrow(start: usize, count: usize, exclusive: bool) -> Borrow {
        Borrow::of_checked(
            core::ptr::without_provenance::<u32>(start),
            NonZeroUsize::new(count).unwrap(),
            exclusive,
        )
    }

    #[test]
    fn ranges_conflict_only_when_they_share_a_byte_and_one_is_exclusive() {
        let a = slice_borrow(0x1000, 4, true); // bytes 0x1000..0x1010
        assert_eq!(a, Borrow::range(0x1000, 16, true));
        assert!(a.conflicts_with(&slice_borrow(0x100c, 1, false)));
        assert!(slice_borrow(0x0ffc, 2, false).conflicts_with(&a));
        assert!(
            !a.conflicts_with(&slice_borrow(0x1010, 4, false)),
            "adjacent after"
        );
        assert!(
            !a.conflicts_with(&slice_borrow(0x0ff0, 4, true)),
            "adjacent before"
        );
        let shared = slice_borrow(0x1000, 4, false);
        assert!(
            !shared.conflicts_with(&slice_borrow(0x1004, 1, false)),
            "both shared"
        );
    }

    #[test]
    fn empty_borrows_conflict_with_nothing() {
        let whole = Borrow::range(0, usize::MAX, true);
        let inside = Borrow::range(0x1004, 0, true);
        assert!(inside.is_empty());
        assert_eq!((inside.start, inside.end), (0, 0), "empty is zero to zero");
        assert!(!whole.conflicts_with(&inside) && !inside.conflicts_with(&whole));
        let zst = Borrow::of_checked(core::ptr::without_provenance::<()>(0x1004), ONE, true);
        assert!(zst.is_empty() && !whole.conflicts_with(&zst));
        assert!(whole.contains(&inside) && Borrow::EMPTY.contains(&zst));
    }

    /// The buffered check and the pair-by-pair one give the same first
    /// pair, for arguments of 0 to 5 ranges each (so that some calls
    /// overflow the buffer and some do not), over a few addresses so that
    /// conflicts are frequent.
    #[test]
    fn gathered_ranges_find_the_pair_visiting_finds() {
        type Visitor = dyn Fn(&mut dyn FnMut(Borrow));
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = |bound: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            usize::try_from(state % bound).unwrap()
        };
        let (mut conflicts, mut overflows) = (0, 0);
        for _ in 0..if cfg!(miri) { 50 } else { 5_000 } {
            let arguments: Vec<Option<Vec<Borrow>>> = (0..next(5) + 1)
                .map(|_| {
                    (next(4) != 0).then(|| {
                        (0..next(6))
                            .map(|_| Borrow::range(next(64), next(12), next(3) == 0))
                            .collect()
                    })
                })
                .collect();
            let visitors: Vec<Box<Visitor>> = arguments
                .iter()
                .map(|ranges| {
                    let ranges = ranges.clone().unwrap_or_default();
                    Box::new(move |each: &mut dyn FnMut(Borrow)| {
                        ranges.iter().for_each(|r| each(*r))
                    }) as Box<dyn Fn(&mut dyn FnMut(Borrow))>
                })
                .collect();
            let borrows: Vec<BorrowsOf<'_>> = arguments
                .iter()
                .zip(&visitors)
                .map(|(ranges, visit)| ranges.as_ref().map(|_| &**visit))
                .collect();
            let held: usize = arguments.iter().flatten().map(Vec::len).sum();
            overflows += usize::from(held > 8);
            let found = first_conflict_by_range(&borrows);
            conflicts += usize::from(found.is_some());
            assert_eq!(found, first_conflict_by_visiting(&borrows), "{arguments:?}");
        }
        assert!(
            conflicts > 0 && overflows > 0,
            "{conflicts} conflicts, {overflows} overflows"
        );
    }
}
