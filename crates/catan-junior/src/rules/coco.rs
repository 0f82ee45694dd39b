//! Asking Coco for help (`junior.coco.*`): pay 1 pineapple, 1 sabre and 1 gold,
//! draw a card (a chance outcome weighted by what is left in the deck: the deck
//! is a multiset, its order is no state), reveal it and carry it out at once.
//! Allowed several times a turn, never once the deck is empty. Revealed cards
//! stay open before their owner to the end, which decides the castle site.

use super::{build, castle, supply};
use crate::edition::CocoCard;
use crate::error::JuniorError;
use crate::event::Event;
use crate::goods::COCO_COST;
use crate::state::{Phase, State};
use engine::{EventSink, GameRng, Seat};

/// Checks asking Coco.
pub fn check_ask(state: &State, p: usize) -> Result<(), JuniorError> {
    if state.deck_size() == 0 {
        return Err(JuniorError::CocoDeckEmpty);
    }
    if !state.hands[p & 3].covers(&COCO_COST) {
        return Err(JuniorError::CocoCost);
    }
    Ok(())
}

/// Pays Coco; the card is drawn next (chance).
pub fn apply_ask<S: EventSink<Event>>(state: &mut State, p: usize, events: &mut S) {
    state.hands[p & 3].sub(&COCO_COST);
    state.supply.add(&COCO_COST);
    state.phase = Phase::DrawCoco;
    events.push(Event::AskedCoco { captain: Seat(p as u8) });
}

/// Every card kind left, weighted by its share of the deck.
pub fn outcomes(state: &State, out: &mut Vec<(CocoCard, f64)>) {
    let size = state.deck_size();
    if size == 0 {
        return;
    }
    for (card, n) in state.deck_entries() {
        if n > 0 {
            out.push((card, n as f64 / size as f64));
        }
    }
}

/// Draws a card kind directly (same distribution as [`outcomes`]).
#[inline]
pub fn sample(state: &State, rng: &mut GameRng) -> CocoCard {
    let weights = state.deck_entries().map(|(_, n)| u32::from(n));
    engine::pick_weighted(weights, state.deck_size(), rng).map_or(CocoCard::MoveKlau, |i| CocoCard::ALL[i])
}

/// Reveals `card` for the captain and carries it out.
pub fn apply_card<S: EventSink<Event>>(state: &mut State, card: CocoCard, events: &mut S) {
    let p = state.cap();
    let k = card.index();
    state.deck[k] = state.deck[k].saturating_sub(1);
    state.cards[p][k] = state.cards[p][k].saturating_add(1);
    state.phase = Phase::Main;
    events.push(Event::CocoRevealed {
        captain: Seat(p as u8),
        card,
    });
    castle::update(state, events);
    if matches!(state.phase, Phase::Over { .. }) {
        return;
    }
    match card {
        CocoCard::MoveKlau => state.phase = Phase::MoveKlau,
        CocoCard::FreeBuild => {
            if build::can_place_any(state, p) {
                state.phase = Phase::FreeBuild;
            } else {
                events.push(Event::FreeBuildLost { captain: Seat(p as u8) });
            }
        }
        CocoCard::WoodPineapple | CocoCard::WoolSabre => {
            let goods = state.data().card_goods[k];
            supply::pay_seat(state, p, goods, events);
        }
    }
}
