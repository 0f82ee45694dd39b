//! Checking a Seafarers board: everything that makes a stated map unfit
//! to play on, each with its rule id and a German and English sentence.
//!
//! A saved state will carry its scenario board; a corrupt one (a harbor
//! inland, the robber at sea, a 7 token) must be refused when the state is
//! read, not discovered when a rule misbehaves. The problems are typed so
//! that callers and tests can tell them apart; [`MapProblem::problem`]
//! gives the engine's [`engine::Problem`] that a refusal lists.

use super::map::{Hex, HexPos, SeaMap, SeaTerrain, Side};

/// The largest board the checks accept: rows, hexes per row, and the row
/// offset. The expansion's boards are far smaller; the bound keeps every
/// check cheap and its arithmetic far from overflow on any input.
pub const MAX_ROWS: usize = 32;
/// See [`MAX_ROWS`].
pub const MAX_ROW_HEXES: usize = 32;
/// See [`MAX_ROWS`].
pub const MAX_X0: u8 = 64;

/// The most harbors a board may list: far more than any scenario's, and
/// few enough that comparing every pair stays cheap.
pub const MAX_HARBORS: usize = 64;

/// The rule ids [`SeaMap::problems`] cites.
pub const SEA_BOARD_RULE_IDS: [&str; 7] = [
    "sea.board.coords",
    "sea.board.frame",
    "sea.board.tokens",
    "sea.board.harbor_coast",
    "sea.board.harbors_apart",
    "sea.robber.land_only",
    "sea.pirate.sea_only",
];

/// One thing wrong with a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MapProblem {
    /// `sea.board.coords`: no rows, an empty row, a board past the size
    /// bounds, or two neighbouring rows whose offsets do not interlock (a
    /// hex's NW/NE neighbours are at x∓1, so consecutive offsets differ by
    /// an odd number).
    NotAHexGrid {
        /// The row at fault (0 when the board has none).
        row: usize,
    },
    /// `sea.board.frame`: a hex at the board's outer edge (with a side
    /// towards no hex) that is not frame; the ring must close the board.
    OpenEdge {
        /// The hex.
        hex: HexPos,
    },
    /// `sea.board.frame`: a frame hex with all six neighbours, inside the
    /// board instead of on its ring.
    FrameInside {
        /// The hex.
        hex: HexPos,
    },
    /// `sea.board.tokens`: a token that is 7 or outside 2–12.
    BadToken {
        /// The hex.
        hex: HexPos,
        /// The token.
        number: u8,
    },
    /// `sea.board.tokens`: a resource terrain or gold field without a
    /// token.
    MissingToken {
        /// The hex.
        hex: HexPos,
        /// Its terrain.
        terrain: SeaTerrain,
    },
    /// `sea.board.tokens`: a desert with a token.
    DesertToken {
        /// The hex.
        hex: HexPos,
    },
    /// `sea.board.harbor_coast`: a harbor not on a land hex's side that
    /// faces sea or frame.
    HarborNotCoastal {
        /// The harbor's position in the list.
        index: usize,
        /// Its hex.
        hex: HexPos,
        /// Its side.
        side: Side,
    },
    /// `sea.board.harbors_apart`: more than [`MAX_HARBORS`] harbors; they
    /// are then not compared pair by pair.
    TooManyHarbors {
        /// How many the board lists.
        count: usize,
    },
    /// `sea.board.harbors_apart`: two harbors sharing an intersection (or
    /// the same side).
    HarborsShareCorner {
        /// The first harbor's position in the list.
        first: usize,
        /// The second one's.
        second: usize,
    },
    /// `sea.robber.land_only`: the robber starts on a hex that is not land.
    RobberNotOnLand {
        /// The hex.
        hex: HexPos,
    },
    /// `sea.pirate.sea_only`: the pirate starts on a hex that is not sea.
    PirateNotOnSea {
        /// The hex.
        hex: HexPos,
    },
}

