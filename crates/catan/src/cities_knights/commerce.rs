//! The trade deck (yellow): Commercial Harbor, Master Merchant, Merchant,
//! Merchant Fleet, Resource Monopoly, Trade Monopoly (`ck.card.*`), and the
//! merchant it places (`ck.merchant.*`).

use super::cards::{Card, Cards, Commodity};
use super::error::CkError;
use super::play::{hold, spend};
use super::state::Merchant;
use super::{card_count, hand};
use crate::action::{Action, Event};
use crate::cities_knights::layer::CkLayer;
use crate::cities_knights::CkState;
use crate::error::CatanError;
use crate::resource::Resource;
use crate::rules::layer::Layer;
use crate::state::BaseState;
use crate::state::Phase;
use crate::topology::HexId;
use crate::{BasePhase, CkAction, CkEvent, CkPhase};
use engine::{EventSink, Seat};

use super::progress::ProgressCard as P;

/// Trade-deck plays and Commercial Harbor offers of the active player.
pub fn legal(state: &BaseState, ck: &CkState, seat: Seat, out: &mut Vec<Action>) {
    let hand_p = ck.players[seat.index()].progress;
    if hand_p.get(P::CommercialHarbor) > 0 {
        out.push(Action::Ck(CkAction::PlayProgress {
            card: P::CommercialHarbor,
        }));
    }
    if hand_p.get(P::MasterMerchant) > 0 {
        for victim in Seat::all(state.n()) {
            if check_master(state, ck, seat, victim).is_ok() {
                out.push(Action::Ck(CkAction::PlayMasterMerchant { victim }));
            }
        }
    }
    if hand_p.get(P::Merchant) > 0 {
        for h in 0..state.topology().hex_count() as u8 {
            if check_merchant(state, seat, HexId(h)).is_ok() {
                out.push(Action::Ck(CkAction::PlayMerchant { hex: HexId(h) }));
            }
        }
    }
    if hand_p.get(P::MerchantFleet) > 0 {
        for card in Card::ALL {
            out.push(Action::Ck(CkAction::PlayMerchantFleet { card }));
        }
    }
    if hand_p.get(P::ResourceMonopoly) > 0 {
        for resource in Resource::ALL {
            out.push(Action::Ck(CkAction::PlayResourceMonopoly { resource }));
        }
    }
    if hand_p.get(P::TradeMonopoly) > 0 {
        for commodity in Commodity::ALL {
            out.push(Action::Ck(CkAction::PlayTradeMonopoly { commodity }));
        }
    }
    for to in Seat::all(state.n()) {
        for resource in Resource::ALL {
            if check_offer(state, ck, seat, to, resource).is_ok() {
                out.push(Action::Ck(CkAction::HarborOffer { to, resource }));
            }
        }
    }
}

fn check_master(state: &BaseState, ck: &CkState, seat: Seat, victim: Seat) -> Result<(), CkError> {
    if victim.index() >= state.n()
        || CkLayer(ck).points(state, victim) <= CkLayer(ck).points(state, seat)
        || card_count(state, ck, victim) == 0
    {
        return Err(CkError::CardTarget);
    }
    Ok(())
}

/// `ck.merchant.place`, `ck.decide.merchant_hex`.
fn check_merchant(state: &BaseState, seat: Seat, hex: HexId) -> Result<(), CkError> {
    let ok = hex.index() < state.topology().hex_count()
        && state.board.tiles[hex.index()].terrain.resource().is_some()
        && (state.players[seat.index()].buildings().0 & state.topology().hex_node_set[hex.index()].0).any();
    if ok {
        Ok(())
    } else {
        Err(CkError::MerchantHex)
    }
}

/// `ck.card.commercial_harbor`: once per opponent per turn, a resource from hand.
fn check_offer(state: &BaseState, ck: &CkState, seat: Seat, to: Seat, r: Resource) -> Result<(), CatanError> {
    let t = &ck.turn;
    if !t.harbor || to == seat || to.index() >= state.n() || t.harbor_used.contains(to) {
        return Err(CkError::Harbor.into());
    }
    if state.players[seat.index()].hand.get(r) == 0 {
        return Err(CatanError::PayInsufficient);
    }
    Ok(())
}

