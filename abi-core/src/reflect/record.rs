//! Type records: IREE's reflection grammar plus the records of our own for
//! what IREE cannot describe, in the same array style.

use serde_json::{Value, json};

use crate::model::record::TypeRecord;

/// The JSON form of a [`TypeRecord`] (the record itself is data of
/// `abi-model`, which has no JSON dependency).
pub trait RecordJson: Sized {
    /// The JSON form.
    fn to_json(&self) -> Value;
    /// Parse a record (ours or IREE's); the error says what is wrong where.
    fn from_json(value: &Value) -> Result<Self, String>;
}

impl RecordJson for TypeRecord {
    fn to_json(&self) -> Value {
        let fields = |fields: &[(String, TypeRecord)]| -> Vec<Value> {
            fields
                .iter()
                .map(|(k, t)| json!([k, t.to_json()]))
                .collect()
        };
        match self {
            TypeRecord::Primitive(name) => json!(name),
            TypeRecord::Unknown => json!("unknown"),
            TypeRecord::Null => Value::Null,
            TypeRecord::Named(key, t) => json!(["named", key, t.to_json()]),
            TypeRecord::NdArray {
                element,
                rank,
                dims,
            } => {
                let mut v = vec![json!("ndarray"), element.to_json(), json!(rank)];
                v.extend(dims.iter().map(|d| json!(d)));
                Value::Array(v)
            }
            TypeRecord::SList(items) => tagged("slist", items.iter().map(TypeRecord::to_json)),
            TypeRecord::STuple(items) => tagged("stuple", items.iter().map(TypeRecord::to_json)),
            TypeRecord::SDict(items) => tagged("sdict", fields(items)),
            TypeRecord::HomogeneousList(t) => json!(["py_homogeneous_list", t.to_json()]),
            TypeRecord::BitInt { bits, signed } => {
                json!([if *signed { "bitint" } else { "ubitint" }, bits])
            }
            TypeRecord::Bits { width, signed } => {
                json!([if *signed { "sbits" } else { "bits" }, width])
            }
            TypeRecord::Logic(width) => json!(["logic", width]),
            TypeRecord::Packed {
                name,
                width,
                fields: items,
            } => {
                let mut v = vec![json!("packed"), json!(name), json!(width)];
                v.extend(fields(items));
                Value::Array(v)
            }
            TypeRecord::PackedArray(t, len) => json!(["packed_array", t.to_json(), len]),
            TypeRecord::OpenArray(t) => json!(["open_array", t.to_json()]),
            TypeRecord::Str(encoding) => json!(["string", encoding]),
            TypeRecord::Handle(kind) => json!(["handle", kind]),
            TypeRecord::Pointer { pointee, mutable } => {
                json!([if *mutable { "ptr_mut" } else { "ptr" }, pointee.to_json()])
            }
            TypeRecord::Optional(t) => json!(["optional", t.to_json()]),
            TypeRecord::Complex(t) => json!(["complex", t.to_json()]),
            TypeRecord::Vector { lane, shape } => {
                let mut v = vec![json!("vector"), lane.to_json()];
                v.extend(shape.iter().map(|d| json!(d)));
                Value::Array(v)
            }
            TypeRecord::Opaque => json!(["opaque"]),
            TypeRecord::StructRef(name) => json!(["struct", name]),
        }
    }

    fn from_json(value: &Value) -> Result<TypeRecord, String> {
        match value {
            Value::Null => Ok(TypeRecord::Null),
            Value::String(s) if s == "unknown" => Ok(TypeRecord::Unknown),
            Value::String(s) if is_primitive(s) => Ok(TypeRecord::Primitive(s.clone())),
            Value::String(s) => Err(format!("`{s}` is not a primitive type record")),
            Value::Array(items) => {
                let Some(Value::String(head)) = items.first() else {
                    return Err("a compound record starts with its type identifier".into());
                };
                compound_from_json(head, &items[1..])
            }
            other => Err(format!("`{other}` is not a type record")),
        }
    }
}

fn tagged(head: &str, items: impl IntoIterator<Item = Value>) -> Value {
    let mut v = vec![json!(head)];
    v.extend(items);
    Value::Array(v)
}

/// `i<N>`, `f<N>` or `bf16`.
fn is_primitive(s: &str) -> bool {
    let digits = |rest: &str| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit());
    s == "bf16"
        || s.strip_prefix('i').is_some_and(digits)
        || s.strip_prefix('f').is_some_and(digits)
}

fn count(value: &Value, what: &str) -> Result<u64, String> {
    value
        .as_u64()
        .ok_or_else(|| format!("{what} must be a non-negative integer, found `{value}`"))
}

fn text(value: &Value, what: &str) -> Result<String, String> {
    value
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| format!("{what} must be a string, found `{value}`"))
}

fn one(head: &str, rest: &[Value]) -> Result<Box<TypeRecord>, String> {
    match rest {
        [t] => Ok(Box::new(TypeRecord::from_json(t)?)),
        _ => Err(format!("`{head}` takes exactly one type record")),
    }
}

fn keyed(items: &[Value], head: &str) -> Result<Vec<(String, TypeRecord)>, String> {
    items
        .iter()
        .map(|item| match item.as_array().map(Vec::as_slice) {
            Some([Value::String(k), t]) => Ok((k.clone(), TypeRecord::from_json(t)?)),
            _ => Err(format!(
                "`{head}` entries are `[key, record]`, found `{item}`"
            )),
        })
        .collect()
}