impl MapProblem {
    /// The rule id (one of [`SEA_BOARD_RULE_IDS`]).
    pub fn rule(&self) -> &'static str {
        match self {
            MapProblem::NotAHexGrid { .. } => "sea.board.coords",
            MapProblem::OpenEdge { .. } | MapProblem::FrameInside { .. } => "sea.board.frame",
            MapProblem::BadToken { .. } | MapProblem::MissingToken { .. } | MapProblem::DesertToken { .. } => {
                "sea.board.tokens"
            }
            MapProblem::HarborNotCoastal { .. } => "sea.board.harbor_coast",
            MapProblem::HarborsShareCorner { .. } | MapProblem::TooManyHarbors { .. } => "sea.board.harbors_apart",
            MapProblem::RobberNotOnLand { .. } => "sea.robber.land_only",
            MapProblem::PirateNotOnSea { .. } => "sea.pirate.sea_only",
        }
    }

    /// The German sentence.
    pub fn de(&self) -> String {
        match self {
            MapProblem::NotAHexGrid { row } => {
                format!("Zeile {row} passt nicht in ein Sechseckraster (leer, zu groß oder falsch versetzt).")
            }
            MapProblem::OpenEdge { hex } => {
                format!("Feld {hex} liegt am Rand des Spielplans, ist aber kein Rahmenfeld.")
            }
            MapProblem::FrameInside { hex } => format!("Das Rahmenfeld {hex} liegt im Inneren des Spielplans."),
            MapProblem::BadToken { hex, number } => {
                format!("Feld {hex} trägt die Zahl {number}; erlaubt sind 2 bis 12 außer 7.")
            }
            MapProblem::MissingToken { hex, terrain } => {
                format!("Feld {hex} ({}) hat keinen Zahlenchip.", terrain.de())
            }
            MapProblem::DesertToken { hex } => format!("Die Wüste {hex} trägt einen Zahlenchip; sie hat keinen."),
            MapProblem::HarborNotCoastal { index, hex, side } => format!(
                "Hafen {index} liegt an Seite {} von Feld {hex}, die keine Küste ist.",
                side.name()
            ),
            MapProblem::TooManyHarbors { count } => {
                format!("Der Spielplan nennt {count} Häfen, mehr als {MAX_HARBORS}.")
            }
            MapProblem::HarborsShareCorner { first, second } => {
                format!("Die Häfen {first} und {second} teilen sich eine Kreuzung.")
            }
            MapProblem::RobberNotOnLand { hex } => {
                format!("Der Räuber steht auf {hex}, das kein Landfeld ist.")
            }
            MapProblem::PirateNotOnSea { hex } => {
                format!("Der Pirat steht auf {hex}, das kein Meerfeld ist.")
            }
        }
    }

    /// The English sentence.
    pub fn en(&self) -> String {
        match self {
            MapProblem::NotAHexGrid { row } => {
                format!("Row {row} does not fit a hex grid (empty, too large or wrongly offset).")
            }
            MapProblem::OpenEdge { hex } => {
                format!("Hex {hex} lies at the edge of the board but is not a frame hex.")
            }
            MapProblem::FrameInside { hex } => format!("Frame hex {hex} lies inside the board."),
            MapProblem::BadToken { hex, number } => {
                format!("Hex {hex} carries number {number}; only 2 to 12 except 7 exist.")
            }
            MapProblem::MissingToken { hex, terrain } => {
                format!("Hex {hex} ({terrain:?}) has no number token.")
            }
            MapProblem::DesertToken { hex } => format!("The desert {hex} carries a number token; it has none."),
            MapProblem::HarborNotCoastal { index, hex, side } => format!(
                "Harbor {index} lies on side {} of hex {hex}, which is not a coast.",
                side.name()
            ),
            MapProblem::TooManyHarbors { count } => {
                format!("The board lists {count} harbors, more than {MAX_HARBORS}.")
            }
            MapProblem::HarborsShareCorner { first, second } => {
                format!("Harbors {first} and {second} share an intersection.")
            }
            MapProblem::RobberNotOnLand { hex } => format!("The robber stands on {hex}, which is not land."),
            MapProblem::PirateNotOnSea { hex } => format!("The pirate stands on {hex}, which is not sea."),
        }
    }

    /// The engine's problem, as a refused state lists it.
    pub fn problem(&self) -> engine::Problem {
        engine::Problem::new(self.rule(), self.de(), self.en())
    }
}

