//! The full state of a game of Splendor, secrets included.
//!
//! It is a compact `Copy` value of fixed arrays so that simulations copy and
//! update it without allocating: players as `[Player; 4]` plus a count, token
//! counts as bytes, decks as bitsets over each level's card ids. Decks are
//! *sets*: no order of the remaining cards exists anywhere, a draw is a chance
//! outcome uniform over the set. The deck bitsets are not written to JSON: a
//! card that is on no market slot, in no reserve and bought by nobody is in its
//! deck (see [`crate::position`]).

use crate::data::{level_of, CARDS, LEVEL_START, NOBLES, NOBLE_PACKED};
use crate::types::{CardId, Level, NobleId, Slot};
use serde::{Deserialize, Serialize};

/// Marks an empty market slot or reserve slot.
pub(crate) const NONE: u8 = u8::MAX;

/// What the game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Phase {
    /// Chance: the 12 market cards are dealt (level 1 slots 0–3, then level 2,
    /// then level 3), then players + 1 nobles are revealed.
    Setup,
    /// The current player chooses the action of their turn.
    Action,
    /// Chance: an emptied market slot is refilled from its deck.
    Refill {
        /// The level of the row.
        level: Level,
        /// The empty slot.
        slot: Slot,
    },
    /// Chance: the top card of a deck goes face down into the current player's reserve.
    DeckDraw {
        /// The deck's level.
        level: Level,
    },
    /// The current player holds more than 10 tokens and returns one at a time.
    ReturnTokens,
    /// Several nobles qualify at the end of the current player's turn: they choose one.
    ChooseNoble,
    /// The game has ended.
    Over {
        /// Why it ended.
        reason: EndReason,
    },
}

impl Phase {
    /// The phase's name, as used in refusals.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Setup => "setup",
            Phase::Action => "action",
            Phase::Refill { .. } => "refill",
            Phase::DeckDraw { .. } => "deck_draw",
            Phase::ReturnTokens => "return_tokens",
            Phase::ChooseNoble => "choose_noble",
            Phase::Over { .. } => "over",
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A player reached 15 points and the round was finished (`splendor.end.round_finished`).
    Points,
    /// Every player passed in one round (`splendor.turn.pass_only_when_blocked`).
    AllPassed,
}

impl EndReason {
    /// The reason as written in [`engine::GameResult::reason`].
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::Points => "points",
            EndReason::AllPassed => "all_passed",
        }
    }
}

/// A set of card ids (bit `i` = card `i`), for a player's purchased cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CardSet(pub(crate) [u64; 2]);

impl CardSet {
    /// Adds a card.
    #[inline]
    pub fn insert(&mut self, card: CardId) {
        let i = card.index();
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Whether the card is in the set.
    #[inline]
    pub fn contains(&self, card: CardId) -> bool {
        let i = card.index();
        self.0[i >> 6] & (1 << (i & 63)) != 0
    }

    /// Number of cards.
    #[inline]
    pub fn len(&self) -> usize {
        (self.0[0].count_ones() + self.0[1].count_ones()) as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0, 0]
    }

    /// The cards in id order.
    pub fn iter(&self) -> impl Iterator<Item = CardId> + '_ {
        (0..crate::data::CARD_COUNT as u8)
            .map(CardId::new_unchecked)
            .filter(move |c| self.contains(*c))
    }
}

/// One player's holdings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Player {
    /// Tokens per colour (0–4 gems, 5 gold); bytes 6 and 7 stay 0 so the array
    /// reads as one packed `u64`.
    pub(crate) tokens: [u8; 8],
    /// Card bonuses per gem colour; bytes 5–7 stay 0.
    pub(crate) bonus: [u8; 8],
    /// Purchased cards.
    pub(crate) purchased: CardSet,
    /// Reserved card ids, packed at the front, [`NONE`] after them.
    pub(crate) reserved: [u8; 3],
    /// Bit `i`: `reserved[i]` was drawn face down from a deck (hidden from the others).
    pub(crate) hidden: u8,
    /// Number of reserved cards.
    pub(crate) nreserved: u8,
    /// Total tokens held.
    pub(crate) ntokens: u8,
    /// Number of purchased cards.
    pub(crate) ncards: u8,
    /// Prestige points (cards + 3 per noble).
    pub(crate) points: u8,
    /// Nobles that visited this player (bit = noble id).
    pub(crate) nobles: u16,
}

