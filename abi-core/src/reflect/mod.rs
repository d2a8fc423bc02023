//! Reflection: every registered function as IREE-style ABI JSON, read back
//! and checked against a foreign signature.
//!
//! Each function's `abi` object has the shape of IREE's `{"a": [...], "r":
//! [...], "v": 1}`, with IREE's type records wherever they fit and ours
//! (below) where IREE has none. When every record is one IREE's runtime
//! reads ([`TypeRecord::iree_reads`]: scalars `i8`..`i64`, `f32`, `f64`;
//! ranked ndarrays of those or of `i1`; `slist`, `stuple`,
//! `sdict`, `named`, `py_homogeneous_list`), the same object is also the function's
//! `iree.abi`, which IREE reads as its own reflection; a function with one
//! of our records has no `iree.abi`. Next to them, what IREE's format
//! lacks: the ABI kind, the C symbol, the Rust path, parameter directions,
//! and the C and SystemVerilog spellings.
//!
//! ```
//! use abi_core::{c_export, Registry};
//! use abi_core::reflect::AbiJson;
//!
//! /// Scale a vector in place.
//! #[c_export]
//! pub fn scale(values: &mut [f32], factor: f32) -> u32 {
//!     values.iter_mut().for_each(|v| *v *= factor);
//!     values.len() as u32
//! }
//!
//! let registry = Registry::all();
//! let json: serde_json::Value = serde_json::from_str(&AbiJson::render(&registry)).unwrap();
//! let scale = &json["functions"].as_array().unwrap().iter().find(|f| f["symbol"] == "scale").unwrap();
//! assert_eq!(scale["abi"], serde_json::json!({"a": [["ndarray", "f32", 1, null], "f32"], "r": ["i32"], "v": 1}));
//! // Every record is IREE's, so IREE's runtime can read it as well.
//! assert_eq!(scale["iree.abi"], scale["abi"]);
//! assert_eq!(scale["params"][0]["c"], "float *values, size_t values_len");
//! assert_eq!(scale["params"][0]["direction"], "inout");
//!
//! // A signature from elsewhere (a compiled IREE module, a test generator)
//! // checked against the Rust function: every mismatch, with its position.
//! let theirs = serde_json::json!({"a": [["ndarray", "f32", 1, 8], "f64"], "r": ["i32"], "v": 1});
//! let mismatches = abi_core::reflect::check(registry.function("scale").unwrap(), &registry, &theirs).unwrap_err();
//! assert_eq!(mismatches.len(), 1);
//! assert_eq!(mismatches[0].to_string(), "argument 1: expected f64, found f32");
//! ```
//!
//! # Records
//!
//! IREE's records are used wherever they fit; the others are ours, in the
//! same array style:
//!
//! | Rust | record |
//! |---|---|
//! | `i8`/`u8` .. `i64`/`u64` (signless, as in IREE), `usize`/`isize` | `"i8"` .. `"i64"`, pointer width |
//! | `bool` | `"i1"` |
//! | `f32`, `f64` | `"f32"`, `"f64"` |
//! | `&[T]`, `&mut [T]` | `["ndarray", T, 1, null]` |
//! | `[T; K]` (C arrays, DPI unpacked arrays) | `["ndarray", T, 1, K]` |
//! | `#[c_export]` struct | `["sdict", ["field", T]...]`, declaration order; inside its own fields `["struct", name]` |
//! | `&T`, `&mut T` | the record of `T` (the direction says in/out) |
//! | `Option<&T>` | `["optional", T]` |
//! | `*const T`, `*mut T` | `["ptr", T]`, `["ptr_mut", T]`; `void` is `["opaque"]` |
//! | `&str`, `&CStr` / SV `string` | `["string", "utf8"]`, `["string", "cstr"]` |
//! | `BitInt<N>`, `UBitInt<N>` | `["bitint", N]`, `["ubitint", N]` |
//! | `Bits<N>` / `bit [N-1:0]` (signed: `bit signed`) | `["bits", N]` (`["sbits", N]`) |
//! | `Logic`, `LogicVec<N>` | `["logic", 1]`, `["logic", N]` |
//! | `#[derive(Packed)]` struct | `["packed", name, width, ["field", T]...]`, first field most significant |
//! | packed array `[T; K]` inside a packed struct | `["packed_array", T, K]` |
//! | `OpenArray<T>`, `OpenArrayMut<T>`, `OpenArrayOut<T>` | `["open_array", T]` (two dimensions: `["open_array", ["open_array", T]]`) |
//! | `Chandle<T>` | `["handle", "chandle"]` |
//! | `Complex<f32>`, `Complex<f64>` (MLIR `complex<T>`) | `["complex", "f32"]`, `["complex", "f64"]` |
//! | `Vector<T, N>`, `[Vector<T, C>; R]` (memref elements `vector<NxT>`, `vector<RxCxT>`) | `["vector", "f32", N]`, `["vector", "f32", R, C]` |
//! | `Result<T, E>` | results `[T]` (or `[]`), with `"status": true` |
//!
//! Reading back accepts all of these and IREE's `"unknown"`, `null`,
//! `["named", key, T]`, `["slist", ...]`, `["stuple", ...]` and
//! `["py_homogeneous_list", T]`.

