//! The rules for players: the rules documents of the repository
//! (docs/rules/*.md, each rule with its stable id, the ids every refusal
//! names), compiled in so that the binary answers `rules` and serves them as
//! MCP resources wherever it runs. The tools' and the referee's own ids
//! (`mcp.*`, `engine.*`) are answered from docs/agents.md and
//! docs/protocol.md. Developer pages (docs/games/, how a crate implements a
//! rule) are not served: a player needs the rule, not the code's layout.

use engine::ErrorInfo;

/// One rules document.
#[derive(Debug, Clone, Copy)]
pub struct Doc {
    /// Short name, also the resource's path: `rules://spielleiter/{name}`.
    pub name: &'static str,
    /// Title for listings.
    pub title: &'static str,
    /// The Markdown text.
    pub text: &'static str,
    /// Whether it is a game's rules (a resource) or the tools' own ids.
    pub game: bool,
}

/// Every document, the base games first.
pub const DOCS: &[Doc] = &[
    Doc {
        name: "catan",
        title: "CATAN (base game)",
        text: include_str!("../../../docs/rules/catan.md"),
        game: true,
    },
    Doc {
        name: "cities-knights",
        title: "CATAN: Cities & Knights",
        text: include_str!("../../../docs/rules/cities-knights.md"),
        game: true,
    },
    Doc {
        name: "heroes",
        title: "CATAN: heroes and squires",
        text: include_str!("../../../docs/rules/heroes.md"),
        game: true,
    },
    Doc {
        name: "catan-5-6",
        title: "CATAN: 5–6 players",
        text: include_str!("../../../docs/rules/catan-5-6.md"),
        game: true,
    },
    Doc {
        name: "catan-junior",
        title: "Catan Junior",
        text: include_str!("../../../docs/rules/catan-junior.md"),
        game: true,
    },
    Doc {
        name: "catan-junior-board",
        title: "Catan Junior: the board",
        text: include_str!("../../../docs/rules/catan-junior-board.md"),
        game: true,
    },
    Doc {
        name: "splendor",
        title: "Splendor",
        text: include_str!("../../../docs/rules/splendor.md"),
        game: true,
    },
    Doc {
        name: "protocol",
        title: "The referee protocol (engine.* rule ids)",
        text: include_str!("../../../docs/protocol.md"),
        game: false,
    },
    Doc {
        name: "agents",
        title: "Agents over MCP (mcp.* rule ids)",
        text: include_str!("../../../docs/agents.md"),
        game: false,
    },
];

/// The URI of a document.
pub fn uri(doc: &Doc) -> String {
    format!("rules://spielleiter/{}", doc.name)
}

/// The document of a URI.
pub fn by_uri(uri: &str) -> Option<&'static Doc> {
    let name = uri.strip_prefix("rules://spielleiter/")?;
    DOCS.iter().find(|d| d.name == name)
}

/// Longest answer of `rules` in characters.
pub const MAX_ANSWER: usize = 2_000;

/// Longest query accepted.
pub const MAX_QUERY: usize = 200;

/// Most rules a topic answers with.
const MAX_HITS: usize = 6;

/// What `rules` found: the text, the rule ids in it, the documents.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    /// The answer, the rule's id first.
    pub text: String,
    /// The rule ids it quotes.
    pub rules: Vec<String>,
    /// The documents it comes from.
    pub documents: Vec<&'static str>,
}

/// One rule of a document: a list item or paragraph with its section.
#[derive(Debug, Clone)]
struct Item {
    doc: &'static Doc,
    heading: &'static str,
    text: String,
    ids: Vec<String>,
}

/// The items of a document: each list item (with its continuation lines),
/// each table row and each other paragraph, with the heading above it.
fn items(doc: &'static Doc) -> Vec<Item> {
    let mut out = Vec::new();
    let mut heading = doc.title;
    let mut cur = String::new();
    let mut cur_heading = heading;
    let flush = |cur: &mut String, h: &'static str, out: &mut Vec<Item>| {
        let text = cur.trim().to_string();
        if !text.is_empty() {
            out.push(Item {
                doc,
                heading: h,
                ids: ids_in(&text),
                text,
            });
        }
        cur.clear();
    };
    for line in doc.text.lines() {
        let t = line.trim_start();
        let starts_item = t.starts_with("- ")
            || t.starts_with("* ")
            || t.starts_with('|')
            || t.split_once(". ")
                .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        if let Some(h) = line.strip_prefix('#') {
            flush(&mut cur, cur_heading, &mut out);
            heading = h.trim_start_matches('#').trim();
            cur_heading = heading;
            continue;
        }
        if t.is_empty() || (starts_item && line.len() - t.len() < 2) {
            flush(&mut cur, cur_heading, &mut out);
            cur_heading = heading;
        }
        if !t.is_empty() {
            if !cur.is_empty() {
                cur.push('\n');
            }
            cur.push_str(line);
        }
    }
    flush(&mut cur, cur_heading, &mut out);
    out
}

