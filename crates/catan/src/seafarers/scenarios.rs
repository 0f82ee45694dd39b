//! The scenarios and their printed boards (`sea.scn.*`), transcribed from
//! `rules/seafarers.md` in its own row notation: terrain, tokens, harbor
//! sites, robber and pirate starts, set-up areas and what counts as a
//! foreign island. Islands are not listed here: they are computed from the
//! hexes (`sea.board.island`), so a typo in a map shows up as a wrong
//! island in the tests rather than as a second, disagreeing list.

use super::map::{HarborSite, HexPos, SeaMap, Side};
use super::parse::parse_rows;
use crate::board::Harbor;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// A Seafarers scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scenario {
    /// Heading for New Shores (Zu neuen Ufern), `sea.scn.new_shores.*`.
    NewShores,
    /// The Four Islands (Die vier Inseln), `sea.scn.four_islands.*`.
    FourIslands,
    /// New World (Neue Welt), `sea.scn.new_world.*`: generated.
    NewWorld,
}

/// How many play: each fixed scenario has a different map for 3 and 4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Players {
    /// Three players.
    Three,
    /// Four players.
    Four,
}

impl Players {
    /// Both counts.
    pub const ALL: [Players; 2] = [Players::Three, Players::Four];

    /// The count of `n` players, for 3 and 4 only.
    pub const fn from_count(n: usize) -> Option<Players> {
        match n {
            3 => Some(Players::Three),
            4 => Some(Players::Four),
            _ => None,
        }
    }

    /// The number of players.
    pub const fn count(self) -> usize {
        match self {
            Players::Three => 3,
            Players::Four => 4,
        }
    }
}

/// Where set-up settlements may go (`sea.setup.area`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SetupArea {
    /// Only the main island, the board's largest ([`SeaMap::main_island`];
    /// `sea.scn.new_shores.start`).
    MainIsland,
    /// Any land hex (`sea.scn.four_islands.start`, `sea.scn.new_world.start`).
    AnyLand,
}

impl SetupArea {
    /// The land hexes whose intersections may take a set-up settlement, in
    /// reading order (empty for the main island of a board whose largest
    /// island is not unique).
    pub fn hexes(self, map: &SeaMap) -> Vec<HexPos> {
        match self {
            SetupArea::MainIsland => map.main_island().unwrap_or_default(),
            SetupArea::AnyLand => map.land().collect(),
        }
    }
}

/// Which islands are foreign to a player (`sea.svp.foreign_island`): a rule,
/// not a list, because in two scenarios it depends on where that player
/// settled in set-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ForeignRule {
    /// Every island but the main one, for everybody (New Shores).
    AllButMain,
    /// Every island that is not one of the player's home islands, those
    /// settled in set-up (`sea.setup.home`; Four Islands, New World).
    NotHome,
}

impl ForeignRule {
    /// Whether the island of land hex `hex` is foreign to a player whose
    /// set-up settlements touch the land hexes `home` (any hex of each home
    /// island will do). `false` for a hex that is not land.
    pub fn is_foreign(self, map: &SeaMap, hex: HexPos, home: &[HexPos]) -> bool {
        let Some(island) = map.island_of(hex) else {
            return false;
        };
        match self {
            ForeignRule::AllButMain => map.main_island().is_none_or(|main| main != island),
            ForeignRule::NotHome => !home.iter().any(|h| island.contains(h)),
        }
    }
}

impl Scenario {
    /// Every scenario.
    pub const ALL: [Scenario; 3] = [Scenario::NewShores, Scenario::FourIslands, Scenario::NewWorld];

