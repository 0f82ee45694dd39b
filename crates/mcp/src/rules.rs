//! The rule documents (docs/games/*.md, with docs/protocol.md and
//! docs/agents.md for the engine's and the tools' own rule ids), compiled in so that the binary
//! answers `rules` and serves them as MCP resources wherever it runs.

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
}

/// Every document, the base games first.
pub const DOCS: &[Doc] = &[
    Doc {
        name: "catan",
        title: "CATAN (base game)",
        text: include_str!("../../../docs/games/catan.md"),
    },
    Doc {
        name: "cities-knights",
        title: "CATAN: Cities & Knights",
        text: include_str!("../../../docs/games/cities-knights.md"),
    },
    Doc {
        name: "heroes",
        title: "CATAN: heroes",
        text: include_str!("../../../docs/games/heroes.md"),
    },
    Doc {
        name: "catan-5-6",
        title: "CATAN: 5–6 players",
        text: include_str!("../../../docs/games/catan-5-6.md"),
    },
    Doc {
        name: "catan-junior",
        title: "Catan Junior",
        text: include_str!("../../../docs/games/catan-junior.md"),
    },
    Doc {
        name: "splendor",
        title: "Splendor",
        text: include_str!("../../../docs/games/splendor.md"),
    },
    Doc {
        name: "protocol",
        title: "The referee protocol (engine.* rule ids)",
        text: include_str!("../../../docs/protocol.md"),
    },
    Doc {
        name: "agents",
        title: "Agents over MCP (mcp.* rule ids)",
        text: include_str!("../../../docs/agents.md"),
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
pub const MAX_ANSWER: usize = 12_000;

/// Longest query accepted.
pub const MAX_QUERY: usize = 200;

/// What `rules` answers for a query: a document's name gives the document
/// (clipped); a rule id (`catan.build.road_connected`) or a word gives the
/// paragraphs that mention it, with their section headings.
pub fn lookup(query: &str) -> Result<(String, Vec<&'static str>), ErrorInfo> {
    let q = query.trim();
    if q.is_empty() || q.chars().count() > MAX_QUERY {
        return Err(ErrorInfo::new(
            "malformed",
            "mcp.rules_query",
            format!("Die Anfrage muss 1 bis {MAX_QUERY} Zeichen lang sein."),
            format!("The query must be 1 to {MAX_QUERY} characters long."),
        ));
    }
    if let Some(doc) = DOCS
        .iter()
        .find(|d| d.name.eq_ignore_ascii_case(q) || d.title.eq_ignore_ascii_case(q))
    {
        return Ok((clip(doc.text), vec![doc.name]));
    }
    let needle = q.to_lowercase();
    let mut out = String::new();
    let mut found = Vec::new();
    for doc in DOCS {
        let mut heading = "";
        for para in doc.text.split("\n\n") {
            if para.starts_with('#') {
                heading = para.lines().next().unwrap_or("");
            }
            if para.to_lowercase().contains(&needle) {
                if !found.contains(&doc.name) {
                    found.push(doc.name);
                }
                out.push_str(&format!("[{}] {}\n{}\n\n", doc.name, heading, para.trim()));
                if out.len() > MAX_ANSWER {
                    return Ok((clip(&out), found));
                }
            }
        }
    }
    if found.is_empty() {
        let names: Vec<&str> = DOCS.iter().map(|d| d.name).collect();
        return Err(ErrorInfo::new(
            "unknown_rule",
            "mcp.unknown_rule",
            format!("Zu „{q}“ steht nichts in den Regeln; Dokumente: {}.", names.join(", ")),
            format!("The rules say nothing about '{q}'; documents: {}.", names.join(", ")),
        ));
    }
    Ok((out, found))
}

fn clip(s: &str) -> String {
    match s.char_indices().nth(MAX_ANSWER) {
        Some((i, _)) => format!("{}\n…", &s[..i]),
        None => s.to_string(),
    }
}
