//! No front end keeps its own table of a game's names, colours or costs:
//! the browser UI (web/), the Python package (python/) and the MCP server
//! (crates/mcp) read them from the game's description
//! (crates/engine/src/describe.rs, served at `/api/games/{id}/description`
//! and `/api/tables/{id}/description`). A copy would be waiting to disagree.
//!
//! The test collects, from every registered game's description under every
//! rule set, the ids, German names and colours of its vocabulary, and greps
//! the front ends' sources (comments left out) for lines that pair them as a
//! table does:
//!
//! - a colour table: an id and that term's own colour on one line
//!   (`brick: '#c66a3d'`, `"hills" => "#c66a3d"`);
//! - a name table: an id and that term's German name as a string literal on
//!   one line (`brick: 'Lehm'`, `"wood" => "Holz"`);
//! - a cost table: two counts of named things in one line, as keys
//!   (`{ brick: 1, lumber: 1 }`, `"brick" => 1`) or as words in a literal
//!   (`"1 Lehm, 1 Holz"`, `'1 pineapple, 1 sabre'`).
//!
//! A file still being moved to the description by another branch may be
//! listed in [`PENDING`]; an entry that no longer has any such line fails,
//! so the list only shrinks.

use engine::Description;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Files whose tables another branch moves to the description, with why.
const PENDING: &[(&str, &str)] = &[];

/// Kinds of terms whose names and colours a front end would tabulate.
const KINDS: &[&str] = &[
    "resource",
    "terrain",
    "commodity",
    "track",
    "good",
    "token",
    "development_card",
    "progress_card",
    "card",
    "level",
];

struct Vocabulary {
    /// Term id → (German names, colours) over every game and rule set.
    terms: BTreeMap<String, (BTreeSet<String>, BTreeSet<String>)>,
    /// Names (German and English) of countable things: resources, goods,
    /// commodities, tokens.
    counted: BTreeSet<String>,
    /// Ids of countable things.
    counted_ids: BTreeSet<String>,
}

fn vocabulary() -> Vocabulary {
    let mut v = Vocabulary {
        terms: BTreeMap::new(),
        counted: BTreeSet::new(),
        counted_ids: BTreeSet::new(),
    };
    let mut add = |d: &Description| {
        for kind in KINDS {
            for t in d.terms.get(*kind).into_iter().flatten() {
                let e = v.terms.entry(t.id.clone()).or_default();
                // A German name equal to the id (`gold`, `Bank`) says nothing.
                if !t.de.eq_ignore_ascii_case(&t.id) && t.de.chars().count() > 2 {
                    e.0.insert(t.de.clone());
                }
                if let Some(c) = &t.color {
                    e.1.insert(c.to_ascii_lowercase());
                }
                if matches!(*kind, "resource" | "good" | "commodity" | "token") {
                    v.counted.insert(t.de.clone());
                    v.counted.insert(t.en.clone());
                    v.counted_ids.insert(t.id.clone());
                }
            }
        }
    };
    for g in registry::games() {
        for r in &g.rule_sets {
            add(&registry::describe(g.id, Some(r.id)).expect("described"));
        }
    }
    v
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if !matches!(name, "target" | "node_modules" | "__pycache__" | ".venv" | "ci") {
                sources(&p, out);
            }
        } else if matches!(
            p.extension().and_then(|x| x.to_str()),
            Some("js" | "rs" | "py" | "css" | "html" | "pyi")
        ) {
            out.push(p);
        }
    }
}

/// Whether a line is a comment (its words describe, they do not tabulate).
fn comment(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("//") || t.starts_with('*') || t.starts_with("/*") || t.starts_with('#')
}

/// Whether `line` names `id` as a key or a string: `id:`, `'id'`, `"id"`.
fn keyed(line: &str, id: &str) -> bool {
    for quoted in [format!("'{id}'"), format!("\"{id}\"")] {
        if line.contains(&quoted) {
            return true;
        }
    }
    line.match_indices(id).any(|(i, _)| {
        let before = line[..i].chars().next_back();
        let after = line[i + id.len()..].trim_start();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-')
            && after.starts_with(':')
            && !after.starts_with("::")
    })
}

