//! Reflection: records read back exactly, the real IREE examples parse and
//! print unchanged, and checks report every mismatch with its position.

use abi_core::c::status::ErrorCode;
use abi_core::model::record::TypeRecord;
use abi_core::reflect::RecordJson;
use abi_core::reflect::{self, Place, Signature};
use abi_core::{Registry, c_export};
use serde_json::{Value, json};

/// Element-wise sum of two fixed-size vectors.
#[c_export]
pub fn rf_add4(a: &[f32; 4], b: &[f32; 4], out: &mut [f32; 4]) {
    for i in 0..4 {
        out[i] = a[i] + b[i];
    }
}

/// A checked division with a status.
#[c_export]
pub fn rf_div(a: i32, b: i32) -> Result<i32, ErrorCode> {
    a.checked_div(b).ok_or(ErrorCode::of(1))
}

/// The IREE records of `../shared/notes/style-and-export.md` (from IREE's
/// own tests), byte for byte.
const IREE_EXAMPLES: &[&str] = &[
    r#"{"a":[["ndarray","f32",2,2,3],["ndarray","f32",1,3]],"r":[["ndarray","f32",1,3],["ndarray","f32",2,2,3]],"v":1}"#,
    r#"{"a":[["ndarray","f32",1,16],["ndarray","f32",1,16]],"r":[["stuple",["ndarray","f32",1,16],["ndarray","f32",1,16]]],"v":1}"#,
    r#"{"a":[["named","a",["ndarray","f32",1,16]],["named","b",["ndarray","f32",1,16]],["named","scalar",["ndarray","f32",0]]],"r":[["sdict",["dict",["sdict",["a",["ndarray","f32",1,16]],["b",["ndarray","f32",1,16]],["scalar",["ndarray","f32",0]]]]]],"v":1}"#,
    r#"{"a": ["i32", ["named","a","i32"], ["named","b","i32"]], "r": ["i32"]}"#,
    r#"{"a": [["sdict", ["a","i32"], ["b","i32"]]], "r": ["i32"]}"#,
];

#[test]
fn iree_examples_round_trip() {
    for text in IREE_EXAMPLES {
        let value: Value = serde_json::from_str(text).unwrap();
        let signature = Signature::from_json(&value).unwrap();
        let mut again = signature.to_json();
        if value.get("v").is_none() {
            again.as_object_mut().unwrap().remove("v");
        }
        assert_eq!(again, value, "{text}");
    }
}

#[test]
fn every_record_kind_round_trips() {
    let records = json!([
        "i1",
        "i8",
        "i16",
        "i32",
        "i64",
        "f16",
        "bf16",
        "f32",
        "f64",
        "unknown",
        null,
        ["named", "x", "i32"],
        ["ndarray", "f32", null],
        ["ndarray", "i8", 3, 1, null, 7],
        ["slist", "i32", null],
        ["stuple"],
        ["sdict", ["k", "f64"]],
        ["py_homogeneous_list", "i64"],
        ["bitint", 24],
        ["ubitint", 1000],
        ["bits", 70],
        ["sbits", 13],
        ["logic", 1],
        [
            "packed",
            "P",
            9,
            ["a", "i1"],
            ["b", ["packed_array", ["bits", 4], 2]]
        ],
        ["open_array", "i32"],
        ["string", "utf8"],
        ["string", "cstr"],
        ["handle", "chandle"],
        ["ptr", ["opaque"]],
        ["ptr_mut", "i32"],
        ["optional", "f32"],
        ["struct", "Node"]
    ]);
    for record in records.as_array().unwrap() {
        let parsed = TypeRecord::from_json(record).unwrap();
        assert_eq!(&parsed.to_json(), record);
    }
}

#[test]
fn malformed_records_are_errors() {
    for (bad, message) in [
        (json!("u32"), "not a primitive"),
        (json!(["ndarray", "f32", 2, 4]), "rank 2 lists 1 dimensions"),
        (json!(["ndarray", "f32", null, 4]), "unranked"),
        (json!(["sdict", ["k"]]), "`[key, record]`"),
        (json!(["bits", -1]), "non-negative"),
        (json!(["wat"]), "unknown compound"),
        (json!([]), "type identifier"),
        (json!(3), "not a type record"),
    ] {
        let error = TypeRecord::from_json(&bad).unwrap_err();
        assert!(error.contains(message), "{bad}: {error}");
    }
    let error = Signature::from_json(&json!({"a": ["i32", "x9"], "r": []})).unwrap_err();
    assert!(error.starts_with("`a`[1]"), "{error}");
    assert!(Signature::from_json(&json!({"a": [], "r": [], "v": 2})).is_err());
}

