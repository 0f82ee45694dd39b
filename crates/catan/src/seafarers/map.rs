//! The hex grid of a Seafarers board (`sea.board.coords`): rows of hexes
//! with an offset each, frame ring included, and everything read off it
//! (neighbours, corner points, islands, coast).
//!
//! Every board of the expansion is drawn this way in the rule file, so the
//! scenario maps are transcribed as rows, not converted to another
//! coordinate system: a reader can check each hex against the drawing. The
//! corner grid is the one of `topology.rs` (a hex centre at `x` in units of
//! √3/2 of a side, `y = 3r` in half sides), so a later topology can be built
//! from these maps the way the base board's is built from its template.

use crate::board::{Harbor, Terrain};
use crate::resource::Resource;
use serde::{Deserialize, Serialize};

/// A hex by row and column: `r` from the top (the frame's row is 0), `c`
/// from the west end of its row (the frame hex is 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct HexPos {
    /// Row, from the top.
    pub r: u8,
    /// Column in its row, from the west.
    pub c: u8,
}

impl HexPos {
    /// The hex `(r, c)`.
    pub const fn new(r: u8, c: u8) -> HexPos {
        HexPos { r, c }
    }
}

impl std::fmt::Display for HexPos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({},{})", self.r, self.c)
    }
}

/// A side of a hex, clockwise from the north-east one (as in
/// `catan-5-6.md`). Side `k` runs from corner `k` to corner `k + 1` of
/// [`CORNERS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// North-east: towards row r−1 at x+1.
    Ne,
    /// East: towards (r, c+1).
    E,
    /// South-east: towards row r+1 at x+1.
    Se,
    /// South-west: towards row r+1 at x−1.
    Sw,
    /// West: towards (r, c−1).
    W,
    /// North-west: towards row r−1 at x−1.
    Nw,
}

impl Side {
    /// The six sides in corner order.
    pub const ALL: [Side; 6] = [Side::Ne, Side::E, Side::Se, Side::Sw, Side::W, Side::Nw];

    /// The side of the neighbour that is this same edge.
    pub const fn opposite(self) -> Side {
        match self {
            Side::Ne => Side::Sw,
            Side::E => Side::W,
            Side::Se => Side::Nw,
            Side::Sw => Side::Ne,
            Side::W => Side::E,
            Side::Nw => Side::Se,
        }
    }

    /// The step to the neighbour across this side: rows down, half-hex
    /// widths east.
    pub const fn step(self) -> (i32, i32) {
        match self {
            Side::Ne => (-1, 1),
            Side::E => (0, 2),
            Side::Se => (1, 1),
            Side::Sw => (1, -1),
            Side::W => (0, -2),
            Side::Nw => (-1, -1),
        }
    }

    /// The side's name as the rule file writes it (`NE`, `E`…).
    pub const fn name(self) -> &'static str {
        match self {
            Side::Ne => "NE",
            Side::E => "E",
            Side::Se => "SE",
            Side::Sw => "SW",
            Side::W => "W",
            Side::Nw => "NW",
        }
    }
}

/// Corner offsets of a hex on the integer grid, clockwise from the top: the
/// same as `topology.rs`, so corner points of both compare.
pub const CORNERS: [(i32, i32); 6] = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)];

/// A point of the corner grid: `(x, y)`, x in units of √3/2 of a side, y in
/// half sides, growing downwards.
pub type Point = (i32, i32);

/// The terrain of a land hex: the base game's five resource terrains and the
/// desert, plus the gold field. Its own type because the base game's
/// [`Terrain`] is stored in every base state and must not grow a kind that
/// game never has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeaTerrain {
    /// Hills: brick.
    Hills,
    /// Forest: lumber.
    Forest,
    /// Pasture: wool.
    Pasture,
    /// Fields: grain.
    Fields,
    /// Mountains: ore.
    Mountains,
    /// Desert: nothing, no token.
    Desert,
    /// Gold field (Goldfluss): a resource of choice (`sea.gold.choose`).
    Gold,
}

impl SeaTerrain {
    /// Every terrain, in the order counts are listed.
    pub const ALL: [SeaTerrain; 7] = [
        SeaTerrain::Hills,
        SeaTerrain::Forest,
        SeaTerrain::Pasture,
        SeaTerrain::Fields,
        SeaTerrain::Mountains,
        SeaTerrain::Desert,
        SeaTerrain::Gold,
    ];

