//! The hand-writable JSON form of a state: sites by printed number, ships by
//! their two sites, islands by letter, goods by name, one entry per seat.
//!
//! Reading refuses only what cannot be represented at all (wrong number of
//! seats, a route that does not exist on the side in play, a seat out of range);
//! everything else is left to `validate`, which lists what is inconsistent.

use crate::board::{Board, Side};
use crate::edition::Edition;
use crate::goods::{Good, Goods};
use crate::ids::{Island, Link, Site};
use crate::state::{Phase, State};
use engine::Seat;
use serde::{Deserialize, Serialize};

/// Coco cards per kind, by name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Cards {
    /// "Move Käpt'n Klau" cards.
    #[serde(skip_serializing_if = "is_zero")]
    pub move_klau: u8,
    /// "Build 1 lair or 1 ship free" cards.
    #[serde(skip_serializing_if = "is_zero")]
    pub free_build: u8,
    /// "Take 2 wood + 2 pineapple" cards.
    #[serde(skip_serializing_if = "is_zero")]
    pub wood_pineapple: u8,
    /// "Take 2 wool + 2 sabre" cards.
    #[serde(skip_serializing_if = "is_zero")]
    pub wool_sabre: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl From<[u8; 4]> for Cards {
    fn from(c: [u8; 4]) -> Cards {
        Cards {
            move_klau: c[0],
            free_build: c[1],
            wood_pineapple: c[2],
            wool_sabre: c[3],
        }
    }
}

impl From<Cards> for [u8; 4] {
    fn from(c: Cards) -> [u8; 4] {
        [c.move_klau, c.free_build, c.wood_pineapple, c.wool_sabre]
    }
}

/// One seat in the JSON form of a state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatJson {
    /// Tiles held.
    #[serde(default)]
    pub hand: Goods,
    /// Sites with this seat's lairs (printed numbers; the castle site included).
    #[serde(default)]
    pub lairs: Vec<Site>,
    /// Routes with this seat's ships.
    #[serde(default)]
    pub ships: Vec<Link>,
    /// Open Coco cards.
    #[serde(default)]
    pub cards: Cards,
}

/// The JSON form of a state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateJson {
    /// Edition.
    #[serde(default)]
    pub edition: Edition,
    /// Pro variant.
    #[serde(default)]
    pub pro: bool,
    /// Where the turn stands.
    pub phase: Phase,
    /// The captain.
    pub captain: Seat,
    /// Turns begun.
    pub turn: u32,
    /// Last roll this turn (0 before the roll).
    #[serde(default)]
    pub roll: u8,
    /// Käpt'n Klau's island.
    pub klau: Island,
    /// Rettungsring trade used this turn.
    #[serde(default)]
    pub ring_traded: bool,
    /// Goods that ran short this turn (`junior.production.supply_short`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub short: Vec<Good>,
    /// The supply.
    pub supply: Goods,
    /// The Rettungsringe (count per good).
    pub rings: Goods,
    /// The Coco deck (secret in views: only its size is shown).
    pub deck: Cards,
    /// One entry per seat, in seat order; their number is the number of players.
    pub seats: Vec<SeatJson>,
    /// House rule `junior.house.offers_per_turn` (absent: no limit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offers_per_turn: Option<u8>,
    /// Offers opened this turn under the house rule.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub offers: u8,
}

impl From<State> for StateJson {
    fn from(s: State) -> StateJson {
        let board = s.board();
        let seats = (0..s.n())
            .map(|p| SeatJson {
                hand: s.hands[p],
                lairs: bits(s.lairs[p]).map(Site).collect(),
                ships: bits(s.ships[p]).filter_map(|r| board.link(r)).collect(),
                cards: s.cards[p].into(),
            })
            .collect();
        StateJson {
            edition: s.edition,
            pro: s.pro,
            phase: s.phase,
            captain: Seat(s.captain),
            turn: s.turn,
            roll: s.roll,
            klau: s.klau,
            ring_traded: s.ring_traded,
            short: s.short_goods(),
            supply: s.supply,
            rings: s.rings,
            deck: s.deck.into(),
            seats,
            offers_per_turn: s.offers_per_turn,
            offers: s.offers,
        }
    }
}

/// The set bits of a bitset, ascending.
pub fn bits(mut m: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let b = m.trailing_zeros() as u8;
            m &= m - 1;
            Some(b)
        }
    })
}

impl TryFrom<StateJson> for State {
    type Error = String;
    fn try_from(j: StateJson) -> Result<State, String> {
        let players = j.seats.len();
        if !(2..=4).contains(&players) {
            return Err(format!("Catan Junior has 2 to 4 seats, the state lists {players}"));
        }
        let seat_ok = |s: Seat| s.index() < players;
        if !seat_ok(j.captain) {
            return Err(format!("captain {} is not at the table", j.captain.0));
        }
        match j.phase {
            Phase::Offer { to, .. } | Phase::OfferDraft { to, .. } if !seat_ok(to) => {
                return Err(format!("offer to seat {} not at the table", to.0))
            }
            Phase::Over { winner } if !seat_ok(winner) => {
                return Err(format!("winner seat {} not at the table", winner.0))
            }
            _ => {}
        }
        let board = Board::get(j.edition, Side::for_players(players));
        if !j.klau.is_castle() && board.land(j.klau).is_none() {
            return Err(format!("island {} does not exist on this side", String::from(j.klau)));
        }
        let mut state = State {
            edition: j.edition,
            pro: j.pro,
            players: players as u8,
            phase: j.phase,
            captain: j.captain.0,
            turn: j.turn,
            roll: j.roll,
            klau: j.klau,
            ring_traded: j.ring_traded,
            short: j.short.iter().fold(0, |m, g| m | 1 << g.index()),
            supply: j.supply,
            rings: j.rings,
            hands: [Goods::ZERO; 4],
            lairs: [0; 4],
            ships: [0; 4],
            cards: [[0; 4]; 4],
            deck: j.deck.into(),
            offers_per_turn: j.offers_per_turn,
            offers: j.offers,
        };
        for (p, seat) in j.seats.iter().enumerate() {
            state.hands[p] = seat.hand;
            state.cards[p] = seat.cards.into();
            for site in &seat.lairs {
                state.lairs[p] |= 1u64 << (site.0 & 63);
            }
            for &link in &seat.ships {
                let Some(r) = board.route(link) else {
                    let [a, b]: [u8; 2] = link.into();
                    return Err(format!("there is no route {a}-{b} on the {:?} side", board.side));
                };
                state.ships[p] |= 1u64 << r;
            }
        }
        Ok(state)
    }
}
