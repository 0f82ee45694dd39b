//! Bots by name, as the command line writes them:
//! `random`, `random:offers`, `greedy`, `mcts`,
//! `mcts:playouts=1000,rollout=greedy,threads=1,depth=24,c=0.7,chance=6,offers`,
//! `mcts:ms=200`, `lookahead`, `lookahead:width=4,samples=2,turns=0,depth=40`,
//! `cmd:<command line>` (an external program; the time budget
//! per decision is set by the arena).

use crate::bot::Bot;
use crate::external::{ExternalBot, ExternalOptions};
use crate::greedy::GreedyBot;
use crate::heuristic::BotGame;
use crate::lookahead::{LookaheadBot, LookaheadConfig};
use crate::mcts::{Budget, MctsBot, MctsConfig, RolloutPolicy};
use crate::random::RandomBot;
use engine::Message;
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
    /// Greedy that also makes domestic offers (`greedy:offers`): one a turn,
    /// when a single card stands between it and a build (CATAN; in the other
    /// games it is plain greedy).
    GreedyOffers,
    /// Information-set MCTS.
    Mcts(MctsConfig),
    /// The greedy player's best few actions, each played to the end of the turn.
    Lookahead(LookaheadConfig),
    /// An external program.
    External {
        /// Its command line.
        command: String,
    },
    /// A language-model agent speaking MCP on its standard input and output
    /// (see [`crate::agent`]).
    Agent {
        /// Its command line.
        command: String,
    },
}

/// Which bots a spec may name where it is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Allowed {
    /// Every bot, external programs (`cmd:`) included: the arena.
    Any,
    /// The built-in bots (`random`, `greedy`, `lookahead`, `mcts`): the game
    /// server, the referee and the Python envs.
    BuiltIn,
    /// Only `mcts` (with options): `spielleiter serve --mcts`.
    Mcts,
}

impl Allowed {
    /// The bot names allowed, as listed in refusals.
    pub fn names(self) -> &'static [&'static str] {
        match self {
            Allowed::Any => &[
                "random",
                "greedy",
                "lookahead",
                "mcts",
                "cmd:<command>",
                "mcp:<command>",
            ],
            Allowed::BuiltIn => &["random", "greedy", "lookahead", "mcts"],
            Allowed::Mcts => &["mcts"],
        }
    }

    fn allows(self, kind: &str) -> bool {
        match self {
            Allowed::Any => true,
            Allowed::BuiltIn => kind != "cmd" && kind != "mcp",
            Allowed::Mcts => kind == "mcts",
        }
    }
}

/// What is wrong with the value of an `mcts` option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MctsProblem {
    /// Expects a whole number.
    WholeNumber,
    /// Expects a whole number of milliseconds.
    Millis,
    /// Expects a whole number of threads (0 = all cores).
    Threads,
    /// Expects a whole number (0 = off).
    WholeNumberOrOff,
    /// Expects a number ≥ 0.
    NonNegative,
    /// Expects a number from 0 to 1.
    Fraction,
    /// Expects a number from 0 to 1 (0 = off).
    FractionOrOff,
    /// Expects `greedy` or `random`.
    Rollout,
    /// `horizon` takes `turn` or `game`.
    Horizon,
    /// A whole number outside the range the option allows.
    Range {
        /// Smallest value allowed.
        min: u64,
        /// Largest value allowed.
        max: u64,
    },
    /// No option has this name.
    Unknown,
}

