//! Progress cards (`ck.progress.*`): the 54 cards in three decks of 18, the
//! draws on a gate face (`ck.progress.draw`), the hand limit of 4
//! (`ck.progress.hand_limit`) and the victory point cards revealed at once
//! (`ck.progress.vp_cards`).
//!
//! A deck is kept as two multisets, not as an order: the unseen cards on top
//! and the cards put back underneath (`ck.progress.under_deck`). Deck orders
//! are hidden from everyone, so a draw is a chance outcome weighted by the
//! counts: from the unseen part while it lasts, then from the cards put back
//! (decision `ck.decide.under_deck`: nobody is assumed to remember in which
//! order they went under).

use super::cards::{Track, TRACK_COUNT};
use engine::Counts;
use serde::{Deserialize, Serialize};

engine::count_kind!(
    /// A progress card, keyed by kind (names are display strings).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    #[allow(missing_docs)]
    pub enum ProgressCard {
        // Science (green).
        Alchemist,
        Crane,
        Engineer,
        Inventor,
        Irrigation,
        Medicine,
        Mining,
        Printer,
        RoadBuilding,
        Smith,
        // Politics (blue).
        Bishop,
        Constitution,
        Deserter,
        Diplomat,
        Intrigue,
        Saboteur,
        Spy,
        Warlord,
        Wedding,
        // Trade (yellow).
        CommercialHarbor,
        MasterMerchant,
        Merchant,
        MerchantFleet,
        ResourceMonopoly,
        TradeMonopoly,
    },
    PROGRESS_KINDS,
    NonZero,
    &PROGRESS_NAMES
);

/// Number of progress card kinds.
pub const PROGRESS_KINDS: usize = 25;
/// Progress cards a player may hold, victory point cards not counted.
pub const PROGRESS_HAND_LIMIT: u32 = 4;

impl ProgressCard {
    /// The deck the card belongs to.
    pub const fn track(self) -> Track {
        match self as usize {
            0..=9 => Track::Science,
            10..=18 => Track::Politics,
            _ => Track::Trade,
        }
    }

    /// Copies in the game (`ck.progress.*` tables).
    pub const fn copies(self) -> u8 {
        use ProgressCard::*;
        match self {
            Engineer | Printer | Constitution => 1,
            Spy => 3,
            ResourceMonopoly => 4,
            Merchant => 6,
            _ => 2,
        }
    }

    /// Whether the card is a victory point card, revealed when drawn.
    #[inline]
    pub const fn is_vp(self) -> bool {
        matches!(self, ProgressCard::Printer | ProgressCard::Constitution)
    }

    /// The display name (English).
    pub const fn en(self) -> &'static str {
        use ProgressCard::*;
        match self {
            Alchemist => "Alchemist",
            Crane => "Crane",
            Engineer => "Engineer",
            Inventor => "Inventor",
            Irrigation => "Irrigation",
            Medicine => "Medicine",
            Mining => "Mining",
            Printer => "Printer",
            RoadBuilding => "Road Building",
            Smith => "Smith",
            Bishop => "Bishop",
            Constitution => "Constitution",
            Deserter => "Deserter",
            Diplomat => "Diplomat",
            Intrigue => "Intrigue",
            Saboteur => "Saboteur",
            Spy => "Spy",
            Warlord => "Warlord",
            Wedding => "Wedding",
            CommercialHarbor => "Commercial Harbor",
            MasterMerchant => "Master Merchant",
            Merchant => "Merchant",
            MerchantFleet => "Merchant Fleet",
            ResourceMonopoly => "Resource Monopoly",
            TradeMonopoly => "Trade Monopoly",
        }
    }

    /// The display name (German).
    pub const fn de(self) -> &'static str {
        use ProgressCard::*;
        match self {
            Alchemist => "Alchimist",
            Crane => "Kran",
            Engineer => "Ingenieur",
            Inventor => "Erfinder",
            Irrigation => "Bewässerung",
            Medicine => "Medizin",
            Mining => "Bergbau",
            Printer => "Buchdruck",
            RoadBuilding => "Straßenbau",
            Smith => "Schmied",
            Bishop => "Bischof",
            Constitution => "Verfassung",
            Deserter => "Überläufer",
            Diplomat => "Diplomat",
            Intrigue => "Intrige",
            Saboteur => "Saboteur",
            Spy => "Spion",
            Warlord => "Kriegsherr",
            Wedding => "Hochzeit",
            CommercialHarbor => "Handelshafen",
            MasterMerchant => "Meisterhändler",
            Merchant => "Händler",
            MerchantFleet => "Handelsflotte",
            ResourceMonopoly => "Rohstoffmonopol",
            TradeMonopoly => "Handelsmonopol",
        }
    }
}

