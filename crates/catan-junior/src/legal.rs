//! Enumeration of legal actions: the single source of truth, in a fixed order
//! (lairs by site, ships by route, Coco, ring trades, supply trades, offers, end
//! of turn). Mirrors `check` exactly; the conformance suite verifies both agree.

use crate::action::Action;
use crate::goods::{Bundle, Good, LAIR_COST, SHIP_COST};
use crate::ids::{Island, Site};
use crate::rules::{build, klau, pro};
use crate::state::{Phase, State};
use engine::Seat;

/// Bitset of the goods of which `goods` holds at least `min` tiles.
#[inline]
fn mask_of(goods: &crate::goods::Goods, min: u8) -> usize {
    let g = &goods.0;
    ((g[0] >= min) as usize)
        | ((g[1] >= min) as usize) << 1
        | ((g[2] >= min) as usize) << 2
        | ((g[3] >= min) as usize) << 3
        | ((g[4] >= min) as usize) << 4
}

/// Every swap of two different goods, with the bit of each good, for the
/// branch-free enumeration of trades.
const PAIRS: [(Good, Good, usize, usize); 20] = {
    let mut out = [(Good::Wood, Good::Wood, 0, 0); 20];
    let mut k = 0;
    let mut a = 0;
    while a < 5 {
        let mut b = 0;
        while b < 5 {
            if a != b {
                out[k] = (Good::ALL[a], Good::ALL[b], 1 << a, 1 << b);
                k += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
};

/// Room for every non-offer action of one decision (lairs, ships, Coco, 20 ring
/// trades, 20 supply trades, end of turn) with margin.
const ROOM: usize = 128;

/// Writes the legal builds into `out[..]` (pre-sized) and returns how many.
#[inline]
fn push_builds_into(state: &State, p: usize, free: bool, out: &mut [Action]) -> usize {
    let board = state.board();
    let hand = &state.hands[p & 3];
    let mut n = 0;
    if build::lairs_left(state, p) > 0 && (free || hand.covers(&LAIR_COST)) {
        let mut sites = build::lair_sites(state, p);
        while sites != 0 && n < out.len() {
            out[n] = Action::BuildLair {
                site: Site(sites.trailing_zeros() as u8),
            };
            sites &= sites - 1;
            n += 1;
        }
    }
    if build::ships_left(state, p) > 0 && (free || hand.covers(&SHIP_COST)) {
        let mut routes = build::ship_routes(state, p);
        while routes != 0 && n < out.len() {
            if let Some(route) = board.link(routes.trailing_zeros() as u8) {
                out[n] = Action::BuildShip { route };
                n += 1;
            }
            routes &= routes - 1;
        }
    }
    n
}

/// Appends every legal action of `seat` to `out` (cleared first).
pub fn legal_actions(state: &State, seat: Seat, out: &mut Vec<Action>) {
    out.clear();
    let p = seat.index();
    match state.phase {
        Phase::Main if p == state.captain as usize => {
            // Branch-free writes into pre-sized room, then truncate: random
            // playouts spend most of their time here.
            out.resize(ROOM, Action::EndTurn);
            let mut n = push_builds_into(state, p, false, out);
            let hand = state.hands[p & 3];
            out[n] = Action::AskCoco;
            n += crate::rules::coco::check_ask(state, p).is_ok() as usize;
            let on_rings = if state.ring_traded { 0 } else { mask_of(&state.rings, 1) };
            let held = mask_of(&hand, 1);
            for &(take, give, t, g) in &PAIRS {
                out[n] = Action::TradeRing { take, give };
                n += ((on_rings & t != 0) & (held & g != 0)) as usize;
            }
            let twice = mask_of(&hand, 2);
            let in_supply = mask_of(&state.supply, 1);
            for &(give, take, g, t) in &PAIRS {
                out[n] = Action::TradeSupply { give, take };
                n += ((twice & g != 0) & (in_supply & t != 0)) as usize;
            }
            out.truncate(n);
            if state.pro {
                push_offers(state, p, out);
            }
            out.push(Action::EndTurn);
        }
        Phase::MoveKlau if p == state.captain as usize => {
            let mut m = klau::destinations(state);
            while m != 0 {
                let i = m.trailing_zeros() as u8;
                m &= m - 1;
                out.push(Action::MoveKlau { island: Island(i) });
            }
        }
        Phase::FreeBuild if p == state.captain as usize => {
            out.resize(ROOM, Action::EndTurn);
            let n = push_builds_into(state, p, true, out);
            out.truncate(n);
        }
        Phase::Offer { to, give, get } if to == seat => {
            if pro::check_accept(state, to, give, get).is_ok() {
                out.push(Action::Accept);
            }
            out.push(Action::Decline);
        }
        _ => {}
    }
}

fn push_offers(state: &State, p: usize, out: &mut Vec<Action>) {
    for to in 0..state.n() {
        if to == p {
            continue;
        }
        for give in Bundle::all().filter(|b| state.hands[p & 3].covers(&b.goods())) {
            for get in Bundle::all().filter(|b| state.hands[to].covers(&b.goods())) {
                if !give.goods().overlaps(&get.goods()) {
                    out.push(Action::Offer {
                        to: Seat(to as u8),
                        give,
                        get,
                    });
                }
            }
        }
    }
}
