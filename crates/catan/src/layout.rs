//! Stating a board: the wire form of a layout and every check it must pass.
//!
//! A layout names a tile per hex (reading order) and each harbor by the coastal
//! path it lies on with its kind (`{"edge": 3, "kind": "wool"}`), so another
//! engine's board or a photo of a real table can be written down as it is. The
//! random and the beginner board are written the same way (`Board` serialises
//! through [`Layout`]). The older form, a list of nine kinds meaning the frame's
//! nine fixed spots in clockwise order (`Topology::harbor_edges`), is still read
//! and converted, so saved games of earlier versions load unchanged.
//!
//! A layout from outside may be wrong in any way; [`Layout::problems`] lists
//! every problem with its rule id and a German and English sentence, and only
//! a layout without problems becomes a [`Board`] (fixed-size arrays, `Copy`).

use crate::board::{material, Board, Harbor, HarborSpot, Terrain, Tile};
use crate::topology::{EdgeId, Shape};
use serde::{Deserialize, Serialize};

/// One problem of a stated layout: the rule it breaks (`catan.board.*`,
/// `catan.setup.start_player`) and what is wrong, in German and English; the
/// engine's type, so a loaded state's problems read the same.
pub use engine::Problem;

/// A harbor as written: its spot, or (the older form) only its kind, which then
/// lies on the frame's fixed spot of its position in the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum HarborEntry {
    /// `{"edge": e, "kind": k}`.
    Spot(HarborSpot),
    /// `"k"` at position `i`: on the shape's `Topology::harbor_edges[i]`.
    Kind(Harbor),
}

/// A board as anyone can state it; any counts are read, and checked after.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Layout {
    /// The frame the layout is stated for (`base`, `five_six`). Left out,
    /// the frame is told by the count of tiles (the base game's or 5–6's:
    /// the form of every board saved so far, which is still how those two
    /// are written); every other frame is named, so no board is recognised
    /// by its size alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shape: Option<Shape>,
    /// The tile of each hex, in the hexes' reading order.
    pub tiles: Vec<Tile>,
    /// The harbors, each on a coastal path.
    pub harbors: Vec<HarborEntry>,
}

/// The kinds of the terrains, in the order problems are listed.
const TERRAIN_ORDER: [Terrain; 6] = [
    Terrain::Hills,
    Terrain::Forest,
    Terrain::Pasture,
    Terrain::Fields,
    Terrain::Mountains,
    Terrain::Desert,
];

fn terrain_de(t: Terrain) -> &'static str {
    match t {
        Terrain::Hills => "Hügelland",
        Terrain::Forest => "Wald",
        Terrain::Pasture => "Weideland",
        Terrain::Fields => "Ackerland",
        Terrain::Mountains => "Gebirge",
        Terrain::Desert => "Wüste",
    }
}

impl Layout {
    /// The harbor spots as written, the older form resolved to the frame's
    /// fixed spots of `shape` (`None` for a kind beyond the last spot).
    pub fn spots(&self, shape: Shape) -> Vec<Option<HarborSpot>> {
        let fixed = &shape.topology().harbor_edges;
        self.harbors
            .iter()
            .enumerate()
            .map(|(i, h)| match *h {
                HarborEntry::Spot(s) => Some(s),
                HarborEntry::Kind(kind) => fixed.get(i).map(|&edge| HarborSpot { edge, kind }),
            })
            .collect()
    }

    /// Everything wrong with the layout as a board of `shape`; empty for a
    /// board of that game. The base game's problems cite `catan.board.*`;
    /// the 5–6 board's size `catan56.board.shape` and its material
    /// `catan56.material.totals`.
    pub fn problems(&self, shape: Shape) -> Vec<Problem> {
        let mut out = Vec::new();
        self.tile_problems(shape, &mut out);
        self.harbor_problems(shape, &mut out);
        out
    }

