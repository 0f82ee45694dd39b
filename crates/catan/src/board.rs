//! Board layouts: which terrain and number token lies on each hex, and which
//! harbor on which coastal path. The topology of each board shape
//! (`topology.rs`) is fixed and shared; only this small layout differs between
//! games and lives in the state, naming its shape. Its JSON form is a
//! [`Layout`](crate::layout::Layout), checked there; the shape is read from
//! the number of tiles, so the JSON of a base-game board is unchanged.

use crate::bits::NodeSet;
use crate::layout::Layout;
use crate::resource::{Resource, RESOURCE_COUNT};
use crate::topology::{EdgeId, HexId, Shape, Topology, MAX_HARBORS, MAX_HEXES};
use rand::seq::SliceRandom;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// The kind of a land hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    /// Hills (Hügelland): brick.
    Hills,
    /// Forest (Wald): lumber.
    Forest,
    /// Pasture (Weideland): wool.
    Pasture,
    /// Fields (Ackerland): grain.
    Fields,
    /// Mountains (Gebirge): ore.
    Mountains,
    /// Desert (Wüste): nothing.
    Desert,
}

impl Terrain {
    /// The resource the terrain produces.
    #[inline]
    pub const fn resource(self) -> Option<Resource> {
        match self {
            Terrain::Hills => Some(Resource::Brick),
            Terrain::Forest => Some(Resource::Lumber),
            Terrain::Pasture => Some(Resource::Wool),
            Terrain::Fields => Some(Resource::Grain),
            Terrain::Mountains => Some(Resource::Ore),
            Terrain::Desert => None,
        }
    }
}

/// The kind of a harbor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Harbor {
    /// 3:1 for any resource.
    Generic,
    /// 2:1 for brick.
    Brick,
    /// 2:1 for lumber.
    Lumber,
    /// 2:1 for wool.
    Wool,
    /// 2:1 for grain.
    Grain,
    /// 2:1 for ore.
    Ore,
}

impl Harbor {
    /// The resource a special harbor trades 2:1.
    pub const fn resource(self) -> Option<Resource> {
        match self {
            Harbor::Generic => None,
            Harbor::Brick => Some(Resource::Brick),
            Harbor::Lumber => Some(Resource::Lumber),
            Harbor::Wool => Some(Resource::Wool),
            Harbor::Grain => Some(Resource::Grain),
            Harbor::Ore => Some(Resource::Ore),
        }
    }
}

/// One land hex of a layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tile {
    /// The terrain.
    pub terrain: Terrain,
    /// The number token (2–12, never 7); `null` on the desert.
    pub number: Option<u8>,
}

/// One harbor: the coastal path it lies on (its two intersections trade at
/// its rate) and its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HarborSpot {
    /// The coastal path. Read as any `u8`: a layout is checked after it is
    /// read, so a path off the board is `catan.board.harbor_coast`, not a
    /// parse error.
    #[serde(deserialize_with = "any_edge")]
    pub edge: EdgeId,
    /// 3:1 (`generic`) or the resource it trades 2:1.
    pub kind: Harbor,
}

fn any_edge<'de, D: serde::Deserializer<'de>>(d: D) -> Result<EdgeId, D::Error> {
    u8::deserialize(d).map(EdgeId)
}

/// Up to `N` items in place (no heap, `Copy`), read as a slice of the used
/// ones: a board's tiles and harbors, sized for the largest board. Unused
/// slots hold a filler and take no part in comparisons.
#[derive(Clone, Copy, Debug)]
pub struct Slots<T: Copy, const N: usize> {
    len: u8,
    items: [T; N],
}

impl<T: Copy, const N: usize> Slots<T, N> {
    /// The items of `from` (`None` if there are more than `N`).
    pub fn from_slice(from: &[T], filler: T) -> Option<Self> {
        if from.len() > N {
            return None;
        }
        let mut items = [filler; N];
        items[..from.len()].copy_from_slice(from);
        Some(Slots {
            len: from.len() as u8,
            items,
        })
    }
}

impl<T: Copy, const N: usize> std::ops::Deref for Slots<T, N> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
}

