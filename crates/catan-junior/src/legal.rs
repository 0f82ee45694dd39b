//! Enumeration of legal actions: the single source of truth, in a fixed order
//! (lairs by site, ships by route, Coco, ring trades, supply trades, offers, end
//! of turn). Mirrors `check` exactly; the conformance suite verifies both agree.

use crate::action::Action;
use crate::goods::{Good, LAIR_COST, SHIP_COST};
use crate::ids::{Island, Site};
use crate::rules::{build, klau, pro};
use crate::state::{Phase, State};
use engine::Seat;

#[inline]
fn push_builds(state: &State, p: usize, free: bool, out: &mut Vec<Action>) {
    let board = state.board();
    let hand = &state.hands[p & 3];
    if build::lairs_left(state, p) > 0 && (free || hand.covers(&LAIR_COST)) {
        let mut sites = build::lair_sites(state, p);
        while sites != 0 {
            let s = sites.trailing_zeros() as u8;
            sites &= sites - 1;
            out.push(Action::BuildLair { site: Site(s) });
        }
    }
    if build::ships_left(state, p) > 0 && (free || hand.covers(&SHIP_COST)) {
        let mut routes = build::ship_routes(state, p);
        while routes != 0 {
            let r = routes.trailing_zeros() as u8;
            routes &= routes - 1;
            if let Some(route) = board.link(r) {
                out.push(Action::BuildShip { route });
            }
        }
    }
}

/// Appends every legal action of `seat` to `out` (cleared first).
pub fn legal_actions(state: &State, seat: Seat, out: &mut Vec<Action>) {
    out.clear();
    let p = seat.index();
    match state.phase {
        Phase::Main if p == state.captain as usize => {
            push_builds(state, p, false, out);
            let hand = state.hands[p & 3];
            if crate::rules::coco::check_ask(state, p).is_ok() {
                out.push(Action::AskCoco);
            }
            if !state.ring_traded {
                for take in Good::ALL {
                    if state.rings.get(take) == 0 {
                        continue;
                    }
                    for give in Good::ALL {
                        if give != take && hand.get(give) > 0 {
                            out.push(Action::TradeRing { take, give });
                        }
                    }
                }
            }
            for give in Good::ALL {
                if hand.get(give) < 2 {
                    continue;
                }
                for take in Good::ALL {
                    if take != give && state.supply.get(take) > 0 {
                        out.push(Action::TradeSupply { give, take });
                    }
                }
            }
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
        Phase::FreeBuild if p == state.captain as usize => push_builds(state, p, true, out),
        Phase::Offer { to, give, get } if to == seat => {
            if pro::check_accept(state, to, &give, &get).is_ok() {
                out.push(Action::Accept);
            }
            out.push(Action::Decline);
        }
        _ => {}
    }
}

fn push_offers(state: &State, p: usize, out: &mut Vec<Action>) {
    let bundles = pro::bundles();
    for to in 0..state.n() {
        if to == p {
            continue;
        }
        for give in bundles.iter().filter(|b| state.hands[p & 3].covers(b)) {
            for get in bundles.iter().filter(|b| state.hands[to].covers(b)) {
                if !give.overlaps(get) {
                    out.push(Action::Offer {
                        to: Seat(to as u8),
                        give: *give,
                        get: *get,
                    });
                }
            }
        }
    }
}
