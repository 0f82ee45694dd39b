//! Dispatch of a Cities & Knights game by phase: who acts, which actions are
//! legal, why one is refused and how an accepted one is applied. Legal lists
//! are built from the same check functions that refuse, so the two agree.
//! Domestic trade keeps the base game's phases; offers may hold commodities
//! (`ck.trade.commodities`), so drafting, replies and confirmation are
//! checked here and the base code carries them out.

use super::cards::Card;
use super::error::CkError;
use super::layer::CkLayer;
use super::phase::{card_phases, chance_phases, core_decision_phases};
use super::state::KnightBit;
use super::CkState;
use super::{barbarians, heroes, improvements, knights, next_in_order, play, roll, setup, trade};
use crate::action::{Action, Chance, Event};
use crate::error::CatanError;
use crate::legal as base;
use crate::resource::Resource;
use crate::rules::build::{build_actions, check_city_with, check_road, check_settlement_with, road_nodes};
use crate::rules::build::{place_city, place_road, place_settlement};
use crate::rules::hand::{self, HandCard};
use crate::rules::negotiation::{self, Talks};
use crate::rules::{robber, turn};
use crate::state::BaseState;
use crate::state::Phase;
use crate::{BaseAction, BaseChance, BasePhase, CkAction, CkChance, CkPhase};
use engine::{EventSink, GameRng, Rejection, Seat, SeatSet, ToAct};

type Checked = Result<(), Rejection<CatanError>>;

/// Who acts: the phases Cities & Knights adds, and the base game's rule for
/// the phases it shares.
#[inline]
pub fn to_act(state: &BaseState) -> ToAct {
    let one = |s: Option<Seat>| ToAct::Seats(s.map_or(SeatSet::EMPTY, SeatSet::single));
    match state.phase {
        Phase::Ck(CkPhase::ProgressDraw { .. })
        | Phase::Ck(CkPhase::RollingEvent { .. })
        | Phase::Ck(CkPhase::BishopSteal { .. }) => ToAct::Chance,
        Phase::Ck(CkPhase::Pillage { owed }) => ToAct::Seats(owed),
        Phase::Ck(CkPhase::Sabotage { owed }) | Phase::Ck(CkPhase::Wedding { owed }) => {
            ToAct::Seats((0..state.n()).filter(|&i| owed[i] > 0).map(|i| Seat(i as u8)).collect())
        }
        Phase::Ck(CkPhase::Desert { victim }) => one(Some(victim)),
        Phase::Ck(CkPhase::HarborReply { to, .. }) => one(Some(to)),
        Phase::Ck(CkPhase::DefenderDeck { pending }) | Phase::Ck(CkPhase::Aqueduct { pending }) => {
            one(next_in_order(state, pending))
        }
        Phase::Ck(CkPhase::ProgressDiscard { seat, .. }) | Phase::Ck(CkPhase::Relocate { seat, .. }) => one(Some(seat)),
        Phase::Base(p) => crate::legal::to_act(state, &p),
        Phase::Ck(_) => ToAct::Seats(SeatSet::single(state.current)),
    }
}

