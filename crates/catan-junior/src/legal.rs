//! Enumeration of legal actions: the single source of truth, in a fixed order
//! (lairs by site, ships by route, Coco, ring trades, supply trades, offers, end
//! of turn). Mirrors `check` exactly; the conformance suite verifies both agree.

use crate::action::Action;
use crate::goods::{Good, LAIR_COST, SHIP_COST};
use crate::ids::{Island, Site};
use crate::rules::{build, klau, pro};
use crate::state::{Phase, State};
use engine::Seat;
use std::sync::OnceLock;

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

/// Every trade list, precomputed per pair of good masks, so that enumerating
/// trades is one slice copy: ring trades by (goods on the rings, goods in hand),
/// supply trades by (goods held twice, goods in the supply).
struct TradeTable {
    actions: Vec<Action>,
    ring: [(u16, u8); 1024],
    supply: [(u16, u8); 1024],
}

impl TradeTable {
    /// Appends the list `(start, len)`. Always copies a fixed block of 20
    /// actions (the table is padded) and then drops the surplus: a copy of
    /// constant size has no data-dependent branches.
    #[inline]
    fn append(&self, out: &mut Vec<Action>, (start, len): (u16, u8)) {
        let before = out.len();
        let block: Option<&[Action; 20]> = self
            .actions
            .get(start as usize..start as usize + 20)
            .and_then(|s| s.try_into().ok());
        if let Some(block) = block {
            out.extend_from_slice(block);
            out.truncate(before + len as usize);
        }
    }
}

fn trade_table() -> &'static TradeTable {
    static T: OnceLock<TradeTable> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = TradeTable {
            actions: Vec::new(),
            ring: [(0, 0); 1024],
            supply: [(0, 0); 1024],
        };
        for a in 0..32usize {
            for b in 0..32usize {
                let start = t.actions.len() as u16;
                // Ring: take a good on the rings (a), give a good held (b).
                for take in Good::ALL {
                    for give in Good::ALL {
                        if take != give && a & (1 << take.index()) != 0 && b & (1 << give.index()) != 0 {
                            t.actions.push(Action::TradeRing { take, give });
                        }
                    }
                }
                t.ring[a << 5 | b] = (start, (t.actions.len() as u16 - start) as u8);
                let start = t.actions.len() as u16;
                // Supply: give a good held twice (a), take a good in the supply (b).
                for give in Good::ALL {
                    for take in Good::ALL {
                        if take != give && a & (1 << give.index()) != 0 && b & (1 << take.index()) != 0 {
                            t.actions.push(Action::TradeSupply { give, take });
                        }
                    }
                }
                t.supply[a << 5 | b] = (start, (t.actions.len() as u16 - start) as u8);
            }
        }
        // Padding, so every list can be copied as a block of 20.
        t.actions.extend([Action::EndTurn; 20]);
        t
    })
}

/// Appends the legal builds (`free`: a Coco build card, no cost).
#[inline(always)]
fn push_builds(state: &State, p: usize, free: bool, out: &mut Vec<Action>) {
    let board = state.board();
    let hand = &state.hands[p & 3];
    if (free || hand.covers(&LAIR_COST)) && build::lairs_left(state, p) > 0 {
        let mut sites = board.ends_of(state.ships[p & 3]) & board.buildable & !state.occupied_sites();
        while sites != 0 {
            out.push(Action::BuildLair {
                site: Site(sites.trailing_zeros() as u8),
            });
            sites &= sites - 1;
        }
    }
    if (free || hand.covers(&SHIP_COST)) && build::ships_left(state, p) > 0 {
        let mut routes =
            board.routes_at(state.lairs[p & 3] & board.buildable) & board.all_routes & !state.occupied_routes();
        while routes != 0 {
            if let Some(route) = board.link(routes.trailing_zeros() as u8) {
                out.push(Action::BuildShip { route });
            }
            routes &= routes - 1;
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
            let table = trade_table();
            if !state.ring_traded {
                table.append(
                    out,
                    table.ring[(mask_of(&state.rings, 1) << 5 | mask_of(&hand, 1)) & 1023],
                );
            }
            table.append(
                out,
                table.supply[(mask_of(&hand, 2) << 5 | mask_of(&state.supply, 1)) & 1023],
            );
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
        Phase::OfferDraft { to, give, get } if p == state.captain as usize => {
            for side in [true, false] {
                for good in Good::ALL {
                    if pro::check_tile(state, to, (&give, &get), good, side).is_ok() {
                        out.push(if side {
                            Action::OfferGive { good }
                        } else {
                            Action::OfferGet { good }
                        });
                    }
                }
            }
            if pro::check_submit(&give, &get).is_ok() {
                out.push(Action::SubmitOffer);
            }
            out.push(Action::CancelOffer);
        }
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
    for to in 0..state.n() {
        let to = Seat(to as u8);
        if pro::check_open(state, p, to).is_ok() {
            out.push(Action::OpenOffer { to });
        }
    }
}
