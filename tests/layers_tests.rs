//! The library's top-level modules (each file or directory directly under
//! `src/`) import one another without a cycle (issue 35), so they stack in
//! the layers docs/architecture.md draws: class files at the bottom, `cover`
//! at the top. An import is a `crate::m` path in code (comments are not
//! read); `bin/`, `main.rs` and `cli/` belong to the binaries, whose
//! `crate` is another.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Per module, the modules it imports, each with the first place it does
/// (`src/search/mod.rs:102`).
type Graph = BTreeMap<String, BTreeMap<String, String>>;

/// The library's top-level modules under `src`, with their file or directory.
fn modules(src: &Path) -> BTreeMap<String, PathBuf> {
    let mut out = BTreeMap::new();
    for entry in fs::read_dir(src).expect("src/ is readable") {
        let path = entry.expect("a directory entry").path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if matches!(name.as_str(), "bin" | "cli" | "main.rs" | "lib.rs") {
            continue;
        }
        if path.is_dir() {
            out.insert(name, path);
        } else if let Some(stem) = name.strip_suffix(".rs") {
            out.insert(stem.to_string(), path);
        }
    }
    out
}

/// The `.rs` files of a module, sorted.
fn rust_files(path: &Path) -> Vec<PathBuf> {
    if path.is_file() {
        return vec![path.to_path_buf()];
    }
    let mut out = Vec::new();
    for entry in fs::read_dir(path).expect("a readable directory") {
        let p = entry.expect("a directory entry").path();
        if p.is_dir() {
            out.extend(rust_files(&p));
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
    out.sort();
    out
}

/// The modules the code of `line` names by a `crate::m` path.
fn imports(line: &str) -> Vec<&str> {
    let code = line.split("//").next().unwrap_or("");
    code.match_indices("crate::")
        .filter(|(at, _)| {
            // Not the tail of another identifier (`mycrate::`).
            code[..*at]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
        })
        .map(|(at, prefix)| {
            let rest = &code[at + prefix.len()..];
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            &rest[..end]
        })
        .collect()
}

/// The import graph of the top-level modules under `src`.
fn import_graph(src: &Path) -> Graph {
    let modules = modules(src);
    let mut graph = Graph::new();
    for (name, path) in &modules {
        let edges = graph.entry(name.clone()).or_default();
        for file in rust_files(path) {
            let text = fs::read_to_string(&file).expect("a readable source file");
            for (n, line) in text.lines().enumerate() {
                for to in imports(line) {
                    if to != name && modules.contains_key(to) {
                        edges
                            .entry(to.to_string())
                            .or_insert_with(|| format!("{}:{}", file.display(), n + 1));
                    }
                }
            }
        }
    }
    graph
}

/// A cycle of `graph`, as the modules along it (the first repeated at the
/// end), or `None` when it has none. Depth-first, in name order.
fn cycle(graph: &Graph) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        graph: &Graph,
        at: &str,
        marks: &mut BTreeMap<String, Mark>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        marks.insert(at.to_string(), Mark::Open);
        stack.push(at.to_string());
        for to in graph.get(at).into_iter().flat_map(|e| e.keys()) {
            match marks.get(to) {
                Some(Mark::Open) => {
                    let from = stack.iter().position(|m| m == to).unwrap();
                    let mut found = stack[from..].to_vec();
                    found.push(to.clone());
                    return Some(found);
                }
                Some(Mark::Done) => {}
                None => {
                    if let Some(found) = visit(graph, to, marks, stack) {
                        return Some(found);
                    }
                }
            }
        }
        stack.pop();
        marks.insert(at.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for start in graph.keys() {
        if !marks.contains_key(start) {
            if let Some(found) = visit(graph, start, &mut marks, &mut Vec::new()) {
                return Some(found);
            }
        }
    }
    None
}

/// A cycle written with the place of each import along it.
fn describe(graph: &Graph, cycle: &[String]) -> String {
    let mut out = cycle[0].clone();
    for pair in cycle.windows(2) {
        out += &format!(" -> {} ({})", pair[1], graph[&pair[0]][&pair[1]]);
    }
    out
}

#[test]
fn the_top_level_modules_import_one_another_without_a_cycle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = import_graph(&src);
    // The scan sees the imports there are.
    for (from, to) in [
        ("search", "model"),
        ("program", "analysis"),
        ("junit", "replay"),
    ] {
        assert!(
            graph[from].contains_key(to),
            "{from} imports {to}, but the scan did not see it: {graph:?}"
        );
    }
    if let Some(found) = cycle(&graph) {
        panic!(
            "a cycle among the top-level modules of src/: {}\n\
             (docs/architecture.md, 'The layers', says which way each import goes)",
            describe(&graph, &found)
        );
    }
}

#[test]
fn a_cycle_is_found_and_comments_are_not_imports() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let src = dir.path();
    fs::create_dir(src.join("b")).unwrap();
    fs::write(src.join("lib.rs"), "pub mod a; pub mod b; pub mod c;\n").unwrap();
    fs::write(src.join("a.rs"), "use crate::c::Z;\nuse crate::b::X;\n").unwrap();
    fs::write(
        src.join("b").join("inner.rs"),
        "fn f() -> u8 { crate::a::y() } // crate::c\n",
    )
    .unwrap();
    fs::write(src.join("b").join("mod.rs"), "mod inner;\n").unwrap();
    fs::write(
        src.join("c.rs"),
        "//! Not an import: crate::a.\nmycrate::a::q();\n",
    )
    .unwrap();
    let graph = import_graph(src);
    assert!(graph["c"].is_empty(), "{graph:?}");
    assert_eq!(graph["b"].keys().collect::<Vec<_>>(), ["a"]);
    let found = cycle(&graph).expect("a and b import each other");
    assert_eq!(found, ["a", "b", "a"]);
    assert_eq!(
        describe(&graph, &found),
        format!(
            "a -> b ({}:2) -> a ({}:1)",
            src.join("a.rs").display(),
            src.join("b").join("inner.rs").display()
        )
    );
    // Without b's import of a, no cycle is left.
    fs::write(src.join("b").join("inner.rs"), "fn f() {}\n").unwrap();
    assert_eq!(cycle(&import_graph(src)), None);
}
