//! Pictures of a position for `render_mode="ansi"` and `"rgb_array"`.
//!
//! Both are drawn from what the web UI draws from: one seat's *view* (as
//! JSON, the server's `{"op":"view"}`) and the board's geometry (`Game::
//! topology`, the server's `{"op":"topology"}`). Neither reads the state, so
//! neither can show a card the seat does not see: the text lists the view's
//! fields (a hidden hand is `null` in the view and is left out), the picture
//! draws the board and the public counts.
//!
//! The picture is an SVG in the web UI's colours and shapes (web/games/),
//! rasterised by `resvg`; labels use the system's fonts (fontdb), so on a
//! machine without any font the picture keeps its shapes and colours but
//! loses its numbers.

mod catan;
mod junior;
pub mod py;
mod splendor;

use engine::{Description, ErrorInfo};
use serde_json::Value;
use std::fmt::Write;
use std::sync::{Arc, OnceLock};

/// Seat colours for a game whose description names none (Splendor): the
/// web UI's generic seat palette (web/ui.js), not a game's colours.
const GENERIC_SEATS: [&str; 8] = [
    "#d62828", "#1d5fd1", "#2e9e4f", "#f28c00", "#8e44ad", "#00838f", "#795548", "#c2185b",
];

/// The colour of a term of the game's description (`#rrggbb`), or `fallback`.
pub(crate) fn color<'a>(d: &'a Description, kind: &str, id: &str, fallback: &'a str) -> &'a str {
    d.term(kind, id).and_then(|t| t.color.as_deref()).unwrap_or(fallback)
}

/// The English name of a term of the game's description, or the id.
pub(crate) fn name<'a>(d: &'a Description, kind: &str, id: &'a str) -> &'a str {
    d.term(kind, id).map_or(id, |t| t.en.as_str())
}

/// The colour of seat `i`: the game's seat colours (its description), else
/// the generic palette (repeating past its end).
pub(crate) fn seat_fill(d: &Description, i: usize) -> &str {
    if d.seats.is_empty() {
        return GENERIC_SEATS[i % GENERIC_SEATS.len()];
    }
    d.seats[i % d.seats.len()].color.as_deref().unwrap_or("#888888")
}

/// Text that reads on a fill colour: dark on light fills, white on dark
/// ones (relative luminance above 0.3), as the web UI's `inkFor`.
pub(crate) fn ink_for(fill: &str) -> &'static str {
    let hex = fill.trim_start_matches('#');
    let channel = |i: usize| {
        let c = f64::from(u8::from_str_radix(hex.get(i..i + 2).unwrap_or("00"), 16).unwrap_or(0)) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    if hex.len() != 6 {
        return "#111";
    }
    let l = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
    if l > 0.3 {
        "#111"
    } else {
        "#fff"
    }
}

/// Text colour on [`seat_fill`].
pub(crate) fn seat_text(d: &Description, i: usize) -> &'static str {
    ink_for(seat_fill(d, i))
}

/// An SVG document being written (`write!` into a `String` cannot fail).
#[derive(Debug)]
pub(crate) struct Svg(pub String);

