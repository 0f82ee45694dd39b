//! The readable text of the tools: whose turn, the seats, the seat's whole
//! view, what changed, the legal actions. Nothing is cut: a field is written
//! out in full, only empty values (zero counts, `false`, `[]`, `null`) are
//! left out, since they say nothing and cost a model tokens.
//!
//! Generic over the view JSON (no game types): the words come from the
//! game's description ([`crate::labels::Words`]) and the board, where the
//! description knows its places, is written by places
//! ([`crate::places`]) instead of as the view's id lists.

use crate::backend::{ClockNote, Entry, Picture, SeatLine};
use crate::labels::{label_event, Lang, Words};
use engine::ToAct;
use serde_json::Value;
use std::fmt::Write;

/// Who acts, in words, seats 0-based.
pub fn to_act_text(to_act: &ToAct, seat: u8, lang: Lang) -> String {
    match to_act {
        ToAct::Over => lang.pick("Das Spiel ist beendet.", "The game is over.").into(),
        ToAct::Chance => lang.pick("Der Zufall ist am Zug.", "Chance is due.").into(),
        ToAct::Seats(seats) => {
            let list: Vec<String> = seats.iter().map(|s| s.index().to_string()).collect();
            let yours = seats.iter().any(|s| s.index() == usize::from(seat));
            match (yours, list.len(), lang) {
                (true, 1, Lang::De) => "Du bist am Zug.".into(),
                (true, 1, Lang::En) => "Your turn.".into(),
                (true, _, Lang::De) => format!("Du bist am Zug (mit Platz {}).", list.join(", ")),
                (true, _, Lang::En) => format!("Your turn (with seats {}).", list.join(", ")),
                (false, 0, Lang::De) => "Niemand ist am Zug.".into(),
                (false, 0, Lang::En) => "Nobody is to act.".into(),
                (false, _, Lang::De) => format!("Am Zug: Platz {}.", list.join(", ")),
                (false, _, Lang::En) => format!("To act: seat {}.", list.join(", ")),
            }
        }
    }
}

/// The clock's line, if the table has one: how long the seat has, and
/// whether this call took the seat back from the bot.
pub fn clock_text(clock: Option<&ClockNote>, lang: Lang) -> String {
    let Some(c) = clock else { return String::new() };
    let mut t = String::new();
    if c.taken_back {
        t.push_str(lang.pick(
            "Deine Zeit war abgelaufen und ein Bot hat deinen Platz gespielt; mit diesem Aufruf spielst du wieder selbst. ",
            "Your time had run out and a bot was playing your seat; this call took the seat back. ",
        ));
    }
    match (c.left_ms, lang) {
        (Some(ms), Lang::De) => {
            let _ = write!(
                t,
                "Uhr: {} s pro Entscheidung, noch {} s.",
                c.turn_seconds,
                ms.max(0) / 1000
            );
        }
        (Some(ms), Lang::En) => {
            let _ = write!(
                t,
                "Clock: {} s per decision, {} s left.",
                c.turn_seconds,
                ms.max(0) / 1000
            );
        }
        (None, Lang::De) => {
            let _ = write!(t, "Uhr: {} s pro Entscheidung.", c.turn_seconds);
        }
        (None, Lang::En) => {
            let _ = write!(t, "Clock: {} s per decision.", c.turn_seconds);
        }
    }
    t.push('\n');
    t
}

/// The seats in one line: `0 you (agent claude) · 1 greedy (bot)`.
pub fn seats_text(seats: &[SeatLine], me: u8, lang: Lang) -> String {
    let list: Vec<String> = seats
        .iter()
        .map(|s| {
            let name = s.name.as_deref().unwrap_or("");
            let you = if s.seat == me { lang.pick(" du", " you") } else { "" };
            let bot = if s.autopilot {
                lang.pick(", Bot spielt", ", bot playing")
            } else {
                ""
            };
            format!("{}{you} {name} ({}{bot})", s.seat, s.kind)
        })
        .collect();
    format!("{}: {}\n", lang.pick("Plätze", "Seats"), list.join(" · "))
}

