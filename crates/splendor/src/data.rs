//! The material of Splendor as the project's own tables: the 90 development
//! cards and the 10 nobles, plus the token supply per player count.
//!
//! Card ids are dense: the index into [`CARDS`]. Level 1 holds ids 0–39, level 2
//! ids 40–69 and level 3 ids 70–89, so a card's level follows from its id and a
//! deck is a bitset over its level's ids. The tests check this table against the
//! reference data in `crates/splendor/data/*.csv` and against its known totals.

use crate::types::Token;

/// One development card: its level, the gem bonus it gives, its prestige
/// points and its cost in white, blue, green, red, black.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardDef {
    /// Level 1, 2 or 3.
    pub level: u8,
    /// The permanent bonus the card gives (never gold).
    pub bonus: Token,
    /// Prestige points.
    pub points: u8,
    /// Cost per gem colour: white, blue, green, red, black.
    pub cost: [u8; 5],
}

/// One noble tile: 3 prestige points for the card bonuses it requires.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NobleDef {
    /// Prestige points (3 for every noble).
    pub points: u8,
    /// Required card bonuses per gem colour: white, blue, green, red, black.
    pub requires: [u8; 5],
}

/// Number of development cards.
pub const CARD_COUNT: usize = 90;
/// Number of noble tiles.
pub const NOBLE_COUNT: usize = 10;
/// First card id of each level and one past the last.
pub const LEVEL_START: [u8; 4] = [0, 40, 70, 90];
/// Cards per level.
pub const LEVEL_SIZE: [u8; 3] = [40, 30, 20];

/// Gem tokens per colour by player count (index = players); gold is always 5.
pub const fn gem_supply(players: usize) -> u8 {
    match players {
        2 => 4,
        3 => 5,
        _ => 7,
    }
}

/// The index of gold in token arrays.
pub const GOLD_INDEX: usize = 5;

/// Gold tokens in every game.
pub const GOLD_SUPPLY: u8 = 5;

const W: Token = Token::White;
const U: Token = Token::Blue;
const G: Token = Token::Green;
const R: Token = Token::Red;
const K: Token = Token::Black;

const fn c(level: u8, bonus: Token, points: u8, cost: [u8; 5]) -> CardDef {
    CardDef {
        level,
        bonus,
        points,
        cost,
    }
}

