//! The 5–6 player extension (`rules/catan-5-6.md`, rule ids `catan56.*`): a
//! layer on the base game, which it calls and never copies.
//!
//! What it changes is data and one turn hook. The data: the 30-hex board
//! ([`crate::topology::Shape::FiveSix`], its random layout in
//! [`crate::Board::random_five_six`]) and the material totals below. The hook:
//! when a turn ends, other players act before the next turn begins, either
//! each in turn in the Special Building Phase (`catan56.sbp.*`, the default)
//! or one paired player 2 (`catan56.pair.*`, an option). Such a step runs in
//! the base game's main phase with `State::turn_of` naming the seat whose
//! turn it is, so building, buying, a knight's robber move or Road Building
//! work unchanged; this module only narrows what is allowed there and decides
//! who wins.
//!
//! The base game's part (`NoPart` in `part.rs`) hands a 5–6 player game to
//! the entry points below ([`legal_actions`], [`check`], [`apply`],
//! [`check_victory`]), which wrap the base game's: the base rules know
//! nothing of the extension.

use crate::action::{Action, Event};
use crate::config::{Config, Extension, Rules, TurnRule};
use crate::dev::{DevCard, DevCards};
use crate::error::CatanError;
use crate::legal;
use crate::resource::Resources;
use crate::rules::layer::Base;
use crate::rules::layer::Layer;
use crate::rules::turn;
use crate::state::{BaseState, Phase};
use crate::{BaseAction, BaseEvent, BasePhase};
use engine::{ConfigError, EventSink, Message, Rejection, RuleError, Seat};

/// Every legal action of `seat`: the base game's, narrowed in a step of the
/// extension (`turn_of`) to what that step allows.
#[inline]
pub(crate) fn legal_actions(state: &BaseState, phase: &BasePhase, seat: Seat, out: &mut Vec<Action>) {
    legal::legal_actions(state, phase, seat, out);
    if matches!(phase, BasePhase::Main) && state.turn_of.is_some() {
        retain_allowed(state, out);
    }
}

/// Why `action` is refused: what the step of the extension forbids
/// (`catan56.sbp.*`, `catan56.pair.*`), then the base game's reasons, in the
/// order the base check gives them (ids, seat, phase).
pub(crate) fn check(
    state: &BaseState,
    phase: &BasePhase,
    seat: Seat,
    action: &BaseAction,
) -> Result<(), Rejection<CatanError>> {
    // The phases where only the active player acts (the others answer
    // before a seat's turn is looked at).
    let active_phase = phase.only_active_player_acts();
    if active_phase && seat.index() < state.n() {
        legal::check_ids(state, action.places())?;
        if seat != state.current {
            if let Some(e) = refusal_off_turn(state, seat, action) {
                return Err(CatanError::FiveSix(e).into());
            }
        } else if matches!(phase, BasePhase::Main) {
            if let Some(e) = refusal(state, action) {
                return Err(CatanError::FiveSix(e).into());
            }
        }
    }
    legal::check(state, phase, seat, action)
}

/// Applies an action known to be legal: the base game's, but a turn ends by
/// the extension's turn rule.
#[inline]
pub(crate) fn apply<S: EventSink<Event>>(state: &mut BaseState, seat: Seat, action: &BaseAction, events: &mut S) {
    if matches!(state.phase, Phase::Base(BasePhase::Main)) && matches!(action, BaseAction::EndTurn) {
        end_turn(state, events);
    } else {
        legal::apply(state, seat, action, events);
    }
}

/// Ends the active player's part of a turn; the next turn begins once every
/// other player has had their step (`catan56.sbp.*`) or player 2 their phase
/// (`catan56.pair.*`).
fn end_turn<S: EventSink<Event>>(state: &mut BaseState, events: &mut S) {
    if !end_part(state, events) {
        turn::begin_next_turn(state, events);
    }
}

