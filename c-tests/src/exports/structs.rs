//! `#[repr(C)]` structs by value and by pointer, nested, with padding.

use abi_core::c::CBool;
use abi_core::c_export;

/// A point in the plane.
#[c_export]
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    /// Horizontal coordinate.
    pub x: f64,
    /// Vertical coordinate.
    pub y: f64,
}

/// An axis-aligned rectangle: two points by value.
#[c_export]
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    /// Lower-left corner.
    pub min: Point,
    /// Upper-right corner.
    pub max: Point,
}

/// Mixed field sizes, so C and Rust must agree on padding; a pointer to
/// its own type, so the header needs the forward declaration.
#[c_export]
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct Record {
    /// One byte, then padding.
    pub id: u8,
    /// Eight-byte aligned.
    pub value: u64,
    /// A C `bool` (C can leave any byte in it: `CBool`, not `bool`).
    pub flag: CBool,
    /// A fixed-size array field.
    pub tag: [u8; 3],
    /// The next record in a list, or NULL.
    pub next: *const Record,
}

/// Component-wise sum: structs in and out by value.
#[c_export]
pub fn ct_point_add(a: Point, b: Point) -> Point {
    Point {
        x: a.x + b.x,
        y: a.y + b.y,
    }
}

/// Area of a rectangle passed by pointer.
#[c_export]
pub fn ct_rect_area(r: &Rect) -> f64 {
    (r.max.x - r.min.x) * (r.max.y - r.min.y)
}

/// Grows a rectangle in place by `d` on every side.
#[c_export]
pub fn ct_rect_grow(r: &mut Rect, d: f64) {
    r.min.x -= d;
    r.min.y -= d;
    r.max.x += d;
    r.max.y += d;
}

/// Walks a linked list of records, combining every field, so a field at the
/// wrong offset changes the result.
#[c_export]
pub fn ct_record_checksum(first: Option<&Record>) -> u64 {
    let mut sum = 0u64;
    let mut next = first.map(|r| r as *const Record);
    while let Some(p) = next {
        // SAFETY: the C harness builds a well-formed NULL-terminated list.
        let r = unsafe { &*p };
        sum = sum
            .wrapping_mul(31)
            .wrapping_add(u64::from(r.id))
            .wrapping_add(r.value)
            .wrapping_add(u64::from(r.flag.get()) << 8)
            .wrapping_add(u64::from(u32::from_le_bytes([r.tag[0], r.tag[1], r.tag[2], 0])) << 16);
        next = (!r.next.is_null()).then_some(r.next);
    }
    sum
}
