//! The material Cities & Knights adds to the hand: commodities (paper, cloth,
//! coin), the [`Card`] that names a resource or a commodity wherever the rules
//! say "cards", and the three improvement [`Track`]s with their gates.

use crate::resource::{Resource, Resources, RESOURCE_COUNT};
use engine::Counts;
use serde::{Deserialize, Serialize};

engine::count_kind!(
    /// A commodity (Handelsware), produced only by cities.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum Commodity {
        /// Paper (Papier), from forest; pays for science.
        Paper = 0,
        /// Cloth (Tuch), from pasture; pays for trade.
        Cloth = 1,
        /// Coin (Münze), from mountains; pays for politics.
        Coin = 2,
    },
    COMMODITY_COUNT,
    EveryKey,
    &["paper", "cloth", "coin"]
);

/// Number of commodities.
pub const COMMODITY_COUNT: usize = 3;
/// Cards of each commodity in the game (`ck.material`).
pub const CARDS_PER_COMMODITY: u8 = 12;

impl Commodity {
    /// The commodity a city earns on top of its resource, if any.
    #[inline]
    pub const fn of_resource(r: Resource) -> Option<Commodity> {
        match r {
            Resource::Lumber => Some(Commodity::Paper),
            Resource::Wool => Some(Commodity::Cloth),
            Resource::Ore => Some(Commodity::Coin),
            Resource::Brick | Resource::Grain => None,
        }
    }

    /// The German name.
    pub const fn de(self) -> &'static str {
        match self {
            Commodity::Paper => "Papier",
            Commodity::Cloth => "Tuch",
            Commodity::Coin => "Münze",
        }
    }

    /// The English name.
    pub const fn en(self) -> &'static str {
        match self {
            Commodity::Paper => "paper",
            Commodity::Cloth => "cloth",
            Commodity::Coin => "coin",
        }
    }
}

/// A count per commodity: the generic [`engine::Counts`]. In JSON:
/// `{"paper": 1, "cloth": 0, "coin": 2}`.
pub type Commodities = Counts<Commodity, COMMODITY_COUNT>;

/// The commodity bank as a constant of [`Commodities`] (`Commodities::FULL_BANK`).
pub trait CommodityCounts {
    /// The full bank at the start: 12 of each.
    const FULL_BANK: Self;
}

impl CommodityCounts for Commodities {
    const FULL_BANK: Commodities = Commodities::new([CARDS_PER_COMMODITY; COMMODITY_COUNT]);
}

/// A card of the hand: one of the five resources or one of the three
/// commodities. Rules that speak of "cards" (discards on a 7, steals, bank
/// trades) take a `Card`, so that one action covers both kinds. Its JSON names
/// are those of [`Resource`] and [`Commodity`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Card {
    /// Brick.
    Brick = 0,
    /// Lumber.
    Lumber = 1,
    /// Wool.
    Wool = 2,
    /// Grain.
    Grain = 3,
    /// Ore.
    Ore = 4,
    /// Paper.
    Paper = 5,
    /// Cloth.
    Cloth = 6,
    /// Coin.
    Coin = 7,
}

/// Number of card kinds.
pub const CARD_KINDS: usize = RESOURCE_COUNT + COMMODITY_COUNT;

impl Card {
    /// Every card kind, resources first.
    pub const ALL: [Card; CARD_KINDS] = [
        Card::Brick,
        Card::Lumber,
        Card::Wool,
        Card::Grain,
        Card::Ore,
        Card::Paper,
        Card::Cloth,
        Card::Coin,
    ];

    /// As an array index (resources 0–4, commodities 5–7).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The card of a resource.
    #[inline]
    pub const fn resource(r: Resource) -> Card {
        Card::ALL[r as usize]
    }

    /// The card of a commodity.
    #[inline]
    pub const fn commodity(c: Commodity) -> Card {
        Card::ALL[RESOURCE_COUNT + c as usize]
    }

    /// The resource, if the card is one.
    #[inline]
    pub const fn as_resource(self) -> Option<Resource> {
        let i = self as usize;
        if i < RESOURCE_COUNT {
            Some(Resource::ALL[i])
        } else {
            None
        }
    }

    /// The commodity, if the card is one.
    #[inline]
    pub const fn as_commodity(self) -> Option<Commodity> {
        let i = self as usize;
        if i >= RESOURCE_COUNT {
            Some(Commodity::ALL[i - RESOURCE_COUNT])
        } else {
            None
        }
    }

