//! Readable labels of actions and events for agents, German or English.
//!
//! Derived from the JSON (its `type` and fields) and the game's description
//! (`engine::Description` as JSON: the names of resources, pieces, cards,
//! phases and events in both languages, the costs, the card data), so that
//! this crate keeps no table of a game's names, colours or costs: a name
//! added to the description changes every label. Places (an intersection, a
//! path, a card) are written with what they touch ([`crate::places`]).

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;
use std::collections::HashMap;
use std::fmt::Write;

/// The language of labels and texts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    /// English (the default).
    #[default]
    En,
    /// German.
    De,
}

impl Lang {
    /// `de` or `en` of a pair.
    pub fn pick<'a>(self, de: &'a str, en: &'a str) -> &'a str {
        match self {
            Lang::De => de,
            Lang::En => en,
        }
    }

    /// The key of this language in a description's `{de, en}`.
    pub fn key(self) -> &'static str {
        self.pick("de", "en")
    }
}

/// The verbs of the tools' own action types that a description does not
/// name (it names things, not moves): (type, German, English). Words of the
/// protocol, not of a game: no resource, colour or cost is named here.
const VERBS: &[(&str, &str, &str)] = &[
    ("roll", "Würfeln", "Roll the dice"),
    ("end_turn", "Zug beenden", "End the turn"),
    ("pass", "Passen", "Pass"),
    ("build", "Bauen", "Build"),
    ("place", "Setzen", "Place"),
    ("buy", "Kaufen", "Buy"),
    ("play", "Ausspielen", "Play"),
    ("take", "Nehmen", "Take"),
    ("reserve", "Reservieren", "Reserve"),
    ("discard", "Abwerfen", "Discard"),
    ("move", "Versetzen", "Move"),
    ("steal", "Rauben", "Steal"),
    ("trade", "Handeln", "Trade"),
    ("offer", "Anbieten", "Offer"),
    ("accept", "Annehmen", "Accept"),
    ("decline", "Ablehnen", "Decline"),
    ("reject", "Ablehnen", "Reject"),
    ("cancel", "Zurückziehen", "Cancel"),
    ("confirm", "Bestätigen", "Confirm"),
    ("choose", "Wählen", "Choose"),
    ("return", "Zurückgeben", "Return"),
    ("activate", "Aktivieren", "Activate"),
    ("promote", "Befördern", "Promote"),
    ("upgrade", "Ausbauen", "Upgrade"),
    ("submit", "Abgeben", "Submit"),
    ("open", "Eröffnen", "Open"),
];

/// Which kind's name an id shared by several kinds takes, first first: the
/// things players hold before the places and moves named after them.
const PRIORITY: &[&str] = &[
    "resource",
    "commodity",
    "token",
    "terrain",
    "piece",
    "card",
    "event",
    "action",
    "phase",
];

/// The words of one game in one language: every term of its description
/// by id, and the description and places themselves for prices and places.
#[derive(Debug, Clone, Default)]
pub struct Words {
    /// The language.
    pub lang: Lang,
    /// Term id to its name in `lang` (every kind of term).
    names: HashMap<String, String>,
    /// The description's JSON (`null` when none is known).
    pub description: Value,
    /// The places' JSON (`null` when none are known).
    pub places: Value,
}

impl Words {
    /// The words of a description (JSON of `engine::Description`) and its
    /// places, in `lang`.
    pub fn new(description: &Value, places: &Value, lang: Lang) -> Words {
        let mut names = HashMap::new();
        if let Some(kinds) = description.get("terms").and_then(Value::as_object) {
            // An id named in several kinds (`brick`: a resource and a harbor)
            // takes the name of the kind that comes first here.
            let mut order: Vec<(&String, &Value)> = kinds.iter().collect();
            order.sort_by_key(|(k, _)| PRIORITY.iter().position(|p| p == k).unwrap_or(PRIORITY.len()));
            for (_, terms) in order {
                for t in terms.as_array().into_iter().flatten() {
                    let id = t.get("id").and_then(Value::as_str);
                    let name = t.get(lang.key()).and_then(Value::as_str);
                    if let (Some(id), Some(name)) = (id, name) {
                        names.entry(id.to_string()).or_insert_with(|| name.to_string());
                    }
                }
            }
        }
        Words {
            lang,
            names,
            description: description.clone(),
            places: places.clone(),
        }
    }