mod check;
mod record;

use serde_json::{Map, Value, json};

pub(crate) use crate::model::record::TypeRecord;
pub use check::{Mismatch, Place, Signature, check};
pub use record::RecordJson;
/// The JSON library the records are built with, for callers' convenience.
pub use serde_json;

use crate::dpi::DpiDecl;
use crate::model::Direction;
use crate::registry::{Abi, CifaceDesc, CifaceProvider, FunctionDesc, Registry, ResultDesc};

/// The reflection JSON of a whole registry.
#[derive(Debug, Clone, Copy)]
pub struct AbiJson;

impl AbiJson {
    /// Every function of `registry`, sorted by symbol, as pretty-printed
    /// JSON with sorted keys: the same registry always gives the same text.
    pub fn render(registry: &Registry) -> String {
        let mut functions: Vec<&FunctionDesc> = registry.functions().iter().collect();
        functions.sort_by(|a, b| a.symbol.cmp(b.symbol).then(a.abi.kind().cmp(&b.abi.kind())));
        let document = json!({
            "generator": format!("abi-core {}", env!("CARGO_PKG_VERSION")),
            "v": 1,
            "functions": functions.iter().map(|f| function_json(f, registry)).collect::<Vec<_>>(),
        });
        let mut text = serde_json::to_string_pretty(&document).expect("JSON values serialize");
        text.push('\n');
        text
    }
}

/// The records of `f`'s arguments and results, with `#[c_export]` structs
/// resolved through `registry`.
pub fn signature(f: &FunctionDesc, registry: &Registry) -> Signature {
    let mut args = Vec::new();
    let mut results = Vec::new();
    match f.abi {
        // A DPI function's records come from its SystemVerilog types.
        Abi::DpiImport(dpi) | Abi::DpiExport(dpi) => {
            args.extend(
                dpi.params
                    .iter()
                    .map(|p| TypeRecord::of_sv_type(&p.sv_type)),
            );
            results.extend(non_null(TypeRecord::of_sv_type(&dpi.result)));
        }
        Abi::C | Abi::Ciface(_) => {
            for p in &f.params {
                args.push(resolve(p.record().unwrap_or(TypeRecord::Unknown), registry));
            }
            let record = match f.result {
                ResultDesc::Value { record, .. }
                | ResultDesc::Status { record, .. }
                | ResultDesc::Leading { record, .. } => record,
            };
            match (record.map(|r| resolve(r(), registry)), f.result) {
                // MLIR's multi-value results are several results.
                (Some(TypeRecord::STuple(members)), ResultDesc::Leading { .. }) => {
                    results.extend(members);
                }
                (Some(record), _) => results.extend(non_null(record)),
                (None, _) => {}
            }
        }
    }
    if f.named_args {
        args = args
            .into_iter()
            .zip(&f.params)
            .map(|(t, p)| TypeRecord::Named(p.name.to_owned(), Box::new(t)))
            .collect();
    }
    Signature { args, results }
}

fn non_null(record: TypeRecord) -> Option<TypeRecord> {
    (record != TypeRecord::Null).then_some(record)
}

/// Replace struct references by the registered structs' `sdict`s; inside
/// a struct's own fields, a reference to it stays a reference.
fn resolve(record: TypeRecord, registry: &Registry) -> TypeRecord {
    resolve_in(record, registry, &mut Vec::new())
}

