//! The invariants of a position: used when a JSON position is loaded and by the
//! conformance suite after every step. Lists everything inconsistent.

use crate::board::Side;
use crate::edition::CocoCard;
use crate::goods::Good;
use crate::json::bits;
use crate::rules::{build, castle};
use crate::state::{Phase, State};

/// Every inconsistency of `state`, or `Ok`.
pub fn validate(state: &State) -> Result<(), Vec<String>> {
    let mut e = Vec::new();
    let n = state.players as usize;
    if !(2..=4).contains(&n) {
        e.push(format!("{n} players: Catan Junior is played by 2 to 4"));
        return Err(e);
    }
    let data = state.data();
    let board = state.board();
    if state.captain as usize >= n {
        e.push(format!("captain {} is not at the table", state.captain));
    }
    if state.turn == 0 {
        e.push("turns are counted from 1".into());
    }
    goods(state, &mut e);
    pieces(state, &mut e);
    // Coco: open cards plus the deck make the edition's deck (a multiset).
    for card in CocoCard::ALL {
        let k = card.index();
        let open: u32 = (0..n).map(|p| state.cards[p][k] as u32).sum();
        if open + state.deck[k] as u32 != data.deck[k] as u32 {
            e.push(format!(
                "{card:?} cards: {open} open + {} in the deck, the edition has {}",
                state.deck[k], data.deck[k]
            ));
        }
    }
    for p in n..4 {
        if state.cards[p] != [0; 4] || state.hands[p].total() != 0 || state.lairs[p] != 0 || state.ships[p] != 0 {
            e.push(format!("seat {p} is not at the table but holds something"));
        }
    }
    // The castle site: exactly the player who alone has the most open cards.
    let holder = state.castle_holder();
    let want = castle::majority(state);
    if holder != want {
        e.push(format!(
            "the castle site is held by {holder:?} but the Coco majority says {want:?} (junior.coco.castle)"
        ));
    }
    if !state.klau.is_castle() && board.land(state.klau).is_none() {
        e.push(format!(
            "Käpt'n Klau stands on island {}, which does not exist",
            String::from(state.klau)
        ));
    }
    if state.roll > 6 {
        e.push(format!("a roll of {} on a six-sided die", state.roll));
    }
    phase(state, &mut e);
    if e.is_empty() {
        Ok(())
    } else {
        Err(e)
    }
}

fn goods(state: &State, e: &mut Vec<String>) {
    let data = state.data();
    let t = state.tiles_in_play();
    for good in Good::ALL {
        if t[good.index()] != data.tiles_per_good as u32 {
            e.push(format!(
                "{}: {} tiles in supply, hands and rings, the game has {}",
                good.en(),
                t[good.index()],
                data.tiles_per_good
            ));
        }
    }
    if state.rings.total() != 5 {
        e.push(format!("the five Rettungsringe hold {} tiles", state.rings.total()));
    }
    if state.rings.0.contains(&5) {
        e.push("all five Rettungsringe hold the same good: they should have been refreshed".into());
    }
}

fn pieces(state: &State, e: &mut Vec<String>) {
    let data = state.data();
    let board = state.board();
    let n = state.n();
    let castle_bit = 1u64 << board.castle_site.0;
    let mut sites = 0u64;
    let mut routes = 0u64;
    for p in 0..n {
        let lairs = state.lairs[p];
        let ships = state.ships[p];
        if lairs & !(board.buildable | castle_bit) != 0 {
            e.push(format!("seat {p} has a lair on a site that does not exist"));
        }
        if ships & !board.all_routes != 0 {
            e.push(format!("seat {p} has a ship on a route that does not exist"));
        }
        if lairs.count_ones() > data.lairs_per_colour as u32 {
            e.push(format!(
                "seat {p} has {} lairs, a colour has {}",
                lairs.count_ones(),
                data.lairs_per_colour
            ));
        }
        if ships.count_ones() > data.ships_per_colour as u32 {
            e.push(format!(
                "seat {p} has {} ships, a colour has {}",
                ships.count_ones(),
                data.ships_per_colour
            ));
        }
        if sites & lairs != 0 {
            e.push(format!("seat {p} shares a site with another lair"));
        }
        if routes & ships != 0 {
            e.push(format!("seat {p} shares a route with another ship"));
        }
        sites |= lairs;
        routes |= ships;
        // Pieces are only ever placed next to own pieces and never removed
        // (the castle lair touches no route).
        let ends = board.ends_of(ships);
        for s in bits(lairs & board.buildable) {
            if ends & (1u64 << s) == 0 {
                e.push(format!(
                    "seat {p}: the lair on site {} touches none of its ships",
                    s + 1
                ));
            }
        }
        for r in bits(ships & board.all_routes) {
            if board.route_sites[r as usize] & lairs == 0 {
                if let Some(l) = board.link(r) {
                    let [a, b]: [u8; 2] = l.into();
                    e.push(format!("seat {p}: the ship on {a}-{b} touches none of its lairs"));
                }
            }
        }
    }
}

fn phase(state: &State, e: &mut Vec<String>) {
    let data = state.data();
    let n = state.n();
    let winners: Vec<usize> = (0..n)
        .filter(|&p| state.lairs_on_board(p) >= data.lairs_per_colour as u32)
        .collect();
    match state.phase {
        Phase::Over { winner } => {
            if !winners.contains(&winner.index()) {
                e.push(format!("seat {} won without all its lairs on the board", winner.0));
            }
        }
        _ if !winners.is_empty() => e.push(format!(
            "seat {} has all lairs on the board: the game is over",
            winners[0]
        )),
        Phase::Roll => {
            if state.roll != 0 || state.ring_traded || state.short != 0 {
                e.push("before the roll no roll, ring trade or shortage can have happened this turn".into());
            }
        }
        Phase::DrawCoco => {
            if state.deck_size() == 0 {
                e.push("a Coco card is due but the deck is empty".into());
            }
        }
        Phase::FreeBuild => {
            if !build::can_place_any(state, state.cap()) {
                e.push("a free build is due but nothing can be placed".into());
            }
        }
        Phase::Offer { to, give, get } | Phase::OfferDraft { to, give, get } => {
            if !state.pro {
                e.push("an offer is pending but the pro variant is off".into());
            }
            if to.index() >= n || to.0 == state.captain {
                e.push(format!("an offer to seat {}, who is no partner", to.0));
            }
            if give.overlaps(&get) {
                e.push("an offer names a good on both sides".into());
            }
            if !state.hands[state.cap()].covers(&give) {
                e.push("the captain offers tiles he does not hold".into());
            }
            if to.index() < n && !state.hands[to.index()].covers(&get) {
                e.push(format!("the offer asks seat {} for tiles it does not hold", to.0));
            }
            if matches!(state.phase, Phase::Offer { .. }) && (give.total() == 0 || get.total() == 0) {
                e.push("an offer with an empty side is pending".into());
            }
        }
        Phase::Main | Phase::MoveKlau => {
            if state.roll == 0 {
                e.push("the captain acts before the roll".into());
            }
        }
    }
    if state.side() == Side::TwoPlayer && n != 2 {
        e.push("the 2-player side needs 2 players".into());
    }
}
