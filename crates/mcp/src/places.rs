//! Places with their substance: an intersection with the hexes it touches
//! (terrain, number, pips) and its harbor, a path with its two
//! intersections, a card with its level, cost, bonus and points.
//!
//! Read from the game's places (`DynMatch::places`, JSON whose `kind` names
//! its form) and description (`DynMatch::description`); nothing here knows
//! a game's names or numbers. A form this module does not know, or a game
//! without places, is written generically by the callers.

use crate::backend::Picture;
use crate::labels::{Lang, Words};
use serde_json::Value;
use std::fmt::Write;

/// Whether the places are a hex board of intersections and paths.
fn hex_board(places: &Value) -> bool {
    places.get("intersections").is_some_and(Value::is_array) && places.get("hexes").is_some_and(Value::is_array)
}

fn nth<'a>(places: &'a Value, list: &str, id: u64) -> Option<&'a Value> {
    let list = places.get(list)?.as_array()?;
    let by_index = usize::try_from(id).ok().and_then(|i| list.get(i));
    match by_index {
        Some(x) if x.get("id").and_then(Value::as_u64) == Some(id) => Some(x),
        _ => list.iter().find(|x| x.get("id").and_then(Value::as_u64) == Some(id)),
    }
}

/// A hex in a few words: `grain 6` (its resource and number), or its terrain
/// without a number (the desert).
fn hex_words(h: &Value, words: &Words) -> String {
    let what = match h.get("resource").and_then(Value::as_str) {
        Some(r) => words.name_of("resource", r),
        None => words.name_of("terrain", h.get("terrain").and_then(Value::as_str).unwrap_or("")),
    };
    match h.get("number").and_then(Value::as_u64) {
        Some(n) => format!("{what} {n}"),
        None => what,
    }
}

/// A harbor kind in words: `3:1 harbor` or `2:1 brick harbor`.
fn harbor_words(kind: &Value, words: &Words) -> Option<String> {
    let k = kind.as_str()?;
    if words.term("harbor", k).is_some() {
        return Some(words.name_of("harbor", k));
    }
    let harbor = words.lang.pick("Hafen", "harbor");
    Some(if k == "generic" {
        format!("3:1 {harbor}")
    } else {
        format!("2:1 {} {harbor}", words.name_of("resource", k))
    })
}

/// An intersection with what it touches: `23 (grain 6, ore 8, wool 3; 12
/// pips; 3:1 harbor)`.
fn intersection(id: u64, words: &Words) -> String {
    let Some(n) = nth(&words.places, "intersections", id) else {
        return id.to_string();
    };
    let hexes: Vec<String> = n
        .get("hexes")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|h| hex_words(h, words))
        .collect();
    let mut out = format!("{id} ({}", hexes.join(", "));
    if let Some(p) = n.get("pips").and_then(Value::as_u64).filter(|p| *p > 0) {
        let _ = write!(out, "; {p} {}", words.lang.pick("Punkte", "pips"));
    }
    if let Some(h) = n.get("harbor").and_then(|k| harbor_words(k, words)) {
        let _ = write!(out, "; {h}");
    }
    out.push(')');
    out
}

/// A path with its two intersections: `17 (5–6)`.
fn path(id: u64, words: &Words) -> String {
    match nth(&words.places, "paths", id)
        .and_then(|p| p.get("intersections"))
        .and_then(Value::as_array)
    {
        Some(ends) if ends.len() == 2 => format!("{id} ({}–{})", ends[0], ends[1]),
        _ => id.to_string(),
    }
}

/// A hex: `hex 5 (grain 6)`.
fn hex(id: u64, words: &Words) -> String {
    match nth(&words.places, "hexes", id) {
        Some(h) => format!("{id} ({})", hex_words(h, words)),
        None => id.to_string(),
    }
}