impl MctsProblem {
    fn message(self) -> Message {
        let (de, en) = match self {
            MctsProblem::Range { min, max } => {
                return Message::new(
                    format!("erwartet eine ganze Zahl von {min} bis {max}"),
                    format!("expects a whole number from {min} to {max}"),
                )
            }
            MctsProblem::WholeNumber => ("erwartet eine ganze Zahl", "expects a whole number"),
            MctsProblem::Millis => ("erwartet Millisekunden (eine ganze Zahl)", "expects milliseconds (a whole number)"),
            MctsProblem::Threads => (
                "erwartet eine ganze Zahl (0 = alle Kerne)",
                "expects a whole number (0 = all cores)",
            ),
            MctsProblem::WholeNumberOrOff => ("erwartet eine ganze Zahl (0 = aus)", "expects a whole number (0 = off)"),
            MctsProblem::NonNegative => ("erwartet eine Zahl ≥ 0", "expects a number ≥ 0"),
            MctsProblem::Fraction => ("erwartet eine Zahl von 0 bis 1", "expects a number from 0 to 1"),
            MctsProblem::FractionOrOff => (
                "erwartet eine Zahl von 0 bis 1 (0 = aus)",
                "expects a number from 0 to 1 (0 = off)",
            ),
            MctsProblem::Rollout => ("erwartet greedy oder random", "expects greedy or random"),
            MctsProblem::Horizon => ("erwartet turn oder game", "expects turn or game"),
            MctsProblem::Unknown => (
                "ist unbekannt (bekannt: playouts, ms, threads, depth, c, prior, widen, eps, keep, chance, rollout, horizon, offers)",
                "is unknown (known: playouts, ms, threads, depth, c, prior, widen, eps, keep, chance, rollout, horizon, offers)",
            ),
        };
        Message::new(de, en)
    }
}

/// A bot name that cannot be read or is not allowed where it was named, a bot
/// that cannot be started, or a tournament that cannot be played. Each has a
/// sentence in German and English ([`SpecError::message`]); `Display` is the
/// English one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// No bot has this name; `allowed` says which names the refusal lists.
    Unknown {
        /// The name given.
        name: String,
        /// The bots that may be named here.
        allowed: Allowed,
    },
    /// An external program (`cmd:`) where only built-in bots play.
    External,
    /// A known bot that may not be named here (`greedy` for `serve --mcts`).
    NotAllowed {
        /// The bot named.
        name: String,
        /// The bots that may be named here.
        allowed: Allowed,
    },
    /// `cmd:` without a command line.
    NoCommand,
    /// `random` with an option other than `offers`.
    RandomOption {
        /// The option given.
        option: String,
    },
    /// `greedy` with options (it takes none).
    GreedyOptions,
    /// An `mcts` option that cannot be read.
    MctsOption {
        /// The option as written (`playouts=-3`).
        option: String,
        /// What is wrong with it.
        problem: MctsProblem,
    },
    /// A `lookahead` option that cannot be read.
    LookaheadOption {
        /// The option as written (`width=0`).
        option: String,
        /// The whole numbers it takes; `None`: no option has this name.
        range: Option<(u64, u64)>,
    },
    /// An external program could not be started.
    Start {
        /// Its command line.
        command: String,
        /// What the operating system said.
        error: String,
    },
    /// A tournament without bots.
    NoBots,
    /// A tournament with a number of bots the game cannot seat.
    PlayerCount {
        /// The game.
        game: &'static str,
        /// Fewest players.
        min: usize,
        /// Most players.
        max: usize,
        /// Bots named.
        got: usize,
    },
    /// A round robin of more seats per game than bots, or of too many groups.
    Schedule {
        /// Seats per game asked for.
        players: usize,
        /// Bots named.
        entries: usize,
    },
    /// A game of a tournament could not be started (its options).
    Game(Message),
}

fn list(names: &[&str]) -> String {
    names.join(", ")
}

