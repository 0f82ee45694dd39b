//! The browser UI's modules import without cycles (issue 46, item 4): every
//! `.js` file under `web/` is read, its static `import … from '…'` and
//! `export … from '…'` statements (one line or several) are resolved against
//! the file's folder, and the graph they make must have no cycle: game modules
//! import downward only, and a helper two games share lives in a module of its
//! own (web/README.md, "How the modules import"). Every import, a dynamic
//! `import('…')` of a plain string included, must name a file that exists.
//!
//! `web/` has no vendored code and no build step, so every `.js` file is the
//! project's own and is checked. The parser is a small hand-written lexer:
//! comments, strings, template literals (with `${…}` nested to any depth) and
//! regular expressions are skipped, so only code is searched for `import` and
//! `export`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A token of JavaScript, as far as finding imports needs.
#[derive(Debug, Clone, PartialEq)]
enum Tok {
    /// An identifier, keyword or number.
    Word(String),
    /// A string literal's text (escapes left as written).
    Str(String),
    /// A template literal or a regular expression (a value, never a specifier).
    Value,
    /// Any other character of code (`{`, `(`, `.`, `;`, …).
    Punct(u8),
}

/// Keywords after which a `/` starts a regular expression (after other words it divides).
const KEYWORDS_BEFORE_VALUE: &[&str] = &[
    "return",
    "typeof",
    "case",
    "do",
    "else",
    "in",
    "of",
    "new",
    "delete",
    "void",
    "throw",
    "instanceof",
    "yield",
    "await",
];

/// The lexer: tokens of the code at the top (outside template literals).
struct Lexer<'a> {
    src: &'a [u8],
    at: usize,
    toks: Vec<Tok>,
    /// The last significant token, also inside templates (decides `/`: division or regex).
    last: Option<Tok>,
}

impl<'a> Lexer<'a> {
    fn new(src: &'a str) -> Self {
        Self {
            src: src.as_bytes(),
            at: 0,
            toks: Vec::new(),
            last: None,
        }
    }

    fn peek(&self, k: usize) -> u8 {
        self.src.get(self.at + k).copied().unwrap_or(0)
    }

    fn emit(&mut self, t: Tok, top: bool) {
        self.last = Some(t.clone());
        if top {
            self.toks.push(t);
        }
    }

    /// Whether a `/` here starts a regular expression (not a division).
    fn regex_may_start(&self) -> bool {
        match &self.last {
            None => true,
            Some(Tok::Punct(c)) => !matches!(c, b')' | b']'),
            Some(Tok::Word(w)) => KEYWORDS_BEFORE_VALUE.contains(&w.as_str()),
            Some(Tok::Str(_) | Tok::Value) => false,
        }
    }

    /// Lexes code until the end, or (inside a template's `${…}`) until its closing brace.
    fn code(&mut self, top: bool) {
        let mut depth = 0usize;
        while self.at < self.src.len() {
            let c = self.peek(0);
            match c {
                b'/' if self.peek(1) == b'/' => {
                    while self.at < self.src.len() && self.peek(0) != b'\n' {
                        self.at += 1;
                    }
                }
                b'/' if self.peek(1) == b'*' => {
                    self.at += 2;
                    while self.at < self.src.len() && !(self.peek(0) == b'*' && self.peek(1) == b'/') {
                        self.at += 1;
                    }
                    self.at += 2;
                }
                b'/' if self.regex_may_start() => {
                    self.regex();
                    self.emit(Tok::Value, top);
                }
                b'\'' | b'"' => {
                    let s = self.string(c);
                    self.emit(Tok::Str(s), top);
                }
                b'`' => {
                    self.template();
                    self.emit(Tok::Value, top);
                }
                c if c.is_ascii_whitespace() => self.at += 1,
                c if c == b'_' || c == b'$' || c.is_ascii_alphanumeric() || c >= 0x80 => {
                    let start = self.at;
                    while self.at < self.src.len() && {
                        let c = self.peek(0);
                        c == b'_' || c == b'$' || c.is_ascii_alphanumeric() || c >= 0x80
                    } {
                        self.at += 1;
                    }
                    let w = String::from_utf8_lossy(&self.src[start..self.at]).into_owned();
                    self.emit(Tok::Word(w), top);
                }
                _ => {
                    self.at += 1;
                    if !top {
                        if c == b'{' {
                            depth += 1;
                        } else if c == b'}' {
                            if depth == 0 {
                                return;
                            }
                            depth -= 1;
                        }
                    }
                    self.emit(Tok::Punct(c), top);
                }
            }
        }
    }

    /// A string literal from its opening quote; returns its text.
    fn string(&mut self, quote: u8) -> String {
        self.at += 1;
        let start = self.at;
        while self.at < self.src.len() && self.peek(0) != quote && self.peek(0) != b'\n' {
            self.at += if self.peek(0) == b'\\' { 2 } else { 1 };
        }
        let s = String::from_utf8_lossy(&self.src[start..self.at.min(self.src.len())]).into_owned();
        self.at += 1;
        s
    }

