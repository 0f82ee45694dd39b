//! A clone of the repository is self-contained: no source, test, script, document or
//! `.ci/run` reads or names a path above the repository root. The rules, the reference
//! data and the user's requirements that the tests check against live in the repository
//! (`docs/rules/`, `crates/splendor/data/`); a clone into an empty folder must pass its own
//! tests with nothing beside it.

use std::path::{Path, PathBuf};

/// The repository root: this crate lives at `crates/testkit`.
fn root() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.canonicalize().expect("the repository root exists")
}

/// Directories that are build output or tool caches, not the repository's text.
fn skipped_dir(name: &str) -> bool {
    matches!(
        name,
        "target" | "node_modules" | "__pycache__" | "venv" | ".venv" | "dist" | "build"
    ) || (name.starts_with('.') && name != ".ci")
}

/// Files the check reads: everything that is source, script, configuration or prose.
fn checked_file(path: &Path) -> bool {
    const TEXT: &[&str] = &[
        "rs", "toml", "py", "pyi", "sh", "js", "mjs", "html", "css", "md", "json", "yml", "yaml", "txt", "cfg", "ini",
        "csv",
    ];
    match path.extension().and_then(|e| e.to_str()) {
        Some(ext) => TEXT.contains(&ext),
        // `.ci/run` and other extension-less scripts.
        None => true,
    }
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        let Ok(kind) = entry.file_type() else { continue };
        if kind.is_dir() {
            if !skipped_dir(&name) {
                walk(&path, out);
            }
        } else if kind.is_file() && checked_file(&path) {
            out.push(path);
        }
    }
}

/// Every relative path in `line` that climbs more directories (`../`) than `depth`, the
/// number of directories between the root and the file: it can only resolve outside.
fn escapes(line: &str, depth: usize) -> Option<String> {
    let mut i = 0;
    while let Some(at) = line[i..].find("../") {
        let start = i + at;
        let mut ups = 0;
        let mut j = start;
        while line[j..].starts_with("../") {
            ups += 1;
            j += 3;
        }
        // A chain after `/` or `.` (`/static/../../etc/passwd`, a URL under attack in the
        // server's tests) goes down before it goes up: it is not a path out of a file's folder.
        let inside_a_path = line[..start].ends_with(['/', '.']);
        if !inside_a_path && ups > depth {
            let end = line[j..]
                .find(|c: char| !(c.is_alphanumeric() || "_-./*".contains(c)))
                .map_or(line.len(), |e| j + e);
            return Some(line[start..end].to_string());
        }
        i = j;
    }
    None
}

/// Names of the folder that sits beside the repository in the workplace, and absolute paths
/// into it: whatever they point to is not in a clone.
const OUTSIDE: &[&str] = &[
    "../shared",
    "shared/rules/",
    "shared/data/",
    "shared/seeds/",
    "shared/hooks/",
    "/work/shared",
    "/work/main",
];

#[test]
fn no_file_names_a_path_outside_the_repository() {
    let root = root();
    let mut files = Vec::new();
    walk(&root, &mut files);
    assert!(
        files.len() > 100,
        "the walk found only {} files under {}",
        files.len(),
        root.display()
    );
    let this = file!().rsplit('/').next().unwrap_or_default().to_string();
    let mut found = Vec::new();
    for path in &files {
        let rel = path.strip_prefix(&root).unwrap_or(path);
        // This file names the forbidden paths in order to look for them.
        if rel.ends_with(&this) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let depth = rel.components().count() - 1;
        for (n, line) in text.lines().enumerate() {
            for needle in OUTSIDE {
                if line.contains(needle) {
                    found.push(format!("{}:{}: names `{needle}`", rel.display(), n + 1));
                }
            }
            if let Some(path) = escapes(line, depth) {
                found.push(format!(
                    "{}:{}: `{path}` climbs above the repository root",
                    rel.display(),
                    n + 1
                ));
            }
        }
    }
    assert!(found.is_empty(), "paths outside the repository:\n{}", found.join("\n"));
}

#[test]
fn a_path_is_judged_by_the_depth_of_its_file() {
    assert_eq!(escapes(r#"include_str!("../../../docs/x.md")"#, 3), None);
    assert_eq!(
        escapes(r#".join("../../../shared/data")"#, 2).as_deref(),
        Some("../../../shared/data")
    );
    assert_eq!(escapes("see [rules](../rules/catan.md)", 2), None);
    assert_eq!(escapes("GET /static/../../etc/passwd", 0), None);
    assert_eq!(escapes("cd ../../x", 1).as_deref(), Some("../../x"));
}