impl<T: Copy, const N: usize> std::ops::DerefMut for Slots<T, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..self.len as usize]
    }
}

impl<T: Copy + PartialEq, const N: usize> PartialEq for Slots<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}
impl<T: Copy + Eq, const N: usize> Eq for Slots<T, N> {}
impl<T: Copy + std::hash::Hash, const N: usize> std::hash::Hash for Slots<T, N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (**self).hash(state)
    }
}

/// An empty hex, the filler of unused tile slots.
const NO_TILE: Tile = Tile {
    terrain: Terrain::Desert,
    number: None,
};
/// The filler of unused harbor slots.
const NO_HARBOR: HarborSpot = HarborSpot {
    edge: EdgeId(0),
    kind: Harbor::Generic,
};

/// A board layout: its shape, tiles by hex id, and the harbors with their
/// paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Layout", into = "Layout")]
pub struct Board {
    /// The shape (19 or 30 hexes); always the one of `tiles.len()`.
    shape: Shape,
    /// Tile of each hex, indexed by hex id.
    pub tiles: Slots<Tile, MAX_HEXES>,
    /// The harbors (the random and the beginner board put them on the
    /// frame's fixed spots, clockwise from the top left).
    pub harbors: Slots<HarborSpot, MAX_HARBORS>,
    /// The intersections of each kind of harbor: 3:1 first, then the 2:1
    /// ones by resource. Derived from `harbors` by every constructor (no
    /// rule moves a harbor), so that a player's maritime rates are a few
    /// set tests instead of a walk over the harbors, once per legal list of
    /// the main phase.
    harbor_nodes: [NodeSet; 1 + RESOURCE_COUNT],
}

/// The 19 terrains of the base game.
pub(crate) const TERRAINS: [Terrain; 19] = {
    use Terrain::*;
    [
        Forest, Forest, Forest, Forest, Pasture, Pasture, Pasture, Pasture, Fields, Fields, Fields, Fields, Hills,
        Hills, Hills, Mountains, Mountains, Mountains, Desert,
    ]
};

/// The 18 number tokens of the base game.
pub(crate) const NUMBERS: [u8; 18] = [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12];

/// The 9 harbors of the base game.
pub(crate) const HARBORS: [Harbor; 9] = [
    Harbor::Generic,
    Harbor::Generic,
    Harbor::Generic,
    Harbor::Generic,
    Harbor::Brick,
    Harbor::Lumber,
    Harbor::Wool,
    Harbor::Grain,
    Harbor::Ore,
];

/// The 30 terrains of the 5–6 player game (`catan56.material.totals`).
pub(crate) const TERRAINS_56: [Terrain; 30] = {
    use Terrain::*;
    [
        Forest, Forest, Forest, Forest, Forest, Forest, Pasture, Pasture, Pasture, Pasture, Pasture, Pasture, Fields,
        Fields, Fields, Fields, Fields, Fields, Hills, Hills, Hills, Hills, Hills, Mountains, Mountains, Mountains,
        Mountains, Mountains, Desert, Desert,
    ]
};

/// The 28 number tokens of the 5–6 player game, in letter order (A to Zc,
/// `catan56.board.tokens`): the order they are laid along the spiral.
pub(crate) const LETTERS_56: [u8; 28] = [
    2, 5, 4, 6, 3, 9, 8, 11, 11, 10, 6, 3, 8, 4, 8, 10, 11, 12, 10, 5, 4, 9, 5, 9, 12, 3, 2, 6,
];

/// The 11 harbors of the 5–6 player game: 5 generic, 2 wool, one each of
/// the others (`catan56.material.totals`).
pub(crate) const HARBORS_56: [Harbor; 11] = [
    Harbor::Generic,
    Harbor::Generic,
    Harbor::Generic,
    Harbor::Generic,
    Harbor::Generic,
    Harbor::Brick,
    Harbor::Lumber,
    Harbor::Wool,
    Harbor::Wool,
    Harbor::Grain,
    Harbor::Ore,
];

