//! Tests that run the C drivers against the exports.

use std::path::Path;

use abi_core::Registry;
use abi_core::emit::CHeader;

fn registry() -> Registry {
    Registry::all().for_crate(env!("CARGO_CRATE_NAME"))
}

/// The C headers of c-tests, one per domain (a module of this crate, as
/// `Registry::for_module` narrows it): file, module, description.
const HEADERS: [(&str, &str, &str); 5] = [
    (
        "c_tests_exports.h",
        "c_tests::exports",
        "`#[c_export]` functions of every supported type (c-tests conformance harness).",
    ),
    (
        "c_tests_bitint.h",
        "c_tests::bitint_exports",
        "`_BitInt(N)` exports of the c-tests conformance harness.",
    ),
    (
        "c_tests_mlir.h",
        "c_tests::mlir_ciface",
        "MLIR C-interface functions of the c-tests conformance harness.",
    ),
    (
        "c_tests_readme.h",
        "c_tests::readme_mlir",
        "The manual's MLIR example (docs/src/mlir.md), lowered by c-tests.",
    ),
    (
        "c_tests_bench.h",
        "c_tests::bench",
        "Generated shims the c-tests benchmarks compare with hand-written ones.",
    ),
];

fn header(file: &str) -> String {
    let (file, module, description) = HEADERS
        .iter()
        .find(|(name, ..)| *name == file)
        .expect("a c-tests header");
    CHeader::new(*file)
        .description(*description)
        .render(&registry().for_module(module))
        .expect("the registry renders")
}

/// The headers the C drivers compile against are exactly what the registry
/// generates now.
#[test]
#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
fn headers_match_golden() {
    for (file, ..) in HEADERS {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("include")
            .join(file);
        abi_core::golden::assert_golden(path, &header(file));
    }
}

/// Every C function of the crate is declared by exactly one of the headers
/// (a function in a module no header covers would be tested by no C
/// driver).
#[test]
fn headers_cover_every_c_function() {
    let all = registry();
    let c_functions: Vec<&str> = all
        .functions()
        .iter()
        .filter(|f| {
            matches!(
                f.abi.kind(),
                abi_core::model::AbiKind::C | abi_core::model::AbiKind::Ciface
            )
        })
        .map(|f| f.symbol)
        .collect();
    assert!(c_functions.len() > 300, "{}", c_functions.len());
    let declared: Vec<(&str, String)> = HEADERS
        .iter()
        .map(|(file, ..)| (*file, header(file)))
        .collect();
    for symbol in c_functions {
        // `int32_t f(` or `const char *f(`.
        let declarations = [format!(" {symbol}("), format!("*{symbol}(")];
        let declared_by: Vec<&str> = declared
            .iter()
            .filter(|(_, text)| declarations.iter().any(|d| text.contains(d.as_str())))
            .map(|(file, _)| *file)
            .collect();
        assert_eq!(
            declared_by.len(),
            1,
            "`{symbol}` is declared by {declared_by:?}"
        );
    }
}

/// Writes `c_tests_bitint.h` as rendered for the target this test runs on to the
/// directory `C_TESTS_WRITE_HEADER_DIR`: the first step of a cross-target
/// run (`cargo xtask test`), whose second step compiles the `_BitInt` C
/// harness against it (`C_TESTS_TARGET_HEADER_DIR`, read by `build.rs`).
/// The committed headers hold x86-64 layout checks.
#[test]
#[ignore = "the first step of a cross-target run; `cargo xtask test` runs it"]
fn write_header_for_this_target() {
    let dir = std::env::var_os("C_TESTS_WRITE_HEADER_DIR")
        .expect("C_TESTS_WRITE_HEADER_DIR names the directory to write c_tests_bitint.h into");
    let dir = Path::new(&dir);
    std::fs::create_dir_all(dir).expect("create the header directory");
    std::fs::write(dir.join("c_tests_bitint.h"), header("c_tests_bitint.h"))
        .expect("write c_tests_bitint.h");
}

/// The SystemVerilog package the Verilator testbench imports is exactly
/// what the registry generates now.
#[test]
fn sv_package_matches_golden() {
    let package = abi_core::emit::SvPackage::new("abi_dpi")
        .render(&registry())
        .expect("the registry renders");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("sv/generated/abi_dpi.sv");
    abi_core::golden::assert_golden(path, &package);
}

