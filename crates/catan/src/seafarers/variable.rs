//! The variable set-up of the printed scenarios (`sea.board.variable`) and
//! the token dealing it shares with New World's generator.
//!
//! A board is shuffled in groups of hex sites: within a group the terrain
//! (sea included, where the scenario shuffles sea) is shuffled over the
//! group's sites, then the group's tokens over its land hexes that take one.
//! Red tokens (6, 8) are then pulled apart by swaps within their group
//! (`catan.board.red_numbers_apart`), so every group keeps its own tokens.

use super::map::{is_red, Hex, HexPos, SeaMap, SeaTerrain};
use super::scenarios::{Players, Scenario};
use crate::board::Harbor;
use rand::seq::SliceRandom;
use rand::Rng;

/// Token deals tried before giving up on a terrain layout. A deal with its
/// swaps fails only when a red token has no free spot in its group, which
/// these boards make very rare; the bound keeps every loop finite.
pub(crate) const DEALS: usize = 64;

/// One shuffled group: its sites and the tokens dealt over them.
#[derive(Clone, Debug)]
pub(crate) struct Group {
    /// The hex sites, in reading order.
    pub sites: Vec<HexPos>,
    /// The tokens of the group's land hexes.
    pub tokens: Vec<u8>,
}

/// Shuffles the hexes (terrain or sea, tokens left off) over the sites.
pub(crate) fn shuffle_terrain<R: Rng + ?Sized>(map: &mut SeaMap, sites: &[HexPos], rng: &mut R) {
    let mut pieces: Vec<Hex> = sites
        .iter()
        .filter_map(|&p| map.hex(p))
        .map(|h| match h {
            Hex::Land { terrain, .. } => Hex::Land { terrain, number: None },
            other => other,
        })
        .collect();
    pieces.shuffle(rng);
    for (&p, piece) in sites.iter().zip(pieces) {
        if let Some(h) = map.hex_mut(p) {
            *h = piece;
        }
    }
}

/// The land hexes of a group that take a token, in reading order.
fn token_sites(map: &SeaMap, sites: &[HexPos]) -> Vec<HexPos> {
    sites
        .iter()
        .copied()
        .filter(|&p| map.hex(p).and_then(Hex::terrain).is_some_and(SeaTerrain::has_token))
        .collect()
}

/// Deals each group's tokens over its land hexes and pulls red tokens
/// apart; up to [`DEALS`] deals. `false` if none succeeded (the map then
/// holds the last deal).
pub(crate) fn deal<R: Rng + ?Sized>(map: &mut SeaMap, groups: &[Group], rng: &mut R) -> bool {
    let sites: Vec<Vec<HexPos>> = groups.iter().map(|g| token_sites(map, &g.sites)).collect();
    for _ in 0..DEALS {
        for (g, at) in groups.iter().zip(&sites) {
            let mut tokens = g.tokens.clone();
            tokens.shuffle(rng);
            for (&p, n) in at.iter().zip(tokens) {
                if let Some(Hex::Land { number, .. }) = map.hex_mut(p) {
                    *number = Some(n);
                }
            }
        }
        if separate_reds(map, &sites, rng) {
            return true;
        }
    }
    false
}

/// Swaps a red token that touches another red with a non-red token of its
/// group on a hex touching no red, until no reds touch. Each swap leaves
/// the moved token alone and takes it from the reds that touched, so at
/// most one swap per red is needed; `false` when a red has no free spot.
pub(crate) fn separate_reds<R: Rng + ?Sized>(map: &mut SeaMap, groups: &[Vec<HexPos>], rng: &mut R) -> bool {
    let reds = map.land().filter(|&p| is_red(map.hex(p))).count();
    for _ in 0..=reds {
        let touching = map
            .land()
            .find(|&p| is_red(map.hex(p)) && map.neighbors(p).any(|(_, n)| is_red(map.hex(n))));
        let Some(bad) = touching else {
            return true;
        };
        let Some(group) = groups.iter().find(|g| g.contains(&bad)) else {
            return false;
        };
        let free: Vec<HexPos> = group
            .iter()
            .copied()
            .filter(|&q| {
                q != bad
                    && map.hex(q).and_then(Hex::number).is_some()
                    && !is_red(map.hex(q))
                    && map.neighbors(q).all(|(_, n)| n == bad || !is_red(map.hex(n)))
            })
            .collect();
        if free.is_empty() {
            return false;
        }
        let q = free[rng.random_range(0..free.len())];
        let (a, b) = (map.hex(bad).and_then(Hex::number), map.hex(q).and_then(Hex::number));
        if let Some(Hex::Land { number, .. }) = map.hex_mut(bad) {
            *number = b;
        }
        if let Some(Hex::Land { number, .. }) = map.hex_mut(q) {
            *number = a;
        }
    }
    false
}

/// The groups of a printed scenario's variable set-up: New Shores shuffles
/// the main island among itself and the small islands with the listed sea
/// hexes; the Four Islands shuffle all land hexes together.
fn groups(scenario: Scenario, players: Players, printed: &SeaMap) -> Vec<Group> {
    let sites: Vec<Vec<HexPos>> = match scenario {
        Scenario::NewShores => {
            let main = printed.main_island().unwrap_or_default();
            let mut rest: Vec<HexPos> = printed
                .land()
                .filter(|p| !main.contains(p))
                .chain(scenario.shuffled_sea(players).iter().copied())
                .collect();
            rest.sort_unstable();
            vec![main, rest]
        }
        Scenario::FourIslands | Scenario::NewWorld => vec![printed.land().collect()],
    };
    sites
        .into_iter()
        .map(|sites| Group {
            tokens: sites.iter().filter_map(|&p| printed.hex(p)?.number()).collect(),
            sites,
        })
        .collect()
}

/// The variable set-up of a printed scenario (`sea.board.variable`).
///
/// Harbor sites stay where printed (New Shores' lie on the main island's
/// coast, which keeps its shape; New Shores for 4 shuffles their kinds).
/// The robber starts on the desert if it was printed on one (New Shores for
/// 4), else on its printed hex if that is still land; the pirate on its
/// printed hex if that is still sea. A piece whose hex changed kind starts
/// off the board (the rule for scenarios without a start). Should no deal
/// keep the reds apart, the printed board is returned.
pub(crate) fn shuffle_printed<R: Rng + ?Sized>(scenario: Scenario, players: Players, rng: &mut R) -> SeaMap {
    let Some(printed) = scenario.printed(players) else {
        return SeaMap {
            rows: Vec::new(),
            harbors: Vec::new(),
            robber: None,
            pirate: None,
        };
    };
    let groups = groups(scenario, players, &printed);
    let mut map = printed.clone();
    for g in &groups {
        shuffle_terrain(&mut map, &g.sites, rng);
    }
    if scenario.shuffles_harbor_kinds(players) {
        let mut kinds: Vec<Harbor> = map.harbors.iter().map(|h| h.kind).collect();
        kinds.shuffle(rng);
        for (h, k) in map.harbors.iter_mut().zip(kinds) {
            h.kind = k;
        }
    }
    if !deal(&mut map, &groups, rng) {
        return printed;
    }
    let desert = |m: &SeaMap, p: HexPos| m.hex(p).and_then(Hex::terrain) == Some(SeaTerrain::Desert);
    map.robber = match printed.robber {
        Some(p) if desert(&printed, p) => map.land().find(|&q| desert(&map, q)),
        Some(p) if map.hex(p).is_some_and(Hex::is_land) => Some(p),
        _ => None,
    };
    map.pirate = printed.pirate.filter(|&p| map.hex(p).is_some_and(Hex::is_water));
    map
}