impl Svg {
    pub fn new(x: f64, y: f64, w: f64, h: f64, background: &str) -> Svg {
        let mut s = String::with_capacity(16 * 1024);
        let _ = write!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x:.1} {y:.1} {w:.1} {h:.1}" width="{w:.0}" height="{h:.0}" font-family="DejaVu Sans, Arial, Helvetica, sans-serif"><rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" fill="{background}"/>"#
        );
        Svg(s)
    }
    pub fn polygon(&mut self, pts: &[(f64, f64)], fill: &str, stroke: &str, width: f64) {
        self.0.push_str("<polygon points=\"");
        for (x, y) in pts {
            let _ = write!(self.0, "{x:.1},{y:.1} ");
        }
        let _ = write!(self.0, r#"" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>"#);
    }
    pub fn circle(&mut self, (x, y): (f64, f64), r: f64, fill: &str, stroke: &str, width: f64) {
        let _ = write!(
            self.0,
            r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>"#
        );
    }
    pub fn line(&mut self, (ax, ay): (f64, f64), (bx, by): (f64, f64), stroke: &str, width: f64) {
        let _ = write!(
            self.0,
            r#"<line x1="{ax:.1}" y1="{ay:.1}" x2="{bx:.1}" y2="{by:.1}" stroke="{stroke}" stroke-width="{width}" stroke-linecap="round"/>"#
        );
    }
    pub fn rect(&mut self, (x, y): (f64, f64), (w, h): (f64, f64), fill: &str, stroke: &str, width: f64) {
        let _ = write!(
            self.0,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" rx="4" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>"#
        );
    }
    /// Centred text (escaped).
    pub fn text(&mut self, (x, y): (f64, f64), size: f64, fill: &str, text: &str) {
        let _ = write!(
            self.0,
            r#"<text x="{x:.1}" y="{y:.1}" font-size="{size}" font-weight="700" text-anchor="middle" fill="{fill}">{}</text>"#,
            escape(text)
        );
    }
    pub fn finish(mut self) -> String {
        self.0.push_str("</svg>");
        self.0
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// A number of the JSON (0 when absent or not a number).
pub(crate) fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or(0.0)
}

/// An index of the JSON, if it is one.
pub(crate) fn idx(v: &Value) -> Option<usize> {
    v.as_u64().and_then(|n| usize::try_from(n).ok())
}

/// The viewer's seat of a view (`{"viewer": {"seat": n}}`), if a seat looks.
pub(crate) fn viewer_seat(view: &Value) -> Option<usize> {
    idx(&view["viewer"]["seat"])
}

/// The view of one seat as readable text (for `render_mode="ansi"`), its
/// ids named by the game's description.
pub fn text(game: &str, d: &Description, view: &Value) -> String {
    let mut out = String::new();
    let head = match game {
        "catan" => catan::headline(view),
        "catan-junior" => junior::headline(view),
        "splendor" => splendor::headline(view),
        _ => String::new(),
    };
    let _ = writeln!(out, "{head}");
    let (seats_key, skip): (&str, &[&str]) = match game {
        "catan-junior" => ("seats", &["viewer", "seats"]),
        "splendor" => ("players", &["viewer", "players", "market", "nobles"]),
        _ => ("players", &["viewer", "players", "board", "cities_knights"]),
    };
    match game {
        "catan" => catan::board_text(d, view, &mut out),
        "splendor" => splendor::board_text(d, view, &mut out),
        _ => {}
    }
    if let Some(obj) = view.as_object() {
        for (k, v) in obj {
            if skip.contains(&k.as_str()) || v.is_null() {
                continue;
            }
            let _ = writeln!(out, "{k}: {}", compact(v));
        }
    }
    if let Some(ck) = view.get("cities_knights").filter(|v| v.is_object()) {
        if let Some(obj) = ck.as_object() {
            for (k, v) in obj {
                if k == "players" || v.is_null() {
                    continue;
                }
                let _ = writeln!(out, "C&K {k}: {}", compact(v));
            }
        }
    }
    let me = viewer_seat(view);
    let ck_players = view["cities_knights"]["players"].as_array();
    if let Some(players) = view[seats_key].as_array() {
        for (i, p) in players.iter().enumerate() {
            let you = if me == Some(i) { " (you)" } else { "" };
            let _ = write!(out, "seat {i}{you}: {}", compact(p));
            if let Some(ck) = ck_players.and_then(|c| c.get(i)) {
                let _ = write!(out, "; C&K {}", compact(ck));
            }
            out.push('\n');
        }
    }
    out
}

/// A JSON value in one line, leaving out what says nothing: `null` (hidden
/// or absent), zero counts, empty lists and objects.
pub(crate) fn compact(v: &Value) -> String {
    match v {
        Value::Null => "-".into(),
        Value::String(s) => s.clone(),
        Value::Array(a) => {
            let items: Vec<String> = a.iter().map(compact).collect();
            format!("[{}]", items.join(", "))
        }
        Value::Object(o) => {
            // Zeros say nothing in a table of counts (a hand, the bank), but
            // are ids or scores among other fields (a harbor's edge 0).
            let counts = o.values().all(Value::is_number);
            let items: Vec<String> = o
                .iter()
                .filter(|(_, v)| {
                    if counts {
                        !empty(v)
                    } else {
                        !v.is_null()
                            && !matches!(v, Value::Array(a) if a.is_empty())
                            && !matches!(v, Value::Object(_) if empty(v))
                    }
                })
                .map(|(k, v)| format!("{k} {}", compact(v)))
                .collect();
            if items.is_empty() {
                "-".into()
            } else {
                format!("{{{}}}", items.join(", "))
            }
        }
        other => other.to_string(),
    }
}

fn empty(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.values().all(empty),
        Value::String(_) => false,
    }
}

/// The view as an SVG picture (`topology` is `Game::topology`'s JSON, `d`
/// the game's description: its colours). A game without a picture here is
/// refused (`engine.render`), never drawn as another game.
pub fn svg(game: &str, d: &Description, topology: &Value, view: &Value) -> Result<String, ErrorInfo> {
    match game {
        "catan" => Ok(catan::svg(d, topology, view)),
        "catan-junior" => Ok(junior::svg(d, topology, view)),
        "splendor" => Ok(splendor::svg(d, view)),
        other => Err(ErrorInfo::new(
            "malformed",
            "engine.render",
            format!("Für das Spiel „{other}“ gibt es kein Bild."),
            format!("There is no picture of the game '{other}'."),
        )),
    }
}

fn fonts() -> Arc<resvg::usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<resvg::usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = resvg::usvg::fontdb::Database::new();
            db.load_system_fonts();
            Arc::new(db)
        })
        .clone()
}

/// Longest side of a picture in pixels.
pub const MAX_SIDE: u32 = 4096;

/// Rasterises `svg` to `width` pixels wide (height by the aspect ratio):
/// RGB bytes, row-major, and the height.
pub fn rgb(svg: &str, width: u32) -> Result<(Vec<u8>, u32), ErrorInfo> {
    use resvg::{tiny_skia, usvg};
    if width == 0 || width > MAX_SIDE {
        return Err(ErrorInfo::new(
            "malformed",
            "engine.malformed",
            format!("Bildbreite {width}: erlaubt sind 1 bis {MAX_SIDE} Pixel."),
            format!("picture width {width}: 1 to {MAX_SIDE} pixels are allowed."),
        ));
    }
    let opt = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| {
        ErrorInfo::new(
            "internal",
            "engine.render",
            format!("Das Bild ließ sich nicht zeichnen: {e}"),
            format!("the picture could not be drawn: {e}"),
        )
    })?;
    let size = tree.size();
    let scale = width as f32 / size.width().max(1.0);
    let height = ((size.height() * scale).round() as u32).clamp(1, MAX_SIDE);
    let mut pixmap = tiny_skia::Pixmap::new(width, height).ok_or_else(|| {
        ErrorInfo::new(
            "internal",
            "engine.render",
            "Kein Speicher für das Bild.",
            "no memory for the picture.",
        )
    })?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    // Premultiplied RGBA over an opaque background: alpha is 255 wherever
    // the background rectangle is drawn, so dropping it is exact.
    let rgb = pixmap.data().chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
    Ok((rgb, height))
}
