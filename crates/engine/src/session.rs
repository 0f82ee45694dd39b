//! A game in play: state, RNG, log and version together. The referee, the
//! server and the tests drive games through it; simulations use the raw
//! [`Game`] functions instead.

use crate::game::{Game, GameResult, GameRng, ToAct};
use crate::log::{apply_entries, ChanceMode, Entry, Log, ReplayError, Start};
use crate::rejection::Rejection;
use crate::seat::{Seat, Viewer};
use rand::SeedableRng;

/// Upper bound on automatic chance steps after one action, as a guard against a
/// game that never leaves its chance node (a bug, never a rule).
const MAX_CHANCE_CHAIN: usize = 10_000;

/// A game in play.
pub struct Match<G: Game> {
    state: G::State,
    rng: GameRng,
    mode: ChanceMode,
    log: Log<G>,
    /// Events of every log entry, same index as `log.entries`.
    events: Vec<Vec<G::Event>>,
    /// The state before the first entry (what `new_game` made, or the loaded
    /// position). Stored with the entries, it makes a restore independent of
    /// the RNG code that made a random set-up.
    start_state: G::State,
}

impl<G: Game> Clone for Match<G> {
    fn clone(&self) -> Self {
        Match {
            state: self.state.clone(),
            rng: self.rng.clone(),
            mode: self.mode,
            log: self.log.clone(),
            events: self.events.clone(),
            start_state: self.start_state.clone(),
        }
    }
}

impl<G: Game> std::fmt::Debug for Match<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Match")
            .field("game", &G::ID)
            .field("version", &self.log.entries.len())
            .field("mode", &self.mode)
            .finish_non_exhaustive()
    }
}

impl<G: Game> Match<G> {
    /// Starts a new game. In seeded mode, chance nodes (the initial deal) are
    /// resolved at once.
    pub fn new(
        config: G::Config,
        players: usize,
        seed: u64,
        mode: ChanceMode,
    ) -> Result<Self, crate::game::ConfigError> {
        if !G::player_range(&config).contains(&players) {
            if let Some(e) = G::player_count_refusal(&config, players) {
                return Err(e);
            }
            let r = G::player_range(&config);
            return Err(crate::game::ConfigError::new(
                format!(
                    "{} Spieler werden nicht unterstützt ({} bis {}).",
                    players,
                    r.start(),
                    r.end()
                ),
                format!("{} players are not supported ({} to {}).", players, r.start(), r.end()),
            ));
        }
        let mut rng = GameRng::seed_from_u64(seed);
        let state = G::new_game(&config, players, &mut rng)?;
        let mut m = Match {
            start_state: state.clone(),
            state,
            rng,
            mode,
            log: Log {
                format: G::FORMAT,
                game: G::ID.to_string(),
                seed,
                start: Start::New { config, players },
                entries: Vec::new(),
                final_state: None,
            },
            events: Vec::new(),
        };
        m.resolve_chance();
        Ok(m)
    }

    /// Continues from a position (validated first).
    pub fn load(state: G::State, seed: u64, mode: ChanceMode) -> Result<Self, Vec<crate::Problem>> {
        G::validate(&state)?;
        let mut m = Match {
            state: state.clone(),
            start_state: state.clone(),
            rng: GameRng::seed_from_u64(seed),
            mode,
            log: Log {
                format: G::FORMAT,
                game: G::ID.to_string(),
                seed,
                start: Start::Position { state },
                entries: Vec::new(),
                final_state: None,
            },
            events: Vec::new(),
        };
        m.resolve_chance();
        Ok(m)
    }

    /// Rebuilds a game from its log (replaying every entry).
    pub fn from_log(mut log: Log<G>, mode: ChanceMode) -> Result<Self, ReplayError> {
        log.check_game()?;
        let (start_state, mut rng) = log.start_state()?;
        let mut state = start_state.clone();
        let mut events = Vec::with_capacity(log.entries.len());
        apply_entries::<G>(&mut state, &log.entries, &mut rng, Some(&mut events))?;
        if let Some(expected) = log.final_state.take() {
            if expected != state {
                return Err(ReplayError::Mismatch);
            }
        }
        let mut m = Match {
            state,
            rng,
            mode,
            log,
            events,
            start_state,
        };
        m.resolve_chance();
        Ok(m)
    }