/// The panic testbench's own package: only the functions of one module
/// (`Registry::for_module`), as a crate serving several testbenches
/// generates one package per testbench.
#[test]
fn per_module_package_matches_golden() {
    let panicking = registry().for_module("c_tests::dpi_exports::panicking");
    let files = abi_core::emit::Bundle::new("panic")
        .render(&panicking)
        .expect("the module has functions");
    let package = files
        .iter()
        .find(|f| f.name == "panic_dpi.sv")
        .expect("a DPI package");
    assert_eq!(package.contents.matches("import \"DPI-C\"").count(), 1);
    assert!(
        package
            .contents
            .contains("function int dpi_panics(input int x);")
    );
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("sv/generated/panic_dpi.sv");
    abi_core::golden::assert_golden(path, &package.contents);
    // A module with no function is an error naming the modules that have.
    let error = abi_core::emit::Bundle::new("none")
        .render(&registry().for_module("c_tests::no_such_module"))
        .unwrap_err()
        .to_string();
    assert!(error.contains("c_tests::dpi_exports::panicking"), "{error}");
}

/// The CIRCT `sim.func.dpi` declarations of the same imports, which
/// `cargo xtask test` checks with CIRCT itself (`tools/check_circt.py`).
#[test]
fn circt_declarations_match_golden() {
    let module = abi_core::emit::CirctDpi::new("abi_dpi.mlir")
        .render(&registry())
        .expect("the registry renders");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("sv/generated/abi_dpi.mlir");
    abi_core::golden::assert_golden(path, &module);
}

/// The reflection JSON of every c-tests function, which `cargo xtask test`
/// hands to IREE's own runtime (`tools/check_iree.py`).
#[test]
fn reflection_matches_golden() {
    let json = abi_core::reflect::AbiJson::render(&registry());
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("include/c_tests.abi.json");
    abi_core::golden::assert_golden(path, &json);
}

/// The manual's `sim.func.dpi` example (docs/src/dpi.md) is quoted from that golden file.
#[test]
fn readme_circt_example_is_generated() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/src/dpi.md"))
            .expect("docs/src/dpi.md");
    let golden = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("sv/generated/abi_dpi.mlir"),
    )
    .expect("the golden declarations");
    let block = readme
        .split("From `c-tests/sv/generated/abi_dpi.mlir`:\n\n```mlir\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the manual quotes c-tests/sv/generated/abi_dpi.mlir in an mlir block");
    let lines: Vec<&str> = block.lines().collect();
    assert!(lines.len() >= 3);
    for line in lines {
        assert!(
            golden.lines().any(|g| g.trim() == line),
            "the manual's `{line}` is not in c-tests/sv/generated/abi_dpi.mlir"
        );
    }
}

/// The `export "DPI-C"` lines the testbench includes are exactly what the
/// registry generates now.
#[test]
fn sv_exports_match_golden() {
    let exports = abi_core::emit::SvPackage::new("abi_dpi")
        .render_exports(&registry())
        .expect("the registry renders");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("sv/generated/abi_dpi_exports.svh");
    abi_core::golden::assert_golden(path, &exports);
}

/// The C declarations of the DPI imports (Annex H types), which the
/// Verilator step compiles together with Verilator's own `Vdpi_tb__Dpi.h`.
#[test]
fn dpi_header_matches_golden() {
    let header = CHeader::new("abi_dpi.h")
        .description(
            "C view of the DPI-C imports of c-tests, to compare with the simulator's header.",
        )
        .dpi_functions()
        .render(&registry())
        .expect("the registry renders");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("sv/generated/abi_dpi.h");
    abi_core::golden::assert_golden(path, &header);
}

/// The linker flags the Verilator link uses so that abi-core finds the
/// scope functions and the exports at run time.
#[test]
fn dpi_link_flags_match_golden() {
    let flags = abi_core::emit::dpi_link_flags(&registry());
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("sv/generated/abi_dpi.ldflags");
    abi_core::golden::assert_golden(path, &flags);
}

