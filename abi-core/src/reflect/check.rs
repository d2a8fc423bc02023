//! Reading signatures back and checking a registered function against one.

use super::RecordJson;
use std::fmt;

use serde_json::{Value, json};

use super::TypeRecord;
use crate::registry::{FunctionDesc, Registry};

/// The records of a function's arguments and results.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Signature {
    /// One record per argument.
    pub args: Vec<TypeRecord>,
    /// One record per result.
    pub results: Vec<TypeRecord>,
}

impl Signature {
    /// IREE's object: `{"a": [...], "r": [...], "v": 1}`.
    pub fn to_json(&self) -> Value {
        json!({
            "a": self.args.iter().map(TypeRecord::to_json).collect::<Vec<_>>(),
            "r": self.results.iter().map(TypeRecord::to_json).collect::<Vec<_>>(),
            "v": 1,
        })
    }

    /// Whether IREE's runtime reads every record (then a function's JSON
    /// carries the signature as `iree.abi` too).
    pub fn iree_readable(&self) -> bool {
        self.args
            .iter()
            .chain(&self.results)
            .all(TypeRecord::iree_reads)
    }

    /// Parse IREE's object, or one of our function objects (its `abi`, or
    /// its `iree.abi`). Errors name the record that is wrong.
    pub fn from_json(value: &Value) -> Result<Signature, String> {
        let object = value
            .get("abi")
            .or_else(|| value.get("iree.abi"))
            .unwrap_or(value);
        let list = |key: &str| -> Result<Vec<TypeRecord>, String> {
            let items = object
                .get(key)
                .and_then(Value::as_array)
                .ok_or_else(|| format!("`{key}` must be a list of type records"))?;
            items
                .iter()
                .enumerate()
                .map(|(k, item)| {
                    TypeRecord::from_json(item).map_err(|e| format!("`{key}`[{k}]: {e}"))
                })
                .collect()
        };
        if let Some(v) = object.get("v").filter(|v| **v != json!(1)) {
            return Err(format!("version `v` is {v}; only 1 is known"));
        }
        Ok(Signature {
            args: list("a")?,
            results: list("r")?,
        })
    }
}

/// Where a mismatch is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Place {
    /// The argument or result lists themselves (their lengths).
    Signature,
    /// Argument `k` (from 0).
    Argument(usize),
    /// Result `k` (from 0).
    Result(usize),
}

/// One difference between a registered function and a foreign signature.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The argument or result.
    pub place: Place,
    /// Inside it: `dimension 1`, `field \`x\``, `element`, ...
    pub path: Vec<String>,
    /// What the foreign signature says.
    pub expected: String,
    /// What the Rust function has.
    pub found: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.place {
            Place::Signature => f.write_str("signature")?,
            Place::Argument(k) => write!(f, "argument {k}")?,
            Place::Result(k) => write!(f, "result {k}")?,
        }
        for step in &self.path {
            write!(f, ", {step}")?;
        }
        write!(f, ": expected {}, found {}", self.expected, self.found)
    }
}

/// Check the registered function `f` against `expected` (IREE's object or
/// ours). Every mismatch is reported with its position. A `null`
/// dimension or rank and `"unknown"` in `expected` accept anything; a
/// `["named", key, T]` argument must also have the parameter name `key`.
pub fn check(f: &FunctionDesc, registry: &Registry, expected: &Value) -> Result<(), Vec<Mismatch>> {
    let expected = Signature::from_json(expected).map_err(|e| {
        vec![Mismatch {
            place: Place::Signature,
            path: Vec::new(),
            expected: "a valid signature".into(),
            found: e,
        }]
    })?;
    let ours = super::signature(f, registry);
    let mut mismatches = Vec::new();
    for (what, theirs, mine) in [
        ("arguments", &expected.args, &ours.args),
        ("results", &expected.results, &ours.results),
    ] {
        if theirs.len() != mine.len() {
            mismatches.push(Mismatch {
                place: Place::Signature,
                path: Vec::new(),
                expected: format!("{} {what}", theirs.len()),
                found: format!("{}", mine.len()),
            });
        }
    }
    for (k, (theirs, mine)) in expected.args.iter().zip(&ours.args).enumerate() {
        let theirs = match theirs {
            TypeRecord::Named(key, t) => {
                let name = f.params.get(k).map_or("", |p| p.name);
                if key != name {
                    mismatches.push(Mismatch {
                        place: Place::Argument(k),
                        path: vec!["name".into()],
                        expected: format!("`{key}`"),
                        found: format!("`{name}`"),
                    });
                }
                t.as_ref()
            }
            t => t,
        };
        let mine = match mine {
            TypeRecord::Named(_, t) => t.as_ref(),
            t => t,
        };
        compare(
            theirs,
            mine,
            Place::Argument(k),
            &mut Vec::new(),
            &mut mismatches,
        );
    }
    for (k, (theirs, mine)) in expected.results.iter().zip(&ours.results).enumerate() {
        compare(
            theirs,
            mine,
            Place::Result(k),
            &mut Vec::new(),
            &mut mismatches,
        );
    }
    if mismatches.is_empty() {
        Ok(())
    } else {
        Err(mismatches)
    }
}

