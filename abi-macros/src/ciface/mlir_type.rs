//! `#[mlir("memref<...>")]`: the MLIR type of a memref parameter, parsed at
//! compile time so a typo is an error at the string, not a runtime surprise.

/// A parsed memref type.
#[derive(Debug, PartialEq)]
pub(crate) struct MlirMemRef {
    pub(crate) element: String,
    /// `None` for `memref<*xT>`; `None` entries are `?`.
    pub(crate) shape: Option<Vec<Option<i64>>>,
    pub(crate) layout: Layout,
}

#[derive(Debug, PartialEq)]
pub(crate) enum Layout {
    Identity,
    Strided {
        strides: Vec<Option<i64>>,
        offset: Option<i64>,
    },
}

impl MlirMemRef {
    pub(crate) fn rank(&self) -> Option<usize> {
        self.shape.as_ref().map(Vec::len)
    }

    pub(crate) fn parse(text: &str) -> Result<MlirMemRef, String> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let inner = compact
            .strip_prefix("memref<")
            .and_then(|s| s.strip_suffix('>'))
            .ok_or("expected `memref<...>`, e.g. `memref<?x4xf32>`")?;
        let parts = split_top_level(inner);
        if parts.len() > 2 {
            return Err("memory spaces are not supported: the C interface sees only the default address space".into());
        }
        let (shape, element) = parse_shape(parts[0])?;
        let layout = match parts.get(1) {
            None => Layout::Identity,
            Some(layout) => parse_layout(layout, shape.as_ref().map(Vec::len))?,
        };
        if shape.is_none() && layout != Layout::Identity {
            return Err("an unranked memref has no layout".into());
        }
        Ok(MlirMemRef {
            element,
            shape,
            layout,
        })
    }
}

fn split_top_level(s: &str) -> Vec<&str> {
    let (mut depth, mut start, mut parts) = (0i32, 0, Vec::new());
    for (i, c) in s.char_indices() {
        match c {
            '<' | '[' | '(' => depth += 1,
            '>' | ']' | ')' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&s[start..]);
    parts
}

/// Dimensions (`None` when unranked; `None` entries are `?`).
type Shape = Option<Vec<Option<i64>>>;

fn parse_shape(s: &str) -> Result<(Shape, String), String> {
    let (shape, element) = if let Some(element) = s.strip_prefix("*x") {
        (None, element)
    } else {
        let mut dims = Vec::new();
        let mut rest = s;
        loop {
            let end = rest
                .find(|c: char| c != '?' && !c.is_ascii_digit())
                .unwrap_or(rest.len());
            if end == 0 || !rest[end..].starts_with('x') {
                break;
            }
            let dim = &rest[..end];
            dims.push(if dim == "?" {
                None
            } else {
                Some(
                    dim.parse::<i64>()
                        .map_err(|_| format!("`{dim}` is not a dimension"))?,
                )
            });
            rest = &rest[end + 1..];
        }
        (Some(dims), rest)
    };
    abi_model::mlir::check_element_type(element)?;
    Ok((shape, element.to_owned()))
}

fn parse_number(s: &str) -> Result<Option<i64>, String> {
    if s == "?" {
        Ok(None)
    } else {
        s.parse::<i64>()
            .map(Some)
            .map_err(|_| format!("`{s}` is not a stride or offset (a number or `?`)"))
    }
}

fn parse_layout(s: &str, rank: Option<usize>) -> Result<Layout, String> {
    let body = s
        .strip_prefix("strided<")
        .and_then(|b| b.strip_suffix('>'))
        .ok_or_else(|| {
            format!("the layout `{s}` is not supported: write `strided<[...], offset: ...>`")
        })?;
    let parts = split_top_level(body);
    let strides = parts[0]
        .strip_prefix('[')
        .and_then(|b| b.strip_suffix(']'))
        .ok_or("strides are a list: `strided<[?, 1], offset: ?>`")?;
    let strides = if strides.is_empty() {
        Vec::new()
    } else {
        strides
            .split(',')
            .map(parse_number)
            .collect::<Result<Vec<_>, _>>()?
    };
    if let Some(rank) = rank
        && strides.len() != rank
    {
        return Err(format!("{} strides for rank {rank}", strides.len()));
    }
    let offset = match parts.get(1) {
        None => Some(0),
        Some(p) => parse_number(
            p.strip_prefix("offset:")
                .ok_or("write the offset as `offset: N` or `offset: ?`")?,
        )?,
    };
    if parts.len() > 2 {
        return Err("`strided<>` takes strides and an offset".into());
    }
    Ok(Layout::Strided { strides, offset })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_memref_types() {
        let m = MlirMemRef::parse("memref<?x4xf32>").unwrap();
        assert_eq!(m.shape, Some(vec![None, Some(4)]));
        assert_eq!(m.element, "f32");
        assert_eq!(m.layout, Layout::Identity);
        let m = MlirMemRef::parse("memref<?xindex, strided<[?], offset: ?>>").unwrap();
        assert_eq!(m.element, "index");
        assert_eq!(
            m.layout,
            Layout::Strided {
                strides: vec![None],
                offset: None
            }
        );
        let m = MlirMemRef::parse("memref<2x3xf64, strided<[1, 2]>>").unwrap();
        assert_eq!(
            m.layout,
            Layout::Strided {
                strides: vec![Some(1), Some(2)],
                offset: Some(0)
            }
        );
        assert_eq!(
            MlirMemRef::parse("memref<f32>").unwrap().shape,
            Some(vec![])
        );
        assert_eq!(MlirMemRef::parse("memref<*xi8>").unwrap().shape, None);
        let m = MlirMemRef::parse("memref<?x2xcomplex<f32>, strided<[?, 1], offset: ?>>").unwrap();
        assert_eq!(m.element, "complex<f32>");
        assert_eq!(m.shape, Some(vec![None, Some(2)]));
        assert_eq!(
            MlirMemRef::parse("memref<*xcomplex<f64>>").unwrap().element,
            "complex<f64>"
        );
        assert!(MlirMemRef::parse("memref<?xcomplex<i32>>").is_err());
        let m = MlirMemRef::parse("memref<?x?xvector<4x4xf32>>").unwrap();
        assert_eq!(m.element, "vector<4x4xf32>");
        assert_eq!(m.shape, Some(vec![None, None]));
        assert_eq!(
            MlirMemRef::parse("memref<*xvector<3xi8>>").unwrap().element,
            "vector<3xi8>"
        );
        for refused in [
            "memref<?xvector<4xf16>>",
            "memref<?xvector<[4]xf32>>",
            "memref<?xvector<2x2x2xf32>>",
            "memref<?xvector<65xf32>>",
            "memref<?xvector<4xi1>>",
        ] {
            assert!(
                MlirMemRef::parse(refused)
                    .unwrap_err()
                    .contains("vector<NxT>"),
                "{refused}"
            );
        }
        assert!(MlirMemRef::parse("memref<?xf32, 1>").is_err());
        assert!(MlirMemRef::parse("memref<?xf32, strided<[1, 1]>>").is_err());
        assert!(MlirMemRef::parse("tensor<?xf32>").is_err());
    }
}
