//! Development cards (`catan.dev.*`, `catan.build.deck_empty`): buying (the
//! card is a chance outcome weighted by the deck's counts), and playing one
//! card per turn, never one bought this turn. Victory point cards are never
//! played; they count as soon as they are held.

use super::awards::update_largest_army;
use super::build::{pay, place_road, road_spots};
use super::layer::Layer;
use crate::action::{Action, Chance, Event};
use crate::dev::DevCard;
use crate::error::CatanError;
use crate::resource::ResourceCounts;
use crate::resource::{Resource, Resources};
use crate::rules::layer::Base;
use crate::state::{BaseState, Phase, Resume};
use crate::topology::EdgeId;
use crate::{BaseAction, BaseChance, BaseEvent, BasePhase};
use engine::{EventSink, GameRng, Rejection, Seat};

/// Checks buying a card.
pub fn check_buy(state: &BaseState, seat: Seat) -> Result<(), CatanError> {
    if state.deck.total() == 0 {
        return Err(CatanError::DeckEmpty);
    }
    if !state.players[seat.index()].hand.covers(&Resources::DEVELOPMENT) {
        return Err(CatanError::PayInsufficient);
    }
    Ok(())
}

/// Pays for a card; the draw follows as a chance outcome.
pub fn apply_buy(state: &mut BaseState, seat: Seat) {
    pay(state, seat, &Resources::DEVELOPMENT);
    state.phase = Phase::Base(BasePhase::Drawing);
}

/// The possible cards with their probabilities (the deck's composition).
pub fn draw_outcomes(state: &BaseState, out: &mut Vec<(Chance, f64)>) {
    let total = state.deck.total() as f64;
    if total == 0.0 {
        return;
    }
    for card in DevCard::ALL {
        let c = state.deck.get(card);
        if c > 0 {
            out.push((Chance::Base(BaseChance::Draw { card }), c as f64 / total));
        }
    }
}

/// Draws a card directly.
pub fn sample_draw(state: &BaseState, rng: &mut GameRng) -> DevCard {
    state.deck.pick(rng).map_or(DevCard::Knight, |i| DevCard::ALL[i])
}

/// The drawn card goes to the buyer, face down, not playable this turn.
pub fn apply_draw<S: EventSink<Event>>(state: &mut BaseState, card: DevCard, events: &mut S) {
    let seat = state.current;
    let d = &mut state.deck.0[card.index()];
    if *d > 0 {
        *d -= 1;
        state.players[seat.index()].new_dev_cards.0[card.index()] += 1;
    }
    events.push(Event::Base(BaseEvent::DevCardBought { seat, card: Some(card) }));
    state.phase = Phase::Base(BasePhase::Main);
}

/// Development cards the active player may play now (before the roll or in
/// the main part of the turn).
pub fn legal_plays(state: &BaseState, seat: Seat, out: &mut Vec<Action>) {
    if state.dev_played {
        return;
    }
    let cards = state.players[seat.index()].dev_cards;
    if cards.get(DevCard::Knight) > 0 {
        out.push(Action::Base(BaseAction::PlayKnight));
    }
    if cards.get(DevCard::RoadBuilding) > 0 {
        out.push(Action::Base(BaseAction::PlayRoadBuilding));
    }
    if cards.get(DevCard::YearOfPlenty) > 0 {
        for (i, &first) in Resource::ALL.iter().enumerate() {
            for &second in &Resource::ALL[i..] {
                if year_of_plenty_payable(state, first, second) {
                    out.push(Action::Base(BaseAction::PlayYearOfPlenty { first, second }));
                }
            }
        }
    }
    if cards.get(DevCard::Monopoly) > 0 {
        for resource in Resource::ALL {
            out.push(Action::Base(BaseAction::PlayMonopoly { resource }));
        }
    }
}

fn year_of_plenty_payable(state: &BaseState, first: Resource, second: Resource) -> bool {
    let need = if first == second { 2 } else { 1 };
    state.bank.get(first) >= need && state.bank.get(second) >= 1
}