impl std::fmt::Display for MapProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} [{}]", self.en(), self.rule())
    }
}

impl SeaMap {
    /// Everything wrong with the board; empty for a playable one. The grid
    /// is checked first: when it is not a hex grid nothing else is, since
    /// neighbours and coasts mean nothing on it.
    pub fn problems(&self) -> Vec<MapProblem> {
        let mut out = Vec::new();
        self.grid_problems(&mut out);
        if !out.is_empty() {
            return out;
        }
        self.frame_problems(&mut out);
        self.token_problems(&mut out);
        self.harbor_problems(&mut out);
        if let Some(hex) = self.robber {
            if !self.hex(hex).is_some_and(Hex::is_land) {
                out.push(MapProblem::RobberNotOnLand { hex });
            }
        }
        if let Some(hex) = self.pirate {
            if !self.hex(hex).is_some_and(Hex::is_water) {
                out.push(MapProblem::PirateNotOnSea { hex });
            }
        }
        out
    }

    /// The problems as the engine lists them.
    pub fn engine_problems(&self) -> Vec<engine::Problem> {
        self.problems().iter().map(MapProblem::problem).collect()
    }

    fn grid_problems(&self, out: &mut Vec<MapProblem>) {
        if self.rows.is_empty() || self.rows.len() > MAX_ROWS {
            out.push(MapProblem::NotAHexGrid { row: 0 });
            return;
        }
        for (r, row) in self.rows.iter().enumerate() {
            let interlocks = r == 0 || (row.x0 as i32 - self.rows[r - 1].x0 as i32) % 2 != 0;
            if row.hexes.is_empty() || row.hexes.len() > MAX_ROW_HEXES || row.x0 > MAX_X0 || !interlocks {
                out.push(MapProblem::NotAHexGrid { row: r });
            }
        }
    }

    fn frame_problems(&self, out: &mut Vec<MapProblem>) {
        for (pos, hex) in self.hexes() {
            let closed = self.neighbors(pos).count() == 6;
            match (hex, closed) {
                (Hex::Frame, true) => out.push(MapProblem::FrameInside { hex: pos }),
                (Hex::Sea | Hex::Land { .. }, false) => out.push(MapProblem::OpenEdge { hex: pos }),
                _ => {}
            }
        }
    }

    fn token_problems(&self, out: &mut Vec<MapProblem>) {
        for (pos, hex) in self.hexes() {
            let Hex::Land { terrain, number } = hex else {
                continue;
            };
            match (terrain.has_token(), number) {
                (false, Some(_)) => out.push(MapProblem::DesertToken { hex: pos }),
                (true, None) => out.push(MapProblem::MissingToken { hex: pos, terrain }),
                (true, Some(n)) if !(2..=12).contains(&n) || n == 7 => {
                    out.push(MapProblem::BadToken { hex: pos, number: n })
                }
                _ => {}
            }
        }
    }

    fn harbor_problems(&self, out: &mut Vec<MapProblem>) {
        if self.harbors.len() > MAX_HARBORS {
            out.push(MapProblem::TooManyHarbors {
                count: self.harbors.len(),
            });
            return;
        }
        let mut corners = Vec::with_capacity(self.harbors.len());
        for (index, h) in self.harbors.iter().enumerate() {
            if !self.is_coastal(h.hex, h.side) {
                out.push(MapProblem::HarborNotCoastal {
                    index,
                    hex: h.hex,
                    side: h.side,
                });
            }
            // A site off the board has no corners to share.
            let here = self.side_corners(h.hex, h.side);
            if let Some(here) = here {
                for &(first, there) in &corners {
                    let [a, b]: [_; 2] = there;
                    if here.contains(&a) || here.contains(&b) {
                        out.push(MapProblem::HarborsShareCorner { first, second: index });
                    }
                }
                corners.push((index, here));
            }
        }
    }
}
