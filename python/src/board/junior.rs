//! Catan Junior's board tensor (both sides of the board).
//!
//! The grid is the served geometry's (`catan_junior::geometry`: flat-topped
//! island hexes, corners at `(±2, 0)` and `(±1, ±1)` around a centre) at
//! double resolution: a place at `(x, y)` sits in row `2y`, column `2x`
//! (shifted to start at 0), so island centres, sites and the midpoints of
//! the ship routes (which lie on half units) each get a cell of their own:
//! 13 × 33 cells on the 3–4-player side, 13 × 17 on the 2-player side. The
//! castle island's centre is both a hex cell and the castle site's cell.
//! Junior has no harbors; Käpt'n Klau (the pirate, the robber's part) has a
//! channel.

use super::{BoardSpec, BoardTensor, Planes, PLACE_CHANNELS};
use catan_junior::{Board, CatanJunior, Island, State, View};
use engine::Game;
use serde_json::Value;

/// Goods channels, in `Good`'s order.
const GOODS: [&str; 5] = ["wood", "wool", "pineapple", "sabre", "gold"];
/// The first goods channel.
const GOOD0: usize = PLACE_CHANNELS.len();
/// The die number channel; the castle and Käpt'n Klau follow.
const NUMBER: usize = GOOD0 + GOODS.len();
/// The first channel per seat: `lair +0`; then `ship +0`, ….
const SEATS0: usize = NUMBER + 3;

/// `(row, column)` of a served place's `x`, `y`.
fn cell(v: &Value) -> (i32, i32) {
    let at = |k: &str| (v.get(k).and_then(Value::as_f64).unwrap_or(0.0) * 2.0).round() as i32;
    (at("y"), at("x"))
}

impl BoardTensor for CatanJunior {
    fn board_spec(state: &State) -> Option<BoardSpec> {
        let served = CatanJunior::topology(state)?;
        let list = |k: &str| served.get(k).and_then(Value::as_array).cloned().unwrap_or_default();
        // Islands in letter order, the castle island last.
        let mut hexes: Vec<(i32, i32)> = list("islands").iter().map(cell).collect();
        if let Some(c) = served.get("castle").filter(|c| c.is_object()) {
            hexes.push(cell(c));
        }
        // Sites by dense id (printed number − 1).
        let sites = list("sites");
        let n = sites.iter().filter_map(|s| s.get("site")?.as_u64()).max().unwrap_or(0) as usize;
        let mut nodes = vec![(0, 0); n];
        for s in &sites {
            let Some(i) = s
                .get("site")
                .and_then(Value::as_u64)
                .and_then(|k| (k as usize).checked_sub(1))
            else {
                continue;
            };
            if let Some(o) = nodes.get_mut(i) {
                *o = cell(s);
            }
        }
        // Routes in the board's order (dense route ids).
        let edges: Vec<(i32, i32)> = list("routes").iter().map(cell).collect();
        let players = CatanJunior::players(state);
        let mut channels: Vec<String> = GOODS.iter().map(|s| s.to_string()).collect();
        channels.extend(["number", "castle", "klau"].map(String::from));
        for name in ["lair", "ship"] {
            channels.extend((0..players).map(|k| format!("{name} +{k}")));
        }
        Some(BoardSpec::new(channels, &hexes, &nodes, &edges))
    }

    fn encode_board(spec: &BoardSpec, v: &View, players: usize, out: &mut [f32]) {
        let board = Board::get(v.edition, v.side);
        let mut p = Planes::start(spec, out);
        for (i, island) in board.islands.iter().enumerate() {
            let Some(&c) = spec.hexes.get(i) else { continue };
            p.set(GOOD0 + island.good as usize, c, 1.0);
            p.set(NUMBER, c, f32::from(island.number) / 5.0);
        }
        let castle = (spec.hexes.len() > board.islands.len())
            .then(|| spec.hexes.last().copied())
            .flatten();
        if let Some(c) = castle {
            p.set(NUMBER + 1, c, 1.0);
        }
        let klau = if v.klau == Island::CASTLE {
            castle
        } else {
            spec.hexes
                .get(v.klau.index())
                .copied()
                .filter(|_| v.klau.index() < board.islands.len())
        };
        if let Some(c) = klau {
            p.set(NUMBER + 2, c, 1.0);
        }
        for (k, seat) in crate::obs::seats_from(v.viewer, players).enumerate() {
            let Some(s) = v.seats.get(seat) else { continue };
            for site in &s.lairs {
                if let Some(&c) = spec.nodes.get(site.index()) {
                    p.set(SEATS0 + k, c, 1.0);
                }
            }
            for link in &s.ships {
                if let Some(&c) = board.route(*link).and_then(|r| spec.edges.get(usize::from(r))) {
                    p.set(SEATS0 + players + k, c, 1.0);
                }
            }
        }
    }
}
