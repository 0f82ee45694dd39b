//! Resources and counts of resource cards (hands, the bank, costs, offers).

use serde::{Deserialize, Serialize};

/// One of the five resources, in the order of the rules' cost table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resource {
    /// Brick (Lehm), from hills.
    Brick = 0,
    /// Lumber (Holz), from forest.
    Lumber = 1,
    /// Wool (Wolle), from pasture.
    Wool = 2,
    /// Grain (Getreide), from fields.
    Grain = 3,
    /// Ore (Erz), from mountains.
    Ore = 4,
}

/// Number of resources.
pub const RESOURCE_COUNT: usize = 5;
/// Cards of each resource in the game.
pub const CARDS_PER_RESOURCE: u8 = 19;

impl Resource {
    /// Every resource in index order.
    pub const ALL: [Resource; RESOURCE_COUNT] = [
        Resource::Brick,
        Resource::Lumber,
        Resource::Wool,
        Resource::Grain,
        Resource::Ore,
    ];

    /// As an array index.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The German name.
    pub const fn de(self) -> &'static str {
        match self {
            Resource::Brick => "Lehm",
            Resource::Lumber => "Holz",
            Resource::Wool => "Wolle",
            Resource::Grain => "Getreide",
            Resource::Ore => "Erz",
        }
    }

    /// The English name.
    pub const fn en(self) -> &'static str {
        match self {
            Resource::Brick => "brick",
            Resource::Lumber => "lumber",
            Resource::Wool => "wool",
            Resource::Grain => "grain",
            Resource::Ore => "ore",
        }
    }
}

/// A count per resource. In JSON: `{"brick": 1, "lumber": 0, …}` (missing keys are 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(from = "Named", into = "Named")]
pub struct Resources(pub [u8; RESOURCE_COUNT]);

#[derive(Serialize, Deserialize)]
struct Named {
    #[serde(default)]
    brick: u8,
    #[serde(default)]
    lumber: u8,
    #[serde(default)]
    wool: u8,
    #[serde(default)]
    grain: u8,
    #[serde(default)]
    ore: u8,
}

impl From<Named> for Resources {
    fn from(n: Named) -> Self {
        Resources([n.brick, n.lumber, n.wool, n.grain, n.ore])
    }
}

impl From<Resources> for Named {
    fn from(r: Resources) -> Self {
        let [brick, lumber, wool, grain, ore] = r.0;
        Named {
            brick,
            lumber,
            wool,
            grain,
            ore,
        }
    }
}

impl Resources {
    /// No cards.
    pub const ZERO: Resources = Resources([0; RESOURCE_COUNT]);
    /// The full bank at the start: 19 of each.
    pub const FULL_BANK: Resources = Resources([CARDS_PER_RESOURCE; RESOURCE_COUNT]);
    /// Road: 1 brick, 1 lumber.
    pub const ROAD: Resources = Resources([1, 1, 0, 0, 0]);
    /// Settlement: 1 brick, 1 lumber, 1 wool, 1 grain.
    pub const SETTLEMENT: Resources = Resources([1, 1, 1, 1, 0]);
    /// City: 2 grain, 3 ore.
    pub const CITY: Resources = Resources([0, 0, 0, 2, 3]);
    /// Development card: 1 wool, 1 grain, 1 ore.
    pub const DEVELOPMENT: Resources = Resources([0, 0, 1, 1, 1]);

    /// Builds a count from `(resource, n)` pairs.
    pub fn of(pairs: &[(Resource, u8)]) -> Resources {
        let mut r = Resources::ZERO;
        for &(res, n) in pairs {
            r.0[res.index()] += n;
        }
        r
    }

    /// The count of one resource.
    #[inline]
    pub const fn get(&self, r: Resource) -> u8 {
        self.0[r as usize]
    }

    /// Total number of cards.
    #[inline]
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&x| x as u32).sum()
    }

    /// Whether every count is at least the other's.
    #[inline]
    pub fn covers(&self, cost: &Resources) -> bool {
        self.0.iter().zip(cost.0.iter()).all(|(a, b)| a >= b)
    }

    /// Subtracts (saturating; callers check [`Resources::covers`] first).
    #[inline]
    pub fn sub(&mut self, cost: &Resources) {
        for (a, b) in self.0.iter_mut().zip(cost.0.iter()) {
            *a = a.saturating_sub(*b);
        }
    }

    /// Adds (saturating).
    #[inline]
    pub fn add(&mut self, gain: &Resources) {
        for (a, b) in self.0.iter_mut().zip(gain.0.iter()) {
            *a = a.saturating_add(*b);
        }
    }

    /// Whether no card is counted.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; RESOURCE_COUNT]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_names_resources() {
        let r = Resources::CITY;
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            r#"{"brick":0,"lumber":0,"wool":0,"grain":2,"ore":3}"#
        );
        let back: Resources = serde_json::from_str(r#"{"ore":3,"grain":2}"#).unwrap();
        assert_eq!(back, r);
    }
}
