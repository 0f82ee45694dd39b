//! Splendor's picture (no board: web/games/splendor.js's table): the nobles,
//! the three market rows beside their decks, the bank, and a row per seat
//! with its tokens, bonuses, points and reserved cards (a card reserved face
//! down shows only its back to the other seats, as in the view).

use super::{color, idx, ink_for, num, seat_fill, seat_text, viewer_seat, Svg};
use engine::{Card, Description};
use serde_json::Value;
use std::fmt::Write;

/// The token colours of the description (gems, then gold).
fn tokens(d: &Description) -> Vec<&str> {
    d.terms.get("token").into_iter().flatten().map(|t| t.id.as_str()).collect()
}

/// The gem colours (no gold): the order of every cost.
fn gems(d: &Description) -> Vec<&str> {
    tokens(d).into_iter().filter(|g| *g != "gold").collect()
}

/// A token's fill and the ink that reads on it.
fn gem_fill<'a>(d: &'a Description, g: &str) -> (&'a str, &'static str) {
    let fill = color(d, "token", g, "#888888");
    (fill, ink_for(fill))
}

/// The colour of a level's card backs (`level` from 0).
fn level_fill(d: &Description, level: usize) -> &str {
    color(d, "level", &(level + 1).to_string(), "#44536a")
}

/// Development card `id` (the deck lists cards in id order).
fn dev_card(d: &Description, id: Option<usize>) -> Option<&Card> {
    d.cards.get("development")?.get(id?)
}

/// Noble `id`.
fn noble(d: &Description, id: Option<usize>) -> Option<&Card> {
    d.cards.get("nobles")?.get(id?)
}

/// "3 white 2 red" of a price, gems in order.
fn price_text(d: &Description, c: &Card) -> String {
    gems(d)
        .into_iter()
        .filter_map(|g| c.cost.get(g).map(|n| format!("{n} {}", super::name(d, "token", g))))
        .collect::<Vec<_>>()
        .join(" ")
}

pub(super) fn headline(view: &Value) -> String {
    let me = viewer_seat(view).map_or("spectator".to_string(), |s| format!("seat {s}"));
    let phase = view["phase"]["type"].as_str().unwrap_or("?");
    let acting = if phase == "over" {
        "game over".to_string()
    } else {
        format!("seat {} to act", num(&view["current"]))
    };
    format!(
        "Splendor, turn {}, phase {phase}, {acting} (view of {me}; cards reserved face down by others are not shown)",
        num(&view["turn"]),
    )
}

fn card_text(d: &Description, id: Option<usize>) -> String {
    let Some(c) = dev_card(d, id) else {
        return "?".into();
    };
    format!(
        "#{} L{} {} {}pt ({})",
        id.unwrap_or(0),
        c.level.unwrap_or(0),
        c.bonus.as_deref().map_or("?", |b| super::name(d, "token", b)),
        c.points,
        price_text(d, c)
    )
}

pub(super) fn board_text(d: &Description, view: &Value, out: &mut String) {
    for (l, row) in view["market"].as_array().into_iter().flatten().enumerate() {
        let cards: Vec<String> = row
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| card_text(d, idx(c)))
            .collect();
        let _ = writeln!(out, "market level {}: {}", l + 1, cards.join("; "));
    }
    let nobles: Vec<String> = view["nobles"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|n| {
            let c = noble(d, idx(n))?;
            Some(format!("{}pt ({})", c.points, price_text(d, c)))
        })
        .collect();
    let _ = writeln!(out, "nobles: {}", nobles.join("; "));
}

fn card(d: &Description, svg: &mut Svg, (x, y): (f64, f64), id: Option<usize>, level: usize) {
    const W: f64 = 64.0;
    const H: f64 = 88.0;
    let Some(c) = dev_card(d, id) else {
        // An empty slot (the deck ran out).
        let _ = level;
        svg.rect((x, y), (W, H), "#e9e4d8", "#d9d3c7", 1.0);
        return;
    };
    let bonus = c.bonus.as_deref().unwrap_or("gold");
    let (fill, ink) = gem_fill(d, bonus);
    svg.rect((x, y), (W, H), "#fffdf6", "#222", 1.0);
    svg.rect((x, y), (W, 24.0), fill, "#222", 1.0);
    if c.points > 0 {
        svg.text((x + 12.0, y + 18.0), 15.0, ink, &c.points.to_string());
    }
    let mut row = 0.0;
    for g in gems(d) {
        let Some(n) = c.cost.get(g) else {
            continue;
        };
        let (f, i) = gem_fill(d, g);
        let p = (x + 12.0, y + 36.0 + row * 15.0);
        svg.circle(p, 6.5, f, "#222", 1.0);
        svg.text((p.0, p.1 + 3.5), 9.0, i, &n.to_string());
        row += 1.0;
    }
}