impl Player {
    /// An empty player (no tokens, cards, reserves or nobles).
    pub(crate) const EMPTY: Player = Player {
        tokens: [0; 8],
        bonus: [0; 8],
        purchased: CardSet([0, 0]),
        reserved: [NONE; 3],
        hidden: 0,
        nreserved: 0,
        ntokens: 0,
        ncards: 0,
        points: 0,
        nobles: 0,
    };

    /// Tokens packed one byte per colour (gold in byte 5).
    #[inline]
    pub(crate) fn tokens_packed(&self) -> u64 {
        u64::from_le_bytes(self.tokens)
    }

    /// Bonuses packed one byte per colour.
    #[inline]
    pub(crate) fn bonus_packed(&self) -> u64 {
        u64::from_le_bytes(self.bonus)
    }

    /// Prestige points.
    pub fn points(&self) -> u8 {
        self.points
    }

    /// Number of purchased cards (the first tie-break).
    pub fn cards_bought(&self) -> u8 {
        self.ncards
    }

    /// Tokens held per colour.
    pub fn tokens(&self) -> [u8; 6] {
        let t = self.tokens;
        [t[0], t[1], t[2], t[3], t[4], t[5]]
    }

    /// Card bonuses per gem colour.
    pub fn bonuses(&self) -> [u8; 5] {
        let b = self.bonus;
        [b[0], b[1], b[2], b[3], b[4]]
    }

    /// The reserved cards with their face-down flag, in the order reserved.
    pub fn reserved(&self) -> impl Iterator<Item = (CardId, bool)> + '_ {
        let n = usize::from(self.nreserved).min(3);
        self.reserved[..n]
            .iter()
            .enumerate()
            .filter_map(move |(i, &c)| CardId::new(c).map(|c| (c, self.hidden & (1 << i) != 0)))
    }

    /// Whether `card` is among this player's reserved cards; its reserve index.
    #[inline]
    pub(crate) fn reserve_index(&self, card: u8) -> Option<usize> {
        self.reserved.iter().position(|&c| c == card && c != NONE)
    }

    /// Removes the reserved card at `i`, keeping the others in order.
    pub(crate) fn remove_reserved(&mut self, i: usize) {
        if i >= 3 {
            return;
        }
        let low = (1u8 << i) - 1;
        let hidden = (self.hidden & low) | ((self.hidden >> 1) & !low);
        for j in i..2 {
            self.reserved[j] = self.reserved[j + 1];
        }
        self.reserved[2] = NONE;
        self.hidden = hidden & 0b11;
        self.nreserved = self.nreserved.saturating_sub(1);
    }

    /// Appends a reserved card (face down if `hidden`).
    pub(crate) fn push_reserved(&mut self, card: CardId, hidden: bool) {
        let i = usize::from(self.nreserved);
        if i < 3 {
            self.reserved[i] = card.get();
            if hidden {
                self.hidden |= 1 << i;
            }
            self.nreserved += 1;
        }
    }

    /// Credits a purchased card: bonus, points, count.
    pub(crate) fn add_purchase(&mut self, card: CardId) {
        let def = &CARDS[card.index()];
        self.purchased.insert(card);
        self.bonus[def.bonus.index()] = self.bonus[def.bonus.index()].wrapping_add(1);
        self.points = self.points.wrapping_add(def.points);
        self.ncards = self.ncards.wrapping_add(1);
    }

    /// The nobles among `face_up` whose requirement this player's card bonuses meet.
    #[inline]
    pub(crate) fn qualifying(&self, face_up: u16) -> u16 {
        let bonus = self.bonus_packed();
        let mut out = 0u16;
        let mut m = face_up;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            if i < NOBLE_PACKED.len() && crate::afford::sat_sub(NOBLE_PACKED[i], bonus) == 0 {
                out |= 1 << i;
            }
        }
        out
    }
}