/// A multiset of progress cards: the generic [`engine::Counts`]. In JSON a
/// map from card to count; zero counts are left out.
pub type ProgressCards = Counts<ProgressCard, PROGRESS_KINDS>;

/// The JSON name of every card, in index order.
const PROGRESS_NAMES: [&str; PROGRESS_KINDS] = [
    "alchemist",
    "crane",
    "engineer",
    "inventor",
    "irrigation",
    "medicine",
    "mining",
    "printer",
    "road_building",
    "smith",
    "bishop",
    "constitution",
    "deserter",
    "diplomat",
    "intrigue",
    "saboteur",
    "spy",
    "warlord",
    "wedding",
    "commercial_harbor",
    "master_merchant",
    "merchant",
    "merchant_fleet",
    "resource_monopoly",
    "trade_monopoly",
];

/// What a hand and a deck of progress cards are asked beyond a count.
pub trait ProgressHand {
    /// The full deck of one track.
    fn full_deck(track: Track) -> Self;
    /// Adds one card.
    fn add_card(&mut self, c: ProgressCard);
    /// Removes one card (if held).
    fn remove_card(&mut self, c: ProgressCard);
    /// Number of cards of one track.
    fn of_track(&self, t: Track) -> u32;
    /// Cards that count for the hand limit (victory point cards excluded).
    fn limited(&self) -> u32;
}

impl ProgressHand for ProgressCards {
    fn full_deck(track: Track) -> ProgressCards {
        let mut p = ProgressCards::ZERO;
        for c in ProgressCard::ALL {
            if c.track() == track {
                p.0[c.index()] = c.copies();
            }
        }
        p
    }
    #[inline]
    fn add_card(&mut self, c: ProgressCard) {
        self.0[c.index()] = self.0[c.index()].saturating_add(1);
    }
    #[inline]
    fn remove_card(&mut self, c: ProgressCard) {
        self.0[c.index()] = self.0[c.index()].saturating_sub(1);
    }
    fn of_track(&self, t: Track) -> u32 {
        ProgressCard::ALL
            .iter()
            .filter(|c| c.track() == t)
            .map(|c| self.0[c.index()] as u32)
            .sum()
    }
    fn limited(&self) -> u32 {
        self.total() - self.get(ProgressCard::Printer) as u32 - self.get(ProgressCard::Constitution) as u32
    }
}

/// One progress deck: unseen cards on top, cards put back underneath.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Deck {
    /// Cards never drawn (their order is unknown to everyone).
    pub top: ProgressCards,
    /// Cards played or discarded, face down under the deck.
    #[serde(default)]
    pub under: ProgressCards,
}

impl Deck {
    /// The part the next card comes from.
    #[inline]
    pub fn drawing(&self) -> &ProgressCards {
        if self.top.is_empty() {
            &self.under
        } else {
            &self.top
        }
    }
    /// Cards in the deck.
    #[inline]
    pub fn len(&self) -> u32 {
        self.top.total() + self.under.total()
    }
    /// Whether the deck is empty (`ck.progress.draw`: an empty deck gives nothing).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.top.is_empty() && self.under.is_empty()
    }
    /// Takes `c` from the part drawn from.
    pub fn take(&mut self, c: ProgressCard) {
        if self.top.is_empty() {
            self.under.remove_card(c);
        } else {
            self.top.remove_card(c);
        }
    }
}

/// The three fresh decks, indexed by track.
pub fn fresh_decks() -> [Deck; TRACK_COUNT] {
    Track::ALL.map(|t| Deck {
        top: ProgressCards::full_deck(t),
        under: ProgressCards::ZERO,
    })
}

/// Whether a player with improvement level `level` draws when the red die shows
/// `red` (`ck.progress.draw`: level L draws on red ≤ L + 1).
#[inline]
pub const fn draws(level: u8, red: u8) -> bool {
    level >= 1 && red <= level + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_decks_of_eighteen() {
        for t in Track::ALL {
            assert_eq!(ProgressCards::full_deck(t).total(), 18, "{t:?}");
        }
        let json = serde_json::to_string(&ProgressCards::full_deck(Track::Politics)).unwrap();
        assert!(json.contains(r#""spy":3"#), "{json}");
        let back: ProgressCards = serde_json::from_str(&json).unwrap();
        assert_eq!(back, ProgressCards::full_deck(Track::Politics));
    }

    /// `ck.progress.draw`: the table of red dice per level.
    #[test]
    fn ck_progress_draw_table() {
        assert!(!draws(0, 1));
        assert!(draws(1, 2) && !draws(1, 3));
        assert!(draws(3, 4) && !draws(3, 5));
        assert!(draws(5, 6));
    }
}