    /// Rebuilds a game from what a server stores: how it began, the state it
    /// began in and every entry since, chance outcomes included. Unlike
    /// [`Match::from_log`] nothing is drawn anew: the stored start state and
    /// outcomes are applied as they are (and checked), so the game comes back
    /// the same whatever the RNG code does later. The RNG is seeded and drawn
    /// as the original run drew it, so that, while that code is unchanged, the
    /// game also goes on as it would have.
    pub fn restore(
        start: Start<G::Config, G::State>,
        start_state: G::State,
        seed: u64,
        entries: Vec<Entry<G::Action, G::Chance>>,
        mode: ChanceMode,
    ) -> Result<Self, ReplayError> {
        G::validate(&start_state).map_err(ReplayError::InvalidStart)?;
        let mut rng = GameRng::seed_from_u64(seed);
        match &start {
            Start::New { config, players } => {
                if G::players(&start_state) != *players {
                    return Err(ReplayError::InvalidStart(vec![crate::problem!(
                        "engine.restore",
                        "Der Startstand hat {} Plätze, das Spiel {}.",
                        "The start state has {} seats, the game {}.",
                        G::players(&start_state),
                        players
                    )]));
                }
                // Only to draw what the set-up drew; the stored state is the truth.
                let _ = G::new_game(config, *players, &mut rng);
            }
            Start::Position { state } if *state != start_state => {
                return Err(ReplayError::InvalidStart(vec![crate::Problem::new(
                    "engine.restore",
                    "Der Startstand ist nicht die geladene Stellung.",
                    "The start state is not the loaded position.",
                )]))
            }
            Start::Position { .. } => {}
        }
        let mut state = start_state.clone();
        let mut events = Vec::with_capacity(entries.len());
        apply_entries::<G>(&mut state, &entries, &mut rng, Some(&mut events))?;
        let mut m = Match {
            state,
            rng,
            mode,
            log: Log {
                format: G::FORMAT,
                game: G::ID.to_string(),
                seed,
                start,
                entries,
                final_state: None,
            },
            events,
            start_state,
        };
        m.resolve_chance();
        Ok(m)
    }

    /// The state before the first entry.
    pub fn start_state(&self) -> &G::State {
        &self.start_state
    }

    /// The current state (full, secrets included: never send it to a client).
    pub fn state(&self) -> &G::State {
        &self.state
    }

    /// The log so far (without a final state).
    pub fn log(&self) -> &Log<G> {
        &self.log
    }

    /// The log with the current state recorded as its final state, for saving:
    /// replaying it checks that it reaches this exact state.
    pub fn log_with_state(&self) -> Log<G> {
        let mut log = self.log.clone();
        log.final_state = Some(self.state.clone());
        log
    }

    /// The chance mode.
    pub fn mode(&self) -> ChanceMode {
        self.mode
    }

    /// The version: number of accepted steps (actions and chance outcomes).
    pub fn version(&self) -> u64 {
        self.log.entries.len() as u64
    }

    /// Who acts next.
    pub fn to_act(&self) -> ToAct {
        G::to_act(&self.state)
    }

    /// The legal actions of `seat` (empty when it is not to act).
    pub fn legal_actions(&self, seat: Seat) -> Vec<G::Action> {
        let mut out = Vec::new();
        G::legal_actions(&self.state, seat, &mut out);
        out
    }

    /// The possible chance outcomes with their probabilities.
    pub fn chance_outcomes(&self) -> Vec<(G::Chance, f64)> {
        let mut out = Vec::new();
        if self.to_act() == ToAct::Chance {
            G::chance_outcomes(&self.state, &mut out);
        }
        out
    }

    /// The view of `viewer`.
    pub fn view(&self, viewer: Viewer) -> G::View {
        G::view(&self.state, viewer)
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        G::result(&self.state)
    }

    /// Events of log entries `from..` as `viewer` may see them.
    pub fn events_since(&self, from: u64, viewer: Viewer) -> Vec<G::Event> {
        let from = (from as usize).min(self.events.len());
        self.events[from..]
            .iter()
            .flatten()
            .filter_map(|e| G::redact(e, viewer))
            .collect()
    }

    /// The events of each log entry from index `from` on, as `viewer` may
    /// see them: `(the version after the entry, its events)`, entries that
    /// show the viewer nothing left out. The public history a table serves
    /// to a device that joins late, computed in one pass.
    pub fn history(&self, from: u64, viewer: Viewer) -> Vec<(u64, Vec<G::Event>)> {
        let from = usize::try_from(from).unwrap_or(usize::MAX).min(self.events.len());
        self.events[from..]
            .iter()
            .enumerate()
            .filter_map(|(i, evs)| {
                let seen: Vec<G::Event> = evs.iter().filter_map(|e| G::redact(e, viewer)).collect();
                (!seen.is_empty()).then(|| ((from + i + 1) as u64, seen))
            })
            .collect()
    }