impl SpecError {
    /// What is wrong, in German and English.
    pub fn message(&self) -> Message {
        match self {
            SpecError::Unknown { name, allowed } => {
                let known = list(allowed.names());
                Message::new(
                    format!("Unbekannter Bot „{name}“ (bekannt: {known})."),
                    format!("Unknown bot '{name}' (known: {known})."),
                )
            }
            SpecError::External => Message::new(
                "Externe Programme (cmd:, mcp:) können hier nicht spielen.",
                "External programs (cmd:, mcp:) cannot play here.",
            ),
            SpecError::NotAllowed { name, allowed } => {
                let known = list(allowed.names());
                Message::new(
                    format!("Der Bot „{name}“ ist hier nicht erlaubt (erlaubt: {known})."),
                    format!("The bot '{name}' is not allowed here (allowed: {known})."),
                )
            }
            SpecError::NoCommand => Message::new(
                "cmd: und mcp: brauchen eine Befehlszeile, z. B. cmd:python3 bot.py.",
                "cmd: and mcp: need a command line, e.g. cmd:python3 bot.py.",
            ),
            SpecError::RandomOption { option } => Message::new(
                format!("random kennt nur die Option „offers“, nicht „{option}“."),
                format!("random takes only the option 'offers', not '{option}'."),
            ),
            SpecError::GreedyOptions => Message::new(
                "greedy kennt nur die Option offers (greedy:offers).",
                "greedy takes only the option offers (greedy:offers).",
            ),
            SpecError::MctsOption { option, problem } => {
                let p = problem.message();
                Message::new(
                    format!("mcts-Option „{option}“ {}.", p.de),
                    format!("mcts option '{option}' {}.", p.en),
                )
            }
            SpecError::LookaheadOption { option, range: None } => Message::new(
                format!("lookahead-Option „{option}“ ist unbekannt (bekannt: width, samples, turns, depth)."),
                format!("lookahead option '{option}' is unknown (known: width, samples, turns, depth)."),
            ),
            SpecError::LookaheadOption {
                option,
                range: Some((min, max)),
            } => Message::new(
                format!("lookahead-Option „{option}“ erwartet eine ganze Zahl von {min} bis {max}."),
                format!("lookahead option '{option}' expects a whole number from {min} to {max}."),
            ),
            SpecError::Start { command, error } => Message::new(
                format!("„{command}“ lässt sich nicht starten: {error}"),
                format!("cannot start '{command}': {error}"),
            ),
            SpecError::NoBots => Message::new("Es ist kein Bot genannt.", "No bots are named."),
            SpecError::PlayerCount { game, min, max, got } => Message::new(
                format!("{game} wird von {min} bis {max} Personen gespielt; nenne einen Bot je Platz ({got} genannt)."),
                format!("{game} is played by {min} to {max} players; name one bot per seat (got {got})."),
            ),
            SpecError::Schedule { players, entries } => Message::new(
                format!("Ein Rundenturnier mit {players} Plätzen je Partie braucht mindestens {players} Bots (genannt: {entries}) und höchstens {MAX} Gruppen.", MAX = crate::tournament::MAX_GROUPS),
                format!("A round robin of {players} seats per game needs at least {players} bots (got {entries}) and at most {MAX} groups.", MAX = crate::tournament::MAX_GROUPS),
            ),
            SpecError::Game(m) => m.clone(),
        }
    }
}

impl std::fmt::Display for SpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message().en)
    }
}

impl std::error::Error for SpecError {}

impl std::str::FromStr for BotSpec {
    type Err = SpecError;

    /// Reads a spec where every bot may be named ([`Allowed::Any`]).
    fn from_str(s: &str) -> Result<BotSpec, SpecError> {
        BotSpec::parse(s, Allowed::Any)
    }
}

/// Most playouts per decision: far beyond any useful budget, small enough
/// that a decision ends.
pub const MAX_PLAYOUTS: u64 = 10_000_000;
/// Longest time budget per decision, in milliseconds (ten minutes).
pub const MAX_MILLIS: u64 = 600_000;
/// Largest rollout depth and progressive-widening base.
pub const MAX_DEPTH: u64 = 10_000;
/// Most chance outcomes that branch in the tree.
pub const MAX_CHANCE_BRANCH: u64 = 1_000;

/// The machine's cores (at least 1).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Search threads actually started for a `threads` setting: 0 means every
/// core, and no setting starts more threads than the machine has cores
/// (more would only contend, and `threads=100000` would exhaust the
/// process's threads).
pub fn cap_threads(threads: usize) -> usize {
    match threads {
        0 => cores(),
        n => n.min(cores()),
    }
}

