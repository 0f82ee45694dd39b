//! Validation of an action without changing anything: every refusal names
//! the rule it enforces.

use crate::action::Action;
use crate::afford::{can_afford, need, pays_exactly};
use crate::error::SplendorError as E;
use crate::legal::{available, has_main_action};
use crate::state::{Phase, State};
use crate::types::Token;
use engine::{Rejection, Seat};

/// Checks `action` by `seat` in `s`.
pub(crate) fn check(s: &State, seat: Seat, action: &Action) -> Result<(), Rejection<E>> {
    if seat.index() >= s.players() {
        return Err(Rejection::NoSuchSeat { seat });
    }
    match s.phase {
        Phase::Over { .. } => return Err(Rejection::GameOver),
        Phase::Setup | Phase::Refill { .. } | Phase::DeckDraw { .. } => {
            return Err(Rejection::NotChanceTurn { waiting: "chance" })
        }
        _ => {}
    }
    if seat.0 != s.current {
        return Err(Rejection::NotYourTurn { seat });
    }
    let p = s.cur();
    match (s.phase, action) {
        (Phase::ReturnTokens, Action::Return { token }) => {
            if p.tokens[token.index()] == 0 {
                return Err(E::TokenNotHeld { token: *token }.into());
            }
            Ok(())
        }
        (Phase::ReturnTokens, _) => Err(E::MustReturn { held: p.ntokens }.into()),
        (Phase::ChooseNoble, Action::ChooseNoble { noble }) => {
            if s.nobles & noble.bit() == 0 {
                return Err(E::NobleNotAvailable { noble: *noble }.into());
            }
            if p.qualifying(noble.bit()) == 0 {
                return Err(E::NobleMustQualify { noble: *noble }.into());
            }
            Ok(())
        }
        (Phase::ChooseNoble, _) => Err(E::NobleCannotRefuse.into()),
        (_, Action::Return { .. }) => Err(E::NotOverLimit.into()),
        (_, Action::ChooseNoble { .. }) => Err(E::NobleEndOfTurn.into()),
        (_, a) => check_main(s, a).map_err(Rejection::Rule),
    }
}

/// Checks the main action of a turn.
fn check_main(s: &State, action: &Action) -> Result<(), E> {
    let p = s.cur();
    match *action {
        Action::TakeDifferent { gems } => {
            let counts = gems.counts();
            if counts[Token::Gold.index()] > 0 {
                return Err(E::NoGold);
            }
            for gem in Token::GEMS {
                if counts[gem.index()] > 0 && s.bank[gem.index()] == 0 {
                    return Err(E::PileEmpty { gem });
                }
            }
            let avail = available(&s.bank);
            let k = avail.count_ones() as u8;
            let mut mask = 0u8;
            for gem in Token::GEMS {
                match counts[gem.index()] {
                    0 => {}
                    1 => mask |= 1 << gem.index(),
                    _ => return Err(E::ThreeDifferent { available: k }),
                }
            }
            let ok = if k >= 3 {
                mask.count_ones() == 3
            } else {
                mask != 0 && mask == avail
            };
            if ok {
                Ok(())
            } else {
                Err(E::ThreeDifferent { available: k })
            }
        }
        Action::TakeTwo { gem } => {
            if gem == Token::Gold {
                return Err(E::NoGold);
            }
            let pile = s.bank[gem.index()];
            if pile < 4 {
                return Err(E::TwoNeedsFour { gem, pile });
            }
            Ok(())
        }
        Action::Reserve { card } => {
            if p.nreserved >= 3 {
                return Err(E::ReserveLimit);
            }
            if s.market_slot(card.get()).is_none() {
                return Err(E::NotOnMarket { card });
            }
            Ok(())
        }
        Action::ReserveDeck { level } => {
            if p.nreserved >= 3 {
                return Err(E::ReserveLimit);
            }
            if s.deck[level.index()] == 0 {
                return Err(E::DeckEmpty { level });
            }
            Ok(())
        }
        Action::Buy { card, payment } => {
            if s.market_slot(card.get()).is_none() && p.reserve_index(card.get()).is_none() {
                // Only a face-up reserve of another player may be named: a
                // face-down one is a secret the refusal must not reveal.
                let public_elsewhere = s.players[..s.players()]
                    .iter()
                    .any(|o| o.reserved().any(|(c, hidden)| c == card && !hidden));
                return Err(if public_elsewhere {
                    E::OthersReserved { card }
                } else {
                    E::NotAvailable { card }
                });
            }
            if !can_afford(p, card) {
                return Err(E::CannotAfford { card });
            }
            for t in Token::ALL {
                if payment.0[t.index()] > p.tokens[t.index()] {
                    return Err(E::PaymentNotHeld { token: t });
                }
            }
            if !pays_exactly(need(p, card), &payment) {
                return Err(E::PaymentInexact { card });
            }
            Ok(())
        }
        Action::Pass => {
            if has_main_action(s) {
                Err(E::PassOnlyWhenBlocked)
            } else {
                Ok(())
            }
        }
        Action::Return { .. } => Err(E::NotOverLimit),
        Action::ChooseNoble { .. } => Err(E::NobleEndOfTurn),
    }
}
