//! Splendor's picture (no board: web/games/splendor.js's table): the nobles,
//! the three market rows beside their decks, the bank, and a row per seat
//! with its tokens, bonuses, points and reserved cards (a card reserved face
//! down shows only its back to the other seats, as in the view).

use super::{idx, num, seat_fill, seat_text, viewer_seat, Svg};
use serde_json::Value;
use splendor::data::{CARDS, NOBLES};
use std::fmt::Write;

const GEMS: [&str; 6] = ["white", "blue", "green", "red", "black", "gold"];

fn gem_fill(g: &str) -> (&'static str, &'static str) {
    match g {
        "white" => ("#f7f7f2", "#111"),
        "blue" => ("#2f6fd6", "#fff"),
        "green" => ("#2e9d57", "#fff"),
        "red" => ("#d23b3b", "#fff"),
        "black" => ("#33302e", "#fff"),
        _ => ("#e0b019", "#111"),
    }
}

const LEVEL_FILL: [&str; 3] = ["#4f8a3c", "#c3861b", "#2f5f9e"];

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

fn card_text(id: Option<usize>) -> String {
    let Some(c) = id.and_then(|i| CARDS.get(i)) else {
        return "?".into();
    };
    let cost: Vec<String> = c
        .cost
        .iter()
        .zip(GEMS)
        .filter(|(n, _)| **n > 0)
        .map(|(n, g)| format!("{n} {g}"))
        .collect();
    format!(
        "#{} L{} {} {}pt ({})",
        id.unwrap_or(0),
        c.level,
        GEMS.get(c.bonus as usize).unwrap_or(&"?"),
        c.points,
        cost.join(" ")
    )
}

pub(super) fn board_text(view: &Value, out: &mut String) {
    for (l, row) in view["market"].as_array().into_iter().flatten().enumerate() {
        let cards: Vec<String> = row
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| card_text(idx(c)))
            .collect();
        let _ = writeln!(out, "market level {}: {}", l + 1, cards.join("; "));
    }
    let nobles: Vec<String> = view["nobles"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|n| {
            let d = NOBLES.get(idx(n)?)?;
            let need: Vec<String> = d
                .requires
                .iter()
                .zip(GEMS)
                .filter(|(n, _)| **n > 0)
                .map(|(n, g)| format!("{n} {g}"))
                .collect();
            Some(format!("{}pt ({})", d.points, need.join(" ")))
        })
        .collect();
    let _ = writeln!(out, "nobles: {}", nobles.join("; "));
}

fn card(svg: &mut Svg, (x, y): (f64, f64), id: Option<usize>, level: usize) {
    const W: f64 = 64.0;
    const H: f64 = 88.0;
    let Some(c) = id.and_then(|i| CARDS.get(i)) else {
        // An empty slot (the deck ran out).
        let _ = level;
        svg.rect((x, y), (W, H), "#e9e4d8", "#d9d3c7", 1.0);
        return;
    };
    let bonus = GEMS.get(c.bonus as usize).copied().unwrap_or("gold");
    let (fill, ink) = gem_fill(bonus);
    svg.rect((x, y), (W, H), "#fffdf6", "#222", 1.0);
    svg.rect((x, y), (W, 24.0), fill, "#222", 1.0);
    if c.points > 0 {
        svg.text((x + 12.0, y + 18.0), 15.0, ink, &c.points.to_string());
    }
    let mut row = 0.0;
    for (n, g) in c.cost.iter().zip(GEMS) {
        if *n == 0 {
            continue;
        }
        let (f, i) = gem_fill(g);
        let p = (x + 12.0, y + 36.0 + row * 15.0);
        svg.circle(p, 6.5, f, "#222", 1.0);
        svg.text((p.0, p.1 + 3.5), 9.0, i, &n.to_string());
        row += 1.0;
    }
}

pub(super) fn svg(view: &Value) -> String {
    let players = view["players"].as_array().cloned().unwrap_or_default();
    let (w, h) = (560.0, 420.0 + 70.0 * players.len() as f64);
    let mut svg = Svg::new(0.0, 0.0, w, h, "#f4f1ea");
    // Nobles.
    for (k, n) in view["nobles"].as_array().into_iter().flatten().enumerate() {
        let x = 90.0 + 74.0 * k as f64;
        svg.rect((x, 10.0), (64.0, 64.0), "#e6d6ae", "#b59d6a", 1.0);
        if let Some(d) = idx(n).and_then(|i| NOBLES.get(i)) {
            svg.text((x + 12.0, 28.0), 14.0, "#222", &d.points.to_string());
            let mut row = 0.0;
            for (need, g) in d.requires.iter().zip(GEMS) {
                if *need > 0 {
                    let (f, i) = gem_fill(g);
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
        svg.rect((10.0, y), (64.0, 88.0), LEVEL_FILL[level], "#222", 1.0);
        svg.text((42.0, y + 50.0), 16.0, "#fff", &num(&view["decks"][level]).to_string());
        for (k, c) in market
            .get(level)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
        {
            card(&mut svg, (90.0 + 74.0 * k as f64, y), idx(c), level);
        }
    }
    // The bank.
    for (k, g) in GEMS.iter().enumerate() {
        let (f, i) = gem_fill(g);
        let p = (410.0 + 28.0 * (k % 2) as f64 * 2.0, 110.0 + 48.0 * (k / 2) as f64);
        svg.circle(p, 18.0, f, "#222", 1.5);
        svg.text((p.0, p.1 + 5.0), 14.0, i, &num(&view["bank"][*g]).to_string());
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
        svg.circle((34.0, y + 31.0), 16.0, seat_fill(s), "#111", 1.0);
        svg.text((34.0, y + 36.0), 13.0, seat_text(s), &s.to_string());
        svg.text((72.0, y + 38.0), 18.0, "#222", &format!("{}", num(&p["points"])));
        for (k, g) in GEMS.iter().enumerate() {
            let (f, i) = gem_fill(g);
            let x = 110.0 + 40.0 * k as f64;
            svg.circle((x, y + 20.0), 10.0, f, "#222", 1.0);
            svg.text((x, y + 24.0), 10.0, i, &num(&p["tokens"][*g]).to_string());
            if k < 5 {
                svg.rect((x - 9.0, y + 36.0), (18.0, 20.0), f, "#222", 1.0);
                svg.text((x, y + 50.0), 10.0, i, &num(&p["bonuses"][*g]).to_string());
            }
        }
        for (k, r) in p["reserved"].as_array().into_iter().flatten().enumerate() {
            let x = 360.0 + 34.0 * k as f64;
            let level = idx(&r["level"]).unwrap_or(1).saturating_sub(1);
            let fill = match idx(&r["card"]).and_then(|i| CARDS.get(i)) {
                Some(c) => gem_fill(GEMS.get(c.bonus as usize).copied().unwrap_or("gold")).0,
                None => LEVEL_FILL.get(level).copied().unwrap_or("#44536a"),
            };
            svg.rect((x, y + 8.0), (28.0, 46.0), fill, "#222", 1.0);
        }
    }
    svg.finish()
}
