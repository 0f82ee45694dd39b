//! Carrying out an action and the end of a turn: token limit
//! (`splendor.tokens.limit_ten`), then the noble visit (`splendor.noble.*`,
//! seed 002), then the end check when the round is complete
//! (`splendor.end.*`). Everything here trusts that the action was checked;
//! on an unchecked illegal action it stays memory-safe and panic-free.

use crate::action::{Action, Event};
use crate::data::GOLD_INDEX;
use crate::end::winners;
use crate::state::{EndReason, Phase, State, NONE};
use crate::types::{Level, NobleId, Slot, Tokens};
use engine::{EventSink, Seat};

/// Applies a (checked) action of the current player.
pub(crate) fn apply<S: EventSink<Event>>(s: &mut State, action: &Action, ev: &mut S) {
    let seat = Seat(s.current);
    match *action {
        Action::TakeDifferent { gems } => {
            let counts = gems.counts();
            let mut took = [0u8; 6];
            for c in 0..5 {
                took[c] = counts[c].min(s.bank[c]);
            }
            move_to_player(s, &took);
            ev.push(Event::TookTokens {
                seat,
                tokens: Tokens::new(took),
            });
            after_action(s, ev);
        }
        Action::TakeTwo { gem } => {
            let mut took = [0u8; 6];
            if gem.index() < 5 {
                took[gem.index()] = s.bank[gem.index()].min(2);
            }
            move_to_player(s, &took);
            ev.push(Event::TookTokens {
                seat,
                tokens: Tokens::new(took),
            });
            after_action(s, ev);
        }
        Action::Reserve { card } => {
            let Some((l, slot)) = s.market_slot(card.get()) else {
                return;
            };
            s.market[l][slot] = NONE;
            let gold = take_gold(s);
            s.cur_mut().push_reserved(card, false);
            ev.push(Event::Reserved { seat, card, gold });
            if s.deck[l] != 0 {
                s.phase = Phase::Refill {
                    level: Level::from_index(l),
                    slot: Slot::from_index(slot),
                };
            } else {
                after_action(s, ev);
            }
        }
        Action::ReserveDeck { level } => {
            let gold = take_gold(s);
            ev.push(Event::ReservedFromDeck { seat, level, gold });
            if s.deck[level.index()] != 0 {
                s.phase = Phase::DeckDraw { level };
            } else {
                after_action(s, ev);
            }
        }
        Action::Buy { card, payment } => {
            let p = s.cur_mut();
            let mut paid = [0u8; 6];
            for (t, x) in paid.iter_mut().enumerate() {
                *x = payment.0[t].min(p.tokens[t]);
                p.tokens[t] -= *x;
                p.ntokens = p.ntokens.wrapping_sub(*x);
            }
            for (t, &x) in paid.iter().enumerate() {
                s.bank[t] = s.bank[t].wrapping_add(x);
            }
            if let Some((l, slot)) = s.market_slot(card.get()) {
                s.market[l][slot] = NONE;
                s.cur_mut().add_purchase(card);
                ev.push(Event::Bought {
                    seat,
                    card,
                    payment: Tokens::new(paid),
                    from_reserve: false,
                });
                if s.deck[l] != 0 {
                    s.phase = Phase::Refill {
                        level: Level::from_index(l),
                        slot: Slot::from_index(slot),
                    };
                    return;
                }
            } else if let Some(i) = s.cur().reserve_index(card.get()) {
                let p = s.cur_mut();
                p.remove_reserved(i);
                p.add_purchase(card);
                ev.push(Event::Bought {
                    seat,
                    card,
                    payment: Tokens::new(paid),
                    from_reserve: true,
                });
            }
            after_action(s, ev);
        }
        Action::Return { token } => {
            let t = token.index();
            let p = s.cur_mut();
            if p.tokens[t] > 0 {
                p.tokens[t] -= 1;
                p.ntokens = p.ntokens.wrapping_sub(1);
                s.bank[t] = s.bank[t].wrapping_add(1);
                ev.push(Event::ReturnedToken { seat, token });
            }
            if s.cur().ntokens <= 10 {
                noble_step(s, ev);
            }
        }
        Action::ChooseNoble { noble } => {
            if s.nobles & noble.bit() != 0 {
                award(s, noble, ev);
            }
            end_turn(s, ev);
        }
        Action::Pass => {
            s.round_passes = s.round_passes.saturating_add(1);
            ev.push(Event::Passed { seat });
            after_action(s, ev);
        }
    }
}

