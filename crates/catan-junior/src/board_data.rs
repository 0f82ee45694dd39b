//! Board encodings as printed data (site numbers as on the board, 1-based).
//!
//! The 3–4-player side follows `docs/rules/catan-junior-board.md` exactly.
//! The 2-player side is derived (see `docs/games/catan-junior.md` and the test
//! `two_player_side_is_the_derived_hex_layout` in `board.rs`): flat-topped hex
//! islands in three columns, the left column half an island higher and the right
//! column half an island lower than the middle one; a site is every corner shared
//! by at least two islands, numbered in reading order (top to bottom, left to
//! right); a route is every island edge whose both corners are sites. This
//! reproduces every printed fact known of that side.

use crate::goods::Good;

/// One land island: its good, its number and its sites in ring order.
#[derive(Debug)]
pub struct IslandData {
    /// Letter naming the island (JSON and documentation).
    pub name: &'static str,
    /// The good it produces.
    pub good: Good,
    /// The die number (1–5) that makes it produce.
    pub number: u8,
    /// Its six corners in ring order (printed site numbers); `0` marks a corner
    /// that is no site (open water), so each island's ring of sites and the
    /// routes along it are explicit.
    pub sites: &'static [u8; 6],
}

/// The printed start pieces of one colour.
#[derive(Debug)]
pub struct StartData {
    /// The two start lairs (printed site numbers).
    pub lairs: [u8; 2],
    /// The two start ships (printed site pairs).
    pub ships: [(u8, u8); 2],
}

/// One side of the board.
#[derive(Debug)]
pub struct BoardData {
    /// Stable name of the side.
    pub name: &'static str,
    /// Number of ordinary sites (printed 1..=sites); the castle site is `sites + 1`.
    pub sites: u8,
    /// The land islands, in letter order.
    pub islands: &'static [IslandData],
    /// Sites around the castle island in ring order (empty where it has none).
    pub castle_ring: &'static [u8],
    /// Every ship route (printed site pairs).
    pub routes: &'static [(u8, u8)],
    /// Start pieces in seat order.
    pub starts: &'static [StartData],
}

const fn island(name: &'static str, good: Good, number: u8, sites: &'static [u8; 6]) -> IslandData {
    IslandData {
        name,
        good,
        number,
        sites,
    }
}

/// The side with 4 parrots (3–4 players).
pub static FOUR_PLAYER_SIDE: BoardData = BoardData {
    name: "four_player",
    sites: 32,
    islands: &[
        island("A", Good::Wood, 3, &[1, 2, 3, 24, 25, 26]),
        island("B", Good::Sabre, 1, &[2, 3, 4, 5, 0, 0]),
        island("C", Good::Sabre, 4, &[22, 23, 24, 25, 0, 0]),
        island("D", Good::Gold, 5, &[3, 4, 27, 32, 23, 24]),
        island("E", Good::Wood, 2, &[4, 5, 6, 7, 28, 27]),
        island("F", Good::Wood, 1, &[20, 21, 22, 23, 32, 31]),
        island("G", Good::Wool, 1, &[7, 8, 9, 10, 29, 28]),
        island("H", Good::Wool, 2, &[17, 18, 19, 20, 31, 30]),
        island("I", Good::Gold, 3, &[10, 11, 16, 17, 30, 29]),
        island("J", Good::Pineapple, 2, &[9, 10, 11, 12, 0, 0]),
        island("K", Good::Pineapple, 4, &[15, 16, 17, 18, 0, 0]),
        island("L", Good::Wool, 5, &[11, 12, 13, 14, 15, 16]),
    ],
    castle_ring: &[27, 28, 29, 30, 31, 32],
    routes: &[
        (1, 2),
        (1, 26),
        (2, 3),
        (3, 4),
        (3, 24),
        (4, 5),
        (4, 27),
        (5, 6),
        (6, 7),
        (7, 8),
        (7, 28),
        (8, 9),
        (9, 10),
        (10, 11),
        (10, 29),
        (11, 12),
        (11, 16),
        (12, 13),
        (13, 14),
        (14, 15),
        (15, 16),
        (16, 17),
        (17, 18),
        (17, 30),
        (18, 19),
        (19, 20),
        (20, 21),
        (20, 31),
        (21, 22),
        (22, 23),
        (23, 24),
        (23, 32),
        (24, 25),
        (25, 26),
        (27, 28),
        (27, 32),
        (28, 29),
        (29, 30),
        (30, 31),
        (31, 32),
    ],
    starts: &[
        StartData {
            lairs: [5, 15],
            ships: [(4, 5), (15, 16)],
        },
        StartData {
            lairs: [2, 18],
            ships: [(2, 3), (17, 18)],
        },
        StartData {
            lairs: [9, 25],
            ships: [(9, 10), (24, 25)],
        },
        StartData {
            lairs: [12, 22],
            ships: [(11, 12), (22, 23)],
        },
    ],
};

/// The side with 2 parrots (2 players, red and purple). Derived; see the module docs.
pub static TWO_PLAYER_SIDE: BoardData = BoardData {
    name: "two_player",
    sites: 16,
    islands: &[
        island("A", Good::Sabre, 1, &[0, 0, 1, 3, 2, 0]),
        island("B", Good::Wool, 2, &[1, 0, 4, 6, 5, 3]),
        island("C", Good::Wood, 3, &[4, 0, 0, 10, 9, 6]),
        island("D", Good::Pineapple, 3, &[2, 3, 5, 8, 7, 0]),
        island("E", Good::Gold, 5, &[5, 6, 9, 12, 11, 8]),
        island("F", Good::Pineapple, 4, &[9, 10, 0, 15, 14, 12]),
        island("G", Good::Wood, 4, &[7, 8, 11, 13, 0, 0]),
        island("H", Good::Wool, 1, &[11, 12, 14, 16, 0, 13]),
        island("I", Good::Sabre, 2, &[14, 15, 0, 0, 0, 16]),
    ],
    castle_ring: &[],
    routes: &[
        (1, 3),
        (2, 3),
        (3, 5),
        (4, 6),
        (5, 6),
        (5, 8),
        (6, 9),
        (7, 8),
        (8, 11),
        (9, 10),
        (9, 12),
        (11, 12),
        (11, 13),
        (12, 14),
        (14, 15),
        (14, 16),
    ],
    starts: &[
        StartData {
            lairs: [2, 13],
            ships: [(2, 3), (11, 13)],
        },
        StartData {
            lairs: [4, 15],
            ships: [(4, 6), (14, 15)],
        },
    ],
};
