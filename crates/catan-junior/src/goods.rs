//! The five goods and counts of them.
//!
//! Goods are open information in Catan Junior, so a count per good is all the
//! state needs: hands, supply and the Rettungsringe are each a [`Goods`].

use serde::{Deserialize, Serialize};

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
}

impl Good {
    /// Every good in index order.
    pub const ALL: [Good; 5] = [Good::Wood, Good::Wool, Good::Pineapple, Good::Sabre, Good::Gold];

    /// The good as an array index.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

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

/// A count of tiles per good, indexed by [`Good::index`].
///
/// In JSON an object naming only the goods present, e.g. `{"wood": 1, "sabre": 1}`,
/// so hand-written positions stay short.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(from = "GoodsJson", into = "GoodsJson")]
pub struct Goods(pub [u8; 5]);

impl Goods {
    /// No tiles.
    pub const ZERO: Goods = Goods([0; 5]);

    /// Builds a count from (good, n) pairs.
    pub fn of(items: &[(Good, u8)]) -> Goods {
        let mut g = Goods::ZERO;
        for &(good, n) in items {
            g.0[good.index()] = g.0[good.index()].saturating_add(n);
        }
        g
    }

    /// Tiles of `good`.
    #[inline]
    pub const fn get(&self, good: Good) -> u8 {
        self.0[good as usize]
    }

    /// Total number of tiles.
    #[inline]
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }

    /// Whether `self` holds at least `other` of every good.
    #[inline]
    pub fn covers(&self, other: &Goods) -> bool {
        // One subtraction over 16-bit lanes instead of five branches: each lane
        // keeps its guard bit exactly when `self` has at least `other` there.
        const GUARD: u128 = 0x8000_8000_8000_8000_8000;
        (self.lanes() | GUARD).wrapping_sub(other.lanes()) & GUARD == GUARD
    }

    /// The counts spread over 16-bit lanes.
    #[inline]
    fn lanes(&self) -> u128 {
        let g = &self.0;
        g[0] as u128 | (g[1] as u128) << 16 | (g[2] as u128) << 32 | (g[3] as u128) << 48 | (g[4] as u128) << 64
    }

    /// Whether some good appears in both counts.
    #[inline]
    pub fn overlaps(&self, other: &Goods) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| *a > 0 && *b > 0)
    }

    /// Adds `other` (saturating; counts never exceed 255).
    #[inline]
    pub fn add(&mut self, other: &Goods) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a = a.saturating_add(*b);
        }
    }

    /// Removes `other` (saturating at zero; callers check [`Goods::covers`] first).
    #[inline]
    pub fn sub(&mut self, other: &Goods) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a = a.saturating_sub(*b);
        }
    }
}

/// JSON form of [`Goods`]: named fields, zeros left out.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GoodsJson {
    #[serde(default, skip_serializing_if = "is_zero")]
    wood: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    wool: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pineapple: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    sabre: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    gold: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl From<GoodsJson> for Goods {
    fn from(j: GoodsJson) -> Goods {
        Goods([j.wood, j.wool, j.pineapple, j.sabre, j.gold])
    }
}

impl From<Goods> for GoodsJson {
    fn from(g: Goods) -> GoodsJson {
        GoodsJson {
            wood: g.0[0],
            wool: g.0[1],
            pineapple: g.0[2],
            sabre: g.0[3],
            gold: g.0[4],
        }
    }
}

/// A lair costs 1 wood, 1 wool, 1 pineapple and 1 sabre.
pub const LAIR_COST: Goods = Goods([1, 1, 1, 1, 0]);
/// A ship costs 1 wood and 1 wool.
pub const SHIP_COST: Goods = Goods([1, 1, 0, 0, 0]);
/// Asking Coco costs 1 pineapple, 1 sabre and 1 gold.
pub const COCO_COST: Goods = Goods([0, 0, 1, 1, 1]);

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
                    let mut x = Goods([3, 0, 255, 1, 9]);
                    let mut y = Goods([3, 0, 255, 0, 9]);
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
