//! The legal actions of a seat: the single source of truth of what may be done.
//! The order is deterministic: takes of three colours, takes of two, market
//! reserves, deck reserves, buys (market then reserve, each payment), and a
//! pass only when nothing else is possible.

use crate::action::Action;
use crate::afford::{can_afford, push_all_buys};
use crate::state::{Phase, State, NONE};
use crate::types::{CardId, Level, NobleId, Token, TokenPick};
use engine::Seat;

/// The ten ways of choosing three of the five gem colours, as colour bitmasks.
pub(crate) const TRIPLES: [u8; 10] = [
    0b00111, 0b01011, 0b01101, 0b01110, 0b10011, 0b10101, 0b10110, 0b11001, 0b11010, 0b11100,
];

/// The take actions of each set of available colours, built at compile time:
/// every 3-colour subset, or the whole set when it has fewer than 3 colours.
static TAKE_DIFFERENT: [([Action; 10], u8); 32] = {
    let mut table = [([Action::Pass; 10], 0u8); 32];
    let mut avail = 0;
    while avail < 32 {
        let mut n = 0;
        if (avail as u8).count_ones() >= 3 {
            let mut i = 0;
            while i < TRIPLES.len() {
                let t = TRIPLES[i];
                if t & avail as u8 == t {
                    table[avail].0[n] = Action::TakeDifferent {
                        gems: TokenPick::from_mask(t),
                    };
                    n += 1;
                }
                i += 1;
            }
        } else if avail != 0 {
            table[avail].0[0] = Action::TakeDifferent {
                gems: TokenPick::from_mask(avail as u8),
            };
            n = 1;
        }
        table[avail].1 = n as u8;
        avail += 1;
    }
    table
};

/// The take-two actions of each set of colours whose pile holds 4 or more.
static TAKE_TWO: [([Action; 5], u8); 32] = {
    let mut table = [([Action::Pass; 5], 0u8); 32];
    let mut piles = 0;
    while piles < 32 {
        let mut n = 0;
        let mut c = 0;
        while c < 5 {
            if piles & (1 << c) != 0 {
                table[piles].0[n] = Action::TakeTwo {
                    gem: Token::from_index(c),
                };
                n += 1;
            }
            c += 1;
        }
        table[piles].1 = n as u8;
        piles += 1;
    }
    table
};

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

/// The colours with at least one and with at least four tokens in the bank.
#[inline]
fn piles(bank: &[u8; 8]) -> (u8, u8) {
    let packed = u64::from_le_bytes(*bank) & crate::afford::GEM_BYTES;
    // Bytes are small: adding 0x7F sets a byte's high bit iff it is at least 1,
    // adding 0x7C iff it is at least 4.
    let one = (packed + 0x007F_7F7F_7F7F) & 0x0080_8080_8080;
    let four = (packed + 0x007C_7C7C_7C7C) & 0x0080_8080_8080;
    (gather(one), gather(four))
}

/// The high bits of the five low bytes as a 5-bit mask.
#[inline]
fn gather(x: u64) -> u8 {
    ((x >> 7) & 1 | (x >> 14) & 2 | (x >> 21) & 4 | (x >> 28) & 8 | (x >> 35) & 16) as u8
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
    let (avail, four) = piles(&s.bank);
    let (takes, n) = &TAKE_DIFFERENT[usize::from(avail)];
    out.extend_from_slice(&takes[..usize::from(*n)]);
    let (twos, n) = &TAKE_TWO[usize::from(four)];
    out.extend_from_slice(&twos[..usize::from(*n)]);
    let p = s.cur();
    let mut ids = [NONE; 16];
    ids[..4].copy_from_slice(&s.market[0]);
    ids[4..8].copy_from_slice(&s.market[1]);
    ids[8..12].copy_from_slice(&s.market[2]);
    ids[12..15].copy_from_slice(&p.reserved);
    if p.nreserved < 3 {
        for &c in &ids[..12] {
            if let Some(card) = CardId::new(c) {
                out.push(Action::Reserve { card });
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
    push_all_buys(p, &ids, out);
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
