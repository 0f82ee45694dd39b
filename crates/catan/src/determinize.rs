//! Determinization: a state the viewer cannot tell apart from the real one,
//! with every secret hidden from the viewer drawn again at random.
//!
//! Hidden from a viewer are the other players' hands (their sizes are public,
//! and the bank's counts fix how many of each resource are in hands), the
//! other players' unplayed development cards and the deck (sizes public; the
//! composition of the unseen cards is the full deck minus the viewer's own and
//! every played card). Cards a player has shown in a trade are kept: the
//! offerer holds what it offers, a seat that accepted holds what was asked.
//! Once the game is over, victory point cards are public, so development
//! cards are left as they are.

use crate::dev::{DevCards, DEV_KINDS};
use crate::resource::{Resources, RESOURCE_COUNT};
use crate::state::{Phase, State, MAX_PLAYERS};
use engine::{GameRng, Seat, Viewer};
use rand::seq::SliceRandom;

/// A state consistent with everything `viewer` sees, secrets resampled.
pub fn determinize(state: &State, viewer: Viewer, rng: &mut GameRng) -> State {
    let mut s = state.clone();
    let n = s.n();
    let hidden: Vec<usize> = (0..n).filter(|&i| !viewer.sees(Seat(i as u8))).collect();
    if hidden.is_empty() {
        return s;
    }
    resample_hands(&mut s, &hidden, rng);
    if !matches!(s.phase, Phase::Over { .. }) {
        resample_dev_cards(&mut s, &hidden, rng);
    }
    s
}

/// Cards each player is publicly known to hold.
fn known_minimum(state: &State) -> [Resources; MAX_PLAYERS] {
    let mut known = [Resources::ZERO; MAX_PLAYERS];
    let cur = state.current.index();
    match state.phase {
        Phase::TradeDraft { offer } | Phase::TradeReplies { offer, .. } => known[cur] = offer.give,
        Phase::TradeConfirm { offer, accepted } => {
            known[cur] = offer.give;
            for s in accepted.iter() {
                if let Some(k) = known.get_mut(s.index()) {
                    *k = offer.get;
                }
            }
        }
        _ => {}
    }
    known
}

fn resample_hands(s: &mut State, hidden: &[usize], rng: &mut GameRng) {
    let known = known_minimum(s);
    // The unseen cards: everything in hidden hands beyond what is known.
    let mut pool: Vec<u8> = Vec::with_capacity(96);
    let mut sizes = [0u32; MAX_PLAYERS];
    for &i in hidden {
        let p = &mut s.players[i];
        let mut unknown = p.hand;
        unknown.sub(&known[i]);
        sizes[i] = unknown.total();
        for r in 0..RESOURCE_COUNT {
            pool.extend(std::iter::repeat_n(r as u8, unknown.0[r] as usize));
        }
        p.hand = known[i];
    }
    pool.shuffle(rng);
    let mut next = pool.into_iter();
    for &i in hidden {
        for _ in 0..sizes[i] {
            if let Some(r) = next.next() {
                s.players[i].hand.0[r as usize] += 1;
            }
        }
    }
}

fn resample_dev_cards(s: &mut State, hidden: &[usize], rng: &mut GameRng) {
    let mut pool: Vec<u8> = Vec::with_capacity(32);
    let mut old = [0u32; MAX_PLAYERS];
    let mut new = [0u32; MAX_PLAYERS];
    let add = |pool: &mut Vec<u8>, d: &DevCards| {
        for k in 0..DEV_KINDS {
            pool.extend(std::iter::repeat_n(k as u8, d.0[k] as usize));
        }
    };
    for &i in hidden {
        let p = &mut s.players[i];
        old[i] = p.dev_cards.total();
        new[i] = p.new_dev_cards.total();
        add(&mut pool, &p.dev_cards);
        add(&mut pool, &p.new_dev_cards);
        p.dev_cards = DevCards::ZERO;
        p.new_dev_cards = DevCards::ZERO;
    }
    add(&mut pool, &s.deck);
    s.deck = DevCards::ZERO;
    pool.shuffle(rng);
    let mut next = pool.into_iter();
    for &i in hidden {
        for _ in 0..old[i] {
            if let Some(k) = next.next() {
                s.players[i].dev_cards.0[k as usize] += 1;
            }
        }
        for _ in 0..new[i] {
            if let Some(k) = next.next() {
                s.players[i].new_dev_cards.0[k as usize] += 1;
            }
        }
    }
    for k in next {
        s.deck.0[k as usize] += 1;
    }
}
