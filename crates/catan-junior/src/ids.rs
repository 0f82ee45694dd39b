//! Dense ids of sites, routes and islands, and their JSON forms.
//!
//! Inside the engine every site, route and island is a small dense number used
//! as a bit position. In JSON they read as on the printed board: sites by their
//! printed number (1-based), ship routes by the two sites they join, islands by
//! letter (`"castle"` for Käpt'n Klau's castle island).

use serde::{Deserialize, Serialize};

/// A lair site. Dense id = printed number − 1; JSON: the printed number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "u8", try_from = "u8")]
pub struct Site(pub u8);

impl Site {
    /// The site with printed number `n` (1-based).
    pub const fn printed(n: u8) -> Site {
        Site(n.wrapping_sub(1))
    }

    /// The printed number.
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// The dense id as an index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl From<Site> for u8 {
    fn from(s: Site) -> u8 {
        s.0.saturating_add(1)
    }
}

impl TryFrom<u8> for Site {
    type Error = String;
    fn try_from(n: u8) -> Result<Site, String> {
        if (1..=64).contains(&n) {
            Ok(Site(n - 1))
        } else {
            Err(format!("site {n} does not exist (sites are numbered from 1)"))
        }
    }
}

/// A ship route, named by the two sites it joins (lower first).
/// JSON: `[4, 5]` with printed site numbers, in either order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "[u8; 2]", try_from = "[u8; 2]")]
pub struct Link {
    a: Site,
    b: Site,
}

impl Link {
    /// The route between two sites, in canonical order.
    pub fn new(x: Site, y: Site) -> Link {
        if x <= y {
            Link { a: x, b: y }
        } else {
            Link { a: y, b: x }
        }
    }

    /// The route between two printed site numbers.
    pub fn printed(x: u8, y: u8) -> Link {
        Link::new(Site::printed(x), Site::printed(y))
    }

    /// The lower site.
    pub const fn a(self) -> Site {
        self.a
    }

    /// The higher site.
    pub const fn b(self) -> Site {
        self.b
    }
}

impl From<Link> for [u8; 2] {
    fn from(l: Link) -> [u8; 2] {
        [l.a.into(), l.b.into()]
    }
}

impl TryFrom<[u8; 2]> for Link {
    type Error = String;
    fn try_from(v: [u8; 2]) -> Result<Link, String> {
        let x = Site::try_from(v[0])?;
        let y = Site::try_from(v[1])?;
        if x == y {
            return Err(format!("a route joins two different sites, not {} and {}", v[0], v[1]));
        }
        Ok(Link::new(x, y))
    }
}

/// An island. Land islands are 0.. in letter order (`"A"`, `"B"`, …); the castle
/// island is [`Island::CASTLE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Island(pub u8);

impl Island {
    /// Käpt'n Klau's castle island: no number, no goods.
    pub const CASTLE: Island = Island(15);

    /// The island as an index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is the castle island.
    #[inline]
    pub const fn is_castle(self) -> bool {
        self.0 == Island::CASTLE.0
    }
}

impl From<Island> for String {
    fn from(i: Island) -> String {
        if i.is_castle() {
            "castle".to_string()
        } else {
            char::from(b'A'.saturating_add(i.0)).to_string()
        }
    }
}

impl TryFrom<String> for Island {
    type Error = String;
    fn try_from(s: String) -> Result<Island, String> {
        if s == "castle" {
            return Ok(Island::CASTLE);
        }
        let bytes = s.as_bytes();
        if bytes.len() == 1 && (b'A'..b'A' + 15).contains(&bytes[0]) {
            Ok(Island(bytes[0] - b'A'))
        } else {
            Err(format!("island {s:?} does not exist (letters A–O or \"castle\")"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_uses_printed_numbers_and_letters() {
        assert_eq!(serde_json::to_string(&Site::printed(5)).unwrap(), "5");
        assert_eq!(serde_json::to_string(&Link::printed(16, 15)).unwrap(), "[15,16]");
        let l: Link = serde_json::from_str("[16,15]").unwrap();
        assert_eq!(l, Link::printed(15, 16));
        assert!(serde_json::from_str::<Link>("[3,3]").is_err());
        assert!(serde_json::from_str::<Site>("0").is_err());
        assert_eq!(serde_json::to_string(&Island(3)).unwrap(), "\"D\"");
        assert_eq!(serde_json::to_string(&Island::CASTLE).unwrap(), "\"castle\"");
        assert_eq!(serde_json::from_str::<Island>("\"L\"").unwrap(), Island(11));
        assert!(serde_json::from_str::<Island>("\"Z\"").is_err());
    }
}