    /// The base game's terrain, for all but the gold field.
    pub const fn terrain(self) -> Option<Terrain> {
        match self {
            SeaTerrain::Hills => Some(Terrain::Hills),
            SeaTerrain::Forest => Some(Terrain::Forest),
            SeaTerrain::Pasture => Some(Terrain::Pasture),
            SeaTerrain::Fields => Some(Terrain::Fields),
            SeaTerrain::Mountains => Some(Terrain::Mountains),
            SeaTerrain::Desert => Some(Terrain::Desert),
            SeaTerrain::Gold => None,
        }
    }

    /// The terrain of a base-game terrain.
    pub const fn from_terrain(t: Terrain) -> SeaTerrain {
        match t {
            Terrain::Hills => SeaTerrain::Hills,
            Terrain::Forest => SeaTerrain::Forest,
            Terrain::Pasture => SeaTerrain::Pasture,
            Terrain::Fields => SeaTerrain::Fields,
            Terrain::Mountains => SeaTerrain::Mountains,
            Terrain::Desert => SeaTerrain::Desert,
        }
    }

    /// The resource it produces; `None` for the desert and for gold (whose
    /// resource is chosen).
    pub const fn resource(self) -> Option<Resource> {
        match self.terrain() {
            Some(t) => t.resource(),
            None => None,
        }
    }

    /// Whether the hex carries a number token: all but the desert.
    pub const fn has_token(self) -> bool {
        !matches!(self, SeaTerrain::Desert)
    }

    /// The rule file's letter (`H F P G M D Au`).
    pub const fn letter(self) -> &'static str {
        match self {
            SeaTerrain::Hills => "H",
            SeaTerrain::Forest => "F",
            SeaTerrain::Pasture => "P",
            SeaTerrain::Fields => "G",
            SeaTerrain::Mountains => "M",
            SeaTerrain::Desert => "D",
            SeaTerrain::Gold => "Au",
        }
    }

    /// German name.
    pub const fn de(self) -> &'static str {
        match self {
            SeaTerrain::Hills => "Hügelland",
            SeaTerrain::Forest => "Wald",
            SeaTerrain::Pasture => "Weideland",
            SeaTerrain::Fields => "Ackerland",
            SeaTerrain::Mountains => "Gebirge",
            SeaTerrain::Desert => "Wüste",
            SeaTerrain::Gold => "Goldfluss",
        }
    }
}

/// One hex of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Hex {
    /// The frame ring (`#`): sea for every rule (`sea.board.frame`).
    Frame,
    /// A sea hex (`~`).
    Sea,
    /// A land hex with its number token (`None` on the desert).
    Land {
        /// The terrain.
        terrain: SeaTerrain,
        /// The number token.
        number: Option<u8>,
    },
}

impl Hex {
    /// Whether it is land.
    pub const fn is_land(self) -> bool {
        matches!(self, Hex::Land { .. })
    }

    /// Whether it is sea for the rules: a sea hex or the frame.
    pub const fn is_water(self) -> bool {
        !self.is_land()
    }

    /// The land hex's number token.
    pub const fn number(self) -> Option<u8> {
        match self {
            Hex::Land { number, .. } => number,
            _ => None,
        }
    }

    /// The land hex's terrain.
    pub const fn terrain(self) -> Option<SeaTerrain> {
        match self {
            Hex::Land { terrain, .. } => Some(terrain),
            _ => None,
        }
    }
}

/// One row of a board: its offset and its hexes from the west.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Row {
    /// The x of the row's first hex, in half-hex widths.
    pub x0: u8,
    /// The hexes, c = 0… from the west.
    pub hexes: Vec<Hex>,
}

/// A harbor: a coastal side of a land hex and its kind. The harbor's two
/// intersections are that side's two corners.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HarborSite {
    /// The land hex.
    pub hex: HexPos,
    /// Its side that faces the sea.
    pub side: Side,
    /// 3:1 (`generic`) or the resource it trades 2:1.
    pub kind: Harbor,
}

