//! Catan Junior's picture: web/games/catan-junior.js in Rust (islands with
//! their goods and numbers, the castle, sites, ships, lairs, Käpt'n Klau),
//! with a strip of the seats' tiles above the board.

use super::{color, idx, ink_for, num, viewer_seat, Svg};
use engine::Description;
use serde_json::Value;
use std::fmt::Write;

/// A unit of the grid in SVG units (x: half a hex side, y: √3/2 of it).
const S: f64 = 30.0;
const STRIP: f64 = 34.0;

/// The fill and ink of a seat colour (`red`, `purple`, …): the seat colours
/// of the description, both sides of the board.
fn colour_fill<'a>(d: &'a Description, c: &str) -> (&'a str, &'static str) {
    let two = d.facts.get("two_player_seats").and_then(Value::as_array);
    let fill = d
        .seats
        .iter()
        .find(|t| t.id == c)
        .and_then(|t| t.color.as_deref())
        .or_else(|| {
            two.into_iter()
                .flatten()
                .find(|t| t["id"] == c)
                .and_then(|t| t["color"].as_str())
        })
        .unwrap_or("#999999");
    (fill, ink_for(fill))
}

pub(super) fn headline(view: &Value) -> String {
    let me = viewer_seat(view).map_or("spectator".to_string(), |s| format!("seat {s}"));
    let phase = view["phase"]["type"].as_str().unwrap_or("?");
    format!(
        "Catan Junior, turn {}, phase {phase}, captain seat {}, roll {}, Käpt'n Klau on {} (view of {me})",
        num(&view["turn"]),
        num(&view["captain"]),
        num(&view["roll"]),
        view["klau"].as_str().unwrap_or("?")
    )
}

fn grid(topo: &Value, x: &Value, y: &Value) -> (f64, f64) {
    let xu = topo["grid"]["x_unit"].as_f64().unwrap_or(0.5);
    let yu = topo["grid"]["y_unit"].as_f64().unwrap_or(0.866);
    (num(x) * xu * S * 2.0, num(y) * yu * S * 2.0)
}

fn corners(topo: &Value, v: &Value) -> Vec<(f64, f64)> {
    v["corners"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| grid(topo, &c[0], &c[1]))
        .collect()
}