/// Ends the game if a player has won: nobody in the Special Building Phase,
/// paired players 1 and 2 after every action ([`winner`]), else the active
/// player in their own turn as in the base game.
#[inline]
pub(crate) fn check_victory<S: EventSink<Event>>(state: &mut BaseState, events: &mut S) {
    if matches!(
        state.phase,
        Phase::Base(BasePhase::Setup { .. }) | Phase::Base(BasePhase::Over { .. })
    ) {
        return;
    }
    match winner(state) {
        Some(Some(seat)) => turn::declare_if_won(Base, state, seat, events),
        Some(None) => {}
        None => turn::declare_if_won(Base, state, state.current, events),
    }
}

/// Every rule id of the extension.
pub const FIVE_SIX_RULE_IDS: &[&str] = &[
    "catan56.material.totals",
    "catan56.board.shape",
    "catan56.board.harbor_sites",
    "catan56.board.harbor_types",
    "catan56.board.terrain",
    "catan56.board.tokens",
    "catan56.board.spiral",
    "catan56.board.robber_start",
    "catan56.board.no_fixed_layout",
    "catan56.setup.players",
    "catan56.setup.base_rules",
    "catan56.sbp.when",
    "catan56.sbp.order",
    "catan56.sbp.allowed",
    "catan56.sbp.no_trade",
    "catan56.sbp.no_dev_play",
    "catan56.sbp.no_win",
    "catan56.sbp.card_next_turn",
    "catan56.pair.roles",
    "catan56.pair.player1",
    "catan56.pair.player2",
    "catan56.pair.no_domestic_trade",
    "catan56.pair.card_timing",
    "catan56.pair.cards",
    "catan56.pair.pass",
    "catan56.pair.win",
];

/// Resource cards of each kind in a 5–6 player game (`catan56.material.totals`).
pub const CARDS_PER_RESOURCE_56: u8 = 24;

/// The bank at the start of a 5–6 player game: 24 of each resource.
pub const FULL_BANK_56: Resources = Resources::new([CARDS_PER_RESOURCE_56; 5]);

/// The 34 development cards of a 5–6 player game: 20 knights, 5 victory
/// points, 3 each of road building, year of plenty and monopoly.
pub fn deck_56() -> DevCards {
    let mut d = DevCards::ZERO;
    for (card, n) in [
        (DevCard::Knight, 20),
        (DevCard::VictoryPoint, 5),
        (DevCard::RoadBuilding, 3),
        (DevCard::YearOfPlenty, 3),
        (DevCard::Monopoly, 3),
    ] {
        d.0[card.index()] = n;
    }
    d
}

/// Why an action breaks a rule of the extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FiveSixError {
    /// No trade in the Special Building Phase.
    #[error("no trading in the Special Building Phase")]
    SbpNoTrade,
    /// No development card is played in the Special Building Phase.
    #[error("no development card is played in the Special Building Phase")]
    SbpNoDevPlay,
    /// Player 2 trades with no player.
    #[error("player 2 trades only with the bank and harbors")]
    PairNoDomesticTrade,
    /// Player 2 plays development cards only in their own phase.
    #[error("player 2 plays development cards only in their own phase")]
    PairCardTiming,
}

