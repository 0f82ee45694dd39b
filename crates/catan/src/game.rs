//! [`Catan`] and its [`engine::Game`] impl, and the one dispatch on the rule
//! set ([`RuleSet`]): each entry point derives the rule set once and hands
//! the state to the base rules or to Cities & Knights (the layout of
//! docs/architecture.md).

// The crate root's modules and re-exports: this file is the root's `Game`
// impl moved into a module of its own.
use crate::*;
use crate::{BaseAction, BaseChance, BasePhase, CkAction};
use cities_knights::layer::CkLayer;
use engine::{ConfigError, EventSink, Game, GameResult, GameRng, Rejection, Seat, ToAct, Viewer};
use rand::Rng;
use rules::layer::Base;
use rules::{development, hand, turn};

/// CATAN played on the state type `State<P>`: [`Catan`] (the base game and
/// the 5–6 extension, `P` = [`NoPart`]) or [`CatanCk`] (Cities & Knights
/// with or without heroes, `P` = [`CkState`]). Both answer to the id
/// `catan`; the registry picks the type by the options' `rules` (or a
/// saved state's part). One type per part keeps a base state small and
/// lets a C&K state clone without a heap allocation (issue 28, item 5).
pub struct CatanGame<P: Part = NoPart>(std::marker::PhantomData<fn() -> P>);

/// The CATAN base game (and the 5–6 player extension).
pub type Catan = CatanGame<NoPart>;
/// CATAN with Cities & Knights (and its heroes and squires).
pub type CatanCk = CatanGame<CkState>;

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
        f.write_str(if P::CK { "CatanCk" } else { "Catan" })
    }
}

/// The rule set a state is played under, derived once per entry point: the
/// one place that looks at whether `State::ck` or a 5–6 turn rule is there.
/// A rule set's code gets its own state from here (never a default), so it
/// cannot run on a state of another rule set by accident. The 5–6 player
/// extension is a layer on the base game: its entry points wrap the base
/// game's, which know nothing of it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum RuleSet<'a> {
    /// The base game.
    Base,
    /// The base game with the 5–6 player extension's turn rules
    /// (`five_six`).
    FiveSix,
    /// Cities & Knights (with or without heroes), with its part of the state.
    CitiesKnights(&'a cities_knights::CkState),
}

impl<'a> RuleSet<'a> {
    /// The rule set of `state`.
    #[inline]
    pub(crate) fn of<P: Part>(state: &'a State<P>) -> Self {
        // Nested, not one match on both fields: where the base game and the
        // extension take the same path, the turn rule is not even read.
        if let Some(ck) = state.ck.as_deref() {
            RuleSet::CitiesKnights(ck)
        } else if state.turn_rule.is_some() {
            RuleSet::FiveSix
        } else {
            RuleSet::Base
        }
    }
}

/// The rule set of a state being changed, with its part lent mutably beside
/// the base part ([`RuleSetMut::split`]): the one place the C&K part is taken
/// out of the state for a change, so its rule code receives both parts.
pub(crate) enum RuleSetMut<'a> {
    /// The base game.
    Base,
    /// The base game with the 5–6 player extension's turn rules.
    FiveSix,
    /// Cities & Knights, with its part of the state.
    CitiesKnights(&'a mut cities_knights::CkState),
}

impl<'a> RuleSetMut<'a> {
    /// The base part of `state` and its rule set.
    #[inline]
    pub(crate) fn split<P: Part>(state: &'a mut State<P>) -> (&'a mut BaseState, Self) {
        match state.split_mut() {
            (base, Some(ck)) => (base, RuleSetMut::CitiesKnights(ck)),
            (base, None) if base.turn_rule.is_some() => (base, RuleSetMut::FiveSix),
            (base, None) => (base, RuleSetMut::Base),
        }
    }
}