#[test]
fn records_of_c_functions() {
    let registry = Registry::all();
    let add4 = registry.function("rf_add4").unwrap();
    let signature = reflect::signature(add4, &registry);
    assert_eq!(
        signature.to_json(),
        json!({"a": [["ndarray", "f32", 1, 4], ["ndarray", "f32", 1, 4], ["ndarray", "f32", 1, 4]], "r": [], "v": 1})
    );
    let div = registry.function("rf_div").unwrap();
    assert_eq!(
        reflect::signature(div, &registry).to_json(),
        json!({"a": ["i32", "i32"], "r": ["i32"], "v": 1})
    );
}

#[test]
fn check_reports_every_mismatch_with_its_position() {
    let registry = Registry::all();
    let add4 = registry.function("rf_add4").unwrap();
    assert_eq!(
        reflect::check(
            add4,
            &registry,
            &json!({"a": [["ndarray", "f32", 1, null], ["ndarray", "f32", 1, 4], ["named", "out", ["ndarray", "f32", 1, 4]]], "r": []})
        ),
        Ok(())
    );
    let theirs = json!({
        "a": [["ndarray", "f32", 1, 8], ["ndarray", "f64", 1, 4], ["named", "result", ["ndarray", "f32", 2, 2, 2]]],
        "r": ["i32"],
        "v": 1
    });
    let mismatches = reflect::check(add4, &registry, &theirs).unwrap_err();
    let text: Vec<String> = mismatches.iter().map(ToString::to_string).collect();
    assert_eq!(
        text,
        [
            "signature: expected 1 results, found 0",
            "argument 0, dimension 0: expected 8, found 4",
            "argument 1, element: expected f64, found f32",
            "argument 2, name: expected `result`, found `out`",
            "argument 2: expected rank 2, found rank 1",
        ]
    );
    assert_eq!(mismatches[1].place, Place::Argument(0));
}

/// Scale by a factor; callers may pass the arguments by name.
#[c_export(named_args)]
pub fn rf_scale(x: f64, factor: f64) -> f64 {
    x * factor
}

#[test]
fn named_arguments() {
    let registry = Registry::all();
    let scale = registry.function("rf_scale").unwrap();
    assert_eq!(
        reflect::signature(scale, &registry).to_json(),
        json!({"a": [["named", "x", "f64"], ["named", "factor", "f64"]], "r": ["f64"], "v": 1})
    );
    assert_eq!(
        reflect::check(
            scale,
            &registry,
            &json!({"a": ["f64", ["named", "factor", "f64"]], "r": ["f64"]})
        ),
        Ok(())
    );
    let mismatches = reflect::check(
        scale,
        &registry,
        &json!({"a": [["named", "y", "f64"], "f32"], "r": ["f64"]}),
    )
    .unwrap_err();
    let text: Vec<String> = mismatches.iter().map(ToString::to_string).collect();
    assert_eq!(
        text,
        [
            "argument 0, name: expected `y`, found `x`",
            "argument 1: expected f32, found f64"
        ]
    );
}

/// An export whose shim abi-core's template writes (a safe function of one
/// to eight values): its entry still names the module, file and line of
/// the attribute, as `module_path!()`, `file!()` and `line!()` say at the
/// user's code, not inside abi-core.
mod templated {
    pub(super) const LINE: u32 = line!() + 2;
    /// Doubles.
    #[abi_core::c_export]
    pub(super) fn rf_twice(x: i32) -> i32 {
        x.wrapping_mul(2)
    }
}

#[test]
fn a_templated_entry_names_the_users_module_file_and_line() {
    let registry = Registry::all();
    let f = registry
        .functions()
        .iter()
        .find(|f| f.symbol == "rf_twice")
        .expect("rf_twice is registered");
    assert_eq!(
        f.rust.path(),
        format!("{}::templated::rf_twice", module_path!())
    );
    assert_eq!(
        (f.rust.file, f.rust.line, f.rust.doc),
        (file!(), templated::LINE, "Doubles.")
    );
    assert_eq!(f.c_prototype(), "int32_t rf_twice(int32_t x)");
}