    /// The id, as serde writes it.
    pub const fn id(self) -> &'static str {
        match self {
            Scenario::NewShores => "new_shores",
            Scenario::FourIslands => "four_islands",
            Scenario::NewWorld => "new_world",
        }
    }

    /// The scenario of an id.
    pub fn from_id(id: &str) -> Option<Scenario> {
        Scenario::ALL.into_iter().find(|s| s.id() == id)
    }

    /// German name.
    pub const fn name_de(self) -> &'static str {
        match self {
            Scenario::NewShores => "Zu neuen Ufern",
            Scenario::FourIslands => "Die vier Inseln",
            Scenario::NewWorld => "Neue Welt",
        }
    }

    /// English name.
    pub const fn name_en(self) -> &'static str {
        match self {
            Scenario::NewShores => "Heading for New Shores",
            Scenario::FourIslands => "The Four Islands",
            Scenario::NewWorld => "New World",
        }
    }

    /// The victory points to win (`sea.scn.new_shores.vp`,
    /// `sea.scn.four_islands.vp`; New World's is a decision of the rule
    /// file).
    pub const fn vp_goal(self) -> u8 {
        match self {
            Scenario::NewShores => 13,
            Scenario::FourIslands | Scenario::NewWorld => 12,
        }
    }

    /// Where set-up settlements go (`sea.setup.area`).
    pub const fn setup_area(self) -> SetupArea {
        match self {
            Scenario::NewShores => SetupArea::MainIsland,
            Scenario::FourIslands | Scenario::NewWorld => SetupArea::AnyLand,
        }
    }

    /// Which islands are foreign (`sea.svp.foreign_island`).
    pub const fn foreign_rule(self) -> ForeignRule {
        match self {
            Scenario::NewShores => ForeignRule::AllButMain,
            Scenario::FourIslands | Scenario::NewWorld => ForeignRule::NotHome,
        }
    }

    /// The printed map in row notation; `None` for New World, whose board
    /// is generated ([`NEW_WORLD_FRAME`] holds its frame).
    pub const fn map_text(self, players: Players) -> Option<&'static str> {
        match (self, players) {
            (Scenario::NewShores, Players::Three) => Some(NEW_SHORES_3),
            (Scenario::NewShores, Players::Four) => Some(NEW_SHORES_4),
            (Scenario::FourIslands, Players::Three) => Some(FOUR_ISLANDS_3),
            (Scenario::FourIslands, Players::Four) => Some(FOUR_ISLANDS_4),
            (Scenario::NewWorld, _) => None,
        }
    }

    /// The printed harbors: land hex, side, kind, as the rule file lists
    /// them; empty for New World.
    pub const fn harbor_table(self, players: Players) -> &'static [((u8, u8), Side, Harbor)] {
        match (self, players) {
            (Scenario::NewShores, Players::Three) => &NEW_SHORES_3_HARBORS,
            (Scenario::NewShores, Players::Four) => &NEW_SHORES_4_HARBORS,
            (Scenario::FourIslands, Players::Three) => &FOUR_ISLANDS_3_HARBORS,
            (Scenario::FourIslands, Players::Four) => &FOUR_ISLANDS_4_HARBORS,
            (Scenario::NewWorld, _) => &[],
        }
    }

    /// Robber and pirate starts of the printed map (`None`: off the board).
    pub const fn starts(self, players: Players) -> (Option<HexPos>, Option<HexPos>) {
        let p = HexPos::new;
        match (self, players) {
            (Scenario::NewShores, Players::Three) => (Some(p(1, 1)), Some(p(4, 6))),
            (Scenario::NewShores, Players::Four) => (Some(p(5, 3)), Some(p(4, 7))),
            (Scenario::FourIslands, Players::Three) => (Some(p(7, 1)), Some(p(4, 3))),
            (Scenario::FourIslands, Players::Four) => (Some(p(2, 4)), Some(p(4, 6))),
            (Scenario::NewWorld, _) => (None, None),
        }
    }

    /// The sea hexes that the variable set-up shuffles with the small
    /// islands' terrain (`sea.board.variable`, New Shores only).
    pub const fn shuffled_sea(self, players: Players) -> &'static [HexPos] {
        match (self, players) {
            (Scenario::NewShores, Players::Three) => &NEW_SHORES_3_SEA,
            (Scenario::NewShores, Players::Four) => &NEW_SHORES_4_SEA,
            (Scenario::FourIslands | Scenario::NewWorld, _) => &[],
        }
    }

    /// Whether the variable set-up shuffles the harbor kinds over the
    /// printed sites (New Shores for 4: "randomly place the harbor tokens").
    pub const fn shuffles_harbor_kinds(self, players: Players) -> bool {
        matches!((self, players), (Scenario::NewShores, Players::Four))
    }

    /// The printed board; `None` for New World (see [`Scenario::variable`]).
    /// The texts are this module's own and are checked by the tests, so a
    /// parse failure (also `None`) cannot reach a game.
    pub fn printed(self, players: Players) -> Option<SeaMap> {
        let rows = parse_rows(self.map_text(players)?).ok()?;
        let harbors = self
            .harbor_table(players)
            .iter()
            .map(|&((r, c), side, kind)| HarborSite {
                hex: HexPos::new(r, c),
                side,
                kind,
            })
            .collect();
        let (robber, pirate) = self.starts(players);
        Some(SeaMap {
            rows,
            harbors,
            robber,
            pirate,
        })
    }

    /// The board of option `sea.board.variable`: the printed one shuffled
    /// as the scenario says, or New World's generated board (the same for
    /// 3 and 4 players).
    pub fn variable<R: Rng + ?Sized>(self, players: Players, rng: &mut R) -> SeaMap {
        match self {
            Scenario::NewWorld => super::generate::new_world(rng),
            Scenario::NewShores | Scenario::FourIslands => super::variable::shuffle_printed(self, players, rng),
        }
    }
}