/// A Seafarers board: hexes, harbors and where robber and pirate start.
/// Fields are open so that a board read from a saved state can be stated as
/// it is and then checked by [`SeaMap::problems`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeaMap {
    /// The rows, r = 0… from the top, frame ring included.
    pub rows: Vec<Row>,
    /// The harbors.
    pub harbors: Vec<HarborSite>,
    /// The robber's start; `None`: off the board until first moved.
    pub robber: Option<HexPos>,
    /// The pirate's start; `None`: off the board until first moved.
    pub pirate: Option<HexPos>,
}

/// The x of a hex from its row offset and column.
#[inline]
fn x_of(x0: u8, c: usize) -> i32 {
    x0 as i32 + 2 * c as i32
}

impl SeaMap {
    /// The hex at `pos`, if the board has it.
    pub fn hex(&self, pos: HexPos) -> Option<Hex> {
        self.rows.get(pos.r as usize)?.hexes.get(pos.c as usize).copied()
    }

    /// The hex at `pos` to change, if the board has it.
    pub fn hex_mut(&mut self, pos: HexPos) -> Option<&mut Hex> {
        self.rows.get_mut(pos.r as usize)?.hexes.get_mut(pos.c as usize)
    }

    /// Every hex position in reading order (top to bottom, west to east).
    pub fn positions(&self) -> impl Iterator<Item = HexPos> + '_ {
        self.rows
            .iter()
            .enumerate()
            .flat_map(|(r, row)| (0..row.hexes.len()).map(move |c| HexPos::new(r.min(255) as u8, c.min(255) as u8)))
    }

    /// Every hex with its position, in reading order.
    pub fn hexes(&self) -> impl Iterator<Item = (HexPos, Hex)> + '_ {
        self.positions().filter_map(|p| Some((p, self.hex(p)?)))
    }

    /// The land hexes in reading order.
    pub fn land(&self) -> impl Iterator<Item = HexPos> + '_ {
        self.hexes().filter(|(_, h)| h.is_land()).map(|(p, _)| p)
    }

    /// How many hexes are land, sea (`~`) and frame ring.
    pub fn counts(&self) -> (usize, usize, usize) {
        let (mut land, mut sea, mut frame) = (0, 0, 0);
        for (_, h) in self.hexes() {
            match h {
                Hex::Land { .. } => land += 1,
                Hex::Sea => sea += 1,
                Hex::Frame => frame += 1,
            }
        }
        (land, sea, frame)
    }

    /// The hex of row `r` at x (`None` if the row has no hex there).
    pub fn at_x(&self, r: i32, x: i32) -> Option<HexPos> {
        let row = self.rows.get(usize::try_from(r).ok()?)?;
        let dx = x - row.x0 as i32;
        if dx < 0 || dx % 2 != 0 {
            return None;
        }
        let c = usize::try_from(dx / 2).ok()?;
        (c < row.hexes.len() && c < 256 && r < 256).then(|| HexPos::new(r as u8, c as u8))
    }

    /// The neighbour across `side` (`sea.board.coords`), if the board has
    /// one there.
    pub fn neighbor(&self, pos: HexPos, side: Side) -> Option<HexPos> {
        let (x, _) = self.center(pos)?;
        let (dr, dx) = side.step();
        self.at_x(pos.r as i32 + dr, x + dx)
    }

    /// The neighbours that exist, with the side they lie across.
    pub fn neighbors(&self, pos: HexPos) -> impl Iterator<Item = (Side, HexPos)> + '_ {
        Side::ALL
            .into_iter()
            .filter_map(move |s| Some((s, self.neighbor(pos, s)?)))
    }

    /// The hex centre on the corner grid: `x = x0 + 2c`, `y = 3r`.
    pub fn center(&self, pos: HexPos) -> Option<Point> {
        let row = self.rows.get(pos.r as usize)?;
        if (pos.c as usize) >= row.hexes.len() {
            return None;
        }
        Some((x_of(row.x0, pos.c as usize), 3 * pos.r as i32))
    }

    /// The corner `k` (0 = top, clockwise) of a hex.
    pub fn corner(&self, pos: HexPos, k: usize) -> Option<Point> {
        let (x, y) = self.center(pos)?;
        let (dx, dy) = CORNERS[k % 6];
        Some((x + dx, y + dy))
    }

    /// The two corners of a side, lower point first, so that the same edge
    /// seen from either hex compares equal.
    pub fn side_corners(&self, pos: HexPos, side: Side) -> Option<[Point; 2]> {
        let k = side as usize;
        let a = self.corner(pos, k)?;
        let b = self.corner(pos, k + 1)?;
        Some(if a <= b { [a, b] } else { [b, a] })
    }

    /// Whether a side of `pos` is a coast: `pos` is land and the hex across
    /// is sea or frame.
    pub fn is_coastal(&self, pos: HexPos, side: Side) -> bool {
        self.hex(pos).is_some_and(Hex::is_land)
            && self
                .neighbor(pos, side)
                .and_then(|n| self.hex(n))
                .is_some_and(Hex::is_water)
    }

    /// Every coastal side, land hexes in reading order, sides clockwise.
    pub fn coastal_sides(&self) -> Vec<(HexPos, Side)> {
        self.land()
            .flat_map(|p| Side::ALL.into_iter().map(move |s| (p, s)))
            .filter(|&(p, s)| self.is_coastal(p, s))
            .collect()
    }

    /// The islands (`sea.board.island`): maximal sets of land hexes joined
    /// through shared sides, each in reading order, ordered by their first
    /// hex.
    pub fn islands(&self) -> Vec<Vec<HexPos>> {
        let land: Vec<HexPos> = self.land().collect();
        let mut seen = std::collections::BTreeSet::new();
        let mut out = Vec::new();
        for &start in &land {
            if !seen.insert(start) {
                continue;
            }
            let mut island = vec![start];
            let mut todo = vec![start];
            while let Some(p) = todo.pop() {
                for (_, n) in self.neighbors(p) {
                    if self.hex(n).is_some_and(Hex::is_land) && seen.insert(n) {
                        island.push(n);
                        todo.push(n);
                    }
                }
            }
            island.sort_unstable();
            out.push(island);
        }
        out
    }

    /// The island a land hex belongs to.
    pub fn island_of(&self, pos: HexPos) -> Option<Vec<HexPos>> {
        self.islands().into_iter().find(|i| i.contains(&pos))
    }

    /// The main island: the largest one, if exactly one is largest (New
    /// Shores' set-up area, `sea.scn.new_shores.start`).
    pub fn main_island(&self) -> Option<Vec<HexPos>> {
        let islands = self.islands();
        let most = islands.iter().map(Vec::len).max()?;
        let mut largest = islands.into_iter().filter(|i| i.len() == most);
        let first = largest.next()?;
        largest.next().is_none().then_some(first)
    }

    /// Land intersections: distinct corner points of land hexes
    /// (`sea.board.intersections`). A later topology numbers them in a
    /// bounded set, so a generated board whose count is too large is
    /// redrawn by the caller.
    pub fn land_corner_count(&self) -> usize {
        let mut points = std::collections::BTreeSet::new();
        for p in self.land() {
            for k in 0..6 {
                if let Some(pt) = self.corner(p, k) {
                    points.insert(pt);
                }
            }
        }
        points.len()
    }

    /// Land and coastal edges: distinct sides of land hexes (every one of
    /// them is one or the other). Bounded the same way as
    /// [`SeaMap::land_corner_count`].
    pub fn coastal_or_land_side_count(&self) -> usize {
        let mut edges = std::collections::BTreeSet::new();
        for p in self.land() {
            for s in Side::ALL {
                if let Some(e) = self.side_corners(p, s) {
                    edges.insert(e);
                }
            }
        }
        edges.len()
    }

    /// Whether no two red tokens (6, 8) lie on neighbouring hexes
    /// (`catan.board.red_numbers_apart`).
    pub fn reds_apart(&self) -> bool {
        self.land()
            .all(|p| !is_red(self.hex(p)) || self.neighbors(p).all(|(_, n)| !is_red(self.hex(n))))
    }

    /// The number tokens, sorted.
    pub fn tokens(&self) -> Vec<u8> {
        let mut out: Vec<u8> = self.hexes().filter_map(|(_, h)| h.number()).collect();
        out.sort_unstable();
        out
    }

    /// How many land hexes have this terrain.
    pub fn terrain_count(&self, terrain: SeaTerrain) -> usize {
        self.hexes().filter(|(_, h)| h.terrain() == Some(terrain)).count()
    }
}

/// Whether a hex carries a red token (6 or 8).
pub(crate) fn is_red(h: Option<Hex>) -> bool {
    matches!(h.and_then(Hex::number), Some(6 | 8))
}