    /// A template literal from its backtick; the code in `${…}` is lexed (and dropped).
    fn template(&mut self) {
        self.at += 1;
        while self.at < self.src.len() {
            match self.peek(0) {
                b'\\' => self.at += 2,
                b'`' => {
                    self.at += 1;
                    return;
                }
                b'$' if self.peek(1) == b'{' => {
                    self.at += 2;
                    self.code(false);
                }
                _ => self.at += 1,
            }
        }
    }

    /// A regular expression literal from its slash (a `/` in a class `[…]` does not end it).
    fn regex(&mut self) {
        self.at += 1;
        let mut class = false;
        while self.at < self.src.len() && self.peek(0) != b'\n' {
            match self.peek(0) {
                b'\\' => self.at += 1,
                b'[' => class = true,
                b']' => class = false,
                b'/' if !class => break,
                _ => {}
            }
            self.at += 1;
        }
        self.at += 1;
        while self.peek(0).is_ascii_alphabetic() {
            self.at += 1;
        }
    }
}

/// The specifiers a module imports: `(static, dynamic)`. Static are `import … from 's'`,
/// `import 's'` and `export … from 's'`; dynamic are `import('s')` with a plain string.
fn imports(src: &str) -> (Vec<String>, Vec<String>) {
    let mut lx = Lexer::new(src);
    lx.code(true);
    let toks = lx.toks;
    let word = |i: usize, w: &str| matches!(toks.get(i), Some(Tok::Word(x)) if x == w);
    let punct = |i: usize, c: u8| toks.get(i) == Some(&Tok::Punct(c));
    let text = |i: usize| match toks.get(i) {
        Some(Tok::Str(s)) => Some(s.clone()),
        _ => None,
    };
    // From token `i` on, the string after the first `from` (statements end at `;`).
    let from_clause = |mut i: usize| {
        while i < toks.len() && !punct(i, b';') {
            if word(i, "from") {
                if let Some(s) = text(i + 1) {
                    return Some(s);
                }
            }
            i += 1;
        }
        None
    };
    let (mut stat, mut dynamic) = (Vec::new(), Vec::new());
    for i in 0..toks.len() {
        if i > 0 && punct(i - 1, b'.') {
            continue; // `x.import`, `x.export`: a property.
        }
        if word(i, "import") {
            if punct(i + 1, b'(') {
                if let (Some(s), true) = (text(i + 2), punct(i + 3, b')')) {
                    dynamic.push(s);
                }
            } else if let Some(s) = text(i + 1) {
                stat.push(s);
            } else if punct(i + 1, b'{') || punct(i + 1, b'*') || matches!(toks.get(i + 1), Some(Tok::Word(_))) {
                stat.extend(from_clause(i + 1));
            }
        } else if word(i, "export") && (punct(i + 1, b'{') || punct(i + 1, b'*')) {
            stat.extend(from_clause(i + 1));
        }
    }
    (stat, dynamic)
}

/// `spec` imported by the module at `from` (a path below web/), as a path below web/;
/// an error for a specifier that is not relative or leaves web/.
fn resolve(from: &str, spec: &str) -> Result<String, String> {
    if !(spec.starts_with("./") || spec.starts_with("../")) {
        return Err(format!(
            "{from} imports '{spec}': not a relative path (web/ has no bundler and loads nothing from elsewhere)"
        ));
    }
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for p in spec.split('/') {
        match p {
            "." | "" => {}
            ".." => {
                if parts.pop().is_none() {
                    return Err(format!("{from} imports '{spec}': outside web/"));
                }
            }
            p => parts.push(p),
        }
    }
    Ok(parts.join("/"))
}

fn web_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web")
}

