//! Options of a game: which rules, which board, the point goal.
//!
//! `rules` names the rule set: the base game or Cities & Knights (or Cities & Knights
//! with heroes and squires, `cities_knights_heroes`). Cities & Knights
//! switches development cards off, raises the goal and adds pieces, which is
//! why the goal is a number here and not a constant in the rules. A config
//! that leaves `victory_points` out gets its rule set's goal (10 or 13).

use crate::board::Board;
use crate::layout::Layout;
use crate::topology::Shape;
use serde::{Deserialize, Serialize};

/// The rule set of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rules {
    /// CATAN – Das Spiel, the base game (`rules/catan.md`).
    #[default]
    Base,
    /// CATAN: Cities & Knights (Städte & Ritter) on top of the base game
    /// (`rules/cities-knights.md`).
    CitiesKnights,
    /// Cities & Knights with the heroes and squires of "Schlachten, Nationen
    /// und Helden" (`rules/heroes.md`, rule ids `snh.*`).
    CitiesKnightsHeroes,
}

impl Rules {
    /// The default point goal of the rule set: 10 in the base game, 13 in
    /// Cities & Knights (`ck.win.thirteen`).
    pub const fn default_goal(self) -> u8 {
        match self {
            Rules::Base => 10,
            Rules::CitiesKnights | Rules::CitiesKnightsHeroes => 13,
        }
    }

    /// Whether the rule set is Cities & Knights (with or without heroes).
    pub const fn is_cities_knights(self) -> bool {
        matches!(self, Rules::CitiesKnights | Rules::CitiesKnightsHeroes)
    }

    /// Whether the heroes and squires module is on (`snh.*`).
    pub const fn has_heroes(self) -> bool {
        matches!(self, Rules::CitiesKnightsHeroes)
    }

    /// The player counts the rule set allows, where it sets them (the base
    /// game's depend on the board and the two-player variant).
    pub fn player_range(self) -> Option<std::ops::RangeInclusive<usize>> {
        match self {
            Rules::Base => None,
            // `ck.setup.players`.
            Rules::CitiesKnights | Rules::CitiesKnightsHeroes => Some(3..=4),
        }
    }

    /// The expansions whose parts of the state the rule set plays on,
    /// beside the base part (none: the base game and 5–6). The state type
    /// that plays the rule set is the one whose `Part::plays` says so.
    pub const fn parts(self) -> &'static [PartKind] {
        match self {
            Rules::Base => &[],
            Rules::CitiesKnights | Rules::CitiesKnightsHeroes => &[PartKind::CitiesKnights],
        }
    }
}

/// An expansion with a part of the state of its own (`crate::Part`): the
/// list a rule set's state is made of, beside the base part. One variant
/// per expansion; the compiler lists every match to extend.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PartKind {
    /// Cities & Knights (with or without heroes): `CkState`.
    CitiesKnights,
}

impl PartKind {
    /// Every expansion with a part, in the order of the state's JSON.
    pub const ALL: &'static [PartKind] = &[PartKind::CitiesKnights];

    /// The name of its slot in a state's JSON.
    pub const fn slot(self) -> &'static str {
        match self {
            PartKind::CitiesKnights => "cities_knights",
        }
    }

    /// The expansions whose slots a state's JSON fills.
    pub fn in_state_json(state: &serde_json::Value) -> Vec<PartKind> {
        PartKind::ALL
            .iter()
            .copied()
            .filter(|k| state.get(k.slot()).is_some_and(|c| !c.is_null()))
            .collect()
    }

    /// The problem of a state whose rules play this part but that has none
    /// (its rule id is the expansion's).
    pub(crate) fn missing_part(self) -> engine::Problem {
        match self {
            PartKind::CitiesKnights => crate::cities_knights::validate::missing_part(),
        }
    }

    /// The problem of a state without this part in one of its phases.
    pub(crate) fn foreign_phase(self, phase: &str) -> engine::Problem {
        match self {
            PartKind::CitiesKnights => crate::cities_knights::validate::foreign_phase(phase),
        }
    }
}

/// An extension that changes the board and the number of players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Extension {
    /// The 5–6 player extension (`rules/catan-5-6.md`, rule ids `catan56.*`):
    /// the 30-hex board, its material, and a turn rule for the players who
    /// wait ([`TurnRule`]).
    FiveSix,
}

/// How a turn of the 5–6 player extension lets the other players act.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnRule {
    /// The Special Building Phase after every turn (`catan56.sbp.*`; the
    /// 2015 edition's rule, the default).
    #[default]
    SpecialBuilding,
    /// Paired players: the third player to the left acts after player 1
    /// (`catan56.pair.*`; the 2021 rule, an option).
    Paired,
}

/// Which board to play on.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", from = "BoardChoiceJson")]
pub enum BoardChoice {
    /// A random board drawn from the game's seeded RNG at `new_game`.
    #[default]
    Random,
    /// The rulebook's starting setup for beginners.
    Beginner,
    /// An explicit layout (checked at `new_game`: every problem is listed
    /// with its `catan.board.*` rule id).
    Layout {
        /// The layout.
        board: Layout,
    },
}

