//! MLIR kernels: Rust calls a kernel lowered by MLIR 19 (`mlir/kernels.mlir`,
//! built by `build.rs`) with a strided view, and the kernel calls a Rust
//! callback.

use abi_core::ciface;
use abi_core::memref::{MemRef, MemRefMut};

#[ciface]
unsafe extern "C" {
    /// `sum(min(column[i] * k, limit))`, computed by MLIR; the clamping is
    /// [`clamp_in_rust`], which MLIR calls.
    pub fn scaled_column_sum(
        #[mlir("memref<?xf32, strided<[?], offset: ?>>")] column: MemRef<'_, f32, 1>,
        k: f32,
        limit: f32,
    ) -> f32;
}

/// Called by the MLIR kernel: clamps every value to `limit`, in the
/// buffer MLIR allocated.
#[ciface]
pub fn clamp_in_rust(mut values: MemRefMut<'_, f32, 1>, limit: f32) {
    values.for_each_mut(|x| *x = x.min(limit));
}

/// Column `column` of a row-major `rows x columns` matrix, as a strided
/// view of the matrix's own memory (no copy): stride `columns`, offset
/// `column`.
pub fn column_view(
    matrix: &[f32],
    columns: usize,
    column: usize,
) -> Result<MemRef<'_, f32, 1>, abi_core::model::mlir::MemRefError> {
    let rows = matrix.len() / columns;
    MemRef::from_slice_strided(matrix, [rows], [columns as isize], column)
}

/// The kernel on a column of `matrix`, next to the same computation in
/// Rust: `(from MLIR, expected)`.
pub fn scaled_column_sum_checked(
    matrix: &[f32],
    columns: usize,
    column: usize,
    k: f32,
    limit: f32,
) -> Result<(f32, f32), Box<dyn std::error::Error>> {
    let view = column_view(matrix, columns, column)?;
    let expected = view.iter().map(|x| (x * k).min(limit)).sum();
    Ok((scaled_column_sum(view, k, limit)?, expected))
}
