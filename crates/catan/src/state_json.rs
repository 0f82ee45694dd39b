//! A state's JSON form, read and written by [`State`]: the fields in their
//! order, and each player's knights in `players[i].knights` although a Cities
//! & Knights game keeps them in its own part ([`crate::cities_knights::CkPlayer::knights`],
//! so that a base state pays no bytes for them).

use crate::action::Dice;
use crate::bits::{EdgeSet, NodeSet};
use crate::board::Board;
use crate::cities_knights::CkState;
use crate::config::{Rules, TurnRule};
use crate::dev::DevCards;
use crate::resource::Resources;
use crate::rules::negotiation::CounterEntry;
use crate::state::{BaseState, Part, Phase, Player, Players, State, MAX_PLAYERS};
use crate::topology::HexId;
use engine::Seat;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::sync::Arc;

/// Whether a node set is empty (for `skip_serializing_if`).
fn no_nodes(s: &NodeSet) -> bool {
    s.is_empty()
}

/// A player as written in a state's JSON: [`Player`]'s fields with the
/// knights (Cities & Knights) after `played`, where they always were.
#[derive(Serialize)]
struct PlayerOut<'a> {
    hand: &'a Resources,
    settlements: NodeSet,
    cities: NodeSet,
    roads: EdgeSet,
    dev_cards: &'a DevCards,
    new_dev_cards: &'a DevCards,
    played: &'a DevCards,
    #[serde(skip_serializing_if = "no_nodes")]
    knights: NodeSet,
    road_length: u8,
}

/// A player as read from a state's JSON (see [`PlayerOut`]).
#[derive(Deserialize)]
struct PlayerIn {
    #[serde(default)]
    hand: Resources,
    #[serde(default)]
    settlements: NodeSet,
    #[serde(default)]
    cities: NodeSet,
    #[serde(default)]
    roads: EdgeSet,
    #[serde(default)]
    dev_cards: DevCards,
    #[serde(default)]
    new_dev_cards: DevCards,
    #[serde(default)]
    played: DevCards,
    #[serde(default)]
    knights: NodeSet,
}

/// The players of a state's JSON, read as [`Players`] reads them.
fn de_players_in<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<PlayerIn>, D::Error> {
    let v: Vec<PlayerIn> = Vec::deserialize(d)?;
    if !(2..=MAX_PLAYERS).contains(&v.len()) {
        return Err(serde::de::Error::custom(format!(
            "a game has 2 to {MAX_PLAYERS} players, found {}",
            v.len()
        )));
    }
    Ok(v)
}

/// The players of a state written with their knights.
struct PlayersOut<'a, P: Part>(&'a State<P>);

impl<P: Part> Serialize for PlayersOut<'_, P> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let state = self.0;
        s.collect_seq(state.players.iter().enumerate().map(|(i, p)| PlayerOut {
            hand: &p.hand,
            settlements: p.settlements,
            cities: p.cities,
            roads: p.roads,
            dev_cards: &p.dev_cards,
            new_dev_cards: &p.new_dev_cards,
            played: &p.played,
            knights: state.knights(i),
            road_length: p.road_length,
        }))
    }
}

/// The JSON form written: [`State`]'s fields in their order, the players
/// with their knights.
#[derive(Serialize)]
#[serde(bound = "")]
struct StateOut<'a, P: Part> {
    rules: Rules,
    victory_points: u8,
    board: &'a Board,
    robber: HexId,
    start_player: Seat,
    current: Seat,
    turn: u32,
    phase: &'a Phase,
    bank: &'a Resources,
    deck: &'a DevCards,
    dev_played: bool,
    longest_road: Option<Seat>,
    largest_army: Option<Seat>,
    last_roll: Option<Dice>,
    players: PlayersOut<'a, P>,
    #[serde(skip_serializing_if = "Option::is_none", rename = "cities_knights")]
    ck: Option<&'a CkState>,
    #[serde(skip_serializing_if = "Option::is_none")]
    turn_rule: Option<TurnRule>,
    #[serde(skip_serializing_if = "Option::is_none")]
    turn_of: Option<Seat>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    counters: Vec<CounterEntry>,
    #[serde(skip_serializing_if = "Option::is_none")]
    trade_offers_per_turn: Option<u8>,
    #[serde(skip_serializing_if = "is_zero")]
    trade_offers: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    free_squire_steps_per_turn: Option<u8>,
    #[serde(skip_serializing_if = "is_zero")]
    free_squire_steps: u8,
}