/// The state of a game of Splendor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "crate::position::Position", try_from = "crate::position::Position")]
pub struct State {
    /// Number of players, 2–4.
    pub(crate) n: u8,
    /// The seat whose turn it is.
    pub(crate) current: u8,
    /// What the game waits for.
    pub(crate) phase: Phase,
    /// Passes in the current round so far.
    pub(crate) round_passes: u8,
    /// Face-up nobles (bit = noble id).
    pub(crate) nobles: u16,
    /// Turns begun (for simulation caps).
    pub(crate) turn: u32,
    /// Bank tokens per colour; bytes 6 and 7 stay 0.
    pub(crate) bank: [u8; 8],
    /// Market card ids per level and slot, [`NONE`] for an empty slot.
    pub(crate) market: [[u8; 4]; 3],
    /// Remaining deck per level: bit `i` = card `LEVEL_START[level] + i`.
    pub(crate) deck: [u64; 3],
    /// The players; seats at and above `n` stay empty.
    pub(crate) players: [Player; 4],
}

impl State {
    /// Number of players.
    pub fn players(&self) -> usize {
        usize::from(self.n)
    }

    /// The seat whose turn it is.
    pub fn current(&self) -> engine::Seat {
        engine::Seat(self.current)
    }

    /// What the game waits for.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Turns begun.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// One player's holdings (`None` for a seat that does not exist).
    pub fn player(&self, seat: engine::Seat) -> Option<&Player> {
        if seat.index() < self.players() {
            self.players.get(seat.index())
        } else {
            None
        }
    }

    /// Bank tokens per colour.
    pub fn bank(&self) -> [u8; 6] {
        let b = self.bank;
        [b[0], b[1], b[2], b[3], b[4], b[5]]
    }

    /// The face-up market card of a slot.
    pub fn market_card(&self, level: Level, slot: Slot) -> Option<CardId> {
        CardId::new(self.market[level.index()][slot.index()])
    }

    /// The face-up nobles, by id.
    pub fn face_up_nobles(&self) -> impl Iterator<Item = NobleId> + '_ {
        (0..NOBLES.len() as u8)
            .filter(move |i| self.nobles & (1 << i) != 0)
            .map(NobleId::new_unchecked)
    }

    /// The nobles of a noble set, by id.
    pub(crate) fn face_up_nobles_of(&self, mask: u16) -> Vec<NobleId> {
        (0..NOBLES.len() as u8)
            .filter(|i| mask & (1 << i) != 0)
            .map(NobleId::new_unchecked)
            .collect()
    }

    /// Number of cards left in a deck.
    pub fn deck_len(&self, level: Level) -> usize {
        self.deck[level.index()].count_ones() as usize
    }

    /// Whether a card is still in its deck.
    pub fn in_deck(&self, card: CardId) -> bool {
        self.deck[card.level().index()] & card.deck_bit() != 0
    }

    /// The market position of a card, if it lies face up.
    #[inline]
    pub(crate) fn market_slot(&self, card: u8) -> Option<(usize, usize)> {
        if card == NONE {
            return None;
        }
        let l = level_of(card);
        self.market[l].iter().position(|&c| c == card).map(|s| (l, s))
    }

    /// The player whose turn it is.
    #[inline]
    pub(crate) fn cur(&self) -> &Player {
        &self.players[usize::from(self.current) & 3]
    }

    /// The player whose turn it is, mutably.
    #[inline]
    pub(crate) fn cur_mut(&mut self) -> &mut Player {
        &mut self.players[usize::from(self.current) & 3]
    }

    /// The card id of the deck bit `bit` of `level`.
    #[inline]
    pub(crate) fn card_of_bit(level: usize, bit: u32) -> CardId {
        CardId::new_unchecked(LEVEL_START[level] + bit as u8)
    }
}