/// Every legal action of `seat`.
pub fn legal_actions(state: &BaseState, ck: &CkState, seat: Seat, out: &mut Vec<Action>) {
    let layer = CkLayer(ck);
    if seat.index() >= state.n() {
        return;
    }
    match to_act(state) {
        ToAct::Seats(s) if s.contains(seat) => {}
        _ => return,
    }
    match state.phase {
        Phase::Base(BasePhase::Setup { step, road_from }) => setup::legal(state, step, road_from, out),
        Phase::Base(BasePhase::Roll) => {
            out.push(Action::Base(BaseAction::Roll));
            play::legal_roll(ck, seat, out);
        }
        Phase::Base(BasePhase::Discard { .. }) => hand::legal_discards::<Card>(state, ck, seat, out),
        Phase::Base(BasePhase::MoveRobber { .. }) => robber::legal_moves_with(layer, state, out),
        Phase::Base(BasePhase::Main) => main_actions(state, ck, layer, seat, out),
        Phase::Ck(CkPhase::Pillage { .. }) => {
            for node in barbarians::pillageable(state, ck, seat.index()).iter() {
                out.push(Action::Ck(CkAction::LoseCity { node }));
            }
        }
        Phase::Ck(CkPhase::DefenderDeck { .. }) => {
            for track in super::Track::ALL {
                if barbarians::check_deck(ck, track).is_ok() {
                    out.push(Action::Ck(CkAction::ChooseDeck { track }));
                }
            }
        }
        Phase::Ck(CkPhase::ProgressDiscard { .. }) => {
            for card in super::ProgressCard::ALL {
                if roll::check_discard_progress(ck, seat, card).is_ok() {
                    out.push(Action::Ck(CkAction::DiscardProgress { card }));
                }
            }
        }
        Phase::Ck(CkPhase::Aqueduct { .. }) => roll::legal_aqueduct(state, out),
        Phase::Ck(CkPhase::Relocate { from, .. }) => {
            for node in knights::reach(state, ck, seat, from).0.iter() {
                out.push(Action::Ck(CkAction::RelocateKnight { node }));
            }
        }
        Phase::Ck(CkPhase::PlaceMetropolis { .. }) => {
            for node in improvements::free_cities(state, ck, seat).iter() {
                out.push(Action::Ck(CkAction::PlaceMetropolis { node }));
            }
        }
        Phase::Base(BasePhase::TradeDraft { offer }) => {
            crate::rules::trade::legal_draft::<Card>(state, ck, seat, &offer, out)
        }
        Phase::Base(BasePhase::TradeReplies { .. } | BasePhase::TradeConfirm { .. }) => {
            if let Some(talks) = Talks::of(state) {
                negotiation::legal::<Card>(state, ck, seat, &talks, out)
            }
        }
        card_phases!() => play::legal_phase(state, ck, seat, out),
        // Nobody decides (`to_act` said so above).
        chance_phases!() | Phase::Base(BasePhase::Over { .. }) => {}
    }
}

/// The main phase: the base game's building actions under this layer (no
/// settlement on a knight, flat cities), then what Cities & Knights adds.
fn main_actions(state: &BaseState, ck: &CkState, layer: CkLayer, seat: Seat, out: &mut Vec<Action>) {
    out.push(Action::Base(BaseAction::EndTurn));
    build_actions(layer, state, seat, out);
    let p = &state.players[seat.index()];
    let c = &layer.0.players[seat.index()];
    if p.hand.covers(&improvements::WALL_COST) {
        for node in p.cities.iter() {
            if !c.walls.contains(node) && improvements::check_wall(state, ck, seat, node).is_ok() {
                out.push(Action::Ck(CkAction::BuildWall { node }));
            }
        }
    }
    knights::legal(state, ck, seat, out);
    heroes::actions::legal(state, ck, seat, out);
    improvements::legal(state, ck, seat, out);
    play::legal_main(state, ck, seat, out);
    crate::rules::trade::legal_bank_trades::<Card>(state, ck, seat, out);
    if layer.card_count(state, seat) > 0 && state.may_open_offer() {
        out.push(Action::Base(BaseAction::OpenTrade));
    }
}

fn is_dev(action: &Action) -> bool {
    matches!(
        action,
        Action::Base(BaseAction::BuyDevelopmentCard)
            | Action::Base(BaseAction::PlayKnight)
            | Action::Base(BaseAction::PlayRoadBuilding)
            | Action::Base(BaseAction::PlayYearOfPlenty { .. })
            | Action::Base(BaseAction::PlayMonopoly { .. })
    )
}

