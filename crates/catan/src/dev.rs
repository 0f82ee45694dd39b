//! Development cards: kinds, counts per kind, and the deck's composition.
//!
//! The deck is a multiset of counts, not an order: drawing is a chance outcome
//! weighted by the counts, so no order exists that could leak.

use engine::Counts;
use serde::{Deserialize, Serialize};

engine::count_kind!(
    /// A kind of development card.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum DevCard {
        /// Knight (Ritter): move the robber and steal.
        Knight = 0,
        /// Victory point (Siegpunkt): never played, counted.
        VictoryPoint = 1,
        /// Road building (Straßenbau): 2 free roads.
        RoadBuilding = 2,
        /// Year of plenty (Erfindung): 2 resources from the bank.
        YearOfPlenty = 3,
        /// Monopoly (Monopol): every other player gives all cards of one resource.
        Monopoly = 4,
    },
    DEV_KINDS,
    EveryKey,
    &["knight", "victory_point", "road_building", "year_of_plenty", "monopoly"]
);

/// Number of development card kinds.
pub const DEV_KINDS: usize = 5;

impl DevCard {
    /// German name.
    pub const fn de(self) -> &'static str {
        match self {
            DevCard::Knight => "Ritter",
            DevCard::VictoryPoint => "Siegpunkt",
            DevCard::RoadBuilding => "Straßenbau",
            DevCard::YearOfPlenty => "Erfindung",
            DevCard::Monopoly => "Monopol",
        }
    }

    /// English name.
    pub const fn en(self) -> &'static str {
        match self {
            DevCard::Knight => "knight",
            DevCard::VictoryPoint => "victory point",
            DevCard::RoadBuilding => "road building",
            DevCard::YearOfPlenty => "year of plenty",
            DevCard::Monopoly => "monopoly",
        }
    }
}

/// A count per development card kind: the generic [`engine::Counts`]. In JSON:
/// `{"knight": 1, "victory_point": 0, "road_building": 0, "year_of_plenty": 0, "monopoly": 0}`.
pub type DevCards = Counts<DevCard, DEV_KINDS>;

/// The base game's deck as a constant of [`DevCards`] (`DevCards::BASE_DECK`).
pub trait DevCardCounts {
    /// The 25 cards of the base game: 14 knights, 5 victory points, 2 of each progress card.
    const BASE_DECK: Self;
}

impl DevCardCounts for DevCards {
    const BASE_DECK: DevCards = DevCards::new([14, 5, 2, 2, 2]);
}