/// The spiral the 5–6 board's tokens follow (`catan56.board.spiral`), as
/// `(row, column)`: from the west end of the middle row clockwise round the
/// rim, then the inner rings; the seed picks it, its top–bottom mirror image
/// or the 180° turns of both.
const SPIRAL_56: [(u8, u8); 30] = [
    (3, 0),
    (2, 0),
    (1, 0),
    (0, 0),
    (0, 1),
    (0, 2),
    (1, 3),
    (2, 4),
    (3, 5),
    (4, 4),
    (5, 3),
    (6, 2),
    (6, 1),
    (6, 0),
    (5, 0),
    (4, 0),
    (3, 1),
    (2, 1),
    (1, 1),
    (1, 2),
    (2, 3),
    (3, 4),
    (4, 3),
    (5, 2),
    (5, 1),
    (4, 1),
    (3, 2),
    (2, 2),
    (3, 3),
    (4, 2),
];

/// Row lengths of the 5–6 board.
const ROWS_56: [u8; 7] = [3, 4, 5, 6, 5, 4, 3];

/// The hex id of `(row, column)` on the 5–6 board.
fn hex_56(row: u8, col: u8) -> usize {
    ROWS_56[..row as usize].iter().map(|&n| n as usize).sum::<usize>() + col as usize
}

/// The material of a board shape: terrains, number tokens (sorted) and
/// harbors (`catan.board.*`, `catan56.material.totals`).
pub(crate) fn material(shape: Shape) -> (&'static [Terrain], Vec<u8>, &'static [Harbor]) {
    match shape {
        Shape::Base => (&TERRAINS, NUMBERS.to_vec(), &HARBORS),
        Shape::FiveSix => {
            let mut numbers = LETTERS_56.to_vec();
            numbers.sort_unstable();
            (&TERRAINS_56, numbers, &HARBORS_56)
        }
    }
}

/// Harbor kinds on the frame's fixed spots, in spot order.
fn on_fixed_spots(shape: Shape, kinds: &[Harbor]) -> Slots<HarborSpot, MAX_HARBORS> {
    let edges = &shape.topology().harbor_edges;
    let spots: Vec<HarborSpot> = edges
        .iter()
        .zip(kinds)
        .map(|(&edge, &kind)| HarborSpot { edge, kind })
        .collect();
    Slots::from_slice(&spots, NO_HARBOR).unwrap_or(Slots {
        len: 0,
        items: [NO_HARBOR; MAX_HARBORS],
    })
}

impl Board {
    /// The board of these parts, with the harbors' intersections by kind.
    fn new(shape: Shape, tiles: Slots<Tile, MAX_HEXES>, harbors: Slots<HarborSpot, MAX_HARBORS>) -> Board {
        let t = shape.topology();
        let mut harbor_nodes = [NodeSet::EMPTY; 1 + RESOURCE_COUNT];
        for h in harbors.iter() {
            // A path that does not exist touches nothing (as in `harbors_touching`).
            if let Some(at) = t.edge_node_set.get(h.edge.index()) {
                let k = h.kind.resource().map_or(0, |r| 1 + r.index());
                harbor_nodes[k].union_with(at.0);
            }
        }
        Board {
            shape,
            tiles,
            harbors,
            harbor_nodes,
        }
    }

    /// The best maritime rate for each resource at these intersections:
    /// 4:1, 3:1 at a generic harbor, 2:1 at a harbor of that resource.
    #[inline]
    pub fn rates_at(&self, nodes: NodeSet) -> [u8; RESOURCE_COUNT] {
        let generic = self.generic_harbor_at(nodes);
        let mut out = [if generic { 3 } else { 4 }; RESOURCE_COUNT];
        for (r, at) in out.iter_mut().zip(&self.harbor_nodes[1..]) {
            if (at.0 & nodes.0).any() {
                *r = 2;
            }
        }
        out
    }

    /// Whether a 3:1 harbor touches one of these intersections.
    #[inline]
    pub fn generic_harbor_at(&self, nodes: NodeSet) -> bool {
        (self.harbor_nodes[0].0 & nodes.0).any()
    }