    /// The name of `id` among the terms of `kind`, else [`Words::name`].
    pub fn name_of(&self, kind: &str, id: &str) -> String {
        self.term(kind, id)
            .and_then(|t| t.get(self.lang.key()))
            .and_then(Value::as_str)
            .map_or_else(|| self.name(id), str::to_string)
    }

    /// The name of an id in this language (the id, spaced, if undescribed).
    pub fn name(&self, id: &str) -> String {
        match self.names.get(id) {
            Some(n) => n.clone(),
            None => id.replace('_', " "),
        }
    }

    /// The term of `kind` with `id`, if described.
    pub fn term(&self, kind: &str, id: &str) -> Option<&Value> {
        self.description
            .pointer(&format!("/terms/{kind}"))?
            .as_array()?
            .iter()
            .find(|t| t.get("id").and_then(Value::as_str) == Some(id))
    }

    /// A `{de, en}` message in this language.
    pub fn message(&self, m: &Value) -> Option<String> {
        m.get(self.lang.key()).and_then(Value::as_str).map(str::to_string)
    }

    /// A price `{id: n}` in words: `1 brick, 1 lumber` (zero counts left out).
    pub fn price(&self, price: &Value) -> String {
        let Some(obj) = price.as_object() else {
            return String::new();
        };
        obj.iter()
            .filter_map(|(k, n)| n.as_u64().filter(|n| *n > 0).map(|n| format!("{n} {}", self.name(k))))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// What `thing` (a piece or an action's thing) costs, if described.
    pub fn cost_of(&self, thing: &str) -> Option<String> {
        let p = self.description.get("costs")?.get(thing)?;
        let s = self.price(p);
        (!s.is_empty()).then_some(s)
    }

    /// A value in one line: strings bare (named), maps as `k v`, lists
    /// joined; empty values left out. Never cut.
    pub fn inline(&self, v: &Value) -> String {
        match v {
            Value::String(s) => self.name(s),
            Value::Array(a) => format!("[{}]", a.iter().map(|x| self.inline(x)).collect::<Vec<_>>().join(", ")),
            Value::Object(o) => {
                let counts = is_count_map(o);
                let fields: Vec<String> = o
                    .iter()
                    .filter(|(_, x)| !(empty(x) || counts && x.as_u64() == Some(0)))
                    .map(|(k, x)| match x {
                        Value::Bool(true) => self.name(k),
                        _ => format!("{} {}", self.name(k), self.inline(x)),
                    })
                    .collect();
                format!("{{{}}}", fields.join(", "))
            }
            other => other.to_string(),
        }
    }

    /// `key: value` at `depth`, the value in one line when it is short and
    /// as a block below the key otherwise. Nothing is cut.
    pub fn field(&self, key: &str, v: &Value, depth: usize, out: &mut String) {
        if let Some(cards) = crate::places::view_field(key, v, self, depth) {
            out.push_str(&cards);
            return;
        }
        let pad = "  ".repeat(depth);
        let line = self.inline(v);
        let nested = matches!(v, Value::Object(o) if o.values().any(|x| x.is_object() || x.is_array()))
            || matches!(v, Value::Array(a) if a.iter().any(Value::is_object));
        if line.chars().count() <= 100 || !nested {
            let _ = writeln!(out, "{pad}{}: {line}", self.name(key));
        } else {
            let _ = writeln!(out, "{pad}{}:", self.name(key));
            self.block(v, depth + 1, out);
        }
    }

    /// A value as lines at `depth`: an object field by field, a list item by
    /// item (numbered), anything else in one line.
    pub fn block(&self, v: &Value, depth: usize, out: &mut String) {
        let pad = "  ".repeat(depth);
        match v {
            Value::Object(o) => {
                let counts = is_count_map(o);
                for (k, x) in o.iter().filter(|(_, x)| !(empty(x) || counts && x.as_u64() == Some(0))) {
                    self.field(k, x, depth, out);
                }
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    let _ = writeln!(out, "{pad}{i}: {}", self.inline(x));
                }
            }
            other => {
                let _ = writeln!(out, "{pad}{}", self.inline(other));
            }
        }
    }

