//! [`Catan`] and its [`engine::Game`] impl, written once over the state's
//! [`Part`]: each entry point hands the state to its part's (the base rules
//! for [`NoPart`], an expansion's module for its own part; the layout of
//! docs/architecture.md).

// The crate root's modules and re-exports: this file is the root's `Game`
// impl moved into a module of its own.
use crate::*;
use crate::{BaseAction, BasePhase};
use engine::{ConfigError, EventSink, Game, GameResult, GameRng, Rejection, Seat, ToAct, Viewer};
use rand::Rng;

/// CATAN played on the state type `State<P>`: [`Catan`] (the base game and
/// the 5–6 extension, `P` = [`NoPart`]) or an expansion's game over its own
/// part (`crate::CatanCk`). All answer to the id `catan`; the registry picks
/// the type by the options' `rules` (`Part::plays`, or a saved state's
/// part). One type per part keeps a base state small and lets an
/// expansion's state clone without a heap allocation (issue 28, item 5).
pub struct CatanGame<P: Part = NoPart>(std::marker::PhantomData<fn() -> P>);

/// The CATAN base game (and the 5–6 player extension).
pub type Catan = CatanGame<NoPart>;

impl<P: Part> Clone for CatanGame<P> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<P: Part> Copy for CatanGame<P> {}
impl<P: Part> Default for CatanGame<P> {
    fn default() -> Self {
        CatanGame(std::marker::PhantomData)
    }
}
impl<P: Part> std::fmt::Debug for CatanGame<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(P::GAME)
    }
}

impl<P: Part> Game for CatanGame<P> {
    const ID: &'static str = "catan";

    type Config = Config;
    type State = State<P>;
    type Action = Action;
    type Chance = Chance;
    type Event = Event;
    type View = View;
    type Error = CatanError;

    fn player_range(config: &Config) -> std::ops::RangeInclusive<usize> {
        if config.extension.is_some() {
            // `catan56.setup.players`.
            5..=6
        } else if let Some(range) = config.rules.player_range() {
            range
        } else if config.two_players {
            2..=4
        } else {
            3..=4
        }
    }

    fn player_count_refusal(config: &Config, players: usize) -> Option<ConfigError> {
        five_six::config_refusal(config, players)
    }

    fn new_game(config: &Config, players: usize, rng: &mut GameRng) -> Result<State<P>, ConfigError> {
        if let Some(e) = five_six::config_refusal(config, players) {
            return Err(e);
        }
        if !P::plays(config.rules) {
            // Only a program that names the type can get here: the registry
            // picks the type by the rules (`registry::Registered::state_type`).
            return Err(ConfigError::new(
                format!("Diese Regeln werden nicht als `{}` gespielt.", P::GAME),
                format!("These rules are not played as `{}`.", P::GAME),
            ));
        }
        if !Self::player_range(config).contains(&players) {
            return Err(ConfigError::new(
                format!(
                    "CATAN wird mit {} bis 4 Personen gespielt, nicht mit {players}.",
                    Self::player_range(config).start()
                ),
                format!(
                    "CATAN is played by {} to 4 players, not {players}.",
                    Self::player_range(config).start()
                ),
            ));
        }
        if config.victory_points < 3 {
            return Err(ConfigError::new(
                "Das Siegpunktziel muss mindestens 3 sein.",
                "The victory point goal must be at least 3.",
            ));
        }
        let shape = config.shape();
        let board = match (&config.board, shape) {
            (BoardChoice::Random, Shape::Base) => Ok(Board::random(rng)),
            (BoardChoice::Random, Shape::FiveSix) => Ok(Board::random_five_six(rng)),
            (BoardChoice::Beginner, Shape::Base) => Ok(Board::beginner()),
            (BoardChoice::Beginner, Shape::FiveSix) => Err(vec![Problem::new(
                "catan56.board.no_fixed_layout",
                "Für 5–6 Spieler gibt es keinen festen Startaufbau; gespielt wird auf einem zufälligen oder einem angegebenen Spielplan.",
                "The 5–6 player game has no fixed beginner set-up; play on a random or a stated board.",
            )]),
            (BoardChoice::Layout { board }, shape) => board.board(shape),
        };
        let mut problems = match &board {
            Ok(_) => Vec::new(),
            Err(p) => p.clone(),
        };
        problems.extend(layout::start_player_problem(config.start_player, players));
        let board = match board {
            Ok(b) if problems.is_empty() => b,
            _ => return Err(layout::refusal(&problems)),
        };
        let start = match config.start_player {
            Some(s) => Seat(s),
            None => Seat(rng.random_range(0..players) as u8),
        };
        let five_six = shape == Shape::FiveSix;
        // `catan56.board.robber_start`: the seed picks one of the deserts.
        let robber = if five_six {
            let deserts: Vec<HexId> = board.deserts().collect();
            deserts
                .get(rng.random_range(0..deserts.len().max(1)))
                .copied()
                .unwrap_or(board.desert())
        } else {
            board.desert()
        };
        Ok(State {
            part: P::new_game(),
            base: BaseState {
                rules: config.rules,
                victory_points: config.victory_points,
                robber,
                board: std::sync::Arc::new(board),
                start_player: start,
                current: start,
                turn: 0,
                phase: Phase::Base(BasePhase::Setup {
                    step: 0,
                    road_from: None,
                }),
                bank: if five_six {
                    five_six::FULL_BANK_56
                } else {
                    Resources::FULL_BANK
                },
                // `ck.removed.development_cards`; `catan56.material.totals`.
                deck: if !P::DEVELOPMENT_CARDS {
                    DevCards::ZERO
                } else if five_six {
                    five_six::deck_56()
                } else {
                    DevCards::BASE_DECK
                },
                dev_played: false,
                longest_road: None,
                largest_army: None,
                last_roll: None,
                players: Players::new(players),
                turn_rule: config.turn_rule(),
                turn_of: None,
                counters: None,
                trade_offers_per_turn: config.trade_offers_per_turn,
                trade_offers: 0,
                free_squire_steps_per_turn: config.free_squire_steps_per_turn,
                free_squire_steps: 0,
                base_knights: false,
            },
        })
    }

