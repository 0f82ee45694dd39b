//! Board layouts: which terrain and number token lies on each hex, and which
//! harbor on which coastal path. The topology (`topology.rs`) is fixed and
//! shared; only this small layout differs between games and lives in the state.
//! Its JSON form is a [`Layout`](crate::layout::Layout), checked there.

use crate::bits::NodeSet;
use crate::layout::Layout;
use crate::resource::Resource;
use crate::topology::{topology, EdgeId, HexId, HARBOR_COUNT, HEX_COUNT};
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
    /// The coastal path.
    pub edge: EdgeId,
    /// 3:1 (`generic`) or the resource it trades 2:1.
    pub kind: Harbor,
}

/// A board layout: tiles by hex id, and the harbors with their paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Layout", into = "Layout")]
pub struct Board {
    /// Tile of each hex, indexed by hex id.
    pub tiles: [Tile; HEX_COUNT],
    /// The harbors (the random and the beginner board put them on the
    /// frame's fixed spots, clockwise from the top left).
    pub harbors: [HarborSpot; HARBOR_COUNT],
}

/// The 19 terrains of the base game.
pub(crate) const TERRAINS: [Terrain; HEX_COUNT] = {
    use Terrain::*;
    [
        Forest, Forest, Forest, Forest, Pasture, Pasture, Pasture, Pasture, Fields, Fields, Fields, Fields, Hills,
        Hills, Hills, Mountains, Mountains, Mountains, Desert,
    ]
};

/// The 18 number tokens of the base game.
pub(crate) const NUMBERS: [u8; 18] = [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12];

/// The 9 harbors of the base game.
pub(crate) const HARBORS: [Harbor; HARBOR_COUNT] = [
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

/// Harbor kinds on the frame's fixed spots, in spot order.
fn on_fixed_spots(kinds: [Harbor; HARBOR_COUNT]) -> [HarborSpot; HARBOR_COUNT] {
    let edges = topology().harbor_edges;
    std::array::from_fn(|i| HarborSpot {
        edge: edges[i],
        kind: kinds[i],
    })
}

impl Board {
    /// A board from tiles and harbors of the right counts (`None` otherwise;
    /// a spot of `None` is a harbor without a place).
    pub fn from_parts(tiles: &[Tile], spots: &[Option<HarborSpot>]) -> Option<Board> {
        let tiles: [Tile; HEX_COUNT] = tiles.try_into().ok()?;
        if spots.len() != HARBOR_COUNT {
            return None;
        }
        let mut harbors = [HarborSpot {
            edge: EdgeId(0),
            kind: Harbor::Generic,
        }; HARBOR_COUNT];
        for (h, s) in harbors.iter_mut().zip(spots) {
            *h = (*s)?;
        }
        Some(Board { tiles, harbors })
    }

    /// The kind of every harbor touching one of `nodes` (a harbor's two
    /// intersections trade at its rate).
    #[inline]
    pub fn harbors_touching(&self, nodes: NodeSet) -> impl Iterator<Item = Harbor> + '_ {
        let t = topology();
        self.harbors.iter().filter_map(move |h| {
            let at = t.edge_node_set.get(h.edge.index())?;
            (at.0 & nodes.0 != 0).then_some(h.kind)
        })
    }

    /// The starting setup for beginners from the rulebook: terrain and numbers
    /// row by row from the top, harbors clockwise from the top-left spot.
    pub fn beginner() -> Board {
        use Terrain::*;
        let layout: [(Terrain, u8); HEX_COUNT] = [
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
        let mut tiles = [Tile {
            terrain: Desert,
            number: None,
        }; HEX_COUNT];
        for (tile, (terrain, n)) in tiles.iter_mut().zip(layout) {
            *tile = Tile {
                terrain,
                number: if n == 0 { None } else { Some(n) },
            };
        }
        Board {
            tiles,
            harbors: on_fixed_spots([
                Harbor::Generic,
                Harbor::Wool,
                Harbor::Generic,
                Harbor::Generic,
                Harbor::Brick,
                Harbor::Lumber,
                Harbor::Generic,
                Harbor::Grain,
                Harbor::Ore,
            ]),
        }
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
        loop {
            numbers.shuffle(rng);
            let mut next = numbers.iter();
            let mut tiles = [Tile {
                terrain: Terrain::Desert,
                number: None,
            }; HEX_COUNT];
            for (tile, &terrain) in tiles.iter_mut().zip(terrains.iter()) {
                let number = if terrain == Terrain::Desert {
                    None
                } else {
                    next.next().copied()
                };
                *tile = Tile { terrain, number };
            }
            let board = Board {
                tiles,
                harbors: on_fixed_spots(harbors),
            };
            if board.red_numbers_apart() {
                return board;
            }
        }
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
        let t = topology();
        let red = |i: usize| matches!(self.tiles[i].number, Some(6) | Some(8));
        (0..HEX_COUNT).all(|a| !red(a) || (0..HEX_COUNT).all(|b| t.hex_neighbors[a] & (1 << b) == 0 || !red(b)))
    }

    /// Everything wrong with the layout (terrain and token counts, harbor
    /// kinds and paths), each with its rule id in German and English. An
    /// empty list means the layout is a base-game board.
    pub fn problems(&self) -> Vec<engine::Problem> {
        Layout::from(*self).problems()
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
    fn adjacent_reds_are_detected() {
        let mut b = Board::beginner();
        // Hexes 0 and 1 are neighbours in the top row.
        b.tiles[0].number = Some(6);
        b.tiles[1].number = Some(8);
        assert!(!b.red_numbers_apart());
    }
}