/// A card of the description's decks by id: `39 (level 2, blue bonus, 2
/// points, costs 3 white, 2 red)`.
fn card(id: &Value, words: &Words, decks: &[&str]) -> Option<String> {
    let id = match id {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        _ => return None,
    };
    let all = words.description.get("cards")?.as_object()?;
    let c = decks
        .iter()
        .filter_map(|d| all.get(*d))
        .chain(all.values())
        .filter_map(Value::as_array)
        .flatten()
        .find(|c| c.get("id").and_then(Value::as_str) == Some(id.as_str()))?;
    let mut parts = Vec::new();
    if let Some(name) = c.get("name").and_then(|m| words.message(m)) {
        parts.push(name);
    }
    if let Some(l) = c.get("level").and_then(Value::as_u64) {
        parts.push(format!("{} {l}", words.lang.pick("Stufe", "level")));
    }
    if let Some(b) = c.get("bonus").and_then(Value::as_str) {
        parts.push(format!("{} {}", words.name(b), words.lang.pick("Bonus", "bonus")));
    }
    if let Some(p) = c.get("points").and_then(Value::as_u64).filter(|p| *p > 0) {
        parts.push(format!("{p} {}", words.lang.pick("Punkte", "points")));
    }
    if let Some(cost) = c.get("cost").filter(|c| c.as_object().is_some_and(|o| !o.is_empty())) {
        let needs = if decks.contains(&"nobles") {
            words.lang.pick("braucht", "needs")
        } else {
            words.lang.pick("kostet", "costs")
        };
        parts.push(format!("{needs} {}", words.price(cost)));
    }
    if let Some(t) = c.get("text").and_then(|m| words.message(m)) {
        parts.push(t);
    }
    Some(format!("{id} ({})", parts.join(", ")))
}

/// One field of an action: its name and value, the place or card it names
/// described.
pub fn arg(key: &str, v: &Value, words: &Words) -> String {
    if let Some(s) = place(key, v, words) {
        return s;
    }
    format!("{} {}", words.name(key), words.inline(v))
}

/// One field of an event, a place named by id with its short form.
pub fn arg_brief(key: &str, v: &Value, words: &Words) -> String {
    arg(key, v, words)
}

/// A place or card field described, if `key` names one this module knows
/// and the places or description have it.
fn place(key: &str, v: &Value, words: &Words) -> Option<String> {
    let at = words.lang.pick("bei", "at");
    match key {
        "node" | "vertex" | "intersection" | "at" if hex_board(&words.places) => {
            Some(format!("{at} {}", ids(v, |id| intersection(id, words))?))
        }
        "edge" | "path" | "road" if hex_board(&words.places) => Some(format!(
            "{} {}",
            words.lang.pick("Weg", "path"),
            ids(v, |id| path(id, words))?
        )),
        "hex" | "tile" if hex_board(&words.places) => Some(format!(
            "{} {}",
            words.lang.pick("Feld", "hex"),
            ids(v, |id| hex(id, words))?
        )),
        "card" | "cards" => Some(format!(
            "{} {}",
            words.lang.pick("Karte", "card"),
            card(v, words, &["development"])?
        )),
        "noble" | "nobles" => Some(format!(
            "{} {}",
            words.lang.pick("Adliger", "noble"),
            card(v, words, &["nobles"])?
        )),
        _ => None,
    }
}

/// One id, or a list of ids, each through `f`.
fn ids(v: &Value, f: impl Fn(u64) -> String) -> Option<String> {
    match v {
        Value::Number(n) => n.as_u64().map(&f),
        Value::Array(a) if a.iter().all(Value::is_u64) => Some(
            a.iter()
                .filter_map(Value::as_u64)
                .map(&f)
                .collect::<Vec<_>>()
                .join(", "),
        ),
        _ => None,
    }
}

/// Whether the view's field `key` is written by [`board_text`] instead.
pub fn shown_by_places(p: &Picture, key: &str) -> bool {
    hex_board(&p.places) && matches!(key, "board" | "robber")
}

