//! Determinization of the Cities & Knights secrets: the cards (resources and
//! commodities together, since only their total is public) and progress
//! cards of the players hidden from the viewer, and the contents of every
//! deck. Per kind the unseen cards are pooled and dealt again in seat order
//! with each seat's public counts (cards in hand; progress cards per deck;
//! deck top and under sizes), so the sample depends on the view and the rng
//! only and the viewer's view does not change.

use super::cards::{Card, Cards, CARD_KINDS};
use super::progress::{ProgressCard, ProgressCards, PROGRESS_KINDS};
use super::Track;
use crate::cities_knights::CkState;
use crate::resource::Resources;
use crate::state::{BaseState, MAX_PLAYERS};
use crate::{BasePhase, CkPhase};
use engine::{draw_without_replacement, GameRng, Seat, Viewer};

/// Resamples the secrets hidden from `viewer`; `known` are resources
/// publicly known to be held (a trade offer). Cards a card lets the viewer
/// see (Master Merchant's target, Spy's target) are not hidden.
pub fn resample(
    s: &mut BaseState,
    ck: &mut CkState,
    viewer: Viewer,
    known: &[Resources; MAX_PLAYERS],
    rng: &mut GameRng,
) {
    let n = s.n();
    let mut hidden = [false; MAX_PLAYERS];
    let mut hidden_progress = [false; MAX_PLAYERS];
    for i in 0..n {
        hidden[i] = !super::view::sees_cards(s, viewer, Seat(i as u8));
        hidden_progress[i] = !super::view::sees_progress(s, viewer, Seat(i as u8));
    }
    // The resource offered by Commercial Harbor is known to be held.
    let mut known = *known;
    if let crate::state::Phase::Ck(CkPhase::HarborReply { resource, .. }) = s.phase {
        let k = &mut known[s.current.index()].0[resource.index()];
        *k = (*k).max(1);
    }
    // Commodities shown in a domestic offer are known to be held.
    let mut known_c = [super::Commodities::ZERO; MAX_PLAYERS];
    if let crate::state::Phase::Base(BasePhase::TradeDraft { offer }) = s.phase {
        known_c[s.current.index()] = offer.give_commodities;
    }
    if let Some(talks) = crate::rules::negotiation::Talks::of(s) {
        known_c[s.current.index()] = talks.offer.give_commodities;
        for a in talks.accepted.iter() {
            if let Some(k) = known_c.get_mut(a.index()) {
                *k = talks.offer.get_commodities;
            }
        }
        for a in talks.countered.iter().chain(talks.drafting.iter()) {
            if let Some(k) = known_c.get_mut(a.index()) {
                *k = s.counter(a).get_commodities;
            }
        }
    }
    // Cards: resources and commodities in one pool.
    let mut pool = [0u32; CARD_KINDS];
    let mut remaining = 0u32;
    let mut sizes = [0u32; MAX_PLAYERS];
    for i in 0..n {
        if !hidden[i] {
            continue;
        }
        let mut unknown = s.players[i].hand;
        unknown.sub(&known[i]);
        let mut unknown_c = ck.players[i].commodities;
        unknown_c.sub(&known_c[i]);
        let h = (unknown, unknown_c);
        for card in Card::ALL {
            pool[card.index()] += h.count(card) as u32;
        }
        sizes[i] = unknown.total() + unknown_c.total();
        remaining += sizes[i];
        s.players[i].hand = known[i];
        ck.players[i].commodities = known_c[i];
    }
    for (i, &size) in sizes.iter().enumerate().take(n) {
        for _ in 0..size {
            if let Some(k) = draw_without_replacement(&mut pool, &mut remaining, rng) {
                let mut h = (s.players[i].hand, ck.players[i].commodities);
                h.put(Card::ALL[k], 1);
                s.players[i].hand = h.0;
                ck.players[i].commodities = h.1;
            }
        }
    }
    // Progress cards, one deck colour at a time.
    for track in Track::ALL {
        let t = track.index();
        let mut pool = [0u32; PROGRESS_KINDS];
        let mut remaining = 0u32;
        let mut counts = [0u32; MAX_PLAYERS];
        let take = |cards: &mut ProgressCards, pool: &mut [u32; PROGRESS_KINDS]| {
            let mut k = 0;
            for c in ProgressCard::ALL {
                if c.track() == track {
                    pool[c.index()] += cards.get(c) as u32;
                    k += cards.get(c) as u32;
                    cards.0[c.index()] = 0;
                }
            }
            k
        };
        for i in 0..n {
            if hidden_progress[i] {
                counts[i] = take(&mut ck.players[i].progress, &mut pool);
                remaining += counts[i];
            }
        }
        let top = take(&mut ck.decks[t].top, &mut pool);
        let under = take(&mut ck.decks[t].under, &mut pool);
        remaining += top + under;
        // Victory point cards are revealed when drawn and never put back, so
        // unseen ones are on top of their deck: they stay there.
        let mut vp_top = 0;
        for c in ProgressCard::ALL
            .into_iter()
            .filter(|c| c.is_vp() && c.track() == track)
        {
            let k = pool[c.index()];
            ck.decks[t].top.0[c.index()] = k as u8;
            pool[c.index()] = 0;
            remaining -= k;
            vp_top += k;
        }
        for (p, &count) in ck.players.iter_mut().zip(counts.iter()).take(n) {
            for _ in 0..count {
                if let Some(k) = draw_without_replacement(&mut pool, &mut remaining, rng) {
                    p.progress.0[k] += 1;
                }
            }
        }
        for _ in 0..top.saturating_sub(vp_top) {
            if let Some(k) = draw_without_replacement(&mut pool, &mut remaining, rng) {
                ck.decks[t].top.0[k] += 1;
            }
        }
        for _ in 0..under {
            if let Some(k) = draw_without_replacement(&mut pool, &mut remaining, rng) {
                ck.decks[t].under.0[k] += 1;
            }
        }
    }
}