pub(super) fn svg(d: &Description, view: &Value) -> String {
    let players = view["players"].as_array().cloned().unwrap_or_default();
    let (w, h) = (560.0, 420.0 + 70.0 * players.len() as f64);
    let mut svg = Svg::new(0.0, 0.0, w, h, "#f4f1ea");
    // Nobles.
    for (k, n) in view["nobles"].as_array().into_iter().flatten().enumerate() {
        let x = 90.0 + 74.0 * k as f64;
        svg.rect((x, 10.0), (64.0, 64.0), "#e6d6ae", "#b59d6a", 1.0);
        if let Some(c) = noble(d, idx(n)) {
            svg.text((x + 12.0, 28.0), 14.0, "#222", &c.points.to_string());
            let mut row = 0.0;
            for g in gems(d) {
                if let Some(need) = c.cost.get(g) {
                    let (f, i) = gem_fill(d, g);
                    svg.rect((x + 30.0, 16.0 + row * 17.0), (14.0, 15.0), f, "#222", 0.8);
                    svg.text((x + 37.0, 27.0 + row * 17.0), 9.0, i, &need.to_string());
                    row += 1.0;
                }
            }
        }
    }
    // Market, level 3 on top as on the table.
    let market = view["market"].as_array().cloned().unwrap_or_default();
    for level in (0..3).rev() {
        let y = 84.0 + 98.0 * (2 - level) as f64;
        svg.rect((10.0, y), (64.0, 88.0), level_fill(d, level), "#222", 1.0);
        svg.text((42.0, y + 50.0), 16.0, "#fff", &num(&view["decks"][level]).to_string());
        for (k, c) in market
            .get(level)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
        {
            card(d, &mut svg, (90.0 + 74.0 * k as f64, y), idx(c), level);
        }
    }
    // The bank.
    for (k, g) in tokens(d).into_iter().enumerate() {
        let (f, i) = gem_fill(d, g);
        let p = (410.0 + 28.0 * (k % 2) as f64 * 2.0, 110.0 + 48.0 * (k / 2) as f64);
        svg.circle(p, 18.0, f, "#222", 1.5);
        svg.text((p.0, p.1 + 5.0), 14.0, i, &num(&view["bank"][g]).to_string());
    }
    // The seats.
    let current = idx(&view["current"]);
    for (s, p) in players.iter().enumerate() {
        let y = 390.0 + 70.0 * s as f64;
        let now = current == Some(s);
        svg.rect(
            (10.0, y),
            (w - 20.0, 62.0),
            "#fffdf8",
            if now { "#e0a000" } else { "#d9d3c7" },
            if now { 3.0 } else { 1.0 },
        );
        svg.circle((34.0, y + 31.0), 16.0, seat_fill(d, s), "#111", 1.0);
        svg.text((34.0, y + 36.0), 13.0, seat_text(d, s), &s.to_string());
        svg.text((72.0, y + 38.0), 18.0, "#222", &format!("{}", num(&p["points"])));
        for (k, g) in tokens(d).into_iter().enumerate() {
            let (f, i) = gem_fill(d, g);
            let x = 110.0 + 40.0 * k as f64;
            svg.circle((x, y + 20.0), 10.0, f, "#222", 1.0);
            svg.text((x, y + 24.0), 10.0, i, &num(&p["tokens"][g]).to_string());
            if k < 5 {
                svg.rect((x - 9.0, y + 36.0), (18.0, 20.0), f, "#222", 1.0);
                svg.text((x, y + 50.0), 10.0, i, &num(&p["bonuses"][g]).to_string());
            }
        }
        for (k, r) in p["reserved"].as_array().into_iter().flatten().enumerate() {
            let x = 360.0 + 34.0 * k as f64;
            let level = idx(&r["level"]).unwrap_or(1).saturating_sub(1);
            let fill = match dev_card(d, idx(&r["card"])) {
                Some(c) => gem_fill(d, c.bonus.as_deref().unwrap_or("gold")).0,
                None => level_fill(d, level),
            };
            svg.rect((x, y + 8.0), (28.0, 46.0), fill, "#222", 1.0);
        }
    }
    svg.finish()
}
