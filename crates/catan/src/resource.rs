//! Resources and counts of resource cards (hands, the bank, costs, offers).

use engine::Counts;
use serde::{Deserialize, Serialize};

engine::count_kind!(
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
    },
    RESOURCE_COUNT,
    EveryKey,
    &["brick", "lumber", "wool", "grain", "ore"]
);

/// Number of resources.
pub const RESOURCE_COUNT: usize = 5;
/// Cards of each resource in the game.
pub const CARDS_PER_RESOURCE: u8 = 19;

impl Resource {
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

/// A count per resource: the generic [`engine::Counts`]. In JSON:
/// `{"brick": 1, "lumber": 0, …}` (every key written; missing keys read as 0).
pub type Resources = Counts<Resource, RESOURCE_COUNT>;

/// The base game's named counts of resources (the bank and the building
/// costs), as constants of [`Resources`]: `Resources::CITY`. A trait because
/// `Resources` is the engine's generic type.
pub trait ResourceCounts {
    /// The full bank at the start: 19 of each.
    const FULL_BANK: Self;
    /// Road: 1 brick, 1 lumber.
    const ROAD: Self;
    /// Settlement: 1 brick, 1 lumber, 1 wool, 1 grain.
    const SETTLEMENT: Self;
    /// City: 2 grain, 3 ore.
    const CITY: Self;
    /// Development card: 1 wool, 1 grain, 1 ore.
    const DEVELOPMENT: Self;
}

impl ResourceCounts for Resources {
    const FULL_BANK: Resources = Resources::new([CARDS_PER_RESOURCE; RESOURCE_COUNT]);
    const ROAD: Resources = Resources::new([1, 1, 0, 0, 0]);
    const SETTLEMENT: Resources = Resources::new([1, 1, 1, 1, 0]);
    const CITY: Resources = Resources::new([0, 0, 0, 2, 3]);
    const DEVELOPMENT: Resources = Resources::new([0, 0, 1, 1, 1]);
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