/// Every `#[dpi_import]` in `dpi_exports.rs` is registered as a DPI import,
/// and every import the other DPI modules declare (by name: most are
/// written through `macro_rules!`, one invocation line each) is registered
/// under its module.
#[test]
fn every_dpi_import_is_registered() {
    let imports_of = |module: &str| -> std::collections::BTreeSet<String> {
        registry()
            .functions()
            .iter()
            .filter(|f| f.abi.kind() == abi_core::model::AbiKind::DpiImport)
            .map(|f| f.rust.path())
            .filter_map(|path| {
                path.strip_prefix(&format!("c_tests::{module}::"))
                    .map(str::to_owned)
            })
            .collect()
    };
    let source = include_str!("dpi_exports.rs");
    let annotated = source
        .lines()
        .filter(|l| l.trim_start().starts_with("#[dpi_import"))
        .count();
    // (Its nested `panicking` module included.)
    assert_eq!(imports_of("dpi_exports").len(), annotated);
    assert!(annotated >= 10);
    for (module, source) in [
        ("dpi_arrays", include_str!("dpi_arrays.rs")),
        ("dpi_export_forms", include_str!("dpi_export_forms.rs")),
        ("dpi_handles", include_str!("dpi_handles.rs")),
    ] {
        // `pub fn dpi_x(`, `pub unsafe fn dpi_x(`, a macro entry
        // `    dpi_x: T;` and `named_output!(dpi_x: T)`.
        let declared: std::collections::BTreeSet<String> = source
            .lines()
            .filter_map(|line| {
                let line = line.trim_start();
                let rest = line
                    .strip_prefix("pub fn ")
                    .or_else(|| line.strip_prefix("pub unsafe fn "))
                    .or_else(|| line.strip_prefix("named_output!("))
                    .unwrap_or(line);
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                let after = &rest[name.len()..];
                (name.starts_with("dpi_") && (after.starts_with('(') || after.starts_with(':')))
                    .then_some(name)
            })
            .collect();
        assert!(!declared.is_empty(), "{module} declares imports");
        assert_eq!(imports_of(module), declared, "the imports of {module}");
    }
}

