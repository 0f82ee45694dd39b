//! The turn: roll first (`catan.turn.roll_first`), production with the robber
//! (`catan.production.robber_blocks`) and the finite bank
//! (`catan.production.bank_shortage`), the end of a turn, and victory in the
//! player's own turn (`catan.win.own_turn`).

use crate::action::{Dice, Event};
use crate::bits::node_count;
use crate::resource::{Resource, Resources, RESOURCE_COUNT};
use crate::state::{Phase, Resume, State, MAX_PLAYERS};

use engine::{EventSink, Seat};

/// Applies a roll of the dice.
pub fn apply_dice<S: EventSink<Event>>(state: &mut State, dice: Dice, events: &mut S) {
    state.last_roll = Some(dice);
    events.push(Event::Rolled {
        seat: state.current,
        dice,
    });
    let sum = dice.sum();
    if sum == 7 {
        let mut owed = [0u8; MAX_PLAYERS];
        let mut any = false;
        for (i, p) in state.players.iter().enumerate() {
            let total = p.hand.total();
            if total > 7 {
                owed[i] = (total / 2) as u8;
                any = true;
            }
        }
        state.phase = if any {
            Phase::Discard { owed }
        } else {
            Phase::MoveRobber { resume: Resume::Main }
        };
    } else {
        produce(state, sum, events);
        state.phase = Phase::Main;
    }
}

/// Pays out the production of `number`.
pub fn produce<S: EventSink<Event>>(state: &mut State, number: u8, events: &mut S) {
    let t = state.topology();
    let n = state.n();
    let mut claims = [[0u8; RESOURCE_COUNT]; MAX_PLAYERS];
    let mut any = false;
    // The board's tiles are its hexes (as many as its shape has).
    for (h, tile) in state.board.tiles.iter().enumerate() {
        if tile.number != Some(number) || h == state.robber.index() {
            continue;
        }
        let Some(r) = tile.terrain.resource() else {
            continue;
        };
        let corners = t.hex_node_set[h].0;
        for (i, p) in state.players.iter().enumerate() {
            let (s, c) = (p.settlements.0 & corners, p.cities.0 & corners);
            // Most players have nothing on a hex: count only when they do.
            if (s | c).any() {
                claims[i][r.index()] += (node_count(s) + 2 * node_count(c)) as u8;
                any = true;
            }
        }
    }
    if !any {
        return;
    }
    for r in Resource::ALL {
        let ri = r.index();
        let total: u32 = (0..n).map(|i| claims[i][ri] as u32).sum();
        if total == 0 || total <= state.bank.0[ri] as u32 {
            continue;
        }
        let claimants = (0..n).filter(|&i| claims[i][ri] > 0).count();
        if claimants == 1 {
            for c in claims.iter_mut().take(n) {
                c[ri] = c[ri].min(state.bank.0[ri]);
            }
        } else {
            for c in claims.iter_mut().take(n) {
                c[ri] = 0;
            }
        }
        events.push(Event::BankShortage { resource: r });
    }
    for (i, claim) in claims.iter().enumerate().take(n) {
        let gain = Resources::new(*claim);
        if gain.is_empty() {
            continue;
        }
        state.bank.sub(&gain);
        state.players[i].hand.add(&gain);
        events.push(Event::Produced {
            seat: Seat(i as u8),
            resources: gain,
        });
    }
}

/// Ends the turn: cards bought become playable, the next seat rolls.
/// In a 5–6 player game other players act first (`crate::five_six`).
pub fn end_turn<S: EventSink<Event>>(state: &mut State, events: &mut S) {
    let seat = state.current;
    if state.turn_rule.is_some() {
        if crate::five_six::end_part(state, events) {
            return;
        }
    } else {
        let p = &mut state.players[seat.index()];
        for k in 0..p.dev_cards.0.len() {
            p.dev_cards.0[k] = p.dev_cards.0[k].saturating_add(p.new_dev_cards.0[k]);
        }
        p.new_dev_cards = crate::dev::DevCards::ZERO;
        state.dev_played = false;
        state.trade_offers = 0;
        state.free_squire_steps = 0;
        events.push(Event::TurnEnded { seat });
    }
    state.current = state.next_seat(state.current);
    state.turn += 1;
    state.phase = Phase::Roll;
    events.push(Event::TurnStarted {
        seat: state.current,
        turn: state.turn,
    });
}

/// Ends the game if the active player has reached the goal: points only count
/// in the player's own turn, so only the active player is ever checked (in a
/// 5–6 player game [`crate::five_six::winner`] decides).
#[inline(always)]
pub fn check_victory<S: EventSink<Event>>(state: &mut State, events: &mut S) {
    if matches!(state.phase, Phase::Setup { .. } | Phase::Over { .. }) {
        return;
    }
    let seat = if state.turn_rule.is_none() {
        state.current
    } else {
        match crate::five_six::winner(state) {
            Some(Some(seat)) => seat,
            Some(None) => return,
            None => state.current,
        }
    };
    let points = state.points(seat);
    if points >= state.victory_points {
        state.phase = Phase::Over { winner: seat };
        events.push(Event::Won {
            seat,
            points,
            victory_point_cards: state.players.iter().map(|p| p.victory_point_cards()).collect(),
        });
    }
}