fn compound_from_json(head: &str, rest: &[Value]) -> Result<TypeRecord, String> {
    let list = |items: &[Value]| -> Result<Vec<TypeRecord>, String> {
        items.iter().map(TypeRecord::from_json).collect()
    };
    Ok(match head {
        "named" => match rest {
            [Value::String(k), t] => {
                TypeRecord::Named(k.clone(), Box::new(TypeRecord::from_json(t)?))
            }
            _ => return Err("`named` is `[\"named\", key, record]`".into()),
        },
        "ndarray" => {
            let [element, rank, dims @ ..] = rest else {
                return Err("`ndarray` is `[\"ndarray\", element, rank, dims...]`".into());
            };
            let rank = match rank {
                Value::Null => None,
                r => Some(u32::try_from(count(r, "an ndarray rank")?).map_err(|e| e.to_string())?),
            };
            let dims = dims
                .iter()
                .map(|d| match d {
                    Value::Null => Ok(None),
                    d => count(d, "an ndarray dimension").map(Some),
                })
                .collect::<Result<Vec<_>, _>>()?;
            match rank {
                Some(r) if r as usize != dims.len() => {
                    return Err(format!(
                        "an ndarray of rank {r} lists {} dimensions",
                        dims.len()
                    ));
                }
                None if !dims.is_empty() => {
                    return Err("an unranked ndarray lists no dimensions".into());
                }
                _ => {}
            }
            TypeRecord::NdArray {
                element: Box::new(TypeRecord::from_json(element)?),
                rank,
                dims,
            }
        }
        "slist" => TypeRecord::SList(list(rest)?),
        "stuple" => TypeRecord::STuple(list(rest)?),
        "sdict" => TypeRecord::SDict(keyed(rest, head)?),
        "py_homogeneous_list" => TypeRecord::HomogeneousList(one(head, rest)?),
        "bitint" | "ubitint" | "bits" | "sbits" | "logic" => {
            let [width] = rest else {
                return Err(format!("`{head}` is `[\"{head}\", width]`"));
            };
            let width = u32::try_from(count(width, "a width")?).map_err(|e| e.to_string())?;
            match head {
                "bitint" | "ubitint" => TypeRecord::BitInt {
                    bits: width,
                    signed: head == "bitint",
                },
                "logic" => TypeRecord::Logic(width),
                _ => TypeRecord::Bits {
                    width,
                    signed: head == "sbits",
                },
            }
        }
        "packed" => {
            let [name, width, fields @ ..] = rest else {
                return Err("`packed` is `[\"packed\", name, width, [field, record]...]`".into());
            };
            TypeRecord::Packed {
                name: text(name, "a packed struct name")?,
                width: u32::try_from(count(width, "a width")?).map_err(|e| e.to_string())?,
                fields: keyed(fields, head)?,
            }
        }
        "packed_array" => match rest {
            [t, len] => TypeRecord::PackedArray(
                Box::new(TypeRecord::from_json(t)?),
                count(len, "a packed array length")?,
            ),
            _ => return Err("`packed_array` is `[\"packed_array\", element, len]`".into()),
        },
        "open_array" => TypeRecord::OpenArray(one(head, rest)?),
        "complex" => TypeRecord::Complex(one(head, rest)?),
        "vector" => {
            let [lane, dims @ ..] = rest else {
                return Err("`vector` is `[\"vector\", lane, dims...]`".into());
            };
            if dims.is_empty() {
                return Err("`vector` is `[\"vector\", lane, dims...]`".into());
            }
            TypeRecord::Vector {
                lane: Box::new(TypeRecord::from_json(lane)?),
                shape: dims
                    .iter()
                    .map(|d| count(d, "a vector dimension"))
                    .collect::<Result<_, _>>()?,
            }
        }
        "string" | "handle" => {
            let [kind] = rest else {
                return Err(format!("`{head}` is `[\"{head}\", kind]`"));
            };
            let kind = text(kind, "the kind")?;
            if head == "string" {
                TypeRecord::Str(kind)
            } else {
                TypeRecord::Handle(kind)
            }
        }
        "ptr" | "ptr_mut" => TypeRecord::Pointer {
            pointee: one(head, rest)?,
            mutable: head == "ptr_mut",
        },
        "optional" => TypeRecord::Optional(one(head, rest)?),
        "opaque" if rest.is_empty() => TypeRecord::Opaque,
        "struct" => match rest {
            [Value::String(name)] => TypeRecord::StructRef(name.clone()),
            _ => return Err("`struct` is `[\"struct\", name]`".into()),
        },
        other => return Err(format!("unknown compound type `{other}`")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memref::{MemRefElement, Vector};

    /// A vector element's record, written and read back; a vector without
    /// dimensions is refused.
    #[test]
    fn vector_records_round_trip() {
        let record = <[Vector<f32, 4>; 4]>::element_record();
        let json = record.to_json();
        assert_eq!(json, json!(["vector", "f32", 4, 4]));
        assert_eq!(TypeRecord::from_json(&json).unwrap(), record);
        assert_eq!(
            <Vector<u8, 3>>::element_record().to_json(),
            json!(["vector", "i8", 3])
        );
        assert!(TypeRecord::from_json(&json!(["vector", "f32"])).is_err());
    }
}
