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

//! Every sample is a function of the viewer's view and the rng only: the
//! unseen cards are counted per kind (how many of each resource the hidden
//! hands hold beyond what is known, how many of each development card are in
//! the deck and the hidden players' unplayed cards — both fixed by the bank,
//! the deck size, the played cards and the viewer's own cards) and dealt in
//! seat order, each seat getting its public card counts. Two states the
//! viewer cannot tell apart therefore give the same sample for the same rng.
//! Nothing is allocated: cards are drawn one by one from the per-kind counts
//! (a draw without replacement, the same distribution as a shuffle).

use crate::dev::{DevCards, DEV_KINDS};
use crate::resource::{Resources, RESOURCE_COUNT};
use crate::rules::negotiation::Talks;
use crate::state::{BaseState, Phase, MAX_PLAYERS};
use crate::BasePhase;
use engine::{draw_without_replacement, GameRng, Seat, Viewer};

/// The seats whose secrets `viewer` does not see; `None` when it sees
/// every seat's (then a determinization is the state itself).
pub(crate) fn hidden_seats(state: &BaseState, viewer: Viewer) -> Option<[bool; MAX_PLAYERS]> {
    let mut hidden = [false; MAX_PLAYERS];
    let mut any = false;
    for (i, h) in hidden.iter_mut().enumerate().take(state.n()) {
        *h = !viewer.sees(Seat(i as u8));
        any |= *h;
    }
    any.then_some(hidden)
}

/// Deals the base game's secrets of the `hidden` seats again: their hands
/// and development cards. A rule set with secrets of its own resamples them
/// instead (the dispatch in `game.rs` chooses).
pub(crate) fn resample(s: &mut BaseState, hidden: &[bool; MAX_PLAYERS], rng: &mut GameRng) {
    resample_hands(s, hidden, rng);
    if !matches!(s.phase, Phase::Base(BasePhase::Over { .. })) {
        resample_dev_cards(s, hidden, rng);
    }
}

/// Cards each player is publicly known to hold.
pub(crate) fn known_minimum(state: &BaseState) -> [Resources; MAX_PLAYERS] {
    let mut known = [Resources::ZERO; MAX_PLAYERS];
    let cur = state.current.index();
    if let Phase::Base(BasePhase::TradeDraft { offer }) = state.phase {
        known[cur] = offer.give;
    }
    // In a negotiation: the offer's cards, what each seat that accepted was
    // asked for, and what each counter-offer gives (drafted or standing).
    if let Some(talks) = Talks::of(state) {
        known[cur] = talks.offer.give;
        for s in talks.accepted.iter() {
            if let Some(k) = known.get_mut(s.index()) {
                *k = talks.offer.get;
            }
        }
        for s in talks.countered.iter().chain(talks.drafting.iter()) {
            if let Some(k) = known.get_mut(s.index()) {
                *k = state.counter(s).get;
            }
        }
    }
    known
}

fn resample_hands(s: &mut BaseState, hidden: &[bool; MAX_PLAYERS], rng: &mut GameRng) {
    let known = known_minimum(s);
    // The unseen cards per resource: everything in hidden hands beyond what is
    // known. For a consistent state this is the full supply minus the bank,
    // the viewer's own hands and the known cards, i.e. a function of the view;
    // the hand sizes are public.
    let mut pool = [0u32; RESOURCE_COUNT];
    let mut remaining = 0u32;
    let mut sizes = [0u32; MAX_PLAYERS];
    for i in 0..s.n() {
        if !hidden[i] {
            continue;
        }
        let p = &mut s.players[i];
        let mut unknown = p.hand;
        unknown.sub(&known[i]);
        sizes[i] = unknown.total();
        for (c, &u) in pool.iter_mut().zip(unknown.0.iter()) {
            *c += u as u32;
        }
        remaining += sizes[i];
        p.hand = known[i];
    }
    for (i, &size) in sizes.iter().enumerate().take(s.n()) {
        for _ in 0..size {
            if let Some(r) = draw_without_replacement(&mut pool, &mut remaining, rng) {
                let c = &mut s.players[i].hand.0[r];
                *c = c.saturating_add(1);
            }
        }
    }
}

