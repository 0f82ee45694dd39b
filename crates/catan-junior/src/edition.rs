//! Edition data: ONE table per edition.
//!
//! Every printed fact the rules take for granted (pieces per colour, the Coco
//! deck, starting goods, supply size, colours, board encodings) lives in one
//! `static` per edition below, so a correction of a printed fact is a one-line
//! change. Where each fact comes from, and which are unverified, is documented
//! in `docs/games/catan-junior.md`.

use crate::board_data::{BoardData, FOUR_PLAYER_SIDE, TWO_PLAYER_SIDE};
use crate::goods::Goods;
use serde::{Deserialize, Serialize};

/// The edition played. `kosmos2015` is the edition seed 001 describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Edition {
    /// Kosmos "Catan Junior" (2014/2015): Käpt'n Klau, Coco, five Rettungsringe.
    #[default]
    #[serde(rename = "kosmos2015")]
    Kosmos2015,
    /// The English edition of 2012.
    #[serde(rename = "english2012")]
    English2012,
}

impl Edition {
    /// The data table of the edition.
    #[inline]
    pub fn data(self) -> &'static EditionData {
        match self {
            Edition::Kosmos2015 => &KOSMOS_2015,
            Edition::English2012 => &ENGLISH_2012,
        }
    }
}

/// The kinds of Coco card (index order of every per-kind array).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CocoCard {
    /// Move Käpt'n Klau to another island and take 2 tiles of its good.
    MoveKlau = 0,
    /// Build 1 lair or 1 ship for free.
    FreeBuild = 1,
    /// Take the pictured tiles: 2 wood and 2 pineapple.
    WoodPineapple = 2,
    /// Take the pictured tiles: 2 wool and 2 sabre.
    WoolSabre = 3,
}

impl CocoCard {
    /// Every kind in index order.
    pub const ALL: [CocoCard; 4] = [
        CocoCard::MoveKlau,
        CocoCard::FreeBuild,
        CocoCard::WoodPineapple,
        CocoCard::WoolSabre,
    ];

    /// The kind as an array index.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// The printed facts of one edition.
#[derive(Debug)]
pub struct EditionData {
    /// Stable name (the serde name of [`Edition`]).
    pub id: &'static str,
    /// Tiles of each good in the game (supply + hands + rings).
    pub tiles_per_good: u8,
    /// Pirate lairs per colour; all of them on the board wins.
    pub lairs_per_colour: u8,
    /// Ships per colour.
    pub ships_per_colour: u8,
    /// Coco deck: number of cards of each kind, indexed by [`CocoCard::index`].
    pub deck: [u8; 4],
    /// The tiles pictured on each kind of card (zero for cards without tiles).
    pub card_goods: [Goods; 4],
    /// Tiles each player takes at set-up.
    pub starting_goods: Goods,
    /// Colour names of the seats on the 3–4-player side, in seat order.
    pub colours: [&'static str; 4],
    /// Colour names of the two seats on the 2-player side (`junior.setup.two_player_colours`).
    pub two_player_colours: [&'static str; 2],
    /// The 3–4-player side of the board.
    pub board: &'static BoardData,
    /// The 2-player side of the board.
    pub two_player_board: &'static BoardData,
}

/// Kosmos 2014/2015, the edition of seed 001.
pub static KOSMOS_2015: EditionData = EditionData {
    id: "kosmos2015",
    tiles_per_good: 18,
    lairs_per_colour: 7,
    ships_per_colour: 7,
    deck: [7, 5, 2, 2],
    card_goods: [
        Goods::new([0, 0, 0, 0, 0]),
        Goods::new([0, 0, 0, 0, 0]),
        Goods::new([2, 0, 2, 0, 0]),
        Goods::new([0, 2, 0, 2, 0]),
    ],
    starting_goods: Goods::new([1, 0, 0, 1, 0]),
    colours: ["red", "purple", "yellow", "blue"],
    two_player_colours: ["red", "purple"],
    board: &FOUR_PLAYER_SIDE,
    two_player_board: &TWO_PLAYER_SIDE,
};

/// English 2012.
pub static ENGLISH_2012: EditionData = EditionData {
    id: "english2012",
    tiles_per_good: 18,
    lairs_per_colour: 7,
    ships_per_colour: 8,
    deck: [11, 3, 3, 3],
    card_goods: [
        Goods::new([0, 0, 0, 0, 0]),
        Goods::new([0, 0, 0, 0, 0]),
        Goods::new([2, 0, 2, 0, 0]),
        Goods::new([0, 2, 0, 2, 0]),
    ],
    starting_goods: Goods::new([1, 0, 1, 0, 0]),
    colours: ["red", "white", "orange", "blue"],
    two_player_colours: ["red", "white"],
    board: &FOUR_PLAYER_SIDE,
    two_player_board: &TWO_PLAYER_SIDE,
};

impl EditionData {
    /// Number of Coco cards in the full deck.
    pub fn deck_size(&self) -> u32 {
        self.deck.iter().map(|&n| n as u32).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decks_have_the_documented_sizes() {
        assert_eq!(KOSMOS_2015.deck_size(), 16);
        assert_eq!(ENGLISH_2012.deck_size(), 20);
        // Pieces must fit the bitsets and counters of the state.
        for e in [&KOSMOS_2015, &ENGLISH_2012] {
            assert!(e.lairs_per_colour <= 16 && e.ships_per_colour <= 16);
            assert_eq!(e.card_goods[CocoCard::MoveKlau.index()].total(), 0);
            assert_eq!(e.card_goods[CocoCard::FreeBuild.index()].total(), 0);
            assert_eq!(e.card_goods[CocoCard::WoodPineapple.index()].total(), 4);
            assert_eq!(e.card_goods[CocoCard::WoolSabre.index()].total(), 4);
        }
    }

    #[test]
    fn edition_names_in_json() {
        assert_eq!(serde_json::to_string(&Edition::Kosmos2015).unwrap(), "\"kosmos2015\"");
        assert_eq!(serde_json::to_string(&Edition::English2012).unwrap(), "\"english2012\"");
    }
}
