//! `printMemref*`, `printMemrefShape*` and `verifyMemRef*`: the memref
//! functions of `libmlir_runner_utils`, over abi-core's checked views.

use abi_core::memref::{DynMemRef, MemRef, MemRefElement, UnrankedMemRef};
use abi_core::model::mlir::MemRefError;

use crate::element::Element;
use crate::output::{Stream, push_address, write};

/// What the printers read of a memref: its geometry and its elements.
pub(crate) trait Grid<T> {
    fn aligned_address(&self) -> usize;
    fn offset(&self) -> i64;
    fn sizes(&self) -> Vec<i64>;
    fn strides(&self) -> Vec<i64>;
    /// The element at `index`, `None` out of bounds (an empty memref).
    fn element(&self, index: &[usize]) -> Option<T>;
}

impl<T: Copy> Grid<T> for DynMemRef<'_, T> {
    fn aligned_address(&self) -> usize {
        DynMemRef::aligned_address(self)
    }
    fn offset(&self) -> i64 {
        DynMemRef::offset(self) as i64
    }
    fn sizes(&self) -> Vec<i64> {
        DynMemRef::sizes(self).iter().map(|&s| s as i64).collect()
    }
    fn strides(&self) -> Vec<i64> {
        DynMemRef::strides(self).iter().map(|&s| s as i64).collect()
    }
    fn element(&self, index: &[usize]) -> Option<T> {
        self.get(index).copied()
    }
}

impl<T: MemRefElement, const N: usize> Grid<T> for MemRef<'_, T, N> {
    fn aligned_address(&self) -> usize {
        self.descriptor().aligned as usize
    }
    fn offset(&self) -> i64 {
        MemRef::offset(self) as i64
    }
    fn sizes(&self) -> Vec<i64> {
        MemRef::sizes(self).iter().map(|&s| s as i64).collect()
    }
    fn strides(&self) -> Vec<i64> {
        MemRef::strides(self).iter().map(|&s| s as i64).collect()
    }
    fn element(&self, index: &[usize]) -> Option<T> {
        self.get(index.try_into().ok()?).copied()
    }
}

/// Report a descriptor the view refused, naming the runtime function, and
/// abort (LLVM's runtime would read through it).
pub(crate) fn refuse(function: &str, error: MemRefError) -> ! {
    let message = format!("abi-mlir-runtime: `{function}`: invalid memref: {error}; aborting\n");
    write(Stream::Err, message.as_bytes(), true);
    std::process::abort()
}

/// The dynamic-rank view of an unranked argument, or the abort.
pub(crate) fn view<'a, T: MemRefElement>(
    function: &str,
    m: &'a UnrankedMemRef<'_, T>,
) -> DynMemRef<'a, T> {
    m.view().unwrap_or_else(|e| refuse(function, e))
}

/// `base@ = 0x... rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1]`.
fn push_metadata<T>(out: &mut Vec<u8>, m: &impl Grid<T>) {
    let sizes = m.sizes();
    out.extend_from_slice(b"base@ = ");
    push_address(out, m.aligned_address());
    out.extend_from_slice(
        format!(" rank = {} offset = {} sizes = [", sizes.len(), m.offset()).as_bytes(),
    );
    push_list(out, &sizes);
    out.extend_from_slice(b"] strides = [");
    push_list(out, &m.strides());
    out.push(b']');
}

fn push_list(out: &mut Vec<u8>, values: &[i64]) {
    for (k, v) in values.iter().enumerate() {
        if k > 0 {
            out.extend_from_slice(b", ");
        }
        out.extend_from_slice(v.to_string().as_bytes());
    }
}

fn push_spaces(out: &mut Vec<u8>, count: usize) {
    out.extend(core::iter::repeat_n(b' ', count));
}

