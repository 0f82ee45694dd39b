//! Small value types shared by state, actions and views: token colours, card,
//! noble and level ids, and token counts. Ids are checked when they are read
//! from JSON, so an id held by the engine is always in range and indexing with
//! it cannot panic.

use crate::data::{CARD_COUNT, LEVEL_START, NOBLE_COUNT};
use engine::{CountKind, Counts, CountsForm};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A token colour: the five gem colours and gold (the joker).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Token {
    /// White (diamond).
    White = 0,
    /// Blue (sapphire).
    Blue = 1,
    /// Green (emerald).
    Green = 2,
    /// Red (ruby).
    Red = 3,
    /// Black (onyx).
    Black = 4,
    /// Gold (joker): replaces any gem colour when paying, never a bonus.
    Gold = 5,
}

impl Token {
    /// Every token colour, gems first.
    pub const ALL: [Token; 6] = [
        Token::White,
        Token::Blue,
        Token::Green,
        Token::Red,
        Token::Black,
        Token::Gold,
    ];
    /// The five gem colours (no gold).
    pub const GEMS: [Token; 5] = [Token::White, Token::Blue, Token::Green, Token::Red, Token::Black];

    /// The colour as an array index (gold = 5).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour of an index below 6 (anything else is gold).
    #[inline]
    pub const fn from_index(i: usize) -> Token {
        match i {
            0 => Token::White,
            1 => Token::Blue,
            2 => Token::Green,
            3 => Token::Red,
            4 => Token::Black,
            _ => Token::Gold,
        }
    }

    /// German name, for messages.
    pub const fn de(self) -> &'static str {
        match self {
            Token::White => "Weiß",
            Token::Blue => "Blau",
            Token::Green => "Grün",
            Token::Red => "Rot",
            Token::Black => "Schwarz",
            Token::Gold => "Gold",
        }
    }

    /// English name, for messages.
    pub const fn en(self) -> &'static str {
        match self {
            Token::White => "white",
            Token::Blue => "blue",
            Token::Green => "green",
            Token::Red => "red",
            Token::Black => "black",
            Token::Gold => "gold",
        }
    }
}

/// A development card, by its dense id 0–89 (see [`crate::data::CARDS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct CardId(u8);

impl CardId {
    /// The card with this id, if it exists.
    pub const fn new(id: u8) -> Option<CardId> {
        if (id as usize) < CARD_COUNT {
            Some(CardId(id))
        } else {
            None
        }
    }

    /// The id as a number.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The id as an array index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The card's level.
    #[inline]
    pub const fn level(self) -> Level {
        Level(crate::data::level_of(self.0) as u8)
    }

    /// The card's bit in its level's deck bitset.
    #[inline]
    pub const fn deck_bit(self) -> u64 {
        1u64 << (self.0 - LEVEL_START[crate::data::level_of(self.0)])
    }

    /// Only for ids known to be below 90.
    #[inline]
    pub(crate) const fn new_unchecked(id: u8) -> CardId {
        CardId(id)
    }
}

impl TryFrom<u8> for CardId {
    type Error = String;
    fn try_from(id: u8) -> Result<Self, Self::Error> {
        CardId::new(id).ok_or_else(|| format!("card id {id} does not exist (ids are 0–{})", CARD_COUNT - 1))
    }
}

