//! Board topology as dense ids and bitsets, built once per edition and side and
//! shared by every state (`OnceLock`), never cloned.

use crate::board_data::BoardData;
use crate::edition::Edition;
use crate::goods::Good;
use crate::ids::{Island, Link, Site};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// Which side of the board is played: decided by the number of players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The side with 4 parrots, for 3 and 4 players.
    FourPlayer,
    /// The side with 2 parrots, for 2 players (red and purple only).
    TwoPlayer,
}

impl Side {
    /// The side for a number of players.
    pub const fn for_players(players: usize) -> Side {
        if players == 2 {
            Side::TwoPlayer
        } else {
            Side::FourPlayer
        }
    }
}

/// One land island of a built board.
#[derive(Clone, Debug)]
pub struct LandIsland {
    /// Letter.
    pub name: &'static str,
    /// Good produced.
    pub good: Good,
    /// Die number.
    pub number: u8,
    /// Its sites as a bitset.
    pub sites: u64,
    /// Its sites in ring order.
    pub ring: Vec<Site>,
}

/// The start pieces of one seat as bitsets.
#[derive(Clone, Copy, Debug)]
pub struct StartPieces {
    /// Lair sites.
    pub lairs: u64,
    /// Ship routes.
    pub ships: u64,
}

/// A built board: everything the rules ask of the topology, precomputed.
#[derive(Debug)]
pub struct Board {
    /// Which side.
    pub side: Side,
    /// Ordinary sites (dense ids `0..sites`); the castle site is id `sites`.
    pub sites: u8,
    /// The castle site's dense id.
    pub castle_site: Site,
    /// Land islands, in letter order.
    pub islands: Vec<LandIsland>,
    /// Sites of the castle island's ring (bitset; empty on the 2-player side).
    pub castle_ring: u64,
    /// Routes as site pairs, by dense route id.
    pub routes: Vec<Link>,
    /// Per route: the bitset of its two sites.
    pub route_sites: Vec<u64>,
    /// Per site (castle included): the bitset of routes touching it.
    pub site_routes: Vec<u64>,
    /// Site pair → route id (`u8::MAX` for none), indexed `a * 64 + b`.
    route_of: Vec<u8>,
    /// Per die number 1–5: the bitset of land islands with that number.
    pub islands_by_number: [u16; 6],
    /// Bitset of every ordinary (buildable) site.
    pub buildable: u64,
    /// Bitset of every route.
    pub all_routes: u64,
    /// Start pieces in seat order.
    pub starts: Vec<StartPieces>,
    /// `ends_by_byte[k][b]`: the sites at the ends of the routes `8k + i` for
    /// the bits `i` of `b`, so the ends of a set of ships are a few table
    /// look-ups without branches.
    ends_by_byte: Vec<[u64; 256]>,
    /// `routes_by_byte[k][b]`: the routes touching the sites `8k + i` for the bits `i` of `b`.
    routes_by_byte: Vec<[u64; 256]>,
}

/// Per byte of a bitset, the union of `of(i)` over the set bits `i` of every byte value.
fn byte_tables(bits: usize, of: impl Fn(usize) -> u64) -> Vec<[u64; 256]> {
    (0..bits.div_ceil(8))
        .map(|k| {
            let mut t = [0u64; 256];
            for (b, entry) in t.iter_mut().enumerate() {
                for i in 0..8 {
                    if b & (1 << i) != 0 && 8 * k + i < bits {
                        *entry |= of(8 * k + i);
                    }
                }
            }
            t
        })
        .collect()
}

fn bit(i: u8) -> u64 {
    1u64 << (i & 63)
}