fn resample_dev_cards(s: &mut BaseState, hidden: &[bool; MAX_PLAYERS], rng: &mut GameRng) {
    // The unseen development cards per kind: the deck and the hidden players'
    // unplayed cards, i.e. the full deck minus every played card and the
    // viewer's own; the counts per player and the deck size are public.
    let mut pool = [0u32; DEV_KINDS];
    let mut remaining = 0u32;
    let mut old = [0u32; MAX_PLAYERS];
    let mut new = [0u32; MAX_PLAYERS];
    let add = |pool: &mut [u32; DEV_KINDS], d: &DevCards| {
        for (c, &k) in pool.iter_mut().zip(d.0.iter()) {
            *c += k as u32;
        }
        d.total()
    };
    for i in 0..s.n() {
        if !hidden[i] {
            continue;
        }
        let p = &mut s.players[i];
        old[i] = add(&mut pool, &p.dev_cards);
        new[i] = add(&mut pool, &p.new_dev_cards);
        remaining += old[i] + new[i];
        p.dev_cards = DevCards::ZERO;
        p.new_dev_cards = DevCards::ZERO;
    }
    remaining += add(&mut pool, &s.deck);
    s.deck = DevCards::ZERO;
    for i in 0..s.n() {
        for _ in 0..old[i] {
            if let Some(k) = draw_without_replacement(&mut pool, &mut remaining, rng) {
                let c = &mut s.players[i].dev_cards.0[k];
                *c = c.saturating_add(1);
            }
        }
        for _ in 0..new[i] {
            if let Some(k) = draw_without_replacement(&mut pool, &mut remaining, rng) {
                let c = &mut s.players[i].new_dev_cards.0[k];
                *c = c.saturating_add(1);
            }
        }
    }
    for (d, &c) in s.deck.0.iter_mut().zip(pool.iter()) {
        *d = d.saturating_add(c.min(u8::MAX as u32) as u8);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dev::DevCard;
    use crate::{BoardChoice, Catan, Config, State};
    use engine::rand::SeedableRng;
    use engine::{random_playout, Game, PlayoutBuffers, RandomPolicy};

    fn midgame(seed: u64, turns: u32) -> State {
        let config = Config {
            board: BoardChoice::Beginner,
            ..Config::default()
        };
        let mut rng = GameRng::seed_from_u64(seed);
        let mut s = Catan::new_game(&config, 4, &mut rng).expect("config");
        let policy = RandomPolicy {
            skip_offers: true,
            max_turns: turns,
        };
        random_playout::<Catan>(&mut s, &mut rng, policy, &mut PlayoutBuffers::default());
        s
    }

    /// Moves one resource card from `a` to `b` and one of another kind back,
    /// so that hand sizes (and the view of everybody else) stay the same.
    fn swap_cards(s: &mut State, a: usize, b: usize) -> bool {
        for x in 0..RESOURCE_COUNT {
            for y in 0..RESOURCE_COUNT {
                if x != y && s.players[a].hand.0[x] > 0 && s.players[b].hand.0[y] > 0 {
                    s.players[a].hand.0[x] -= 1;
                    s.players[b].hand.0[x] += 1;
                    s.players[b].hand.0[y] -= 1;
                    s.players[a].hand.0[y] += 1;
                    return true;
                }
            }
        }
        false
    }

    /// Exchanges one unplayed development card of seat `a` with a card of
    /// another kind in the deck.
    fn swap_dev_card(s: &mut State, a: usize) -> bool {
        for x in 0..DEV_KINDS {
            for y in 0..DEV_KINDS {
                if x != y && s.players[a].dev_cards.0[x] > 0 && s.deck.0[y] > 0 {
                    s.players[a].dev_cards.0[x] -= 1;
                    s.deck.0[x] += 1;
                    s.deck.0[y] -= 1;
                    s.players[a].dev_cards.0[y] += 1;
                    return true;
                }
            }
        }
        false
    }

    #[test]
    fn the_sample_depends_only_on_the_view() {
        let mut compared = 0;
        let mut dev_swapped = 0;
        for seed in 0..40 {
            let mut s = midgame(seed, 20 + seed as u32);
            if matches!(s.phase, Phase::Base(BasePhase::Over { .. })) {
                continue;
            }
            for me in 0..4usize {
                let viewer = Viewer::Seat(Seat(me as u8));
                let others: Vec<usize> = (0..4).filter(|&i| i != me).collect();
                // Make sure a hidden player holds a development card.
                let knight = DevCard::Knight.index();
                if s.deck.0[knight] > 0 && s.players[others[1]].dev_cards.total() == 0 {
                    s.deck.0[knight] -= 1;
                    s.players[others[1]].dev_cards.0[knight] += 1;
                }
                let mut t = s.clone();
                let mut changed = swap_cards(&mut t, others[0], others[1]);
                changed |= swap_cards(&mut t, others[2], others[0]);
                if swap_dev_card(&mut t, others[1]) {
                    dev_swapped += 1;
                    changed = true;
                }
                if !changed {
                    continue;
                }
                assert_ne!(s, t);
                crate::validate::validate(&t).expect("the changed state is consistent");
                assert_eq!(Catan::view(&s, viewer), Catan::view(&t, viewer));
                for rng_seed in 0..3 {
                    let a = Catan::determinize(&s, viewer, &mut GameRng::seed_from_u64(rng_seed));
                    let b = Catan::determinize(&t, viewer, &mut GameRng::seed_from_u64(rng_seed));
                    assert_eq!(a, b, "seed {seed}, viewer {me}, rng {rng_seed}");
                    assert_eq!(Catan::view(&a, viewer), Catan::view(&s, viewer));
                    crate::validate::validate(&a).expect("the sample is consistent");
                }
                compared += 1;
            }
        }
        assert!(compared > 60, "only {compared} pairs compared");
        assert!(dev_swapped > 0, "no development card exchanged");
    }
}