impl RuleError for FiveSixError {
    fn rule_id(&self) -> &'static str {
        match self {
            FiveSixError::SbpNoTrade => "catan56.sbp.no_trade",
            FiveSixError::SbpNoDevPlay => "catan56.sbp.no_dev_play",
            FiveSixError::PairNoDomesticTrade => "catan56.pair.no_domestic_trade",
            FiveSixError::PairCardTiming => "catan56.pair.card_timing",
        }
    }

    fn message(&self) -> Message {
        match self {
            FiveSixError::SbpNoTrade => Message::new(
                "In der außerordentlichen Bauphase wird nicht gehandelt, weder mit Mitspielern noch mit der Bank oder einem Hafen.",
                "No trading in the Special Building Phase: not with players, the bank or a harbor.",
            ),
            FiveSixError::SbpNoDevPlay => Message::new(
                "In der außerordentlichen Bauphase wird keine Entwicklungskarte ausgespielt.",
                "No development card is played in the Special Building Phase.",
            ),
            FiveSixError::PairNoDomesticTrade => Message::new(
                "Spieler 2 handelt nur mit der Bank und über eigene Häfen, nicht mit Mitspielern.",
                "Player 2 trades only with the bank and own harbors, not with other players.",
            ),
            FiveSixError::PairCardTiming => Message::new(
                "Spieler 2 spielt Entwicklungskarten nur in seiner eigenen Phase, nie vor dem Wurf von Spieler 1.",
                "Player 2 plays development cards only in their own phase, never before player 1's roll.",
            ),
        }
    }
}

/// The refusal of a player count or a rule combination the extension does
/// not allow (`catan56.setup.players`, `catan56.setup.base_rules`), or `None`.
pub fn config_refusal(config: &Config, players: usize) -> Option<ConfigError> {
    match config.extension {
        Some(Extension::FiveSix) => {
            if config.rules != Rules::Base {
                return Some(ConfigError::with_rule(
                    "catan56.setup.base_rules",
                    "Die Erweiterung für 5–6 Spieler gilt hier nur für das Grundspiel, nicht für Städte & Ritter.",
                    "The 5–6 player extension applies to the base game here, not to Cities & Knights.",
                ));
            }
            (!(5..=6).contains(&players)).then(|| {
                ConfigError::with_rule(
                    "catan56.setup.players",
                    format!(
                        "Die Erweiterung für 5–6 Spieler wird mit 5 oder 6 Personen gespielt, nicht mit {players}."
                    ),
                    format!("The 5–6 player extension is played by 5 or 6 players, not {players}."),
                )
            })
        }
        None if config.turn.is_some() => Some(ConfigError::with_rule(
            "catan56.setup.players",
            "Eine Zugregel („turn“) gibt es nur mit der Erweiterung für 5–6 Spieler („extension“: „five_six“).",
            "A turn rule (\"turn\") exists only with the 5–6 player extension (\"extension\": \"five_six\").",
        )),
        None if players > 4 => Some(ConfigError::with_rule(
            "catan56.setup.players",
            format!(
                "CATAN wird mit bis zu 4 Personen gespielt; für {players} braucht es die Erweiterung für 5–6 Spieler („extension“: „five_six“), und mehr als 6 gibt es nicht."
            ),
            format!(
                "CATAN is played by up to 4 players; {players} need the 5–6 player extension (\"extension\": \"five_six\"), and there is none for more than 6."
            ),
        )),
        None => None,
    }
}

/// Player 2 of the paired turn of player 1 `p1`: the third player to the
/// left (`catan56.pair.roles`).
#[inline]
pub fn player_two(state: &BaseState, p1: Seat) -> Seat {
    Seat(((p1.index() + 3) % state.n()) as u8)
}

/// Whether the active player is in a step of the Special Building Phase.
#[inline]
pub fn in_special_building(state: &BaseState) -> bool {
    state.turn_of.is_some() && state.turn_rule == Some(TurnRule::SpecialBuilding)
}

/// Whether the active player is paired player 2 in their phase.
#[inline]
pub fn in_player_two(state: &BaseState) -> bool {
    state.turn_of.is_some() && state.turn_rule == Some(TurnRule::Paired)
}