/// The JSON form read. serde's `deny_unknown_fields` is not enforced on the
/// unit variants of an internally tagged enum (`{"kind":"beginner","pad":1}`
/// would pass), so the variants are read as empty structs, where it is.
#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum BoardChoiceJson {
    Random {},
    Beginner {},
    Layout { board: Layout },
}

impl From<BoardChoiceJson> for BoardChoice {
    fn from(json: BoardChoiceJson) -> BoardChoice {
        match json {
            BoardChoiceJson::Random {} => BoardChoice::Random,
            BoardChoiceJson::Beginner {} => BoardChoice::Beginner,
            BoardChoiceJson::Layout { board } => BoardChoice::Layout { board },
        }
    }
}

impl BoardChoice {
    /// An explicit layout of a board.
    pub fn layout(board: Board) -> BoardChoice {
        BoardChoice::Layout { board: board.into() }
    }
}

/// Options of a CATAN game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "ConfigJson")]
pub struct Config {
    /// The rule set.
    #[serde(default)]
    pub rules: Rules,
    /// The board.
    #[serde(default)]
    pub board: BoardChoice,
    /// Points needed to win (10 in the base game, 13 in Cities & Knights).
    pub victory_points: u8,
    /// Allow games of 2 players (an option, as catanatron offers it; the
    /// rules are unchanged).
    #[serde(default)]
    pub two_players: bool,
    /// The seat that begins the setup and the game; drawn by the seeded RNG
    /// when left out (`catan.setup.start_player`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_player: Option<u8>,
    /// The 5–6 player extension (`"extension": "five_six"`), or none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extension: Option<Extension>,
    /// The extension's turn rule (`"turn": "special_building"` or
    /// `"paired"`); only with the extension, which defaults to the Special
    /// Building Phase.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<TurnRule>,
    /// House rule `catan.house.trade_offers_per_turn`: at most this many
    /// domestic trade offers opened per turn (none: no limit, the rulebook's
    /// game and every table's default). The research envs switch it on:
    /// without it a learner can open and cancel offers forever within one
    /// turn, and a turn never ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trade_offers_per_turn: Option<u8>,
    /// House rule `snh.house.free_squire_steps_per_turn`: at most this many
    /// free squire steps (across an own road) per turn (none: no limit, the
    /// seed's rule). A free step costs nothing, so without a bound a learner
    /// can step a squire back and forth forever and a turn never ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub free_squire_steps_per_turn: Option<u8>,
}

/// The JSON form read: the goal may be left out, and then depends on the rules.
/// Unknown fields are refused: options are stored with every table and sent
/// with every table listing, so nothing but the config may ride along.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigJson {
    #[serde(default)]
    rules: Rules,
    #[serde(default)]
    board: BoardChoice,
    #[serde(default)]
    victory_points: Option<u8>,
    #[serde(default)]
    two_players: bool,
    #[serde(default)]
    start_player: Option<u8>,
    #[serde(default)]
    extension: Option<Extension>,
    #[serde(default)]
    turn: Option<TurnRule>,
    #[serde(default)]
    trade_offers_per_turn: Option<u8>,
    #[serde(default)]
    free_squire_steps_per_turn: Option<u8>,
}

impl From<ConfigJson> for Config {
    fn from(c: ConfigJson) -> Self {
        Config {
            rules: c.rules,
            board: c.board,
            victory_points: c.victory_points.unwrap_or(c.rules.default_goal()),
            two_players: c.two_players,
            start_player: c.start_player,
            extension: c.extension,
            turn: c.turn,
            trade_offers_per_turn: c.trade_offers_per_turn,
            free_squire_steps_per_turn: c.free_squire_steps_per_turn,
        }
    }
}

impl Config {
    /// The shape of the board the game is played on.
    pub fn shape(&self) -> Shape {
        match self.extension {
            Some(Extension::FiveSix) => Shape::FiveSix,
            None => Shape::Base,
        }
    }

    /// The turn rule of a 5–6 player game (`None` without the extension).
    pub fn turn_rule(&self) -> Option<TurnRule> {
        self.extension.map(|_| self.turn.unwrap_or_default())
    }

    /// The 5–6 player extension on a random board with the given turn rule.
    pub fn five_six(turn: TurnRule) -> Config {
        Config {
            extension: Some(Extension::FiveSix),
            turn: Some(turn),
            ..Config::default()
        }
    }

    /// Cities & Knights on a random board, 13 points to win.
    pub fn cities_knights() -> Config {
        Config {
            rules: Rules::CitiesKnights,
            victory_points: Rules::CitiesKnights.default_goal(),
            ..Config::default()
        }
    }

    /// Cities & Knights with heroes and squires on a random board, 13 points.
    pub fn cities_knights_heroes() -> Config {
        Config {
            rules: Rules::CitiesKnightsHeroes,
            victory_points: Rules::CitiesKnightsHeroes.default_goal(),
            ..Config::default()
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            rules: Rules::Base,
            board: BoardChoice::Random,
            victory_points: Rules::Base.default_goal(),
            two_players: false,
            start_player: None,
            extension: None,
            turn: None,
            trade_offers_per_turn: None,
            free_squire_steps_per_turn: None,
        }
    }
}