fn show(record: &TypeRecord) -> String {
    match record.to_json() {
        Value::String(s) => s,
        other => other.to_string(),
    }
}

fn compare(
    theirs: &TypeRecord,
    mine: &TypeRecord,
    place: Place,
    path: &mut Vec<String>,
    out: &mut Vec<Mismatch>,
) {
    let report = |out: &mut Vec<Mismatch>, path: &[String], expected: String, found: String| {
        out.push(Mismatch {
            place,
            path: path.to_vec(),
            expected,
            found,
        });
    };
    match (theirs, mine) {
        (TypeRecord::Unknown, _) => {}
        (
            TypeRecord::NdArray {
                element: e1,
                rank: r1,
                dims: d1,
            },
            TypeRecord::NdArray {
                element: e2,
                rank: r2,
                dims: d2,
            },
        ) => {
            if let (Some(r1), Some(r2)) = (r1, r2) {
                if r1 != r2 {
                    report(out, path, format!("rank {r1}"), format!("rank {r2}"));
                    return;
                }
                for (d, (a, b)) in d1.iter().zip(d2).enumerate() {
                    if let (Some(a), Some(b)) = (a, b)
                        && a != b
                    {
                        path.push(format!("dimension {d}"));
                        report(out, path, a.to_string(), b.to_string());
                        path.pop();
                    }
                }
            }
            path.push("element".into());
            compare(e1, e2, place, path, out);
            path.pop();
        }
        (TypeRecord::SDict(a), TypeRecord::SDict(b))
        | (TypeRecord::Packed { fields: a, .. }, TypeRecord::Packed { fields: b, .. }) => {
            if a.len() != b.len() {
                report(
                    out,
                    path,
                    format!("{} fields", a.len()),
                    format!("{} fields", b.len()),
                );
                return;
            }
            if let (TypeRecord::Packed { width: w1, .. }, TypeRecord::Packed { width: w2, .. }) =
                (theirs, mine)
                && w1 != w2
            {
                report(out, path, format!("width {w1}"), format!("width {w2}"));
            }
            for ((k1, t1), (k2, t2)) in a.iter().zip(b) {
                path.push(format!("field `{k1}`"));
                if k1 != k2 {
                    report(out, path, format!("`{k1}`"), format!("`{k2}`"));
                } else {
                    compare(t1, t2, place, path, out);
                }
                path.pop();
            }
        }
        (TypeRecord::SList(a), TypeRecord::SList(b))
        | (TypeRecord::STuple(a), TypeRecord::STuple(b)) => {
            if a.len() != b.len() {
                report(
                    out,
                    path,
                    format!("{} slots", a.len()),
                    format!("{} slots", b.len()),
                );
                return;
            }
            for (k, (t1, t2)) in a.iter().zip(b).enumerate() {
                path.push(format!("slot {k}"));
                compare(t1, t2, place, path, out);
                path.pop();
            }
        }
        (TypeRecord::PackedArray(t1, n1), TypeRecord::PackedArray(t2, n2)) => {
            if n1 != n2 {
                report(
                    out,
                    path,
                    format!("{n1} elements"),
                    format!("{n2} elements"),
                );
            }
            path.push("element".into());
            compare(t1, t2, place, path, out);
            path.pop();
        }
        (TypeRecord::OpenArray(t1), TypeRecord::OpenArray(t2))
        | (TypeRecord::Optional(t1), TypeRecord::Optional(t2))
        | (TypeRecord::Complex(t1), TypeRecord::Complex(t2))
        | (TypeRecord::HomogeneousList(t1), TypeRecord::HomogeneousList(t2))
        | (TypeRecord::Named(_, t1), TypeRecord::Named(_, t2)) => {
            path.push("element".into());
            compare(t1, t2, place, path, out);
            path.pop();
        }
        (
            TypeRecord::Pointer {
                pointee: t1,
                mutable: m1,
            },
            TypeRecord::Pointer {
                pointee: t2,
                mutable: m2,
            },
        ) if m1 == m2 => {
            path.push("pointee".into());
            compare(t1, t2, place, path, out);
            path.pop();
        }
        (a, b) if a == b => {}
        (a, b) => report(out, path, show(a), show(b)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A function object is read by its `abi`, then its `iree.abi` (files
    /// written before `abi` existed), then as a bare signature.
    #[test]
    fn signatures_read_from_abi_iree_abi_or_bare() {
        let signature = json!({"a": ["i32", ["ndarray", "f32", 1, null]], "r": ["f64"], "v": 1});
        let expected = Signature::from_json(&signature).unwrap();
        assert_eq!(expected.args.len(), 2);
        assert!(expected.iree_readable());
        for object in [
            json!({"abi": signature, "symbol": "f"}),
            json!({"iree.abi": signature, "symbol": "f"}),
            json!({"abi": signature, "iree.abi": {"a": [], "r": [], "v": 1}}),
        ] {
            assert_eq!(Signature::from_json(&object).unwrap(), expected);
        }
        let ours = Signature::from_json(&json!({"a": [["bitint", 12]], "r": [], "v": 1})).unwrap();
        assert!(!ours.iree_readable());
    }
}