/// Why an action of the main phase is refused in a step of the extension
/// (`catan56.sbp.no_trade`, `catan56.sbp.no_dev_play`,
/// `catan56.pair.no_domestic_trade`), or `None` if the base rules decide.
pub fn refusal(state: &BaseState, action: &BaseAction) -> Option<FiveSixError> {
    state.turn_of?;
    let sbp = state.turn_rule == Some(TurnRule::SpecialBuilding);
    match action {
        a if sbp && crate::rules::trade::is_trade::<crate::resource::Resource>(&Action::Base(*a)) => {
            Some(FiveSixError::SbpNoTrade)
        }
        BaseAction::OpenTrade
        | BaseAction::OfferGive { .. }
        | BaseAction::OfferGet { .. }
        | BaseAction::SubmitOffer
        | BaseAction::ConfirmTrade { .. }
        | BaseAction::CounterOffer
        | BaseAction::AcceptCounter { .. }
        | BaseAction::ReviseOffer
        | BaseAction::CancelTrade => Some(FiveSixError::PairNoDomesticTrade),
        BaseAction::PlayKnight
        | BaseAction::PlayRoadBuilding
        | BaseAction::PlayYearOfPlenty { .. }
        | BaseAction::PlayMonopoly { .. }
            if sbp =>
        {
            Some(FiveSixError::SbpNoDevPlay)
        }
        _ => None,
    }
}

/// Why `seat`, who is not the active player, may not play a development
/// card now: paired player 2 waits for their phase (`catan56.pair.card_timing`).
pub fn refusal_off_turn(state: &BaseState, seat: Seat, action: &BaseAction) -> Option<FiveSixError> {
    let plays = matches!(
        action,
        BaseAction::PlayKnight
            | BaseAction::PlayRoadBuilding
            | BaseAction::PlayYearOfPlenty { .. }
            | BaseAction::PlayMonopoly { .. }
    );
    (plays
        && state.turn_rule == Some(TurnRule::Paired)
        && state.turn_of.is_none()
        && seat == player_two(state, state.current))
    .then_some(FiveSixError::PairCardTiming)
}

/// Whether an action the base rules allow in the main phase stays legal in
/// the current step of the extension.
#[inline]
pub fn allowed(state: &BaseState, action: &Action) -> bool {
    // The extension adds no rule about another rule set's actions.
    action.base().is_none_or(|a| refusal(state, a).is_none())
}

/// Drops from a legal list what the extension forbids while another
/// player's turn is on (`turn_of`). Out of line: 3–4 player games never
/// get here, so their legal lists keep a small main-phase path (not `cold`:
/// a 5–6 player game gets here at every step of a Special Building Phase).
#[inline(never)]
pub fn retain_allowed(state: &BaseState, out: &mut Vec<Action>) {
    out.retain(|a| allowed(state, a));
}

/// Makes the bought cards of `seat` playable: a card counts own turns
/// (`catan.dev.not_this_turn`), and in the extension the parts of a turn
/// (`catan56.sbp.card_next_turn`, `catan56.pair.cards`).
fn cards_ready(state: &mut BaseState, seat: Seat) {
    let p = &mut state.players[seat.index()];
    for k in 0..p.dev_cards.0.len() {
        p.dev_cards.0[k] = p.dev_cards.0[k].saturating_add(p.new_dev_cards.0[k]);
    }
    p.new_dev_cards = DevCards::ZERO;
}