/// The 90 development cards, by id.
#[rustfmt::skip]
pub static CARDS: [CardDef; CARD_COUNT] = [
    c(1, W, 0, [0,0,0,2,1]), // 0
    c(1, W, 0, [0,1,1,1,1]), // 1
    c(1, W, 0, [0,1,2,1,1]), // 2
    c(1, W, 0, [0,2,0,0,2]), // 3
    c(1, W, 0, [0,2,2,0,1]), // 4
    c(1, W, 0, [0,3,0,0,0]), // 5
    c(1, W, 0, [3,1,0,0,1]), // 6
    c(1, W, 1, [0,0,4,0,0]), // 7
    c(1, U, 0, [0,0,0,0,3]), // 8
    c(1, U, 0, [0,0,2,0,2]), // 9
    c(1, U, 0, [0,1,3,1,0]), // 10
    c(1, U, 0, [1,0,0,0,2]), // 11
    c(1, U, 0, [1,0,1,1,1]), // 12
    c(1, U, 0, [1,0,1,2,1]), // 13
    c(1, U, 0, [1,0,2,2,0]), // 14
    c(1, U, 1, [0,0,0,4,0]), // 15
    c(1, G, 0, [0,0,0,3,0]), // 16
    c(1, G, 0, [0,1,0,2,2]), // 17
    c(1, G, 0, [0,2,0,2,0]), // 18
    c(1, G, 0, [1,1,0,1,1]), // 19
    c(1, G, 0, [1,1,0,1,2]), // 20
    c(1, G, 0, [1,3,1,0,0]), // 21
    c(1, G, 0, [2,1,0,0,0]), // 22
    c(1, G, 1, [0,0,0,0,4]), // 23
    c(1, R, 0, [0,2,1,0,0]), // 24
    c(1, R, 0, [1,0,0,1,3]), // 25
    c(1, R, 0, [1,1,1,0,1]), // 26
    c(1, R, 0, [2,0,0,2,0]), // 27
    c(1, R, 0, [2,0,1,0,2]), // 28
    c(1, R, 0, [2,1,1,0,1]), // 29
    c(1, R, 0, [3,0,0,0,0]), // 30
    c(1, R, 1, [4,0,0,0,0]), // 31
    c(1, K, 0, [0,0,1,3,1]), // 32
    c(1, K, 0, [0,0,2,1,0]), // 33
    c(1, K, 0, [0,0,3,0,0]), // 34
    c(1, K, 0, [1,1,1,1,0]), // 35
    c(1, K, 0, [1,2,1,1,0]), // 36
    c(1, K, 0, [2,0,2,0,0]), // 37
    c(1, K, 0, [2,2,0,1,0]), // 38
    c(1, K, 1, [0,4,0,0,0]), // 39
    c(2, W, 1, [0,0,3,2,2]), // 40
    c(2, W, 1, [2,3,0,3,0]), // 41
    c(2, W, 2, [0,0,0,5,0]), // 42
    c(2, W, 2, [0,0,0,5,3]), // 43
    c(2, W, 2, [0,0,1,4,2]), // 44
    c(2, W, 3, [6,0,0,0,0]), // 45
    c(2, U, 1, [0,2,2,3,0]), // 46
    c(2, U, 1, [0,2,3,0,3]), // 47
    c(2, U, 2, [0,5,0,0,0]), // 48
    c(2, U, 2, [2,0,0,1,4]), // 49
    c(2, U, 2, [5,3,0,0,0]), // 50
    c(2, U, 3, [0,6,0,0,0]), // 51
    c(2, G, 1, [2,3,0,0,2]), // 52
    c(2, G, 1, [3,0,2,3,0]), // 53
    c(2, G, 2, [0,0,5,0,0]), // 54
    c(2, G, 2, [0,5,3,0,0]), // 55
    c(2, G, 2, [4,2,0,0,1]), // 56
    c(2, G, 3, [0,0,6,0,0]), // 57
    c(2, R, 1, [0,3,0,2,3]), // 58
    c(2, R, 1, [2,0,0,2,3]), // 59
    c(2, R, 2, [0,0,0,0,5]), // 60
    c(2, R, 2, [1,4,2,0,0]), // 61
    c(2, R, 2, [3,0,0,0,5]), // 62
    c(2, R, 3, [0,0,0,6,0]), // 63
    c(2, K, 1, [3,0,3,0,2]), // 64
    c(2, K, 1, [3,2,2,0,0]), // 65
    c(2, K, 2, [0,0,5,3,0]), // 66
    c(2, K, 2, [0,1,4,2,0]), // 67
    c(2, K, 2, [5,0,0,0,0]), // 68
    c(2, K, 3, [0,0,0,0,6]), // 69
    c(3, W, 3, [0,3,3,5,3]), // 70
    c(3, W, 4, [0,0,0,0,7]), // 71
    c(3, W, 4, [3,0,0,3,6]), // 72
    c(3, W, 5, [3,0,0,0,7]), // 73
    c(3, U, 3, [3,0,3,3,5]), // 74
    c(3, U, 4, [6,3,0,0,3]), // 75
    c(3, U, 4, [7,0,0,0,0]), // 76
    c(3, U, 5, [7,3,0,0,0]), // 77
    c(3, G, 3, [5,3,0,3,3]), // 78
    c(3, G, 4, [0,7,0,0,0]), // 79
    c(3, G, 4, [3,6,3,0,0]), // 80
    c(3, G, 5, [0,7,3,0,0]), // 81
    c(3, R, 3, [3,5,3,0,3]), // 82
    c(3, R, 4, [0,0,7,0,0]), // 83
    c(3, R, 4, [0,3,6,3,0]), // 84
    c(3, R, 5, [0,0,7,3,0]), // 85
    c(3, K, 3, [3,3,5,3,0]), // 86
    c(3, K, 4, [0,0,0,7,0]), // 87
    c(3, K, 4, [0,0,3,6,3]), // 88
    c(3, K, 5, [0,0,0,7,3]), // 89
];

const fn n(requires: [u8; 5]) -> NobleDef {
    NobleDef { points: 3, requires }
}

/// The 10 nobles, by id.
#[rustfmt::skip]
pub static NOBLES: [NobleDef; NOBLE_COUNT] = [
    n([0,0,0,4,4]), // 0
    n([0,0,4,4,0]), // 1
    n([0,4,4,0,0]), // 2
    n([4,0,0,0,4]), // 3
    n([4,4,0,0,0]), // 4
    n([0,0,3,3,3]), // 5
    n([0,3,3,3,0]), // 6
    n([3,0,0,3,3]), // 7
    n([3,3,0,0,3]), // 8
    n([3,3,3,0,0]), // 9
];

/// A card's cost packed one byte per colour (white in the lowest byte), for
/// the branch-free affordability test of [`crate::afford`].
pub static COST_PACKED: [u64; CARD_COUNT] = {
    let mut out = [0u64; CARD_COUNT];
    let mut i = 0;
    while i < CARD_COUNT {
        out[i] = pack5(CARDS[i].cost);
        i += 1;
    }
    out
};

/// A noble's requirement packed one byte per colour, like [`COST_PACKED`].
pub static NOBLE_PACKED: [u64; NOBLE_COUNT] = {
    let mut out = [0u64; NOBLE_COUNT];
    let mut i = 0;
    while i < NOBLE_COUNT {
        out[i] = pack5(NOBLES[i].requires);
        i += 1;
    }
    out
};

/// Packs five small counts into the low five bytes of a `u64`.
pub const fn pack5(v: [u8; 5]) -> u64 {
    (v[0] as u64) | (v[1] as u64) << 8 | (v[2] as u64) << 16 | (v[3] as u64) << 24 | (v[4] as u64) << 32
}

/// The level (0-based) a card id belongs to.
#[inline]
pub const fn level_of(card: u8) -> usize {
    if card < LEVEL_START[1] {
        0
    } else if card < LEVEL_START[2] {
        1
    } else {
        2
    }
}
