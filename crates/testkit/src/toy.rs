//! A deliberately tiny game that exercises every part of the contract: chance
//! deals, hidden cards, simultaneous actions, a rule refusal. The engine's and
//! the suite's own tests run on it, so the shared machinery is tested apart
//! from any real game.
//!
//! Rules of *High Card*: a deck holds the cards 1–6. Each seat is dealt one
//! card face down (chance, seat by seat). Then all seats at once declare a
//! guess of 0, 1 or 2 ("how many opponents have a lower card than me"); a guess
//! above 2 is refused (`toy.guess.range`), and each seat guesses once. The
//! highest card wins; each correct guess scores a point as well.

use engine::{
    ConfigError, EventSink, Game, GameResult, GameRng, Message, Rejection, RuleError, Seat, SeatSet, ToAct, Viewer,
};
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

/// The game type.
#[derive(Debug)]
pub struct HighCard;

/// The full state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Seats.
    pub players: usize,
    /// Card of each seat (0 = not dealt yet).
    pub cards: Vec<u8>,
    /// Guess of each seat, once made.
    pub guesses: Vec<Option<u8>>,
}

/// A guess.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Declare a guess.
    Guess {
        /// 0, 1 or 2.
        n: u8,
    },
}

/// A card dealt to the next seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    /// The card, 1–6.
    pub card: u8,
}

/// Events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A card was dealt (the card only for its owner).
    Dealt {
        /// To whom.
        seat: Seat,
        /// The card, if the viewer may see it.
        card: Option<u8>,
    },
    /// A seat guessed.
    Guessed {
        /// Who.
        seat: Seat,
        /// The guess.
        n: u8,
    },
}

/// A seat's view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Own card, if the viewer is a seat with a card.
    pub my_card: Option<u8>,
    /// All cards, once the game is over.
    pub revealed: Option<Vec<u8>>,
    /// Guesses made.
    pub guesses: Vec<Option<u8>>,
}

/// The toy's only rule error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ToyError {
    /// A guess above 2.
    #[error("a guess must be 0, 1 or 2")]
    GuessRange,
    /// A second guess.
    #[error("each seat guesses once")]
    AlreadyGuessed,
}

impl RuleError for ToyError {
    fn rule_id(&self) -> &'static str {
        match self {
            ToyError::GuessRange => "toy.guess.range",
            ToyError::AlreadyGuessed => "toy.guess.once",
        }
    }
    fn message(&self) -> Message {
        match self {
            ToyError::GuessRange => Message::new("Tipps sind 0, 1 oder 2.", "A guess must be 0, 1 or 2."),
            ToyError::AlreadyGuessed => Message::new("Jeder Platz tippt nur einmal.", "Each seat guesses once."),
        }
    }
}

impl HighCard {
    fn next_to_deal(s: &State) -> Option<usize> {
        s.cards.iter().position(|&c| c == 0)
    }
    fn waiting(s: &State) -> SeatSet {
        (0..s.players)
            .filter(|&i| s.guesses[i].is_none())
            .map(|i| Seat(i as u8))
            .collect()
    }
}

impl Game for HighCard {
    const ID: &'static str = "toy";
    type Config = ();
    type State = State;
    type Action = Action;
    type Chance = Deal;
    type Event = Event;
    type View = View;
    type Error = ToyError;

    fn player_range(_: &()) -> std::ops::RangeInclusive<usize> {
        2..=3
    }

    fn new_game(_: &(), players: usize, _: &mut GameRng) -> Result<State, ConfigError> {
        if !(2..=3).contains(&players) {
            return Err(ConfigError::new("2 oder 3 Spieler.", "2 or 3 players."));
        }
        Ok(State {
            players,
            cards: vec![0; players],
            guesses: vec![None; players],
        })
    }

    fn players(s: &State) -> usize {
        s.players
    }

    fn turn(s: &State) -> u32 {
        s.guesses.iter().filter(|g| g.is_some()).count() as u32
    }

    fn to_act(s: &State) -> ToAct {
        if Self::next_to_deal(s).is_some() {
            return ToAct::Chance;
        }
        let w = Self::waiting(s);
        if w.is_empty() {
            ToAct::Over
        } else {
            ToAct::Seats(w)
        }
    }

    fn legal_actions(s: &State, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if let ToAct::Seats(w) = Self::to_act(s) {
            if w.contains(seat) {
                out.extend((0..3).map(|n| Action::Guess { n }));
            }
        }
    }

    fn check(s: &State, seat: Seat, a: &Action) -> Result<(), Rejection<ToyError>> {
        if seat.index() >= s.players {
            return Err(Rejection::NoSuchSeat { seat });
        }
        match Self::to_act(s) {
            ToAct::Over => return Err(Rejection::GameOver),
            ToAct::Chance => return Err(Rejection::WrongPhase { phase: "deal" }),
            ToAct::Seats(_) => {}
        }
        if s.guesses[seat.index()].is_some() {
            return Err(ToyError::AlreadyGuessed.into());
        }
        let Action::Guess { n } = a;
        if *n > 2 {
            return Err(ToyError::GuessRange.into());
        }
        Ok(())
    }