/// Checks playing a card of kind `card`.
pub fn check_play(state: &BaseState, seat: Seat, card: DevCard) -> Result<(), CatanError> {
    if state.dev_played {
        return Err(CatanError::DevOnePerTurn);
    }
    let p = &state.players[seat.index()];
    if p.dev_cards.get(card) == 0 {
        return Err(if p.new_dev_cards.get(card) > 0 {
            CatanError::DevNotThisTurn
        } else {
            CatanError::DevNoCard
        });
    }
    Ok(())
}

/// Checks year of plenty's choice.
pub fn check_year_of_plenty(state: &BaseState, first: Resource, second: Resource) -> Result<(), Rejection<CatanError>> {
    if !year_of_plenty_payable(state, first, second) {
        let short = if state.bank.get(first) == 0 || (first == second && state.bank.get(first) < 2) {
            first
        } else {
            second
        };
        return Err(CatanError::BankShortage(short).into());
    }
    Ok(())
}

fn take_card<S: EventSink<Event>>(state: &mut BaseState, seat: Seat, card: DevCard, events: &mut S) {
    let p = &mut state.players[seat.index()];
    p.dev_cards.0[card.index()] = p.dev_cards.0[card.index()].saturating_sub(1);
    p.played.0[card.index()] += 1;
    state.dev_played = true;
    events.push(Event::Base(BaseEvent::DevCardPlayed { seat, card }));
}

/// Plays a knight: it stays face up, Largest Army is checked at once, then
/// the robber moves (seed 000: it counts even if nothing can be stolen).
pub fn apply_knight<S: EventSink<Event>>(state: &mut BaseState, seat: Seat, resume: Resume, events: &mut S) {
    take_card(state, seat, DevCard::Knight, events);
    update_largest_army(state, seat, events);
    state.phase = Phase::Base(BasePhase::MoveRobber { resume });
}

/// Plays road building: up to 2 free roads, fewer if the supply (or the
/// board) has fewer places.
pub fn apply_road_building<S: EventSink<Event>>(state: &mut BaseState, seat: Seat, resume: Resume, events: &mut S) {
    take_card(state, seat, DevCard::RoadBuilding, events);
    let left = state.players[seat.index()].roads_left().min(2);
    state.phase = if left == 0 || road_spots(Base, state, seat).is_empty() {
        resume.phase()
    } else {
        Phase::Base(BasePhase::RoadBuilding { left, resume })
    };
}

/// Places one free road of road building.
pub fn apply_free_road<L: Layer, S: EventSink<Event>>(
    layer: L,
    state: &mut BaseState,
    seat: Seat,
    edge: EdgeId,
    left: u8,
    resume: Resume,
    events: &mut S,
) {
    place_road(layer, state, seat, edge, true, events);
    let left = left.saturating_sub(1).min(state.players[seat.index()].roads_left());
    state.phase = if left == 0 || road_spots(layer, state, seat).is_empty() {
        resume.phase()
    } else {
        Phase::Base(BasePhase::RoadBuilding { left, resume })
    };
}

/// Plays year of plenty.
pub fn apply_year_of_plenty<S: EventSink<Event>>(
    state: &mut BaseState,
    seat: Seat,
    first: Resource,
    second: Resource,
    events: &mut S,
) {
    take_card(state, seat, DevCard::YearOfPlenty, events);
    let mut gain = Resources::ZERO;
    gain.0[first.index()] += 1;
    gain.0[second.index()] += 1;
    state.bank.sub(&gain);
    state.players[seat.index()].hand.add(&gain);
    events.push(Event::Base(BaseEvent::TookFromBank { seat, resources: gain }));
}

/// Plays monopoly: every other player hands over all cards of the resource.
pub fn apply_monopoly<S: EventSink<Event>>(state: &mut BaseState, seat: Seat, r: Resource, events: &mut S) {
    take_card(state, seat, DevCard::Monopoly, events);
    let mut taken = 0u8;
    for i in 0..state.n() {
        if i == seat.index() {
            continue;
        }
        let c = std::mem::take(&mut state.players[i].hand.0[r.index()]);
        taken = taken.saturating_add(c);
        events.push(Event::Base(BaseEvent::MonopolyPaid {
            from: Seat(i as u8),
            to: seat,
            resource: r,
            count: Some(c),
        }));
    }
    let mine = &mut state.players[seat.index()].hand.0[r.index()];
    *mine = mine.saturating_add(taken);
}
