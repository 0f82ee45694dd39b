//! The five goods and counts of them.
//!
//! Goods are open information in Catan Junior, so a count per good is all the
//! state needs: hands, supply and the Rettungsringe are each a [`Goods`].

use engine::Counts;
use serde::{Deserialize, Serialize};

engine::count_kind!(
    /// One of the five goods (Plättchensorten).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum Good {
        /// Holz, from the forest.
        Wood = 0,
        /// Wolle, from the sheep meadow.
        Wool = 1,
        /// Ananas, from the plantation.
        Pineapple = 2,
        /// Säbel, from the mine.
        Sabre = 3,
        /// Gold, from the gold river.
        Gold = 4,
    },
    5,
    NonZero,
    &["wood", "wool", "pineapple", "sabre", "gold"]
);

impl Good {
    /// The good with index `i` (0–4).
    #[inline]
    pub const fn from_index(i: usize) -> Option<Good> {
        match i {
            0 => Some(Good::Wood),
            1 => Some(Good::Wool),
            2 => Some(Good::Pineapple),
            3 => Some(Good::Sabre),
            4 => Some(Good::Gold),
            _ => None,
        }
    }

    /// German name, for messages.
    pub const fn de(self) -> &'static str {
        match self {
            Good::Wood => "Holz",
            Good::Wool => "Wolle",
            Good::Pineapple => "Ananas",
            Good::Sabre => "Säbel",
            Good::Gold => "Gold",
        }
    }

    /// English name, for messages.
    pub const fn en(self) -> &'static str {
        match self {
            Good::Wood => "wood",
            Good::Wool => "wool",
            Good::Pineapple => "pineapple",
            Good::Sabre => "sabre",
            Good::Gold => "gold",
        }
    }
}

/// A count of tiles per good, indexed by [`Good::index`]: the engine's
/// generic [`Counts`].
///
/// In JSON an object naming only the goods present, e.g. `{"wood": 1, "sabre": 1}`,
/// so hand-written positions stay short.
pub type Goods = Counts<Good, 5>;

/// A lair costs 1 wood, 1 wool, 1 pineapple and 1 sabre.
pub const LAIR_COST: Goods = Goods::new([1, 1, 1, 1, 0]);
/// A ship costs 1 wood and 1 wool.
pub const SHIP_COST: Goods = Goods::new([1, 1, 0, 0, 0]);
/// Asking Coco costs 1 pineapple, 1 sabre and 1 gold.
pub const COCO_COST: Goods = Goods::new([0, 0, 1, 1, 1]);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goods_json_names_only_present_goods() {
        let g = Goods::of(&[(Good::Wood, 1), (Good::Sabre, 2)]);
        let json = serde_json::to_string(&g).unwrap();
        assert_eq!(json, r#"{"wood":1,"sabre":2}"#);
        let back: Goods = serde_json::from_str(&json).unwrap();
        assert_eq!(back, g);
        assert!(serde_json::from_str::<Goods>(r#"{"brick":1}"#).is_err());
    }

    #[test]
    fn covers_compares_every_good() {
        let values = [0u8, 1, 2, 17, 128, 255];
        for &a in &values {
            for &b in &values {
                for i in 0..5 {
                    let mut x = Goods::new([3, 0, 255, 1, 9]);
                    let mut y = Goods::new([3, 0, 255, 0, 9]);
                    x.0[i] = a;
                    y.0[i] = b;
                    let plain = x.0.iter().zip(y.0.iter()).all(|(p, q)| p >= q);
                    assert_eq!(x.covers(&y), plain, "{x:?} covers {y:?}");
                }
            }
        }
    }

    #[test]
    fn costs_match_the_rules() {
        assert_eq!(LAIR_COST.total(), 4);
        assert_eq!(SHIP_COST.total(), 2);
        assert_eq!(COCO_COST.total(), 3);
        assert_eq!(COCO_COST.get(Good::Gold), 1);
    }
}
