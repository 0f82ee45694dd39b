//! The compact readable text of `observe`: whose turn, the seats, the seat's
//! view summarised field by field, what changed since the agent last looked.
//! Generic over the view JSON (no game types): short fields verbatim, long
//! lists by their length, so a board of 19 hexes costs one line, not 19.

use crate::backend::Picture;
use crate::labels::{compact, label, Lang};
use engine::ToAct;
use serde_json::Value;
use std::fmt::Write;

/// Longest line of a summarised field.
const MAX_FIELD: usize = 240;
/// Longest line of a board's indexed list (CATAN's hexes, a 6-player board's too).
const MAX_BOARD: usize = 1600;

/// Who acts, in words.
pub fn to_act_text(to_act: &ToAct, seat: u8, lang: Lang) -> String {
    match to_act {
        ToAct::Over => lang.pick("Das Spiel ist beendet.", "The game is over.").into(),
        ToAct::Chance => lang.pick("Der Zufall ist am Zug.", "Chance is due.").into(),
        ToAct::Seats(seats) => {
            let list: Vec<String> = seats.iter().map(|s| s.index().to_string()).collect();
            let yours = seats.iter().any(|s| s.index() == usize::from(seat));
            match (yours, lang) {
                (true, Lang::De) => format!("Du bist am Zug (Platz {seat}; am Zug: {}).", list.join(", ")),
                (true, Lang::En) => format!("Your turn (seat {seat}; to act: {}).", list.join(", ")),
                (false, Lang::De) => format!("Am Zug: Platz {}.", list.join(", ")),
                (false, Lang::En) => format!("To act: seat {}.", list.join(", ")),
            }
        }
    }
}

/// The whole text of `observe`.
pub fn observe_text(p: &Picture, changed: &[Value], since: Option<u64>, lang: Lang) -> String {
    let mut t = String::new();
    let _ = writeln!(
        t,
        "{} {} · {} {} · {} {} · Version {}",
        lang.pick("Spiel", "Game"),
        p.game,
        lang.pick("Tisch", "Table"),
        p.table,
        lang.pick("Platz", "Seat"),
        p.seat,
        p.version
    );
    if p.waiting_for_players {
        let _ = writeln!(
            t,
            "{}",
            lang.pick(
                "Der Tisch wartet auf Mitspieler.",
                "The table is waiting for players to join."
            )
        );
    }
    let _ = writeln!(t, "{}", to_act_text(&p.to_act, p.seat, lang));
    if let Some(r) = &p.result {
        let winners: Vec<String> = r.winners.iter().map(|s| s.index().to_string()).collect();
        let _ = writeln!(
            t,
            "{} {} · {} {:?} · {}",
            lang.pick("Gewonnen hat Platz", "Won by seat"),
            winners.join(", "),
            lang.pick("Punkte", "scores"),
            r.scores,
            r.reason
        );
    }
    let seats: Vec<String> = p
        .seats
        .iter()
        .map(|s| format!("{}: {} {}", s.seat, s.kind, s.name.as_deref().unwrap_or("")))
        .collect();
    let _ = writeln!(t, "{}: {}", lang.pick("Plätze", "Seats"), seats.join(" | "));
    let _ = writeln!(t, "{}:", lang.pick("Ansicht", "View"));
    summarise(&p.view, p.seat, &mut t);
    match since {
        None => {}
        Some(v) if changed.is_empty() => {
            let _ = writeln!(
                t,
                "{} {v}.",
                lang.pick("Nichts Neues seit Version", "Nothing new since version")
            );
        }
        Some(v) => {
            let _ = writeln!(t, "{} {v}:", lang.pick("Neu seit Version", "New since version"));
            for e in changed {
                let _ = writeln!(t, "  - {}", label(&p.game, e, lang));
            }
        }
    }
    let _ = writeln!(
        t,
        "{}: {}",
        lang.pick("Erlaubte Aktionen", "Legal actions"),
        p.legal.len()
    );
    t
}

/// The view field by field; the `players` list one line per player, the
/// viewer's own marked.
fn summarise(view: &Value, seat: u8, t: &mut String) {
    let Some(obj) = view.as_object() else {
        let _ = writeln!(t, "  {}", clip(compact(view)));
        return;
    };
    for (k, v) in obj {
        match (k.as_str(), v) {
            ("players", Value::Array(players)) => {
                for (i, pl) in players.iter().enumerate() {
                    let mark = if i == usize::from(seat) { " *" } else { "" };
                    let _ = writeln!(t, "  player {i}{mark}: {}", clip(compact(&strip_empty(pl))));
                }
            }
            (_, Value::Array(a)) if a.len() > 12 => {
                let _ = writeln!(t, "  {k}: [{} entries]", a.len());
            }
            (_, Value::Object(o)) if o.len() > 12 => {
                let _ = writeln!(t, "  {k}: {{{} fields}}", o.len());
            }
            // The board: one line per part, long lists indexed (hex 0, hex 1, …).
            (_, Value::Object(o)) if o.values().any(|x| x.as_array().is_some_and(|a| a.len() > 12)) => {
                for (k2, x) in o {
                    match x.as_array() {
                        Some(a) if a.len() > 12 => {
                            let items: Vec<String> = a
                                .iter()
                                .enumerate()
                                .map(|(i, e)| format!("{i}: {}", compact(e)))
                                .collect();
                            let _ = writeln!(t, "  {k}.{k2}: {}", clip_to(items.join("; "), MAX_BOARD));
                        }
                        _ => {
                            let _ = writeln!(t, "  {k}.{k2}: {}", clip(compact(x)));
                        }
                    }
                }
            }
            _ => {
                let _ = writeln!(t, "  {k}: {}", clip(compact(v)));
            }
        }
    }
}

/// An object without its empty fields (`0`, `[]`, `{}`, `false`, `null`).
fn strip_empty(v: &Value) -> Value {
    match v {
        Value::Object(o) => Value::Object(
            o.iter()
                .filter(|(_, x)| !engine::dynamic::is_empty_value(x))
                .map(|(k, x)| (k.clone(), strip_empty(x)))
                .collect(),
        ),
        other => other.clone(),
    }
}

fn clip(s: String) -> String {
    clip_to(s, MAX_FIELD)
}

fn clip_to(mut s: String, max: usize) -> String {
    if let Some((i, _)) = s.char_indices().nth(max) {
        s.truncate(i);
        s.push('…');
    }
    s
}
