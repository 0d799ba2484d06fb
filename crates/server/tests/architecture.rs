//! The shape of the server's source, checked like behaviour where Cargo cannot: no import loop
//! among the files of any crate of the workspace, and no file longer than one person holds in
//! mind. (That a crate uses only the crates below it is what their `Cargo.toml` files say, and
//! Cargo refuses a loop between crates.) Read from the source text (`use` declarations and paths
//! in the code), outside the files' own test modules. A module's own file (`mod.rs`) naming its
//! children is containment, not an import.
//!
//! `cargo test -p backbeat --test architecture` (part of `make test`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The most lines of logic (not blank, not comments, not the file's tests) a file may hold.
const MAX_LOGIC_LINES: usize = 400;

/// A source file and the module path it defines (`["auth", "service"]` for
/// `auth/service/mod.rs`).
struct SourceFile {
    path: PathBuf,
    module: Vec<String>,
    /// The code without comments, string contents or the test module.
    code: String,
}

/// The source folder of every crate of the workspace (`crates/*/src`).
fn crate_roots() -> Vec<PathBuf> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut roots: Vec<PathBuf> = std::fs::read_dir(&crates)
        .unwrap()
        .map(|entry| entry.unwrap().path().join("src"))
        .filter(|src| src.is_dir())
        .collect();
    roots.sort();
    assert!(roots.len() > 5, "the crates are found");
    roots
}