fn parse_mcts(args: &str) -> Result<MctsConfig, SpecError> {
    let mut c = MctsConfig::default();
    for part in args.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = part.split_once('=').unwrap_or((part, ""));
        let bad = |problem: MctsProblem| SpecError::MctsOption {
            option: part.to_string(),
            problem,
        };
        let number = |check: fn(f64) -> bool, problem: MctsProblem| -> Result<f64, SpecError> {
            match value.parse::<f64>() {
                Ok(x) if check(x) => Ok(x),
                _ => Err(bad(problem)),
            }
        };
        // A whole number in `min..=max`: digits out of range (or beyond any
        // integer type) get the range in the message, anything else
        // `problem`.
        let whole = |min: u64, max: u64, problem: MctsProblem| -> Result<u64, SpecError> {
            if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad(problem));
            }
            match value.parse::<u64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n),
                _ => Err(bad(MctsProblem::Range { min, max })),
            }
        };
        let non_negative = |x: f64| x.is_finite() && x >= 0.0;
        let fraction = |x: f64| (0.0..=1.0).contains(&x);
        match key {
            // The bounds fit u32, so the conversions below cannot fail.
            "playouts" => {
                let n = whole(1, MAX_PLAYOUTS, MctsProblem::WholeNumber)?;
                c.budget = Budget::Playouts(u32::try_from(n).unwrap_or(u32::MAX));
            }
            "ms" => c.budget = Budget::Millis(whole(1, MAX_MILLIS, MctsProblem::Millis)?),
            "threads" => {
                let n = whole(0, u64::MAX, MctsProblem::Threads)?;
                // 0 stays "all cores"; anything else is capped at the cores.
                c.threads = usize::try_from(n).unwrap_or(usize::MAX).min(cores());
            }
            "depth" => {
                let n = whole(0, MAX_DEPTH, MctsProblem::WholeNumber)?;
                c.depth = Some(u32::try_from(n).unwrap_or(u32::MAX));
            }
            "c" => c.exploration = Some(number(non_negative, MctsProblem::NonNegative)?),
            "prior" => c.prior = number(non_negative, MctsProblem::NonNegative)?,
            "widen" => {
                let n = whole(0, MAX_DEPTH, MctsProblem::WholeNumberOrOff)?;
                c.widen = Some(u32::try_from(n).unwrap_or(u32::MAX));
            }
            "eps" => c.epsilon = Some(number(fraction, MctsProblem::Fraction)?),
            "keep" => c.keep = Some(number(fraction, MctsProblem::FractionOrOff)?),
            "chance" => {
                let n = whole(0, MAX_CHANCE_BRANCH, MctsProblem::WholeNumber)?;
                c.chance_branch = usize::try_from(n).unwrap_or(usize::MAX);
            }
            "rollout" => {
                c.rollout = match value {
                    "greedy" => RolloutPolicy::Greedy,
                    "random" => RolloutPolicy::Random,
                    _ => return Err(bad(MctsProblem::Rollout)),
                }
            }
            "horizon" => {
                c.turn_horizon = match value {
                    "turn" => Some(true),
                    "game" => Some(false),
                    _ => return Err(bad(MctsProblem::Horizon)),
                }
            }
            "offers" if value.is_empty() => c.offers = true,
            _ => return Err(bad(MctsProblem::Unknown)),
        }
    }
    Ok(c)
}