    /// A board of `shape` from tiles and harbors of its counts (`None`
    /// otherwise; a spot of `None` is a harbor without a place).
    pub fn from_parts(shape: Shape, tiles: &[Tile], spots: &[Option<HarborSpot>]) -> Option<Board> {
        if tiles.len() != shape.hex_count() || spots.len() != shape.harbor_count() {
            return None;
        }
        let spots: Option<Vec<HarborSpot>> = spots.iter().copied().collect();
        Some(Board::new(
            shape,
            Slots::from_slice(tiles, NO_TILE)?,
            Slots::from_slice(&spots?, NO_HARBOR)?,
        ))
    }

    /// The board's shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The board's shared topology.
    #[inline]
    pub fn topology(&self) -> &Topology {
        self.shape.topology()
    }

    /// The kind of every harbor touching one of `nodes` (a harbor's two
    /// intersections trade at its rate).
    #[inline]
    pub fn harbors_touching(&self, nodes: NodeSet) -> impl Iterator<Item = Harbor> + '_ {
        let t = self.topology();
        self.harbors.iter().filter_map(move |h| {
            let at = t.edge_node_set.get(h.edge.index())?;
            (at.0 & nodes.0).any().then_some(h.kind)
        })
    }

    /// The starting setup for beginners from the rulebook: terrain and numbers
    /// row by row from the top, harbors clockwise from the top-left spot.
    pub fn beginner() -> Board {
        use Terrain::*;
        let layout: [(Terrain, u8); 19] = [
            (Mountains, 10),
            (Pasture, 2),
            (Forest, 9),
            (Fields, 12),
            (Hills, 6),
            (Pasture, 4),
            (Hills, 10),
            (Fields, 9),
            (Forest, 11),
            (Desert, 0),
            (Forest, 3),
            (Mountains, 8),
            (Forest, 8),
            (Mountains, 3),
            (Fields, 4),
            (Pasture, 5),
            (Hills, 5),
            (Fields, 6),
            (Pasture, 11),
        ];
        let tiles = layout.map(|(terrain, n)| Tile {
            terrain,
            number: if n == 0 { None } else { Some(n) },
        });
        Board::new(
            Shape::Base,
            Slots::from_slice(&tiles, NO_TILE).unwrap_or(Slots {
                len: 0,
                items: [NO_TILE; MAX_HEXES],
            }),
            on_fixed_spots(
                Shape::Base,
                &[
                    Harbor::Generic,
                    Harbor::Wool,
                    Harbor::Generic,
                    Harbor::Generic,
                    Harbor::Brick,
                    Harbor::Lumber,
                    Harbor::Generic,
                    Harbor::Grain,
                    Harbor::Ore,
                ],
            ),
        )
    }

    /// A random board: terrains, number tokens and harbors shuffled, numbers
    /// redrawn until no two red numbers (6, 8) are neighbours
    /// (`catan.board.red_numbers_apart`).
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Board {
        let mut terrains = TERRAINS;
        terrains.shuffle(rng);
        let mut harbors = HARBORS;
        harbors.shuffle(rng);
        let mut numbers = NUMBERS;
        // Harbors are placed once; only the numbers are redrawn.
        let harbors = on_fixed_spots(Shape::Base, &harbors);
        loop {
            numbers.shuffle(rng);
            let mut next = numbers.iter();
            let mut tiles = [NO_TILE; 19];
            for (tile, &terrain) in tiles.iter_mut().zip(terrains.iter()) {
                let number = if terrain == Terrain::Desert {
                    None
                } else {
                    next.next().copied()
                };
                *tile = Tile { terrain, number };
            }
            let Some(tiles) = Slots::from_slice(&tiles, NO_TILE) else {
                continue;
            };
            let board = Board::new(Shape::Base, tiles, harbors);
            if board.red_numbers_apart() {
                return board;
            }
        }
    }

    /// A random 5–6 player board: the 30 terrains shuffled over the hexes
    /// (`catan56.board.terrain`), the harbor kinds over the 11 sites
    /// (`catan56.board.harbor_types`), the lettered tokens laid in letter
    /// order along one of four spirals picked by the seed, skipping the
    /// deserts (`catan56.board.tokens`, `catan56.board.spiral`). Red numbers
    /// apart is still checked, and the terrains redrawn if it failed.
    pub fn random_five_six<R: Rng + ?Sized>(rng: &mut R) -> Board {
        let mut harbors = HARBORS_56;
        harbors.shuffle(rng);
        let path = rng.random_range(0..4u8);
        let harbors = on_fixed_spots(Shape::FiveSix, &harbors);
        loop {
            let mut terrains = TERRAINS_56;
            terrains.shuffle(rng);
            let mut tiles = [NO_TILE; 30];
            for (tile, &terrain) in tiles.iter_mut().zip(terrains.iter()) {
                tile.terrain = terrain;
            }
            let mut letters = LETTERS_56.iter();
            for &(row, col) in &SPIRAL_56 {
                // Top–bottom mirror, then the 180° turn.
                let row = if path & 1 == 1 { 6 - row } else { row };
                let (row, col) = if path & 2 == 2 {
                    (6 - row, ROWS_56[row as usize] - 1 - col)
                } else {
                    (row, col)
                };
                let tile = &mut tiles[hex_56(row, col)];
                if tile.terrain != Terrain::Desert {
                    tile.number = letters.next().copied();
                }
            }
            let Some(tiles) = Slots::from_slice(&tiles, NO_TILE) else {
                continue;
            };
            let board = Board::new(Shape::FiveSix, tiles, harbors);
            if board.red_numbers_apart() {
                return board;
            }
        }
    }

    /// The deserts (where the robber may start, `catan56.board.robber_start`).
    pub fn deserts(&self) -> impl Iterator<Item = HexId> + '_ {
        self.tiles
            .iter()
            .enumerate()
            .filter(|(_, t)| t.terrain == Terrain::Desert)
            .map(|(i, _)| HexId(i as u8))
    }

    /// The desert hex (the robber's start); hex 0 if a layout has none.
    pub fn desert(&self) -> HexId {
        self.tiles
            .iter()
            .position(|t| t.terrain == Terrain::Desert)
            .map_or(HexId(0), |i| HexId(i as u8))
    }

    /// Whether no two hexes with a 6 or an 8 are neighbours.
    pub fn red_numbers_apart(&self) -> bool {
        let t = self.topology();
        let n = self.tiles.len();
        let red = |i: usize| matches!(self.tiles[i].number, Some(6) | Some(8));
        (0..n).all(|a| !red(a) || (0..n).all(|b| t.hex_neighbors[a] & (1 << b) == 0 || !red(b)))
    }

    /// Everything wrong with the layout (terrain and token counts, harbor
    /// kinds and paths), each with its rule id in German and English. An
    /// empty list means the layout is a base-game board.
    pub fn problems(&self) -> Vec<engine::Problem> {
        Layout::from(*self).problems(self.shape)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn beginner_board_is_a_base_board() {
        let b = Board::beginner();
        assert!(b.problems().is_empty(), "{:?}", b.problems());
        assert_eq!(b.desert(), HexId(9));
        assert!(b.red_numbers_apart());
    }

    #[test]
    fn random_boards_keep_red_numbers_apart() {
        let mut rng = engine::GameRng::seed_from_u64(7);
        let mut differ = false;
        let first = Board::random(&mut rng);
        for _ in 0..300 {
            let b = Board::random(&mut rng);
            assert!(b.problems().is_empty(), "{:?}", b.problems());
            assert!(b.red_numbers_apart(), "catan.board.red_numbers_apart");
            differ |= b != first;
        }
        assert!(differ);
    }

    #[test]
    fn random_five_six_boards_are_five_six_boards() {
        let mut rng = engine::GameRng::seed_from_u64(11);
        for _ in 0..200 {
            let b = Board::random_five_six(&mut rng);
            assert_eq!(b.shape(), Shape::FiveSix);
            assert!(b.problems().is_empty(), "{:?}", b.problems());
            assert!(b.red_numbers_apart(), "catan.board.red_numbers_apart");
            assert_eq!(b.deserts().count(), 2);
        }
    }

    #[test]
    fn adjacent_reds_are_detected() {
        let mut b = Board::beginner();
        // Hexes 0 and 1 are neighbours in the top row.
        b.tiles[0].number = Some(6);
        b.tiles[1].number = Some(8);
        assert!(!b.red_numbers_apart());
    }
}