/// Why `action` by `seat` is refused, or `Ok`.
pub fn check(state: &BaseState, ck: &CkState, seat: Seat, action: &Action) -> Checked {
    let layer = CkLayer(ck);
    if seat.index() >= state.n() {
        return Err(Rejection::NoSuchSeat { seat });
    }
    base::check_ids(state, action.places())?;
    let phase = state.phase;
    let to_act_now = to_act(state);
    // `ck.progress.own_turn`: a progress card is never played in another
    // player's turn. Said so, rather than the engine's "not your turn", to a
    // seat that is not to act as much as to one that is (a discard, a reply).
    if seat != state.current && to_act_now != ToAct::Over && play::is_play(action) {
        return Err(CatanError::from(CkError::NotPlayable).into());
    }
    // An open offer: who may answer or settle it is the negotiation's to say
    // (`catan.trade.own_offer`, `catan.trade.no_counter`, ...).
    if let Some(talks) = Talks::of(state) {
        if is_dev(action) {
            return Err(CatanError::from(CkError::NoDevelopmentCards).into());
        }
        return negotiation::check::<Card>(state, ck, seat, &talks, action);
    }
    if negotiation::answers_offer(action) {
        return Err(CatanError::NoOffer.into());
    }
    match to_act_now {
        ToAct::Over => return Err(Rejection::GameOver),
        // The engine refuses every seat while chance is due; the rules name two
        // reasons more precisely (`Game::refusal_reason`).
        ToAct::Chance if seat != state.current && crate::rules::trade::is_trade::<Card>(action) => {
            return Err(CatanError::TradeActivePlayerOnly.into())
        }
        ToAct::Chance
            if phase == Phase::Base(BasePhase::Rolling) && seat == state.current && waits_for_roll(action) =>
        {
            return Err(CatanError::from(CkError::RollFirst).into())
        }
        ToAct::Chance => return Err(Rejection::NotChanceTurn { waiting: "chance" }),
        ToAct::Seats(s) if !s.contains(seat) => {
            return Err(match phase {
                Phase::Base(BasePhase::Main)
                | Phase::Base(BasePhase::TradeDraft { .. })
                | Phase::Base(BasePhase::TradeReplies { .. })
                | Phase::Base(BasePhase::TradeConfirm { .. })
                    if seat != state.current && crate::rules::trade::is_trade::<Card>(action) =>
                {
                    CatanError::TradeActivePlayerOnly.into()
                }
                _ => Rejection::NotYourTurn { seat },
            })
        }
        ToAct::Seats(_) => {}
    }
    if is_dev(action) {
        return Err(CatanError::from(CkError::NoDevelopmentCards).into());
    }
    let wrong = Rejection::WrongPhase { phase: phase.name() };
    let ck_err = |e: CkError| -> Checked { Err(CatanError::from(e).into()) };
    match phase {
        Phase::Base(BasePhase::Setup { step, road_from }) => setup::check(state, step, road_from, action),
        Phase::Base(BasePhase::Roll) => match action {
            Action::Base(BaseAction::Roll) => Ok(()),
            a if play::is_play(a) => play::check(state, ck, seat, a),
            a if waits_for_roll(a) => ck_err(CkError::RollFirst),
            _ => Err(wrong),
        },
        Phase::Base(BasePhase::Discard { .. }) => match *action {
            Action::Ck(CkAction::DiscardCard { card }) => Ok(hand::check_discard(state, ck, seat, card)?),
            _ => Err(wrong),
        },
        Phase::Base(BasePhase::MoveRobber { .. }) => match *action {
            Action::Base(BaseAction::MoveRobber { hex, victim }) => robber::check_move_with(layer, state, hex, victim),
            _ => Err(wrong),
        },
        Phase::Base(BasePhase::Main) => check_main(state, ck, layer, seat, action),
        Phase::Ck(CkPhase::Pillage { .. }) => match *action {
            Action::Ck(CkAction::LoseCity { node }) => Ok(barbarians::check_lose_city(state, ck, seat, node)?),
            _ => Err(wrong),
        },
        Phase::Ck(CkPhase::DefenderDeck { .. }) => match *action {
            Action::Ck(CkAction::ChooseDeck { track }) => Ok(barbarians::check_deck(ck, track)?),
            _ => Err(wrong),
        },
        Phase::Ck(CkPhase::ProgressDiscard { .. }) => match *action {
            Action::Ck(CkAction::DiscardProgress { card }) => Ok(roll::check_discard_progress(ck, seat, card)?),
            _ => Err(wrong),
        },
        Phase::Ck(CkPhase::Aqueduct { .. }) => match *action {
            Action::Ck(CkAction::AqueductTake { resource }) => Ok(roll::check_aqueduct(state, resource)?),
            _ => Err(wrong),
        },
        Phase::Ck(CkPhase::Relocate { from, .. }) => match *action {
            Action::Ck(CkAction::RelocateKnight { node }) => Ok(knights::check_relocate(state, ck, seat, from, node)?),
            _ => Err(wrong),
        },
        Phase::Ck(CkPhase::PlaceMetropolis { .. }) => match *action {
            Action::Ck(CkAction::PlaceMetropolis { node }) => Ok(improvements::check_place(state, ck, seat, node)?),
            _ => Err(wrong),
        },
        Phase::Base(BasePhase::TradeDraft { offer }) => match (*action, trade::draft_card(action)) {
            (_, Some((card, give))) => Ok(crate::rules::trade::check_draft(state, ck, seat, &offer, card, give)?),
            (Action::Base(BaseAction::SubmitOffer), _) => Ok(crate::rules::trade::check_submit::<Card>(&offer)?),
            (Action::Base(BaseAction::CancelTrade), _) => Ok(()),
            _ => Err(wrong),
        },
        Phase::Base(BasePhase::TradeReplies { .. } | BasePhase::TradeConfirm { .. }) => match Talks::of(state) {
            Some(talks) => negotiation::check::<Card>(state, ck, seat, &talks, action),
            None => Err(wrong),
        },
        card_phases!() => play::check_phase(state, ck, seat, action).unwrap_or(Err(wrong)),
        // Refused above (chance is due, the game is over); said again here
        // so that every phase is routed.
        chance_phases!() | Phase::Base(BasePhase::Over { .. }) => Err(wrong),
    }
}

