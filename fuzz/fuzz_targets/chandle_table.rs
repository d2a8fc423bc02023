//! A random sequence of chandle operations (create, use, use mutably,
//! free, and use of forged, freed, NULL and wrong-typed handles) against a
//! model: every misuse is an error, never undefined behaviour, and live
//! objects hold what the model says.
#![no_main]

use abi_core::dpi::{Chandle, DpiType, HandleError};
use libfuzzer_sys::fuzz_target;

fn forge<T: 'static>(number: usize) -> Chandle<T> {
    // SAFETY: a handle is checked against the live table when used.
    unsafe { <Chandle<T> as DpiType>::from_input(core::ptr::without_provenance_mut(number)) }
        .unwrap()
}

fuzz_target!(|data: &[u8]| {
    // (handle, expected value), for the handles this run made.
    let mut model: Vec<(Chandle<u64>, Option<u64>)> = Vec::new();
    for op in data.chunks(2) {
        let (code, arg) = (op[0], u64::from(*op.get(1).unwrap_or(&0)));
        let pick = if model.is_empty() {
            None
        } else {
            Some(usize::from(code >> 3) % model.len())
        };
        match (code % 6, pick) {
            (0, _) => model.push((Chandle::new(arg), Some(arg))),
            (1, Some(i)) => {
                let (h, v) = model[i];
                assert_eq!(h.with(|x| *x).ok(), v);
            }
            (2, Some(i)) => {
                let (h, v) = model[i];
                let r = h.with_mut(|x| {
                    *x += arg;
                    *x
                });
                assert_eq!(r.ok(), v.map(|v| v + arg));
                model[i].1 = v.map(|v| v + arg);
            }
            (3, Some(i)) => {
                let (h, v) = model[i];
                assert_eq!(h.free().ok(), v);
                model[i].1 = None;
            }
            (4, Some(i)) => {
                // The same number, another type.
                let (h, v) = model[i];
                let wrong: Chandle<String> = forge(addr(h));
                let expected = if v.is_some() {
                    HandleError::WrongType
                } else {
                    HandleError::Unknown
                };
                assert_eq!(wrong.with(|s| s.len()), Err(expected));
            }
            _ => {
                let forged: Chandle<u64> = forge(usize::MAX - usize::from(code));
                assert_eq!(forged.with(|x| *x), Err(HandleError::Unknown));
                assert_eq!(Chandle::<u64>::null().free(), Err(HandleError::Null));
            }
        }
    }
    for (h, v) in model {
        assert_eq!(h.free().ok(), v);
    }
});

/// The number a handle travels as.
fn addr<T: 'static>(h: Chandle<T>) -> usize {
    <Chandle<T> as DpiType>::to_cell(h).addr()
}
