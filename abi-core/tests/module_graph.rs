//! The modules of abi-core form layers: no module depends, through any
//! chain, on itself, and `model` depends on no other module (see
//! ARCHITECTURE.md). A dependency is any `crate::<module>` path outside
//! unit tests.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Top-level module -> the top-level modules its code names.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut files = vec![src.clone()];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let relative = path.strip_prefix(&src).unwrap();
        let first = relative.components().next().unwrap();
        let module = first.as_os_str().to_str().unwrap().trim_end_matches(".rs");
        if module == "lib" {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap();
        // Unit tests may reach anywhere.
        let code = text.split("#[cfg(test)]\nmod ").next().unwrap();
        let deps = graph.entry(module.to_owned()).or_default();
        for name in crate_paths(code) {
            if name != module {
                deps.insert(name);
            }
        }
    }
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for deps in graph.values_mut() {
        deps.retain(|d| modules.contains(d));
    }
    graph
}

/// The first segment of every `crate::` path in `code`, comments aside;
/// `crate::{a, b::c}` names `a` and `b`.
fn crate_paths(code: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut names = Vec::new();
    for line in code.lines() {
        let line = line.trim_start();
        if line.starts_with("//") {
            continue;
        }
        for (at, _) in line.match_indices("crate::") {
            let rest = &line[at + "crate::".len()..];
            if let Some(group) = rest.strip_prefix('{') {
                let group = group.split('}').next().unwrap_or("");
                names.extend(group.split(',').map(|item| ident(item.trim())));
            } else {
                names.push(ident(rest));
            }
        }
    }
    names.retain(|n| !n.is_empty());
    names
}

/// A cycle through `start`, if there is one.
fn cycle_from(graph: &BTreeMap<String, BTreeSet<String>>, start: &str) -> Option<Vec<String>> {
    let mut stack = vec![vec![start.to_owned()]];
    let mut seen = BTreeSet::new();
    while let Some(path) = stack.pop() {
        let last = path.last().unwrap();
        for next in &graph[last] {
            if next == start {
                let mut cycle = path.clone();
                cycle.push(next.clone());
                return Some(cycle);
            }
            if seen.insert(next.clone()) {
                let mut longer = path.clone();
                longer.push(next.clone());
                stack.push(longer);
            }
        }
    }
    None
}

#[test]
fn modules_form_layers() {
    let graph = module_graph();
    assert!(graph.len() >= 10, "{graph:?}");
    for module in graph.keys() {
        if let Some(cycle) = cycle_from(&graph, module) {
            panic!("module cycle: {}", cycle.join(" -> "));
        }
    }
    assert_eq!(graph["model"], BTreeSet::new(), "model depends on nothing");
    assert!(graph["emit"].contains("registry"));
}

#[test]
fn the_scanner_sees_dependencies() {
    let code = "use crate::{dpi::SvType, model};\n// crate::ignored\nlet x = crate::reflect::f();";
    assert_eq!(crate_paths(code), ["dpi", "model", "reflect"]);
    let mut graph = BTreeMap::new();
    graph.insert("a".to_owned(), BTreeSet::from(["b".to_owned()]));
    graph.insert("b".to_owned(), BTreeSet::from(["a".to_owned()]));
    assert_eq!(
        cycle_from(&graph, "a"),
        Some(vec!["a".into(), "b".into(), "a".into()])
    );
}