/// What waits for the roll (`ck.turn.before_roll`): everything of the turn but
/// the roll itself, progress cards (checked on their own) and discards.
fn waits_for_roll(action: &Action) -> bool {
    !matches!(
        action,
        Action::Base(BaseAction::Roll)
            | Action::Base(BaseAction::Discard { .. })
            | Action::Ck(CkAction::DiscardCard { .. })
    ) && !play::is_play(action)
}

fn check_main(state: &BaseState, ck: &CkState, layer: CkLayer, seat: Seat, action: &Action) -> Checked {
    if play::is_play(action) {
        return play::check(state, ck, seat, action);
    }
    match *action {
        Action::Base(BaseAction::EndTurn) => Ok(()),
        Action::Base(BaseAction::BuildRoad { edge }) => match check_road(CkLayer(ck), state, seat, edge, false) {
            // `ck.knight.blocks_road`: name the knight when one is what blocks.
            Err(CatanError::RoadBlocked) if blocked_by_knight(state, ck, seat, edge) => {
                Err(CkError::KnightBlocksRoad.into())
            }
            r => Ok(r?),
        },
        Action::Base(BaseAction::BuildSettlement { node }) => Ok(check_settlement_with(layer, state, seat, node)?),
        Action::Base(BaseAction::BuildCity { node }) => Ok(check_city_with(layer, state, seat, node)?),
        Action::Ck(CkAction::BuildWall { node }) => Ok(improvements::check_wall(state, ck, seat, node)?),
        Action::Ck(CkAction::BuildKnight { node }) => Ok(knights::check_build(state, ck, seat, node)?),
        Action::Ck(CkAction::PromoteKnight { node }) => Ok(knights::check_promote(state, ck, seat, node)?),
        Action::Ck(CkAction::ActivateKnight { node }) => Ok(knights::check_activate(state, ck, seat, node)?),
        Action::Ck(CkAction::MoveKnight { from, to }) => {
            Ok(knights::check_move(state, ck, seat, from, to).map_err(CatanError::from)?)
        }
        Action::Ck(CkAction::DisplaceKnight { from, to }) => {
            Ok(knights::check_displace(state, ck, seat, from, to).map_err(CatanError::from)?)
        }
        Action::Ck(CkAction::ChaseRobber { knight }) => {
            Ok(knights::check_chase(state, ck, seat, knight).map_err(CatanError::from)?)
        }
        Action::Ck(CkAction::UpgradeHero { node, commodity }) => {
            Ok(heroes::actions::check_upgrade(state, ck, seat, node, commodity)?)
        }
        Action::Ck(CkAction::RecruitSquire { hex }) => Ok(heroes::actions::check_recruit(state, ck, seat, hex)?),
        Action::Ck(CkAction::MoveSquire { from, to }) => {
            Ok(heroes::actions::check_move(state, ck, seat, from, to).map(|_| ())?)
        }
        Action::Ck(CkAction::BuildImprovement { track }) => {
            Ok(improvements::check_improve(state, ck, seat, track).map_err(CatanError::from)?)
        }
        Action::Ck(CkAction::BankTrade { give, get, rate }) => Ok(trade::check(state, ck, seat, give, get, rate)?),
        Action::Base(BaseAction::MaritimeTrade { .. }) => Err(CatanError::from(CkError::BankTrade).into()),
        Action::Base(BaseAction::OpenTrade) => {
            if layer.card_count(state, seat) == 0 {
                Err(CatanError::PayInsufficient.into())
            } else {
                crate::legal::check_offer_limit(state)
            }
        }
        _ => Err(Rejection::WrongPhase { phase: "main" }),
    }
}

