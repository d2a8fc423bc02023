//! The public API of the library crates, compared with the committed
//! snapshot `api/<crate>.txt`, so that every change to it is deliberate.
//!
//! rustdoc writes each crate's documentation as JSON (`cargo +nightly
//! rustdoc -- -Zunstable-options --output-format json`, all features, as
//! docs.rs builds it; `#[doc(hidden)]` items are left out by rustdoc); this
//! module reduces it to one line per public path, sorted: the item's kind
//! and its path, then its members (enum variants, public fields, inherent
//! methods and constants, trait items) under the item's path. A
//! `#[non_exhaustive]` type says so. Re-exports of another library crate of
//! the workspace are resolved through that crate's listing (so
//! `abi_core::model::function::FunctionDesc` is listed with its members);
//! a re-export of any other crate is one `reexport` line.
//!
//! Besides the snapshot, the step checks the rule of ARCHITECTURE.md
//! ("Public paths"): no item is public at two paths of the same crate.
//!
//! `BLESS=1 cargo xtask public-api` writes the snapshots.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// The library crates, in dependency order (a crate's re-exports of an
/// earlier one are resolved through its listing): package, crate name.
const CRATES: [(&str, &str); 5] = [
    ("abi-model", "abi_model"),
    ("abi-macros", "abi_macros"),
    ("abi-mlir-build", "abi_mlir_build"),
    ("abi-core", "abi_core"),
    ("abi-mlir-runtime", "abi_mlir_runtime"),
];

/// One public path.
#[derive(Debug, Clone)]
struct Entry {
    /// `abi_core::emit::CHeader`.
    path: String,
    /// `struct`, `fn`, `variant`, ... (with ` #[non_exhaustive]`).
    kind: String,
    /// Which item it is, whatever the path: the crate that defines it and
    /// its id there (re-exports of the same item share it). `None` for the
    /// members of a type (a type's members follow its path).
    origin: Option<String>,
}

/// What rustdoc's JSON says about one crate.
struct Crate<'a> {
    name: &'a str,
    json: &'a Value,
    /// The listings of the crates before it, by crate name.
    earlier: &'a BTreeMap<String, Vec<Entry>>,
}