/// New World's frame (`sea.scn.new_world.frame`): `.` marks the 42 sites
/// the generator fills.
pub const NEW_WORLD_FRAME: &str = "\
r0 x0=3: # # # # # #
r1 x0=2: # . . . . . #
r2 x0=1: # . . . . . . #
r3 x0=0: # . . . . . . . #
r4 x0=1: # . . . . . . #
r5 x0=0: # . . . . . . . #
r6 x0=1: # . . . . . . #
r7 x0=2: # . . . . . #
r8 x0=3: # # # # # #
";

/// Heading for New Shores, 3 players.
const NEW_SHORES_3: &str = "\
r0 x0=3: # # # # #
r1 x0=2: # H12 Au5 ~ ~ #
r2 x0=1: # ~ ~ ~ P4 M9 #
r3 x0=0: # ~ G4 P6 ~ G3 ~ #
r4 x0=1: # P2 M5 F10 ~ Au4 ~ #
r5 x0=0: # H8 P10 P9 F8 ~ ~ #
r6 x0=1: # G11 M3 H11 ~ M8 #
r7 x0=2: # G6 F5 ~ H10 #
r8 x0=3: # # # # #
";

/// Heading for New Shores, 4 players.
const NEW_SHORES_4: &str = "\
r0 x0=3: # # # # # #
r1 x0=2: # M8 P11 ~ Au4 ~ #
r2 x0=1: # ~ ~ ~ ~ H5 M2 #
r3 x0=0: # ~ P5 F6 M4 ~ F9 ~ #
r4 x0=1: # G12 H11 G3 P9 ~ Au10 ~ #
r5 x0=0: # H6 F10 D G11 F5 ~ ~ #
r6 x0=1: # M3 P4 H9 P8 ~ H3 #
r7 x0=2: # G8 F2 M10 ~ G6 #
r8 x0=3: # # # # # #
";

