//! The supported-type lists of the compiler notes and of the book come from
//! one source, `abi_model::supported`: each trait's first
//! `#[diagnostic::on_unimplemented]` note must be the list's note (rewritten
//! with `BLESS=1`), and the chapter's type table (or bulleted list) must
//! name every type of the list. (In abi-macros, whose workspace-only tests may read the
//! repository: abi-core's tests run from its published package too.)

use std::path::{Path, PathBuf};

use abi_model::supported::{ALL, SupportedList};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The byte range of the first `note = "..."` text of the
/// `on_unimplemented` attribute just before `trait <name>`.
fn note_range(source: &str, trait_name: &str) -> std::ops::Range<usize> {
    let declaration = [
        format!("pub unsafe trait {trait_name}:"),
        format!("pub unsafe trait {trait_name} "),
        format!("pub trait {trait_name}:"),
        format!("pub trait {trait_name} "),
    ]
    .iter()
    .find_map(|d| source.find(d.as_str()))
    .unwrap_or_else(|| panic!("no `trait {trait_name}` declared"));
    let attribute = source[..declaration]
        .rfind("#[diagnostic::on_unimplemented(")
        .unwrap_or_else(|| panic!("`{trait_name}` has no `on_unimplemented` note"));
    let start = attribute
        + source[attribute..declaration]
            .find("note = \"")
            .unwrap_or_else(|| panic!("`{trait_name}`'s attribute has no note"))
        + "note = \"".len();
    let end = start + source[start..].find('"').expect("the note ends");
    start..end
}

fn source_path(list: &SupportedList) -> PathBuf {
    root().join("abi-core").join(list.source)
}

#[test]
fn the_compiler_notes_are_the_lists() {
    let bless = std::env::var_os("BLESS").is_some_and(|v| v == "1");
    let mut stale = Vec::new();
    for list in ALL {
        let path = source_path(list);
        let mut source = std::fs::read_to_string(&path).unwrap();
        let range = note_range(&source, list.trait_name);
        let expected = list.note();
        if source[range.clone()] != expected {
            if bless {
                source.replace_range(range, &expected);
                std::fs::write(&path, source).unwrap();
            } else {
                stale.push(format!(
                    "{}: the note of `{}` is\n  {}\nbut the list says\n  {}",
                    path.display(),
                    list.trait_name,
                    &source[range],
                    expected
                ));
            }
        }
    }
    assert!(
        stale.is_empty(),
        "{}\n(rerun with BLESS=1 to rewrite the notes from `abi_model::supported`)",
        stale.join("\n")
    );
}

#[test]
fn the_book_tables_name_every_listed_type() {
    let mut missing = Vec::new();
    for list in ALL {
        let chapter = std::fs::read_to_string(root().join(list.chapter)).unwrap();
        // Table rows, and bullet items (a `- ` line and its indented
        // continuation lines).
        let mut rows: Vec<String> = Vec::new();
        for line in chapter.lines() {
            if line.starts_with('|') || line.starts_with("- ") {
                rows.push(line.to_owned());
            } else if line.starts_with("  ") && rows.last().is_some_and(|row| row.starts_with("- "))
            {
                let last = rows.last_mut().expect("a bullet item");
                last.push(' ');
                last.push_str(line.trim());
            } else if !line.starts_with('|') {
                rows.push(String::new());
            }
        }
        for spelling in list.book_spellings() {
            if !rows.iter().any(|row| row.contains(spelling)) {
                missing.push(format!(
                    "{}: no table row names `{spelling}` ({})",
                    list.chapter, list.trait_name
                ));
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn every_trait_is_listed_once() {
    let mut names: Vec<&str> = ALL.iter().map(|l| l.trait_name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), ALL.len());
}