/// A field's text as parts: one line as it is; a block (`name:` and lines
/// under it) as one part per line under it, each headed by the field's
/// name (`market level 2: …`, with the lines deeper under it), so that a
/// follow-up repeats the one market row or list entry that changed, not the
/// whole field.
fn block_parts(key: &str, text: &str) -> Vec<(String, String)> {
    let mut lines = text.lines();
    let (Some(head), true) = (lines.next(), text.lines().count() > 2) else {
        return vec![(key.to_string(), text.to_string())];
    };
    let Some(name) = head.strip_suffix(':').filter(|h| !h.starts_with(' ')) else {
        return vec![(key.to_string(), text.to_string())];
    };
    let mut parts: Vec<(String, String)> = Vec::new();
    for line in lines {
        match line.strip_prefix("  ") {
            Some(top) if !top.starts_with(' ') => {
                parts.push((format!("{key}:{}", parts.len()), format!("{name} {top}\n")));
            }
            _ => match parts.last_mut() {
                Some((_, t)) => {
                    t.push_str(line);
                    t.push('\n');
                }
                None => return vec![(key.to_string(), text.to_string())],
            },
        }
    }
    parts
}

/// What the text of an observation shows of the view: every field (the
/// board by places where they are known), with what the agent saw last time
/// left out when `unchanged` says so.
#[derive(Debug)]
pub struct ViewText {
    /// Each part's name and its lines, in the view's order.
    pub parts: Vec<(String, String)>,
}

impl ViewText {
    /// The parts of `p`'s view.
    pub fn of(p: &Picture, words: &Words, lang: Lang) -> ViewText {
        let mut parts = Vec::new();
        if let Some(board) = crate::places::board_text(p, words, lang) {
            // One part per line (per hex), so that a follow-up repeats only
            // the hexes whose corners changed.
            for (i, line) in board.lines().enumerate() {
                parts.push((format!("board:{i}"), format!("{line}\n")));
            }
        }
        let Some(obj) = p.view.as_object() else {
            parts.push(("view".into(), format!("{}\n", words.inline(&p.view))));
            return ViewText { parts };
        };
        for (k, v) in obj {
            if crate::places::shown_by_places(p, k) || crate::labels::empty(v) || k == "viewer" {
                continue;
            }
            match (k.as_str(), v) {
                ("players", Value::Array(players)) => {
                    for (i, pl) in players.iter().enumerate() {
                        let mark = if i == usize::from(p.seat) {
                            lang.pick(" (du)", " (you)")
                        } else {
                            ""
                        };
                        // One line per player: its fields inline, none cut.
                        let inline = words.inline(pl);
                        let fields = inline
                            .strip_prefix('{')
                            .and_then(|x| x.strip_suffix('}'))
                            .unwrap_or(&inline);
                        let t = format!("{} {i}{mark}: {fields}\n", lang.pick("Platz", "Seat"));
                        parts.push((format!("player {i}"), t));
                    }
                }
                _ => {
                    let mut t = String::new();
                    words.field(k, v, 0, &mut t);
                    parts.extend(block_parts(k, &t));
                }
            }
        }
        ViewText { parts }
    }

    /// All parts.
    pub fn all(&self) -> String {
        self.parts.iter().map(|(_, t)| t.as_str()).collect()
    }

    /// The parts whose text differs from `seen` (part name to its hash),
    /// and the names of those that do not.
    pub fn changed(&self, seen: &std::collections::HashMap<String, u64>) -> (String, Vec<String>) {
        let mut out = String::new();
        let mut same: Vec<String> = Vec::new();
        let mut board_same = 0;
        let mut board_all = 0;
        for (k, t) in &self.parts {
            let board = k.starts_with("board:");
            board_all += usize::from(board);
            if seen.get(k) == Some(&hash(t)) {
                if board {
                    board_same += 1;
                } else {
                    same.push(k.clone());
                }
            } else {
                out.push_str(t);
            }
        }
        match board_same {
            0 => {}
            n if n == board_all => same.insert(0, "board".into()),
            n => same.insert(0, format!("{n} board lines")),
        }
        (out, same)
    }

    /// Each part's hash, to remember what the agent has seen.
    pub fn hashes(&self) -> std::collections::HashMap<String, u64> {
        self.parts.iter().map(|(k, t)| (k.clone(), hash(t))).collect()
    }
}

fn hash(s: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
}

/// The events of `entries`, one line per step with its version, the
/// older ones left to `history` when there are more than `max`.
pub fn events_text(entries: &[Entry], earlier: usize, words: &Words, lang: Lang, out: &mut String) {
    if earlier > 0 {
        let first = entries.first().map_or(0, |e| e.v.saturating_sub(1));
        let _ = writeln!(
            out,
            "{}",
            match lang {
                Lang::De => format!("({earlier} frühere Schritte: „history“ mit from bis {first})"),
                Lang::En => format!("({earlier} earlier steps: 'history' with from up to {first})"),
            }
        );
    }
    for e in entries {
        let labels: Vec<String> = e.events.iter().map(|ev| label_event(ev, words, lang)).collect();
        let _ = writeln!(out, "  [{}] {}", e.v, labels.join("; "));
    }
}