/// The Four Islands, 3 players.
const FOUR_ISLANDS_3: &str = "\
r0 x0=4: # # # # #
r1 x0=3: # ~ ~ G4 P3 #
r2 x0=2: # M4 F9 ~ G9 H5 #
r3 x0=1: # P6 M10 ~ F8 H11 ~ #
r4 x0=2: # ~ ~ ~ ~ ~ #
r5 x0=1: # G11 M8 F3 ~ H10 H6 #
r6 x0=2: # F5 P9 ~ M2 G5 #
r7 x0=3: # P12 ~ ~ ~ #
r8 x0=4: # # # # #
";

/// The Four Islands, 4 players.
const FOUR_ISLANDS_4: &str = "\
r0 x0=3: # # # # #
r1 x0=2: # P8 ~ F9 F11 #
r2 x0=1: # H10 ~ M3 G12 P5 #
r3 x0=0: # G5 F3 ~ H5 M10 ~ #
r4 x0=1: # ~ ~ F6 ~ ~ #
r5 x0=0: # H4 P9 ~ ~ F9 P11 #
r6 x0=1: # G6 M4 H2 ~ M8 #
r7 x0=2: # P10 G11 ~ G4 #
r8 x0=3: # # # # #
";

use Harbor::{Brick, Generic, Grain, Lumber, Ore, Wool};
use Side::{Ne, Nw, Se, Sw, E, W};

/// New Shores 3p: 3 × 3:1 and one 2:1 of each resource.
const NEW_SHORES_3_HARBORS: [((u8, u8), Side, Harbor); 8] = [
    ((3, 2), W, Grain),
    ((3, 3), E, Generic),
    ((5, 1), Nw, Ore),
    ((5, 4), Ne, Wool),
    ((5, 1), Sw, Generic),
    ((7, 1), W, Brick),
    ((7, 2), E, Generic),
    ((7, 2), Sw, Lumber),
];

/// New Shores 4p: the printed types (shuffled in the variable set-up).
const NEW_SHORES_4_HARBORS: [((u8, u8), Side, Harbor); 9] = [
    ((3, 2), Nw, Grain),
    ((3, 3), Ne, Generic),
    ((4, 4), Ne, Lumber),
    ((4, 1), W, Ore),
    ((5, 5), E, Generic),
    ((6, 1), W, Wool),
    ((6, 4), Se, Generic),
    ((7, 1), Sw, Generic),
    ((7, 2), Se, Brick),
];

/// Four Islands 3p (fixed).
const FOUR_ISLANDS_3_HARBORS: [((u8, u8), Side, Harbor); 9] = [
    ((3, 1), Nw, Generic),
    ((2, 2), Se, Ore),
    ((5, 1), Ne, Lumber),
    ((5, 1), Sw, Generic),
    ((6, 2), Se, Wool),
    ((2, 5), Ne, Generic),
    ((3, 5), Sw, Brick),
    ((6, 4), Nw, Generic),
    ((5, 6), Se, Grain),
];

/// Four Islands 4p (fixed).
const FOUR_ISLANDS_4_HARBORS: [((u8, u8), Side, Harbor); 9] = [
    ((2, 1), W, Grain),
    ((3, 1), Se, Generic),
    ((5, 1), Sw, Brick),
    ((6, 2), Ne, Generic),
    ((7, 1), W, Wool),
    ((4, 3), Nw, Generic),
    ((2, 5), Se, Lumber),
    ((5, 6), Nw, Ore),
    ((5, 6), Se, Generic),
];

/// New Shores 3p: sea hexes shuffled with the small islands' terrain.
const NEW_SHORES_3_SEA: [HexPos; 5] = [
    HexPos::new(1, 3),
    HexPos::new(1, 4),
    HexPos::new(3, 6),
    HexPos::new(4, 6),
    HexPos::new(5, 6),
];

/// New Shores 4p: the same.
const NEW_SHORES_4_SEA: [HexPos; 5] = [
    HexPos::new(1, 3),
    HexPos::new(1, 5),
    HexPos::new(3, 7),
    HexPos::new(4, 7),
    HexPos::new(5, 7),
];