impl<P: Part> Serialize for State<P> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        StateOut {
            rules: self.rules,
            victory_points: self.victory_points,
            board: &self.board,
            robber: self.robber,
            start_player: self.start_player,
            current: self.current,
            turn: self.turn,
            phase: &self.phase,
            bank: &self.bank,
            deck: &self.deck,
            dev_played: self.dev_played,
            longest_road: self.longest_road,
            largest_army: self.largest_army,
            last_roll: self.last_roll,
            players: PlayersOut(self),
            ck: self.part::<CkState>(),
            turn_rule: self.turn_rule,
            turn_of: self.turn_of,
            counters: CounterEntry::list(&self.base),
            trade_offers_per_turn: self.trade_offers_per_turn,
            trade_offers: self.trade_offers,
            free_squire_steps_per_turn: self.free_squire_steps_per_turn,
            free_squire_steps: self.free_squire_steps,
        }
        .serialize(s)
    }
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// The JSON form read: as [`State`], but the goal may be left out and then
/// depends on the rule set.
#[derive(Deserialize)]
pub(crate) struct StateJson {
    #[serde(default)]
    rules: Rules,
    #[serde(default)]
    victory_points: Option<u8>,
    #[serde(default = "Board::beginner")]
    board: Board,
    robber: HexId,
    start_player: Seat,
    current: Seat,
    turn: u32,
    phase: Phase,
    bank: Resources,
    deck: DevCards,
    #[serde(default)]
    dev_played: bool,
    #[serde(default)]
    longest_road: Option<Seat>,
    #[serde(default)]
    largest_army: Option<Seat>,
    #[serde(default)]
    last_roll: Option<Dice>,
    #[serde(deserialize_with = "de_players_in")]
    players: Vec<PlayerIn>,
    #[serde(default, rename = "cities_knights")]
    ck: Option<CkState>,
    #[serde(default)]
    turn_rule: Option<TurnRule>,
    #[serde(default)]
    turn_of: Option<Seat>,
    #[serde(default)]
    counters: Vec<CounterEntry>,
    #[serde(default)]
    trade_offers_per_turn: Option<u8>,
    #[serde(default)]
    trade_offers: u8,
    #[serde(default)]
    free_squire_steps_per_turn: Option<u8>,
    #[serde(default)]
    free_squire_steps: u8,
}

/// The expansions' parts as a state's JSON holds them, each in its own
/// slot (named as in the JSON): what `Part::from_json` builds a state type's
/// part from. One field per expansion with a part.
#[derive(Debug)]
pub struct PartSlots {
    /// `cities_knights`.
    pub cities_knights: Option<CkState>,
}

impl PartSlots {
    /// The first slot that is there: the expansion's title and the slot's
    /// JSON name.
    pub fn present(&self) -> Option<(&'static str, &'static str)> {
        self.cities_knights
            .as_ref()
            .map(|_| ("Cities & Knights", "cities_knights"))
    }
}

impl<P: Part> TryFrom<StateJson> for State<P> {
    type Error = String;
    fn try_from(j: StateJson) -> Result<Self, String> {
        let mut players = Players::new(j.players.len());
        let mut ck = j.ck;
        let mut base_knights = false;
        for (i, p) in j.players.iter().enumerate() {
            players.p[i] = Player {
                hand: p.hand,
                settlements: p.settlements,
                cities: p.cities,
                roads: p.roads,
                dev_cards: p.dev_cards,
                new_dev_cards: p.new_dev_cards,
                played: p.played,
                road_length: 0,
            };
            match ck.as_mut() {
                Some(c) => c.players[i]
                    .set_knights(p.knights)
                    .map_err(|e| format!("players[{i}]: {e}"))?,
                None => base_knights |= !p.knights.is_empty(),
            }
        }
        let mut state = State {
            part: P::from_json(PartSlots { cities_knights: ck })?,
            base: BaseState {
                rules: j.rules,
                victory_points: j.victory_points.unwrap_or(j.rules.default_goal()),
                board: Arc::new(j.board),
                robber: j.robber,
                start_player: j.start_player,
                current: j.current,
                turn: j.turn,
                phase: j.phase,
                bank: j.bank,
                deck: j.deck,
                dev_played: j.dev_played,
                longest_road: j.longest_road,
                largest_army: j.largest_army,
                last_roll: j.last_roll,
                players,
                turn_rule: j.turn_rule,
                turn_of: j.turn_of,
                counters: CounterEntry::read(&j.counters)?,
                trade_offers_per_turn: j.trade_offers_per_turn,
                trade_offers: j.trade_offers,
                free_squire_steps_per_turn: j.free_squire_steps_per_turn,
                free_squire_steps: j.free_squire_steps,
                base_knights,
            },
        };
        state.recompute_road_lengths();
        Ok(state)
    }
}