impl Crate<'_> {
    fn item(&self, id: &Value) -> Option<&Value> {
        let key = match id {
            Value::Number(n) => n.to_string(),
            Value::String(s) => s.clone(),
            _ => return None,
        };
        self.json["index"].get(&key)
    }

    /// The public entries of the module `module` at `prefix`.
    fn module(&self, module: &Value, prefix: &str, out: &mut Vec<Entry>, depth: usize) {
        if depth > 32 {
            return;
        }
        let Some(items) = module["inner"]["module"]["items"].as_array() else {
            return;
        };
        for id in items {
            let Some(item) = self.item(id) else { continue };
            if item["visibility"] != "public" {
                continue;
            }
            if let Some(reexport) = item["inner"].get("use") {
                self.reexport(reexport, prefix, out, depth);
                continue;
            }
            let Some(name) = item["name"].as_str() else {
                continue;
            };
            self.item_at(item, id, &format!("{prefix}::{name}"), out, depth);
        }
    }

    /// `pub use`: the item it names (one of this crate, of an earlier
    /// library crate, or of another crate), or a glob.
    fn reexport(&self, reexport: &Value, prefix: &str, out: &mut Vec<Entry>, depth: usize) {
        let target = &reexport["id"];
        let name = reexport["name"].as_str().unwrap_or("?");
        let source = reexport["source"].as_str().unwrap_or("?");
        if let Some(item) = self.item(target) {
            if reexport["is_glob"] == true {
                self.module(item, prefix, out, depth + 1);
            } else {
                self.item_at(item, target, &format!("{prefix}::{name}"), out, depth);
            }
            return;
        }
        // An item of another crate: where that crate lists it.
        let key = target.to_string();
        let summary = &self.json["paths"][key.as_str()];
        let crate_id = summary["crate_id"].to_string();
        let crate_name = self.json["external_crates"][crate_id.as_str()]["name"]
            .as_str()
            .unwrap_or("?");
        let original: Vec<&str> = summary["path"]
            .as_array()
            .map(|p| p.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let original = original.join("::");
        let at = if reexport["is_glob"] == true {
            prefix.to_owned()
        } else {
            format!("{prefix}::{name}")
        };
        match self.earlier.get(crate_name) {
            Some(listing) => {
                let mut found = false;
                for entry in listing {
                    let rest = if entry.path == original {
                        Some("")
                    } else {
                        entry
                            .path
                            .strip_prefix(&original)
                            .filter(|rest| rest.starts_with("::"))
                    };
                    if let Some(rest) = rest {
                        // A glob lists the module's items, not the module.
                        if reexport["is_glob"] == true && rest.is_empty() {
                            continue;
                        }
                        found = true;
                        out.push(Entry {
                            path: format!("{at}{rest}"),
                            kind: entry.kind.clone(),
                            origin: entry.origin.clone(),
                        });
                    }
                }
                if !found {
                    out.push(Entry {
                        path: at,
                        kind: format!("reexport (not public in {crate_name}) {source}"),
                        origin: Some(format!("{crate_name}::{original}")),
                    });
                }
            }
            None => out.push(Entry {
                path: at,
                kind: format!("reexport {source}"),
                origin: Some(format!("{crate_name}::{original}")),
            }),
        }
    }

    /// An item of this crate at `path`, its members, and (a module) its
    /// items.
    fn item_at(&self, item: &Value, id: &Value, path: &str, out: &mut Vec<Entry>, depth: usize) {
        let Some((kind, inner)) = item["inner"].as_object().and_then(|o| o.iter().next()) else {
            return;
        };
        let non_exhaustive = item["attrs"]
            .as_array()
            .is_some_and(|attrs| attrs.iter().any(|a| a == "non_exhaustive"));
        let mut kind = match kind.as_str() {
            "function" => "fn".to_owned(),
            "constant" => "const".to_owned(),
            "type_alias" => "type".to_owned(),
            "macro" => "macro".to_owned(),
            "proc_macro" => match inner["kind"].as_str() {
                Some("derive") => "derive".to_owned(),
                Some("attr") => "attribute".to_owned(),
                _ => "proc_macro".to_owned(),
            },
            other => other.to_owned(),
        };
        if non_exhaustive {
            kind.push_str(" #[non_exhaustive]");
        }
        out.push(Entry {
            path: path.to_owned(),
            kind,
            origin: Some(format!("{}#{id}", self.name)),
        });
        match item["inner"]
            .as_object()
            .and_then(|o| o.keys().next())
            .map(String::as_str)
        {
            Some("module") => self.module(item, path, out, depth + 1),
            Some("struct") => {
                let kind = &inner["kind"];
                if let Some(fields) = kind["plain"]["fields"].as_array() {
                    self.members(fields, path, out);
                }
                if let Some(fields) = kind["tuple"].as_array() {
                    for (i, field) in fields.iter().enumerate() {
                        if !field.is_null() {
                            out.push(member(format!("{path}::{i}"), "field"));
                        }
                    }
                }
                self.inherent(inner, path, out);
            }
            Some("union") => {
                if let Some(fields) = inner["fields"].as_array() {
                    self.members(fields, path, out);
                }
                self.inherent(inner, path, out);
            }
            Some("enum") => {
                if let Some(variants) = inner["variants"].as_array() {
                    self.members(variants, path, out);
                }
                self.inherent(inner, path, out);
            }
            Some("trait") => {
                if let Some(items) = inner["items"].as_array() {
                    self.members(items, path, out);
                }
            }
            _ => {}
        }
    }

    /// Fields, variants and trait items: one line each.
    fn members(&self, ids: &[Value], path: &str, out: &mut Vec<Entry>) {
        for id in ids {
            let Some(item) = self.item(id) else { continue };
            let Some(name) = item["name"].as_str() else {
                continue;
            };
            let kind = match item["inner"].as_object().and_then(|o| o.keys().next()) {
                Some(k) if k == "struct_field" => "field",
                Some(k) if k == "function" => "fn",
                Some(k) if k == "assoc_const" => "const",
                Some(k) if k == "assoc_type" => "type",
                Some(k) => k.as_str(),
                None => "?",
            };
            let non_exhaustive = item["attrs"]
                .as_array()
                .is_some_and(|attrs| attrs.iter().any(|a| a == "non_exhaustive"));
            let kind = if non_exhaustive {
                format!("{kind} #[non_exhaustive]")
            } else {
                kind.to_owned()
            };
            out.push(member(format!("{path}::{name}"), &kind));
        }
    }

    /// The public items of a type's inherent `impl` blocks.
    fn inherent(&self, inner: &Value, path: &str, out: &mut Vec<Entry>) {
        let Some(impls) = inner["impls"].as_array() else {
            return;
        };
        for id in impls {
            let Some(block) = self.item(id) else { continue };
            let block = &block["inner"]["impl"];
            if !block["trait"].is_null() || block["is_synthetic"] == true {
                continue;
            }
            let Some(items) = block["items"].as_array() else {
                continue;
            };
            let public: Vec<Value> = items
                .iter()
                .filter(|id| {
                    self.item(id)
                        .is_some_and(|item| item["visibility"] == "public")
                })
                .cloned()
                .collect();
            self.members(&public, path, out);
        }
    }
}

