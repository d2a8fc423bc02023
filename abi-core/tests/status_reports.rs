//! Where the reports of reserved statuses go (`abi_core::c::status::
//! set_status_reports`): on stderr by default, to the program's function,
//! or nowhere. The calls go through the exported `extern "C"` shims, as C
//! makes them. (The environment variable a C `main` sets instead is tested
//! from C by `c-tests/tests/hostile_callers.rs`.)

use std::sync::Mutex;

use abi_core::c::status::{ErrorCode, StatusReports, set_status_reports, status_reports};
use abi_core::c_export;

/// Parses a decimal number.
#[c_export]
pub fn sr_parse(text: &str) -> Result<i32, ErrorCode> {
    text.parse().map_err(|_| ErrorCode::of(1))
}

/// Panics for a negative input.
#[c_export]
pub fn sr_checked(x: i32) -> Result<i32, ErrorCode> {
    assert!(x >= 0, "sr_checked needs a non-negative input");
    Ok(x)
}

mod c {
    unsafe extern "C" {
        pub(crate) fn sr_parse(text: *const u8, len: usize, out: *mut i32) -> i32;
        pub(crate) fn sr_checked(x: i32, out: *mut i32) -> i32;
    }
}

static LINES: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn collect(line: &str) {
    LINES.lock().unwrap().push(line.to_owned());
}

fn take_lines() -> Vec<String> {
    std::mem::take(&mut *LINES.lock().unwrap())
}

/// The three failures a status reports: a bad argument, a NULL
/// out-pointer, a panic; and one success, which reports nothing.
fn fail_three_ways() -> [i32; 4] {
    let mut out = 0;
    let text = b"4\xff1";
    [
        // SAFETY: 2 readable bytes and a valid out-pointer.
        unsafe { c::sr_parse(text.as_ptr(), 2, &mut out) },
        // SAFETY: 1 readable byte; the NULL out-pointer is the attack,
        // refused by the shim.
        unsafe { c::sr_parse(text[2..].as_ptr(), 1, std::ptr::null_mut()) },
        // SAFETY: a valid out-pointer.
        unsafe { c::sr_checked(-1, &mut out) },
        // SAFETY: a valid out-pointer.
        unsafe { c::sr_checked(7, &mut out) },
    ]
}

// One test: the setting is the process's.
#[test]
fn reports_go_where_the_program_says_and_statuses_do_not_change() {
    assert!(matches!(status_reports(), StatusReports::Stderr));
    let statuses = fail_three_ways();
    assert_eq!(statuses, [-3, -2, -1, 0]);

    set_status_reports(StatusReports::To(collect));
    assert_eq!(fail_three_ways(), statuses);
    let lines = take_lines();
    assert_eq!(lines.len(), 3, "{lines:#?}");
    assert!(
        lines[0].starts_with("abi-core: `status_reports::sr_parse` (C symbol `sr_parse`): argument `text: &str`: string is not UTF-8")
            && lines[0].ends_with("; returning status -3"),
        "{}",
        lines[0]
    );
    assert_eq!(
        lines[1],
        "abi-core: `status_reports::sr_parse` (C symbol `sr_parse`): the out-pointer is NULL; returning ABI_STATUS_NULL_POINTER"
    );
    assert_eq!(
        lines[2],
        "abi-core: `status_reports::sr_checked` (C symbol `sr_checked`) panicked: sr_checked needs a non-negative input; returning ABI_STATUS_PANIC"
    );

    set_status_reports(StatusReports::Off);
    assert_eq!(fail_three_ways(), statuses);
    assert!(take_lines().is_empty());

    set_status_reports(StatusReports::Stderr);
    assert!(matches!(status_reports(), StatusReports::Stderr));
}