/// The board by places: each hex with its terrain, number, pips and the
/// buildings on its corners, then the harbors; `None` for places of a form
/// this module does not know (the view's own fields are written instead).
pub fn board_text(p: &Picture, words: &Words, lang: Lang) -> Option<String> {
    if !hex_board(&p.places) {
        return None;
    }
    let robber = p.view.get("robber").and_then(Value::as_u64);
    // Who stands on each intersection: `S0` (settlement of seat 0), `C1` (city).
    let mut on = std::collections::HashMap::<u64, String>::new();
    for (seat, pl) in p
        .view
        .get("players")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        for (field, mark) in [("settlements", lang.pick("S", "S")), ("cities", lang.pick("St", "C"))] {
            for n in pl.get(field).and_then(Value::as_array).into_iter().flatten() {
                if let Some(n) = n.as_u64() {
                    on.insert(n, format!("{mark}{seat}"));
                }
            }
        }
    }
    let mut t = String::new();
    let _ = writeln!(
        t,
        "{}",
        lang.pick(
            "Spielplan (Feld: Ertrag Zahl (Punkte) · Ecken, Gebäude als =S/=St + Platz):",
            "Board (hex: yield number (pips) · corners, buildings as =S/=C + seat):"
        )
    );
    for h in p.places.get("hexes").and_then(Value::as_array).into_iter().flatten() {
        let id = h.get("id").and_then(Value::as_u64).unwrap_or(0);
        let corners: Vec<String> = h
            .get("corners")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_u64)
            .map(|c| match on.get(&c) {
                Some(b) => format!("{c}={b}"),
                None => c.to_string(),
            })
            .collect();
        let pips = h.get("pips").and_then(Value::as_u64).unwrap_or(0);
        let robber_here = if robber == Some(id) {
            lang.pick(" [Räuber]", " [robber]")
        } else {
            ""
        };
        let pips = if pips > 0 { format!(" ({pips})") } else { String::new() };
        let _ = writeln!(
            t,
            "  {id}: {}{pips}{robber_here} · {}",
            hex_words(h, words),
            corners.join(" ")
        );
    }
    let mut harbors = Vec::new();
    for path in p.places.get("paths").and_then(Value::as_array).into_iter().flatten() {
        if let (Some(kind), Some(ends)) = (
            path.get("harbor").and_then(|k| harbor_words(k, words)),
            path.get("intersections").and_then(Value::as_array),
        ) {
            if ends.len() == 2 {
                harbors.push(format!("{kind} {}–{}", ends[0], ends[1]));
            }
        }
    }
    if !harbors.is_empty() {
        let _ = writeln!(t, "{}: {}", lang.pick("Häfen", "Harbors"), harbors.join(", "));
    }
    Some(t)
}

/// A view field that holds cards by id (a market, nobles, reserved cards),
/// written with each card's data from the description; `None` for any
/// other field, or when the description has no cards.
pub fn view_field(key: &str, v: &Value, words: &Words, depth: usize) -> Option<String> {
    words.description.get("cards")?.as_object().filter(|c| !c.is_empty())?;
    let pad = "  ".repeat(depth);
    let named = words.name(key);
    let cards = |list: &Value, decks: &[&str]| -> Option<Vec<String>> {
        list.as_array()?
            .iter()
            .filter(|c| !c.is_null())
            .map(|c| card(c, words, decks).or_else(|| Some(words.inline(c))))
            .collect()
    };
    match (key, v) {
        ("market", Value::Array(rows)) if rows.iter().all(Value::is_array) => {
            let mut t = format!("{pad}{named}:\n");
            for (i, row) in rows.iter().enumerate() {
                let list = cards(row, &["development"])?;
                let _ = writeln!(
                    t,
                    "{pad}  {} {}: {}",
                    words.lang.pick("Stufe", "level"),
                    i + 1,
                    list.join("; ")
                );
            }
            Some(t)
        }
        ("nobles", Value::Array(a)) if a.iter().all(Value::is_u64) => {
            Some(format!("{pad}{named}: {}\n", cards(v, &["nobles"])?.join("; ")))
        }
        ("reserved", Value::Array(a)) if a.iter().all(Value::is_object) => {
            let list: Vec<String> = a
                .iter()
                .map(|r| match r.get("card").filter(|c| !c.is_null()) {
                    Some(c) => card(c, words, &["development"]).unwrap_or_else(|| words.inline(c)),
                    None => format!(
                        "{} {} ({})",
                        words.lang.pick("verdeckt, Stufe", "face down, level"),
                        words.inline(r.get("level").unwrap_or(&Value::Null)),
                        words.lang.pick("unbekannt", "unknown")
                    ),
                })
                .collect();
            Some(format!("{pad}{named}: {}\n", list.join("; ")))
        }
        _ => None,
    }
}