fn member(path: String, kind: &str) -> Entry {
    Entry {
        path,
        kind: kind.to_owned(),
        origin: None,
    }
}

/// The listing of one crate from its rustdoc JSON.
fn listing(name: &str, json: &Value, earlier: &BTreeMap<String, Vec<Entry>>) -> Vec<Entry> {
    let krate = Crate {
        name,
        json,
        earlier,
    };
    let mut out = Vec::new();
    if let Some(root) = krate.item(&json["root"]) {
        krate.module(root, name, &mut out, 0);
    }
    out.sort_by(|a, b| a.path.cmp(&b.path).then(a.kind.cmp(&b.kind)));
    out.dedup_by(|a, b| a.path == b.path && a.kind == b.kind);
    out
}

/// Public items (distinct, not counting members), the paths they are
/// public at, and the items public at more than one path.
struct Counts {
    items: usize,
    paths: usize,
    duplicated: Vec<(String, Vec<String>)>,
}

fn counts(listing: &[Entry]) -> Counts {
    let mut by_origin: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    let mut paths = 0;
    for entry in listing {
        if let Some(origin) = &entry.origin {
            paths += 1;
            by_origin
                .entry(origin)
                .or_default()
                .push(entry.path.clone());
        }
    }
    let duplicated = by_origin
        .iter()
        .filter(|(_, paths)| paths.len() > 1)
        .map(|(origin, paths)| ((*origin).to_owned(), paths.clone()))
        .collect();
    Counts {
        items: by_origin.len(),
        paths,
        duplicated,
    }
}

