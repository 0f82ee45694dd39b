//! What one viewer may see (`view`) and events as they may see them
//! (`redact`). Everything is public except a card reserved from a deck top,
//! which only its owner sees (the others see its level), and the contents of
//! the decks, which nobody sees: decks appear as counts.

use crate::action::Event;
use crate::state::{Phase, State};
use crate::types::{Bonuses, CardId, Level, NobleId, Tokens};
use engine::{Seat, Viewer};
use serde::{Deserialize, Serialize};

/// The game as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Who looks.
    pub viewer: Viewer,
    /// What the game waits for.
    pub phase: Phase,
    /// Whose turn it is.
    pub current: Seat,
    /// Turns begun.
    pub turn: u32,
    /// Passes in the current round so far.
    pub round_passes: u8,
    /// Tokens in the bank.
    pub bank: Tokens,
    /// Cards left per deck (levels 1, 2, 3).
    pub decks: [u8; 3],
    /// Face-up market cards per level and slot; `null` = empty.
    pub market: [[Option<CardId>; 4]; 3],
    /// Face-up nobles.
    pub nobles: Vec<NobleId>,
    /// The players in seat order.
    pub players: Vec<PlayerView>,
}

/// One player as the viewer sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// Tokens held.
    pub tokens: Tokens,
    /// Card bonuses.
    pub bonuses: Bonuses,
    /// Prestige points.
    pub points: u8,
    /// Purchased cards.
    pub purchased: Vec<CardId>,
    /// Reserved cards in the order reserved.
    pub reserved: Vec<ReservedView>,
    /// Nobles that visited the player.
    pub nobles: Vec<NobleId>,
}

/// A reserved card as the viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReservedView {
    /// The card's level (always visible).
    pub level: Level,
    /// The card, unless it lies face down and the viewer is not its owner.
    pub card: Option<CardId>,
    /// Whether it was reserved face down from a deck top.
    pub hidden: bool,
}

/// The view of `viewer`.
pub(crate) fn view(s: &State, viewer: Viewer) -> View {
    let players = s.players[..s.players()]
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let owner = viewer.sees(Seat(i as u8));
            PlayerView {
                tokens: Tokens::new(p.tokens()),
                bonuses: Bonuses(p.bonuses()),
                points: p.points,
                purchased: p.purchased.iter().collect(),
                reserved: p
                    .reserved()
                    .map(|(card, hidden)| ReservedView {
                        level: card.level(),
                        card: (owner || !hidden).then_some(card),
                        hidden,
                    })
                    .collect(),
                nobles: s.face_up_nobles_of(p.nobles),
            }
        })
        .collect();
    View {
        viewer,
        phase: s.phase,
        current: Seat(s.current),
        turn: s.turn,
        round_passes: s.round_passes,
        bank: Tokens::new(s.bank()),
        decks: s.deck.map(|d| d.count_ones() as u8),
        market: s.market.map(|row| row.map(CardId::new)),
        nobles: s.face_up_nobles().collect(),
        players,
    }
}

/// The event as `viewer` may see it.
pub(crate) fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
    match event {
        Event::DrewReserved { seat, level, card } if !viewer.sees(*seat) => {
            let _ = card;
            Some(Event::DrewReserved {
                seat: *seat,
                level: *level,
                card: None,
            })
        }
        other => Some(other.clone()),
    }
}