fn resolve_in(record: TypeRecord, registry: &Registry, open: &mut Vec<String>) -> TypeRecord {
    if let TypeRecord::StructRef(name) = &record
        && !open.contains(name)
        && let Some(s) = registry.struct_named(name)
    {
        open.push(name.clone());
        let fields = s
            .fields
            .iter()
            .map(|f| {
                let t = TypeRecord::of_c_type(&f.c_type);
                (f.name.to_owned(), resolve_in(t, registry, open))
            })
            .collect();
        open.pop();
        return TypeRecord::SDict(fields);
    }
    let mut again = |t: TypeRecord| resolve_in(t, registry, open);
    match record {
        TypeRecord::Named(k, t) => TypeRecord::Named(k, Box::new(again(*t))),
        TypeRecord::NdArray {
            element,
            rank,
            dims,
        } => TypeRecord::NdArray {
            element: Box::new(again(*element)),
            rank,
            dims,
        },
        TypeRecord::SList(v) => TypeRecord::SList(v.into_iter().map(&mut again).collect()),
        TypeRecord::STuple(v) => TypeRecord::STuple(v.into_iter().map(&mut again).collect()),
        TypeRecord::SDict(v) => {
            TypeRecord::SDict(v.into_iter().map(|(k, t)| (k, again(t))).collect())
        }
        TypeRecord::HomogeneousList(t) => TypeRecord::HomogeneousList(Box::new(again(*t))),
        TypeRecord::Packed {
            name,
            width,
            fields,
        } => TypeRecord::Packed {
            name,
            width,
            fields: fields.into_iter().map(|(k, t)| (k, again(t))).collect(),
        },
        TypeRecord::PackedArray(t, n) => TypeRecord::PackedArray(Box::new(again(*t)), n),
        TypeRecord::OpenArray(t) => TypeRecord::OpenArray(Box::new(again(*t))),
        TypeRecord::Pointer { pointee, mutable } => TypeRecord::Pointer {
            pointee: Box::new(again(*pointee)),
            mutable,
        },
        TypeRecord::Optional(t) => TypeRecord::Optional(Box::new(again(*t))),
        TypeRecord::Complex(t) => TypeRecord::Complex(Box::new(again(*t))),
        TypeRecord::Vector { lane, shape } => TypeRecord::Vector {
            lane: Box::new(again(*lane)),
            shape,
        },
        leaf => leaf,
    }
}

fn direction_name(direction: Direction) -> &'static str {
    match direction {
        Direction::In => "in",
        Direction::Out => "out",
        Direction::InOut => "inout",
    }
}

fn function_json(f: &FunctionDesc, registry: &Registry) -> Value {
    let signature = signature(f, registry);
    let mut result = Map::new();
    result.insert("rust".into(), json!(f.result.rust_type()));
    result.insert("c".into(), json!(f.c_result().declare("").trim_end()));
    let status = matches!(f.result, ResultDesc::Status { .. });
    result.insert("status".into(), json!(status));
    let mut object = json!({
        "symbol": f.symbol,
        "kind": f.abi.kind().snake_name(),
        "rust": f.rust.path(),
        "abi": signature.to_json(),
    });
    // What each ABI adds to the parameters, the result and the function.
    let dpi = match f.abi {
        Abi::DpiImport(dpi) | Abi::DpiExport(dpi) => {
            let sv = if dpi.task {
                "task".to_owned()
            } else {
                dpi.result.to_string()
            };
            result.insert("sv".into(), json!(sv));
            Some(dpi)
        }
        Abi::Ciface(ciface) => {
            let leading = matches!(f.result, ResultDesc::Leading { .. });
            result.insert("out_pointer_first".into(), json!(leading));
            object["mlir"] = ciface_json(ciface);
            None
        }
        Abi::C => None,
    };
    object["params"] = Value::Array(params_json(f, dpi));
    object["result"] = Value::Object(result);
    with_iree_abi(&mut object, &signature);
    object
}

/// The `params` of a function: names, Rust and C spellings, direction,
/// and for a DPI-C function the SystemVerilog declaration.
fn params_json(f: &FunctionDesc, dpi: Option<&DpiDecl>) -> Vec<Value> {
    let slots = f.c_params();
    let mut slot = slots.iter();
    let mut params = Vec::new();
    for (k, p) in f.params.iter().enumerate() {
        let mut c = Vec::new();
        for s in slot.by_ref().take(p.passing.c_parameter_count()) {
            c.push(s.c_type.declare(&s.name));
        }
        let mut param = Map::new();
        param.insert("name".into(), json!(p.name));
        param.insert("rust".into(), json!(p.rust_type));
        param.insert("c".into(), json!(c.join(", ")));
        let sv = dpi.map(|dpi| &dpi.params[k]);
        let direction = sv.map_or(p.direction, |d| d.direction);
        param.insert("direction".into(), json!(direction_name(direction)));
        if let Some(d) = sv {
            let declaration = format!("{} {}", d.direction.sv_keyword(), d.sv_type.declare(p.name));
            param.insert("sv".into(), json!(declaration));
        }
        params.push(Value::Object(param));
    }
    params
}

/// The `mlir` object of a `#[ciface]` function.
fn ciface_json(ciface: &CifaceDesc) -> Value {
    let provider = match ciface.provider {
        CifaceProvider::Rust => "rust",
        CifaceProvider::Mlir => "mlir",
    };
    let types: Vec<Value> = ciface
        .memref_types
        .iter()
        .map(|t| match t.and_then(|t| t.text) {
            Some(text) => json!(text),
            None => Value::Null,
        })
        .collect();
    json!({
        "name": ciface.mlir_name,
        "implemented_in": provider,
        "declared_types": types,
        "expanded": ciface.expanded,
    })
}

/// Add `iree.abi` (the signature again) when IREE's runtime reads every
/// record of it; a function with one of our own records has none.
fn with_iree_abi(object: &mut Value, signature: &Signature) {
    if signature.iree_readable() {
        object["iree.abi"] = signature.to_json();
    }
}
