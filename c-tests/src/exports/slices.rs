//! Slices as (pointer, length) pairs.

use abi_core::c_export;

use super::structs::Point;

/// Sum of `i32`s as `i64` (`const int32_t *xs, size_t xs_len`).
#[c_export]
pub fn ct_sum_i32(xs: &[i32]) -> i64 {
    xs.iter().map(|&x| i64::from(x)).sum()
}

/// Sum of `f64`s.
#[c_export]
pub fn ct_sum_f64(xs: &[f64]) -> f64 {
    xs.iter().sum()
}

/// Fills a byte buffer with `value`; returns how many bytes it wrote.
#[c_export]
pub fn ct_fill(buffer: &mut [u8], value: u8) -> usize {
    buffer.fill(value);
    buffer.len()
}

/// Centroid of points; the origin for none.
#[c_export]
pub fn ct_centroid(points: &[Point]) -> Point {
    if points.is_empty() {
        return Point { x: 0.0, y: 0.0 };
    }
    let n = points.len() as f64;
    Point {
        x: points.iter().map(|p| p.x).sum::<f64>() / n,
        y: points.iter().map(|p| p.y).sum::<f64>() / n,
    }
}
