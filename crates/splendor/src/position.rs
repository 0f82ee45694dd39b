//! The JSON form of a state: readable and writable by hand.
//!
//! Card and noble ids are numbers (see `docs/games/splendor.md` for the
//! table), token counts are objects naming colours. The decks are not written:
//! every card that lies on no market slot, in no reserve and in no player's
//! purchased cards is in its deck. A player's `bonuses` and `points` may be
//! left out of a hand-written position and are then computed; when given they
//! are kept as written and [`crate::validate`] reports a mismatch.
//!
//! Reading refuses what the compact state cannot hold (more than 4 players,
//! more than 3 reserved cards, a card or noble listed twice in one list, a
//! current seat outside the table); everything else that is inconsistent is
//! for `validate` to report.

use crate::data::{CARDS, LEVEL_SIZE, NOBLES};
use crate::state::{CardSet, Phase, Player, State, NONE};
use crate::types::{Bonuses, CardId, NobleId, Tokens};
use engine::Seat;
use serde::{Deserialize, Serialize};

/// A state in its JSON form.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// What the game waits for.
    pub phase: Phase,
    /// Whose turn it is.
    pub current: Seat,
    /// Turns begun (0 during setup, 1 in the first turn).
    pub turn: u32,
    /// Passes in the current round so far.
    #[serde(default)]
    pub round_passes: u8,
    /// Tokens in the bank.
    pub bank: Tokens,
    /// Face-up market cards per level (rows for levels 1, 2, 3) and slot; `null` = empty.
    pub market: [[Option<CardId>; 4]; 3],
    /// Face-up nobles.
    pub nobles: Vec<NobleId>,
    /// The players in seat order.
    pub players: Vec<PlayerPosition>,
}

/// One player in the JSON form of a state.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerPosition {
    /// Tokens held.
    #[serde(default)]
    pub tokens: Tokens,
    /// Purchased cards.
    #[serde(default)]
    pub purchased: Vec<CardId>,
    /// Reserved cards in the order reserved.
    #[serde(default)]
    pub reserved: Vec<ReservedCard>,
    /// Nobles that visited the player.
    #[serde(default)]
    pub nobles: Vec<NobleId>,
    /// Card bonuses (computed from `purchased` when left out).
    #[serde(default)]
    pub bonuses: Option<Bonuses>,
    /// Prestige points (computed from cards and nobles when left out).
    #[serde(default)]
    pub points: Option<u8>,
}

/// A reserved card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReservedCard {
    /// The card.
    pub card: CardId,
    /// Drawn face down from a deck top: hidden from the other players.
    #[serde(default)]
    pub hidden: bool,
}

impl From<State> for Position {
    fn from(s: State) -> Position {
        let market = s.market.map(|row| row.map(CardId::new));
        let players = s.players[..s.players()]
            .iter()
            .map(|p| PlayerPosition {
                tokens: Tokens::new(p.tokens()),
                purchased: p.purchased.iter().collect(),
                reserved: p
                    .reserved()
                    .map(|(card, hidden)| ReservedCard { card, hidden })
                    .collect(),
                nobles: nobles_of(p.nobles),
                bonuses: Some(Bonuses(p.bonuses())),
                points: Some(p.points),
            })
            .collect();
        Position {
            phase: s.phase,
            current: Seat(s.current),
            turn: s.turn,
            round_passes: s.round_passes,
            bank: Tokens::new(s.bank()),
            market,
            nobles: nobles_of(s.nobles),
            players,
        }
    }
}

fn nobles_of(mask: u16) -> Vec<NobleId> {
    (0..NOBLES.len() as u8)
        .filter(|i| mask & (1 << i) != 0)
        .map(NobleId::new_unchecked)
        .collect()
}

fn noble_set(list: &[NobleId], what: &str) -> Result<u16, String> {
    let mut m = 0u16;
    for n in list {
        if m & n.bit() != 0 {
            return Err(format!("noble {n} is listed twice in {what}"));
        }
        m |= n.bit();
    }
    Ok(m)
}

impl TryFrom<Position> for State {
    type Error = String;

    fn try_from(pos: Position) -> Result<State, String> {
        let n = pos.players.len();
        if !(2..=4).contains(&n) {
            return Err(format!("Splendor is played by 2 to 4 players, the position has {n}"));
        }
        if pos.current.index() >= n {
            return Err(format!(
                "the current seat {} does not exist at a table of {n}",
                pos.current.0
            ));
        }
        let mut players = [Player::EMPTY; 4];
        let mut placed = CardSet::default();
        let mut mark = |card: CardId| placed.insert(card);
        for (seat, (pp, p)) in pos.players.iter().zip(players.iter_mut()).enumerate() {
            if pp.reserved.len() > 3 {
                return Err(format!(
                    "seat {seat} holds {} reserved cards, at most 3 are allowed",
                    pp.reserved.len()
                ));
            }
            for (i, t) in pp.tokens.0.iter().enumerate() {
                p.tokens[i] = *t;
            }
            p.ntokens = pp.tokens.0.iter().fold(0u8, |a, &t| a.saturating_add(t));
            let mut points = 0u32;
            let mut bonus = [0u8; 5];
            for &card in &pp.purchased {
                if p.purchased.contains(card) {
                    return Err(format!(
                        "card {card} is listed twice among the purchases of seat {seat}"
                    ));
                }
                p.purchased.insert(card);
                mark(card);
                let def = &CARDS[card.index()];
                bonus[def.bonus.index()] = bonus[def.bonus.index()].saturating_add(1);
                points += u32::from(def.points);
            }
            p.ncards = pp.purchased.len().min(usize::from(u8::MAX)) as u8;
            for r in &pp.reserved {
                if p.reserve_index(r.card.get()).is_some() {
                    return Err(format!("card {} is reserved twice by seat {seat}", r.card));
                }
                p.push_reserved(r.card, r.hidden);
                mark(r.card);
            }
            p.nobles = noble_set(&pp.nobles, &format!("the nobles of seat {seat}"))?;
            points += 3 * p.nobles.count_ones();
            let bonus = pp.bonuses.map(|b| b.0).unwrap_or(bonus);
            p.bonus[..5].copy_from_slice(&bonus);
            p.points = pp.points.unwrap_or(points.min(u32::from(u8::MAX)) as u8);
        }
        for c in pos.market.iter().flatten().flatten() {
            mark(*c);
        }
        let mut deck = [0u64; 3];
        for (l, d) in deck.iter_mut().enumerate() {
            *d = (1u64 << LEVEL_SIZE[l]) - 1;
        }
        for card in placed.iter() {
            deck[card.level().index()] &= !card.deck_bit();
        }
        let mut bank = [0u8; 8];
        bank[..6].copy_from_slice(&pos.bank.0);
        Ok(State {
            n: n as u8,
            current: pos.current.0,
            phase: pos.phase,
            round_passes: pos.round_passes,
            nobles: noble_set(&pos.nobles, "the face-up nobles")?,
            turn: pos.turn,
            bank,
            market: pos.market.map(|row| row.map(|c| c.map_or(NONE, CardId::get))),
            deck,
            players,
        })
    }
}