impl BotSpec {
    /// Reads a spec where the bots `allowed` may be named: a name that is no
    /// bot's is refused with a list of those allowed, an external program
    /// where only built-in bots play with [`SpecError::External`], any other
    /// bot that is not allowed with [`SpecError::NotAllowed`].
    pub fn parse(s: &str, allowed: Allowed) -> Result<BotSpec, SpecError> {
        let s = s.trim();
        let (kind, args) = s.split_once(':').unwrap_or((s, ""));
        let known = matches!(kind, "cmd" | "mcp" | "random" | "greedy" | "lookahead" | "mcts");
        if known && !allowed.allows(kind) {
            return Err(if kind == "cmd" || kind == "mcp" {
                SpecError::External
            } else {
                SpecError::NotAllowed {
                    name: kind.to_string(),
                    allowed,
                }
            });
        }
        match kind {
            "cmd" => {
                if args.trim().is_empty() {
                    return Err(SpecError::NoCommand);
                }
                Ok(BotSpec::External {
                    command: args.to_string(),
                })
            }
            "mcp" => {
                if args.trim().is_empty() {
                    return Err(SpecError::NoCommand);
                }
                Ok(BotSpec::Agent {
                    command: args.to_string(),
                })
            }
            "random" => match args {
                "" => Ok(BotSpec::Random { skip_offers: true }),
                "offers" => Ok(BotSpec::Random { skip_offers: false }),
                other => Err(SpecError::RandomOption {
                    option: other.to_string(),
                }),
            },
            "greedy" if args.is_empty() => Ok(BotSpec::Greedy),
            "greedy" if args == "offers" => Ok(BotSpec::GreedyOffers),
            "greedy" => Err(SpecError::GreedyOptions),
            "mcts" => parse_mcts(args).map(BotSpec::Mcts),
            "lookahead" => crate::lookahead::parse(args).map(BotSpec::Lookahead),
            other => Err(SpecError::Unknown {
                name: other.to_string(),
                allowed,
            }),
        }
    }

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
            BotSpec::GreedyOffers => Box::new(GreedyBot::<G>::making_offers()),
            BotSpec::Mcts(c) => Box::new(MctsBot::<G>::new(*c)),
            BotSpec::Lookahead(c) => Box::new(LookaheadBot::<G>::new(*c)),
            BotSpec::External { command } => Box::new(
                ExternalBot::spawn(ExternalOptions {
                    command: command.clone(),
                    timeout,
                })
                .map_err(|e| SpecError::Start {
                    command: command.clone(),
                    error: e.to_string(),
                })?,
            ),
            BotSpec::Agent { command } => {
                Box::new(
                    crate::agent::AgentBot::spawn(command, timeout).map_err(|e| SpecError::Start {
                        command: command.clone(),
                        error: e.to_string(),
                    })?,
                )
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse() {
        assert_eq!("greedy".parse(), Ok(BotSpec::Greedy));
        assert_eq!("greedy:offers".parse(), Ok(BotSpec::GreedyOffers));
        assert_eq!("greedy:fast".parse::<BotSpec>(), Err(SpecError::GreedyOptions));
        assert_eq!("random".parse(), Ok(BotSpec::Random { skip_offers: true }));
        assert_eq!("random:offers".parse(), Ok(BotSpec::Random { skip_offers: false }));
        let Ok(BotSpec::Mcts(c)) = "mcts:playouts=200,rollout=random,threads=1,c=1.2".parse() else {
            panic!("mcts spec not read");
        };
        assert_eq!(c.budget, Budget::Playouts(200));
        assert_eq!(c.rollout, RolloutPolicy::Random);
        assert_eq!(c.threads, 1);
        assert_eq!(c.exploration, Some(1.2));
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
    fn refusals_are_typed_and_bilingual() {
        let e = "alpha".parse::<BotSpec>().unwrap_err();
        assert_eq!(
            e,
            SpecError::Unknown {
                name: "alpha".into(),
                allowed: Allowed::Any
            }
        );
        assert_eq!(
            e.message(),
            Message::new(
                "Unbekannter Bot „alpha“ (bekannt: random, greedy, lookahead, mcts, cmd:<command>, mcp:<command>).",
                "Unknown bot 'alpha' (known: random, greedy, lookahead, mcts, cmd:<command>, mcp:<command>)."
            )
        );
        assert_eq!(e.to_string(), e.message().en);
        // Where only the built-in bots play, only they are listed, and cmd: is refused as such.
        let e = BotSpec::parse("alpha", Allowed::BuiltIn).unwrap_err();
        assert_eq!(
            e.message(),
            Message::new(
                "Unbekannter Bot „alpha“ (bekannt: random, greedy, lookahead, mcts).",
                "Unknown bot 'alpha' (known: random, greedy, lookahead, mcts)."
            )
        );
        assert_eq!(
            BotSpec::parse("cmd:python3 bot.py", Allowed::BuiltIn),
            Err(SpecError::External)
        );
        assert_eq!(BotSpec::parse("cmd:", Allowed::BuiltIn), Err(SpecError::External));
        assert_eq!(BotSpec::parse("greedy", Allowed::BuiltIn), Ok(BotSpec::Greedy));
        // serve --mcts: only mcts.
        let e = BotSpec::parse("alpha", Allowed::Mcts).unwrap_err();
        assert_eq!(e.message().en, "Unknown bot 'alpha' (known: mcts).");
        let e = BotSpec::parse("greedy", Allowed::Mcts).unwrap_err();
        assert_eq!(
            e.message(),
            Message::new(
                "Der Bot „greedy“ ist hier nicht erlaubt (erlaubt: mcts).",
                "The bot 'greedy' is not allowed here (allowed: mcts)."
            )
        );
        assert!(BotSpec::parse("mcts:playouts=10", Allowed::Mcts).is_ok());
        // Options: the German sentence is German throughout.
        let e = "mcts:playouts=-3".parse::<BotSpec>().unwrap_err();
        assert_eq!(
            e,
            SpecError::MctsOption {
                option: "playouts=-3".into(),
                problem: MctsProblem::WholeNumber
            }
        );
        assert_eq!(
            e.message(),
            Message::new(
                "mcts-Option „playouts=-3“ erwartet eine ganze Zahl.",
                "mcts option 'playouts=-3' expects a whole number."
            )
        );
        for bad in [
            "",
            "alpha",
            "greedy:x",
            "mcts:playouts=-3",
            "mcts:c=nan",
            "mcts:foo",
            "mcts:keep=2",
            "mcts:rollout=x",
            "cmd:",
            "random:x",
        ] {
            let m = bad.parse::<BotSpec>().unwrap_err().message();
            for word in ["unknown", "expects", "needs", "takes", "known"] {
                assert!(!m.de.contains(word), "{bad}: English in the German sentence: {}", m.de);
            }
            assert!(!m.en.is_empty() && !m.de.is_empty() && m.de != m.en, "{bad}: {m:?}");
        }
    }

    #[test]
    fn numbers_out_of_range_name_the_range_and_threads_are_capped_at_the_cores() {
        let e = "mcts:playouts=18446744073709551615".parse::<BotSpec>().unwrap_err();
        assert_eq!(
            e.message(),
            Message::new(
                "mcts-Option „playouts=18446744073709551615“ erwartet eine ganze Zahl von 1 bis 10000000.",
                "mcts option 'playouts=18446744073709551615' expects a whole number from 1 to 10000000."
            )
        );
        for bad in [
            "mcts:playouts=0",
            "mcts:ms=0",
            "mcts:ms=99999999999999999999",
            "mcts:depth=10001",
            "mcts:chance=5000",
            "mcts:widen=70000",
        ] {
            let e = bad.parse::<BotSpec>().unwrap_err();
            assert!(
                matches!(
                    e,
                    SpecError::MctsOption {
                        problem: MctsProblem::Range { .. },
                        ..
                    }
                ),
                "{bad}: {e:?}"
            );
        }
        let Ok(spec) = "mcts:threads=100000".parse::<BotSpec>() else {
            panic!("threads are capped, not refused");
        };
        assert_eq!(spec.threads(), cores());
        assert_eq!("mcts:threads=0".parse::<BotSpec>().map(|s| s.threads()), Ok(0));
        assert_eq!(cap_threads(100_000), cores());
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