/// Checks a trade-deck play or a harbor offer (`None`: neither).
pub fn check(state: &BaseState, ck: &CkState, seat: Seat, action: &Action) -> Option<Result<(), CatanError>> {
    let r = match *action {
        Action::Ck(CkAction::PlayProgress {
            card: P::CommercialHarbor,
        }) => hold(ck, seat, P::CommercialHarbor),
        Action::Ck(CkAction::PlayMasterMerchant { victim }) => {
            hold(ck, seat, P::MasterMerchant).and_then(|_| Ok(check_master(state, ck, seat, victim)?))
        }
        Action::Ck(CkAction::PlayMerchant { hex }) => {
            hold(ck, seat, P::Merchant).and_then(|_| Ok(check_merchant(state, seat, hex)?))
        }
        Action::Ck(CkAction::PlayMerchantFleet { .. }) => hold(ck, seat, P::MerchantFleet),
        Action::Ck(CkAction::PlayResourceMonopoly { .. }) => hold(ck, seat, P::ResourceMonopoly),
        Action::Ck(CkAction::PlayTradeMonopoly { .. }) => hold(ck, seat, P::TradeMonopoly),
        Action::Ck(CkAction::HarborOffer { to, resource }) => check_offer(state, ck, seat, to, resource),
        _ => return None,
    };
    Some(r)
}

/// Applies a trade-deck play or a harbor offer.
pub fn apply<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    action: &Action,
    events: &mut S,
) {
    match *action {
        Action::Ck(CkAction::PlayProgress {
            card: P::CommercialHarbor,
        }) => {
            spend(ck, seat, P::CommercialHarbor, events);
            ck.turn.harbor = true;
        }
        Action::Ck(CkAction::PlayMasterMerchant { victim }) => {
            spend(ck, seat, P::MasterMerchant, events);
            let left = card_count(state, ck, victim).min(2) as u8;
            state.phase = Phase::Ck(CkPhase::MasterMerchant { victim, left });
        }
        Action::Ck(CkAction::PlayMerchant { hex }) => {
            spend(ck, seat, P::Merchant, events);
            ck.merchant = Some(Merchant { seat, hex });
            events.push(Event::Ck(CkEvent::MerchantPlaced { seat, hex }));
        }
        Action::Ck(CkAction::PlayMerchantFleet { card }) => {
            spend(ck, seat, P::MerchantFleet, events);
            ck.turn.fleet |= 1 << card.index();
        }
        Action::Ck(CkAction::PlayResourceMonopoly { resource }) => {
            spend(ck, seat, P::ResourceMonopoly, events);
            monopoly(state, ck, seat, Card::resource(resource), 2, events);
        }
        Action::Ck(CkAction::PlayTradeMonopoly { commodity }) => {
            spend(ck, seat, P::TradeMonopoly, events);
            monopoly(state, ck, seat, Card::commodity(commodity), 1, events);
        }
        Action::Ck(CkAction::HarborOffer { to, resource }) => {
            ck.turn.harbor_used.insert(to);
            if ck.players[to.index()].commodities.is_empty() {
                // Nothing to give back: the offered card stays with the player.
                return;
            }
            state.phase = Phase::Ck(CkPhase::HarborReply { to, resource });
        }
        _ => {}
    }
}

/// Every opponent gives up to `n` of `card`.
fn monopoly<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    card: Card,
    n: u8,
    events: &mut S,
) {
    for from in Seat::all(state.n()).filter(|&v| v != seat) {
        let count = hand(state, ck, from).count(card).min(n);
        for _ in 0..count {
            super::politics::move_card(state, ck, from, seat, card);
        }
        if count > 0 {
            events.push(Event::Ck(CkEvent::MonopolyGiven {
                from,
                to: seat,
                card,
                count,
            }));
        }
    }
}

/// The Commercial Harbor reply: a commodity of the opponent's choice.
pub fn apply_reply<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    to: Seat,
    resource: Resource,
    card: Card,
    events: &mut S,
) {
    let seat = state.current;
    super::politics::move_card(state, ck, seat, to, Card::resource(resource));
    super::politics::move_card(state, ck, to, seat, card);
    events.push(Event::Ck(CkEvent::CardGiven {
        from: seat,
        to,
        card: Some(Card::resource(resource)),
    }));
    events.push(Event::Ck(CkEvent::CardGiven {
        from: to,
        to: seat,
        card: Some(card),
    }));
    state.phase = Phase::Base(BasePhase::Main);
}