/// Whether the own road a new road would continue stops at an opposing knight.
fn blocked_by_knight(state: &BaseState, ck: &CkState, seat: Seat, edge: crate::topology::EdgeId) -> bool {
    let ends = state.topology().edge_node_set[edge.index()].0;
    let own_ends = ends & road_nodes(state.topology(), state.players[seat.index()].roads).0;
    let knights = knights::all_knights(state, ck).0 & !ck.players[seat.index()].knights().0;
    (own_ends & knights).any()
        && (own_ends & state.players.opponent_buildings(seat.index()).0 & state.occupied().0).is_zero()
}

/// Applies an action known to be legal.
pub fn apply<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    action: &Action,
    events: &mut S,
) {
    match (state.phase, *action) {
        (Phase::Base(BasePhase::Setup { step, .. }), a) => setup::apply(state, ck, step, &a, events),
        (Phase::Base(BasePhase::Roll), Action::Base(BaseAction::Roll)) => state.phase = Phase::Base(BasePhase::Rolling),
        (Phase::Base(BasePhase::Roll) | Phase::Base(BasePhase::Main), a) if play::is_play(&a) => {
            play::apply(state, ck, seat, &a, events)
        }
        (Phase::Base(BasePhase::Discard { owed }), Action::Ck(CkAction::DiscardCard { card })) => {
            let after = roll::after_seven(ck);
            hand::apply_discard(state, ck, owed, seat, card, after, events)
        }
        (Phase::Base(BasePhase::MoveRobber { resume }), Action::Base(BaseAction::MoveRobber { hex, victim })) => {
            robber::apply_move(state, resume, hex, victim, events)
        }
        (Phase::Ck(CkPhase::Pillage { owed }), Action::Ck(CkAction::LoseCity { node })) => {
            barbarians::apply_lose_city(state, ck, seat, node, owed, events)
        }
        (Phase::Ck(CkPhase::DefenderDeck { pending }), Action::Ck(CkAction::ChooseDeck { track })) => {
            barbarians::apply_deck(state, pending, track)
        }
        (Phase::Ck(CkPhase::ProgressDiscard { then, .. }), Action::Ck(CkAction::DiscardProgress { card })) => {
            roll::apply_discard_progress(state, ck, seat, card, then, events)
        }
        (Phase::Ck(CkPhase::Aqueduct { pending }), Action::Ck(CkAction::AqueductTake { resource })) => {
            roll::apply_aqueduct(state, seat, pending, resource, events)
        }
        (
            Phase::Ck(CkPhase::Relocate {
                from, strength, active, ..
            }),
            Action::Ck(CkAction::RelocateKnight { node }),
        ) => knights::apply_relocate(state, ck, seat, (from, node), (strength, active), events),
        (Phase::Ck(CkPhase::PlaceMetropolis { track }), Action::Ck(CkAction::PlaceMetropolis { node })) => {
            improvements::apply_place(state, ck, seat, track, node, events)
        }
        (Phase::Base(BasePhase::Main), a) => apply_main(state, ck, seat, a, events),
        (Phase::Base(BasePhase::TradeDraft { offer }), a) if trade::draft_card(&a).is_some() => {
            if let Some((card, give)) = trade::draft_card(&a) {
                crate::rules::trade::apply_draft(state, offer, card, give);
            }
        }
        (Phase::Base(BasePhase::TradeReplies { .. } | BasePhase::TradeConfirm { .. }), a) => {
            if let Some(talks) = Talks::of(state) {
                negotiation::apply::<Card, S>(state, ck, seat, talks, &a, events)
            }
        }
        (Phase::Base(BasePhase::TradeDraft { .. }), Action::Base(a)) => crate::legal::apply(state, seat, &a, events),
        (_, a) => play::apply_phase(state, ck, seat, &a, events),
    }
}

