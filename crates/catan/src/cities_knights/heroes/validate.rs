//! Consistency of the heroes part of a loaded position: squires on land hexes
//! other than the desert, one per hex, at most two per player; the hero flag
//! on one own knight at most; nothing of it in games without heroes.

use super::SQUIRES_PER_PLAYER;
use crate::cities_knights::CkState;
use crate::state::BaseState;
use crate::state::Phase;
use crate::CkPhase;
use engine::{problem, Problem};

/// Appends every inconsistency of the heroes part to `out`.
pub fn validate(state: &BaseState, ck: &CkState, out: &mut Vec<Problem>) {
    let on = state.rules.has_heroes();
    let mut squires = 0u32;
    for (i, c) in ck.players.iter().enumerate() {
        let h = c.hero_view();
        if !on && !h.is_empty() {
            out.push(problem!(
                "snh.state.rules",
                "Platz {i}: Helden oder Knappen in einer Partie ohne sie.",
                "seat {i}: heroes or squires in a game without them"
            ));
            continue;
        }
        if i >= state.n() {
            continue;
        }
        if h.hero.len() > 1 {
            out.push(problem!(
                "snh.hero.one_per_player",
                "Platz {i}: {} Helden, ein Spieler hat höchstens einen.",
                "seat {i}: {} heroes, a player has one at most",
                h.hero.len()
            ));
        }
        if (h.hero.0 & !c.knights().0).any() {
            out.push(problem!(
                "snh.hero.one_per_player",
                "Platz {i}: Die Heldenmarke liegt auf keinem seiner Ritter.",
                "seat {i}: the hero flag is not on one of the seat's knights"
            ));
        }
        if h.relocating {
            let relocating = matches!(state.phase, Phase::Ck(CkPhase::Relocate { seat, .. }) if seat.index() == i);
            if !relocating || !h.hero.is_empty() {
                out.push(problem!(
                    "snh.state.hero",
                    "Platz {i}: Ein Held gilt als versetzt, obwohl keine Versetzung läuft.",
                    "seat {i}: a hero being relocated outside its relocation"
                ));
            }
        }
        if h.squires.len() > SQUIRES_PER_PLAYER as usize {
            out.push(problem!(
                "snh.squire.none_left",
                "Platz {i}: {} Knappen, ein Spieler hat {SQUIRES_PER_PLAYER}.",
                "seat {i}: {} squires, a player has {SQUIRES_PER_PLAYER}",
                h.squires.len()
            ));
        }
        for hex in h.squires.iter() {
            if hex.index() >= state.topology().hex_count() {
                out.push(problem!(
                    "snh.squire.recruit_hex",
                    "Platz {i}: Ein Knappe auf Feld {}, das es nicht gibt.",
                    "seat {i}: a squire on hex {}, which does not exist",
                    hex.0
                ));
            } else if state.board.tiles[hex.index()].terrain.resource().is_none() {
                out.push(problem!(
                    "snh.squire.move.no_desert",
                    "Platz {i}: Ein Knappe in der Wüste.",
                    "seat {i}: a squire on the desert"
                ));
            }
        }
        if h.squires.0 & squires != 0 {
            out.push(problem!(
                "snh.squire.one_per_hex",
                "Platz {i}: Ein Knappe teilt sich ein Feld mit einem anderen Knappen.",
                "seat {i}: a squire shares a hex with another squire"
            ));
        }
        squires |= h.squires.0;
    }
}