    /// Checks the preconditions every action shares: seat exists, game not
    /// over, version fresh, seat to act. A finished game refuses with
    /// [`Rejection::GameOver`] whatever version the action names: nothing can
    /// be played there, and a fresher version would not change that. A seat
    /// that may not act now is refused with the game's own rule where it names
    /// the reason more precisely ([`Game::refusal_reason`]).
    fn precheck(
        &self,
        seat: Seat,
        action: &G::Action,
        expected_version: Option<u64>,
    ) -> Result<(), Rejection<G::Error>> {
        self.precheck_turn(seat, expected_version).map_err(|r| match r {
            Rejection::NotYourTurn { .. } | Rejection::NotChanceTurn { .. } => {
                G::refusal_reason(&self.state, seat, action).map_or(r, Rejection::Rule)
            }
            r => r,
        })
    }

    /// [`Match::precheck`] without the game's reasons.
    fn precheck_turn(&self, seat: Seat, expected_version: Option<u64>) -> Result<(), Rejection<G::Error>> {
        if seat.index() >= G::players(&self.state) {
            return Err(Rejection::NoSuchSeat { seat });
        }
        let to_act = G::to_act(&self.state);
        if to_act == ToAct::Over {
            return Err(Rejection::GameOver);
        }
        self.check_version(expected_version)?;
        match to_act {
            ToAct::Over => Err(Rejection::GameOver),
            ToAct::Chance => Err(Rejection::NotChanceTurn { waiting: "chance" }),
            ToAct::Seats(s) if !s.contains(seat) => Err(Rejection::NotYourTurn { seat }),
            ToAct::Seats(_) => Ok(()),
        }
    }

    /// Checks an action without applying it.
    pub fn check(&self, seat: Seat, action: &G::Action) -> Result<(), Rejection<G::Error>> {
        let action = G::canonical(&self.state, seat, action.clone());
        self.precheck(seat, &action, None)?;
        G::check(&self.state, seat, &action)
    }

    /// Applies an action of `seat`; in seeded mode the chance steps that follow
    /// are resolved at once. Returns the version before the action (events from
    /// there on are this action's). On a refusal nothing changes. The log
    /// stores the action in its canonical form ([`Game::canonical`]).
    pub fn act(
        &mut self,
        seat: Seat,
        action: G::Action,
        expected_version: Option<u64>,
    ) -> Result<u64, Rejection<G::Error>> {
        let action = G::canonical(&self.state, seat, action);
        self.precheck(seat, &action, expected_version)?;
        let before = self.version();
        let mut ev = Vec::new();
        G::apply(&mut self.state, seat, &action, &mut ev)?;
        self.log.entries.push(Entry::Act { seat, action });
        self.events.push(ev);
        self.resolve_chance();
        Ok(before)
    }

    /// Supplies a chance outcome (manual mode), or with `None` lets the engine
    /// draw the next one (either mode).
    pub fn chance(
        &mut self,
        outcome: Option<G::Chance>,
        expected_version: Option<u64>,
    ) -> Result<u64, Rejection<G::Error>> {
        // Game over first, as for actions: a stale version on a finished game
        // is refused as `GameOver`.
        let to_act = G::to_act(&self.state);
        if to_act == ToAct::Over {
            return Err(Rejection::GameOver);
        }
        self.check_version(expected_version)?;
        if let ToAct::Seats(_) = to_act {
            return Err(Rejection::NotChanceTurn { waiting: "a seat" });
        }
        let before = self.version();
        let (outcome, drawn) = match outcome {
            Some(o) => (o, false),
            None => (G::sample_chance(&self.state, &mut self.rng), true),
        };
        let mut ev = Vec::new();
        G::apply_chance(&mut self.state, &outcome, &mut ev)?;
        self.log.entries.push(Entry::Chance { outcome, drawn });
        self.events.push(ev);
        self.resolve_chance();
        Ok(before)
    }

    /// Refuses an action or outcome chosen at another version than the current one.
    fn check_version(&self, expected_version: Option<u64>) -> Result<(), Rejection<G::Error>> {
        match expected_version {
            Some(got) if got != self.version() => Err(Rejection::StaleVersion {
                current: self.version(),
                got,
            }),
            _ => Ok(()),
        }
    }

    /// In seeded mode, draws chance outcomes until a seat is to act or the game is over.
    fn resolve_chance(&mut self) {
        if self.mode != ChanceMode::Seeded {
            return;
        }
        for _ in 0..MAX_CHANCE_CHAIN {
            if G::to_act(&self.state) != ToAct::Chance {
                return;
            }
            let outcome = G::sample_chance(&self.state, &mut self.rng);
            let mut ev = Vec::new();
            G::apply_chance_unchecked(&mut self.state, &outcome, &mut ev);
            self.log.entries.push(Entry::Chance { outcome, drawn: true });
            self.events.push(ev);
        }
    }
}