impl Board {
    /// The shared board of an edition and side.
    pub fn get(edition: Edition, side: Side) -> &'static Board {
        static BOARDS: [[OnceLock<Board>; 2]; 2] = [
            [const { OnceLock::new() }, const { OnceLock::new() }],
            [const { OnceLock::new() }, const { OnceLock::new() }],
        ];
        let (e, s) = (edition as usize, side as usize);
        BOARDS[e][s].get_or_init(|| {
            let data = edition.data();
            Board::build(
                side,
                match side {
                    Side::FourPlayer => data.board,
                    Side::TwoPlayer => data.two_player_board,
                },
            )
        })
    }

    /// Builds the topology from printed data. The data is static and checked by
    /// unit tests, so malformed entries (which cannot come from outside) are
    /// skipped rather than panicking.
    pub fn build(side: Side, data: &BoardData) -> Board {
        let sites = data.sites.min(63);
        let castle_site = Site(sites);
        let islands: Vec<LandIsland> = data
            .islands
            .iter()
            .take(15)
            .map(|d| LandIsland {
                name: d.name,
                good: d.good,
                number: d.number,
                sites: d.sites.iter().filter(|&&n| n != 0).fold(0, |m, &n| m | bit(n - 1)),
                ring: d.sites.iter().filter(|&&n| n != 0).map(|&n| Site::printed(n)).collect(),
            })
            .collect();
        let castle_ring = data.castle_ring.iter().fold(0, |m, &n| m | bit(n.wrapping_sub(1)));
        let routes: Vec<Link> = data.routes.iter().take(64).map(|&(a, b)| Link::printed(a, b)).collect();
        let route_sites: Vec<u64> = routes.iter().map(|l| bit(l.a().0) | bit(l.b().0)).collect();
        let mut site_routes = vec![0u64; sites as usize + 1];
        let mut route_of = vec![u8::MAX; 64 * 64];
        for (r, l) in routes.iter().enumerate() {
            for s in [l.a(), l.b()] {
                if let Some(m) = site_routes.get_mut(s.index()) {
                    *m |= 1u64 << r;
                }
            }
            route_of[(l.a().index() & 63) * 64 + (l.b().index() & 63)] = r as u8;
        }
        let mut islands_by_number = [0u16; 6];
        for (i, isl) in islands.iter().enumerate() {
            if let Some(m) = islands_by_number.get_mut(isl.number as usize) {
                *m |= 1 << i;
            }
        }
        let starts = data
            .starts
            .iter()
            .map(|s| StartPieces {
                lairs: s.lairs.iter().fold(0, |m, &n| m | bit(n.wrapping_sub(1))),
                ships: s.ships.iter().fold(0, |m, &(a, b)| {
                    let l = Link::printed(a, b);
                    match route_of[(l.a().index() & 63) * 64 + (l.b().index() & 63)] {
                        u8::MAX => m,
                        r => m | (1u64 << r),
                    }
                }),
            })
            .collect();
        let all_routes = if routes.len() >= 64 {
            u64::MAX
        } else {
            (1u64 << routes.len()) - 1
        };
        let ends_by_byte = byte_tables(routes.len(), |r| route_sites[r]);
        let routes_by_byte = byte_tables(site_routes.len(), |s| site_routes[s]);
        Board {
            ends_by_byte,
            routes_by_byte,
            side,
            sites,
            castle_site,
            islands,
            castle_ring,
            routes,
            route_sites,
            site_routes,
            route_of,
            islands_by_number,
            buildable: (1u64 << sites) - 1,
            all_routes,
            starts,
        }
    }

    /// The dense id of the route joining `link`'s sites, if there is one.
    #[inline]
    pub fn route(&self, link: Link) -> Option<u8> {
        let (a, b) = (link.a().index(), link.b().index());
        if a >= 64 || b >= 64 {
            return None;
        }
        match self.route_of[a * 64 + b] {
            u8::MAX => None,
            r => Some(r),
        }
    }

    /// The route with dense id `r` as a site pair.
    #[inline]
    pub fn link(&self, r: u8) -> Option<Link> {
        self.routes.get(r as usize).copied()
    }

    /// The land island with this id, if it exists on this side.
    #[inline]
    pub fn land(&self, island: Island) -> Option<&LandIsland> {
        self.islands.get(island.index())
    }

    /// Whether `site` is an ordinary site of this board.
    #[inline]
    pub fn is_buildable(&self, site: Site) -> bool {
        site.0 < self.sites
    }

    /// Bitset of the sites at either end of the routes in `ships`.
    #[inline]
    pub fn ends_of(&self, ships: u64) -> u64 {
        self.ends_by_byte
            .iter()
            .enumerate()
            .fold(0, |m, (k, t)| m | t[((ships >> (8 * k)) & 0xff) as usize])
    }

    /// Bitset of the routes touching any site in `sites`.
    #[inline]
    pub fn routes_at(&self, sites: u64) -> u64 {
        self.routes_by_byte
            .iter()
            .enumerate()
            .fold(0, |m, (k, t)| m | t[((sites >> (8 * k)) & 0xff) as usize])
    }
}

#[cfg(test)]
#[path = "board_tests.rs"]
mod tests;
