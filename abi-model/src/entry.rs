//! The text of a registry entry: every name and Rust spelling of an
//! annotated function in one `&'static str`, written by the macros and read
//! by abi-core's registry.
//!
//! One string per function instead of a nested `static` description is a
//! compile-time choice: a struct per parameter cost a 500-function crate a
//! sixth of its build in type checking and constant evaluation.
//!
//! The fields are separated by [`SEPARATOR`], in this order: module path,
//! source file, line, Rust name, result type, result out-pointer name, then
//! name and type per parameter, then the doc comment, last because it may
//! contain anything. The macros know neither the module path, the file nor
//! the line when they expand (`module_path!()`, `file!()`, `line!()` do), so
//! they write [`EntryText::encode_tail`] after those three.

use std::fmt;

/// Separates the fields of the entry text. No identifier, Rust type as
/// written, path or line number contains it.
pub const SEPARATOR: char = '\0';

/// The fields of one entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryText<'a> {
    /// `module_path!()` at the item.
    pub module_path: &'a str,
    /// `file!()`.
    pub file: &'a str,
    /// `line!()` at the attribute.
    pub line: u32,
    /// The Rust name of the function.
    pub name: &'a str,
    /// The result's Rust type as written (empty for none).
    pub result_type: &'a str,
    /// The name of the result's out-pointer parameter (empty for none).
    pub out_name: &'a str,
    /// Per parameter: its name and its Rust type as written.
    pub params: Vec<(&'a str, &'a str)>,
    /// The doc comment, lines joined with `\n`.
    pub doc: &'a str,
}

/// A field that would break the encoding, or a text that is no entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EntryError {
    /// A field other than the doc comment contains [`SEPARATOR`].
    SeparatorInField(String),
    /// The text has fewer fields than its parameter count requires.
    TooFewFields {
        /// Fields expected before the doc comment.
        expected: usize,
        /// Fields found, the doc comment included.
        found: usize,
    },
    /// The line field is not a number.
    BadLine(String),
}

impl fmt::Display for EntryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EntryError::SeparatorInField(field) => {
                write!(f, "registry entry field {field:?} contains a NUL byte")
            }
            EntryError::TooFewFields { expected, found } => write!(
                f,
                "malformed registry entry: {found} fields, expected {expected} and the doc comment"
            ),
            EntryError::BadLine(line) => write!(f, "malformed registry entry: line {line:?}"),
        }
    }
}

impl std::error::Error for EntryError {}

/// The fields before the parameters: module path, file, line, name, result
/// type, out-pointer name.
const HEAD_FIELDS: usize = 6;

impl<'a> EntryText<'a> {
    /// The whole text.
    pub fn encode(&self) -> Result<String, EntryError> {
        for field in [self.module_path, self.file] {
            check_field(field)?;
        }
        let tail = Self::encode_tail(
            self.name,
            self.result_type,
            self.out_name,
            &self.params,
            self.doc,
        )?;
        Ok(format!(
            "{}{SEPARATOR}{}{SEPARATOR}{}{tail}",
            self.module_path, self.file, self.line
        ))
    }

    /// What follows the line number: what the macros write after
    /// `concat!(module_path!(), "\0", file!(), "\0", line!(), ...)`.
    pub fn encode_tail(
        name: &str,
        result_type: &str,
        out_name: &str,
        params: &[(&str, &str)],
        doc: &str,
    ) -> Result<String, EntryError> {
        let mut text = String::new();
        let fields = [name, result_type, out_name]
            .into_iter()
            .chain(params.iter().flat_map(|(name, ty)| [*name, *ty]));
        for field in fields {
            check_field(field)?;
            text.push(SEPARATOR);
            text.push_str(field);
        }
        text.push(SEPARATOR);
        text.push_str(doc);
        Ok(text)
    }

    /// Read an entry of `param_count` parameters.
    pub fn decode(text: &'a str, param_count: usize) -> Result<EntryText<'a>, EntryError> {
        let expected = HEAD_FIELDS + 2 * param_count;
        // The doc comment is the last field, whatever it contains.
        let fields: Vec<&str> = text.splitn(expected + 1, SEPARATOR).collect();
        if fields.len() <= expected {
            return Err(EntryError::TooFewFields {
                expected,
                found: fields.len(),
            });
        }
        let line = fields[2]
            .parse()
            .map_err(|_| EntryError::BadLine(fields[2].to_owned()))?;
        Ok(EntryText {
            module_path: fields[0],
            file: fields[1],
            line,
            name: fields[3],
            result_type: fields[4],
            out_name: fields[5],
            params: fields[HEAD_FIELDS..expected]
                .chunks_exact(2)
                .map(|pair| (pair[0], pair[1]))
                .collect(),
            doc: fields[expected],
        })
    }
}

fn check_field(field: &str) -> Result<(), EntryError> {
    if field.contains(SEPARATOR) {
        Err(EntryError::SeparatorInField(field.to_owned()))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample<'a>(params: Vec<(&'a str, &'a str)>, doc: &'a str) -> EntryText<'a> {
        EntryText {
            module_path: "demo::dsp",
            file: "src/dsp.rs",
            line: 42,
            name: "r#type",
            result_type: "Result<u32, ErrorCode>",
            out_name: "out",
            params,
            doc,
        }
    }

    #[test]
    fn round_trip() {
        let cases = [
            sample(vec![], ""),
            sample(vec![("x", "&[u8]"), ("x_len", "usize")], "One line."),
            sample(
                vec![("r#in", "BitInt<7, u8>"), ("_", "&mut Bits<128>")],
                "Doc with\nlines, a NUL \0 and trailing separators\0\0",
            ),
            EntryText {
                result_type: "",
                out_name: "",
                ..sample(vec![("a", "i32")], "x")
            },
        ];
        for entry in cases {
            let text = entry.encode().unwrap();
            assert_eq!(EntryText::decode(&text, entry.params.len()).unwrap(), entry);
        }
    }

    #[test]
    fn tail_is_what_follows_the_line() {
        let entry = sample(vec![("a", "i32")], "doc");
        let tail = EntryText::encode_tail(
            "r#type",
            "Result<u32, ErrorCode>",
            "out",
            &[("a", "i32")],
            "doc",
        )
        .unwrap();
        assert_eq!(
            entry.encode().unwrap(),
            format!("demo::dsp\0src/dsp.rs\042{tail}")
        );
    }

    #[test]
    fn malformed() {
        let entry = sample(vec![("a", "i32")], "doc");
        let text = entry.encode().unwrap();
        assert_eq!(
            EntryText::decode(&text, 2),
            Err(EntryError::TooFewFields {
                expected: 10,
                found: 9
            })
        );
        let bad_line = text.replacen("42", "forty-two", 1);
        assert!(matches!(
            EntryText::decode(&bad_line, 1),
            Err(EntryError::BadLine(_))
        ));
        let nul = sample(vec![("a\0b", "i32")], "doc");
        assert_eq!(
            nul.encode(),
            Err(EntryError::SeparatorInField("a\0b".into()))
        );
        assert!(EntryText::encode_tail("f", "", "", &[], "any\0doc").is_ok());
    }
}