/// The rule ids quoted in a text (dotted words in backticks).
fn ids_in(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| looks_like_id(s))
        .map(str::to_string)
        .collect()
}

fn looks_like_id(s: &str) -> bool {
    s.contains('.')
        && !s.starts_with('.')
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' || c == '_' || c == '*')
}

/// What `rules` answers for a query: a rule id gives that rule (its id
/// first, then its section and text); a document's name its opening; a
/// topic in English or German (translated by `glossary`: German words to
/// English ones, from the games' descriptions) the rules that mention it.
pub fn lookup(query: &str, glossary: &dyn Fn(&str) -> Vec<String>) -> Result<Found, ErrorInfo> {
    let q = query.trim();
    if q.is_empty() || q.chars().count() > MAX_QUERY {
        return Err(ErrorInfo::new(
            "malformed",
            "mcp.rules_query",
            format!("Die Anfrage muss 1 bis {MAX_QUERY} Zeichen lang sein."),
            format!("The query must be 1 to {MAX_QUERY} characters long."),
        ));
    }
    if looks_like_id(q) {
        if let Some(found) = by_id(q) {
            return Ok(found);
        }
    }
    if let Some(doc) = DOCS
        .iter()
        .find(|d| d.name.eq_ignore_ascii_case(q) || d.title.eq_ignore_ascii_case(q))
    {
        return Ok(Found {
            text: clip(&format!(
                "{}\n(rules://spielleiter/{}; ask `rules` for a rule id or a topic)\n\n{}",
                doc.title, doc.name, doc.text
            )),
            rules: Vec::new(),
            documents: vec![doc.name],
        });
    }
    let mut needles = vec![q.to_lowercase()];
    for w in glossary(q) {
        let w = w.to_lowercase();
        if !needles.contains(&w) {
            needles.push(w);
        }
    }
    let hits: Vec<Item> = DOCS
        .iter()
        .flat_map(items)
        .filter(|i| {
            let lower = i.text.to_lowercase();
            needles.iter().any(|n| lower.contains(n.as_str()))
        })
        .collect();
    if hits.is_empty() {
        let names: Vec<&str> = DOCS.iter().map(|d| d.name).collect();
        return Err(ErrorInfo::new(
            "unknown_rule",
            "mcp.unknown_rule",
            format!(
                "Zu „{}“ steht nichts in den Regeln; Dokumente: {}.",
                clip_query(q),
                names.join(", ")
            ),
            format!(
                "The rules say nothing about '{}'; documents: {}.",
                clip_query(q),
                names.join(", ")
            ),
        ));
    }
    // Rules with ids first (the items a refusal would name), in document order.
    let mut ordered: Vec<&Item> = hits.iter().filter(|i| !i.ids.is_empty()).collect();
    ordered.extend(hits.iter().filter(|i| i.ids.is_empty()));
    let mut text = String::new();
    let mut rules = Vec::new();
    let mut documents = Vec::new();
    for i in ordered.iter().take(MAX_HITS) {
        let head = match i.ids.first() {
            Some(id) => format!("{id} — {} › {}", i.doc.title, i.heading),
            None => format!("{} › {}", i.doc.title, i.heading),
        };
        let block = format!("{head}\n{}\n\n", i.text);
        if text.chars().count() + block.chars().count() > MAX_ANSWER && !text.is_empty() {
            break;
        }
        text.push_str(&block);
        rules.extend(i.ids.iter().cloned());
        if !documents.contains(&i.doc.name) {
            documents.push(i.doc.name);
        }
    }
    if hits.len() > MAX_HITS {
        text.push_str(&format!("(+{} more: ask for a rule id)\n", hits.len() - MAX_HITS));
    }
    Ok(Found {
        text: clip(&text),
        rules,
        documents,
    })
}

/// A rule by its id: the item that quotes it, its id first. An id that is
/// a prefix of rules (`catan.build`) lists them.
fn by_id(id: &str) -> Option<Found> {
    let all: Vec<Item> = DOCS.iter().flat_map(items).collect();
    let exact = all
        .iter()
        .filter(|i| i.ids.iter().any(|x| x == id))
        .min_by_key(|i| (!i.doc.game, i.text.starts_with('|')))?;
    let text = format!("{id}\n{} › {}\n{}\n", exact.doc.title, exact.heading, exact.text.trim());
    Some(Found {
        text: clip(&text),
        rules: vec![id.to_string()],
        documents: vec![exact.doc.name],
    })
}

fn clip_query(q: &str) -> String {
    q.chars().take(60).collect()
}

/// Cuts an answer at [`MAX_ANSWER`] characters, at a line's end where there is one.
fn clip(s: &str) -> String {
    match s.char_indices().nth(MAX_ANSWER - 2) {
        Some((i, _)) => {
            let cut = s[..i].rfind('\n').unwrap_or(i);
            format!("{}\n…", &s[..cut])
        }
        None => s.to_string(),
    }
}