/// Ends the active player's part of a turn. Returns `false` when the next
/// turn begins (the caller starts it), `true` when another player acts first:
/// the next step of the Special Building Phase (`catan56.sbp.when`,
/// `catan56.sbp.order`) or paired player 2 (`catan56.pair.player2`).
///
pub fn end_part<S: EventSink<Event>>(state: &mut BaseState, events: &mut S) -> bool {
    let Some(rule) = state.turn_rule else {
        return false;
    };
    let seat = state.current;
    cards_ready(state, seat);
    state.dev_played = false;
    state.trade_offers = 0;
    state.free_squire_steps = 0;
    if state.turn_of.is_none() {
        events.push(Event::Base(BaseEvent::TurnEnded { seat }));
    }
    let (next, of) = match (rule, state.turn_of) {
        (TurnRule::SpecialBuilding, None) => (state.next_seat(seat), seat),
        (TurnRule::SpecialBuilding, Some(of)) => (state.next_seat(seat), of),
        (TurnRule::Paired, None) => (player_two(state, seat), seat),
        (TurnRule::Paired, Some(of)) => {
            // `catan56.pair.pass`: both roles move one seat left.
            state.current = of;
            state.turn_of = None;
            return false;
        }
    };
    if next == of {
        // Every other player has had the step: the turn of `of` is over.
        state.current = of;
        state.turn_of = None;
        return false;
    }
    state.turn_of = Some(of);
    state.current = next;
    state.phase = Phase::Base(BasePhase::Main);
    events.push(match rule {
        TurnRule::SpecialBuilding => Event::Base(BaseEvent::SpecialBuilding { seat: next, after: of }),
        TurnRule::Paired => Event::Base(BaseEvent::PlayerTwo { seat: next, after: of }),
    });
    true
}

/// Who has won, if anyone, in a 5–6 player game; `None` when the base rule
/// (the active player in their own turn) applies, `Some(None)` when nobody
/// may win now.
///
/// Special Building Phase: nobody wins in it (`catan56.sbp.no_win`); a
/// player who reached the goal there wins when their own turn begins, which
/// the base check sees. Paired players: after every action player 1 and
/// player 2 are checked, player 1 first (`catan56.pair.win`).
#[cold]
pub fn winner(state: &BaseState) -> Option<Option<Seat>> {
    match state.turn_rule? {
        TurnRule::SpecialBuilding => state.turn_of.map(|_| None),
        TurnRule::Paired => {
            let p1 = state.turn_of.unwrap_or(state.current);
            let p2 = player_two(state, p1);
            Some(
                [p1, p2]
                    .into_iter()
                    .find(|&s| Base.points(state, s) >= state.victory_points),
            )
        }
    }
}

/// What is inconsistent about the extension in a loaded state: the seat
/// count and board of a 5–6 player game, and the step in progress.
pub fn problems(state: &BaseState) -> Vec<engine::Problem> {
    let mut out = Vec::new();
    let n = state.n();
    let five_six_board = state.board.shape() == crate::topology::Shape::FiveSix;
    if state.turn_rule.is_some() != (n >= 5) || (n >= 5) != five_six_board {
        out.push(engine::Problem::new(
            "catan56.setup.players",
            format!(
                "{n} Spieler, Spielplan für {}, Zugregel {}: 5 oder 6 Spieler spielen mit der Erweiterung auf ihrem Spielplan, 2 bis 4 ohne.",
                if five_six_board { "5–6" } else { "3–4" },
                if state.turn_rule.is_some() { "gesetzt" } else { "keine" }
            ),
            format!(
                "{n} players, the {} board, {} turn rule: 5 or 6 players play with the extension on its board, 2 to 4 without.",
                if five_six_board { "5–6 player" } else { "3–4 player" },
                if state.turn_rule.is_some() { "a" } else { "no" }
            ),
        ));
    }
    if let Some(of) = state.turn_of {
        let ok = state.turn_rule.is_some()
            && of.index() < n
            && of != state.current
            && !matches!(
                state.phase,
                Phase::Base(BasePhase::Setup { .. }) | Phase::Base(BasePhase::Roll) | Phase::Base(BasePhase::Rolling)
            );
        if !ok {
            out.push(engine::Problem::new(
                "catan56.sbp.when",
                format!(
                    "Platz {} handelt im Zug von Platz {} in der Phase {}: so ein Schritt folgt nur auf einen Zug der Erweiterung für 5–6 Spieler.",
                    state.current.0,
                    of.0,
                    state.phase.name()
                ),
                format!(
                    "seat {} acts in the turn of seat {} in phase {}: such a step only follows a turn of the 5–6 player extension",
                    state.current.0,
                    of.0,
                    state.phase.name()
                ),
            ));
        }
    }
    out
}