fn apply_main<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    seat: Seat,
    action: Action,
    events: &mut S,
) {
    match action {
        Action::Base(BaseAction::EndTurn) => end_turn(state, ck, events),
        Action::Base(BaseAction::BuildRoad { edge }) => place_road(CkLayer(ck), state, seat, edge, false, events),
        Action::Base(BaseAction::BuildSettlement { node }) => {
            place_settlement(CkLayer(ck), state, seat, node, false, events)
        }
        Action::Base(BaseAction::BuildCity { node }) => {
            // A flat city stands up again: its piece was off the supply already.
            ck.players[seat.index()].flat.remove(node);
            place_city(state, seat, node, events)
        }
        Action::Ck(CkAction::BuildWall { node }) => improvements::apply_wall(state, ck, seat, node, events),
        Action::Ck(CkAction::BuildKnight { node }) => knights::apply_build(state, ck, seat, node, events),
        Action::Ck(CkAction::PromoteKnight { node }) => knights::apply_promote(state, ck, seat, node, events),
        Action::Ck(CkAction::ActivateKnight { node }) => knights::apply_activate(state, ck, seat, node, events),
        Action::Ck(CkAction::MoveKnight { from, to }) => knights::apply_move(state, ck, seat, from, to, events),
        Action::Ck(CkAction::DisplaceKnight { from, to }) => knights::apply_displace(state, ck, seat, from, to, events),
        Action::Ck(CkAction::ChaseRobber { knight }) => knights::apply_chase(state, ck, seat, knight, events),
        Action::Ck(CkAction::UpgradeHero { node, commodity }) => {
            heroes::actions::apply_upgrade(state, ck, seat, node, commodity, events)
        }
        Action::Ck(CkAction::RecruitSquire { hex }) => heroes::actions::apply_recruit(ck, seat, hex, events),
        Action::Ck(CkAction::MoveSquire { from, to }) => heroes::actions::apply_move(state, ck, seat, from, to, events),
        Action::Ck(CkAction::BuildImprovement { track }) => improvements::apply_improve(state, ck, seat, track, events),
        Action::Ck(CkAction::BankTrade { give, get, .. }) => {
            crate::rules::trade::apply_bank_trade(state, ck, seat, give, get, events)
        }
        Action::Base(a @ BaseAction::OpenTrade) => crate::legal::apply(state, seat, &a, events),
        _ => {}
    }
}

/// Ends the turn: this turn's knight history is forgotten.
fn end_turn<S: EventSink<Event>>(state: &mut BaseState, ck: &mut CkState, events: &mut S) {
    let cur = state.current.index();
    ck.turn = Default::default();
    let c = &mut ck.players[cur];
    c.roster
        .clear_mask(KnightBit::Acted as u8 | KnightBit::Fresh as u8 | KnightBit::Promoted as u8);
    turn::end_turn(state, events);
}