    /// The verb of an action type: the description's name of it if it has
    /// one, else the protocol's verb of its first word with the rest named.
    fn verb(&self, kind: &str) -> String {
        if let Some(n) = self.names.get(kind) {
            return n.clone();
        }
        let (head, rest) = kind.split_once('_').unwrap_or((kind, ""));
        match VERBS.iter().find(|(t, _, _)| *t == head || *t == kind) {
            Some((t, de, en)) if *t == kind => self.lang.pick(de, en).to_string(),
            Some((_, de, en)) if !rest.is_empty() => format!("{} {}", self.lang.pick(de, en), self.name(rest)),
            Some((_, de, en)) => self.lang.pick(de, en).to_string(),
            None => kind.replace('_', " "),
        }
    }
}

/// The label of a legal action: what it does, with each place it names
/// described and its price (`free`: building costs nothing, as in CATAN's
/// set-up).
pub fn label_action(action: &Value, words: &Words, free: bool) -> String {
    let Some(obj) = action.as_object() else {
        return words.inline(action);
    };
    let kind = obj
        .get("type")
        .or_else(|| obj.get("kind"))
        .and_then(Value::as_str)
        .unwrap_or("");
    let mut out = words.verb(kind);
    let fields: Vec<String> = obj
        .iter()
        .filter(|(k, v)| k.as_str() != "type" && k.as_str() != "kind" && !empty(v))
        .map(|(k, v)| crate::places::arg(k, v, words))
        .collect();
    if !fields.is_empty() {
        out.push(' ');
        out.push_str(&fields.join(", "));
    }
    if !free {
        // Priced by the action's type, or by the thing it builds or buys.
        let thing = kind
            .strip_prefix("build_")
            .or_else(|| kind.strip_prefix("buy_"))
            .unwrap_or(kind);
        if let Some(cost) = words.cost_of(kind).or_else(|| words.cost_of(thing)) {
            out.push_str(" — ");
            out.push_str(&cost);
        }
    }
    capitalised(out)
}

/// A label starting with a capital letter (names in the description are
/// lower case, as in running text).
fn capitalised(s: String) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c.is_lowercase() => c.to_uppercase().chain(chars).collect(),
        _ => s,
    }
}

/// The label of an event: its kind named, then its fields with zero
/// counts left out and places described briefly.
pub fn label_event(event: &Value, words: &Words, lang: Lang) -> String {
    let _ = lang;
    let Some(obj) = event.as_object() else {
        return words.inline(event);
    };
    let kind = obj
        .get("type")
        .or_else(|| obj.get("kind"))
        .or_else(|| obj.get("event"))
        .and_then(Value::as_str)
        .unwrap_or("");
    let mut out = words.name(kind);
    let fields: Vec<String> = obj
        .iter()
        .filter(|(k, v)| !matches!(k.as_str(), "type" | "kind" | "event") && !empty(v) && !zero_counts(v))
        .map(|(k, v)| crate::places::arg_brief(k, v, words))
        .collect();
    if !fields.is_empty() {
        out.push_str(": ");
        out.push_str(&fields.join(", "));
    }
    out
}

/// Whether a value says nothing: `null`, `false`, `[]`, `{}`, a map of
/// zero counts. A zero elsewhere is an id or a seat and says something.
pub fn empty(v: &Value) -> bool {
    match v {
        Value::Null | Value::Bool(false) => true,
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty() || zero_counts(v),
        _ => false,
    }
}

/// Whether an object maps names to counts (every value a number).
fn is_count_map(o: &serde_json::Map<String, Value>) -> bool {
    !o.is_empty() && o.values().all(Value::is_number)
}

/// Whether a value is a map of counts that are all zero.
fn zero_counts(v: &Value) -> bool {
    v.as_object()
        .is_some_and(|o| !o.is_empty() && o.values().all(|x| x.as_u64() == Some(0)))
}
