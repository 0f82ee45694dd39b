//! The `Game` implementation: dispatch from actions and chance outcomes to the
//! rule modules.

use crate::action::{Action, Chance};
use crate::edition::CocoCard;
use crate::error::JuniorError;
use crate::event::Event;
use crate::rules::{build, coco, klau, pro, trade, turn};
use crate::state::{Config, Phase, State};
use crate::view::View;
use engine::{ConfigError, EventSink, Game, GameResult, GameRng, Rejection, Seat, SeatSet, ToAct, Viewer};
use rand::Rng;

/// Catan Junior (Kosmos edition by default).
#[derive(Clone, Copy, Debug, Default)]
pub struct CatanJunior;

type Refusal = Rejection<JuniorError>;

fn check_main(state: &State, p: usize, action: &Action) -> Result<(), Refusal> {
    match *action {
        Action::BuildLair { site } => build::check_lair(state, p, site, false)?,
        Action::BuildShip { route } => build::check_ship(state, p, route, false)?,
        Action::AskCoco => coco::check_ask(state, p)?,
        Action::TradeRing { take, give } => trade::check_ring(state, p, take, give)?,
        Action::TradeSupply { give, take } => trade::check_supply(state, p, give, take)?,
        Action::OpenOffer { to } => pro::check_open(state, p, to)?,
        Action::EndTurn => {}
        Action::MoveKlau { .. }
        | Action::OfferGive { .. }
        | Action::OfferGet { .. }
        | Action::SubmitOffer
        | Action::CancelOffer
        | Action::Accept
        | Action::Decline => {
            return Err(Rejection::WrongPhase {
                phase: state.phase.name(),
            })
        }
    }
    Ok(())
}

impl Game for CatanJunior {
    const ID: &'static str = "catan-junior";

    type Config = Config;
    type State = State;
    type Action = Action;
    type Chance = Chance;
    type Event = Event;
    type View = View;
    type Error = JuniorError;

    fn player_range(_config: &Config) -> std::ops::RangeInclusive<usize> {
        2..=4
    }

    fn new_game(config: &Config, players: usize, _rng: &mut GameRng) -> Result<State, ConfigError> {
        if !(2..=4).contains(&players) {
            return Err(ConfigError::new(
                format!("Catan Junior spielt man zu zweit bis zu viert, nicht mit {players}."),
                format!("Catan Junior is played by 2 to 4 players, not {players}."),
            ));
        }
        Ok(State::new(config, players))
    }

    fn players(state: &State) -> usize {
        state.players as usize
    }

    fn turn(state: &State) -> u32 {
        state.turn
    }

    fn is_offer(action: &Action) -> bool {
        matches!(action, Action::OpenOffer { .. } | Action::SubmitOffer)
    }

    #[inline]
    fn to_act(state: &State) -> ToAct {
        match state.phase {
            Phase::Roll | Phase::DrawCoco => ToAct::Chance,
            Phase::Main | Phase::MoveKlau | Phase::FreeBuild | Phase::OfferDraft { .. } => {
                ToAct::Seats(SeatSet::single(Seat(state.captain)))
            }
            Phase::Offer { to, .. } => ToAct::Seats(SeatSet::single(to)),
            Phase::Over { .. } => ToAct::Over,
        }
    }

    #[inline]
    fn legal_actions(state: &State, seat: Seat, out: &mut Vec<Action>) {
        crate::legal::legal_actions(state, seat, out);
    }

    fn check(state: &State, seat: Seat, action: &Action) -> Result<(), Refusal> {
        let p = seat.index();
        if p >= state.n() {
            return Err(Rejection::NoSuchSeat { seat });
        }
        let captain = p == state.captain as usize;
        let wrong = || Rejection::WrongPhase {
            phase: state.phase.name(),
        };
        match state.phase {
            Phase::Over { .. } => Err(Rejection::GameOver),
            Phase::Roll if captain => Err(JuniorError::RollFirst.into()),
            Phase::DrawCoco => Err(Rejection::NotChanceTurn { waiting: "chance" }),
            Phase::Offer { to, give, get } => {
                if seat != to {
                    return Err(Rejection::NotYourTurn { seat });
                }
                match action {
                    Action::Accept => Ok(pro::check_accept(state, to, &give, &get)?),
                    Action::Decline => Ok(()),
                    _ => Err(wrong()),
                }
            }
            _ if !captain => Err(Rejection::NotYourTurn { seat }),
            Phase::Main => check_main(state, p, action),
            Phase::MoveKlau => match *action {
                Action::MoveKlau { island } => Ok(klau::check_move(state, island)?),
                _ => Err(wrong()),
            },
            Phase::OfferDraft { to, give, get } => match *action {
                Action::OfferGive { good } => Ok(pro::check_tile(state, to, (&give, &get), good, true)?),
                Action::OfferGet { good } => Ok(pro::check_tile(state, to, (&give, &get), good, false)?),
                Action::SubmitOffer => Ok(pro::check_submit(&give, &get)?),
                Action::CancelOffer => Ok(()),
                _ => Err(wrong()),
            },
            Phase::FreeBuild => match *action {
                Action::BuildLair { site } => Ok(build::check_lair(state, p, site, true)?),
                Action::BuildShip { route } => Ok(build::check_ship(state, p, route, true)?),
                _ => Err(wrong()),
            },
            Phase::Roll => Err(Rejection::NotYourTurn { seat }),
        }
    }