/// Moves tokens from the bank to the current player.
#[inline]
fn move_to_player(s: &mut State, took: &[u8; 6]) {
    let mut total = 0u8;
    for (c, &x) in took.iter().enumerate() {
        s.bank[c] -= x;
        total += x;
    }
    let p = s.cur_mut();
    for (c, &x) in took.iter().enumerate() {
        p.tokens[c] = p.tokens[c].wrapping_add(x);
    }
    p.ntokens = p.ntokens.wrapping_add(total);
}

/// A reserve brings one gold token if any is left.
#[inline]
fn take_gold(s: &mut State) -> bool {
    if s.bank[GOLD_INDEX] == 0 {
        return false;
    }
    s.bank[GOLD_INDEX] -= 1;
    let p = s.cur_mut();
    p.tokens[GOLD_INDEX] = p.tokens[GOLD_INDEX].wrapping_add(1);
    p.ntokens = p.ntokens.wrapping_add(1);
    true
}

/// After the action (and any card it drew): the token limit, then nobles.
#[inline]
pub(crate) fn after_action<S: EventSink<Event>>(s: &mut State, ev: &mut S) {
    if s.cur().ntokens > 10 {
        s.phase = Phase::ReturnTokens;
    } else {
        noble_step(s, ev);
    }
}

/// The noble check at the end of the turn (seed 002): only card bonuses count;
/// exactly one noble per turn; one qualifying noble comes automatically,
/// several make the player choose; a visit cannot be refused.
#[inline]
fn noble_step<S: EventSink<Event>>(s: &mut State, ev: &mut S) {
    let q = s.cur().qualifying(s.nobles);
    if q == 0 {
        end_turn(s, ev);
    } else if q & (q - 1) == 0 {
        award(s, NobleId::new_unchecked(q.trailing_zeros() as u8), ev);
        end_turn(s, ev);
    } else {
        s.phase = Phase::ChooseNoble;
    }
}

/// A noble visits the current player: 3 points at once, no bonus.
fn award<S: EventSink<Event>>(s: &mut State, noble: NobleId, ev: &mut S) {
    s.nobles &= !noble.bit();
    let points = crate::data::NOBLES[noble.index()].points;
    let p = s.cur_mut();
    p.nobles |= noble.bit();
    p.points = p.points.wrapping_add(points);
    ev.push(Event::NobleVisited {
        seat: Seat(s.current),
        noble,
    });
}

/// Ends the turn. After the last seat of a round the game ends if somebody
/// has 15 points (`splendor.end.round_finished`) or everybody passed in this
/// round (`splendor.turn.pass_only_when_blocked`).
pub(crate) fn end_turn<S: EventSink<Event>>(s: &mut State, ev: &mut S) {
    if s.current + 1 >= s.n {
        let n = s.players();
        let reason = if s.players[..n].iter().any(|p| p.points >= 15) {
            Some(EndReason::Points)
        } else if usize::from(s.round_passes) >= n {
            Some(EndReason::AllPassed)
        } else {
            None
        };
        if let Some(reason) = reason {
            s.phase = Phase::Over { reason };
            ev.push(Event::GameEnded {
                reason,
                winners: winners(s),
            });
            return;
        }
        s.round_passes = 0;
        s.current = 0;
    } else {
        s.current += 1;
    }
    s.turn = s.turn.wrapping_add(1);
    s.phase = Phase::Action;
    ev.push(Event::TurnBegan {
        seat: Seat(s.current),
        turn: s.turn,
    });
}