impl From<CardId> for u8 {
    fn from(c: CardId) -> u8 {
        c.0
    }
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A noble tile, by its dense id 0–9 (see [`crate::data::NOBLES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct NobleId(u8);

impl NobleId {
    /// The noble with this id, if it exists.
    pub const fn new(id: u8) -> Option<NobleId> {
        if (id as usize) < NOBLE_COUNT {
            Some(NobleId(id))
        } else {
            None
        }
    }

    /// The id as a number.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The id as an array index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The noble's bit in a noble set.
    #[inline]
    pub const fn bit(self) -> u16 {
        1 << self.0
    }

    /// Only for ids known to be below 10.
    #[inline]
    pub(crate) const fn new_unchecked(id: u8) -> NobleId {
        NobleId(id)
    }
}

impl TryFrom<u8> for NobleId {
    type Error = String;
    fn try_from(id: u8) -> Result<Self, Self::Error> {
        NobleId::new(id).ok_or_else(|| format!("noble id {id} does not exist (ids are 0–{})", NOBLE_COUNT - 1))
    }
}

impl From<NobleId> for u8 {
    fn from(n: NobleId) -> u8 {
        n.0
    }
}

impl fmt::Display for NobleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A card level; written 1, 2 or 3 in JSON, held 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Level(u8);

impl Level {
    /// The three levels.
    pub const ALL: [Level; 3] = [Level(0), Level(1), Level(2)];

    /// The level numbered `n` (1–3) as printed on the cards.
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 3 {
            Some(Level(n - 1))
        } else {
            None
        }
    }

    /// The 0-based index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The printed number 1–3.
    #[inline]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// Only for indices known to be below 3.
    #[inline]
    pub(crate) const fn from_index(i: usize) -> Level {
        Level(i as u8)
    }
}

impl TryFrom<u8> for Level {
    type Error = String;
    fn try_from(n: u8) -> Result<Self, Self::Error> {
        Level::new(n).ok_or_else(|| format!("level {n} does not exist (levels are 1–3)"))
    }
}

impl From<Level> for u8 {
    fn from(l: Level) -> u8 {
        l.number()
    }
}

/// A market slot within a level's row, 0–3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Slot(u8);

impl Slot {
    /// The slot numbered `i` (0–3).
    pub const fn new(i: u8) -> Option<Slot> {
        if i < 4 {
            Some(Slot(i))
        } else {
            None
        }
    }

    /// The slot as an array index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Only for indices known to be below 4.
    #[inline]
    pub(crate) const fn from_index(i: usize) -> Slot {
        Slot(i as u8)
    }
}

impl TryFrom<u8> for Slot {
    type Error = String;
    fn try_from(i: u8) -> Result<Self, Self::Error> {
        Slot::new(i).ok_or_else(|| format!("market slot {i} does not exist (slots are 0–3)"))
    }
}

impl From<Slot> for u8 {
    fn from(s: Slot) -> u8 {
        s.0
    }
}

/// Token counts per colour (white, blue, green, red, black, gold): the
/// engine's generic [`Counts`]. In JSON an object naming the colours; colours
/// with 0 are left out.
pub type Tokens = Counts<Token, 6>;

impl CountKind for Token {
    const NAMES: &'static [&'static str] = &["white", "blue", "green", "red", "black", "gold"];
    const FORM: CountsForm = CountsForm::NonZero;
    #[inline]
    fn index(self) -> usize {
        self as usize
    }
}

fn is_zero(x: &u8) -> bool {
    *x == 0
}

/// Card bonuses per gem colour (white, blue, green, red, black). In JSON an
/// object naming the colours; colours with 0 may be left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(from = "BonusRepr", into = "BonusRepr")]
pub struct Bonuses(pub [u8; 5]);

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BonusRepr {
    #[serde(default, skip_serializing_if = "is_zero")]
    white: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    blue: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    green: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    red: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    black: u8,
}

impl From<BonusRepr> for Bonuses {
    fn from(r: BonusRepr) -> Self {
        Bonuses([r.white, r.blue, r.green, r.red, r.black])
    }
}

impl From<Bonuses> for BonusRepr {
    fn from(b: Bonuses) -> Self {
        let [white, blue, green, red, black] = b.0;
        BonusRepr {
            white,
            blue,
            green,
            red,
            black,
        }
    }
}

/// The tokens named in a "take different colours" action, as a multiset so
/// that a request naming a colour twice or naming gold can be refused with the
/// rule it breaks. In JSON a list of colours, e.g. `["white", "blue", "red"]`;
/// it is always written in colour order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(try_from = "Vec<Token>", into = "Vec<Token>")]
pub struct TokenPick(pub(crate) [u8; 6]);

impl TokenPick {
    /// The pick of one token of each colour in `colours`.
    pub fn of(colours: &[Token]) -> TokenPick {
        let mut p = [0u8; 6];
        for t in colours {
            p[t.index()] = p[t.index()].saturating_add(1);
        }
        TokenPick(p)
    }

    /// One token of each gem colour whose bit is set in `mask` (bit 0 = white).
    #[inline]
    pub(crate) const fn from_mask(mask: u8) -> TokenPick {
        TokenPick([
            mask & 1,
            (mask >> 1) & 1,
            (mask >> 2) & 1,
            (mask >> 3) & 1,
            (mask >> 4) & 1,
            0,
        ])
    }

    /// How many tokens of each colour are named.
    pub const fn counts(&self) -> [u8; 6] {
        self.0
    }
}

/// The longest list a pick may be read from (anything longer is malformed).
const MAX_PICK: usize = 12;

impl TryFrom<Vec<Token>> for TokenPick {
    type Error = String;
    fn try_from(v: Vec<Token>) -> Result<Self, Self::Error> {
        if v.len() > MAX_PICK {
            return Err(format!("a pick names at most {MAX_PICK} tokens, got {}", v.len()));
        }
        Ok(TokenPick::of(&v))
    }
}

impl From<TokenPick> for Vec<Token> {
    fn from(p: TokenPick) -> Vec<Token> {
        let mut v = Vec::new();
        for t in Token::ALL {
            for _ in 0..p.0[t.index()] {
                v.push(t);
            }
        }
        v
    }
}
