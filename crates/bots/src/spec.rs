//! Bots by name, as the command line writes them:
//! `random`, `random:offers`, `greedy`, `mcts`,
//! `mcts:playouts=1000,rollout=greedy,threads=1,depth=24,c=0.7,chance=6,offers`,
//! `mcts:ms=200`, `cmd:<command line>` (an external program; the time budget
//! per decision is set by the arena).

use crate::bot::Bot;
use crate::external::{ExternalBot, ExternalOptions};
use crate::greedy::GreedyBot;
use crate::heuristic::BotGame;
use crate::mcts::{Budget, MctsBot, MctsConfig, RolloutPolicy};
use crate::random::RandomBot;
use std::time::Duration;

/// A bot as named on the command line.
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    /// Uniformly random.
    Random {
        /// Leave out trade offers.
        skip_offers: bool,
    },
    /// Greedy by the game's heuristic.
    Greedy,
    /// Information-set MCTS.
    Mcts(MctsConfig),
    /// An external program.
    External {
        /// Its command line.
        command: String,
    },
}

/// A bot name that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(pub String);

impl std::fmt::Display for SpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SpecError {}

impl std::str::FromStr for BotSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<BotSpec, SpecError> {
        let s = s.trim();
        let (kind, args) = s.split_once(':').unwrap_or((s, ""));
        match kind {
            "cmd" => {
                if args.trim().is_empty() {
                    return Err(SpecError("cmd: needs a command line, e.g. cmd:python3 bot.py".into()));
                }
                Ok(BotSpec::External {
                    command: args.to_string(),
                })
            }
            "random" => match args {
                "" => Ok(BotSpec::Random { skip_offers: true }),
                "offers" => Ok(BotSpec::Random { skip_offers: false }),
                other => Err(SpecError(format!(
                    "random takes only the option 'offers', not '{other}'"
                ))),
            },
            "greedy" if args.is_empty() => Ok(BotSpec::Greedy),
            "greedy" => Err(SpecError("greedy takes no options".into())),
            "mcts" => parse_mcts(args).map(BotSpec::Mcts),
            other => Err(SpecError(format!(
                "unknown bot '{other}' (known: random, greedy, mcts, cmd:<command>)"
            ))),
        }
    }
}

fn parse_mcts(args: &str) -> Result<MctsConfig, SpecError> {
    let mut c = MctsConfig::default();
    for part in args.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = part.split_once('=').unwrap_or((part, ""));
        let bad = |what: &str| SpecError(format!("mcts option '{part}': {what}"));
        match key {
            "playouts" => c.budget = Budget::Playouts(value.parse().map_err(|_| bad("expects a whole number"))?),
            "ms" => c.budget = Budget::Millis(value.parse().map_err(|_| bad("expects milliseconds"))?),
            "threads" => {
                c.threads = value
                    .parse()
                    .map_err(|_| bad("expects a whole number (0 = all cores)"))?
            }
            "depth" => c.depth = Some(value.parse().map_err(|_| bad("expects a whole number"))?),
            "c" => {
                let x: f64 = value.parse().map_err(|_| bad("expects a number"))?;
                if !(x.is_finite() && x >= 0.0) {
                    return Err(bad("expects a number ≥ 0"));
                }
                c.exploration = x;
            }
            "prior" => {
                let x: f64 = value.parse().map_err(|_| bad("expects a number"))?;
                if !(x.is_finite() && x >= 0.0) {
                    return Err(bad("expects a number ≥ 0"));
                }
                c.prior = x;
            }
            "widen" => c.widen = Some(value.parse().map_err(|_| bad("expects a whole number (0 = off)"))?),
            "eps" => {
                let x: f64 = value.parse().map_err(|_| bad("expects a number"))?;
                if !(0.0..=1.0).contains(&x) {
                    return Err(bad("expects a number from 0 to 1"));
                }
                c.epsilon = Some(x);
            }
            "keep" => {
                let x: f64 = value.parse().map_err(|_| bad("expects a number"))?;
                if !(0.0..=1.0).contains(&x) {
                    return Err(bad("expects a number from 0 to 1 (0 = off)"));
                }
                c.keep = Some(x);
            }
            "chance" => c.chance_branch = value.parse().map_err(|_| bad("expects a whole number"))?,
            "rollout" => {
                c.rollout = match value {
                    "greedy" => RolloutPolicy::Greedy,
                    "random" => RolloutPolicy::Random,
                    _ => return Err(bad("expects greedy or random")),
                }
            }
            "offers" if value.is_empty() => c.offers = true,
            _ => return Err(bad(
                "unknown (known: playouts, ms, threads, depth, c, prior, widen, eps, keep, chance, rollout, offers)",
            )),
        }
    }
    Ok(c)
}