/// The data, as LLVM's `MemRefDataPrinter` lays it out: nested brackets,
/// `, ` between elements, a newline and indentation between rows.
fn push_data<T: Element>(
    out: &mut Vec<u8>,
    m: &impl Grid<T>,
    sizes: &[i64],
    index: &mut [usize],
    k: usize,
) {
    let rank = sizes.len();
    let dim = rank - k;
    if dim == 0 {
        if let Some(x) = m.element(index) {
            x.push(out);
        }
        return;
    }
    let size = usize::try_from(sizes[k]).unwrap_or(0);
    out.push(b'[');
    index[k] = 0;
    push_data(out, m, sizes, index, k + 1);
    if size <= 1 {
        out.push(b']');
        return;
    }
    out.extend_from_slice(b", ");
    if dim > 1 {
        out.push(b'\n');
    }
    for i in 1..size - 1 {
        push_spaces(out, rank - dim + 1);
        index[k] = i;
        push_data(out, m, sizes, index, k + 1);
        out.extend_from_slice(b", ");
        if dim > 1 {
            out.push(b'\n');
        }
    }
    push_spaces(out, rank - dim + 1);
    index[k] = size - 1;
    push_data(out, m, sizes, index, k + 1);
    out.push(b']');
}

/// `printMemref*`: `<prefix>base@ = ... data = \n[...]\n`.
pub(crate) fn print_memref<T: Element>(prefix: &str, m: &impl Grid<T>) {
    let mut out = Vec::new();
    out.extend_from_slice(prefix.as_bytes());
    push_metadata(&mut out, m);
    out.extend_from_slice(b" data = \n");
    let sizes = m.sizes();
    let mut index = vec![0usize; sizes.len()];
    if sizes.is_empty() {
        out.push(b'[');
    }
    push_data(&mut out, m, &sizes, &mut index, 0);
    if sizes.is_empty() {
        out.push(b']');
    }
    out.push(b'\n');
    write(Stream::Out, &out, true);
}

/// `printMemrefShape*`: `Unranked Memref base@ = ... strides = [...]\n`.
pub(crate) fn print_shape<T>(m: &impl Grid<T>) {
    let mut out = b"Unranked Memref ".to_vec();
    push_metadata(&mut out, m);
    out.push(b'\n');
    write(Stream::Out, &out, false);
}

/// `verifyMemRef*`: the number of elements that differ (each of the first
/// ten reported on stderr as `actual != expected offset = N`), or -1 when
/// offsets, sizes or strides differ (both shapes reported on stderr).
pub(crate) fn verify<T: Element>(actual: &impl Grid<T>, expected: &impl Grid<T>) -> i64 {
    let (sizes, strides) = (actual.sizes(), actual.strides());
    let (expected_sizes, expected_strides) = (expected.sizes(), expected.strides());
    // As LLVM's runtime: the shapes are compared dimension by dimension
    // (so two rank-0 memrefs, or a rank-0 `actual`, always match).
    for i in 0..sizes.len() {
        if expected_sizes.len() != sizes.len()
            || actual.offset() != expected.offset()
            || sizes[i] != expected_sizes[i]
            || strides[i] != expected_strides[i]
        {
            let mut out = Vec::new();
            push_metadata(&mut out, actual);
            push_metadata(&mut out, expected);
            write(Stream::Err, &out, false);
            return -1;
        }
    }
    let mut errors = 0i64;
    let mut printed = 0;
    let mut index = vec![0usize; sizes.len()];
    let total: i64 = sizes.iter().product();
    for _ in 0..total {
        let (a, e) = (actual.element(&index), expected.element(&index));
        if let (Some(a), Some(e)) = (a, e)
            && !T::verify(a, e)
        {
            if printed < 10 {
                let offset = actual.offset()
                    + index
                        .iter()
                        .zip(&strides)
                        .map(|(&i, &s)| i as i64 * s)
                        .sum::<i64>();
                let mut out = Vec::new();
                a.push(&mut out);
                out.extend_from_slice(b" != ");
                e.push(&mut out);
                out.extend_from_slice(format!(" offset = {offset}\n").as_bytes());
                write(Stream::Err, &out, false);
                printed += 1;
            }
            errors += 1;
        }
        for k in (0..index.len()).rev() {
            index[k] += 1;
            if (index[k] as i64) < sizes[k] {
                break;
            }
            index[k] = 0;
        }
    }
    errors
}