/// Every `.js` file below `dir`, as its path below `root` (dot files and folders left out).
fn js_files(dir: &Path, root: &Path, out: &mut Vec<String>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("web/ is readable")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    entries.sort();
    for path in entries {
        if path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with('.'))
        {
            continue;
        }
        if path.is_dir() {
            js_files(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "js") {
            let rel = path.strip_prefix(root).expect("below web/");
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}

/// The modules of web/: each module's static imports (resolved), and every import,
/// static or dynamic, that names no file (`module imports 'spec'`).
struct Graph {
    edges: BTreeMap<String, BTreeSet<String>>,
    broken: Vec<String>,
}

fn web_graph() -> Graph {
    let root = web_dir().canonicalize().expect("the repository's web/ folder");
    let mut files = Vec::new();
    js_files(&root, &root, &mut files);
    assert!(
        files.iter().any(|f| f == "app.js") && files.len() > 20,
        "web/'s modules not found: {files:?}"
    );
    let known: BTreeSet<&String> = files.iter().collect();
    let mut graph = Graph {
        edges: BTreeMap::new(),
        broken: Vec::new(),
    };
    for f in &files {
        let src = std::fs::read_to_string(root.join(f)).expect("a module is UTF-8 text");
        let (stat, dynamic) = imports(&src);
        let mut out = BTreeSet::new();
        for (spec, is_static) in stat.iter().map(|s| (s, true)).chain(dynamic.iter().map(|s| (s, false))) {
            match resolve(f, spec) {
                Ok(target) if known.contains(&target) => {
                    if is_static {
                        out.insert(target);
                    }
                }
                Ok(target) => graph
                    .broken
                    .push(format!("web/{f} imports '{spec}', but web/{target} does not exist")),
                Err(e) => graph.broken.push(format!("web/{e}")),
            }
        }
        graph.edges.insert(f.clone(), out);
    }
    graph
}

/// The cycles a depth-first walk meets, each as its modules in import order,
/// the first repeated at the end (`a.js → b.js → a.js`). None for an acyclic graph.
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit<'a>(
        n: &'a String,
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        marks: &mut BTreeMap<&'a String, Mark>,
        path: &mut Vec<&'a String>,
        found: &mut Vec<Vec<String>>,
    ) {
        marks.insert(n, Mark::Open);
        path.push(n);
        for m in edges.get(n).into_iter().flatten() {
            match marks.get(m) {
                Some(Mark::Open) => {
                    let from = path
                        .iter()
                        .position(|p| *p == m)
                        .expect("an open module is on the path");
                    let mut cycle: Vec<String> = path[from..].iter().map(|p| (*p).clone()).collect();
                    cycle.push(m.clone());
                    found.push(cycle);
                }
                Some(Mark::Done) => {}
                None => visit(m, edges, marks, path, found),
            }
        }
        path.pop();
        marks.insert(n, Mark::Done);
    }
    let mut marks = BTreeMap::new();
    let mut found = Vec::new();
    for n in edges.keys() {
        if !marks.contains_key(n) {
            visit(n, edges, &mut marks, &mut Vec::new(), &mut found);
        }
    }
    found
}

#[test]
fn web_modules_import_without_cycles() {
    let graph = web_graph();
    let found = cycles(&graph.edges);
    let text: Vec<String> = found
        .iter()
        .map(|c| c.iter().map(|m| format!("web/{m}")).collect::<Vec<_>>().join(" → "))
        .collect();
    assert!(
        found.is_empty(),
        "the web modules import in a cycle (a helper two modules share belongs in a module of its own that both \
         import downward; see web/README.md):\n  {}",
        text.join("\n  ")
    );
    // The parser saw the imports: most modules import something.
    let importing = graph.edges.values().filter(|m| !m.is_empty()).count();
    assert!(importing * 2 > graph.edges.len(), "{:?}", graph.edges);
}

#[test]
fn web_imports_name_existing_files() {
    let graph = web_graph();
    assert!(
        graph.broken.is_empty(),
        "imports that name no file:\n  {}",
        graph.broken.join("\n  ")
    );
}

/// The parser on every form of import, and on text that only looks like one.
#[test]
fn web_import_parser_reads_static_imports_only() {
    let src = r#"
// import { no } from './comment.js';
/* export * from './block.js'; */
import { a,
  b as c,
} from './multi.js';
import d from "../up.js";
import * as e from './star.js';
import './side-effect.js';
export { f } from './re.js';
export * from './all.js';
export { g };
export const h = `import x from './template.js' ${`nested ${'./in.js'}`} }`;
const i = "import y from './string.js'";
const j = /['"`]/g.test(i) ? 1 / 2 : 3;
const k = import('./dynamic.js');
const k2 = import(`./games/${k}.js`);
const l = import.meta.url;
const m = { import: 1 }.import;
"#;
    let (stat, dynamic) = imports(src);
    assert_eq!(
        stat,
        [
            "./multi.js",
            "../up.js",
            "./star.js",
            "./side-effect.js",
            "./re.js",
            "./all.js"
        ]
    );
    assert_eq!(dynamic, ["./dynamic.js"]);
    assert_eq!(resolve("games/catan.js", "../dom.js").as_deref(), Ok("dom.js"));
    assert_eq!(
        resolve("games/catan.js", "./ck-table.js").as_deref(),
        Ok("games/ck-table.js")
    );
    assert!(resolve("app.js", "../x.js").is_err() && resolve("app.js", "lodash").is_err());
    let edges: BTreeMap<String, BTreeSet<String>> = [("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")]
        .iter()
        .map(|(f, t)| (f.to_string(), BTreeSet::from([t.to_string()])))
        .collect();
    assert_eq!(cycles(&edges), [["a", "b", "c", "a"]]);
}