pub(super) fn svg(d: &Description, topo: &Value, view: &Value) -> String {
    let sites: Vec<(u64, (f64, f64))> = topo["sites"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| Some((s["site"].as_u64()?, grid(topo, &s["x"], &s["y"]))))
        .collect();
    let site = |n: Option<u64>| n.and_then(|n| sites.iter().find(|(s, _)| *s == n).map(|(_, p)| *p));
    let (mut x0, mut x1, mut y0, mut y1) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    for (_, (x, y)) in &sites {
        x0 = x0.min(*x);
        x1 = x1.max(*x);
        y0 = y0.min(*y);
        y1 = y1.max(*y);
    }
    let m = 2.5 * S;
    let (w, h) = (x1 - x0 + 2.0 * m, y1 - y0 + 2.0 * m + STRIP);
    let mut svg = Svg::new(x0 - m, y0 - m - STRIP, w, h, "#3d7fb8");
    let klau = view["klau"].as_str().unwrap_or("");
    for island in topo["islands"].as_array().into_iter().flatten() {
        let good = island["good"].as_str().unwrap_or("");
        svg.polygon(&corners(topo, island), color(d, "good", good, "#a89f91"), "#f3e6c4", 3.0);
        let c = grid(topo, &island["x"], &island["y"]);
        svg.circle((c.0, c.1 + 5.0), 11.0, "#fbf3dc", "#6b5a3a", 1.2);
        svg.text((c.0, c.1 + 9.5), 13.0, "#222", &num(&island["number"]).to_string());
        if island["island"].as_str() == Some(klau) {
            klau_shape(&mut svg, (c.0, c.1 - 12.0));
        }
    }
    if let Some(castle) = topo["castle"].as_object().map(|_| &topo["castle"]) {
        svg.polygon(&corners(topo, castle), "#a89f91", "#f3e6c4", 3.0);
        let (cx, cy) = grid(topo, &castle["x"], &castle["y"]);
        let _ = write!(
            svg.0,
            r##"<path d="M{:.1},{:.1} V{:.1} h5 v4 h4 v-4 h6 v4 h4 v-4 h5 V{:.1} Z" fill="#6d6458" stroke="#222" stroke-width="1.5"/>"##,
            cx - 16.0,
            cy + 10.0,
            cy - 8.0,
            cy + 10.0
        );
        if klau == "castle" {
            klau_shape(&mut svg, (cx + 22.0, cy));
        }
    }
    for route in topo["routes"].as_array().into_iter().flatten() {
        if let (Some(a), Some(b)) = (site(route["route"][0].as_u64()), site(route["route"][1].as_u64())) {
            svg.line(a, b, "#f3e6c4", 1.5);
        }
    }
    for (_, p) in &sites {
        svg.circle(*p, 4.0, "#f3e6c4", "#6b5a3a", 1.0);
    }
    let seats = view["seats"].as_array().cloned().unwrap_or_default();
    for s in &seats {
        let (fill, _) = colour_fill(d, s["colour"].as_str().unwrap_or(""));
        for ship in s["ships"].as_array().into_iter().flatten() {
            if let (Some(a), Some(b)) = (site(ship[0].as_u64()), site(ship[1].as_u64())) {
                svg.line(a, b, "#111", 8.5);
                svg.line(a, b, fill, 5.0);
            }
        }
    }
    for s in &seats {
        let (fill, _) = colour_fill(d, s["colour"].as_str().unwrap_or(""));
        for (x, y) in s["lairs"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|l| site(l.as_u64()))
        {
            let k = 8.0;
            let _ = write!(
                svg.0,
                r##"<path d="M{:.1},{:.1} L{:.1},{:.1} L{x:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} Z" fill="{fill}" stroke="#111" stroke-width="1.8"/>"##,
                x - k,
                y + k,
                x - k,
                y - k * 0.2,
                y - k * 1.2,
                x + k,
                y - k * 0.2,
                x + k,
                y + k
            );
        }
    }
    let captain = idx(&view["captain"]);
    let cell = (w - 20.0) / seats.len().max(1) as f64;
    for (i, s) in seats.iter().enumerate() {
        let (fill, ink) = colour_fill(d, s["colour"].as_str().unwrap_or(""));
        let x = x0 - m + 10.0 + cell * i as f64;
        let y = y0 - m - STRIP + 6.0;
        let lead = captain == Some(i);
        svg.rect(
            (x + 2.0, y),
            (cell - 4.0, STRIP - 10.0),
            fill,
            if lead { "#ffd400" } else { "#111" },
            if lead { 3.0 } else { 1.0 },
        );
        let tiles: f64 = s["hand"].as_object().map_or(0.0, |h| h.values().map(num).sum());
        let label = format!("{i}: {} lairs left, {tiles} tiles", num(&s["lairs_left"]));
        svg.text((x + cell / 2.0, y + 17.0), 12.0, ink, &label);
    }
    svg.finish()
}

fn klau_shape(svg: &mut Svg, (x, y): (f64, f64)) {
    let _ = write!(
        svg.0,
        r##"<path d="M{:.1},{:.1} Q{:.1},{:.1} {x:.1},{:.1} Q{:.1},{:.1} {:.1},{:.1} Z" fill="#1b1b1b" stroke="#fff" stroke-width="1.2"/>"##,
        x - 7.0,
        y + 9.0,
        x - 8.0,
        y - 3.0,
        y - 4.0,
        x + 8.0,
        y - 3.0,
        x + 7.0,
        y + 9.0
    );
    svg.circle((x, y - 8.0), 5.0, "#1b1b1b", "#fff", 1.2);
}