    /// The German name.
    pub const fn de(self) -> &'static str {
        match (self.as_resource(), self.as_commodity()) {
            (Some(r), _) => r.de(),
            (_, Some(c)) => c.de(),
            _ => "",
        }
    }

    /// The English name.
    pub const fn en(self) -> &'static str {
        match (self.as_resource(), self.as_commodity()) {
            (Some(r), _) => r.en(),
            (_, Some(c)) => c.en(),
            _ => "",
        }
    }
}

/// Reading and changing a pair of resource and commodity counts as one hand.
pub trait Cards {
    /// How many of `card`.
    fn count(&self, card: Card) -> u8;
    /// Adds one `card` (saturating).
    fn put(&mut self, card: Card, n: u8);
    /// Removes up to `n` of `card`.
    fn take(&mut self, card: Card, n: u8);
}

impl Cards for (Resources, Commodities) {
    #[inline]
    fn count(&self, card: Card) -> u8 {
        match (card.as_resource(), card.as_commodity()) {
            (Some(r), _) => self.0.get(r),
            (_, Some(c)) => self.1.get(c),
            _ => 0,
        }
    }
    #[inline]
    fn put(&mut self, card: Card, n: u8) {
        match (card.as_resource(), card.as_commodity()) {
            (Some(r), _) => self.0 .0[r.index()] = self.0 .0[r.index()].saturating_add(n),
            (_, Some(c)) => self.1 .0[c.index()] = self.1 .0[c.index()].saturating_add(n),
            _ => {}
        }
    }
    #[inline]
    fn take(&mut self, card: Card, n: u8) {
        match (card.as_resource(), card.as_commodity()) {
            (Some(r), _) => self.0 .0[r.index()] = self.0 .0[r.index()].saturating_sub(n),
            (_, Some(c)) => self.1 .0[c.index()] = self.1 .0[c.index()].saturating_sub(n),
            _ => {}
        }
    }
}

/// One of the three city-improvement tracks, each with its gate colour on the
/// event die, its commodity and its progress deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Track {
    /// Trade (yellow gate, cloth).
    Trade = 0,
    /// Politics (blue gate, coin).
    Politics = 1,
    /// Science (green gate, paper).
    Science = 2,
}

/// Number of tracks.
pub const TRACK_COUNT: usize = 3;

impl Track {
    /// Every track in index order.
    pub const ALL: [Track; TRACK_COUNT] = [Track::Trade, Track::Politics, Track::Science];

    /// As an array index.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The commodity that pays for the track (`ck.improve.cost`).
    #[inline]
    pub const fn commodity(self) -> Commodity {
        match self {
            Track::Trade => Commodity::Cloth,
            Track::Politics => Commodity::Coin,
            Track::Science => Commodity::Paper,
        }
    }

    /// The German name.
    pub const fn de(self) -> &'static str {
        match self {
            Track::Trade => "Handel",
            Track::Politics => "Politik",
            Track::Science => "Wissenschaft",
        }
    }

    /// The English name.
    pub const fn en(self) -> &'static str {
        match self {
            Track::Trade => "trade",
            Track::Politics => "politics",
            Track::Science => "science",
        }
    }
}

/// The face of the event die: the barbarian ship (three faces) or the city
/// gate of a track (one face each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventFace {
    /// The barbarian ship (3 of 6 faces).
    Ship,
    /// The gate of a track (1 of 6 faces each).
    Gate(Track),
}

impl EventFace {
    /// The four distinct faces with the number of die faces showing each.
    pub const FACES: [(EventFace, u8); 4] = [
        (EventFace::Ship, 3),
        (EventFace::Gate(Track::Trade), 1),
        (EventFace::Gate(Track::Politics), 1),
        (EventFace::Gate(Track::Science), 1),
    ];

    /// The face shown by die side `side` (0–5).
    #[inline]
    pub const fn of_side(side: u8) -> EventFace {
        match side {
            0..=2 => EventFace::Ship,
            3 => EventFace::Gate(Track::Trade),
            4 => EventFace::Gate(Track::Politics),
            _ => EventFace::Gate(Track::Science),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_name_resources_and_commodities() {
        assert_eq!(serde_json::to_string(&Card::Brick).unwrap(), r#""brick""#);
        assert_eq!(serde_json::to_string(&Card::Coin).unwrap(), r#""coin""#);
        for c in Card::ALL {
            let back = c
                .as_resource()
                .map(Card::resource)
                .or(c.as_commodity().map(Card::commodity));
            assert_eq!(back, Some(c));
        }
        assert_eq!(
            serde_json::to_string(&Commodities::new([1, 0, 2])).unwrap(),
            r#"{"paper":1,"cloth":0,"coin":2}"#
        );
        assert_eq!(
            serde_json::to_string(&EventFace::Gate(Track::Science)).unwrap(),
            r#"{"gate":"science"}"#
        );
    }
}