impl BotSpec {
    /// Whether the bot runs its own threads (an arena then plays fewer games at once).
    pub fn threads(&self) -> usize {
        match self {
            BotSpec::Mcts(c) => c.threads,
            _ => 1,
        }
    }

    /// Sets the thread count of a search bot (the arena runs one search
    /// thread per game so that results do not depend on the core count).
    pub fn with_threads(mut self, threads: usize) -> BotSpec {
        if let BotSpec::Mcts(c) = &mut self {
            c.threads = threads;
        }
        self
    }

    /// Builds the bot for game `G`; `timeout` is the time budget of an
    /// external program per decision.
    pub fn build<'a, G: BotGame>(&self, timeout: Duration) -> Result<Box<dyn Bot<G> + 'a>, SpecError> {
        Ok(match self {
            BotSpec::Random { skip_offers } => Box::new(RandomBot {
                skip_offers: *skip_offers,
            }),
            BotSpec::Greedy => Box::new(GreedyBot::<G>::new()),
            BotSpec::Mcts(c) => Box::new(MctsBot::<G>::new(*c)),
            BotSpec::External { command } => Box::new(
                ExternalBot::spawn(ExternalOptions {
                    command: command.clone(),
                    timeout,
                })
                .map_err(|e| SpecError(format!("cannot start '{command}': {e}")))?,
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse() {
        assert_eq!("greedy".parse(), Ok(BotSpec::Greedy));
        assert_eq!("random".parse(), Ok(BotSpec::Random { skip_offers: true }));
        assert_eq!("random:offers".parse(), Ok(BotSpec::Random { skip_offers: false }));
        let Ok(BotSpec::Mcts(c)) = "mcts:playouts=200,rollout=random,threads=1,c=1.2".parse() else {
            panic!("mcts spec not read");
        };
        assert_eq!(c.budget, Budget::Playouts(200));
        assert_eq!(c.rollout, RolloutPolicy::Random);
        assert_eq!(c.threads, 1);
        assert_eq!(c.exploration, 1.2);
        assert_eq!(c.keep, None);
        let Ok(BotSpec::Mcts(c)) = "mcts:keep=0.05".parse() else {
            panic!("mcts keep not read");
        };
        assert_eq!(c.keep, Some(0.05));
        assert_eq!(
            "mcts:keep=0"
                .parse::<BotSpec>()
                .map(|b| matches!(b, BotSpec::Mcts(c) if c.keep == Some(0.0))),
            Ok(true)
        );
        assert_eq!(
            "cmd:python3 bot.py --fast".parse(),
            Ok(BotSpec::External {
                command: "python3 bot.py --fast".into()
            })
        );
    }

    #[test]
    fn bad_names_are_refused() {
        for bad in [
            "",
            "alpha",
            "greedy:x",
            "mcts:playouts=-3",
            "mcts:c=nan",
            "mcts:foo",
            "mcts:keep=2",
            "mcts:keep=x",
            "cmd:",
            "random:x",
        ] {
            assert!(bad.parse::<BotSpec>().is_err(), "{bad} accepted");
        }
    }
}
