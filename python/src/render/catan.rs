//! CATAN's picture: web/games/catan.js `boardSvg` in Rust (terrain, number
//! tokens with pips, harbors, roads, settlements, cities, the robber, C&K
//! knights), with a strip of the seats' public scores above the board.

use super::{color, compact, idx, name, num, seat_fill, seat_text, viewer_seat, Svg};
use engine::Description;
use serde_json::Value;
use std::fmt::Write;

/// Hex radius in SVG units (as the web UI).
const S: f64 = 50.0;
const STRIP: f64 = 34.0;

fn phase_name(view: &Value) -> String {
    match &view["phase"] {
        Value::String(s) => s.clone(),
        v => v["phase"].as_str().unwrap_or("?").to_string(),
    }
}

/// Who is to act, or that the game is over.
fn acting(view: &Value) -> String {
    if phase_name(view) == "over" {
        "game over".into()
    } else {
        format!("seat {} to act", num(&view["current"]))
    }
}

pub(super) fn headline(view: &Value) -> String {
    let me = viewer_seat(view).map_or("spectator".to_string(), |s| format!("seat {s}"));
    let roll = match &view["last_roll"] {
        Value::Object(d) => format!(", last roll {}+{}", num(&d["red"]), num(&d["yellow"])),
        _ => String::new(),
    };
    format!(
        "CATAN, turn {}, phase {}, {}{roll} (view of {me}; hidden cards are not shown)",
        num(&view["turn"]),
        phase_name(view),
        acting(view)
    )
}

pub(super) fn board_text(d: &Description, view: &Value, out: &mut String) {
    let robber = idx(&view["robber"]);
    let tiles: Vec<String> = view["board"]["tiles"]
        .as_array()
        .map(|t| {
            t.iter()
                .enumerate()
                .map(|(i, t)| {
                    let n = t["number"].as_u64().map_or(String::new(), |n| format!(" {n}"));
                    let r = if robber == Some(i) { " robber" } else { "" };
                    format!("{i} {}{n}{r}", name(d, "terrain", t["terrain"].as_str().unwrap_or("?")))
                })
                .collect()
        })
        .unwrap_or_default();
    let _ = writeln!(out, "hexes: {}", tiles.join("; "));
    let _ = writeln!(out, "harbors: {}", compact(&view["board"]["harbors"]));
}

/// Point of a grid position of the topology.
fn at(topo: &Value, p: &Value) -> (f64, f64) {
    let xu = topo["grid"]["x_unit"].as_f64().unwrap_or(0.866);
    let yu = topo["grid"]["y_unit"].as_f64().unwrap_or(0.5);
    (num(&p["x"]) * xu * S, num(&p["y"]) * yu * S)
}

fn node_at(topo: &Value, n: Option<usize>) -> Option<(f64, f64)> {
    topo["nodes"].get(n?).map(|p| at(topo, p))
}

fn edge_ends(topo: &Value, e: Option<usize>) -> Option<((f64, f64), (f64, f64))> {
    let nodes = &topo["edges"].get(e?)?["nodes"];
    Some((node_at(topo, idx(&nodes[0]))?, node_at(topo, idx(&nodes[1]))?))
}

fn ids(v: &Value) -> impl Iterator<Item = Option<usize>> + '_ {
    v.as_array().into_iter().flatten().map(idx)
}

fn pips(n: u64) -> usize {
    6usize.saturating_sub(7usize.abs_diff(n as usize))
}