/// Counts of named things in a line: `id: 2` / `"id" => 2` keys, or
/// `2 Name` words.
fn counts(line: &str, v: &Vocabulary) -> usize {
    let mut n = 0;
    for id in &v.counted_ids {
        for pat in [format!("{id}: "), format!("\"{id}\" => "), format!("'{id}': ")] {
            for (i, _) in line.match_indices(&pat) {
                let before = line[..i].chars().next_back();
                let ok_before = !before.is_some_and(|c| c.is_alphanumeric() || c == '_');
                let digit = line[i + pat.len()..].starts_with(|c: char| c.is_ascii_digit());
                if ok_before && digit {
                    n += 1;
                }
            }
        }
    }
    for name in &v.counted {
        for (i, _) in line.match_indices(&format!(" {name}")) {
            let before = line[..i].chars().next_back();
            let after = line[i + 1 + name.len()..].chars().next();
            if before.is_some_and(|c| c.is_ascii_digit()) && !after.is_some_and(char::is_alphanumeric) {
                n += 1;
            }
        }
    }
    n
}

fn offences(text: &str, v: &Vocabulary) -> Vec<String> {
    let mut out = Vec::new();
    for (no, line) in text.lines().enumerate() {
        if comment(line) {
            continue;
        }
        let lower = line.to_ascii_lowercase();
        for (id, (names, colours)) in &v.terms {
            if !keyed(line, id) {
                continue;
            }
            if let Some(c) = colours.iter().find(|c| lower.contains(c.as_str())) {
                out.push(format!("{}: colour {c} of `{id}`: {}", no + 1, line.trim()));
            }
            if let Some(n) = names
                .iter()
                .find(|n| line.contains(&format!("'{n}'")) || line.contains(&format!("\"{n}\"")))
            {
                out.push(format!("{}: name {n} of `{id}`: {}", no + 1, line.trim()));
            }
        }
        if counts(line, v) >= 2 {
            out.push(format!("{}: a price: {}", no + 1, line.trim()));
        }
    }
    out
}

/// No front end keeps a table of a game's names, colours or costs.
#[test]
fn front_ends_read_names_colours_and_costs_from_the_description() {
    let v = vocabulary();
    assert!(v.terms.contains_key("brick") && v.terms["brick"].0.contains("Lehm"));
    let root = root();
    let mut files = Vec::new();
    for dir in ["web", "python", "crates/mcp/src"] {
        sources(&root.join(dir), &mut files);
    }
    assert!(files.len() > 20, "the front ends' sources are found: {files:?}");
    let mut found: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_default();
        let rel = f.strip_prefix(&root).unwrap_or(f).to_string_lossy().replace('\\', "/");
        let o = offences(&text, &v);
        if !o.is_empty() {
            found.insert(rel, o);
        }
    }
    for (file, why) in PENDING {
        assert!(
            found.remove(*file).is_some(),
            "{file} is listed as pending ({why}) but holds no table any more: remove it from PENDING"
        );
    }
    assert!(
        found.is_empty(),
        "front ends keep their own tables of names, colours or costs; read them from the description instead:\n{}",
        found
            .iter()
            .map(|(f, o)| format!("{f}:\n  {}", o.join("\n  ")))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The grep finds each kind of table it is meant to find (a test of the test).
#[test]
fn the_grep_finds_a_table_of_each_kind() {
    let v = vocabulary();
    for table in [
        "const RES = { brick: '#c66a3d' };",
        "const NAME = { brick: 'Lehm' };",
        "\"wood\" => \"Holz\",",
        "const COST = { build_road: { brick: 1, lumber: 1 } };",
        "(\"build_road\", \"1 Lehm, 1 Holz\", \"1 brick, 1 lumber\"),",
        "askCoco: { de: 'Coco fragen (1 Ananas, 1 Säbel, 1 Gold)' },",
    ] {
        assert!(!offences(table, &v).is_empty(), "not found: {table}");
    }
    for fine in [
        "// A comment may say {brick: 'Lehm'}.",
        "const RESOURCES = idList('resource');",
        "return termName(ctx, 'resource', r);",
        "askCoco: { de: 'Coco fragen ({cost})', en: 'Ask Coco ({cost})' },",
    ] {
        assert!(offences(fine, &v).is_empty(), "found: {fine}: {:?}", offences(fine, &v));
    }
}