/// Counts `#[c_export]` annotations on functions and structs in the source
/// and compares with the registry, so an entry the linker dropped fails here
/// instead of going missing from the header. (`bitint_exports` expands one
/// annotated macro per type and is counted by its invocations.)
#[test]
fn every_annotation_is_registered() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files: Vec<_> = std::fs::read_dir(src.join("exports"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.push(src.join("bench.rs"));
    let (mut functions, mut structs) = (0, 0);
    for file in files {
        let source = std::fs::read_to_string(file).unwrap();
        let (f, s) = count_annotations(&source);
        functions += f;
        structs += s;
    }
    let sets = crate::bitint_exports::BITINT_EXPORT_SETS;
    functions += 5 * sets;
    structs += sets;
    let registry = registry();
    let c_functions = registry
        .functions()
        .iter()
        .filter(|f| f.abi.kind() == abi_core::model::AbiKind::C)
        .count();
    assert!(
        functions >= 50,
        "expected the full export set, found {functions} annotated functions"
    );
    assert_eq!(
        c_functions, functions,
        "registered functions vs annotated functions"
    );
    assert_eq!(
        registry.structs().len(),
        structs,
        "registered structs vs annotated structs"
    );
}

/// Number of `#[c_export]` annotations followed by a function and by a
/// struct.
fn count_annotations(source: &str) -> (usize, usize) {
    let (mut functions, mut structs) = (0, 0);
    let mut pending = false;
    for line in source.lines().map(str::trim) {
        if line.starts_with("#[c_export") {
            pending = true;
        } else if pending && !line.starts_with("#[") && !line.starts_with("///") {
            let item = line
                .trim_start_matches("pub ")
                .trim_start_matches("unsafe ");
            if item.starts_with("fn ") {
                functions += 1;
            } else if item.starts_with("struct ") {
                structs += 1;
            }
            pending = false;
        }
    }
    (functions, structs)
}

/// The entry points of one compiled copy of `c/harness.c`.
#[cfg(c_harness)]
struct Driver {
    compiler: &'static str,
    run: unsafe extern "C" fn(*mut i32) -> i32,
    call_always_panics: unsafe extern "C" fn() -> i32,
    call_ref_read_null: unsafe extern "C" fn() -> i64,
    call_panics_while_unwinding: unsafe extern "C" fn() -> i32,
}

#[cfg(c_harness)]
mod drivers {
    macro_rules! driver {
        ($module:ident, $name:literal, $run:ident, $panics:ident, $null:ident, $unwinding:ident) => {
            pub(super) mod $module {
                unsafe extern "C" {
                    pub(crate) fn $run(checks: *mut i32) -> i32;
                    pub(crate) fn $panics() -> i32;
                    pub(crate) fn $null() -> i64;
                    pub(crate) fn $unwinding() -> i32;
                }
                pub(crate) const DRIVER: super::super::Driver = super::super::Driver {
                    compiler: $name,
                    run: $run,
                    call_always_panics: $panics,
                    call_ref_read_null: $null,
                    call_panics_while_unwinding: $unwinding,
                };
            }
        };
    }
    driver!(
        gcc,
        "gcc",
        gcc_harness_run,
        gcc_call_always_panics,
        gcc_call_ref_read_null,
        gcc_call_panics_while_unwinding
    );
    #[cfg(clang19)]
    driver!(
        clang,
        "clang-19",
        clang_harness_run,
        clang_call_always_panics,
        clang_call_ref_read_null,
        clang_call_panics_while_unwinding
    );
}

#[cfg(c_harness)]
fn run_harness(driver: &Driver) {
    // The harnesses share the exports' global state (`ct_counter_add`
    // checks its own increments): one at a time.
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut checks = 0;
    // SAFETY: the C harness only calls the exports with valid arguments or
    // with the invalid ones the exports are documented to reject.
    let failures = unsafe { (driver.run)(&mut checks) };
    assert_eq!(
        failures, 0,
        "{} harness: {failures} of {checks} checks failed (details on stderr)",
        driver.compiler
    );
    assert!(
        checks >= 100,
        "{} harness ran only {checks} checks",
        driver.compiler
    );
}

#[test]
#[cfg(c_harness)]
fn c_harness_under_gcc() {
    run_harness(&drivers::gcc::DRIVER);
}

#[test]
#[cfg(c_harness)]
fn c_harness_under_clang19() {
    #[cfg(clang19)]
    run_harness(&drivers::clang::DRIVER);
    #[cfg(not(clang19))]
    eprintln!("SKIPPED: clang-19 is not installed; run `cargo xtask test` to install it");
}

/// Runs `scenario` of the named driver in a child process (this test binary,
/// re-executed) and returns its exit status and stderr.
#[cfg(c_harness)]
fn in_child(test_name: &str, scenario: &str) -> (std::process::ExitStatus, String) {
    let output = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", test_name, "--nocapture", "--test-threads=1"])
        .env("C_TESTS_CHILD_SCENARIO", scenario)
        .output()
        .unwrap();
    (
        output.status,
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[cfg(c_harness)]
fn drivers_under_test() -> Vec<&'static Driver> {
    #[allow(unused_mut)]
    let mut drivers = vec![&drivers::gcc::DRIVER];
    #[cfg(clang19)]
    drivers.push(&drivers::clang::DRIVER);
    drivers
}

/// When re-executed as a child, run the requested scenario (which must not
/// return) instead of the test.
#[cfg(c_harness)]
fn child_scenario() -> bool {
    let Ok(scenario) = std::env::var("C_TESTS_CHILD_SCENARIO") else {
        return false;
    };
    let (compiler, what) = scenario.split_once(':').unwrap();
    let driver = drivers_under_test()
        .into_iter()
        .find(|d| d.compiler == compiler)
        .unwrap();
    match what {
        // SAFETY: this scenario passes invalid input on purpose; the export
        // aborts before undefined behaviour can happen, which is the test.
        "panic" => drop(unsafe { (driver.call_always_panics)() }),
        // SAFETY: as above.
        "null" => drop(unsafe { (driver.call_ref_read_null)() }),
        // SAFETY: as above (the export's destructor panics while its panic
        // unwinds, and Rust aborts).
        "unwinding" => drop(unsafe { (driver.call_panics_while_unwinding)() }),
        _ => unreachable!(),
    }
    eprintln!("CHILD RETURNED");
    true
}

#[cfg(c_harness)]
fn assert_aborted(status: std::process::ExitStatus, stderr: &str, expected: &[&str]) {
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(
        status.signal(),
        Some(6),
        "expected SIGABRT, got {status}; stderr:\n{stderr}"
    );
    assert!(!stderr.contains("CHILD RETURNED"), "{stderr}");
    for text in expected {
        assert!(stderr.contains(text), "stderr lacks {text:?}:\n{stderr}");
    }
}

/// Run `scenario` with every driver in a child process and check that it
/// aborted with all of `expected` on stderr.
#[cfg(c_harness)]
fn assert_scenario_aborts(test_name: &str, scenario: &str, expected: &[&str]) {
    for driver in drivers_under_test() {
        let (status, stderr) = in_child(test_name, &format!("{}:{scenario}", driver.compiler));
        assert_aborted(status, &stderr, expected);
    }
}

/// A panic in a function without a status channel never unwinds into C: the
/// process aborts after naming the function and the panic message.
#[test]
#[cfg(c_harness)]
fn panic_without_status_channel_aborts_with_a_message() {
    if child_scenario() {
        return;
    }
    assert_scenario_aborts(
        "conformance::panic_without_status_channel_aborts_with_a_message",
        "panic",
        &[
            "`c_tests::exports::results::ct_always_panics` (C symbol `ct_always_panics`) panicked",
            "deliberate panic with code 3",
            "aborting",
        ],
    );
}

/// A destructor that panics while a panic unwinds makes Rust abort from
/// inside its panic machinery, before the shim can catch anything: the
/// panic hook abi-core wraps still names the function and its C symbol.
#[test]
#[cfg(c_harness)]
fn panic_while_unwinding_aborts_with_a_message() {
    if child_scenario() {
        return;
    }
    assert_scenario_aborts(
        "conformance::panic_while_unwinding_aborts_with_a_message",
        "unwinding",
        &[
            "first panic with code 5",
            "`c_tests::exports::results::ct_panics_while_unwinding` (C symbol `ct_panics_while_unwinding`) panicked in a destructor while a panic was unwinding",
            "aborting",
        ],
    );
}

/// A NULL for a `&T` parameter is reported by name and aborts, before the
/// function runs.
#[test]
#[cfg(c_harness)]
fn null_reference_aborts_with_a_message() {
    if child_scenario() {
        return;
    }
    assert_scenario_aborts(
        "conformance::null_reference_aborts_with_a_message",
        "null",
        &[
            "`c_tests::exports::pointers::ct_ref_read` (C symbol `ct_ref_read`)",
            "argument `x: &i64`: NULL pointer where a value is required",
            "Option<&T>",
        ],
    );
}

/// C (clang-19 or clang-22, C23) calls every `BitInt`/`UBitInt` export with edge and
/// random values, clean and with dirty padding bits, in registers, on the
/// stack, by pointer and inside structs.
#[test]
fn bitint_exports_called_from_c() {
    #[cfg(bitint_harness)]
    {
        unsafe extern "C" {
            fn bitint_harness_run(checks: *mut i32) -> i32;
        }
        let mut checks = 0;
        // SAFETY: the harness passes only values of the declared types.
        let failures = unsafe { bitint_harness_run(&mut checks) };
        assert_eq!(
            failures, 0,
            "{failures} of {checks} `_BitInt` checks failed (details on stderr)"
        );
        assert!(
            checks as usize > crate::bitint_exports::BITINT_EXPORT_SETS * 12 * 12,
            "only {checks} checks ran"
        );
        eprintln!("{checks} `_BitInt` checks of calls from C passed");
    }
    #[cfg(not(bitint_harness))]
    eprintln!(
        "SKIPPED: clang-19 is not installed, or this is the first step of a cross-target run; run `cargo xtask test`"
    );
}

/// Rust calls C functions taking and returning `_BitInt` values (in
/// registers, on the stack and by pointer) and checks them against its own
/// arithmetic; values C returns are compared after normalisation, as C may
/// leave the padding bits unspecified.
#[test]
#[cfg(bitint_harness)]
fn bitint_c_functions_called_from_rust() {
    use abi_core::bitint::{BitInt, UBitInt};
    use abi_core::bitint::{BitStorage, CArg, CValue};

    fn random_storage<S: BitStorage>(state: &mut u64) -> S {
        let mut storage = S::ZERO;
        let bytes = (&raw mut storage).cast::<u8>();
        for i in 0..size_of::<S>() {
            *state ^= *state << 13;
            *state ^= *state >> 7;
            *state ^= *state << 17;
            // SAFETY: `i < size_of::<S>()`: inside `storage`.
            let byte = unsafe { bytes.add(i) };
            // SAFETY: in bounds (above); `S` is plain integer data.
            unsafe { byte.write(*state as u8) };
        }
        storage
    }

    macro_rules! c_functions {
        ($($tag:ident: $ty:ty, $holder:ident, $add:ident, $stack:ident, $odd:ident, $neg:ident, $in_struct:ident;)*) => {
            unsafe extern "C" {
                $(
                    // `CArg`: by value, or a pointer where clang passes
                    // `_BitInt(N)` by reference (i386 above 64 bits).
                    // `CValue`: narrow values as primitives of C's
                    // signedness, which ABIs widen by it.
                    fn $add(a: CArg<$ty>, b: CArg<$ty>) -> CValue<$ty>;
                    #[allow(clippy::too_many_arguments)]
                    fn $stack(l1: i64, l2: i64, l3: i64, l4: i64, l5: i64, l6: i64, l7: i64, x: CArg<$ty>, l8: i64) -> CValue<$ty>;
                    fn $odd(tag: i32, x: CArg<$ty>) -> CValue<$ty>;
                    fn $neg(x: *const $ty, out: *mut $ty);
                    fn $in_struct(h: crate::bitint_exports::$holder) -> crate::bitint_exports::$holder;
                )*
            }
            let mut checks = 0;
            let mut state = 0x2545_F491_4F6C_DD1D_u64;
            $(
                {
                    type T = $ty;
                    let mut values = vec![T::ZERO, T::ONE, T::MAX, T::MIN, T::MAX.wrapping_sub(T::ONE), T::MIN.wrapping_add(T::ONE)];
                    for _ in 0..6 {
                        values.push(T::from_storage(random_storage(&mut state)));
                    }
                    for &a in &values {
                        for &b in &values {
                            // SAFETY: a C function with exactly this prototype.
                            let sum = T::from_c_value(unsafe { $add(a.as_c_arg(), b.as_c_arg()) });
                            assert_eq!(sum, a.wrapping_add(b), "{}: {a} + {b}", stringify!($add));
                            checks += 1;
                        }
                        // SAFETY: as above.
                        let stacked = T::from_c_value(unsafe { $stack(1, 2, 3, 4, 5, 6, 7, a.as_c_arg(), 8) });
                        assert_eq!(stacked, a.wrapping_sub(T::ONE), "{}: {a}", stringify!($stack));
                        // SAFETY: as above.
                        let odd = T::from_c_value(unsafe { $odd(7, a.as_c_arg()) });
                        assert_eq!(odd, !a, "{}: {a}", stringify!($odd));
                        let mut out = T::ZERO;
                        // SAFETY: valid pointers to one value each.
                        unsafe { $neg(&a, &mut out) };
                        assert_eq!(out, a.wrapping_neg(), "{}: {a}", stringify!($neg));
                        let h = crate::bitint_exports::$holder { tag: 200, value: a, tail: u16::MAX };
                        // SAFETY: as above; the struct is the header's.
                        let r = unsafe { $in_struct(h) };
                        let abs = if a < T::ZERO { a.wrapping_neg() } else { a };
                        assert_eq!((r.tag, r.value, r.tail), (201, abs, 0), "{}: {a}", stringify!($in_struct));
                        checks += 4;
                    }
                }
            )*
            let types = [$(stringify!($tag)),*].len();
            // Per type: 12 x 12 sums, then stack, odd, pointer and struct calls.
            assert_eq!(checks, types * 12 * (12 + 4), "checks run");
        };
    }

    c_functions! {
        s2: BitInt<2>, HolderS2, cb_add_s2, cb_stack_s2, cb_odd_s2, cb_neg_ptr_s2, cb_struct_s2;
        u2: UBitInt<2>, HolderU2, cb_add_u2, cb_stack_u2, cb_odd_u2, cb_neg_ptr_u2, cb_struct_u2;
        s7: BitInt<7>, HolderS7, cb_add_s7, cb_stack_s7, cb_odd_s7, cb_neg_ptr_s7, cb_struct_s7;
        u7: UBitInt<7>, HolderU7, cb_add_u7, cb_stack_u7, cb_odd_u7, cb_neg_ptr_u7, cb_struct_u7;
        s8: BitInt<8>, HolderS8, cb_add_s8, cb_stack_s8, cb_odd_s8, cb_neg_ptr_s8, cb_struct_s8;
        u8: UBitInt<8>, HolderU8, cb_add_u8, cb_stack_u8, cb_odd_u8, cb_neg_ptr_u8, cb_struct_u8;
        s24: BitInt<24>, HolderS24, cb_add_s24, cb_stack_s24, cb_odd_s24, cb_neg_ptr_s24, cb_struct_s24;
        u24: UBitInt<24>, HolderU24, cb_add_u24, cb_stack_u24, cb_odd_u24, cb_neg_ptr_u24, cb_struct_u24;
        s32: BitInt<32>, HolderS32, cb_add_s32, cb_stack_s32, cb_odd_s32, cb_neg_ptr_s32, cb_struct_s32;
        u32: UBitInt<32>, HolderU32, cb_add_u32, cb_stack_u32, cb_odd_u32, cb_neg_ptr_u32, cb_struct_u32;
        s33: BitInt<33>, HolderS33, cb_add_s33, cb_stack_s33, cb_odd_s33, cb_neg_ptr_s33, cb_struct_s33;
        u33: UBitInt<33>, HolderU33, cb_add_u33, cb_stack_u33, cb_odd_u33, cb_neg_ptr_u33, cb_struct_u33;
        s63: BitInt<63>, HolderS63, cb_add_s63, cb_stack_s63, cb_odd_s63, cb_neg_ptr_s63, cb_struct_s63;
        u63: UBitInt<63>, HolderU63, cb_add_u63, cb_stack_u63, cb_odd_u63, cb_neg_ptr_u63, cb_struct_u63;
        s64: BitInt<64>, HolderS64, cb_add_s64, cb_stack_s64, cb_odd_s64, cb_neg_ptr_s64, cb_struct_s64;
        u64: UBitInt<64>, HolderU64, cb_add_u64, cb_stack_u64, cb_odd_u64, cb_neg_ptr_u64, cb_struct_u64;
        s65: BitInt<65>, HolderS65, cb_add_s65, cb_stack_s65, cb_odd_s65, cb_neg_ptr_s65, cb_struct_s65;
        u65: UBitInt<65>, HolderU65, cb_add_u65, cb_stack_u65, cb_odd_u65, cb_neg_ptr_u65, cb_struct_u65;
        s100: BitInt<100>, HolderS100, cb_add_s100, cb_stack_s100, cb_odd_s100, cb_neg_ptr_s100, cb_struct_s100;
        u100: UBitInt<100>, HolderU100, cb_add_u100, cb_stack_u100, cb_odd_u100, cb_neg_ptr_u100, cb_struct_u100;
        s127: BitInt<127>, HolderS127, cb_add_s127, cb_stack_s127, cb_odd_s127, cb_neg_ptr_s127, cb_struct_s127;
        u127: UBitInt<127>, HolderU127, cb_add_u127, cb_stack_u127, cb_odd_u127, cb_neg_ptr_u127, cb_struct_u127;
        s128: BitInt<128>, HolderS128, cb_add_s128, cb_stack_s128, cb_odd_s128, cb_neg_ptr_s128, cb_struct_s128;
        u128: UBitInt<128>, HolderU128, cb_add_u128, cb_stack_u128, cb_odd_u128, cb_neg_ptr_u128, cb_struct_u128;
    }
    #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
    c_functions! {
        s129: BitInt<129>, HolderS129, cb_add_s129, cb_stack_s129, cb_odd_s129, cb_neg_ptr_s129, cb_struct_s129;
        u129: UBitInt<129>, HolderU129, cb_add_u129, cb_stack_u129, cb_odd_u129, cb_neg_ptr_u129, cb_struct_u129;
        s200: BitInt<200>, HolderS200, cb_add_s200, cb_stack_s200, cb_odd_s200, cb_neg_ptr_s200, cb_struct_s200;
        u200: UBitInt<200>, HolderU200, cb_add_u200, cb_stack_u200, cb_odd_u200, cb_neg_ptr_u200, cb_struct_u200;
        s256: BitInt<256>, HolderS256, cb_add_s256, cb_stack_s256, cb_odd_s256, cb_neg_ptr_s256, cb_struct_s256;
        u256: UBitInt<256>, HolderU256, cb_add_u256, cb_stack_u256, cb_odd_u256, cb_neg_ptr_u256, cb_struct_u256;
        s511: abi_core::bitint!(511), HolderS511, cb_add_s511, cb_stack_s511, cb_odd_s511, cb_neg_ptr_s511, cb_struct_s511;
        u511: abi_core::ubitint!(511), HolderU511, cb_add_u511, cb_stack_u511, cb_odd_u511, cb_neg_ptr_u511, cb_struct_u511;
        s512: abi_core::bitint!(512), HolderS512, cb_add_s512, cb_stack_s512, cb_odd_s512, cb_neg_ptr_s512, cb_struct_s512;
        u512: abi_core::ubitint!(512), HolderU512, cb_add_u512, cb_stack_u512, cb_odd_u512, cb_neg_ptr_u512, cb_struct_u512;
        s1024: abi_core::bitint!(1024), HolderS1024, cb_add_s1024, cb_stack_s1024, cb_odd_s1024, cb_neg_ptr_s1024, cb_struct_s1024;
        u1024: abi_core::ubitint!(1024), HolderU1024, cb_add_u1024, cb_stack_u1024, cb_odd_u1024, cb_neg_ptr_u1024, cb_struct_u1024;
        s4096: abi_core::bitint!(4096), HolderS4096, cb_add_s4096, cb_stack_s4096, cb_odd_s4096, cb_neg_ptr_s4096, cb_struct_s4096;
        u4096: abi_core::ubitint!(4096), HolderU4096, cb_add_u4096, cb_stack_u4096, cb_odd_u4096, cb_neg_ptr_u4096, cb_struct_u4096;
    }
}

/// Every function of the conformance crate (C, `_BitInt`, DPI imports and
/// exports, packed structs) as reflection JSON: valid for Python's
/// validator of IREE's grammar, and the validator rejects a broken record.
#[test]
fn reflection_json_is_valid_for_python() {
    let registry = registry();
    let json = abi_core::reflect::AbiJson::render(&registry);
    let dir = std::env::temp_dir().join(format!("abi-reflect-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("c_tests.abi.json");
    std::fs::write(&good, &json).unwrap();
    let bad = dir.join("broken.abi.json");
    std::fs::write(&bad, json.replacen("\"ndarray\"", "\"ndarry\"", 1)).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tools/check_abi_json.py");
    let run = |file: &Path| {
        std::process::Command::new("python3")
            .arg(&script)
            .arg(file)
            .output()
            .expect("python3 runs (it is part of every supported machine)")
    };
    let ok = run(&good);
    let rejected = run(&bad);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let summary = String::from_utf8_lossy(&ok.stdout);
    println!("{summary}");
    let expected = format!("{} functions valid", registry.functions().len());
    assert!(summary.contains(&expected), "{summary}");
    assert!(!rejected.status.success());
    assert!(String::from_utf8_lossy(&rejected.stderr).contains("unknown compound type 'ndarry'"));
}

/// The record kinds the conformance crate's reflection uses, counted (for
/// the record, and so a kind that stops being produced is noticed).
#[test]
fn reflection_covers_every_record_kind() {
    use std::collections::BTreeSet;
    fn heads(value: &serde_json::Value, out: &mut BTreeSet<String>) {
        match value {
            serde_json::Value::String(s) => {
                out.insert(s.clone());
            }
            serde_json::Value::Null => {
                out.insert("null".into());
            }
            serde_json::Value::Array(items) => {
                if let Some(serde_json::Value::String(head)) = items.first() {
                    out.insert(format!("[{head}]"));
                }
                for item in items.iter().skip(1) {
                    heads(item, out);
                }
            }
            _ => {}
        }
    }
    let registry = registry();
    let json: serde_json::Value =
        serde_json::from_str(&abi_core::reflect::AbiJson::render(&registry)).unwrap();
    let mut kinds = BTreeSet::new();
    for f in json["functions"].as_array().unwrap() {
        for key in ["a", "r"] {
            for record in f["abi"][key].as_array().unwrap() {
                heads(record, &mut kinds);
            }
        }
    }
    kinds.retain(|k| k.starts_with('[') || k.starts_with('i') || k.starts_with('f'));
    let expected = [
        "[bitint]",
        "[bits]",
        "[handle]",
        "[logic]",
        "[ndarray]",
        "[open_array]",
        "[optional]",
        "[packed]",
        "[packed_array]",
        "[ptr]",
        "[ptr_mut]",
        "[sbits]",
        "[sdict]",
        "[string]",
        "[struct]",
        "[ubitint]",
        "f32",
        "f64",
        "i1",
        "i16",
        "i32",
        "i64",
        "i8",
    ];
    let missing: Vec<&str> = expected
        .iter()
        .copied()
        .filter(|k| !kinds.contains(*k))
        .collect();
    assert!(
        missing.is_empty(),
        "record kinds not produced: {missing:?}; produced: {kinds:?}"
    );
}