/// Chance outcomes with their probabilities.
pub fn chance_outcomes(state: &BaseState, ck: &CkState, out: &mut Vec<(Chance, f64)>) {
    match state.phase {
        Phase::Base(BasePhase::Rolling) => roll::roll_outcomes(out),
        Phase::Base(BasePhase::Stealing { victim, .. }) => steal_outcomes(state, ck, victim, out),
        Phase::Ck(CkPhase::ProgressDraw { track, .. }) => roll::draw_outcomes(ck, track, out),
        Phase::Ck(CkPhase::BishopSteal { .. } | CkPhase::RollingEvent { .. }) => play::chance_outcomes(state, ck, out),
        // No chance node.
        core_decision_phases!() | card_phases!() | Phase::Base(BasePhase::Drawing | BasePhase::Over { .. }) => {}
    }
}

/// The cards that can be stolen from `victim`: resources and commodities
/// together, weighted by count.
#[inline]
pub fn steal_outcomes(state: &BaseState, ck: &CkState, victim: Seat, out: &mut Vec<(Chance, f64)>) {
    hand::steal_outcomes::<Card>(state, ck, victim, out)
}

fn sample_steal(state: &BaseState, ck: &CkState, victim: Seat, rng: &mut GameRng) -> Chance {
    hand::sample_steal::<Card>(state, ck, victim, rng).map_or(
        Chance::Base(BaseChance::Steal {
            resource: Resource::Brick,
        }),
        Card::steal_outcome,
    )
}

/// Moves a stolen card (a steal outcome) from `victim` to the active player.
pub fn steal<S: EventSink<Event>>(
    state: &mut BaseState,
    ck: &mut CkState,
    victim: Seat,
    outcome: Chance,
    events: &mut S,
) {
    let card = match outcome {
        Chance::Base(BaseChance::Steal { resource }) => Card::resource(resource),
        Chance::Ck(CkChance::StealCommodity { commodity }) => Card::commodity(commodity),
        _ => return,
    };
    hand::apply_steal(state, ck, victim, card, events);
}

/// Draws a chance outcome directly.
pub fn sample_chance(state: &BaseState, ck: &CkState, rng: &mut GameRng) -> Chance {
    match state.phase {
        Phase::Base(BasePhase::Stealing { victim, .. }) => sample_steal(state, ck, victim, rng),
        Phase::Ck(CkPhase::BishopSteal { .. }) => match play::bishop_victim(state) {
            Some(v) => sample_steal(state, ck, v, rng),
            None => roll::sample_roll(rng),
        },
        Phase::Ck(CkPhase::ProgressDraw { track, .. }) => Chance::Ck(CkChance::Progress {
            card: roll::sample_draw(ck, track, rng),
        }),
        Phase::Ck(CkPhase::RollingEvent { .. }) => play::sample_event(rng),
        Phase::Base(BasePhase::Rolling) => roll::sample_roll(rng),
        // No chance node: a roll, which `apply_chance` then ignores.
        core_decision_phases!() | card_phases!() | Phase::Base(BasePhase::Drawing | BasePhase::Over { .. }) => {
            roll::sample_roll(rng)
        }
    }
}

/// Applies a chance outcome known to be possible.
pub fn apply_chance<S: EventSink<Event>>(state: &mut BaseState, ck: &mut CkState, outcome: &Chance, events: &mut S) {
    match (state.phase, *outcome) {
        (Phase::Base(BasePhase::Rolling), Chance::Ck(CkChance::CkDice { red, yellow, event })) => {
            roll::apply_roll(state, ck, red, yellow, event, events)
        }
        (Phase::Base(BasePhase::Stealing { victim, resume }), c) => {
            steal(state, ck, victim, c, events);
            state.phase = resume.phase();
        }
        (Phase::Ck(CkPhase::ProgressDraw { seat, track, then }), Chance::Ck(CkChance::Progress { card })) => {
            roll::apply_draw(state, ck, seat, track, card, then, events)
        }
        (Phase::Ck(CkPhase::BishopSteal { .. } | CkPhase::RollingEvent { .. }), _) => {
            play::apply_chance(state, ck, outcome, events)
        }
        // No chance node, or an outcome of another node: nothing happens.
        (
            core_decision_phases!()
            | card_phases!()
            | Phase::Base(BasePhase::Rolling | BasePhase::Drawing | BasePhase::Over { .. })
            | Phase::Ck(CkPhase::ProgressDraw { .. }),
            _,
        ) => {}
    }
}