    fn tile_problems(&self, shape: Shape, out: &mut Vec<Problem>) {
        let (terrains, want_numbers, _) = material(shape);
        let five_six = shape == Shape::FiveSix;
        let count_rule = if five_six { "catan56.material.totals" } else { "" };
        let n = self.tiles.len();
        let hexes = shape.hex_count();
        if n != hexes {
            out.push(Problem::new(
                if five_six {
                    "catan56.board.shape"
                } else {
                    "catan.board.hexes"
                },
                format!("Der Spielplan nennt {n} Landfelder, er hat {hexes}."),
                format!("The layout names {n} hexes; the board has {hexes}."),
            ));
        }
        for t in TERRAIN_ORDER {
            let want = terrains.iter().filter(|&&x| x == t).count();
            let got = self.tiles.iter().filter(|x| x.terrain == t).count();
            if got != want {
                out.push(Problem::new(
                    if five_six { count_rule } else { "catan.board.terrains" },
                    format!("{got}-mal {}, das Spiel hat {want}.", terrain_de(t)),
                    format!("{got} {t:?} hexes; the game has {want}."),
                ));
            }
        }
        let mut numbers: Vec<u8> = Vec::new();
        for (i, tile) in self.tiles.iter().enumerate() {
            match (tile.terrain, tile.number) {
                (Terrain::Desert, Some(k)) => out.push(Problem::new(
                    "catan.board.numbers",
                    format!("Die Wüste (Feld {i}) trägt die Zahl {k}; sie hat keine."),
                    format!("The desert (hex {i}) carries number {k}; it has none."),
                )),
                (Terrain::Desert, None) => {}
                (_, None) => out.push(Problem::new(
                    "catan.board.numbers",
                    format!("Feld {i} hat keinen Zahlenchip."),
                    format!("Hex {i} has no number token."),
                )),
                (_, Some(k)) => numbers.push(k),
            }
        }
        numbers.sort_unstable();
        if numbers != want_numbers && n == hexes {
            out.push(Problem::new(
                if five_six { count_rule } else { "catan.board.numbers" },
                format!("Die Zahlenchips {numbers:?} sind nicht die des Spiels {want_numbers:?}."),
                format!("The number tokens {numbers:?} are not the game's {want_numbers:?}."),
            ));
        }
    }

    fn harbor_problems(&self, shape: Shape, out: &mut Vec<Problem>) {
        let t = shape.topology();
        let (_, _, harbors) = material(shape);
        let five_six = shape == Shape::FiveSix;
        let rule = if five_six {
            "catan56.material.totals"
        } else {
            "catan.board.harbors"
        };
        let n = self.harbors.len();
        let count = shape.harbor_count();
        if n != count {
            out.push(Problem::new(
                rule,
                format!("Der Spielplan nennt {n} Häfen, das Spiel hat {count}."),
                format!("The layout names {n} harbors; the game has {count}."),
            ));
        }
        let spots = self.spots(shape);
        let mut kinds: Vec<u8> = spots.iter().flatten().map(|s| s.kind as u8).collect();
        kinds.sort_unstable();
        let mut want: Vec<u8> = harbors.iter().map(|&h| h as u8).collect();
        want.sort_unstable();
        if n == count && kinds != want {
            let (de, en) = if five_six {
                (
                    "Die Häfen müssen 5 allgemeine (3:1), 2 für Wolle (2:1) und je einer 2:1 für jeden anderen Rohstoff sein.",
                    "The harbors must be 5 generic (3:1), 2 wool (2:1) and one 2:1 for each other resource.",
                )
            } else {
                (
                    "Die Häfen müssen 4 allgemeine (3:1) und je einer 2:1 für jeden Rohstoff sein.",
                    "The harbors must be 4 generic (3:1) and one 2:1 for each resource.",
                )
            };
            out.push(Problem::new(rule, de.to_string(), en.to_string()));
        }
        let mut seen: Vec<EdgeId> = Vec::with_capacity(spots.len().min(count * 4));
        for (i, spot) in spots.iter().enumerate() {
            let Some(spot) = spot else { continue };
            let e = spot.edge;
            if e.index() >= t.edge_count() {
                out.push(Problem::new(
                    "catan.board.harbor_coast",
                    format!("Hafen {i} liegt am Weg {}, den es nicht gibt.", e.0),
                    format!("Harbor {i} lies on path {}, which does not exist.", e.0),
                ));
            } else if !t.coast.contains(&e) {
                out.push(Problem::new(
                    "catan.board.harbor_coast",
                    format!("Hafen {i} liegt am Weg {}, der nicht an der Küste liegt.", e.0),
                    format!("Harbor {i} lies on path {}, which is inland, not on the coast.", e.0),
                ));
            } else if seen.contains(&e) {
                out.push(Problem::new(
                    "catan.board.harbor_one_per_path",
                    format!("Hafen {i} liegt am Weg {}, an dem schon ein Hafen liegt.", e.0),
                    format!("Harbor {i} lies on path {}, which already has a harbor.", e.0),
                ));
            } else {
                seen.push(e);
            }
        }
    }

