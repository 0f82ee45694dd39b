//! The legal actions of a seat: the single source of truth of what may be done.
//! The order is deterministic: takes of three colours, takes of two, market
//! reserves, deck reserves, buys (market then reserve, each payment), and a
//! pass only when nothing else is possible.

use crate::action::Action;
use crate::afford::{can_afford, push_buys};
use crate::state::{Phase, State, NONE};
use crate::types::{CardId, Level, NobleId, Token, TokenPick};
use engine::Seat;

/// The ten ways of choosing three of the five gem colours, as colour bitmasks.
pub(crate) const TRIPLES: [u8; 10] = [
    0b00111, 0b01011, 0b01101, 0b01110, 0b10011, 0b10101, 0b10110, 0b11001, 0b11010, 0b11100,
];

/// The gem colours with at least one token in the bank (bit 0 = white).
#[inline]
pub(crate) fn available(bank: &[u8; 8]) -> u8 {
    let mut m = 0u8;
    for (c, &n) in bank[..5].iter().enumerate() {
        if n > 0 {
            m |= 1 << c;
        }
    }
    m
}

/// Appends every legal action of `seat` to `out` (cleared first).
pub(crate) fn legal_actions(s: &State, seat: Seat, out: &mut Vec<Action>) {
    out.clear();
    if seat.0 != s.current || seat.index() >= s.players() {
        return;
    }
    match s.phase {
        Phase::Action => main_actions(s, out),
        Phase::ReturnTokens => {
            let p = s.cur();
            for t in Token::ALL {
                if p.tokens[t.index()] > 0 {
                    out.push(Action::Return { token: t });
                }
            }
        }
        Phase::ChooseNoble => {
            let mut q = s.cur().qualifying(s.nobles);
            while q != 0 {
                let i = q.trailing_zeros() as u8;
                q &= q - 1;
                if let Some(noble) = NobleId::new(i) {
                    out.push(Action::ChooseNoble { noble });
                }
            }
        }
        _ => {}
    }
}

/// The actions of a turn: take, reserve, buy, or pass when blocked.
fn main_actions(s: &State, out: &mut Vec<Action>) {
    let avail = available(&s.bank);
    if avail.count_ones() >= 3 {
        for t in TRIPLES {
            if t & avail == t {
                out.push(Action::TakeDifferent {
                    gems: TokenPick::from_mask(t),
                });
            }
        }
    } else if avail != 0 {
        out.push(Action::TakeDifferent {
            gems: TokenPick::from_mask(avail),
        });
    }
    for gem in Token::GEMS {
        if s.bank[gem.index()] >= 4 {
            out.push(Action::TakeTwo { gem });
        }
    }
    let p = s.cur();
    if p.nreserved < 3 {
        for row in &s.market {
            for &c in row {
                if let Some(card) = CardId::new(c) {
                    out.push(Action::Reserve { card });
                }
            }
        }
        for (l, &deck) in s.deck.iter().enumerate() {
            if deck != 0 {
                out.push(Action::ReserveDeck {
                    level: Level::from_index(l),
                });
            }
        }
    }
    for row in &s.market {
        for &c in row {
            if let Some(card) = CardId::new(c) {
                push_buys(p, card, out);
            }
        }
    }
    for &c in &p.reserved[..usize::from(p.nreserved).min(3)] {
        if let Some(card) = CardId::new(c) {
            push_buys(p, card, out);
        }
    }
    if out.is_empty() {
        out.push(Action::Pass);
    }
}

/// Whether the current player has any action besides passing
/// (`splendor.turn.pass_only_when_blocked`), without listing them.
pub(crate) fn has_main_action(s: &State) -> bool {
    if available(&s.bank) != 0 {
        return true;
    }
    let p = s.cur();
    let market_cards = s.market.iter().flatten().filter(|&&c| c != NONE);
    if p.nreserved < 3 && (market_cards.clone().next().is_some() || s.deck.iter().any(|&d| d != 0)) {
        return true;
    }
    let reserved = p.reserved[..usize::from(p.nreserved).min(3)].iter();
    market_cards
        .chain(reserved)
        .filter_map(|&c| CardId::new(c))
        .any(|card| can_afford(p, card))
}