pub(super) fn svg(d: &Description, topo: &Value, view: &Value) -> String {
    let points: Vec<(f64, f64)> = topo["nodes"]
        .as_array()
        .map(|n| n.iter().map(|p| at(topo, p)).collect())
        .unwrap_or_default();
    let reach = points.iter().map(|(x, y)| x.hypot(*y)).fold(0.0, f64::max);
    let radius = (5.6 * S).max(reach + 0.7 * S);
    let (w, h) = (2.0 * radius + 20.0, 3f64.sqrt() * radius + 20.0 + STRIP);
    let mut svg = Svg::new(-w / 2.0, -h / 2.0 - STRIP / 2.0, w, h, "#3d7fb8");
    // Sea frame.
    let frame: Vec<(f64, f64)> = (0..6)
        .map(|k| {
            let a = std::f64::consts::PI / 3.0 * f64::from(k);
            (a.cos() * radius, a.sin() * radius)
        })
        .collect();
    svg.polygon(&frame, "#2f6fa6", "#8b5a2b", 6.0);
    let robber = idx(&view["robber"]);
    let tiles = view["board"]["tiles"].as_array().cloned().unwrap_or_default();
    for (hx, tile) in tiles.iter().enumerate() {
        let Some(hex) = topo["hexes"].get(hx) else { continue };
        let corners: Vec<(f64, f64)> = ids(&hex["nodes"]).filter_map(|n| node_at(topo, n)).collect();
        let c = at(topo, hex);
        let terrain = tile["terrain"].as_str().unwrap_or("");
        svg.polygon(&corners, color(d, "terrain", terrain, "#3d7fb8"), "#f3e6c4", 2.5);
        if let Some(n) = tile["number"].as_u64() {
            let red = n == 6 || n == 8;
            let ink = if red { "#c1121f" } else { "#222" };
            svg.circle(c, 15.0, "#fbf3dc", "#6b5a3a", 1.2);
            svg.text((c.0, c.1 + 4.0), if red { 15.0 } else { 13.0 }, ink, &n.to_string());
            let k = pips(n);
            for i in 0..k {
                let dx = (i as f64 - (k as f64 - 1.0) / 2.0) * 3.6;
                svg.circle((c.0 + dx, c.1 + 9.5), 1.3, ink, "none", 0.0);
            }
        }
        if robber == Some(hx) {
            let (x, y) = (c.0 + 20.0, c.1 - 4.0);
            let _ = write!(
                svg.0,
                r##"<path d="M{:.1},{:.1} Q{:.1},{:.1} {x:.1},{:.1} Q{:.1},{:.1} {:.1},{:.1} Z" fill="#2b2b2b" stroke="#eee" stroke-width="1.2"/>"##,
                x - 8.0,
                y + 11.0,
                x - 9.0,
                y - 4.0,
                y - 6.0,
                x + 9.0,
                y - 4.0,
                x + 8.0,
                y + 11.0
            );
            svg.circle((x, y - 10.0), 6.0, "#2b2b2b", "#eee", 1.2);
        }
    }
    for harbor in view["board"]["harbors"].as_array().into_iter().flatten() {
        let Some((a, b)) = edge_ends(topo, idx(&harbor["edge"])) else {
            continue;
        };
        let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        let len = mx.hypot(my).max(1.0);
        let p = (mx + mx / len * S * 0.62, my + my / len * S * 0.62);
        svg.line(a, p, "#8b5a2b", 4.0);
        svg.line(b, p, "#8b5a2b", 4.0);
        let kind = harbor["kind"].as_str().unwrap_or("generic");
        let generic = kind == "generic";
        svg.circle(p, 15.0, color(d, "resource", kind, "#ffffff"), "#222", 1.5);
        svg.text((p.0, p.1 + 4.0), 10.0, "#111", if generic { "3:1" } else { "2:1" });
    }
    let players = view["players"].as_array().cloned().unwrap_or_default();
    for (seat, p) in players.iter().enumerate() {
        for (a, b) in ids(&p["roads"]).filter_map(|e| edge_ends(topo, e)) {
            svg.line(a, b, "#111", 9.0);
            svg.line(a, b, seat_fill(d, seat), 6.0);
        }
    }
    let ck = view["cities_knights"]["players"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    for (seat, p) in players.iter().enumerate() {
        for (x, y) in ids(&p["settlements"]).filter_map(|n| node_at(topo, n)) {
            let s = 9.0;
            let _ = write!(
                svg.0,
                r##"<path d="M{:.1},{:.1} L{:.1},{:.1} L{x:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} Z" fill="{}" stroke="#111" stroke-width="1.8"/>"##,
                x - s,
                y + s,
                x - s,
                y - s * 0.2,
                y - s * 1.2,
                x + s,
                y - s * 0.2,
                x + s,
                y + s,
                seat_fill(d, seat)
            );
        }
        for (x, y) in ids(&p["cities"]).filter_map(|n| node_at(topo, n)) {
            let s = 9.0;
            let _ = write!(
                svg.0,
                r##"<path d="M{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} Z" fill="{}" stroke="#111" stroke-width="2.2"/>"##,
                x - 1.5 * s,
                y + s,
                x - 1.5 * s,
                y - s * 0.4,
                x - 0.9 * s,
                y - s * 1.3,
                x - 0.3 * s,
                y - s * 0.4,
                x + 1.5 * s,
                y - s * 0.4,
                x + 1.5 * s,
                y + s,
                seat_fill(d, seat)
            );
        }
        // C&K knights: a ring per knight (a set of nodes in the view).
        if let Some(k) = ck.get(seat) {
            for (x, y) in ids(&k["knights"]).filter_map(|n| node_at(topo, n)) {
                svg.circle((x, y), 8.0, seat_fill(d, seat), "#111", 2.0);
                svg.circle((x, y), 3.0, "#111", "none", 0.0);
            }
        }
    }
    // The seats' public points, the seat to act outlined.
    let current = idx(&view["current"]);
    let n = players.len().max(1) as f64;
    let cell = (w - 20.0) / n;
    for (seat, p) in players.iter().enumerate() {
        let x = -w / 2.0 + 10.0 + cell * seat as f64;
        let y = -h / 2.0 - STRIP / 2.0 + 6.0;
        let outline = if current == Some(seat) { "#ffd400" } else { "#111" };
        svg.rect(
            (x + 2.0, y),
            (cell - 4.0, STRIP - 10.0),
            seat_fill(d, seat),
            outline,
            if current == Some(seat) { 3.0 } else { 1.0 },
        );
        let label = format!(
            "{}: {} VP, {} cards",
            seat,
            num(&p["public_points"]),
            num(&p["resource_count"])
        );
        svg.text((x + cell / 2.0, y + 17.0), 13.0, seat_text(d, seat), &label);
    }
    svg.finish()
}