/// A file's path from the `crates` folder (`catalog/src/plays/service.rs`).
fn shown(path: &Path) -> String {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    path.strip_prefix(&crates).unwrap().display().to_string()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file of the library (`None` for the binary's `main.rs`).
fn module_of(root: &Path, path: &Path) -> Option<Vec<String>> {
    let relative = path.strip_prefix(root).unwrap();
    let mut parts: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    let file = parts.pop().unwrap();
    match file.as_str() {
        "main.rs" if parts.is_empty() => None,
        "lib.rs" if parts.is_empty() => Some(parts),
        "mod.rs" => Some(parts),
        _ => {
            parts.push(file.trim_end_matches(".rs").to_owned());
            Some(parts)
        }
    }
}

/// The code with comments and string contents blanked and the file's test module cut off.
fn code_of(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if text[i..].starts_with("//") {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
        } else if text[i..].starts_with("/*") {
            let end = text[i + 2..]
                .find("*/")
                .map_or(bytes.len(), |e| i + 2 + e + 2);
            i = end;
        } else if bytes[i] == b'"' {
            out.push('"');
            i += 1;
            while i < bytes.len() && bytes[i] != b'"' {
                if bytes[i] == b'\\' {
                    i += 1;
                }
                if i < bytes.len() && bytes[i] == b'\n' {
                    out.push('\n');
                }
                i += 1;
            }
            out.push('"');
            i += 1;
        } else {
            let ch = text[i..].chars().next().unwrap();
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    match out.find("#[cfg(test)]\nmod tests") {
        Some(start) => out[..start].to_owned(),
        None => out,
    }
}

/// Expands `a::{b, c::{d, self}}` into whole paths.
fn expand_use(tree: &str) -> Vec<String> {
    // Renames (`x as y`) name `x`.
    let mut tokens = Vec::new();
    let spaced = tree
        .replace(',', " , ")
        .replace('{', " { ")
        .replace('}', " } ");
    let mut parts = spaced.split_whitespace().peekable();
    while let Some(part) = parts.next() {
        if part == "as" {
            parts.next();
        } else {
            tokens.push(part);
        }
    }
    let tree: String = tokens.concat();
    let Some(open) = tree.find('{') else {
        return vec![tree];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap()];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, ch) in inner.char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|part| !part.is_empty())
        .flat_map(|part| {
            if part == "self" {
                vec![prefix.trim_end_matches("::").to_owned()]
            } else {
                expand_use(&format!("{prefix}{part}"))
            }
        })
        .collect()
}

/// Every path the code names that starts at `crate`, `super` or `self`, as written.
fn named_paths(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before = rest[..at].chars().last();
        rest = &rest[at + 4..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let end = rest.find(';').unwrap_or(rest.len());
        paths.extend(expand_use(&rest[..end]));
    }
    // Paths in the code itself, whatever their first segment (`crate::`, `super::`, or a module
    // in scope such as `store::find`); `resolve` keeps those that name a module of ours.
    let mut from = 0;
    while let Some(at) = code[from..].find("::") {
        let at = from + at;
        let start = code[..at]
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .map_or(0, |i| i + 1);
        let end = at
            + code[at..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(code.len() - at);
        let path = code[start..end].trim_matches(':');
        if !path.is_empty() {
            paths.push(path.to_owned());
        }
        from = end.max(at + 2);
    }
    paths
}

/// The file a path names: the deepest module on it that exists. Paths start at `crate`,
/// `self`, `super`, or (uniform paths) a module of the current one.
fn resolve(from: &[String], path: &str, modules: &BTreeMap<Vec<String>, usize>) -> Option<usize> {
    let mut segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let mut base: Vec<String> = match segments.first() {
        Some(&"crate") => {
            segments.remove(0);
            Vec::new()
        }
        Some(&"self") => {
            segments.remove(0);
            from.to_vec()
        }
        Some(&"super") => from.to_vec(),
        Some(first) => {
            let mut child = from.to_vec();
            child.push((*first).to_owned());
            if !modules.contains_key(&child) {
                return None;
            }
            from.to_vec()
        }
        None => return None,
    };
    while segments.first() == Some(&"super") {
        base.pop();
        segments.remove(0);
    }
    let mut best = modules.get(&base).copied();
    for segment in segments {
        base.push(segment.to_owned());
        match modules.get(&base) {
            Some(index) => best = Some(*index),
            None => break,
        }
    }
    best
}

/// The files of one crate's library.
fn load(root: &Path) -> Vec<SourceFile> {
    let mut paths = Vec::new();
    rust_files(root, &mut paths);
    paths.sort();
    paths
        .into_iter()
        .filter_map(|path| {
            let module = module_of(root, &path)?;
            let code = code_of(&std::fs::read_to_string(&path).unwrap());
            Some(SourceFile { path, module, code })
        })
        .collect()
}

/// Strongly connected groups of more than one file (Tarjan).
fn loops(edges: &[BTreeSet<usize>]) -> Vec<Vec<usize>> {
    struct Walk<'a> {
        edges: &'a [BTreeSet<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        found: Vec<Vec<usize>>,
    }
    fn visit(walk: &mut Walk<'_>, node: usize) {
        walk.index[node] = Some(walk.next);
        walk.low[node] = walk.next;
        walk.next += 1;
        walk.stack.push(node);
        walk.on_stack[node] = true;
        for &next in walk.edges[node].clone().iter() {
            match walk.index[next] {
                None => {
                    visit(walk, next);
                    walk.low[node] = walk.low[node].min(walk.low[next]);
                }
                Some(index) if walk.on_stack[next] => {
                    walk.low[node] = walk.low[node].min(index);
                }
                Some(_) => {}
            }
        }
        if Some(walk.low[node]) == walk.index[node] {
            let mut group = Vec::new();
            while let Some(member) = walk.stack.pop() {
                walk.on_stack[member] = false;
                group.push(member);
                if member == node {
                    break;
                }
            }
            if group.len() > 1 {
                walk.found.push(group);
            }
        }
    }
    let n = edges.len();
    let mut walk = Walk {
        edges,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        next: 0,
        found: Vec::new(),
    };
    for node in 0..n {
        if walk.index[node].is_none() {
            visit(&mut walk, node);
        }
    }
    walk.found
}

/// The files each file imports (by index into `files`).
fn imports(files: &[SourceFile]) -> Vec<BTreeSet<usize>> {
    let modules: BTreeMap<Vec<String>, usize> = files
        .iter()
        .enumerate()
        .map(|(i, file)| (file.module.clone(), i))
        .collect();
    files
        .iter()
        .map(|file| {
            named_paths(&file.code)
                .iter()
                .filter_map(|path| resolve(&file.module, path, &modules))
                // A module's own file declaring and re-exporting its children is containment,
                // not a dependency; children using their parent's items is one.
                .filter(|&target| !files[target].module.starts_with(&file.module))
                .collect()
        })
        .collect()
}

#[test]
fn no_import_loop_among_the_files_of_any_crate() {
    let mut described = Vec::new();
    for root in crate_roots() {
        let files = load(&root);
        for group in loops(&imports(&files)) {
            let mut names: Vec<String> = group.iter().map(|&i| shown(&files[i].path)).collect();
            names.sort();
            described.push(names.join(" <-> "));
        }
    }
    assert!(
        described.is_empty(),
        "import loops:\n{}",
        described.join("\n")
    );
}

#[test]
fn no_file_holds_more_than_400_lines_of_logic() {
    let mut too_long = Vec::new();
    let mut paths = Vec::new();
    for root in crate_roots() {
        rust_files(&root, &mut paths);
    }
    // A file of unit tests (`#[cfg(test)] mod tests;`) is tests, not logic.
    for path in paths.into_iter().filter(|p| !p.ends_with("tests.rs")) {
        let code = code_of(&std::fs::read_to_string(&path).unwrap());
        let logic = code
            .lines()
            .filter(|line| {
                let line = line.trim();
                !line.is_empty() && !line.starts_with("#[")
            })
            .count();
        if logic > MAX_LOGIC_LINES {
            too_long.push(format!("{}: {logic}", shown(&path)));
        }
    }
    assert!(
        too_long.is_empty(),
        "files over {MAX_LOGIC_LINES} lines of logic:\n{}",
        too_long.join("\n")
    );
}

#[test]
fn the_reader_sees_imports_and_their_files() {
    assert_eq!(
        expand_use("crate::auth::{self, AuthService, service::{Keys, x as y}}"),
        [
            "crate::auth",
            "crate::auth::AuthService",
            "crate::auth::service::Keys",
            "crate::auth::service::x"
        ]
    );
    let code = code_of(
        "use super::store; // use crate::nope;\nfn f() { crate::db::Db::x(); let s = \"crate::no\"; }\n#[cfg(test)]\nmod tests { use crate::app; }",
    );
    assert_eq!(
        named_paths(&code),
        ["super::store", "super::store", "crate::db::Db::x"]
    );
}