fn render(name: &str, listing: &[Entry]) -> String {
    let mut text = format!(
        "# The public API of {name}, one line per path (`cargo xtask public-api`;\n# `BLESS=1 cargo xtask public-api` after a deliberate change).\n"
    );
    for entry in listing {
        // The kind, the path, then what is said of it (`#[non_exhaustive]`).
        let (kind, attribute) = entry
            .kind
            .split_once(' ')
            .filter(|(_, rest)| rest.starts_with("#["))
            .unwrap_or((&entry.kind, ""));
        let line = format!("{kind} {} {attribute}", entry.path);
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

/// rustdoc's JSON of one package, all features.
fn rustdoc_json(package: &str, name: &str) -> Result<Value, String> {
    let status = Command::new("rustup")
        .args([
            "run",
            "nightly",
            "cargo",
            "rustdoc",
            "--quiet",
            "--package",
            package,
            "--lib",
            "--all-features",
            "--",
            "-Zunstable-options",
            "--output-format",
            "json",
        ])
        // The variables `cargo run` set for xtask name the stable
        // toolchain's tools.
        .env_remove("RUSTC")
        .env_remove("RUSTDOC")
        .env_remove("RUSTUP_TOOLCHAIN")
        .status()
        .map_err(|e| format!("cannot run rustup: {e}"))?;
    if !status.success() {
        return Err(format!(
            "`cargo +nightly rustdoc --package {package} -- --output-format json` failed ({status}); the public-API check needs a nightly toolchain (`rustup toolchain install nightly`)"
        ));
    }
    let file = crate::publish::target_dir()?
        .join("doc")
        .join(format!("{name}.json"));
    let text = std::fs::read_to_string(&file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", file.display()))
}

/// Compare each library crate's public API with `api/<crate>.txt` (write
/// it under `BLESS=1`), and refuse an item public at two paths.
pub(crate) fn check() -> Result<(), String> {
    let bless = std::env::var_os("BLESS").is_some_and(|v| v != "0" && !v.is_empty());
    let mut earlier = BTreeMap::new();
    let mut problems = Vec::new();
    for (package, name) in CRATES {
        let json = rustdoc_json(package, name)?;
        let listing = listing(name, &json, &earlier);
        let counts = counts(&listing);
        eprintln!(
            "{package}: {} public items at {} paths ({} items at more than one path), {} lines with members",
            counts.items,
            counts.paths,
            counts.duplicated.len(),
            listing.len()
        );
        for (_, paths) in &counts.duplicated {
            problems.push(format!(
                "{package}: one item is public at {} paths: {}",
                paths.len(),
                paths.join(", ")
            ));
        }
        let text = render(name, &listing);
        let file = Path::new("api").join(format!("{package}.txt"));
        if bless {
            std::fs::create_dir_all("api").map_err(|e| e.to_string())?;
            std::fs::write(&file, &text).map_err(|e| format!("{}: {e}", file.display()))?;
        } else {
            let committed = std::fs::read_to_string(&file).unwrap_or_default();
            if committed != text {
                problems.push(format!(
                    "{package}: the public API differs from {} (review, then `BLESS=1 cargo xtask public-api`):\n{}",
                    file.display(),
                    difference(&committed, &text)
                ));
            }
        }
        earlier.insert(name.to_owned(), listing);
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// The lines only one side has, `-` committed and `+` now.
fn difference(committed: &str, now: &str) -> String {
    let old: BTreeSet<&str> = committed.lines().collect();
    let new: BTreeSet<&str> = now.lines().collect();
    let mut lines: Vec<String> = old
        .difference(&new)
        .map(|l| format!("- {l}"))
        .chain(new.difference(&old).map(|l| format!("+ {l}")))
        .collect();
    lines.sort_by(|a, b| a[2..].cmp(&b[2..]));
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A crate `k` with `pub mod m { pub struct S { pub x: u8 } impl S { pub fn f() {} } }`
    /// and `pub use m::S;` at its root, as rustdoc's JSON has it.
    fn crate_with_a_duplicate() -> Value {
        serde_json::json!({
            "root": 0,
            "paths": {},
            "external_crates": {},
            "index": {
                "0": {"name": "k", "visibility": "public", "attrs": [],
                      "inner": {"module": {"items": [1, 2]}}},
                "1": {"name": "m", "visibility": "public", "attrs": [],
                      "inner": {"module": {"items": [3]}}},
                "2": {"name": null, "visibility": "public", "attrs": [],
                      "inner": {"use": {"source": "m::S", "name": "S", "id": 3, "is_glob": false}}},
                "3": {"name": "S", "visibility": "public", "attrs": ["non_exhaustive"],
                      "inner": {"struct": {"kind": {"plain": {"fields": [4]}}, "impls": [5]}}},
                "4": {"name": "x", "visibility": "public", "attrs": [],
                      "inner": {"struct_field": {"primitive": "u8"}}},
                "5": {"name": null, "visibility": "default", "attrs": [],
                      "inner": {"impl": {"trait": null, "is_synthetic": false, "items": [6]}}},
                "6": {"name": "f", "visibility": "public", "attrs": [],
                      "inner": {"function": {}}}
            }
        })
    }

    #[test]
    fn lists_paths_members_and_duplicates() {
        let json = crate_with_a_duplicate();
        let listing = listing("k", &json, &BTreeMap::new());
        assert_eq!(
            render("k", &listing).lines().skip(2).collect::<Vec<_>>(),
            [
                "struct k::S #[non_exhaustive]",
                "fn k::S::f",
                "field k::S::x",
                "module k::m",
                "struct k::m::S #[non_exhaustive]",
                "fn k::m::S::f",
                "field k::m::S::x",
            ]
        );
        let counts = counts(&listing);
        assert_eq!((counts.items, counts.paths), (2, 3));
        assert_eq!(counts.duplicated.len(), 1);
        assert_eq!(counts.duplicated[0].1, ["k::S", "k::m::S"]);
    }
}
