//! Plays one game between bots: the loop shared by the arena and the tests.

use crate::bot::{Bot, Forfeit};
use engine::{ConfigError, Game, GameResult, GameRng, NoEvents, Seat, ToAct};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

/// How a game between bots ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Outcome {
    /// The game reached its end.
    Finished {
        /// The result.
        result: GameResult,
    },
    /// The turn cap was reached first (a simulation setting, not a rule).
    Capped,
    /// A seat broke the protocol and lost the game; nobody else wins it.
    Forfeit {
        /// The seat.
        seat: Seat,
        /// Why.
        forfeit: Forfeit,
    },
}

/// One game between bots.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// How it ended.
    pub outcome: Outcome,
    /// Seat actions taken.
    pub decisions: u64,
    /// Turns begun ([`Game::turn`]).
    pub turns: u32,
}

impl GameRecord {
    /// The winning seats (none for a capped or forfeited game).
    pub fn winners(&self) -> &[Seat] {
        match &self.outcome {
            Outcome::Finished { result } => &result.winners,
            _ => &[],
        }
    }
}

/// The seed of the private random stream of the bot in `seat` for the game
/// seeded with `seed`: bots never share a stream with chance or each other.
pub fn bot_seed(seed: u64, seat: Seat) -> u64 {
    let mut z = seed ^ (u64::from(seat.0) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays a game of `G` with `bots[i]` in seat `i`, chance seeded with `seed`,
/// stopped after `max_turns` turns (or `100 × max_turns` decisions, at
/// least 10,000). When several seats may act at once
/// (discards, trade replies) they are asked in seat order, one action each.
pub fn play_game<G: Game>(
    config: &G::Config,
    bots: &mut [Box<dyn Bot<G> + '_>],
    seed: u64,
    max_turns: u32,
) -> Result<GameRecord, ConfigError> {
    let mut chance = GameRng::seed_from_u64(seed);
    let mut state = G::new_game(config, bots.len(), &mut chance)?;
    let mut rngs: Vec<GameRng> = (0..bots.len())
        .map(|i| GameRng::seed_from_u64(bot_seed(seed, Seat(i as u8))))
        .collect();
    let mut legal = Vec::with_capacity(64);
    let mut decisions = 0u64;
    // Offers answered by refusals can go round without a turn ending: a
    // decision cap as well as the turn cap keeps every game finite.
    let max_decisions = u64::from(max_turns).saturating_mul(100).max(10_000);
    let outcome = loop {
        match G::to_act(&state) {
            ToAct::Over => match G::result(&state) {
                Some(result) => break Outcome::Finished { result },
                None => break Outcome::Capped,
            },
            ToAct::Chance => {
                let outcome = G::sample_chance(&state, &mut chance);
                G::apply_chance_unchecked(&mut state, &outcome, &mut NoEvents);
            }
            ToAct::Seats(seats) => {
                if G::turn(&state) >= max_turns || decisions >= max_decisions {
                    break Outcome::Capped;
                }
                let Some(seat) = seats.first() else {
                    break Outcome::Capped;
                };
                G::legal_actions(&state, seat, &mut legal);
                let (Some(bot), Some(rng)) = (bots.get_mut(seat.index()), rngs.get_mut(seat.index())) else {
                    break Outcome::Capped;
                };
                if legal.is_empty() {
                    // A seat to act without a legal action is a game bug: stop
                    // rather than loop forever.
                    break Outcome::Capped;
                }
                match bot.choose(&state, seat, &legal, rng) {
                    Ok(i) if i < legal.len() => {
                        G::apply_unchecked(&mut state, seat, &legal[i], &mut NoEvents);
                        decisions += 1;
                    }
                    Ok(i) => {
                        break Outcome::Forfeit {
                            seat,
                            forfeit: Forfeit::new(
                                "engine.malformed",
                                format!("Index {i} liegt außerhalb der {} legalen Aktionen.", legal.len()),
                                format!("index {i} is outside the {} legal actions", legal.len()),
                            ),
                        }
                    }
                    Err(forfeit) => break Outcome::Forfeit { seat, forfeit },
                }
            }
        }
    };
    for (i, bot) in bots.iter_mut().enumerate() {
        bot.game_over(&state, Seat(i as u8));
    }
    Ok(GameRecord {
        outcome,
        decisions,
        turns: G::turn(&state),
    })
}