    fn players(state: &State<P>) -> usize {
        state.n()
    }

    fn turn(state: &State<P>) -> u32 {
        state.turn
    }

    fn is_offer(action: &Action) -> bool {
        matches!(
            action,
            Action::Base(BaseAction::OpenTrade)
                | Action::Base(BaseAction::SubmitOffer)
                | Action::Base(BaseAction::CounterOffer)
                | Action::Base(BaseAction::ReviseOffer)
        )
    }

    /// The offerer while seats still answer its offer (`catan.trade.counter`).
    fn waits(state: &State<P>, seat: Seat) -> bool {
        seat == state.current && matches!(state.phase, Phase::Base(BasePhase::TradeReplies { .. }))
    }

    #[inline]
    fn to_act(state: &State<P>) -> ToAct {
        P::to_act(state)
    }

    #[inline]
    fn legal_actions(state: &State<P>, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        P::legal_actions(state, seat, out)
    }

    fn check(state: &State<P>, seat: Seat, action: &Action) -> Result<(), Rejection<CatanError>> {
        P::check(state, seat, action)
    }

    /// Year of Plenty's two resources and the two hexes the Inventor swaps are
    /// unordered choices: either order names the same play, stored in one
    /// order (the lower first). A bank trade sent without its rate is logged
    /// with the player's best rate, the one it is made at.
    fn canonical(state: &State<P>, seat: Seat, action: Action) -> Action {
        P::canonical(state, seat, action)
    }

    /// The game's check names the rule for a trade by a seat other than the
    /// active player (`catan.trade.active_player_only`) and for the active
    /// player's turn while the dice are still rolling (`catan.turn.roll_first`,
    /// `ck.turn.before_roll`).
    fn refusal_reason(state: &State<P>, seat: Seat, action: &Action) -> Option<CatanError> {
        match Self::check(state, seat, action) {
            Err(Rejection::Rule(e)) => Some(e),
            _ => None,
        }
    }

    /// Inlined: the playout loop calls it once per decision, and whether
    /// it is inlined there otherwise flips with unrelated changes to the
    /// rules' code size.
    #[inline]
    fn apply_unchecked<S: EventSink<Event>>(state: &mut State<P>, seat: Seat, action: &Action, events: &mut S) {
        P::apply(state, seat, action, events)
    }

    fn chance_outcomes(state: &State<P>, out: &mut Vec<(Chance, f64)>) {
        out.clear();
        P::chance_outcomes(state, out)
    }

    #[inline]
    fn sample_chance(state: &State<P>, rng: &mut GameRng) -> Chance {
        P::sample_chance(state, rng)
    }

    /// Inlined for the same reason as `apply_unchecked`.
    #[inline]
    fn apply_chance_unchecked<S: EventSink<Event>>(state: &mut State<P>, outcome: &Chance, events: &mut S) {
        P::apply_chance(state, outcome, events)
    }

    fn view(state: &State<P>, viewer: Viewer) -> View {
        let mut v = view::view(state, viewer);
        P::complete_view(&mut v, state, viewer);
        v
    }

    /// Every event is redacted by the rule set whose vocabulary holds it,
    /// whatever the state type (one redaction for every reader of a log).
    fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
        Some(event.redacted(viewer))
    }

    fn result(state: &State<P>) -> Option<GameResult> {
        match state.phase {
            Phase::Base(BasePhase::Over { winner }) => Some(GameResult {
                winners: vec![winner],
                scores: Seat::all(state.n()).map(|s| state.points(s) as i32).collect(),
                reason: "points".to_string(),
            }),
            _ => None,
        }
    }

    fn validate(state: &State<P>) -> Result<(), Vec<engine::Problem>> {
        let mut out = validate::validate(state)?;
        // Every rule set's part is checked, its absence too: a C&K game
        // without its part, or a base game with one, is `ck.state.rules`.
        P::validate(state, &mut out);
        if out.is_empty() {
            Ok(())
        } else {
            Err(out)
        }
    }

    /// A state consistent with everything `viewer` sees, secrets
    /// resampled: each rule set deals its own secrets again.
    fn determinize(state: &State<P>, viewer: Viewer, rng: &mut GameRng) -> State<P> {
        let mut s = state.clone();
        P::determinize(&mut s, viewer, rng);
        s
    }

    fn topology(state: &State<P>) -> Option<serde_json::Value> {
        Some(geometry::served(state))
    }

    fn describe(config: &Config) -> engine::Description {
        crate::describe::of_config(config)
    }

    fn describe_state(state: &State<P>) -> engine::Description {
        crate::describe::describe(state.rules, state.turn_rule)
    }

    fn places(state: &State<P>) -> Option<serde_json::Value> {
        serde_json::to_value(crate::places::places(state)).ok()
    }

    fn state_heap(state: &State<P>) -> engine::StateHeap {
        state.heap()
    }
}