/// An action of a rule set this game does not play is malformed input, like
/// an id off the board: it names nothing in this game's vocabulary.
fn foreign(action: &CkAction) -> Rejection<CatanError> {
    let tag = serde_json::to_value(action)
        .ok()
        .and_then(|v| v.get("type").and_then(|t| t.as_str()).map(str::to_string))
        .unwrap_or_default();
    Rejection::Malformed(format!(
        "'{tag}' is an action of Cities & Knights, which this game does not play"
    ))
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
        } else if config.rules.is_cities_knights() {
            // `ck.setup.players`.
            3..=4
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
        if config.rules.is_cities_knights() != P::CK {
            // Only a program that names the type can get here: the registry
            // picks the type by the rules (`registry::Registered::second`).
            return Err(ConfigError::new(
                "Städte & Ritter wird als `CatanCk` gespielt, das Basisspiel und 5–6 als `Catan`.",
                "Cities & Knights is played as `CatanCk`, the base game and 5–6 as `Catan`.",
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
        let ck = config.rules.is_cities_knights();
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
            ck: P::new_game(),
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
                deck: if ck {
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
        match RuleSet::of(state) {
            // A Cities & Knights phase in a base game is refused when a state
            // is loaded (`ck.state.rules`), so only a state built by hand
            // carries one: nobody acts then, nothing is legal or applied.
            RuleSet::Base | RuleSet::FiveSix => match &state.phase {
                Phase::Base(p) => legal::to_act(state, p),
                Phase::Ck(_) => ToAct::Over,
            },
            RuleSet::CitiesKnights(_) => cities_knights::legal::to_act(state),
        }
    }

    #[inline]
    fn legal_actions(state: &State<P>, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        match RuleSet::of(state) {
            RuleSet::Base => {
                if let Phase::Base(p) = &state.phase {
                    legal::legal_actions(state, p, seat, out)
                }
            }
            RuleSet::FiveSix => {
                if let Phase::Base(p) = &state.phase {
                    five_six::legal_actions(state, p, seat, out)
                }
            }
            RuleSet::CitiesKnights(ck) => cities_knights::legal::legal_actions(state, ck, seat, out),
        }
    }

    fn check(state: &State<P>, seat: Seat, action: &Action) -> Result<(), Rejection<CatanError>> {
        let rule_set = RuleSet::of(state);
        let (phase, action) = match (rule_set, &state.phase, action) {
            (RuleSet::CitiesKnights(ck), _, _) => return cities_knights::legal::check(state, ck, seat, action),
            // The base game's vocabulary has no such action.
            (_, _, Action::Ck(a)) => return Err(foreign(a)),
            (_, Phase::Ck(_), _) => {
                return Err(Rejection::WrongPhase {
                    phase: state.phase.name(),
                })
            }
            (_, Phase::Base(p), Action::Base(a)) => (p, a),
        };
        if let RuleSet::FiveSix = rule_set {
            five_six::check(state, phase, seat, action)
        } else {
            legal::check(state, phase, seat, action)
        }
    }

    /// Year of Plenty's two resources and the two hexes the Inventor swaps are
    /// unordered choices: either order names the same play, stored in one
    /// order (the lower first). A bank trade sent without its rate is logged
    /// with the player's best rate, the one it is made at.
    fn canonical(state: &State<P>, seat: Seat, action: Action) -> Action {
        let known = seat.index() < state.players.len();
        let rule_set = RuleSet::of(state);
        let base = !matches!(rule_set, RuleSet::CitiesKnights(_));
        match action {
            Action::Base(BaseAction::MaritimeTrade { give, get, rate: None }) if known && base => {
                Action::Base(BaseAction::MaritimeTrade {
                    give,
                    get,
                    rate: Some(rules::trade::rates(state, seat)[give.index()]),
                })
            }
            Action::Ck(CkAction::BankTrade { give, get, rate: None }) if known => match rule_set {
                RuleSet::CitiesKnights(ck) => Action::Ck(CkAction::BankTrade {
                    give,
                    get,
                    rate: Some(cities_knights::trade::rates(state, ck, seat)[give.index()]),
                }),
                _ => action,
            },
            Action::Base(BaseAction::PlayYearOfPlenty { first, second }) if first > second => {
                Action::Base(BaseAction::PlayYearOfPlenty {
                    first: second,
                    second: first,
                })
            }
            Action::Ck(CkAction::PlayInventor { a, b }) if a > b => Action::Ck(CkAction::PlayInventor { a: b, b: a }),
            a => a,
        }
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
        match RuleSetMut::split(state) {
            (state, RuleSetMut::Base) => {
                if let Action::Base(a) = action {
                    legal::apply(state, seat, a, events)
                }
                turn::check_victory(Base, state, events);
            }
            (state, RuleSetMut::FiveSix) => {
                if let Action::Base(a) = action {
                    five_six::apply(state, seat, a, events)
                }
                five_six::check_victory(state, events);
            }
            (state, RuleSetMut::CitiesKnights(ck)) => {
                cities_knights::legal::apply(state, ck, seat, action, events);
                turn::check_victory(CkLayer(ck), state, events);
            }
        }
    }

    fn chance_outcomes(state: &State<P>, out: &mut Vec<(Chance, f64)>) {
        out.clear();
        if let RuleSet::CitiesKnights(ck) = RuleSet::of(state) {
            return cities_knights::legal::chance_outcomes(state, ck, out);
        }
        match state.phase {
            Phase::Base(BasePhase::Rolling) => {
                for red in 1..=6 {
                    for yellow in 1..=6 {
                        out.push((Chance::Base(BaseChance::Dice(Dice { red, yellow })), 1.0 / 36.0));
                    }
                }
            }
            Phase::Base(BasePhase::Stealing { victim, .. }) => {
                hand::steal_outcomes::<Resource>(state, &(), victim, out)
            }
            Phase::Base(BasePhase::Drawing) => development::draw_outcomes(state, out),
            _ => {}
        }
    }

    #[inline]
    fn sample_chance(state: &State<P>, rng: &mut GameRng) -> Chance {
        if let RuleSet::CitiesKnights(ck) = RuleSet::of(state) {
            return cities_knights::legal::sample_chance(state, ck, rng);
        }
        match state.phase {
            Phase::Base(BasePhase::Stealing { victim, .. }) => Chance::Base(BaseChance::Steal {
                resource: hand::sample_steal(state, &(), victim, rng).unwrap_or(Resource::Brick),
            }),
            Phase::Base(BasePhase::Drawing) => Chance::Base(BaseChance::Draw {
                card: development::sample_draw(state, rng),
            }),
            _ => {
                // One draw for both dice: 36 equally likely pairs.
                let x: u32 = rng.random_range(0..36);
                Chance::Base(BaseChance::Dice(Dice {
                    red: (x / 6) as u8 + 1,
                    yellow: (x % 6) as u8 + 1,
                }))
            }
        }
    }

    /// Inlined for the same reason as `apply_unchecked`.
    #[inline]
    fn apply_chance_unchecked<S: EventSink<Event>>(state: &mut State<P>, outcome: &Chance, events: &mut S) {
        let (state, rule_set) = RuleSetMut::split(state);
        let five_six_turns = matches!(rule_set, RuleSetMut::FiveSix);
        if let RuleSetMut::CitiesKnights(ck) = rule_set {
            cities_knights::legal::apply_chance(state, ck, outcome, events);
            turn::check_victory(CkLayer(ck), state, events);
            return;
        }
        match (state.phase, *outcome) {
            (Phase::Base(BasePhase::Rolling), Chance::Base(BaseChance::Dice(d))) => turn::apply_dice(state, d, events),
            (Phase::Base(BasePhase::Stealing { victim, resume }), Chance::Base(BaseChance::Steal { resource })) => {
                hand::apply_steal(state, &mut (), victim, resource, events);
                state.phase = resume.phase();
            }
            (Phase::Base(BasePhase::Drawing), Chance::Base(BaseChance::Draw { card })) => {
                development::apply_draw(state, card, events)
            }
            _ => return,
        }
        if five_six_turns {
            five_six::check_victory(state, events);
        } else {
            turn::check_victory(Base, state, events);
        }
    }

    fn view(state: &State<P>, viewer: Viewer) -> View {
        let mut v = view::view(state, viewer);
        if let RuleSet::CitiesKnights(ck) = RuleSet::of(state) {
            cities_knights::view::complete(&mut v, state, ck, viewer);
        }
        v
    }

    fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
        if let Some(e) = cities_knights::view::redact(event, viewer) {
            return Some(e);
        }
        Some(view::redact(event, viewer))
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
        cities_knights::validate::validate(state, state.ck.as_deref(), &mut out);
        if out.is_empty() {
            Ok(())
        } else {
            Err(out)
        }
    }

    /// A state consistent with everything `viewer` sees, secrets
    /// resampled: each rule set deals its own secrets again (Cities &
    /// Knights: cards of both kinds and progress cards; it has no
    /// development cards).
    fn determinize(state: &State<P>, viewer: Viewer, rng: &mut GameRng) -> State<P> {
        let mut s = state.clone();
        let Some(hidden) = determinize::hidden_seats(&s, viewer) else {
            return s;
        };
        match RuleSetMut::split(&mut s) {
            (base, RuleSetMut::CitiesKnights(ck)) => {
                let known = determinize::known_minimum(base);
                cities_knights::secrets::resample(base, ck, viewer, &known, rng);
            }
            (base, RuleSetMut::Base | RuleSetMut::FiveSix) => determinize::resample(base, &hidden, rng),
        }
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