    /// The board of `shape`, if the layout has no problem as one.
    pub fn board(&self, shape: Shape) -> Result<Board, Vec<Problem>> {
        let mut problems = Vec::new();
        if let Some(named) = self.shape.filter(|&s| s != shape) {
            problems.push(Problem::new(
                if shape == Shape::FiveSix {
                    "catan56.board.shape"
                } else {
                    "catan.board.hexes"
                },
                format!("Der Spielplan ist für den Rahmen {named:?} angegeben; gespielt wird auf {shape:?}."),
                format!("The layout is stated for the frame {named:?}; this game is played on {shape:?}."),
            ));
        }
        problems.extend(self.problems(shape));
        if !problems.is_empty() {
            return Err(problems);
        }
        Board::from_parts(shape, &self.tiles, &self.spots(shape)).ok_or_else(Vec::new)
    }
}

impl From<Board> for Layout {
    fn from(b: Board) -> Layout {
        let shape = b.shape();
        Layout {
            shape: (!shape.told_by_count()).then_some(shape),
            tiles: b.tiles.to_vec(),
            harbors: b.harbors.iter().map(|&s| HarborEntry::Spot(s)).collect(),
        }
    }
}

/// Reads a board from JSON (a saved state): the sizes must fit the board's
/// arrays, everything else is left to `validate`, which lists every problem
/// with its rule id.
impl TryFrom<Layout> for Board {
    type Error = String;
    fn try_from(l: Layout) -> Result<Board, String> {
        let shape = l.shape.or_else(|| Shape::with_hexes(l.tiles.len())).unwrap_or_default();
        Board::from_parts(shape, &l.tiles, &l.spots(shape)).ok_or_else(|| {
            format!(
                "a board of the frame {shape:?} has {} tiles and {} harbors on the frame's spots or named paths \
                 (base game: 19 and 9, 5–6 players: 30 and 11); this one has {} tiles and {} harbors",
                shape.hex_count(),
                shape.harbor_count(),
                l.tiles.len(),
                l.harbors.len()
            )
        })
    }
}

/// `catan.setup.start_player`: a chosen start player must be one of the seats.
pub fn start_player_problem(start: Option<u8>, players: usize) -> Option<Problem> {
    let s = start?;
    (usize::from(s) >= players).then(|| {
        let last = players.saturating_sub(1);
        Problem::new(
            "catan.setup.start_player",
            format!("Startspieler {s} gibt es nicht: die Plätze sind 0 bis {last}."),
            format!("Start player {s} does not exist: the seats are 0 to {last}."),
        )
    })
}

/// The refusal of a game that cannot start: the first problem's rule id, and
/// every problem in both languages.
pub fn refusal(problems: &[Problem]) -> engine::ConfigError {
    let rule = problems.first().map_or("engine.config", |p| p.rule);
    engine::ConfigError::with_rule(
        rule,
        format!("Ungültige Aufstellung: {}", engine::problem::listed(problems, true)),
        format!("Invalid set-up: {}", engine::problem::listed(problems, false)),
    )
}