    fn apply_unchecked<S: EventSink<Event>>(s: &mut State, seat: Seat, a: &Action, ev: &mut S) {
        let Action::Guess { n } = a;
        s.guesses[seat.index()] = Some(*n);
        ev.push(Event::Guessed { seat, n: *n });
    }

    fn chance_outcomes(s: &State, out: &mut Vec<(Deal, f64)>) {
        out.clear();
        if Self::next_to_deal(s).is_none() {
            return;
        }
        let left: Vec<u8> = (1..=6).filter(|c| !s.cards.contains(c)).collect();
        let p = 1.0 / left.len() as f64;
        out.extend(left.into_iter().map(|card| (Deal { card }, p)));
    }

    fn apply_chance_unchecked<S: EventSink<Event>>(s: &mut State, d: &Deal, ev: &mut S) {
        if let Some(i) = Self::next_to_deal(s) {
            s.cards[i] = d.card;
            ev.push(Event::Dealt {
                seat: Seat(i as u8),
                card: Some(d.card),
            });
        }
    }

    fn view(s: &State, viewer: Viewer) -> View {
        let over = Self::to_act(s) == ToAct::Over;
        View {
            my_card: match viewer {
                Viewer::Seat(seat) => s.cards.get(seat.index()).copied().filter(|&c| c != 0),
                Viewer::Spectator => None,
            },
            revealed: over.then(|| s.cards.clone()),
            guesses: s.guesses.clone(),
        }
    }

    fn redact(e: &Event, viewer: Viewer) -> Option<Event> {
        Some(match e {
            Event::Dealt { seat, card } => Event::Dealt {
                seat: *seat,
                card: if viewer.sees(*seat) { *card } else { None },
            },
            other => other.clone(),
        })
    }

    fn result(s: &State) -> Option<GameResult> {
        if Self::to_act(s) != ToAct::Over {
            return None;
        }
        let best = s.cards.iter().copied().max().unwrap_or(0);
        let scores = (0..s.players)
            .map(|i| {
                let lower = s.cards.iter().filter(|&&c| c < s.cards[i]).count() as u8;
                i32::from(s.guesses[i] == Some(lower)) + if s.cards[i] == best { 10 } else { 0 }
            })
            .collect();
        Some(GameResult {
            winners: vec![Seat(s.cards.iter().position(|&c| c == best).unwrap_or(0) as u8)],
            scores,
            reason: "high_card".into(),
        })
    }

    fn validate(s: &State) -> Result<(), Vec<engine::Problem>> {
        use engine::problem;
        let mut p = Vec::new();
        if !(2..=3).contains(&s.players) {
            p.push(problem!("toy.state.players", "{} Spieler", "{} players", s.players));
        }
        if s.cards.len() != s.players || s.guesses.len() != s.players {
            p.push(problem!(
                "toy.state.players",
                "Die Listen je Platz passen nicht zur Spielerzahl.",
                "per-seat lists do not match the player count"
            ));
        }
        for (i, c) in s.cards.iter().enumerate() {
            if *c > 6 {
                p.push(problem!(
                    "toy.state.cards",
                    "Karte {c} gibt es nicht.",
                    "card {c} does not exist"
                ));
            }
            if *c != 0 && s.cards[..i].contains(c) {
                p.push(problem!(
                    "toy.state.cards",
                    "Karte {c} ist zweimal ausgeteilt.",
                    "card {c} is dealt twice"
                ));
            }
        }
        if s.guesses.iter().flatten().any(|&g| g > 2) {
            p.push(problem!("toy.state.guesses", "Ein Tipp über 2.", "a guess above 2"));
        }
        if s.guesses.iter().any(Option::is_some) && s.cards.contains(&0) {
            p.push(problem!(
                "toy.state.guesses",
                "Tipps, bevor fertig ausgeteilt ist.",
                "guesses before the deal is complete"
            ));
        }
        if p.is_empty() {
            Ok(())
        } else {
            Err(p)
        }
    }

    fn determinize(s: &State, viewer: Viewer, rng: &mut GameRng) -> State {
        let mut out = s.clone();
        if Self::to_act(s) == ToAct::Over {
            return out;
        }
        let hidden: Vec<usize> = (0..s.players)
            .filter(|&i| s.cards[i] != 0 && !viewer.sees(Seat(i as u8)))
            .collect();
        let mut pool: Vec<u8> = (1..=6)
            .filter(|c| !s.cards.iter().enumerate().any(|(i, x)| x == c && !hidden.contains(&i)))
            .collect();
        pool.shuffle(rng);
        for (slot, card) in hidden.into_iter().zip(pool) {
            out.cards[slot] = card;
        }
        out
    }
}