    /// Under manual chance the die is a chance node the captain waits for; the
    /// captain's actions before it are refused with `junior.turn.roll_first`.
    fn refusal_reason(state: &State, seat: Seat, action: &Action) -> Option<JuniorError> {
        match Self::check(state, seat, action) {
            Err(Rejection::Rule(e)) => Some(e),
            _ => None,
        }
    }

    fn apply_unchecked<S: EventSink<Event>>(state: &mut State, seat: Seat, action: &Action, events: &mut S) {
        let p = seat.index() & 3;
        let free = state.phase == Phase::FreeBuild;
        match *action {
            Action::BuildLair { site } => build::apply_lair(state, p, site, free, events),
            Action::BuildShip { route } => build::apply_ship(state, p, route, free, events),
            Action::AskCoco => coco::apply_ask(state, p, events),
            Action::TradeRing { take, give } => trade::apply_ring(state, p, take, give, events),
            Action::TradeSupply { give, take } => trade::apply_supply(state, p, give, take, events),
            Action::MoveKlau { island } => klau::apply_move(state, island, events),
            Action::OpenOffer { to } => pro::apply_open(state, to),
            Action::OfferGive { good } => pro::apply_tile(state, good, true),
            Action::OfferGet { good } => pro::apply_tile(state, good, false),
            Action::SubmitOffer => pro::apply_submit(state, events),
            Action::CancelOffer => pro::apply_cancel(state, events),
            Action::Accept => pro::apply_answer(state, true, events),
            Action::Decline => pro::apply_answer(state, false, events),
            Action::EndTurn => turn::end(state, events),
        }
    }

    fn chance_outcomes(state: &State, out: &mut Vec<(Chance, f64)>) {
        out.clear();
        match state.phase {
            Phase::Roll => out.extend((1..=6).map(|value| (Chance::Die { value }, 1.0 / 6.0))),
            Phase::DrawCoco => {
                let mut cards: Vec<(CocoCard, f64)> = Vec::with_capacity(4);
                coco::outcomes(state, &mut cards);
                out.extend(cards.into_iter().map(|(card, p)| (Chance::Coco { card }, p)));
            }
            _ => {}
        }
    }

    #[inline]
    fn sample_chance(state: &State, rng: &mut GameRng) -> Chance {
        match state.phase {
            Phase::DrawCoco => Chance::Coco {
                card: coco::sample(state, rng),
            },
            _ => Chance::Die {
                value: rng.random_range(1..=6u8),
            },
        }
    }

    fn apply_chance_unchecked<S: EventSink<Event>>(state: &mut State, outcome: &Chance, events: &mut S) {
        match (*outcome, state.phase) {
            (Chance::Die { value }, Phase::Roll) => turn::roll(state, value.clamp(1, 6), events),
            (Chance::Coco { card }, Phase::DrawCoco) => coco::apply_card(state, card, events),
            _ => {}
        }
    }

    fn view(state: &State, viewer: Viewer) -> View {
        View::of(state, viewer)
    }

    fn redact(event: &Event, _viewer: Viewer) -> Option<Event> {
        // Everything that happens in Catan Junior is open: goods are open and a
        // Coco card is revealed as it is drawn.
        Some(event.clone())
    }

    fn result(state: &State) -> Option<GameResult> {
        match state.phase {
            Phase::Over { winner } => Some(GameResult {
                winners: vec![winner],
                scores: (0..state.n()).map(|p| state.lairs_on_board(p) as i32).collect(),
                reason: "all_lairs".to_string(),
            }),
            _ => None,
        }
    }

    fn validate(state: &State) -> Result<(), Vec<engine::Problem>> {
        crate::validate::validate(state)
    }

    fn determinize(state: &State, _viewer: Viewer, _rng: &mut GameRng) -> State {
        // The only secret is the Coco deck, a multiset without order. Every card
        // drawn stays open, so its contents are the edition's deck minus the open
        // cards, which every viewer knows: the one state consistent with a view
        // is the state itself.
        state.clone()
    }

    fn topology(state: &State) -> Option<serde_json::Value> {
        Some(crate::geometry::served(state))
    }

    fn describe(config: &Config) -> engine::Description {
        crate::describe::describe(config.edition)
    }

    fn describe_state(state: &State) -> engine::Description {
        crate::describe::describe(state.edition)
    }

    fn places(state: &State) -> Option<serde_json::Value> {
        serde_json::to_value(crate::describe::places(state)).ok()
    }
}
