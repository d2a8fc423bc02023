//! What can be wrong with an argument a foreign caller passes, for every
//! ABI: the error ([`ArgError`]), the bytes an argument borrows, checked
//! for overlap with the others ([`Borrow`]), and the pointer check.

mod borrow;
mod lent;

use core::fmt;

pub use borrow::Borrow;
pub(crate) use borrow::BorrowsOf;
pub(crate) use borrow::{first_conflict, first_conflict_by_range};
pub use lent::BorrowedFor;
pub(crate) use lent::borrows_nothing;
#[doc(hidden)]
pub use lent::{LentArgument, LentPick, LentPickNone, LentProbe};

/// What a foreign argument got wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ArgError {
    /// NULL where a reference (or a non-empty slice) was required.
    Null,
    /// The pointer is not aligned for the pointee type.
    Misaligned {
        /// The required alignment in bytes.
        align: usize,
    },
    /// `len` elements of the slice would exceed `isize::MAX` bytes.
    TooLarge {
        /// The length C passed.
        len: usize,
    },
    /// The bytes of a `&str` argument are not UTF-8.
    InvalidUtf8 {
        /// Length of the longest valid prefix.
        valid_up_to: usize,
    },
    /// A memref descriptor that fails validation.
    MemRef(crate::model::mlir::MemRefError),
    /// A value of a DPI-C `typedef enum` that is none of its labels.
    NotAnEnumValue {
        /// The value received.
        value: i128,
        /// The typedef name.
        enum_name: &'static str,
    },
}

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgError::Null => f.write_str("NULL pointer where a value is required"),
            ArgError::Misaligned { align } => {
                write!(f, "pointer is not aligned to {align} bytes")
            }
            ArgError::TooLarge { len } => {
                write!(f, "slice length {len} exceeds the address space")
            }
            ArgError::MemRef(error) => write!(f, "invalid memref: {error}"),
            ArgError::NotAnEnumValue { value, enum_name } => {
                write!(f, "{value} is not a value of the enum `{enum_name}`")
            }
            ArgError::InvalidUtf8 { valid_up_to } => {
                write!(
                    f,
                    "string is not UTF-8 (invalid byte at offset {valid_up_to})"
                )
            }
        }
    }
}

impl std::error::Error for ArgError {}

impl From<crate::model::mlir::MemRefError> for ArgError {
    fn from(error: crate::model::mlir::MemRefError) -> Self {
        ArgError::MemRef(error)
    }
}

/// Check that a pointer is non-NULL and aligned for `T` (used by generated
/// code for output pointers).
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
pub(crate) fn check_pointer<T>(ptr: *const T) -> Result<(), ArgError> {
    // The address and alignment only: the generic pointer methods
    // (`is_null`, `is_aligned`) would be functions every crate instantiates
    // for each pointee, which a debug build compiles.
    check_address(ptr as usize, align_of::<T>())
}

/// [`check_pointer`] for an address and an alignment (a power of two).
#[cfg_attr(not(abi_core_unoptimised), inline(always))]
pub(crate) fn check_address(address: usize, align: usize) -> Result<(), ArgError> {
    if address == 0 {
        Err(ArgError::Null)
    } else if address & (align - 1) != 0 {
        Err(ArgError::Misaligned { align })
    } else {
        Ok(())
    }
}
