//! Uniformly random playouts: the inner loop of simulations, benchmarks and
//! random-rollout search. Generic over [`Game`], allocation-free after warm-up.

use crate::game::{Game, GameRng, NoEvents, ToAct};
use crate::seat::Seat;
use rand::Rng;

/// How a random playout ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayoutEnd {
    /// The game reached its end.
    Finished,
    /// The turn cap was reached first (a simulation setting, not a rule).
    Capped,
}

/// Settings of a random player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomPolicy {
    /// Leave out actions for which [`Game::is_offer`] holds (domestic trade
    /// offers), unless they are the only legal actions.
    pub skip_offers: bool,
    /// Stop after this many turns ([`Game::turn`]).
    pub max_turns: u32,
}

impl Default for RandomPolicy {
    fn default() -> Self {
        RandomPolicy {
            skip_offers: true,
            max_turns: 1_000,
        }
    }
}

/// Reusable buffers of a playout loop.
#[derive(Debug)]
pub struct PlayoutBuffers<G: Game> {
    legal: Vec<G::Action>,
}

impl<G: Game> Default for PlayoutBuffers<G> {
    fn default() -> Self {
        PlayoutBuffers {
            legal: Vec::with_capacity(256),
        }
    }
}

/// Plays `state` to its end with uniformly random legal actions and seeded chance.
/// Returns how it ended and the number of decisions (seat actions) taken.
pub fn random_playout<G: Game>(
    state: &mut G::State,
    rng: &mut GameRng,
    policy: RandomPolicy,
    buffers: &mut PlayoutBuffers<G>,
) -> (PlayoutEnd, u64) {
    let mut decisions = 0u64;
    loop {
        match G::to_act(state) {
            ToAct::Over => return (PlayoutEnd::Finished, decisions),
            ToAct::Chance => {
                let outcome = G::sample_chance(state, rng);
                G::apply_chance_unchecked(state, &outcome, &mut NoEvents);
            }
            ToAct::Seats(seats) => {
                if G::turn(state) >= policy.max_turns {
                    return (PlayoutEnd::Capped, decisions);
                }
                let seat = if seats.len() == 1 {
                    seats.first().unwrap_or(Seat(0))
                } else {
                    let k = rng.random_range(0..seats.len());
                    seats.iter().nth(k).unwrap_or(Seat(0))
                };
                G::legal_actions(state, seat, &mut buffers.legal);
                if buffers.legal.is_empty() {
                    // A seat to act without a legal action is a game bug; end the
                    // playout rather than loop forever.
                    return (PlayoutEnd::Capped, decisions);
                }
                // Rejection sampling keeps the hot path free of a scan for offers:
                // draw uniformly; only if the draw is an offer, drop the offers and
                // draw again. Non-offers stay exactly uniform: 1/n + (k/n)·1/(n−k) = 1/(n−k).
                let mut i = rng.random_range(0..buffers.legal.len());
                if policy.skip_offers && G::is_offer(&buffers.legal[i]) {
                    buffers.legal.retain(|a| !G::is_offer(a));
                    if buffers.legal.is_empty() {
                        // Only offers are legal: take one after all.
                        G::legal_actions(state, seat, &mut buffers.legal);
                    }
                    i = rng.random_range(0..buffers.legal.len());
                }
                let action = buffers.legal.swap_remove(i);
                G::apply_unchecked(state, seat, &action, &mut NoEvents);
                decisions += 1;
            }
        }
    }
}
