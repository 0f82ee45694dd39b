//! What one viewer may see, and events as one viewer may see them.
//!
//! Public: the board, every piece, the robber, the bank's counts, the deck's
//! size, the dice, the phase (offers, owed discards, the victim named), played
//! development cards, the special cards, each player's number of resource
//! cards and of unplayed development cards (and how many were bought this
//! turn). Private to the seat itself: its hand and its development cards.
//! Victory point cards become public when the game is won.
//!
//! Events: a stolen card is shown only to thief and victim; a bought card only
//! to the buyer; what one player handed over to a monopoly only to the two
//! concerned (the others still see the public hand counts change).

use crate::action::{Dice, Event};
use crate::bits::{EdgeSet, NodeSet};
use crate::board::Board;
use crate::dev::DevCards;
use crate::resource::Resources;
use crate::state::{Part, Phase, State};
use crate::topology::HexId;
use crate::{BaseEvent, BasePhase};
use engine::{Seat, Viewer};
use serde::{Deserialize, Serialize};

/// One player as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// Settlements.
    pub settlements: NodeSet,
    /// Cities.
    pub cities: NodeSet,
    /// Roads.
    pub roads: EdgeSet,
    /// Longest single road.
    pub road_length: u8,
    /// Development cards played, face up.
    pub played: DevCards,
    /// Number of resource cards in hand (in Cities & Knights: of resource and
    /// commodity cards together, the only count the others see).
    pub resource_count: u32,
    /// Number of unplayed development cards (bought this turn included).
    pub dev_card_count: u32,
    /// How many of them were bought this turn.
    pub new_dev_card_count: u32,
    /// Points everybody can count (buildings, special cards).
    pub public_points: u8,
    /// The hand (own seat only).
    pub hand: Option<Resources>,
    /// Unplayed development cards bought before this turn (own seat only).
    pub dev_cards: Option<DevCards>,
    /// Development cards bought this turn (own seat only).
    pub new_dev_cards: Option<DevCards>,
    /// Victory point cards (own seat, or everybody once the game is won).
    pub victory_point_cards: Option<u8>,
    /// All points (own seat, or everybody once the game is won).
    pub points: Option<u8>,
}

/// The game as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Who looks.
    pub viewer: Viewer,
    /// Points needed to win.
    pub victory_points: u8,
    /// The board layout.
    pub board: Board,
    /// The robber's hex.
    pub robber: HexId,
    /// The start player.
    pub start_player: Seat,
    /// Whose turn it is.
    pub current: Seat,
    /// Turns begun.
    pub turn: u32,
    /// Where the game stands.
    pub phase: Phase,
    /// The counter-offers to an open offer (`catan.trade.counter`; public,
    /// like the offer).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub counters: Vec<crate::rules::negotiation::CounterEntry>,
    /// The bank's cards.
    pub bank: Resources,
    /// Development cards left in the deck.
    pub deck_size: u32,
    /// Whether the active player has played a development card this turn.
    pub dev_played: bool,
    /// Holder of Longest Road.
    pub longest_road: Option<Seat>,
    /// Holder of Largest Army.
    pub largest_army: Option<Seat>,
    /// The last roll.
    pub last_roll: Option<Dice>,
    /// The players by seat.
    pub players: Vec<PlayerView>,
    /// The Cities & Knights part (absent in a base game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cities_knights: Option<crate::cities_knights::CkView>,
    /// The 5–6 player extension's turn rule (absent in 3–4 player games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_rule: Option<crate::config::TurnRule>,
    /// Whose turn it is while `current` builds in the Special Building Phase
    /// or acts as paired player 2 (public, `catan56.*`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_of: Option<Seat>,
}

/// The view of `viewer`.
pub fn view<P: Part>(state: &State<P>, viewer: Viewer) -> View {
    let over = matches!(state.phase, Phase::Base(BasePhase::Over { .. }));
    let players = state
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let seat = Seat(i as u8);
            let own = viewer.sees(seat);
            PlayerView {
                settlements: p.settlements,
                cities: p.cities,
                roads: p.roads,
                road_length: p.road_length,
                played: p.played,
                // With commodities in Cities & Knights: the others see one count.
                resource_count: crate::query::card_count(state, seat),
                dev_card_count: p.dev_cards.total() + p.new_dev_cards.total(),
                new_dev_card_count: p.new_dev_cards.total(),
                public_points: state.public_points(seat),
                hand: own.then_some(p.hand),
                dev_cards: own.then_some(p.dev_cards),
                new_dev_cards: own.then_some(p.new_dev_cards),
                victory_point_cards: (own || over).then(|| p.victory_point_cards()),
                points: (own || over).then(|| state.points(seat)),
            }
        })
        .collect();
    View {
        viewer,
        victory_points: state.victory_points,
        board: *state.board,
        robber: state.robber,
        start_player: state.start_player,
        current: state.current,
        turn: state.turn,
        phase: state.phase,
        counters: crate::rules::negotiation::CounterEntry::list(state),
        bank: state.bank,
        deck_size: state.deck.total(),
        dev_played: state.dev_played,
        longest_road: state.longest_road,
        largest_army: state.largest_army,
        last_roll: state.last_roll,
        players,
        // Filled by the rule set's own view (the dispatch in `game.rs`).
        cities_knights: None,
        turn_rule: state.turn_rule,
        turn_of: state.turn_of,
    }
}

/// The event as `viewer` may see it.
pub fn redact(event: &Event, viewer: Viewer) -> Event {
    match *event {
        Event::Base(BaseEvent::Stolen { thief, victim, .. }) if !viewer.sees(thief) && !viewer.sees(victim) => {
            Event::Base(BaseEvent::Stolen {
                thief,
                victim,
                resource: None,
            })
        }
        Event::Base(BaseEvent::DevCardBought { seat, .. }) if !viewer.sees(seat) => {
            Event::Base(BaseEvent::DevCardBought { seat, card: None })
        }
        Event::Base(BaseEvent::MonopolyPaid { from, to, resource, .. }) if !viewer.sees(from) && !viewer.sees(to) => {
            Event::Base(BaseEvent::MonopolyPaid {
                from,
                to,
                resource,
                count: None,
            })
        }
        _ => event.clone(),
    }
}
